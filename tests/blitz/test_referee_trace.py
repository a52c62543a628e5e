#!/usr/bin/env python3
"""test_referee_trace.py -- `blitz-referee match --trace FILE` writes the
game's replay (one state JSON a line: the start state, then the state after
every move), the file view.py draws and the arena's --html pages use.

Usage: test_referee_trace.py REFEREE BOT MINER HUNTER

Checks, on two seeds: one line per move plus the start state, turns
0, 1, 2, ... in order, no key of any seat in the file, the last state
finished with the heroes' gold equal to the result line's scores, and
view.py renders the file (its parser agrees on the frame count).
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
import pyunit  # noqa: E402

CHECK = pyunit.Checks()


def one(referee, bots, seed, tmp):
    path = os.path.join(tmp, "g%d.jsonl" % seed)
    p = subprocess.run([referee, "match", "--seed", str(seed), "--turns", "20", "--quiet",
                        "--trace", path, "--"] + bots, capture_output=True, text=True, timeout=120)
    CHECK(p.returncode == 0, "seed %d: the referee played the game (rc %d %s)" % (seed, p.returncode, p.stderr[-200:]))
    try:
        res = json.loads(p.stdout.strip().splitlines()[-1])
        with open(path) as f:
            states = [json.loads(line)["game"] for line in f if line.strip()]
    except (ValueError, IndexError, OSError, KeyError) as e:
        CHECK(False, "seed %d: result line and trace parse (%s)" % (seed, e))
        return
    moves = 20 * 4
    CHECK(len(states) == moves + 1, "seed %d: %d states for %d moves plus the start" % (seed, len(states), moves))
    CHECK([s["turn"] for s in states] == list(range(len(states))), "seed %d: turns 0, 1, 2... in order" % seed)
    last = states[-1]
    CHECK(last.get("finished") is True and all(not s.get("finished") for s in states[:-1]),
          "seed %d: only the last state is finished" % seed)
    CHECK([h["gold"] for h in last["heroes"]] == res["scores"],
          "seed %d: last state's gold %s equals the scores %s" % (seed, [h["gold"] for h in last["heroes"]], res["scores"]))
    with open(path) as f:
        text = f.read()
    CHECK("seat1-" not in text and "seat4-" not in text, "seed %d: no seat key in the trace" % seed)
    try:
        import view  # the repository's view.py
        frames = view.parse(text)
        n = len(frames["frames"]) if isinstance(frames, dict) and "frames" in frames else None
        CHECK(n is None or n == len(states), "seed %d: view.py reads %s frames" % (seed, n))
        out = os.path.join(tmp, "g%d.html" % seed)
        view.render(path, out)
        CHECK(os.path.getsize(out) > 1000, "seed %d: view.py renders the trace" % seed)
    except Exception as e:  # noqa: BLE001 -- a viewer failure is a failed check
        CHECK(False, "seed %d: view.py renders the trace (%s)" % (seed, e))


def main(argv):
    if len(argv) != 5:
        print("usage: test_referee_trace.py REFEREE BOT MINER HUNTER", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    referee, bot, miner, hunter = argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in (3, 11):
            one(referee, [bot + " --quiet", miner, miner, hunter], seed, tmp)
    return CHECK.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
