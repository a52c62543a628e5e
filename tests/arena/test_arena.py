#!/usr/bin/env python3
"""test_arena.py -- arena.py against a fake referee.

The fake referee (a Python script written into a temporary tree) decides
each game from the seat commands, so the tests know the true outcome: seat
rotation, win/draw/loss counting, the Wilson interval and Elo figures, the
problem report with its replay command, and exit statuses.
The last line printed is "N passed, N failed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, REPO)
import arena  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

# Bot "strong" beats "weak"; "tie" draws with everyone; "crasher" crashes
# when it sits in seat 1; seeds are echoed back so rotation can be checked.
FAKE_REFEREE = r'''#!/usr/bin/env python3
import json, sys
args = sys.argv[1:]
if not args or args[0] != "match":
    print("usage: fake-referee match [--seed S] [--trace FILE] -- CMD0 CMD1")
    print("BOT: tie crasher | sleeper broken | a command")
    sys.exit(2)
seed = int(args[args.index("--seed") + 1])
cmds = args[args.index("--") + 1:]
power = {"strong": 2, "weak": 1, "tie": 1, "crasher": 0}
names = [c.split("/")[-1].replace("fake-", "") for c in cmds]
with open("calls.log", "a") as f:
    f.write(json.dumps([seed] + names) + "\n")
if "broken" in names:
    sys.exit(3)
errors = ["crash" if n == "crasher" and i == 1 else "timeout" if n == "sleeper" else ""
          for i, n in enumerate(names)]
detail = ["answer 7: no line after 130.0 ms" if n == "sleeper" else "" for n in names]
score = [power.get(n, 1) if not errors[i] else -1 for i, n in enumerate(names)]
best = sorted(set(score), reverse=True)
ranks = [best.index(s) for s in score]
print(json.dumps({"game": "fake", "seed": seed, "ranks": ranks, "scores": score, "errors": errors,
                  "turns": 3, "think_mean_ms": [1.5] * len(cmds), "think_max_ms": [2.0 + i for i in range(len(cmds))],
                  "detail": detail}))
'''


class ArenaTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="arenatest")
        shutil.copy(os.path.join(REPO, "arena.py"), self.root)
        os.makedirs(os.path.join(self.root, "build"))
        ref = os.path.join(self.root, "build", "fake-referee")
        with open(ref, "w") as f:
            f.write(FAKE_REFEREE)
        os.chmod(ref, 0o755)
        for b in ("strong", "weak"):
            p = os.path.join(self.root, "build", "fake-" + b)
            with open(p, "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(p, 0o755)

    def tearDown(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def arena(self, *args):
        return subprocess.run([sys.executable, "arena.py", "fake", "--quiet"] + list(args),
                              cwd=self.root, capture_output=True, text=True, timeout=120)

    def calls(self):
        with open(os.path.join(self.root, "calls.log")) as f:
            return [json.loads(l) for l in f]

    def test_rotation_and_counts(self):
        r = self.arena("--games", "6", "--seed", "10", "--json", "--jobs", "2", "strong", "weak")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        calls = sorted(self.calls())
        # seeds 10,11,12 each played from both seats
        self.assertEqual(calls, sorted([[10, "strong", "weak"], [10, "weak", "strong"],
                                        [11, "strong", "weak"], [11, "weak", "strong"],
                                        [12, "strong", "weak"], [12, "weak", "strong"]]))
        summary = json.loads(r.stdout.strip().split("\n")[-1])
        strong, weak = summary["bots"]
        self.assertEqual((strong["wins"], strong["draws"], strong["losses"]), (6, 0, 0))
        self.assertEqual((weak["wins"], weak["losses"]), (0, 6))
        self.assertEqual(strong["think_max_ms"], 3.0)  # seat 1 reports 3.0
        self.assertIsNone(summary["elo"][0])  # 100%: infinite Elo
        self.assertIn("Elo strong - weak: +inf", r.stdout)

    def test_draws_count_half(self):
        r = self.arena("--games", "4", "--json", "tie", "weak")
        summary = json.loads(r.stdout.strip().split("\n")[-1])
        self.assertEqual(summary["bots"][0]["draws"], 4)
        self.assertEqual(summary["bots"][0]["score_rate"], 0.5)
        self.assertEqual(summary["elo"][0], 0.0)

    def test_crash_reported_with_replay_and_exit_1(self):
        r = self.arena("--games", "2", "crasher", "weak")
        self.assertEqual(r.returncode, 1)
        self.assertIn("crasher: crash in game", r.stdout)
        self.assertIn("replay: ./build/fake-referee match --seed 1 -- ./build/fake-weak crasher", r.stdout)

    def test_timeout_reported_with_detail_and_exit_1(self):
        r = self.arena("--games", "2", "sleeper", "weak")
        self.assertEqual(r.returncode, 1)
        self.assertIn("sleeper: timeout (answer 7: no line after 130.0 ms) in game 0", r.stdout)
        self.assertEqual(r.stdout.count("sleeper: timeout"), 2)

    def test_referee_failure_is_reported(self):
        r = self.arena("--games", "2", "broken", "weak")
        self.assertEqual(r.returncode, 1)
        self.assertIn("referee failure", r.stdout)

    def test_four_players_and_duplicates(self):
        r = self.arena("--games", "8", "--json", "strong", "weak", "weak", "weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        summary = json.loads(r.stdout.strip().split("\n")[-1])
        self.assertEqual([b["bot"] for b in summary["bots"]], ["strong", "weak#1", "weak#2", "weak#3"])
        self.assertEqual(summary["bots"][0]["wins"], 8)
        self.assertEqual(summary["bots"][1]["draws"], 0)
        self.assertEqual(len(self.calls()), 8)

    def test_usage_errors(self):
        self.assertEqual(self.arena("strong").returncode, 2)
        r = subprocess.run([sys.executable, "arena.py", "nogame", "a", "b"], cwd=self.root,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("not found", r.stderr)


class StatsTest(unittest.TestCase):
    def test_wilson_known_values(self):
        p, lo, hi = arena.wilson(50, 100)
        self.assertAlmostEqual(p, 0.5)
        self.assertAlmostEqual(lo, 0.4038, places=3)
        self.assertAlmostEqual(hi, 0.5962, places=3)
        p, lo, hi = arena.wilson(100, 100)
        self.assertEqual(hi, 1.0)
        self.assertAlmostEqual(lo, 0.963, places=3)

    def test_elo(self):
        self.assertAlmostEqual(arena.elo(0.5), 0.0)
        self.assertAlmostEqual(arena.elo(0.75), 190.85, places=1)
        self.assertAlmostEqual(arena.elo(0.25), -190.85, places=1)


if __name__ == "__main__":
    sys.exit(pyunit.main(sys.modules[__name__]))
