#!/usr/bin/env python3
"""test_tune.py -- tune.py: the tunables table, the patch, the tuning build,
and SPSA on a fake game whose best value is known.

- greencircle's table (games/greencircle/ai.c) reads as named rows with
  their values inside their ranges; the patch of unchanged values is empty,
  the patch of two changed values changes exactly those two rows and
  applies with `git apply --check`.
- The tuning build (build/greencircle-tune) reads BOT_TUNE: a bad name or
  value is reported on stderr, good settings are not (one refereed game).
- SPSA in a temporary tree: a fake referee lets the bot whose tunable A is
  nearer 1.5 win; starting from A = 0.5 (range 0..2), 30 iterations of one
  pair must end nearer 1.5 than they started, write a trajectory line per
  iteration and a patch, and the confirmation match must run.
- The same with --pool and --bot-env: the tuned sides each meet a pool bot
  whose A is 0.5 and lose every game without the --bot-env variable; A must
  rise from 0.5 (above the pool bot's), the pool's four arenas an iteration
  must have run, and an unchanged row stays as written in the patch.
- spring2021's table (games/spring2021/beam.c) reads, and its tuning build
  reports a bad BOT_TUNE setting once.
The last line is "N passed, N failed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, REPO)
sys.path.insert(0, os.path.join(REPO, "tests"))
import pyunit  # noqa: E402
import tune  # noqa: E402

FAKE_AI = """/* fake ai.c */
#define FAKE_TUNABLES(X) \\
  X(A, 0.5, 0.0, 2.0)    \\
  X(B, 3.0, 1.0, 5.0)
