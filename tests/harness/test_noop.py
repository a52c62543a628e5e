#!/usr/bin/env python3
"""test_noop.py -- right after `make`, a second `make` has nothing to do.

Run from the repository root once `make` has built everything (`make test`
does that first). `make -q all` must answer "up to date" (exit 0); when it
does not, `make -n all` shows what would run again (a stamp file that is
never written, a phony target in the way, a tool that leaves its output
older than its inputs), which is printed. The summary line is the last.
"""
import os
import subprocess
import sys


def main():
    make = os.environ.get("MAKE_CMD", "make")
    q = subprocess.run(make.split() + ["--no-print-directory", "-q", "all"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if q.returncode == 0:
        print("ok   make -q all: everything is up to date")
        print("1 passed, 0 failed")
        return 0
    n = subprocess.run(make.split() + ["--no-print-directory", "-n", "all"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print("FAIL make -q all exited %d; a second make would run:" % q.returncode)
    for line in n.stdout.splitlines()[:40]:
        print("    " + line)
    print("0 passed, 1 failed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
