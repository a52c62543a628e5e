"""view.py -- gameofdrones for the replay page: parse(lines) reads a trace,
GAMEOFDRONES_TRACE 1 (gameofdrones-referee `match --trace`): a frame is one
round. The page's data and its rules are view.py's (the top-level one, "a
game's view.py"); the drawing is view.js beside this file.
"""
from view import ViewError, trace_words, bot_line, stderr_line

HEADERS = ("GAMEOFDRONES_TRACE",)  # first-line prefixes of this game's traces


def _num(x):
    return "NaN" if x is None else "%g" % x


def _finite(x):
    """JSON has no NaN or infinity: such a count (a bot's odd answer) is None."""
    return x if x == x and abs(x) != float("inf") else None


def parse_gameofdrones(lines):
    players = ["player 0", "player 1"]
    frames = []
    turns = []
    tally = [0, 0, 0]
    end = ""
    for where, line, w in trace_words(lines):
        try:
            if bot_line(players, line, w) or stderr_line(frames, w, line):
                pass
            elif w[0] == "T":
                if len(w) != 15:
                    raise ViewError("%s: a T line has 15 fields" % where)
                v = [_finite(float(x)) for x in w[3:]]
                # P0 S0 P1 S1 np0 ns0 a0 np1 ns1 a1 ms0 ms1
                turns.append([int(w[2])] + v)
            elif w[0] == "R":
                if len(w) != 10:
                    raise ViewError("%s: an R line has 10 fields" % where)
                rnd, outcome, nt = int(w[1]), int(w[2]), int(w[3])
                after = [_finite(float(x)) for x in w[4:10]]
                tally[0 if outcome > 0 else 1 if outcome < 0 else 2] += 1
                cmds = []
                if turns:
                    last = turns[-1]
                    for p in (0, 1):
                        np_, ns, a = last[5 + 3 * p:8 + 3 * p]
                        think = sum(t[11 + p] or 0 for t in turns)
                        cmds.append([p, "%s %s %d" % (_num(np_), _num(ns), a or 0), "", round(think, 3)])
                frames.append({"round": rnd, "turns": turns, "outcome": outcome, "nturns": nt,
                               "after": after, "tally": list(tally), "cmds": cmds, "score": tally[:2],
                               "label": "round %d" % rnd})
                turns = []
            elif w[0] == "END":
                end = " ".join(w[1:])
        except (ValueError, IndexError):
            raise ViewError("%s: bad line %r" % (where, line[:80]))
    if not frames:
        raise ViewError("not a gameofdrones trace: no round (R line)")
    return {"game": "gameofdrones", "players": players, "static": {"end": end}, "frames": frames}


def parse(lines):
    return parse_gameofdrones(lines)
