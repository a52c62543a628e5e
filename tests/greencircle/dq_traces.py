#!/usr/bin/env python3
"""dq_traces.py -- the official-referee disqualification traces in
tests/data/greencircle/dq/ are what their names say (run from the repo root).

A file is named PHASE_MODE_NEXT[_reshuffle][_at4]_seedS.txt: the phase of
the bad request (move, give, throw, play, release), how the player broke the
protocol (invalid, wrongphase, illegal, overflow, tp9, timeout, crash, as
tests/greencircle/dqbot.py makes them), where the referee's phase machine
went that same turn (stays in the phase, to_play, to_release, or ends_turn),
whether ending the turn reshuffled (a generator call), and whether the player
held four applications. This checks each name against its trace: the bad
answer is the last one, the game ends by deactivation, the player's score
reads -1 from that turn (state and APPS line) while the platform scores stay
0 and 1, and no card left the game except the one a tp9 crash destroys.
It also checks the folder covers invalid, wrongphase, illegal and timeout
in every phase, with at least 30 files. That `greencircle-referee replay`
reproduces every line is the test-greencircle step's job.
Last line: "N passed, N failed".
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

DIR = "tests/data/greencircle/dq"
PHASES = {"move": "MOVE", "give": "GIVE_CARD", "throw": "THROW_CARD", "play": "PLAY_CARD", "release": "RELEASE"}
NAME = re.compile(r"^(move|give|throw|play|release)_(invalid|wrongphase|illegal|overflow|tp9|timeout|crash)_"
                  r"(stays|to_play|to_release|ends_turn)(_reshuffle)?(_at4)?_seed(-?\d+)\.txt$")
CARDS = ("TRAINING", "CODING", "DAILY_ROUTINE", "TASK_PRIORITIZATION", "ARCHITECTURE_STUDY",
         "CONTINUOUS_INTEGRATION", "CODE_REVIEW", "REFACTORING")
VERB = {"MOVE": ("MOVE",), "GIVE_CARD": ("GIVE",), "THROW_CARD": ("THROW",), "PLAY_CARD": CARDS, "RELEASE": ("RELEASE",)}


def mode_of(out, phase):
    """The way the answer breaks the protocol, or None if it looks legal."""
    if out == "HELLO WORLD":
        return "invalid"
    if out in ("(timeout)", "(crash)"):
        return out[1:-1]
    if re.match(r"TASK_PRIORITIZATION \d 9$", out):
        return "tp9"
    if "99999999999" in out:
        return "overflow"
    if out == ("WAIT" if phase == "MOVE" else "MOVE 1"):
        return "wrongphase"
    if out.split(" ")[0] in VERB[phase]:
        return "illegal"
    return None


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


def check_one(path, m):
    phase_want = PHASES[m.group(1)]
    lines = open(path).read().split("\n")
    if not any(line == "SEED " + m.group(6) for line in lines):
        return "the SEED line is not the name's"
    t = max(i for i, line in enumerate(lines) if line.startswith("TURN "))
    player = int(lines[t].split()[3])
    phase = lines[t + 1]
    o = next(i for i in range(t, len(lines)) if lines[i].startswith("OUT "))
    rng = lines[o + 1].startswith("RNG ")
    s = o + (2 if rng else 1)
    st = re.match(r"STATE AFTER \d+ next=(\d):(\w+)", lines[s])
    prev = max(k for k in range(t) if lines[k].startswith("STATE "))
    score = int(re.search(r"score=(-?\d+)", lines[prev + 1 + player]).group(1))
    if not st:
        return "no state after the bad answer"
    if phase != phase_want or mode_of(lines[o][4:], phase) != m.group(2):
        return "last answer %r in %s" % (lines[o][4:], phase)
    same = int(st.group(1)) == player
    nxt = "stays" if same and st.group(2) == phase else "to_" + st.group(2).lower().replace("_card", "") if same \
        else "ends_turn" if st.group(2) == "MOVE" else "?"
    if nxt != m.group(3) or rng != bool(m.group(4)) or (score == 4) != bool(m.group(5)):
        return "went %s, reshuffle %s, score before %d" % (nxt, rng, score)
    if "score=-1" not in lines[s + 1 + player]:
        return "the score after the bad answer is not -1"
    tail = lines[s + 3:]
    apps = next((line.split() for line in tail if line.startswith("APPS ")), None)
    final = next((line.split() for line in tail if line.startswith("FINAL_SCORES ")), None)
    if not any(line.startswith("END reason=deactivation") for line in tail):
        return "the game does not end by deactivation"
    if not apps or apps[1 + player] != "-1" or not final or final[1 + player] != "0" or final[2 - player] != "1":
        return "APPS or FINAL_SCORES wrong: %s %s" % (apps, final)
    lost = cards(lines[prev:prev + 3]) - cards(lines[s:s + 3])
    if lost != (1 if m.group(2) == "tp9" else 0):
        return "%d cards left the game" % lost
    return ""


def main():
    check = pyunit.Checks()
    files = sorted(f for f in os.listdir(DIR) if f.endswith(".txt"))
    check(len(files) >= 30, "at least 30 traces (%d)" % len(files))
    seen = set()
    for name in files:
        m = NAME.match(name)
        check(m is not None, "%s is named PHASE_MODE_NEXT[_reshuffle][_at4]_seedS.txt" % name)
        if m:
            seen.add((m.group(1), m.group(2)))
            why = check_one(os.path.join(DIR, name), m)
            check(not why, "%s %s" % (name, why))
    for ph in PHASES:
        for mode in ("invalid", "wrongphase", "illegal", "timeout"):
            check((ph, mode) in seen, "a %s trace in %s" % (mode, ph))
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
