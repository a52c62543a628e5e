#!/usr/bin/env python3
"""smoke.py -- a few refereed Green Circle games (run from the repo root).

Checks, each counted as one test:
  - the dist bot plays both seats against `random` and `greedy` without a
    timeout, crash or invalid answer, and beats `random`;
  - the referee's JSON line has the contract's fields;
  - a match trace written with --trace replays exactly (round trip of the
    referee's own output through `replay`).
No verdict depends on the machine's speed (issue 34): the dist bot plays on
300 samples a request instead of its clock, with a fixed seed
(GREENCIRCLE_SAMPLES, GREENCIRCLE_SEED), so each game is the same on every
run, and the time limits are out of reach (60 s): this checks protocol and
rules, while think times under the real 50 ms limit are measured by arena.py.
Last line: "N passed, N failed".
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

REF = "build/greencircle-referee"
BOTS = {"dist": "build/greencircle", "random": "build/greencircle-random", "greedy": "build/greencircle-greedy"}
BOT_ENV = dict(os.environ, GREENCIRCLE_SAMPLES="300", GREENCIRCLE_SEED="1")
KEYS = ("game", "seed", "ranks", "scores", "errors", "turns", "think_mean_ms", "think_max_ms")


def match(seed, a, b, trace=None):
    cmd = [REF, "match", "--seed", str(seed), "--timeout-ms", "60000", "--first-timeout-ms", "60000"]
    if trace:
        cmd += ["--trace", trace]
    cmd += ["--", BOTS[a], BOTS[b]]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=BOT_ENV)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    check = pyunit.Checks()

    with tempfile.TemporaryDirectory() as tmp:
        games = [(11, "dist", "random"), (11, "random", "dist"), (12, "dist", "greedy"), (12, "greedy", "dist")]
        for i, (seed, a, b) in enumerate(games):
            trace = os.path.join(tmp, "t%d.txt" % i)
            try:
                r = match(seed, a, b, trace)
            except Exception as e:  # noqa: BLE001 -- any failure is a failed test
                check(False, "match %s vs %s seed %d: %s" % (a, b, seed, e))
                continue
            check(all(k in r for k in KEYS) and r["game"] == "greencircle", "json fields (%s vs %s)" % (a, b))
            check(r["errors"] == ["", ""], "no timeout/crash/invalid (%s vs %s): %s" % (a, b, r["errors"]))
            dist_seat = 0 if a == "dist" else 1
            if "random" in (a, b):
                check(r["ranks"][dist_seat] == 0 and r["ranks"][1 - dist_seat] == 1,
                      "dist beats random (seat %d, scores %s)" % (dist_seat, r["scores"]))
            rep = subprocess.run([REF, "replay", trace], capture_output=True, text=True, timeout=600)
            check(rep.returncode == 0, "trace of %s vs %s replays: %s" % (a, b, rep.stdout.strip().splitlines()[-1]))
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
