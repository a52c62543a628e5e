#!/usr/bin/env python3
"""test_protocol.py -- the Spring Challenge 2021 bot (build/spring2021) over
its real stdin/stdout protocol: given an official trace's first (or 31st)
turn as its first input, it answers one line among the listed actions, in
the wood leagues too and when the list leaves out its own choice; truncated
input gives WAIT and a clean exit; garbage never crashes it. Last line: "N passed, N failed".

Usage (from the repository root): tests/spring2021/test_protocol.py BOT TRACE_DIR
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402


def turn_input(trace, k=0):
    """Player 0's INIT lines plus its k-th IN block (0-based), and the actions
    listed in that block."""
    with open(trace, encoding="ascii") as f:
        rows = f.read().split("\n")
    init, seen, i = [], 0, 0
    while i < len(rows):
        r = rows[i]
        if r.startswith("INIT 0 ") or r.startswith("IN 0 "):
            n = int(r.split()[2])
            block = rows[i + 1:i + 1 + n]
            if r.startswith("INIT 0 "):
                init = block
            elif seen == k:
                ntrees = int(block[4])
                actions = block[5 + ntrees + 1:]
                return init + block, actions
            else:
                seen += 1
            i += 1 + n
            continue
        i += 1
    raise ValueError("no turn %d in %s" % (k, trace))


# The bot searches on a work budget (its widest beam pass), not the clock:
# the same answer on any machine at any load (issue 34).
BOT_ENV = dict(os.environ, SPRING2021_BUDGET="256", SPRING2021_SEED="1")


def run(bot, text, timeout=300):
    p = subprocess.run([bot], input=text.encode(), capture_output=True, timeout=timeout, env=BOT_ENV)
    return p.returncode, p.stdout.decode(errors="replace").split("\n")


def main(argv):
    bot, tdir = argv[1], argv[2]
    names = sorted(n for n in os.listdir(tdir) if n.startswith("t") and "bronze" in n)[:3]
    check = pyunit.Checks()

    for n in names:
        for k in (0, 30):
            lines, actions = turn_input(os.path.join(tdir, n), k)
            rc, out = run(bot, "\n".join(lines) + "\n")
            check(rc == 0 and len(out) >= 1 and out[0] in actions and out[1:] in ([], [""]),
                  "turn %d of %s answered %r (one of %d listed)" % (k, n, out[0] if out else None, len(actions)))
    # wood leagues: the first turn's trees tell the league, and the answer
    # stays within the (smaller) command set
    woods = sorted(n for n in os.listdir(tdir) if n.startswith("t") and "wood" in n)
    for league in ("wood2", "wood1"):
        for n in [w for w in woods if league in w][:2]:
            for k in (0, 1):
                try:
                    lines, actions = turn_input(os.path.join(tdir, n), k)
                except ValueError:  # no second turn: the game ended at once
                    if k == 0:
                        check(False, "%s has a first turn" % n)
                    continue
                rc, out = run(bot, "\n".join(lines) + "\n")
                check(rc == 0 and len(out) >= 1 and out[0] in actions,
                      "%s turn %d of %s answered %r (one of %d listed)" %
                      (league, k, n, out[0] if out else None, len(actions)))
    # a list that leaves out the search's likely choices: the answer is
    # still a listed action (COMPLETE/GROW before WAIT)
    lines, actions = turn_input(os.path.join(tdir, names[0]), 30)
    grows = [a for a in actions if a.startswith("GROW")]
    if grows:
        head = lines[:len(lines) - len(actions) - 1]
        rc, out = run(bot, "\n".join(head + ["2", "WAIT", grows[-1]]) + "\n")
        check(rc == 0 and out[:1] == [grows[-1]], "short list {WAIT, %s} -> %r" % (grows[-1], out[:1]))
    else:
        check(False, "turn 30 of %s lists a GROW" % names[0])
    lines, _ = turn_input(os.path.join(tdir, names[0]))
    rc, out = run(bot, "\n".join(lines[:45]) + "\n")
    check(rc == 0 and out[0] == "WAIT", "truncated turn -> WAIT, exit 0")
    rc, out = run(bot, "hello\n\x00\x01 -5 99999999999999999999\n" * 50)
    check(rc == 0 and out in ([], [""]), "garbage input -> no crash, no answer (exit %d, %d lines)" % (rc, len(out)))
    # an off-board cell in the list is never answered as another cell
    # (it parses as cell 63): only a listed line as given, or WAIT
    lines, actions = turn_input(os.path.join(tdir, names[0]), 30)
    head = lines[:len(lines) - len(actions) - 1]
    for listed in (["WAIT", "GROW 40"], ["GROW 40", "COMPLETE 99", "SEED 50 51"], ["GROW 40"]):
        rc, out = run(bot, "\n".join(head + [str(len(listed))] + listed) + "\n")
        check(rc == 0 and out[:1] in (["WAIT"],) + tuple([a] for a in listed if a == "WAIT") and out[1:] in ([], [""]),
              "list %s -> %r" % (listed, out))
    # after a corrupt line: one WAIT for that turn, then the next turn's
    # header is found and answered once (not one answer per bad line)
    init_len = int(lines[0]) + 1
    t0, a0 = turn_input(os.path.join(tdir, names[0]), 0)
    t1, a1 = turn_input(os.path.join(tdir, names[0]), 1)
    b0, b1 = t0[init_len:], t1[init_len:]
    ntrees = int(b0[4])
    bad_tree = b0[:6] + ["7 x 1 0"] + b0[7:]  # a tree line corrupt
    bad_count = b0[:5 + ntrees] + ["oops"] + b0[6 + ntrees:]  # the action count corrupt
    cases = [("corrupt tree line", bad_tree), ("corrupt action count", bad_count),
             ("20 junk lines after the turn", b0 + ["12", "3 4", "GROW 5", "x"] * 5)]
    for name, first in cases:
        rc, out = run(bot, "\n".join(t0[:init_len] + first + b1) + "\n")
        out = [o for o in out if o != ""]
        first_ok = out[:1] == ["WAIT"] if name.startswith("corrupt") else out[:1] != [] and out[0] in a0
        check(rc == 0 and len(out) == 2 and first_ok and out[1] in a1,
              "%s: answers %r (want 2: %s, then one of turn 1's)" % (name, out[:4], "WAIT" if name.startswith("corrupt") else "a listed one"))
    rc, out = run(bot, "")
    check(rc == 0 and out in ([], [""]), "empty input -> clean exit")
    return check.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
