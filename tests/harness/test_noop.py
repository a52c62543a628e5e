#!/usr/bin/env python3
"""test_noop.py -- right after `make`, a second `make` has nothing to do.

Run from the repository root once `make` has built everything (`make test`
does that first). `make -q all` must answer "up to date" (exit 0); when it
does not, `make -n all` shows what would run again (a stamp file that is
never written, a phony target in the way, a tool that leaves its output
older than its inputs), which is printed.

Second check: an edit to a game's source regenerates its dist/ file even
before the first build has written build/dep/<game>.d (a fresh clone ships
dist/ without it): with the dep file set aside, `make -n -W SOURCE` must
plan `merge.py build GAME`. The summary line is the last.
"""
import os
import subprocess
import sys


def check_fresh_clone_edit(make):
    """With build/dep/tictactoe.d set aside, an edit to the game's rules
    must still make `make` regenerate dist/tictactoe.c."""
    dep = os.path.join("build", "dep", "tictactoe.d")
    aside = dep + ".aside"
    had = os.path.exists(dep)
    if had:
        os.replace(dep, aside)
    try:
        n = subprocess.run(make.split() + ["--no-print-directory", "-n", "-W",
                                           "games/tictactoe/rules.c", "dist/tictactoe.c"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    finally:
        if had:
            os.replace(aside, dep)
    if "merge.py build tictactoe" in n.stdout:
        print("ok   without build/dep/tictactoe.d, an edited games/tictactoe/rules.c regenerates dist/")
        return True
    print("FAIL without build/dep/tictactoe.d, `make -n -W games/tictactoe/rules.c dist/tictactoe.c` plans:")
    for line in n.stdout.splitlines()[:20]:
        print("    " + line)
    return False


def main():
    make = os.environ.get("MAKE_CMD", "make")
    passed = failed = 0
    q = subprocess.run(make.split() + ["--no-print-directory", "-q", "all"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if q.returncode == 0:
        print("ok   make -q all: everything is up to date")
        passed += 1
    else:
        n = subprocess.run(make.split() + ["--no-print-directory", "-n", "all"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print("FAIL make -q all exited %d; a second make would run:" % q.returncode)
        for line in n.stdout.splitlines()[:40]:
            print("    " + line)
        failed += 1
    if check_fresh_clone_edit(make):
        passed += 1
    else:
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
