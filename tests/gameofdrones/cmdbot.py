#!/usr/bin/env python3
"""cmdbot.py -- a GameOfDrones command bot for the referee's line protocol
(games/gameofdrones/referee.c): plays like the built-in `zerg` (all
soldiers, attack on turn 2), or misbehaves on request for tests:
  cmdbot.py [zerg|garbage|crash]
"""
import sys


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "zerg"
    turn = 0
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "round":
            turn = 0
        elif w[0] == "turn":
            turn += 1
            if mode == "garbage":
                print("attack now please", flush=True)
            elif mode == "crash":
                return 3
            p = float(w[1])
            print("0 %.17g %d" % (p, 1 if turn == 2 else 0), flush=True)
        elif w[0] == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
