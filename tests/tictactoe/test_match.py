#!/usr/bin/env python3
"""test_match.py -- build/tictactoe-referee's match mode: the JSON line
follows the README contract; every --trace file is a legal game whose end
matches the JSON (checked here with rules written in Python); the perfect
bot draws itself, never loses to random and beats `first` from both seats;
crashes, timeouts and answers that are not free cells lose with a detail;
the seed reaches the bots (TICTACTOE_SEED), so a match replays exactly;
bad command lines exit 2. Last line: "N passed, N failed".

Usage (from the repository root):
  tests/tictactoe/test_match.py REFEREE BOT RANDOM_BOT FIRST_BOT
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

KEYS = ("game", "seed", "ranks", "scores", "errors", "turns", "think_mean_ms", "think_max_ms", "detail")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def match(ref, args, bots, trace=None):
    cmd = [ref, "match"] + args + (["--trace", trace] if trace else []) + ["--"] + bots
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    try:
        return p.returncode, json.loads(p.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        return p.returncode, None


def trace_problem(path, res, bots):
    """None if the trace is a legal game that ends as res says, else why not."""
    with open(path, encoding="ascii") as f:
        rows = f.read().split("\n")
    if rows[-1] == "":
        rows.pop()
    head = ["TICTACTOE_TRACE 1", "SEED %d" % res["seed"], "BOT 0 %s" % bots[0], "BOT 1 %s" % bots[1]]
    if rows[:4] != head:
        return "the header is %r" % rows[:4]
    board, won, moves, errors = [None] * 9, None, 0, ["", ""]
    for r in rows[4:-1]:
        w = r.split()
        if w[0] == "ERROR":
            errors[int(w[1])] = w[2]
            if " ".join(w[3:]) != res["detail"][int(w[1])]:
                return "ERROR line %r, detail %r" % (r, res["detail"])
            continue
        p, row, col, ms = int(w[1]), int(w[2]), int(w[3]), float(w[4])
        c = 3 * row + col
        if w[0] != "MOVE" or p != moves % 2 or board[c] is not None or won is not None or ms < 0:
            return "move %d (%s) is not legal" % (moves + 1, r)
        board[c] = p
        moves += 1
        if any(board[a] == board[b] == board[d] == p for a, b, d in LINES):
            won = p
    end = rows[-1]
    if moves != res["turns"] or errors != res["errors"]:
        return "%d moves, errors %s; the JSON says %d turns, %s" % (moves, errors, res["turns"], res["errors"])
    if won is not None and end != "END winner %d" % won:
        return "player %d made a line, the trace ends %r" % (won, end)
    if won is None and not any(errors) and end != "END draw":
        return "no line and no error, the trace ends %r" % end
    if any(errors) and end != "END winner %d" % errors.index(""):
        return "player %d erred, the trace ends %r" % (errors.index("") ^ 1, end)
    return None


def main(argv):
    ref, bot, rnd, first = argv[1:5]
    check = pyunit.Checks()
    with tempfile.TemporaryDirectory(prefix="tictactoe-match-") as tmp:
        return run_all(check, ref, bot, rnd, first, tmp)


def run_all(check, ref, bot, rnd, first, tmp):

    cases = [  # name, args, bots, the failing seat and its error, the winner (None: draw, "any")
        ("perfect vs itself", ["--seed", "1"], [bot, bot], None, None, None),
        ("perfect vs first", ["--seed", "2"], [bot, first], None, None, 0),
        ("first vs perfect", ["--seed", "2"], [first, bot], None, None, 1),
        ("random vs random", ["--seed", "3"], [rnd, rnd], None, None, "any"),
        ("crash", ["--seed", "4"], ["true", bot], 0, "crash", 1),
        ("occupied cell", ["--seed", "5"], [bot, "yes 0 0"], 1, "invalid", 0),
        ("off the board", ["--seed", "6"], ["yes 3 1", bot], 0, "invalid", 1),
        ("junk answer", ["--seed", "7"], [bot, "yes 1 1 please"], 1, "invalid", 0),
        ("timeout", ["--seed", "8", "--limit-ms", "300,100"], ["sleep 5", bot], 0, "timeout", 1),
    ]
    for name, args, bots, bad, err, win in cases:
        trace = os.path.join(tmp, name.replace(" ", "_") + ".txt")
        rc, res = match(ref, args, bots, trace)
        if res is None or not all(k in res for k in KEYS):
            check(False, "%s: a JSON line with the contract's keys (exit %d, %r)" % (name, rc, res))
            continue
        ok = rc == 0 and res["game"] == "tictactoe" and res["seed"] == int(args[1])
        s0, s1 = res["scores"]
        ok = ok and res["ranks"] == [0 if s0 >= s1 else 1, 0 if s1 >= s0 else 1]
        if err:
            ok = ok and res["errors"][bad] == err and res["scores"][bad] == -1 and res["detail"][bad] != ""
            ok = ok and res["errors"][1 - bad] == "" and res["detail"][1 - bad] == ""
        else:
            ok = ok and res["errors"] == ["", ""] and res["detail"] == ["", ""]
        if win is None:
            ok = ok and res["ranks"] == [0, 0] and res["turns"] == 9
        elif win != "any":
            ok = ok and res["ranks"][win] == 0 and res["ranks"][1 - win] == 1
        check(ok, "%s: %s" % (name, json.dumps(res)))
        problem = trace_problem(trace, res, bots)
        check(problem is None, "%s: the trace is the game (%s)" % (name, problem or "ok"))
    # the details say what happened
    _, res = match(ref, ["--seed", "5"], [bot, "yes 0 0"])
    check(res and res["detail"][1] == 'turn 2, answer 1: "0 0" is not a free cell "row col"',
          "an invalid answer's detail names the turn and the answer: %r" % (res and res["detail"]))
    _, res = match(ref, ["--seed", "8", "--limit-ms", "300,100"], ["sleep 5", bot])
    check(res and res["detail"][0].startswith("turn 1, answer 1: no line after") and "(limit 300)" in res["detail"][0],
          "a timeout's detail names the turn, the answer and the limit: %r" % (res and res["detail"]))

    # every seat, a few seeds: the perfect bot never loses to random
    lost = []
    for seed in range(10, 16):
        for seat in (0, 1):
            bots = [bot, rnd] if seat == 0 else [rnd, bot]
            _, res = match(ref, ["--seed", str(seed)], bots)
            if not res or res["errors"] != ["", ""] or res["ranks"][seat] != 0:
                lost.append((seed, seat, res))
    check(not lost, "perfect vs random, 12 games from both seats: never lost (%r)" % lost[:2])

    # the seed reaches the bots: same seed, same game; the seeds differ somewhere
    games = []
    for seed in (21, 21, 22, 23, 24):
        t = os.path.join(tmp, "seed%d_%d.txt" % (seed, len(games)))
        match(ref, ["--seed", str(seed)], [rnd, rnd], t)
        with open(t, encoding="ascii") as f:  # the moves, without think times
            games.append([r.split()[:4] for r in f if r.startswith("MOVE ")])
    check(games[0] == games[1] and len(set(map(str, games[1:]))) > 1,
          "random vs random: seed 21 twice gives one game, seeds 21-24 not all the same")

    # bad command lines: exit 2, no JSON
    for name, args in [("no match", []), ("unknown option", ["match", "--bogus", "--", bot, bot]),
                       ("bad limit", ["match", "--limit-ms", "x", "--", bot, bot]),
                       ("one bot", ["match", "--", bot]), ("three bots", ["match", "--", bot, bot, bot]),
                       ("no --", ["match", bot, bot])]:
        p = subprocess.run([ref] + args, capture_output=True, text=True, timeout=30)
        check(p.returncode == 2 and p.stdout == "" and "usage" in p.stderr,
              "%s: exit %d and a usage line" % (name, p.returncode))
    return check.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
