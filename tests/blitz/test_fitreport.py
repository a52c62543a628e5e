#!/usr/bin/env python3
"""test_fitreport.py -- games/blitz/fitreport.py counts the fitted model
over a folder of traces.

Usage: test_fitreport.py LAB REFEREE MINER

One referee game of four miner bots (BLITZ_BOT_SEED fixes their random
moves: the same game every run), 60 moves each, copied as two games with
our seat named "us" in one and seat 3 in the other, checks: both counted,
the three others fitted once a game each and fitted as miners; a trace
without its .names file, or with no seat of ours, is left out with a
message while the others count; a folder with nothing countable, or a
turn the traces never reach, exits 1; a bad argument exits 2; --games
prints each game's lines.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import pyunit  # noqa: E402

CHECK = pyunit.Checks()
TOOL = os.path.join(HERE, "..", "..", "games", "blitz", "fitreport.py")


def report(lab, *args):
    p = subprocess.run([sys.executable, TOOL, "--lab", lab, "--bot", "us", "--turn", "100"] + list(args),
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def rows(out):
    """{bot: its table row's cells} from the tool's output."""
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in out.splitlines()
             if line.startswith("| ") and not line.startswith("| bot ")]
    return {c[0]: c for c in cells}


def write_game(folder, name, trace, names):
    shutil.copy(trace, os.path.join(folder, name))
    with open(os.path.join(folder, name + ".names"), "w") as f:
        f.write("\n".join(names) + "\n")


def main(argv):
    if len(argv) != 4:
        print("usage: test_fitreport.py LAB REFEREE MINER", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    lab, referee, miner = argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "game.trace")
        env = dict(os.environ, BLITZ_BOT_SEED="7")
        p = subprocess.run([referee, "match", "--seed", "7", "--turns", "60", "--quiet", "--trace", trace, "--",
                            miner, miner, miner, miner], env=env, capture_output=True, timeout=300)
        CHECK(p.returncode == 0 and os.path.exists(trace), "the referee wrote the game's trace")
        games = os.path.join(tmp, "traces")
        os.mkdir(games)
        write_game(games, "a.trace", trace, ["us", "m2", "m3", "m4"])
        write_game(games, "b.trace", trace, ["m2", "m3", "m4", "us"])
        rc, out, err = report(lab, games)
        r = rows(out)
        CHECK(rc == 0 and "fitreport: 2 games" in out, "two games counted (rc %d)" % rc)
        CHECK(sorted(r) == ["m2", "m3", "m4"], "one row for each other bot: %s" % sorted(r))
        CHECK(all(c[1] == "2" for c in r.values()), "each fitted once a game")
        CHECK(all("goal mine 2" in c[5] for c in r.values()), "the miners fitted as miners")
        CHECK(all(float(c[2].rstrip("%")) >= 50 for c in r.values()), "most of the miners' moves foretold")
        CHECK(all(float(c[3].rstrip("%")) >= 50 for c in r.values()), "most of the miners' moves played right")
        shutil.copy(trace, os.path.join(games, "c.trace"))  # no .names
        write_game(games, "d.trace", trace, ["m1", "m2", "m3", "m4"])  # no seat of ours
        rc, out, err = report(lab, games)
        CHECK(rc == 0 and "fitreport: 2 games" in out, "the others still count with bad traces beside them")
        CHECK("c.trace left out: no names file" in err and "d.trace left out: no seat named us" in err,
              "each trace left out is named with why")
        rc, out, err = report(lab, os.path.join(games, "c.trace"), os.path.join(games, "d.trace"))
        CHECK(rc == 1 and "no game counted" in err, "nothing countable exits 1")
        rc, out, err = report(lab, "--turn", "100000", games)
        CHECK(rc == 1, "a turn the traces never reach exits 1")
        rc, out, err = report(lab, "--turn", "-1", games)
        CHECK(rc == 2, "a bad argument exits 2")
        rc, out, err = report(lab, "--games", os.path.join(games, "a.trace"))
        CHECK(sum(line.startswith("a.trace: fit trace turn 100 hero") for line in out.splitlines()) == 3,
              "--games prints each game's three lines")
    return CHECK.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