"""

FAKE_REFEREE = r'''#!/usr/bin/env python3
import json, re, sys
args = sys.argv[1:]
if not args or args[0] != "match":
    print("usage: fake-referee match [--seed S] -- CMD0 CMD1")
    sys.exit(2)
seed = int(args[args.index("--seed") + 1])
cmds = args[args.index("--") + 1:]
def a_of(cmd):
    m = re.search(r"\bA=([-0-9.e]+)", cmd)
    return float(m.group(1)) if m else 0.5  # dist: the constant
# a pool bot asking for it (NEEDFOO) beats a tuned bot that lacks FOO=1
need = any("NEEDFOO" in c for c in cmds)
d = [99 if need and "BOT_TUNE" in c and "FOO=1" not in c else abs(a_of(c) - 1.5) for c in cmds]
ranks = [0, 0] if d[0] == d[1] else [0, 1] if d[0] < d[1] else [1, 0]
print(json.dumps({"game": "fake", "seed": seed, "ranks": ranks, "errors": ["", ""], "turns": 1}))
'''


def main():
    check = pyunit.Checks()
    ts = tune.read_tunables("greencircle")
    names = [t.name for t in ts]
    check(len(ts) >= 5 and "W_SCORE" in names and all(t.lo <= t.value <= t.hi for t in ts),
          "greencircle's tunables table: %s" % " ".join(names))
    base = {t.name: t.value for t in ts}
    check(tune.patch(ts, base) == "", "unchanged values: empty patch")
    moved = dict(base, W_SCORE=base["W_SCORE"] + 1.25, W_M1=base["W_M1"] / 2)
    diff = tune.patch(ts, moved)
    minus = [l for l in diff.split("\n") if l.startswith("-") and not l.startswith("---")]
    plus = [l for l in diff.split("\n") if l.startswith("+") and not l.startswith("+++")]
    check(len(minus) == 2 and len(plus) == 2 and "W_SCORE, %s," % tune.fmt(moved["W_SCORE"]) in plus[0],
          "two changed values: two rows change")
    ap = subprocess.run(["git", "apply", "--check", "-"], input=diff, cwd=REPO, capture_output=True, text=True)
    check(ap.returncode == 0, "the patch applies to the tree" + (": " + ap.stderr if ap.returncode else ""))
    check(tune.fmt(3.0) == "3.0" and tune.fmt(0.123456) == "0.1235" and tune.fmt(20) == "20.0",
          "values print as C double literals")

    tb = os.path.join(REPO, "build", "greencircle-tune")
    if os.path.exists(tb):
        r = subprocess.run(["./build/greencircle-referee", "match", "--seed", "5", "--stderr", "--",
                            "env BOT_TUNE='W_SCORE=25 NOPE=1 W_M1=x' ./build/greencircle-tune",
                            "./build/greencircle-greedy"], cwd=REPO, capture_output=True, text=True, timeout=300)
        bad = [l for l in r.stderr.split("\n") if "BOT_TUNE" in l]
        check(r.returncode == 0 and bad == ["greencircle: BOT_TUNE: bad setting NOPE=1",
                                            "greencircle: BOT_TUNE: bad setting W_M1=x"],
              "the tuning build reports bad BOT_TUNE settings only: %s" % bad)
    else:
        check(False, "build/greencircle-tune is built")

    ts = tune.read_tunables("spring2021")
    check({"big_w", "complete_from", "late_disc"} <= {t.name for t in ts} and tune.patch(ts, {t.name: t.value
                                                                                         for t in ts}) == "",
          "spring2021's tunables table: %s" % " ".join(t.name for t in ts))
    tb = os.path.join(REPO, "build", "spring2021-tune")
    if os.path.exists(tb):
        r = subprocess.run(["./build/spring2021-referee", "match", "--seed", "5", "--limit-ms", "60000,60000",
                            "--stderr", "--", "env SPRING2021_BUDGET=64 BOT_TUNE='big_w=2.5 NOPE=1' "
                            "./build/spring2021-tune", "./build/spring2021-greedy"], cwd=REPO, capture_output=True,
                           text=True, timeout=300)
        bad = [l for l in r.stderr.split("\n") if "BOT_TUNE" in l]
        check(r.returncode == 0 and bad == ["spring2021: BOT_TUNE: bad setting NOPE=1"],
              "spring2021's tuning build reports a bad BOT_TUNE setting once: %s" % bad)
    else:
        check(False, "build/spring2021-tune is built")

    root = tempfile.mkdtemp(prefix="tunetest")
    try:
        for f in ("arena.py", "tune.py"):
            shutil.copy(os.path.join(REPO, f), root)
        os.makedirs(os.path.join(root, "games", "fake"))
        with open(os.path.join(root, "games", "fake", "ai.c"), "w") as f:
            f.write(FAKE_AI)
        open(os.path.join(root, "games", "fake", "main.c"), "w").close()
        os.makedirs(os.path.join(root, "build"))
        for name, text in (("fake-referee", FAKE_REFEREE), ("fake-tune", "#!/bin/sh\n"), ("fake", "#!/bin/sh\n")):
            p = os.path.join(root, "build", name)
            with open(p, "w") as f:
                f.write(text)
            os.chmod(p, 0o755)
        r = subprocess.run([sys.executable, "tune.py", "fake", "--iterations", "30", "--pairs", "1", "--jobs", "2",
                            "--only", "A", "--confirm", "4", "--out", "out"], cwd=root, capture_output=True,
                           text=True, timeout=900)
        check(r.returncode == 0, "tune.py on the fake game: exit 0" + ("" if r.returncode == 0 else
                                                                        ": " + (r.stdout + r.stderr)[-800:]))
        traj = []
        tp = os.path.join(root, "out", "fake-trajectory.jsonl")
        if os.path.exists(tp):
            with open(tp) as f:
                traj = [json.loads(l) for l in f]
        check(len(traj) == 30 and all(set(t["values"]) == {"A"} for t in traj),
              "one trajectory line per iteration, only A tuned")
        progress = [l for l in r.stdout.split("\n") if l.startswith("iter ")]
        check(len(progress) == 30, "one progress line per iteration")
        final = traj[-1]["values"]["A"] if traj else 0.5
        check(abs(final - 1.5) < 0.5, "SPSA moved A from 0.5 toward the best 1.5: %.3f" % final)
        ptext = open(os.path.join(root, "out", "fake.patch")).read() if os.path.exists(
            os.path.join(root, "out", "fake.patch")) else ""
        check("-  X(A, 0.5, 0.0, 2.0)" in ptext and "+  X(A, %s, 0.0, 2.0)" % tune.fmt(final) in ptext
              and not any(l[:1] in "+-" and "X(B" in l for l in ptext.split("\n")),
              "the patch changes A's row only")
        check("confirmation: tuned scored" in r.stdout, "the confirmation match ran")
        r = subprocess.run([sys.executable, "tune.py", "fake", "--iterations", "20", "--pairs", "1", "--jobs", "2",
                            "--only", "A", "--confirm", "0", "--out", "pool", "--pool", "env NEEDFOO=1 A=0.5 ./build/fake",
                            "--bot-env", "FOO=1"], cwd=root, capture_output=True, text=True, timeout=900)
        traj = []
        tp = os.path.join(root, "pool", "fake-trajectory.jsonl")
        if os.path.exists(tp):
            with open(tp) as f:
                traj = [json.loads(l) for l in f]
        final = traj[-1]["values"]["A"] if traj else 0.5
        runs = [f for f in os.listdir(os.path.join(root, "pool")) if "-pool0-" in f] if os.path.isdir(
            os.path.join(root, "pool")) else []
        check(r.returncode == 0 and len(traj) == 20 and final > 0.6 and len(runs) == 40,
              "--pool, --bot-env: A rose from 0.5 to %.3f, %d pool arenas" % (final, len(runs)) +
              ("" if r.returncode == 0 else ": " + (r.stdout + r.stderr)[-800:]))
        bad = subprocess.run([sys.executable, "tune.py", "fake", "--only", "Z"], cwd=root, capture_output=True,
                             text=True)
        check(bad.returncode == 2 and "unknown tunables Z" in bad.stderr, "an unknown tunable is refused")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
