#!/usr/bin/env python3
"""test_arena.py -- arena.py against a fake referee, and its statistics.

The fake referee (a Python script written into a temporary tree) decides
each game from the seat commands, so the tests know the true outcome: seat
rotation, win/draw/loss counting, the Wilson interval and Elo figures, the
problem report with its replay command, exit statuses, the results file
(resumed runs play only the missing games; `collect` gives the same
summary), unknown bot and game names, --cpu-clock's shim and referee
environment, --html with and without view.py, the GNU parallel executor,
and an SPRT run that stops by itself. The SPRT log-likelihood ratios are
checked against figures computed independently with fishtest's own
formulas (server/fishtest/stats/LLRcalc.py: LLR_logistic and LLR_alt2).
The last line printed is "N passed, N failed".
"""
import json
import math
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
import json, os, sys
args = sys.argv[1:]
if not args or args[0] != "match":
    print("usage: fake-referee match [--seed S] [--trace FILE] -- CMD0 CMD1")
    print("BOT: tie crasher | sleeper broken coin | a command")
    sys.exit(2)
seed = int(args[args.index("--seed") + 1])
cmds = args[args.index("--") + 1:]
power = {"strong": 2, "weak": 1, "tie": 1, "crasher": 0}
names = [c.split("/")[-1].replace("fake-", "") for c in cmds]
with open("calls.log", "a") as f:
    f.write(json.dumps([seed] + names) + "\n")
with open("env.log", "a") as f:  # PROC_CLOCK: this referee "counts CPU time"
    f.write(json.dumps([os.environ.get("PROC_CLOCK"), cmds]) + "\n")
if "--trace" in args:
    with open(args[args.index("--trace") + 1], "w") as f:
        f.write("trace of seed %d\n" % seed)
