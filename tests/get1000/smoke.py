#!/usr/bin/env python3
"""smoke.py -- a short Get1000 arena through our server (run from the repo root).

Runs `arena.py get1000 --games 20 --jobs 1 --seed 1 --json dist ev` (mu1 vs
ev, both seats of 10 seeds) and one three-player match, and checks, each
counted as one test: every game was played, no bot forfeited (timeout, crash,
invalid), the dist bot (mu1) wins more matches than ev, and the three-player
referee line is complete. No verdict depends on the machine's speed (issue
34): the policies are tables (no clock), the seeds are fixed, and the reply
limit is out of reach (60 s instead of 1 s); think times are printed, not
judged (arena.py measures them).
Last line: "N passed, N failed".
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402


def main():
    check = pyunit.Checks()

    cmd = [sys.executable, "arena.py", "get1000", "--games", "20", "--jobs", "1", "--seed", "1", "--json",
           "--referee-arg=--limit-ms", "--referee-arg=60000", "dist", "ev"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    print(out.stdout.strip())
    try:
        summary = json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError) as e:
        check(False, "arena JSON summary: %s %s" % (e, out.stderr[-300:]))
        summary = None
    if summary:
        bots = {b["bot"]: b for b in summary["bots"]}
        check(summary["games"] == 20 and summary["referee_failures"] == 0, "20 games played")
        check(bots["dist"]["errors"] == 0 and bots["ev"]["errors"] == 0 and not summary["problems"],
              "no timeout, crash or invalid placement")
        check(bots["dist"]["wins"] > bots["ev"]["wins"],
              "mu1 beats ev (%d-%d)" % (bots["dist"]["wins"], bots["ev"]["wins"]))
        print("think time: max %.1f ms (not judged: it measures the machine)" %
              max(bots["dist"]["think_max_ms"], bots["ev"]["think_max_ms"]))
    three = subprocess.run(["build/get1000-referee", "match", "--seed", "5", "--limit-ms", "60000", "--",
                            "build/get1000", "build/get1000-ev", "build/get1000-greedy"],
                           capture_output=True, text=True, timeout=600)
    try:
        r = json.loads(three.stdout)
        check(len(r["ranks"]) == 3 and r["errors"] == ["", "", ""] and max(r["scores"]) == 20 and 0 in r["ranks"],
              "three-player match: %s" % three.stdout.strip())
    except ValueError:
        check(False, "three-player match JSON: %r" % three.stdout)
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
