#!/usr/bin/env python3
"""test_protocol.py -- the tic-tac-toe bots over their real stdin/stdout
protocol (CodinGame "Tic-Tac-Toe"). For the main bot: whole games from both
seats against a scripted opponent (every answer a free listed cell, one line
a turn, a forced win taken and a threat blocked); then bad input: each case
gets a message on stderr, one answer per turn that is legal, and a clean
exit (status 0, no crash, no hang). The sparring bots answer a listed cell.
Last line: "N passed, N failed".

Usage (from the repository root):
  tests/tictactoe/test_protocol.py BOT [SPARRING_BOT...]
"""
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

ANSWER = re.compile(r"^[0-2] [0-2]$")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def turn_text(opp, free):
    """One turn's input: the opponent's last cell (None: -1 -1) and the free cells."""
    head = "-1 -1" if opp is None else "%d %d" % divmod(opp, 3)
    return "%s\n%d\n%s" % (head, len(free), "".join("%d %d\n" % divmod(c, 3) for c in free))


def winner(board):
    for a, b, c in LINES:
        if board[a] and board[a] == board[b] == board[c]:
            return board[a]
    return None


def run(bot, text, timeout=10):
    p = subprocess.run([bot], input=text.encode("latin-1"), capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace").splitlines(), p.stderr.decode(errors="replace")


class Game:
    """Plays the bot through a pipe, one turn at a time, as a referee does."""

    def __init__(self, bot):
        self.p = subprocess.Popen([bot], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def ask(self, text):
        self.p.stdin.write(text)
        self.p.stdin.flush()
        return self.p.stdout.readline().strip()

    def close(self):
        self.p.stdin.close()
        return self.p.wait(timeout=10)


def play(bot, bot_first, rnd):
    """A whole game, the opponent random. Returns (problem or None, result)."""
    board = [0] * 9  # 1: the bot, 2: the opponent
    g = Game(bot)
    opp = None
    if not bot_first:
        opp = rnd.randrange(9)
        board[opp] = 2
    while True:
        free = [c for c in range(9) if not board[c]]
        ans = g.ask(turn_text(opp, free))
        if not ANSWER.match(ans):
            g.close()
            return "answer %r" % ans, None
        cell = 3 * int(ans[0]) + int(ans[2])
        if board[cell]:
            g.close()
            return "occupied cell %r" % ans, None
        board[cell] = 1
        free = [c for c in range(9) if not board[c]]
        if winner(board) or not free:
            break
        opp = rnd.choice(free)
        board[opp] = 2
        if winner(board) or len(free) == 1:
            break
    rc = g.close()
    return (None if rc == 0 else "exit %d" % rc), winner(board) or 0


def main(argv):
    bot, sparring = argv[1], argv[2:]
    check = pyunit.Checks()
    rnd = random.Random(int(os.environ.get("TH_SEED", "2026"), 0))

    # 1. whole games, both seats: never an illegal answer, never a loss
    for bot_first in (True, False):
        results = []
        for _ in range(20):
            problem, res = play(bot, bot_first, rnd)
            if problem:
                results.append(problem)
                break
            results.append(res)
        check(all(r in (0, 1) for r in results) and 1 in results,
              "20 games %s vs random: legal answers, no loss (%s)"
              % ("first" if bot_first else "second", " ".join(map(str, results))))

    # 2. a position with one right answer a turn: the opponent (first)
    # takes corner 0; the only reply that does not lose is the centre; the
    # opponent then threatens 0-1-2 and the bot must block at 2
    rc, out, _ = run(bot, turn_text(0, [1, 2, 3, 4, 5, 6, 7, 8]) + turn_text(1, [2, 3, 5, 6, 7, 8]))
    check(rc == 0 and out == ["1 1", "0 2"],
          "as second player: the centre after a corner, then the block at 0 2 (%r)" % out)

    # 3. bad input: a message on stderr, legal answers, a clean exit
    full = [c for c in range(9)]
    cases = [
        ("empty input", "", 0, None),
        ("garbage first line", "hello\n9\n" + "".join("%d %d\n" % divmod(c, 3) for c in full), 1, full),
        ("count not a number", "-1 -1\nnine\n", 1, None),
        ("count out of range", "-1 -1\n1000\n0 0\n", 2, None),
        ("cells off the board", "-1 -1\n3\n5 5\n0 -1\n2 2\n", 1, [8]),
        ("a repeated cell", "-1 -1\n3\n2 2\n2 2\n1 0\n", 1, [8, 3]),
        ("truncated list", "-1 -1\n9\n0 0\n0 1\n", 1, [0, 1]),
        ("list without the AI's choice", turn_text(None, [7]), 1, [7]),
        ("junk after a good turn", turn_text(None, full) + "@@\n", 2, None),
        ("binary junk", "\x00\xff\x01\n\x02\n", 1, None),
        ("a very long line", "-1 -1\n1\n" + "1 " * 5000 + "\n", 1, None),
        ("opponent -1 3", "-1 3\n2\n0 0\n2 2\n", 1, [0, 8]),
        ("-1 -1 after the first turn", turn_text(None, full) + "-1 -1\n1\n2 1\n", 2, None),
        ("CRLF line ends", "-1 -1\r\n2\r\n0 0\r\n2 2\r\n", 1, [0, 8]),
    ]
    for name, text, turns, listed in cases:
        try:
            rc, out, err = run(bot, text)
        except subprocess.TimeoutExpired:
            check(False, "%s: the bot hangs" % name)
            continue
        ok = rc == 0 and len(out) == turns and all(ANSWER.match(x) for x in out)
        if listed is not None and out:
            ok = ok and 3 * int(out[0][0]) + int(out[0][2]) in listed
        if name not in ("empty input", "CRLF line ends", "list without the AI's choice"):
            ok = ok and "tictactoe:" in err
        check(ok, "%s: exit %d, answers %r" % (name, rc, out))

    # after the first answer, the opponent claims the cell the bot took
    rc, out, _ = run(bot, turn_text(None, full))
    first = out[0] if out else "1 1"
    c = 3 * int(first[0]) + int(first[2])
    rest = [x for x in full if x != c]
    rc, out, err = run(bot, turn_text(None, full) + turn_text(c, rest[1:]))
    check(rc == 0 and len(out) == 2 and 3 * int(out[1][0]) + int(out[1][2]) in rest[1:]
          and "does not fit our board" in err,
          "opponent's move on the bot's own cell: reported, answer from the list (%r)" % out)

    # 4. sparring bots: one listed answer per turn, bad input survived
    for sb in sparring:
        rc, out, _ = run(sb, turn_text(None, [2, 5, 7]) + turn_text(0, [5]))
        ok = rc == 0 and len(out) == 2 and out[0] in ("0 2", "1 2", "2 1") and out[1] == "1 2"
        rc2, out2, err2 = run(sb, "junk\nmore junk\n")
        check(ok and rc2 == 0 and len(out2) == 1 and ANSWER.match(out2[0]) and err2,
              "%s: listed answers %r, bad input answered %r" % (os.path.basename(sb), out, out2))
    return check.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
