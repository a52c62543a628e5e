#!/usr/bin/env python3
"""replaybot.py -- a bot that replays one player's recorded answers from a
cgref trace (tools/cgref/src/cgref/Main.java) and logs what it is sent.

Usage: replaybot.py TRACE PLAYER LOG

`arena.py diff` runs our own referee with one replay bot a seat: before
answer k the bot reads as many lines as the official referee sent the
player before its answer k, logs them (one JSON line {"k": k, "in": [...]}
to LOG), then writes the recorded answer. Where the official player gave
no answer (timeout, closed output, the SDK's soft limit) it exits instead,
so our referee sees that player fail at the same point. When the lines do
not come (our referee sent fewer) it waits WAIT_S seconds, logs what came
and exits; after the last recorded answer it logs whatever more comes
within WAIT_S seconds, then exits. Lines are compared as bytes decoded as
UTF-8 (undecodable bytes kept as escapes). Standard library only.
"""
import json
import os
import select
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import arena  # noqa: E402  (the repository root: one reader of official traces)

WAIT_S = 2.0


def read_answers(path, player):
    """[(inputs, answer lines or None)] of one player, in order: its part of
    the official trace as arena.read_cgref_trace reads it."""
    players = arena.read_cgref_trace(path)["players"]
    return players[player] if 0 <= player < len(players) else []


class Lines:
    """Lines from fd 0 with a timeout."""

    def __init__(self):
        self.buf = b""
        self.eof = False

    def get(self, timeout):
        while b"\n" not in self.buf:
            if self.eof or not select.select([0], [], [], timeout)[0]:
                return None
            chunk = os.read(0, 65536)
            if not chunk:
                self.eof = True
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "surrogateescape")


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: replaybot.py TRACE PLAYER LOG\n")
        return 2
    answers = read_answers(argv[1], int(argv[2]))
    src = Lines()
    with open(argv[3], "w", encoding="utf-8") as log:
        for k, (inputs, answer) in enumerate(answers):
            got = []
            for _ in inputs:
                line = src.get(WAIT_S)
                if line is None:
                    break
                got.append(line)
            log.write(json.dumps({"k": k, "in": got}) + "\n")
            log.flush()
            if len(got) < len(inputs) or answer is None:
                return 0
            data = "".join(a + "\n" for a in answer).encode("utf-8", "surrogateescape")
            try:
                os.write(1, data)
            except OSError:
                return 0
        extra = []
        while True:
            line = src.get(WAIT_S)
            if line is None:
                break
            extra.append(line)
        if extra:
            log.write(json.dumps({"k": len(answers), "in": extra}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
