"""view.py -- get1000 for the replay page: parse(lines) reads a trace,
GET1000_TRACE 1 (get1000-referee `match --trace`): a frame is one roll. The
page's data and its rules are view.py's (the top-level one, "a game's
view.py"); the drawing is view.js beside this file.
"""
import re

from view import ViewError, short_name, stderr_line

HEADERS = ("GET1000_TRACE",)  # first-line prefixes of this game's traces


G1K_COLS = {"HUNDREDS": 0, "TENS": 1, "ONES": 2}


def g1k_total(grid):
    return 100 * sum(grid[0]) + 10 * sum(grid[1]) + sum(grid[2])


def parse_get1000(lines):
    bots = {}
    names = {}  # seat -> name
    frames = []
    grids = {}
    wins = {}
    ties = "none"
    cur = None
    rnd = 1
    meta = {}
    for i, line in enumerate(lines):
        where = "line %d" % (i + 1)
        w = line.split()
        if not w or stderr_line(frames, w, line):
            continue
        try:
            if w[0] == "BOT":
                bots[int(w[1])] = line.split(None, 2)[2] if len(w) > 2 else "p" + w[1]
            elif w[0] == "TIES":
                ties = w[1]
            elif w[0] == "ROLL":
                cur = {"roll": int(w[1]), "value": int(w[2]), "round": rnd, "step": 0, "place": {},
                       "think": {}, "cmds": []}
                frames.append(cur)
            elif w[0] == "PLACE":
                seat, col = int(w[1]), G1K_COLS[w[3]]
                if cur is None:
                    raise ViewError("%s: PLACE before any ROLL" % where)
                names[seat] = w[2]
                g = grids.setdefault(seat, [[], [], []])
                if len(g[col]) >= 3:
                    raise ViewError("%s: column %s is full" % (where, w[3]))
                g[col].append(cur["value"])
                cur["place"][seat] = col
                cur["cmds"].append([seat, w[3], "", float(w[4])])
            elif w[0] == "ROUND":
                if cur is None:
                    raise ViewError("%s: ROUND before any ROLL" % where)
                cur["result"] = {"wins": [int(x) for x in w[3:]]}
                rnd += 1
            elif w[0] == "FORFEIT":
                if cur is not None:
                    cur["cmds"].append([int(w[1]), "forfeit: " + w[2], " ".join(w[3:]), None])
                meta.setdefault("forfeit", []).append(line[8:])
            elif w[0] == "END":
                meta["end"] = " ".join(w[1:])
        except (ValueError, IndexError, KeyError):
            raise ViewError("%s: bad line %r" % (where, line[:80]))
        if cur is not None and w[0] in ("PLACE", "ROUND"):
            # snapshot of every grid after this line
            cur["grids"] = {s: [list(c) for c in g] for s, g in grids.items()}
            if w[0] == "ROUND":
                for g in grids.values():
                    for c in g:
                        c.clear()
    if not frames:
        raise ViewError("not a get1000 trace: no ROLL line")
    def bot_index(seat):
        m = re.fullmatch(r"p(\d+)", names.get(seat, ""))
        return (int(m.group(1)) if m else 1 << 30, seat)
    seats = sorted(set(names) | set(range(len(bots))), key=bot_index)
    shown = {s: k for k, s in enumerate(seats)}  # seat -> column on the page
    for f in frames:
        f["cmds"] = [[shown.get(c[0], c[0])] + c[1:] for c in f["cmds"]]
    out = []
    step = 0
    for f in frames:
        step = step + 1 if step < 9 else 1
        gr = [f.get("grids", {}).get(s, [[], [], []]) for s in seats]
        totals = [g1k_total(g) for g in gr]
        full = [sum(len(c) for c in g) == 9 for g in gr]
        fr = {"roll": f["roll"], "value": f["value"], "round": f["round"], "step": step,
              "place": [f["place"].get(s, -1) for s in seats], "grids": gr, "totals": totals,
              "dist": [abs(1000 - t) for t in totals], "cmds": f["cmds"],
              "label": "round %d, roll %d of 9" % (f["round"], step), "stderr": f.get("stderr", {})}
        if "result" in f:
            wn = f["result"]["wins"]
            prev = next((f2["result"]["wins"] for f2 in reversed(frames[:len(out)]) if "result" in f2), [0] * len(wn))
            fr["wins"] = [wn[s] if s < len(wn) else 0 for s in seats]
            fr["winners"] = [shown[s] for s in seats if s < len(wn) and s < len(prev) and wn[s] > prev[s]]
            live = [d for s, d in enumerate(fr["dist"]) if full[s]]
            fr["best"] = min(live) if live else None
        last_wins = fr.get("wins", out[-1]["score"] if out else [0] * len(seats))
        fr["score"] = list(last_wins)
        out.append(fr)
    players = []
    for s in seats:
        name = names.get(s, "seat %d" % s)
        m = re.fullmatch(r"p(\d+)", name)
        cmd = bots.get(int(m.group(1))) if m else None
        players.append("%s (%s)" % (name, short_name(cmd)) if cmd else name)
    return {"game": "get1000", "players": players, "static": {"ties": ties, "meta": meta}, "frames": out}


def parse(lines):
    return parse_get1000(lines)
