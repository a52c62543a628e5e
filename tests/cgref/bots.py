#!/usr/bin/env python3
"""bots.py -- tic-tac-toe test bots for tests/cgref/test_cgref.py, each
misbehaving in one way the CodinGame SDK has a rule for.

Usage: bots.py MODE   where MODE is
  first     plays the first free cell (a well-behaved bot)
  sleep     answers the first turn, then never again (a timeout)
  invalid   answers "9 9" (not a cell)
  exit      exits at once (closed output)
  slow      plays the first free cell, 0.11 s late from its second answer
            on (over a 100 ms limit; a timeout by the SDK's soft limit
            at its fourth answer, or at once when later than the grace)
  twolines  answers two lines on its first turn; the second stays queued
            and is read as its next answer
  crlf      ends its answers with "\\r\\n"; cr: with "\\r" alone
Standard library only.
"""
import sys
import time


def turn():
    line = sys.stdin.readline()
    if not line:
        return None
    n = int(sys.stdin.readline())
    return [sys.stdin.readline().strip() for _ in range(n)]


def main(mode):
    if mode == "exit":
        return 0
    k = 0
    while True:
        cells = turn()
        if cells is None:
            return 0
        k += 1
        answer, end = cells[0], "\n"
        if mode == "sleep" and k > 1:
            time.sleep(60)
        if mode == "invalid":
            answer = "9 9"
        if mode == "slow" and k > 1:
            time.sleep(0.11)
        if mode == "twolines" and k == 1:
            answer = cells[0] + "\n" + cells[1]
        if mode == "crlf":
            end = "\r\n"
        if mode == "cr":
            end = "\r"
        sys.stdout.write(answer + end)
        sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
