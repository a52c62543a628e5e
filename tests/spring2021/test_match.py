#!/usr/bin/env python3
"""test_match.py -- build/spring2021-referee's match mode: the JSON result
line follows the README contract, crashes / timeouts / malformed lines lose
as on CodinGame, and every trace it writes replays exactly with its own
`replay` command (so match and replay agree line for line). With BOT, the
bot also plays whole games in both wood leagues from both seats: never an
invalid command, a win over random in wood 1 (six days), and the same game
on a second run (the bot on a work budget, both bots seeded: no verdict
depends on the machine's speed).
Last line: "N passed, N failed".

Usage (from the repository root):
  tests/spring2021/test_match.py REFEREE RANDOM_BOT TMPDIR [BOT]
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402


# The bots' games: the bot searches on a work budget, not the clock
# (SPRING2021_BUDGET: its widest beam pass), both bots' generators are seeded
# (SPRING2021_SEED) and the referee's time limits are out of reach, so the
# game depends on its seeds alone (random against random too), whatever the machine's load (issue 34).
BOT_ENV = {"SPRING2021_BUDGET": "256", "SPRING2021_SEED": "1"}
GENEROUS = ["--limit-ms", "60000,60000"]


def bot_game(ref, seats, league, trace):
    """One game from seed 20 + league; (stdout, result or None, trace text or None)."""
    p = subprocess.run([ref, "match", "--seed", str(20 + league), "--league", str(league), "--trace", trace]
                       + GENEROUS + ["--"] + seats, capture_output=True, text=True, timeout=600)
    try:
        res = json.loads(p.stdout.strip().split("\n")[-1])
        with open(trace, encoding="utf-8") as f:
            return p.stdout.strip(), res, f.read()
    except (ValueError, IndexError, OSError):
        return p.stdout.strip(), None, None


def main(argv):
    ref, rnd, tmp = argv[1], argv[2], argv[3]
    os.environ.update(BOT_ENV)  # every bot started below: budget and seed
    os.makedirs(tmp, exist_ok=True)
    check = pyunit.Checks()

    cases = [
        ("league3", ["--seed", "11"], rnd, rnd, None),
        ("league2", ["--seed", "12", "--league", "2"], rnd, rnd, None),
        ("league1", ["--seed", "13", "--league", "1"], rnd, rnd, None),
        ("crash", ["--seed", "14"], "true", rnd, "crash"),
        ("invalid", ["--seed", "15"], rnd, "yes JUMP", "invalid"),
        ("timeout", ["--seed", "16", "--limit-ms", "300,100"], "sleep 5", rnd, "timeout"),
    ]
    for name, args, b0, b1, err in cases:
        trace = os.path.join(tmp, "match_%s.txt" % name)
        limits = [] if err == "timeout" else GENEROUS
        p = subprocess.run([ref, "match"] + args + limits + ["--trace", trace, "--", b0, b1],
                           capture_output=True, text=True, timeout=600)
        try:
            res = json.loads(p.stdout.strip().split("\n")[-1])
        except (ValueError, IndexError):
            check(False, "%s: JSON line (exit %d, %r)" % (name, p.returncode, p.stdout[-200:]))
            continue
        keys = {"game", "seed", "ranks", "scores", "errors", "turns", "think_mean_ms", "think_max_ms"}
        ok = p.returncode == 0 and keys <= set(res) and res["game"] == "spring2021"
        ok = ok and res["seed"] == int(args[1]) and len(res["ranks"]) == 2
        s0, s1 = res["scores"]
        ok = ok and res["ranks"] == [0 if s0 >= s1 else 1, 0 if s1 >= s0 else 1]
        if err:
            bad = 1 if b1 != rnd else 0  # the seat of the failing bot
            ok = ok and res["errors"][bad] == err and res["scores"][bad] == -1 and res["ranks"][bad] == 1
            if err == "timeout":  # the detail names the first answer and the limit
                ok = ok and res["detail"][bad].startswith("turn 1, answer 1: no line after")
                ok = ok and "(limit 300), host steal " in res["detail"][bad] and res["detail"][1 - bad] == ""
        else:
            ok = ok and res["errors"] == ["", ""]
        check(ok, "%s: result %s" % (name, p.stdout.strip()))
        r = subprocess.run([ref, "replay", trace], capture_output=True, text=True, timeout=600)
        check(r.returncode == 0, "%s: its trace replays (%s)" % (name, r.stdout.strip()[-160:]))
    # edge rules of the official parser, as trace tests: an int overflow's
    # FINAL reason is Java's NumberFormatException text (the first number
    # parsed), and U+0085 / U+2028 / U+2029 in a message disqualify
    nfe = "but got 'java.lang.NumberFormatException: For input string: \"%s\"'"
    edges = [
        ("grow_overflow", "GROW 99999999999", nfe % "99999999999"),
        ("complete_overflow", "COMPLETE 2147483648", nfe % "2147483648"),
        ("seed_overflow", "SEED 4294967296 1", nfe % "4294967296"),
        ("seed_target_overflow", "SEED 1 4294967296", nfe % "4294967296"),
        ("u0085", "WAIT a\u0085b", "but got 'WAIT a\u0085b'"),
        ("u2028", "GROW 1 \u2028", "but got 'GROW 1 \u2028'"),
        ("u2029", "WAIT \u2029", "but got 'WAIT \u2029'"),
    ]
    for name, line, reason in edges:
        trace = os.path.join(tmp, "edge_%s.txt" % name)
        script = os.path.join(tmp, "edge_%s.sh" % name)
        with open(script, "wb") as f:  # answers the line once, then waits for the end
            f.write(b"printf '%s\\n'\ncat >/dev/null\n" % line.encode("utf-8"))
        p = subprocess.run([ref, "match", "--seed", "17", "--trace", trace] + GENEROUS + ["--", "sh " + script, rnd],
                           capture_output=True, text=True, timeout=600)
        try:
            res = json.loads(p.stdout.strip().split("\n")[-1])
            with open(trace, "rb") as f:
                final = [r for r in f.read().decode("utf-8").split("\n") if r.startswith("FINAL 0 ")]
        except (ValueError, IndexError, OSError):
            check(False, "%s: JSON line and trace (exit %d)" % (name, p.returncode))
            continue
        want = "FINAL 0 score -1 sun 2 active 0 reason Invalid Input: Expected SEED <from> <to> | " \
               "GROW <idx> | COMPLETE <idx> | WAIT " + reason
        check(res["errors"][0] == "invalid" and final == [want], "%s: FINAL %r" % (name, final))
        r = subprocess.run([ref, "replay", trace], capture_output=True, text=True, timeout=600)
        check(r.returncode == 0, "%s: its trace replays (%s)" % (name, r.stdout.strip()[-160:]))
    bot = argv[4] if len(argv) > 4 else None
    for league in ((1, 2) if bot else ()):
        for seat in (0, 1):
            seats = [bot, rnd] if seat == 0 else [rnd, bot]
            name = "wood league %d, bot in seat %d" % (league, seat)
            runs = [bot_game(ref, seats, league, os.path.join(tmp, "wood%d_%d_%d.txt" % (league, seat, k)))
                    for k in (0, 1)]
            out, res, trace = runs[0]
            if res is None:
                check(False, "%s: JSON line (%s)" % (name, out[-200:]))
                continue
            ok = res["errors"] == ["", ""] and res["scores"][seat] > 0
            if league == 2:
                ok = ok and res["ranks"][seat] == 0 and res["ranks"][1 - seat] == 1
            check(ok, "%s: %s" % (name, out))
            # the same seeds, budget and seed of the bots: the same game
            check(runs[1][2] is not None and runs[1][2] == trace, "%s: the same game twice (%s)" % (name, runs[1][0]))
    return check.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
