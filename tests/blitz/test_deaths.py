#!/usr/bin/env python3
"""test_deaths.py -- games/blitz/deaths.py tells how each bot died.

Usage: test_deaths.py REFEREE HUNTER MINER

A written trace of six states checks each cause on its own: a death on
the hero's own move (mines neutral), a kill (mines to the mover), a kill
whose victim respawns on a hero standing on its spawn (telefragged, the
mines to the respawned hero), and a drink on the spawn that is no death;
the table's counts and --games lines follow. A referee game of two
hunters and two miners (BLITZ_BOT_SEED fixes their random moves) checks
that deaths are found in a real trace and that the mines won by kills
equal the mines lost to kills and telefrags. A trace without its .names
file or with a line that is not a state is left out with a message
while the others count; nothing countable exits 1; a bad argument
exits 2.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import pyunit  # noqa: E402
from test_fitreport import rows  # noqa: E402  (both tools print a Markdown table, a row per bot)

CHECK = pyunit.Checks()
TOOL = os.path.join(HERE, "..", "..", "games", "blitz", "deaths.py")
SPAWNS = [(0, 0), (0, 9), (9, 9), (9, 0)]


def state(turn, heroes):
    """A state line: heroes is [(x, y, life, gold, mines)] in seat order."""
    hs = [{"id": k + 1, "pos": {"x": h[0], "y": h[1]}, "life": h[2], "gold": h[3], "mineCount": h[4],
           "spawnPos": {"x": SPAWNS[k][0], "y": SPAWNS[k][1]}, "crashed": False} for k, h in enumerate(heroes)]
    return json.dumps({"game": {"turn": turn, "maxTurns": 20, "heroes": hs}})


# turn 0 (seat 0 moves): seat 0 fights a mine at 10 life and dies, 2 mines neutral;
# turn 1 (seat 1): seat 1 kills seat 2 (3 mines);
# turn 2 (seat 2): seat 2 kills seat 0 (1 mine), which respawns on seat 3 (4 mines) at its spawn;
# turn 3: seat 3 is hit on its spawn (60 life), no death;
# turn 4: seat 3 drinks on its spawn (99 life, 2 gold): no death.
WRITTEN = [
    state(0, [(2, 2, 10, 5, 2), (5, 4, 80, 5, 0), (5, 5, 10, 5, 3), (0, 0, 50, 5, 4)]),
    state(1, [(0, 0, 99, 5, 0), (5, 4, 80, 5, 0), (5, 5, 10, 5, 3), (0, 0, 50, 5, 4)]),
    state(2, [(1, 1, 5, 5, 1), (5, 4, 80, 5, 3), (9, 9, 100, 5, 0), (0, 0, 50, 5, 4)]),
    state(3, [(0, 0, 100, 5, 4), (5, 4, 80, 5, 3), (9, 9, 99, 5, 1), (9, 0, 100, 10, 0)]),
    state(4, [(0, 0, 100, 5, 4), (5, 4, 80, 5, 3), (9, 9, 99, 5, 1), (9, 0, 60, 10, 0)]),
    state(5, [(0, 0, 100, 5, 4), (5, 4, 80, 5, 3), (9, 9, 99, 5, 1), (9, 0, 99, 8, 0)]),
]


def run(*args, tool=TOOL):
    """(exit status, stdout, stderr) of the tool (deaths.py) run on args."""
    p = subprocess.run([sys.executable, tool] + list(args), capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def write(folder, name, lines, names):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    if names is not None:
        with open(path + ".names", "w") as f:
            f.write("\n".join(names) + "\n")
    return path


def written_trace(tmp):
    folder = os.path.join(tmp, "written")
    os.mkdir(folder)
    write(folder, "g.trace", WRITTEN, ["a", "b", "c", "d"])
    rc, out, err = run("--games", folder)
    CHECK(rc == 0, "the written trace is counted (rc %d: %s)" % (rc, err.strip()))
    r = rows(out)
    CHECK(r.get("a", [])[2:] == ["2.00", "1.00 / 2.00", "1.00 / 1.00", "0.00 / 0.00", "4.00"],
          "a died on its own move with 2 mines, was killed with 1, won 4 by a telefrag: %s" % r.get("a"))
    CHECK(r.get("b", [])[2:] == ["0.00", "0.00 / 0.00", "0.00 / 0.00", "0.00 / 0.00", "3.00"],
          "b won the 3 mines of its kill: %s" % r.get("b"))
    CHECK(r.get("c", [])[2:] == ["1.00", "0.00 / 0.00", "1.00 / 3.00", "0.00 / 0.00", "1.00"],
          "c was killed with 3 mines and won 1: %s" % r.get("c"))
    CHECK(r.get("d", [])[2:] == ["1.00", "0.00 / 0.00", "0.00 / 0.00", "1.00 / 4.00", "0.00"],
          "d was telefragged with 4 mines, and its drink on its spawn is no death: %s" % r.get("d"))
    lines = [line for line in out.splitlines() if line.startswith("g.trace: ")]
    CHECK(len(lines) == 4, "--games prints a line per death: %d" % len(lines))
    CHECK("g.trace: turn 2 d (seat 3) died, telefragged by a (seat 0), 4 mines" in lines,
          "the telefrag's line names the hero that respawned: %s" % lines)


def referee_game(tmp, referee, hunter, miner):
    trace = os.path.join(tmp, "ref.trace")
    env = dict(os.environ, BLITZ_BOT_SEED="7")
    p = subprocess.run([referee, "match", "--seed", "7", "--turns", "300", "--quiet", "--trace", trace, "--",
                        hunter, hunter, miner, miner], env=env, capture_output=True, timeout=300)
    CHECK(p.returncode == 0 and os.path.exists(trace), "the referee wrote the game's trace")
    with open(trace + ".names", "w") as f:
        f.write("h1\nh2\nm1\nm2\n")
    rc, out, err = run("--games", trace)
    CHECK(rc == 0, "the referee's trace is counted (rc %d: %s)" % (rc, err.strip()))
    deaths = re.findall(r"died, (own move|killed|telefragged)(?: by \S+ \(seat \d\))?, (\d+) mines", out)
    CHECK(len(deaths) > 0, "hunters beside miners kill someone in 300 moves: %d deaths" % len(deaths))
    lost = sum(int(m) for cause, m in deaths if cause != "own move")
    won = sum(float(c[-1]) for c in rows(out).values())
    CHECK(won == lost, "the mines won by kills (%g) are the mines lost to kills and telefrags (%d)" % (won, lost))
    return trace


def bad_inputs(tmp, good):
    folder = os.path.join(tmp, "mixed")
    os.mkdir(folder)
    write(folder, "a.trace", WRITTEN, ["a", "b", "c", "d"])
    write(folder, "b.trace", WRITTEN, None)
    write(folder, "c.trace", WRITTEN[:2] + ['{"game": {"turn": 2}}'], ["a", "b", "c", "d"])
    rc, out, err = run(folder)
    CHECK(rc == 0 and "deaths: 1 games" in out, "the good trace counts beside the bad (rc %d)" % rc)
    CHECK("b.trace left out" in err and "c.trace left out" in err and "line 3" in err,
          "each bad trace is named with why: %s" % err.strip())
    empty = os.path.join(tmp, "empty")
    os.mkdir(empty)
    rc, out, err = run(empty)
    CHECK(rc == 1 and "no game counted" in err, "nothing countable exits 1 (rc %d)" % rc)
    rc, out, err = run("--bogus", good)
    CHECK(rc == 2, "a bad argument exits 2 (rc %d)" % rc)


def main(argv):
    if len(argv) != 4:
        print("usage: test_deaths.py REFEREE HUNTER MINER", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        written_trace(tmp)
        good = referee_game(tmp, *argv[1:])
        bad_inputs(tmp, good)
    return CHECK.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
