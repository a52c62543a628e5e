"""view.py -- greencircle for the replay page: parse(lines) reads a trace,
GREENCIRCLE_TRACE 1 (referee `match --trace`): a frame is one player's turn.
The page's data and its rules are view.py's (the top-level one, "a game's
view.py"); the drawing is view.js beside this file.
"""
from view import ViewError, short_name, split_command, stderr_line

HEADERS = ("GREENCIRCLE_TRACE",)  # first-line prefixes of this game's traces


GC_ARITY = {"MOVE": 2, "GIVE": 1, "THROW": 1, "TASK_PRIORITIZATION": 2, "CONTINUOUS_INTEGRATION": 1,
            "RELEASE": 1}


def _gc_state(lines, i, where):
    head = lines[i].split()
    st = {}
    for tok in head[2:]:
        k, _, v = tok.partition("=")
        st[k] = v
    try:
        nxt = st["next"].split(":")
        out = {"next": int(nxt[0]), "phase": nxt[1],
               "desks": [int(x) for x in st["desks"].split(",")],
               "bonusPool": int(st["bonusPool"]), "debtPool": int(st["debtPool"]),
               "apps": [int(x) for x in st["apps"].split(",")] if st["apps"] not in ("", "-") else [],
               "p": []}
        for k in (1, 2):
            pl = {}
            for tok in lines[i + k].split()[1:]:
                a, _, b = tok.partition("=")
                pl[a] = b
            cards = {c: ("" if pl[c] == "-" else pl[c])
                     for c in ("hand", "draw", "discard", "played", "automated", "permanent")}
            cards.update(zone=int(pl["zone"]), score=int(pl["score"]), plays=int(pl["plays"]),
                         toThrow=int(pl["toThrow"]), mustGive=pl["mustGive"] == "true")
            out["p"].append(cards)
    except (KeyError, ValueError, IndexError):
        raise ViewError("%s: bad STATE block" % where)
    if out["next"] not in (0, 1) or len(out["desks"]) != 8 or any(not -1 <= q["zone"] < 8 for q in out["p"]):
        raise ViewError("%s: STATE block out of range" % where)
    return out


def parse_greencircle(lines):
    players = ["player 0", "player 1"]
    needs = {}
    frames = []
    meta = {}
    i, n = 0, len(lines)
    turn = None
    while i < n:
        line = lines[i]
        where = "line %d" % (i + 1)
        w = line.split()
        if not w:
            i += 1
            continue
        if stderr_line(frames, w, line):
            pass
        elif w[0] == "BOTS" and len(w) >= 3:
            players = [short_name(x) for x in w[1:3]]
        elif w[0] == "STATE":
            if i + 2 >= n:
                raise ViewError("%s: STATE block cut short" % where)
            st = _gc_state(lines, i, where)
            if turn:
                st["cmds"] = [[turn["p"], turn["cmd"], turn["msg"], None]]
                st["label"] = "turn %d: player %d %s" % (turn["t"], turn["p"], turn["phase"])
                st["asked"] = turn["phase"]
            else:
                st["cmds"] = []
                st["label"] = "start"
                st["asked"] = ""
            st["score"] = [q["score"] for q in st["p"]]
            frames.append(st)
            turn = None
            i += 3
            continue
        elif w[0] == "TURN":
            try:
                t, p, k = int(w[1]), int(w[3]), int(w[5])
            except (ValueError, IndexError):
                raise ViewError("%s: bad TURN line" % where)
            if k < 0 or p not in (0, 1):
                raise ViewError("%s: bad TURN line" % where)
            block = lines[i + 1:i + 1 + k]
            for b in block:
                bw = b.split()
                if bw and bw[0] == "APPLICATION" and len(bw) == 10:
                    try:
                        needs[bw[1]] = [int(x) for x in bw[2:]]
                    except ValueError:
                        raise ViewError("%s: bad APPLICATION line in turn %d" % (where, t))
            turn = {"t": t, "p": p, "phase": block[0] if block else "?", "cmd": "", "msg": ""}
            i += 1 + k
            continue
        elif w[0] == "OUT":
            text = line[4:] if len(line) > 4 else ""
            if turn is None:
                raise ViewError("%s: OUT outside a turn" % where)
            turn["cmd"], turn["msg"] = split_command(text, GC_ARITY)
            if text.startswith("("):
                turn["cmd"], turn["msg"] = text, ""
        elif w[0] in ("END", "ACTIVE", "APPS", "DEBT", "FINAL_SCORES"):
            meta[w[0]] = " ".join(w[1:])
        i += 1
    if not frames:
        raise ViewError("not a greencircle trace: no STATE block")
    return {"game": "greencircle", "players": players, "static": {"needs": needs, "end": meta},
            "frames": frames}


def parse(lines):
    return parse_greencircle(lines)