if "coin" in names:  # coin wins the games whose seed is in its table
    coin = names.index("coin")
    wins = seed in (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20)
    print(json.dumps({"game": "fake", "seed": seed, "ranks": [0 if (i == coin) == wins else 1 for i in range(2)],
                      "errors": ["", ""], "turns": 1}))
    sys.exit(0)
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
        self.assertEqual(summary["first_bot_by_seat"], [{"seat": 0, "points": 3.0, "games": 3},
                                                        {"seat": 1, "points": 3.0, "games": 3}])
        self.assertIn("strong by seat: seat 0: 3/3 = 100.0%", r.stdout)

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
        # without --html the view line replays the game with a trace, then draws it
        self.assertRegex(r.stdout, r"\n  view: \./build/fake-referee match --seed 1 --trace (\S+)/traces/"
                                   r"fake-seed1-rot1\.trace -- \./build/fake-weak crasher && \./view\.py \1/traces/"
                                   r"fake-seed1-rot1\.trace -o \1/traces/fake-seed1-rot1\.html\n")

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

    def test_same_bot_twice_keeps_each_rotation(self):
        # `dist dist`: both rotations send the same seat commands; each game
        # still counts for the bot that sat in each seat (was: seat 0 0/0)
        r = self.arena("--games", "4", "--json", "weak", "weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        summary = json.loads(r.stdout.strip().split("\n")[-1])
        self.assertEqual(len(self.calls()), 4)
        self.assertEqual([s["games"] for s in summary["first_bot_by_seat"]], [2, 2])

    def test_usage_errors(self):
        self.assertEqual(self.arena("strong").returncode, 2)
        os.makedirs(os.path.join(self.root, "games", "fake"))
        open(os.path.join(self.root, "games", "fake", "main.c"), "w").close()
        r = subprocess.run([sys.executable, "arena.py", "nogame", "a", "b"], cwd=self.root,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("not found", r.stderr)
        self.assertIn("unknown game 'nogame'", r.stderr)
        self.assertIn("games: fake", r.stderr)

    def test_unknown_bot_lists_names(self):
        r = self.arena("--games", "2", "strong", "weka")
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown bot 'weka'", r.stderr)
        for name in ("dist", "strong", "weak", "tie", "crasher", "sleeper", "broken"):
            self.assertIn(" " + name, r.stderr)
        self.assertNotIn("referee", r.stderr.split("known names:")[1])
        self.assertFalse(os.path.exists(os.path.join(self.root, "calls.log")))  # nothing played
        r = self.arena("--games", "2", "strong", "./build/nothere")
        self.assertEqual(r.returncode, 2)
        self.assertIn("no executable file", r.stderr)

    def test_command_lines_and_paths_still_work(self):
        r = self.arena("--games", "2", "--json", "./build/fake-strong", "sh -c true fake-weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        summary = json.loads(r.stdout.strip().split("\n")[-1])
        self.assertEqual(summary["bots"][1]["command"], "sh -c true fake-weak")

    def results(self, path):
        with open(os.path.join(self.root, path)) as f:
            return [json.loads(l) for l in f]

    def test_results_file_resume_and_collect(self):
        r = self.arena("--games", "4", "--results", "res.jsonl", "--json", "strong", "weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(len(self.calls()), 4)
        recs = self.results("res.jsonl")
        self.assertEqual(sorted(x["g"] for x in recs), [0, 1, 2, 3])
        self.assertEqual(recs[0]["bots"], ["strong", "weak"])
        # an interrupted run: drop the last two games and cut a line in half
        with open(os.path.join(self.root, "res.jsonl"), "w") as f:
            for x in recs[:2]:
                f.write(json.dumps(x) + "\n")
            f.write(json.dumps(recs[2])[:30])
        r = self.arena("--games", "8", "--results", "res.jsonl", "--json", "strong", "weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(len(self.calls()), 4 + 6)  # games 2..7 only
        full = json.loads(r.stdout.strip().split("\n")[-1])
        self.assertEqual(full["games"], 8)
        self.assertEqual(full["bots"][0]["wins"], 8)
        c = subprocess.run([sys.executable, "arena.py", "collect", "--json", "res.jsonl"], cwd=self.root,
                           capture_output=True, text=True)
        self.assertEqual(c.returncode, 0, c.stderr)
        self.assertEqual(json.loads(c.stdout.strip().split("\n")[-1])["bots"], full["bots"])
        self.assertIn("Elo strong - weak: +inf", c.stdout)
        # collect over two files: the same games count once, new ones add up
        r = self.arena("--games", "10", "--results", "more.jsonl", "strong", "weak")
        c = subprocess.run([sys.executable, "arena.py", "collect", "--json", "res.jsonl", "more.jsonl"],
                           cwd=self.root, capture_output=True, text=True)
        self.assertEqual(json.loads(c.stdout.strip().split("\n")[-1])["games"], 10)
        bad = subprocess.run([sys.executable, "arena.py", "collect", "nofile.jsonl"], cwd=self.root,
                             capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2)
        self.assertIn("cannot read nofile.jsonl", bad.stderr)

    def test_failed_games_are_played_again(self):
        r = self.arena("--games", "2", "--results", "res.jsonl", "broken", "weak")
        self.assertEqual(r.returncode, 1)
        self.assertTrue(all(x["result"] is None for x in self.results("res.jsonl")))
        self.arena("--games", "2", "--results", "res.jsonl", "broken", "weak")
        self.assertEqual(len(self.calls()), 4)

    def test_cpu_clock(self):
        r = self.arena("--games", "2", "--cpu-clock", "strong", "weak")
        self.assertEqual(r.returncode, 2)
        self.assertIn("cpuclock.so not found", r.stderr)
        open(os.path.join(self.root, "build", "cpuclock.so"), "w").close()
        r = self.arena("--games", "2", "--cpu-clock", "strong", "tie")
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.root, "env.log")) as f:
            env = [json.loads(l) for l in f]
        self.assertEqual([e[0] for e in env], ["cpu", "cpu"])
        self.assertEqual(sorted(e[1] for e in env),
                         [['env LD_PRELOAD="$PWD/build/cpuclock.so" ./build/fake-strong', "tie"],
                          ["tie", 'env LD_PRELOAD="$PWD/build/cpuclock.so" ./build/fake-strong']])
        # (a referee's built-in bot, "tie", runs inside it: no shim)
        r = self.arena("--games", "2", "--cpu-clock", "--referee-arg=--wall-clock", "strong", "weak")
        self.assertEqual(r.returncode, 2)

    def test_cpu_clock_needs_a_cpu_counting_referee(self):
        ref = os.path.join(self.root, "build", "fake-referee")
        with open(ref) as f:
            text = f.read().replace("PROC_CLOCK", "OTHER_VAR")
        with open(ref, "w") as f:
            f.write(text)
        open(os.path.join(self.root, "build", "cpuclock.so"), "w").close()
        r = self.arena("--games", "2", "--cpu-clock", "strong", "weak")
        self.assertEqual(r.returncode, 2)
        self.assertIn("does not count CPU time", r.stderr)

    def test_html_pages_for_lost_and_crashed_games(self):
        r = self.arena("--games", "4", "--html", "pages", "--results", "h.jsonl", "crasher", "weak")
        self.assertIn("view.py not found", r.stdout)
        self.assertIn("  view: ./view.py h.jsonl.d/traces/fake-seed1-rot1.trace -o "
                      "h.jsonl.d/traces/fake-seed1-rot1.html", r.stdout)
        with open(os.path.join(self.root, "view.py"), "w") as f:
            f.write("import sys\nsrc = open(sys.argv[1]).read()\n"
                    "open(sys.argv[sys.argv.index('-o') + 1], 'w').write('<p>' + src)\n")
        r = self.arena("--games", "4", "--html", "pages", "crasher", "weak")
        pages = sorted(os.listdir(os.path.join(self.root, "pages")))
        # crasher loses every game (seat 0: power 0; seat 1: crash)
        self.assertEqual(pages, ["fake-seed%d-rot%d.html" % (s, r) for s in (1, 2) for r in (0, 1)])
        with open(os.path.join(self.root, "pages", "fake-seed2-rot0.html")) as f:
            self.assertEqual(f.read(), "<p>trace of seed 2\n")
        r = self.arena("--games", "2", "--html", "pages2", "strong", "weak")
        self.assertIn("no lost, crashed or timed-out game", r.stdout)

    @unittest.skipUnless(shutil.which("parallel"), "GNU parallel not installed")
    def test_parallel_executor_same_results(self):
        a = self.arena("--games", "6", "--results", "a.jsonl", "strong", "tie")
        b = self.arena("--games", "6", "--results", "b.jsonl", "--executor", "parallel", "--jobs", "2",
                       "strong", "tie")
        self.assertEqual(b.returncode, 0, b.stdout + b.stderr)
        key = lambda x: (x["g"], x["seed"], x["seats"], x["result"]["ranks"])  # noqa: E731
        self.assertEqual(sorted(map(key, self.results("a.jsonl"))), sorted(map(key, self.results("b.jsonl"))))
        self.assertEqual(a.stdout, b.stdout)

    def test_sprt_stops_by_itself(self):
        r = self.arena("--games", "400", "--sprt", "0,100", "--jobs", "2", "--json", "strong", "weak")
        self.assertEqual(r.returncode, 0, r.stderr)
        last = json.loads(r.stdout.strip().split("\n")[-1])["sprt"]
        self.assertEqual(last["verdict"], "H1")
        self.assertLess(last["games"], 400)
        self.assertGreaterEqual(last["llr"], math.log(0.95 / 0.05))
        self.assertEqual(last["pairs"][4] * 2, last["games"])  # every pair WW
        self.assertIn("sprt verdict: H1", r.stdout)
        self.assertIn("LLR", r.stdout.split("\n")[1])
        r = self.arena("--games", "400", "--sprt", "0,100", "--jobs", "2", "--json", "weak", "strong")
        self.assertEqual(json.loads(r.stdout.strip().split("\n")[-1])["sprt"]["verdict"], "H0")
        r = self.arena("--games", "4", "--sprt", "0,100", "--json", "tie", "weak")
        self.assertIsNone(json.loads(r.stdout.strip().split("\n")[-1])["sprt"]["verdict"])
        self.assertIn("sprt verdict: none after 4 games", r.stdout)
        self.assertEqual(self.arena("--sprt", "5,0", "strong", "weak").returncode, 2)
        self.assertEqual(self.arena("--sprt", "0,5", "strong", "weak", "tie").returncode, 2)

    def test_sprt_pairs_from_results(self):
        # "coin" wins a table of seeds in both seats: pair counts follow
        r = self.arena("--games", "40", "--json", "--results", "c.jsonl", "coin", "weak")
        recs = self.results("c.jsonl")
        counts = arena.pair_outcomes(recs)
        self.assertEqual(counts, [3, 0, 0, 0, 17])
        self.assertEqual(sum(counts), 20)


# (counts, elo0, elo1, exact LLR, approximate LLR): computed with
# fishtest's LLRcalc.LLR_logistic and LLR_alt2 (its brentq replaced by a
# bisection), not with arena.py. Counts are L,D,W or pairs LL..WW.
FISHTEST_FIGURES = [
    ([100, 200, 300], 0, 5, 4.231694, 5.068637),
    ([1000, 2400, 1100], 0, 5, 2.085854, 2.087409),
    ([10, 20, 300, 25, 12], 0, 5, 0.295414, 0.295825),
    ([8, 320, 1900, 350, 10], -1.75, 0.25, 1.812271, 1.815035),
    ([0, 2, 5, 9, 14], 0, 10, 0.850962, 2.251403),
    ([30, 10, 2], 0, 5, -0.533538, -1.282911),
    ([3, 0, 10, 0, 40], 0, 50, 5.978698, 14.652121),
]


class SprtTest(unittest.TestCase):
    def test_llr_matches_fishtest(self):
        for counts, e0, e1, exact, approx in FISHTEST_FIGURES:
            self.assertAlmostEqual(arena.sprt_llr(counts, e0, e1), exact, places=5, msg=str(counts))
            self.assertAlmostEqual(arena.sprt_llr_approx(counts, e0, e1), approx, places=5, msg=str(counts))

    def test_approximation_by_hand(self):
        # L,D,W = 100,200,300: mean 2/3, variance 7/12 - 4/9 = 5/36;
        # s0 = 1/2, s1 = 1/(1 + 10^(-5/400))
        s1 = 1 / (1 + 10 ** (-5 / 400))
        want = 600 * (s1 - 0.5) * (4 / 3 - 0.5 - s1) / (2 * 5 / 36)
        self.assertAlmostEqual(arena.sprt_llr_approx([100, 200, 300], 0, 5), want, places=9)

    def test_llr_properties(self):
        self.assertEqual(arena.sprt_llr([0, 0, 0, 0, 0], 0, 5), 0.0)
        # symmetric results: mirror image of the hypotheses flips the sign
        self.assertAlmostEqual(arena.sprt_llr([5, 10, 20, 10, 5], -5, 5), 0.0, places=9)
        self.assertAlmostEqual(arena.sprt_llr([1, 2, 3], 0, 5), -arena.sprt_llr([3, 2, 1], -5, 0), places=9)
        # more of the same evidence: N times the per-pair figure
        self.assertAlmostEqual(arena.sprt_llr([20, 40, 60], 0, 5), 2 * arena.sprt_llr([10, 20, 30], 0, 5), places=6)

    def test_bounds(self):
        lo, hi = arena.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lo, -2.944439, places=6)
        self.assertAlmostEqual(hi, 2.944439, places=6)
        lo, hi = arena.sprt_bounds(0.05, 0.1)
        self.assertAlmostEqual(lo, math.log(0.1 / 0.95))
        self.assertAlmostEqual(hi, math.log(0.9 / 0.05))

    def test_builtin_names(self):
        usage = ("usage: x match -- BOT0 BOT1\n"
                 "BOT: dist | eq | rush zerg timing2..timing4 random | a command (line protocol)\n")
        self.assertEqual(arena.builtin_bots(usage), ["dist", "eq", "rush", "zerg", "timing2", "timing3",
                                                     "timing4", "random"])
        self.assertEqual(arena.builtin_bots("usage: nothing here"), [])


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
