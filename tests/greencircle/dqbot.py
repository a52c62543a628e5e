#!/usr/bin/env python3
"""dqbot.py -- a Green Circle bot that gets itself disqualified on purpose,
for the disqualification traces in tests/data/greencircle/dq/.

    python3 tests/greencircle/dqbot.py PHASE K MODE

Answers the first listed option (like the traces' `first` bot) until its K-th
request in phase PHASE (MOVE, GIVE_CARD, THROW_CARD, PLAY_CARD, RELEASE),
which it answers by MODE: `invalid` (an unknown command), `timeout` (sleeps
0.3 s, then answers), or `tp9` (TASK_PRIORITIZATION x 9 with x the first type
it may throw; quirk Q2 -- if it holds no TASK_PRIORITIZATION it waits for a
later PLAY_CARD request that does). Exits at end of input.
"""
import sys
import time


def main():
    phase_want, k, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seen = 0
    while True:
        phase = sys.stdin.readline()
        if not phase:
            return
        phase = phase.strip()
        napps = int(sys.stdin.readline())
        for _ in range(napps + 2):
            sys.stdin.readline()
        hand = [0] * 10
        for _ in range(int(sys.stdin.readline())):
            w = sys.stdin.readline().split()
            if w and w[0] == "HAND":
                hand = [int(x) for x in w[1:11]]
        opts = [sys.stdin.readline().strip() for _ in range(int(sys.stdin.readline()))]
        answer = opts[0]
        if phase == phase_want:
            seen += 1
            if seen >= k:
                if mode == "invalid":
                    answer = "HELLO WORLD"
                elif mode == "timeout":
                    time.sleep(0.3)
                elif mode == "tp9" and hand[3] > 0:
                    x = next(t for t in range(9) if hand[t] > (1 if t == 3 else 0)) if sum(hand[:9]) > 1 else None
                    if x is not None:
                        answer = "TASK_PRIORITIZATION %d 9" % x
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
