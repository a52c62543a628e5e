#!/usr/bin/env python3
"""smoke.py -- a two-game arena run of the Spring Challenge 2021 bot (dist)
against greedy, seats swapped, through arena.py and the referee. The smoke
checks the pipeline end to end (build, protocol, referee, arena), so it runs
with relaxed time limits (1000/300 ms) and --cpu-clock (the bots' clocks and
the referee count CPU time, so a bot starved by other load on a shared
machine is not timed out; a greedy answer once took 301.5 ms of wall time
there): a strict 100 ms wall-clock limit measures the machine, and the
strict figures come from full arena runs. The bot plays on a work budget
(SPRING2021_BUDGET), so its games do not depend on the load. Checks: both games played, no crash or invalid move, dist wins at
least one. Last line: "N passed, N failed".
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    cmd = [sys.executable, os.path.join(ROOT, "arena.py"), "spring2021", "--games", "2", "--jobs", "2",
           "--json", "--cpu-clock", "--referee-arg=--limit-ms", "--referee-arg=1000,300", "dist", "greedy"]
    # dist searches on a work budget (its widest beam pass) instead of its
    # clock, and greedy has no randomness: the two games are the same on
    # every run at any load, so "dist wins" is a verdict on the bot, not on
    # the machine (issue 34)
    env = dict(os.environ, SPRING2021_BUDGET="256", SPRING2021_SEED="1")
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    print(p.stdout, end="")
    check = pyunit.Checks()

    try:
        summary = json.loads(p.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        summary = None
    check(summary is not None, "arena printed its JSON summary (exit %d)" % p.returncode)
    if summary:
        check(summary["games"] == 2 and summary["referee_failures"] == 0, "both games played")
        check(not summary["problems"], "no crash, timeout or invalid move")
        check(summary["bots"][0]["wins"] >= 1, "dist won %d of 2 against greedy" % summary["bots"][0]["wins"])
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
