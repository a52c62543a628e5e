#!/usr/bin/env python3
"""smoke.py -- a short tic-tac-toe arena run through ./arena.py, as a user
types it: `./arena.py tictactoe --games 8 dist random` plays, the perfect
bot loses no game, no bot has a timeout, crash or invalid move. (Run from
the repository root.) Last line: "N passed, N failed".
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402


def main():
    check = pyunit.Checks()
    p = subprocess.run([sys.executable, "arena.py", "tictactoe", "--games", "8", "--jobs", "1", "--json",
                        "dist", "random"], capture_output=True, text=True, timeout=300)
    try:
        summary = json.loads(p.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        check(False, "arena.py prints its JSON summary (exit %d): %s" % (p.returncode, p.stderr[-300:]))
        return check.close()
    bots = {b["bot"]: b for b in summary["bots"]}
    check(p.returncode == 0 and summary["games"] == 8 and summary["referee_failures"] == 0,
          "8 games played, no referee failure (exit %d)" % p.returncode)
    check(bots["dist"]["losses"] == 0 and bots["dist"]["errors"] == 0 and bots["random"]["errors"] == 0,
          "dist never loses, no errors: %d wins, %d draws" % (bots["dist"]["wins"], bots["dist"]["draws"]))
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
