#!/usr/bin/env python3
"""test_stalls.py -- games/blitz/stalls.py finds drinks, mine trades, stalls and drinks hit back.

Usage: test_stalls.py REFEREE MINER

A written trace on a 4x4 board with one mine checks each count on its
own: seat 0 takes the mine, seat 1 takes it back a turn later (a trade
of seat 0's), seat 0 takes it again and seat 1 answers after the window
(no trade; a trade with a wider --window); seat 0 drinks twice (life up,
gold down), the second drink taken back by a hit before its next move,
and its respawn on its spawn is no drink; seat 2 stands on
one cell with no mine while seat 0 or 1 holds the mine (a stall as long
as the game), seat 3 walks round the border (runs of 3 moves within 2
steps), and seat 0 stands 3 moves with no mine while seat 1 holds it. A
referee game of four miners checks that a real trace reads. A trace
without its .names file, or with a line that is not a state with a
board, is left out with a message while the others count; nothing
countable exits 1; a bad argument exits 2.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import pyunit  # noqa: E402
from test_fitreport import rows  # noqa: E402  (a Markdown table, a row per bot)
import test_deaths  # noqa: E402  (its run and write serve this tool too)
from test_deaths import write  # noqa: E402

CHECK = pyunit.Checks()
TOOL = os.path.join(HERE, "..", "..", "games", "blitz", "stalls.py")
SPAWNS = [(0, 0), (0, 3), (3, 3), (3, 0)]
MINE = 5  # the cell (1,1): tiles index 2 x 5
BORDER = [(3, 0), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (0, 3), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0)]


def state(turn, heroes, owner):
    """A state line: heroes is [(x, y, life, gold, mines)] in seat order,
    owner the seat (0..3) holding the mine at (1,1), or None."""
    tiles = ["  "] * 16
    tiles[MINE] = "$-" if owner is None else "$%d" % (owner + 1)
    hs = [{"id": k + 1, "pos": {"x": h[0], "y": h[1]}, "life": h[2], "gold": h[3], "mineCount": h[4],
           "spawnPos": {"x": SPAWNS[k][0], "y": SPAWNS[k][1]}, "crashed": False} for k, h in enumerate(heroes)]
    return json.dumps({"game": {"turn": turn, "maxTurns": 40, "heroes": hs,
                                "board": {"size": 4, "tiles": "".join(tiles)}}})


def written():
    """The states of the written game (see the module's comment). State t
    follows the move of seat (t - 1) % 4."""
    a = [0, 1, 80, 10, 0]  # seat 0, beside the mine
    b = [1, 2, 80, 10, 0]  # seat 1, beside it too
    c = (2, 2, 80, 10, 0)  # seat 2 stands
    d = [3, 0, 80, 10, 0]  # seat 3 walks round the border
    owner, out = None, []
    for t in range(40):
        if t == 5:  # seat 0 takes the mine
            a[2], a[4], owner = a[2] - 20, 1, 0
        if t == 6:  # seat 1 takes it back a turn later: a trade of seat 0's
            a[4], b[2], b[4], owner = 0, b[2] - 20, 1, 1
        if t == 9:  # seat 0 drinks
            a[2], a[3] = a[2] + 49, a[3] - 2
        if t == 14:  # a hit takes 20 of seat 0's life, after its first drink's round
            a[2] -= 20
        if t == 17:  # seat 0 drinks again, up to 99 ...
            a[2], a[3] = 99, a[3] - 2
        if t == 18:  # ... and a hit takes it back before its next move
            a[2] -= 20
        if t == 21:  # seat 0 takes it again, 15 turns after seat 1's take: no trade
            a[2], a[4], b[4], owner = a[2] - 20, 1, 0, 0
        if t == 34:  # seat 1 takes it back 13 turns later: no trade
            a[4], b[4], owner = 0, 1, 1
        if t == 37:  # seat 0 dies and respawns on its spawn: no drink
            a[0], a[1], a[2] = 0, 0, 100
        if t % 4 == 0:  # seat 3 steps on round the border
            d[0], d[1] = BORDER[(BORDER.index(tuple(d[:2])) + 1) % len(BORDER)]
        out.append(state(t, [tuple(a), tuple(b), c, tuple(d)], owner))
    return out


def run(*args):
    return test_deaths.run(*args, tool=TOOL)


def written_trace(tmp):
    folder = os.path.join(tmp, "written")
    os.mkdir(folder)
    write(folder, "g.trace", written(), ["a", "b", "c", "d"])
    rc, out, err = run("--games", folder)
    CHECK(rc == 0, "the written trace is counted (rc %d: %s)" % (rc, err.strip()))
    r = rows(out)
    CHECK(r.get("a", [])[2:4] == ["2.00", "1.00"], "a drank twice and lost one trade: %s" % r.get("a"))
    CHECK(r.get("a", [])[5:] == ["1.00"], "one of a's drinks was hit back: %s" % r.get("a"))
    CHECK(all(r.get(k, [])[5:] == ["0.00"] for k in "bcd"), "no other drink was hit back: %s" % r)
    CHECK(r.get("b", [])[2:4] == ["0.00", "0.00"], "b's takes were not taken back: %s" % r.get("b"))
    CHECK(r.get("c", [])[4:5] == ["10.0"], "c stood its 10 moves while a mine was held: %s" % r.get("c"))
    CHECK(r.get("d", [])[4:5] == ["3.0"], "d walked, 3 moves within 2 steps at most: %s" % r.get("d"))
    lines = [line for line in out.splitlines() if line.startswith("g.trace: ")]
    CHECK(len(lines) == 4 and "g.trace: a (seat 0) drinks 2 trades 1 stall 3 gold 6 hit back 1" in lines,
          "--games prints a line per bot: %s" % lines)
    rc, out, err = run("--window", "20", folder)
    CHECK(rows(out).get("a", [])[3:4] == ["2.00"], "a wider window counts the later retake: %s" % rows(out).get("a"))


def referee_game(tmp, referee, miner):
    trace = os.path.join(tmp, "ref.trace")
    env = dict(os.environ, BLITZ_BOT_SEED="7")
    p = subprocess.run([referee, "match", "--seed", "7", "--turns", "300", "--quiet", "--trace", trace, "--",
                        miner, miner, miner, miner], env=env, capture_output=True, timeout=300)
    CHECK(p.returncode == 0 and os.path.exists(trace), "the referee wrote the game's trace")
    with open(trace + ".names", "w") as f:
        f.write("m1\nm2\nm3\nm4\n")
    rc, out, err = run(trace)
    CHECK(rc == 0 and "stalls: 1 games" in out and len(rows(out)) == 4,
          "the referee's trace is counted (rc %d: %s)" % (rc, err.strip()))
    drinks = sum(float(v[2]) for v in rows(out).values())
    CHECK(drinks > 0, "four miners drink in 300 turns: %g" % drinks)
    return trace


def bad_inputs(tmp, good):
    folder = os.path.join(tmp, "mixed")
    os.mkdir(folder)
    lines = written()
    write(folder, "a.trace", lines, ["a", "b", "c", "d"])
    write(folder, "b.trace", lines, None)
    write(folder, "c.trace", lines[:2] + ['{"game": {"turn": 2, "heroes": []}}'], ["a", "b", "c", "d"])
    write(folder, "d.trace", lines[:2] + [lines[2].replace('"tiles": "', '"tiles": 7, "x": "')], ["a", "b", "c", "d"])
    rc, out, err = run(folder)
    CHECK(rc == 0 and "stalls: 1 games" in out, "the good trace counts beside the bad (rc %d)" % rc)
    CHECK("b.trace left out" in err and "c.trace left out" in err and "line 3" in err and "d.trace left out" in err,
          "each bad trace is named with why: %s" % err.strip())
    empty = os.path.join(tmp, "empty")
    os.mkdir(empty)
    rc, out, err = run(empty)
    CHECK(rc == 1 and "no game counted" in err, "nothing countable exits 1 (rc %d)" % rc)
    for bad in (["--bogus", good], ["--window", "0", good], ["--area", "x", good]):
        rc, out, err = run(*bad)
        CHECK(rc == 2, "%s exits 2 (rc %d)" % (" ".join(bad[:-1]), rc))


def main(argv):
    if len(argv) != 3:
        print("usage: test_stalls.py REFEREE MINER", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        written_trace(tmp)
        good = referee_game(tmp, *argv[1:])
        bad_inputs(tmp, good)
    return CHECK.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
