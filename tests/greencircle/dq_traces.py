#!/usr/bin/env python3
"""dq_traces.py -- the disqualification traces in tests/data/greencircle/dq/
show the official referee's disqualification turn (run from the repo root).

Each trace ends with one player disqualified (invalid answer, timeout, or the
crashing TASK_PRIORITIZATION x 9). The referee still advances its phase
machine that turn; each file's name says which path it covers, and this
checks the trace itself: the phase of the bad request, the phase and player
asked next, whether the generator was called (a reshuffle at the end of the
turn), and for x 9 that one card left the game (the thrown card). That
`greencircle-referee replay` reproduces every line is checked by the
test-greencircle step. Last line: "N passed, N failed".
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

DIR = "tests/data/greencircle/dq"
# file: (phase asked, next phase, next player is the same one, generator called)
WANT = {
    "move_to_play.txt": ("MOVE", "PLAY_CARD", True, False),
    "move_to_release.txt": ("MOVE", "RELEASE", True, False),
    "move_ends_turn_reshuffle.txt": ("MOVE", "MOVE", False, True),
    "move_timeout_reshuffle.txt": ("MOVE", "MOVE", False, True),
    "give_stays.txt": ("GIVE_CARD", "GIVE_CARD", True, False),
    "throw_stays.txt": ("THROW_CARD", "THROW_CARD", True, False),
    "play_plays_left.txt": ("PLAY_CARD", "PLAY_CARD", True, False),
    "play_to_release.txt": ("PLAY_CARD", "RELEASE", True, False),
    "play_ends_turn.txt": ("PLAY_CARD", "MOVE", False, False),
    "release_ends_turn.txt": ("RELEASE", "MOVE", False, False),
    "release_ends_turn_reshuffle.txt": ("RELEASE", "MOVE", False, True),
    "tp9_to_release.txt": ("PLAY_CARD", "RELEASE", True, False),
    "tp9_ends_turn.txt": ("PLAY_CARD", "MOVE", False, False),
    "tp9_ends_turn_reshuffle.txt": ("PLAY_CARD", "MOVE", False, True),
}


def cards(state_lines):
    """Every card in a STATE block (desks, pools, piles)."""
    head = state_lines[0]
    n = sum(int(x) for x in re.search(r"desks=([\d,]+)", head).group(1).split(","))
    n += int(re.search(r"bonusPool=(\d+)", head).group(1)) + int(re.search(r"debtPool=(\d+)", head).group(1))
    for line in state_lines[1:3]:
        for pile in ("hand", "draw", "discard", "played", "automated", "permanent"):
            v = re.search(pile + r"=(\S+)", line).group(1)
            n += 0 if v == "-" else len(v)
    return n


def check_one(path, want):
    lines = open(path).read().split("\n")
    bad = [i for i, l in enumerate(lines) if l.startswith("OUT ") and
           (l in ("OUT HELLO WORLD", "OUT (timeout)") or re.match(r"OUT TASK_PRIORITIZATION \d 9$", l))]
    if len(bad) != 1:
        return "expected one bad answer, found %d" % len(bad)
    i = bad[0]
    t = i
    while not lines[t].startswith("TURN "):
        t -= 1
    player = int(lines[t].split()[3])
    phase = lines[t + 1]
    rng = lines[i + 1].startswith("RNG ")
    s = i + (2 if rng else 1)
    m = re.match(r"STATE AFTER \d+ next=(\d):(\w+)", lines[s])
    if not m:
        return "no state after the bad answer"
    got = (phase, m.group(2), int(m.group(1)) == player, rng)
    if got != want:
        return "got %s, want %s" % (got, want)
    if not any(l.startswith("END reason=deactivation") for l in lines[s:]):
        return "the game does not end by deactivation"
    prev = max(k for k in range(t) if lines[k].startswith("STATE "))
    lost = cards(lines[prev:prev + 3]) - cards(lines[s:s + 3])
    if lost != (1 if "tp9" in path else 0):
        return "%d cards left the game" % lost
    return ""


def main():
    check = pyunit.Checks()
    files = sorted(f for f in os.listdir(DIR) if f.endswith(".txt"))
    check(sorted(WANT) == files, "the folder holds exactly the expected traces")
    for name in sorted(WANT):
        path = os.path.join(DIR, name)
        why = check_one(path, WANT[name]) if os.path.exists(path) else "missing"
        check(not why, "%s %s" % (name, why))
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
