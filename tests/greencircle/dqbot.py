#!/usr/bin/env python3
"""dqbot.py -- a Green Circle bot that gets itself disqualified on purpose,
for the official-referee disqualification traces in tests/data/greencircle/dq/.

    python3 tests/greencircle/dqbot.py PHASE K MODE [MINSCORE [PLAN [COND]]]

Plays PLAN (`first`: the first listed option; `release`: a listed RELEASE
when there is one, else the first option; `random`: always RANDOM;
`fuzzS`: with generator seed S, a listed option at random, or one time in
ten a line from a list of near-misses of the protocol that the referee may
accept or not -- extra spaces, leading zeros, messages, missing or extra
numbers, lower case, other phases' commands) until its
K-th request in phase PHASE (MOVE, GIVE_CARD, THROW_CARD, PLAY_CARD,
RELEASE) counted from the moment its own score reaches MINSCORE (default 0)
and only among the requests where COND holds (`any`, the default;
`noskill`: no skill card in hand, so nothing to play after a move;
`lowdraw`: fewer than 4 cards in the draw pile, so ending the turn
reshuffles; `noskill_lowdraw`: both), which it answers by MODE:

  invalid    an unknown command (`HELLO WORLD`)
  wrongphase a command of another phase (`WAIT` in MOVE, `MOVE 1` elsewhere)
  illegal    the phase's own command against a rule: MOVE to its own desk
             (desk 8 before the first move), GIVE/THROW of a skill it does
             not hold, PLAY_CARD of a card it does not hold, RELEASE of an
             application that is not in play
  overflow   the phase's own command with a number beyond 32 bits (the
             referee's number parsing fails); WAIT-less phases only
  tp9        TASK_PRIORITIZATION x 9 (valid, crashes the referee; if it holds
             no TASK_PRIORITIZATION it waits for a later PLAY_CARD request)
  timeout    no answer (sleeps 8 s; the trace runner's limit is shorter)
  crash      exits without answering
  none       never misbehaves

Stateless apart from its counter and generator; exits at end of input.
"""
import random
import sys
import time

SKILLS = ["TRAINING", "CODING", "DAILY_ROUTINE", "TASK_PRIORITIZATION", "ARCHITECTURE_STUDY",
          "CONTINUOUS_INTEGRATION", "CODE_REVIEW", "REFACTORING"]


def read_request(f):
    """One request as (phase, app ids, my zone, my score, hand and draw
    counts, options), or None at end."""
    phase = f.readline()
    if not phase:
        return None
    apps = [int(f.readline().split()[1]) for _ in range(int(f.readline()))]
    me = [int(x) for x in f.readline().split()]
    f.readline()
    piles = {}
    for _ in range(int(f.readline())):
        w = f.readline().split()
        if w:
            piles[w[0]] = [int(x) for x in w[1:11]]
    opts = [f.readline().strip() for _ in range(int(f.readline()))]
    return phase.strip(), apps, me[0], me[1], piles.get("HAND", [0] * 10), piles.get("DRAW", [0] * 10), opts


def cond_holds(cond, hand, draw):
    noskill = sum(hand[:8]) == 0
    lowdraw = sum(draw) < 4
    return {"any": True, "noskill": noskill, "lowdraw": lowdraw, "noskill_lowdraw": noskill and lowdraw}[cond]


def near_miss(rnd, apps):
    """A line close to the protocol, for the `fuzz` plan."""
    def n():
        return rnd.randrange(11)
    forms = [lambda: "MOVE %d" % n(), lambda: "MOVE %d %d" % (n(), n()), lambda: "MOVE %d hi there" % n(),
             lambda: "MOVE %d %d %d" % (n(), n(), n()), lambda: "MOVE 0%d" % n(), lambda: "MOVE  %d" % n(),
             lambda: "move %d" % n(), lambda: "WAIT", lambda: "WAIT now", lambda: "RANDOM go", lambda: "RANDOMX",
             lambda: "GIVE %d" % n(), lambda: "THROW %d" % n(), lambda: "GIVE %d x" % n(),
             lambda: rnd.choice(SKILLS), lambda: rnd.choice(SKILLS) + " msg",
             lambda: "TASK_PRIORITIZATION %d %d" % (n(), n()), lambda: "CONTINUOUS_INTEGRATION %d" % n(),
             lambda: "CONTINUOUS_INTEGRATION", lambda: "TASK_PRIORITIZATION %d" % n(),
             lambda: "RELEASE %d" % rnd.choice(apps + [n(), 27, 28, 30]), lambda: "RELEASE %d ok" % rnd.choice(apps + [0]),
             lambda: "RELEASE", lambda: "MOVE -1", lambda: "GIVE -1", lambda: "MOVE 1;WAIT"]
    return rnd.choice(forms)()


def plan_answer(plan, opts, apps=(), rnd=None):
    if plan.startswith("fuzz"):
        return near_miss(rnd, list(apps)) if rnd.random() < 0.1 else rnd.choice(opts)
    if plan == "random":
        return "RANDOM"
    if plan == "release":
        rel = [o for o in opts if o.startswith("RELEASE")]
        if rel:
            return rel[0]
    return opts[0]


def bad_answer(mode, phase, apps, zone, hand):
    """The misbehaving line, or None when MODE cannot misbehave here (tp9 without TP)."""
    if mode == "invalid":
        return "HELLO WORLD"
    if mode == "wrongphase":
        return "WAIT" if phase == "MOVE" else "MOVE 1"
    if mode == "illegal":
        if phase == "MOVE":
            return "MOVE %d" % (zone if zone >= 0 else 8)
        if phase in ("GIVE_CARD", "THROW_CARD"):
            t = next((t for t in range(8) if hand[t] == 0), 9)
            return "%s %d" % ("GIVE" if phase == "GIVE_CARD" else "THROW", t)
        if phase == "PLAY_CARD":
            t = next((t for t in range(8) if hand[t] == 0 and t != 3 and t != 5), None)
            return SKILLS[t] if t is not None else "CONTINUOUS_INTEGRATION 9"
        return "RELEASE %d" % next(i for i in range(99, 0, -1) if i not in apps)
    if mode == "overflow":
        verb = {"MOVE": "MOVE", "GIVE_CARD": "GIVE", "THROW_CARD": "THROW", "RELEASE": "RELEASE"}.get(phase)
        return verb and verb + " 99999999999"
    if mode == "tp9":
        if hand[3] == 0 or sum(hand[:9]) < 2:
            return None
        x = next((t for t in range(9) if hand[t] > (1 if t == 3 else 0)), None)
        return None if x is None else "TASK_PRIORITIZATION %d 9" % x
    return None


def main():
    phase_want, k, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    minscore = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    plan = sys.argv[5] if len(sys.argv) > 5 else "first"
    cond = sys.argv[6] if len(sys.argv) > 6 else "any"
    rnd = random.Random(int(plan[4:])) if plan.startswith("fuzz") else None
    seen = 0
    while True:
        req = read_request(sys.stdin)
        if req is None:
            return
        phase, apps, zone, score, hand, draw, opts = req
        answer = plan_answer(plan, opts, apps, rnd)
        if phase == phase_want and score >= minscore and mode != "none" and cond_holds(cond, hand, draw):
            seen += 1
            if seen >= k:
                if mode == "timeout":
                    time.sleep(8)
                    return
                if mode == "crash":
                    return
                answer = bad_answer(mode, phase, apps, zone, hand) or answer
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
