#!/usr/bin/env python3
"""view.py -- turns a game trace into one self-contained HTML replay page.

    ./view.py TRACE -o FILE.html [--game GAME] [--title TEXT]
    ./view.py --live blitz -o PAGE.html

TRACE is a trace of any of the five games or the template game; the game is recognised from the
first line (or forced with --game):

    spring2021   the official format (referee `match --trace`, tests/data/spring2021)
    greencircle  GREENCIRCLE_TRACE 1 (referee `match --trace`)
    blitz        BLITZ2016-TRACE 1, or JSON lines: one state JSON per line,
                 as the REST API returns it (the server's replay files)
    get1000      GET1000_TRACE 1 (get1000-referee `match --trace`)
    gameofdrones GAMEOFDRONES_TRACE 1 (gameofdrones-referee `match --trace`)
    tictactoe    TICTACTOE_TRACE 1 (tictactoe-referee `match --trace`)

The page holds its data, script and style inline (no network, opens from
disk): step, play/pause and scrub controls, arrow keys (Left/Right step,
Space plays, Home/End), the frame number, each player's command, message and
think time (where the trace records it), and the game's board. The URL hash
`#f=N` opens frame N.

`--live blitz` writes a page with no data that, served by the blitz server at
a game's viewUrl (`/<id>`, or any path with `?game=ID`), reads server-sent
events from `/events/<id>` (one `data:` line per state JSON) and draws the
states as they arrive.

Importable: render(trace_path, out_path) writes the page, parse(text) returns
the data dict {game, players, static, frames}; ViewError is raised on a bad
trace. Invariants: standard library only; every frame of a parsed trace has
a "cmds" list of [player, command, message, think_ms or None]; the page's
JavaScript draws a frame from that frame's data alone (plus "static").
"""
import argparse
import json
import os
import re
import sys

VERSION = 1


class ViewError(Exception):
    """A trace that cannot be read: the message says where and why."""


def short_name(cmd):
    """A bot's command line as a short name: the program's base name, then
    its arguments ("/x/build/greencircle-greedy" -> "greencircle-greedy")."""
    toks = cmd.split()
    if not toks:
        return cmd
    return " ".join([os.path.basename(toks[0])] + toks[1:])[:40]


def split_command(line, arity):
    """Splits a bot's answer into (command, message): the keyword, then up to
    arity[keyword] numeric arguments; the rest is the message."""
    toks = line.split()
    if not toks:
        return "", ""
    n = arity.get(toks[0], 0)
    k = 1
    while k < len(toks) and k <= n and re.fullmatch(r"-?\d+", toks[k]):
        k += 1
    rest = line.strip().split(None, k)
    msg = rest[k] if len(rest) > k else ""
    return " ".join(toks[:k]), msg


def trace_words(lines):
    """(where, line, words) for every non-blank line of a trace."""
    for i, line in enumerate(lines):
        w = line.split()
        if w:
            yield "line %d" % (i + 1), line, w


def bot_line(players, line, w):
    """A `BOT P CMD` line (P 0 or 1) names seat P after CMD; True if it was one."""
    if w[0] == "BOT" and len(w) >= 3 and w[1] in ("0", "1"):
        players[int(w[1])] = short_name(line.split(None, 2)[2])
        return True
    return False


# ---- spring2021 ---------------------------------------------------------

S21_ARITY = {"WAIT": 0, "GROW": 1, "COMPLETE": 1, "SEED": 2}
S21_DIRS = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]


def s21_cells():
    """Cube coordinates of the 37 cells in the referee's index order (ring
    by ring from the centre, starting east, turning counter-clockwise)."""
    cells = [(0, 0, 0)]
    c = (1, -1, 0)
    for dist in range(1, 4):
        for orient in range(6):
            for _ in range(dist):
                cells.append(c)
                d = S21_DIRS[(orient + 2) % 6]
                c = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
        d = S21_DIRS[0]
        c = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
    return cells


def s21_shadows(trees, sun_dir):
    """Shadow size on every cell (0 none): a tree of size s shades the s
    cells behind it along the sun's direction (spec: the day's shadows)."""
    cells = s21_cells()
    index = {c: i for i, c in enumerate(cells)}
    shade = [0] * 37
    d = S21_DIRS[sun_dir % 6]
    for cell, size, _owner, _dormant in trees:
        c = cells[cell]
        for step in range(1, size + 1):
            t = (c[0] + d[0] * step, c[1] + d[1] * step, c[2] + d[2] * step)
            if t in index:
                shade[index[t]] = max(shade[index[t]], size)
    return shade


def _s21_state(words, where):
    # [START|AFTER] day D sunDir O nutrients N p0 SUN SCORE W p1 SUN SCORE W trees C
    try:
        kv = words[1:]
        day = int(kv[kv.index("day") + 1])
        sun_dir = int(kv[kv.index("sunDir") + 1])
        nut = int(kv[kv.index("nutrients") + 1])
        p0 = kv.index("p0")
        p1 = kv.index("p1")
        sun = [int(kv[p0 + 1]), int(kv[p1 + 1])]
        score = [int(kv[p0 + 2]), int(kv[p1 + 2])]
        wait = [int(kv[p0 + 3]), int(kv[p1 + 3])]
    except (ValueError, IndexError):
        raise ViewError("%s: bad STATE line" % where)
    if not 0 <= sun_dir < 6:
        raise ViewError("%s: sunDir %d out of range" % (where, sun_dir))
    return {"day": day, "sunDir": sun_dir, "nutrients": nut, "sun": sun, "score": score, "waiting": wait}


def _s21_trees(line, where):
    trees = []
    for item in line.split()[1:]:
        try:
            cell, size, owner, dormant = (int(x) for x in item.split(":"))
        except ValueError:
            raise ViewError("%s: bad tree %r" % (where, item))
        if not (0 <= cell < 37 and 0 <= size <= 3 and owner in (0, 1)):
            raise ViewError("%s: bad tree %r" % (where, item))
        trees.append([cell, size, owner, dormant])
    return trees


def parse_spring2021(lines):
    players = ["player 0", "player 1"]
    richness = None
    frames = []
    final = {}
    cur = None  # frame being read (its cmds)
    kind = "START"
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        where = "line %d" % (i + 1)
        w = line.split()
        i += 1
        if not w:
            continue
        if w[0] == "GAME":
            if "bots" in w and len(w) >= w.index("bots") + 3:
                b = w.index("bots")
                players = [short_name(w[b + 1]), short_name(w[b + 2])]
        elif w[0] == "RICHNESS":
            try:
                richness = [int(x) for x in w[1:]]
            except ValueError:
                raise ViewError("%s: bad RICHNESS" % where)
            if len(richness) != 37:
                raise ViewError("%s: RICHNESS needs 37 values" % where)
        elif w[0] == "FRAME":
            kind = w[2] if len(w) > 2 else "?"
            cur = {"cmds": []}
        elif w[0] in ("INIT", "IN"):
            try:
                k = int(w[2])
            except (ValueError, IndexError):
                k = -1
            if k < 0:
                raise ViewError("%s: bad %s header" % (where, w[0]))
            i += k
        elif w[0] == "OUT":
            if cur is None or len(w) < 2 or w[1] not in ("0", "1"):
                raise ViewError("%s: OUT outside a frame" % where)
            text = line.split(None, 2)[2] if len(w) > 2 else ""
            cmd, msg = split_command(text, S21_ARITY)
            cur["cmds"].append([int(w[1]), cmd if text else "(no answer)", msg, None])
        elif w[0] == "STATE":
            st = _s21_state(w, where)
            if i >= n or not lines[i].startswith("TREES"):
                raise ViewError("%s: STATE without TREES" % where)
            st["trees"] = _s21_trees(lines[i], "line %d" % (i + 1))
            i += 1
            st["shadow"] = "".join(str(x) for x in s21_shadows(st["trees"], st["sunDir"]))
            st["kind"] = kind
            st["cmds"] = cur["cmds"] if cur else []
            st["label"] = "day %d, %s" % (st["day"], kind)
            frames.append(st)
            cur = None
        elif w[0] == "FINAL" and len(w) >= 4:
            final[w[1]] = " ".join(w[2:])
    if richness is None or not frames:
        raise ViewError("not a spring2021 trace: no RICHNESS or STATE line")
    cells = s21_cells()
    return {"game": "spring2021", "players": players,
            "static": {"richness": richness, "cells": [[c[0], c[2]] for c in cells], "final": final},
            "frames": frames}


# ---- greencircle --------------------------------------------------------

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
        if w[0] == "BOTS" and len(w) >= 3:
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


# ---- blitz --------------------------------------------------------------

BLITZ_TERRAIN = {"  ": " ", "##": "#", "[]": "T", "^^": "^"}


def _blitz_static(n, tiles, spawns=None):
    if len(tiles) != 2 * n * n:
        raise ViewError("blitz: tiles string has %d characters, expected %d" % (len(tiles), 2 * n * n))
    terrain = []
    mines = []
    for c in range(n * n):
        t = tiles[2 * c:2 * c + 2]
        if t[0] == "$":
            terrain.append("$")
            mines.append(c)
        elif t[0] == "@":
            terrain.append(" ")
        elif t in BLITZ_TERRAIN:
            terrain.append(BLITZ_TERRAIN[t])
        else:
            raise ViewError("blitz: unknown tile %r" % t)
    return {"n": n, "terrain": "".join(terrain), "mines": mines, "spawns": spawns or []}


def _blitz_owners(static, tiles):
    """Owner digit ('-' neutral) of every mine, in the static mine order."""
    if len(tiles) != 2 * static["n"] ** 2:
        raise ViewError("blitz: tiles string has %d characters, expected %d" % (len(tiles), 2 * static["n"] ** 2))
    return "".join(tiles[2 * c + 1] for c in static["mines"])


def parse_blitz_text(lines):
    n = None
    spawns = []
    static = None
    frames = []
    meta = {}
    last = ["", "", "", ""]  # each hero's last move, as the API's lastDir
    for i, line in enumerate(lines):
        where = "line %d" % (i + 1)
        w = line.split(" ", 3)
        if w[0] == "SIZE":
            try:
                n = int(w[1])
            except (ValueError, IndexError):
                raise ViewError("%s: bad SIZE" % where)
            if not 1 <= n <= 64:
                raise ViewError("%s: SIZE %d out of range" % (where, n))
        elif w[0] == "SPAWN":
            try:
                v = [int(x) for x in line.split()[1:]]
            except ValueError:
                raise ViewError("%s: bad SPAWN" % where)
            spawns = [[v[2 * k], v[2 * k + 1]] for k in range(len(v) // 2)]
        elif w[0] in ("I", "M"):
            head, bar, rest = line.partition("|")
            tiles = rest.rstrip("|")
            hw = head.split()
            if not bar or n is None:
                raise ViewError("%s: state line before SIZE or without tiles" % where)
            try:
                if w[0] == "I":
                    mover, d, nums = -1, "", [int(x) for x in hw[1:]]
                else:
                    mover, d, nums = int(hw[1]) - 1, hw[2], [int(x) for x in hw[3:]]
            except (ValueError, IndexError):
                raise ViewError("%s: bad state line" % where)
            if len(nums) != 25:
                raise ViewError("%s: a state has 25 numbers" % where)
            if static is None:
                static = _blitz_static(n, tiles, spawns)
            heroes = [nums[1 + 6 * k:7 + 6 * k] for k in range(4)]
            if 0 <= mover < 4:
                last[mover] = d
            cmds = [[k, last[k], "", None] for k in range(4) if last[k]]
            frames.append({"turn": nums[0], "h": heroes, "o": _blitz_owners(static, tiles), "k": mover,
                           "cmds": cmds, "label": "turn %d" % nums[0]})
        elif w[0] in ("RANK", "END", "GAME", "MODE"):
            meta[w[0]] = line[len(w[0]) + 1:]
    if static is None:
        raise ViewError("not a blitz trace: no state line")
    static["meta"] = meta
    names = ["hero %d" % (k + 1) for k in range(4)]
    return {"game": "blitz", "players": names, "static": static, "frames": frames}


def blitz_frame_from_state(state, static):
    """One frame from a state JSON (the REST API's object or its "game")."""
    g = state.get("game", state)
    heroes = []
    cmds = []
    for k, h in enumerate(g["heroes"]):
        heroes.append([h["pos"]["x"], h["pos"]["y"], h["life"], h["gold"], h["mineCount"],
                       1 if h.get("crashed") else 0])
        if h.get("lastDir"):
            cmds.append([k, h["lastDir"], "", None])
    turn = g["turn"]
    mover = (turn - 1) % 4 if turn > 0 else -1
    return {"turn": turn, "h": heroes, "o": _blitz_owners(static, g["board"]["tiles"]), "k": mover,
            "cmds": cmds, "label": "turn %d%s" % (turn, " (finished)" if g.get("finished") else "")}


def parse_blitz_jsonl(lines):
    static = None
    frames = []
    names = None
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            st = json.loads(line)
            g = st.get("game", st)
            if static is None:
                spawns = [[h["spawnPos"]["x"], h["spawnPos"]["y"]] for h in g["heroes"] if "spawnPos" in h]
                static = _blitz_static(g["board"]["size"], g["board"]["tiles"], spawns)
                static["meta"] = {"GAME": g.get("id", "")}
                names = [h.get("name") or "hero %d" % (k + 1) for k, h in enumerate(g["heroes"])]
            frames.append(blitz_frame_from_state(st, static))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ViewError("line %d: not a blitz state JSON (%s)" % (i + 1, e))
    if static is None:
        raise ViewError("blitz: no state in the file")
    return {"game": "blitz", "players": names, "static": static, "frames": frames}


# ---- get1000 ------------------------------------------------------------

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
        if not w:
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
              "label": "round %d, roll %d of 9" % (f["round"], step)}
        if "result" in f:
            wn = f["result"]["wins"]
            prev = next((f2["result"]["wins"] for f2 in reversed(frames[:len(out)]) if "result" in f2), [0] * len(wn))
            fr["wins"] = [wn[s] if s < len(wn) else 0 for s in seats]
            fr["winners"] = [shown[s] for s in seats if s < len(wn) and s < len(prev) and wn[s] > prev[s]]
            live = [d for s, d in enumerate(fr["dist"]) if full[s]]
            fr["best"] = min(live) if live else None
        out.append(fr)
    players = []
    for s in seats:
        name = names.get(s, "seat %d" % s)
        m = re.fullmatch(r"p(\d+)", name)
        cmd = bots.get(int(m.group(1))) if m else None
        players.append("%s (%s)" % (name, short_name(cmd)) if cmd else name)
    return {"game": "get1000", "players": players, "static": {"ties": ties, "meta": meta}, "frames": out}


# ---- gameofdrones -------------------------------------------------------

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
            if bot_line(players, line, w):
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
                               "after": after, "tally": list(tally), "cmds": cmds,
                               "label": "round %d" % rnd})
                turns = []
            elif w[0] == "END":
                end = " ".join(w[1:])
        except (ValueError, IndexError):
            raise ViewError("%s: bad line %r" % (where, line[:80]))
    if not frames:
        raise ViewError("not a gameofdrones trace: no round (R line)")
    return {"game": "gameofdrones", "players": players, "static": {"end": end}, "frames": frames}


# ---- tictactoe ----------------------------------------------------------

TTT_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_line(board, p):
    """The first three-in-a-row of player p on a 9-character board ('0', '1',
    '-'), or None."""
    return next((list(ln) for ln in TTT_LINES if all(board[c] == str(p) for c in ln)), None)


def parse_tictactoe(lines):
    players = ["player 0", "player 1"]
    board = ["-"] * 9
    last = [None, None]  # each player's last command: [player, "row col", message, ms]
    frames = [{"board": "-" * 9, "cell": -1, "mover": -1, "ply": 0, "cmds": [], "label": "start"}]
    errors = []
    result = ""
    ply = 0
    for where, line, w in trace_words(lines):
        try:
            if bot_line(players, line, w):
                pass
            elif w[0] == "MOVE":
                p, row, col, ms = int(w[1]), int(w[2]), int(w[3]), float(w[4])
                if len(w) != 5 or p not in (0, 1) or not (0 <= row < 3 and 0 <= col < 3):
                    raise ViewError("%s: bad MOVE %r" % (where, line[:80]))
                if not 0 <= ms < float("inf"):
                    raise ViewError("%s: bad think time %r" % (where, w[4]))
                c = 3 * row + col
                if board[c] != "-" or result or errors:
                    raise ViewError("%s: cell %d %d is not free" % (where, row, col) if board[c] != "-"
                                    else "%s: a move after the game ended" % where)
                board[c] = str(p)
                ply += 1
                last[p] = [p, "%d %d" % (row, col), "", round(ms, 3)]
                frames.append({"board": "".join(board), "cell": c, "mover": p, "ply": ply,
                               "cmds": [x for x in last if x], "label": "move %d: player %d plays %d %d" % (ply, p, row, col)})
            elif w[0] == "ERROR":
                p = int(w[1])
                if p not in (0, 1) or len(w) < 3:
                    raise ViewError("%s: bad ERROR line" % where)
                detail = line.split(None, 3)[3] if len(w) > 3 else ""
                errors.append([p, w[2], detail])
                cmds = [x for x in last if x and x[0] != p] + [[p, w[2], detail, None]]
                frames.append({"board": "".join(board), "cell": -1, "mover": p, "ply": ply, "cmds": cmds,
                               "label": "player %d: %s" % (p, w[2])})
            elif w[0] == "END":
                if w[1:] == ["draw"]:
                    result = "draw"
                elif len(w) == 3 and w[1] == "winner" and w[2] in ("0", "1"):
                    result = "winner " + w[2]
                else:
                    raise ViewError("%s: bad END line %r" % (where, line[:80]))
        except (ValueError, IndexError):
            raise ViewError("%s: bad line %r" % (where, line[:80]))
    if not next((ln for ln in lines if ln.strip()), "").startswith("TICTACTOE_TRACE"):
        raise ViewError("not a tictactoe trace: no TICTACTOE_TRACE header")
    end = frames[-1]
    if result:
        end["result"] = result
        end["label"] += " (game over)"
        if result.startswith("winner"):
            end["line"] = ttt_line(end["board"], int(result[-1]))
    return {"game": "tictactoe", "players": players, "static": {"result": result, "errors": errors},
            "frames": frames}


# ---- dispatch -----------------------------------------------------------

PARSERS = {
    "spring2021": parse_spring2021,
    "greencircle": parse_greencircle,
    "blitz": None,  # text or JSON lines, see parse()
    "get1000": parse_get1000,
    "gameofdrones": parse_gameofdrones,
    "tictactoe": parse_tictactoe,
}


def detect(first):
    if first.startswith("GAME spring2021"):
        return "spring2021"
    if first.startswith("GREENCIRCLE_TRACE"):
        return "greencircle"
    if first.startswith("BLITZ2016-TRACE") or first.startswith("{"):
        return "blitz"
    if first.startswith("GET1000_TRACE"):
        return "get1000"
    if first.startswith("GAMEOFDRONES_TRACE"):
        return "gameofdrones"
    if first.startswith("TICTACTOE_TRACE"):
        return "tictactoe"
    return None


def parse(text, game=None):
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    g = game or detect(first)
    if g is None:
        raise ViewError("unknown trace format (first line %r); use --game" % first[:60])
    if g not in PARSERS:
        raise ViewError("unknown game %r" % g)
    if g == "blitz":
        data = parse_blitz_jsonl(lines) if first.lstrip().startswith("{") else parse_blitz_text(lines)
    else:
        data = PARSERS[g](lines)
    data["version"] = VERSION
    return data


# ---- the page -----------------------------------------------------------

CSS = r"""
body{font:14px/1.35 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}
header{padding:6px 12px;background:#2f3b45;color:#fff;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
header b{font-size:16px}
.sw{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:4px;vertical-align:-1px}
main{display:flex;gap:12px;padding:10px;flex-wrap:wrap;align-items:flex-start}
#board{background:#fff;border:1px solid #ccc;border-radius:4px}
#side{min-width:300px;max-width:560px;flex:1}
table{border-collapse:collapse;margin:4px 0}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;font-size:13px}
th{background:#e6e1d6}
#controls{position:sticky;bottom:0;background:#2f3b45;color:#fff;padding:6px 12px;display:flex;gap:8px;align-items:center}
#controls button{font-size:14px;min-width:40px}
#slider{flex:1}
#label{color:#ffd98a}
.small{font-size:12px;color:#555}
.err{color:#b00}
"""

JS_CORE = r"""
"use strict";
const D = JSON.parse(document.getElementById('data').textContent);
const NS = 'http://www.w3.org/2000/svg';
const COLORS = ['#e0452b', '#2b6fe0', '#1f9e4a', '#c98c00'];
const $ = (id) => document.getElementById(id);
function el(tag, attrs, parent, text) {
  const e = tag.startsWith('svg:') ? document.createElementNS(NS, tag.slice(4)) : document.createElement(tag);
  for (const k in (attrs || {})) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c])); }
const V = {frame: 0, timer: null, follow: true};
function pname(p) { return (D.players && D.players[p] !== undefined) ? D.players[p] : 'player ' + p; }
function legend() {
  const h = $('players');
  h.innerHTML = '';
  (D.players || []).forEach((n, p) => {
    const s = el('span', {}, h);
    el('span', {class: 'sw', style: 'background:' + COLORS[p % 4]}, s);
    el('span', {}, s, n + '  ');
  });
}
function drawCmds(f) {
  const t = $('cmds');
  let rows = '<tr><th>player</th><th>command</th><th>message</th><th>think ms</th></tr>';
  const by = {};
  for (const c of (f.cmds || [])) by[c[0]] = c;
  (D.players || []).forEach((n, p) => {
    const c = by[p];
    rows += '<tr id="cmd-p' + p + '"><td><span class="sw" style="background:' + COLORS[p % 4] + '"></span>' + esc(n) +
      '</td><td class="cmd">' + (c ? esc(c[1]) : '') + '</td><td class="msg">' + (c ? esc(c[2]) : '') +
      '</td><td class="think">' + (c && c[3] !== null && c[3] !== undefined ? Number(c[3]).toFixed(2) : '') + '</td></tr>';
  });
  t.innerHTML = rows;
}
function show(k) {
  const n = D.frames.length;
  if (!n) { $('frame').textContent = '-'; return; }
  k = Math.max(0, Math.min(n - 1, k | 0));
  V.frame = k;
  V.follow = (k === n - 1);
  const f = D.frames[k];
  $('slider').max = n - 1;
  $('slider').value = k;
  $('frame').textContent = k;
  $('nframes').textContent = n - 1;
  $('label').textContent = f.label || '';
  GAME.draw(f, k);
  drawCmds(f);
  document.body.dataset.frame = k;
}
function play(on) {
  if (V.timer) { clearInterval(V.timer); V.timer = null; }
  if (on) {
    if (V.frame >= D.frames.length - 1) show(0);
    V.timer = setInterval(() => {
      if (V.frame >= D.frames.length - 1) { if (!D.live) play(false); return; }
      show(V.frame + 1);
    }, Number($('speed').value));
  }
  $('play').textContent = V.timer ? 'pause' : 'play';
}
function fromHash() {
  const m = /^#(?:f=)?(\d+)$/.exec(location.hash);
  if (m) show(Number(m[1]));
}
function start() {
  legend();
  GAME.init();
  $('first').onclick = () => show(0);
  $('prev').onclick = () => show(V.frame - 1);
  $('next').onclick = () => show(V.frame + 1);
  $('last').onclick = () => show(D.frames.length - 1);
  $('play').onclick = () => play(!V.timer);
  $('speed').onchange = () => { if (V.timer) play(true); };
  $('slider').oninput = () => show(Number($('slider').value));
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') { show(V.frame + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { show(V.frame - 1); e.preventDefault(); }
    else if (e.key === ' ') { play(!V.timer); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End') { show(D.frames.length - 1); e.preventDefault(); }
  });
  window.addEventListener('hashchange', fromHash);
  show(0);
  fromHash();
  if (D.live) LIVE();
}
"""

JS_SPRING2021 = r"""
const GAME = (() => {
  const R = 30, W = Math.sqrt(3) * R;
  const RICH = ['none', '#d9c89a', '#b5cf78', '#6fae4c'];  // richness 0 = a hole: no cell
  let cells = [], trees = [];
  function center(i) { const [q, r] = D.static.cells[i]; return [W * (q + r / 2), 1.5 * R * r]; }
  function hex(cx, cy, r) {
    const p = [];
    for (let a = 0; a < 6; a++) { const t = Math.PI / 180 * (60 * a - 30); p.push((cx + r * Math.cos(t)).toFixed(1) + ',' + (cy + r * Math.sin(t)).toFixed(1)); }
    return p.join(' ');
  }
  function init() {
    const svg = el('svg:svg', {viewBox: '-225 -215 450 430', width: 560, height: 535, id: 'svg'}, $('board'));
    const g = el('svg:g', {}, svg), sh = el('svg:g', {}, svg), tg = el('svg:g', {}, svg), lab = el('svg:g', {}, svg);
    D.static.richness.forEach((rich, i) => {
      const [x, y] = center(i);
      cells.push({poly: el('svg:polygon', {id: 'cell-' + i, points: hex(x, y, R - 1), fill: RICH[rich] || 'none', stroke: rich ? '#8a7f66' : '#ddd', 'stroke-dasharray': rich ? 'none' : '4 3', 'data-richness': rich}, g),
        shade: el('svg:polygon', {points: hex(x, y, R - 1), fill: '#000', 'fill-opacity': 0}, sh)});
      el('svg:text', {x: x - R * 0.55, y: y - R * 0.38, 'font-size': 8, fill: '#444'}, lab, i);
      trees.push({c: el('svg:circle', {id: 'tree-' + i, cx: x, cy: y, r: 0, display: 'none'}, tg),
        z: el('svg:text', {x: x + R * 0.34, y: y + R * 0.62, 'font-size': 10, 'font-weight': 'bold', fill: '#222', display: 'none'}, tg, 'z')});
    });
    el('svg:g', {id: 'sun'}, svg);
    const info = $('info');
    info.innerHTML = '<div>day <b id="day"></b> &middot; nutrients <b id="nutrients"></b> &middot; sun direction <b id="sundir"></b></div>' +
      '<table id="ptab"><tr><th>player</th><th>sun</th><th>score</th><th>trees 0/1/2/3</th><th>waiting</th></tr>' +
      [0, 1].map((p) => '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td><td id="p' + p + '-sun"></td><td id="p' + p + '-score"></td><td id="p' + p + '-trees"></td><td id="p' + p + '-wait"></td></tr>').join('') + '</table>' +
      '<div class="small">circle = tree (size by radius, colour by owner), z = dormant; dashed empty cell = hole; darker cell = shadow (darker = taller tree casting it); sun = yellow disc</div>' +
      '<div class="small" id="final"></div>';
    const fin = D.static.final || {};
    $('final').textContent = Object.keys(fin).map((p) => 'final ' + pname(Number(p)) + ': ' + fin[p]).join(' | ');
  }
  function draw(f) {
    const has = new Array(37).fill(null);
    for (const t of f.trees) has[t[0]] = t;
    for (let i = 0; i < 37; i++) {
      const s = Number(f.shadow[i]);
      cells[i].shade.setAttribute('fill-opacity', s && D.static.richness[i] ? 0.1 + 0.07 * s : 0);
      cells[i].poly.dataset.shadow = s;
      const t = has[i], tr = trees[i];
      if (!t) { tr.c.setAttribute('display', 'none'); tr.z.setAttribute('display', 'none'); tr.c.removeAttribute('data-owner'); continue; }
      tr.c.setAttribute('display', 'inline');
      tr.c.setAttribute('r', [5, 10, 15, 21][t[1]]);
      tr.c.setAttribute('fill', COLORS[t[2]]);
      tr.c.setAttribute('stroke', t[3] ? '#111' : '#fff');
      tr.c.setAttribute('stroke-width', t[3] ? 3 : 1);
      tr.c.setAttribute('stroke-dasharray', t[3] ? '3 2' : 'none');
      tr.c.dataset.owner = t[2]; tr.c.dataset.size = t[1]; tr.c.dataset.dormant = t[3];
      tr.z.setAttribute('display', t[3] ? 'inline' : 'none');
    }
    const sun = $('sun');
    sun.innerHTML = '';
    const dirs = [[1, 0], [0.5, -0.866], [-0.5, -0.866], [-1, 0], [-0.5, 0.866], [0.5, 0.866]];
    const [dx, dy] = dirs[f.sunDir % 6];
    // the sun sits opposite to where shadows fall
    el('svg:circle', {cx: -dx * 205, cy: -dy * 205, r: 12, fill: '#ffc400', stroke: '#e08a00'}, sun);
    $('day').textContent = f.day; $('nutrients').textContent = f.nutrients; $('sundir').textContent = f.sunDir;
    for (const p of [0, 1]) {
      $('p' + p + '-sun').textContent = f.sun[p];
      $('p' + p + '-score').textContent = f.score[p];
      const c = [0, 0, 0, 0];
      for (const t of f.trees) if (t[2] === p) c[t[1]]++;
      $('p' + p + '-trees').textContent = c.join('/');
      $('p' + p + '-wait').textContent = f.waiting[p] ? 'yes' : '';
    }
  }
  return {init, draw};
})();
"""

JS_GREENCIRCLE = r"""
const GAME = (() => {
  const SK = ['TRAINING', 'CODING', 'DAILY_ROUTINE', 'TASK_PRIORITIZATION', 'ARCHITECTURE_STUDY', 'CONTINUOUS_INTEGRATION', 'CODE_REVIEW', 'REFACTORING'];
  const AB = ['TR', 'CO', 'DR', 'TP', 'AS', 'CI', 'CR', 'RF', 'BONUS', 'DEBT'];
  let desks = [], tokens = [];
  function pos(z, r) { const a = Math.PI * 2 * z / 8 - Math.PI / 2; return [220 + r * Math.cos(a), 200 + r * Math.sin(a)]; }
  function init() {
    const svg = el('svg:svg', {width: 440, height: 400, viewBox: '0 0 440 400', id: 'svg'}, $('board'));
    el('svg:circle', {cx: 220, cy: 200, r: 150, fill: 'none', stroke: '#3a9d5d', 'stroke-width': 14, 'stroke-opacity': 0.35}, svg);
    for (let z = 0; z < 8; z++) {
      const [x, y] = pos(z, 150);
      const g = el('svg:g', {id: 'desk-' + z}, svg);
      el('svg:rect', {x: x - 40, y: y - 24, width: 80, height: 48, rx: 6, fill: '#fff', stroke: '#3a9d5d'}, g);
      el('svg:text', {x: x, y: y - 8, 'text-anchor': 'middle', 'font-size': 11}, g, z + ' ' + AB[z]);
      desks.push(el('svg:text', {x: x, y: y + 14, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 'bold', class: 'count'}, g));
    }
    for (const p of [0, 1]) tokens.push(el('svg:circle', {id: 'pos-p' + p, r: 11, fill: COLORS[p], stroke: '#fff', 'stroke-width': 2}, svg));
    el('svg:text', {id: 'phase', x: 220, y: 196, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold'}, svg);
    el('svg:text', {id: 'pools', x: 220, y: 218, 'text-anchor': 'middle', 'font-size': 12}, svg);
    $('info').innerHTML = '<table id="ptab"></table><div><b>applications</b> (needs per skill)</div><table id="apps"></table>' +
      '<div class="small" id="end"></div>';
    const e = D.static.end || {};
    $('end').textContent = Object.keys(e).map((k) => k + ' ' + e[k]).join(' | ');
  }
  function cnt(s, d) { let n = 0; for (const c of s) if (c === d) n++; return n; }
  function cards(s) { return s.split('').map((c) => AB[Number(c)]).join(' '); }
  function draw(f) {
    f.desks.forEach((n, z) => { desks[z].textContent = n; desks[z].dataset.count = n; });
    for (const p of [0, 1]) {
      const z = f.p[p].zone;
      const [x, y] = z < 0 ? [30 + p * 26, 30] : pos(z, 150);
      tokens[p].setAttribute('cx', z < 0 ? x : x + (p ? 14 : -14));
      tokens[p].setAttribute('cy', z < 0 ? y : y + 34);
      tokens[p].dataset.zone = z;
    }
    $('phase').textContent = 'next: P' + f.next + ' ' + f.phase;
    $('phase').setAttribute('fill', COLORS[f.next]);
    $('phase').dataset.phase = f.phase;
    $('pools').textContent = 'bonus pool ' + f.bonusPool + ' \u00b7 debt pool ' + f.debtPool;
    let rows = '<tr><th></th><th>released</th><th>debt</th><th>hand</th><th>draw</th><th>discard</th><th>automated</th><th>permanent</th></tr>';
    for (const p of [0, 1]) {
      const q = f.p[p];
      const debt = cnt(q.hand + q.draw + q.discard + q.played, '9');
      rows += '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td>' +
        '<td id="p' + p + '-score">' + q.score + '</td><td id="p' + p + '-debt">' + debt + '</td>' +
        '<td id="p' + p + '-hand" title="' + cards(q.hand) + '">' + q.hand.length + '</td><td id="p' + p + '-draw">' + q.draw.length +
        '</td><td id="p' + p + '-discard">' + q.discard.length + '</td><td>' + q.automated.length + '</td><td>' + cards(q.permanent) + '</td></tr>' +
        '<tr><td></td><td colspan="7" class="small">hand: ' + cards(q.hand) + (q.played ? ' \u00b7 played: ' + cards(q.played) : '') + '</td></tr>';
    }
    $('ptab').innerHTML = rows;
    let a = '<tr><th>id</th>' + AB.slice(0, 8).map((s) => '<th>' + s + '</th>').join('') + '</tr>';
    for (const id of f.apps) {
      const nd = D.static.needs[id] || [];
      a += '<tr id="app-' + id + '"><td>' + id + '</td>' + nd.map((v) => '<td>' + (v || '') + '</td>').join('') + '</tr>';
    }
    $('apps').innerHTML = a;
  }
  return {init, draw};
})();
"""

JS_BLITZ = r"""
const GAME = (() => {
  let C = 20, mines = [], heroes = [], built = false;
  const TER = {' ': '#f3efe3', '#': '#6b5b45', 'T': '#f3efe3', '^': '#f3efe3', '$': '#f3efe3'};
  function build() {
    const s = D.static, n = s.n;
    C = Math.max(14, Math.floor(560 / n));
    $('board').innerHTML = '';
    const svg = el('svg:svg', {width: n * C, height: n * C, id: 'svg'}, $('board'));
    for (let c = 0; c < n * n; c++) {
      const x = c % n * C, y = Math.floor(c / n) * C, t = s.terrain[c];
      el('svg:rect', {x, y, width: C, height: C, fill: TER[t] || '#fff'}, svg);
      if (t === 'T') {
        el('svg:rect', {x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 3, fill: '#6fb7e0', stroke: '#2b6f96'}, svg);
        el('svg:text', {x: x + C / 2, y: y + C * 0.72, 'text-anchor': 'middle', 'font-size': C * 0.55, fill: '#fff', 'font-weight': 'bold'}, svg, 'T');
      }
      if (t === '^') el('svg:path', {d: 'M' + (x + 2) + ' ' + (y + C - 2) + ' l' + (C / 4 - 1) + ' ' + (-(C - 4)) + ' l' + (C / 4 - 1) + ' ' + (C - 4) + ' l' + (C / 4 - 1) + ' ' + (-(C - 4)) + ' l' + (C / 4 - 1) + ' ' + (C - 4) + 'z', fill: '#999'}, svg);
    }
    (s.spawns || []).forEach((p, k) => el('svg:rect', {x: p[1] * C + 2, y: p[0] * C + 2, width: C - 4, height: C - 4, fill: 'none', stroke: COLORS[k], 'stroke-dasharray': '3 2'}, svg));
    mines = s.mines.map((c, i) => {
      const x = c % n * C, y = Math.floor(c / n) * C;
      const g = el('svg:g', {id: 'mine-' + i}, svg);
      el('svg:circle', {cx: x + C / 2, cy: y + C / 2, r: C * 0.42, fill: '#f0c419', stroke: '#8a6d00'}, g);
      return {g, flag: el('svg:rect', {x: x + C * 0.3, y: y + C * 0.3, width: C * 0.4, height: C * 0.4, fill: '#fff'}, g)};
    });
    heroes = [0, 1, 2, 3].map((k) => {
      const g = el('svg:g', {id: 'hero-' + (k + 1)}, svg);
      el('svg:circle', {cx: C / 2, cy: C / 2, r: C * 0.45, fill: COLORS[k], stroke: '#000', 'stroke-width': 1}, g);
      el('svg:text', {x: C / 2, y: C * 0.7, 'text-anchor': 'middle', 'font-size': C * 0.55, fill: '#fff', 'font-weight': 'bold'}, g, k + 1);
      return g;
    });
    $('info').innerHTML = '<table id="htab"></table><div class="small">square = mine (inner colour = owner, white = neutral), blue T = tavern, grey teeth = spikes, dashed square = spawn</div><div class="small" id="meta"></div>';
    const m = s.meta || {};
    $('meta').textContent = Object.keys(m).map((k) => k + ' ' + m[k]).join(' | ');
    built = true;
  }
  function init() { if (D.static) build(); }
  function draw(f) {
    if (!built) build();
    for (let i = 0; i < mines.length; i++) {
      const o = f.o[i];
      mines[i].flag.setAttribute('fill', o === '-' ? '#fff' : COLORS[Number(o) - 1]);
      mines[i].g.dataset.owner = o;
    }
    let rows = '<tr><th>hero</th><th>life</th><th>gold</th><th>mines</th><th>position</th></tr>';
    f.h.forEach((h, k) => {
      const g = heroes[k];
      g.setAttribute('transform', 'translate(' + h[1] * C + ',' + h[0] * C + ')');
      g.setAttribute('opacity', h[5] ? 0.45 : 1);
      Object.assign(g.dataset, {x: h[0], y: h[1], life: h[2], gold: h[3], mines: h[4]});
      rows += '<tr id="hrow-' + (k + 1) + '"' + (f.k === k ? ' style="background:#fff3c4"' : '') + '><td><span class="sw" style="background:' + COLORS[k] + '"></span>' + esc(pname(k)) + (h[5] ? ' (crashed)' : '') +
        '</td><td class="life">' + h[2] + '</td><td class="gold">' + h[3] + '</td><td>' + h[4] + '</td><td>' + h[0] + ',' + h[1] + '</td></tr>';
    });
    $('htab').innerHTML = rows;
  }
  return {init, draw, build};
})();
"""

JS_BLITZ_LIVE = r"""
function blitzStatic(g) {
  const n = g.board.size, t = g.board.tiles, ter = [], mines = [];
  const map = {'  ': ' ', '##': '#', '[]': 'T', '^^': '^'};
  for (let c = 0; c < n * n; c++) {
    const s = t.substr(2 * c, 2);
    if (s[0] === '$') { ter.push('$'); mines.push(c); }
    else if (s[0] === '@') ter.push(' ');
    else ter.push(map[s] || ' ');
  }
  return {n, terrain: ter.join(''), mines, spawns: g.heroes.map((h) => h.spawnPos ? [h.spawnPos.x, h.spawnPos.y] : null).filter((x) => x), meta: {GAME: g.id}};
}
function blitzFrame(st) {
  const g = st.game || st;
  const h = g.heroes.map((x) => [x.pos.x, x.pos.y, x.life, x.gold, x.mineCount, x.crashed ? 1 : 0]);
  const cmds = [];
  g.heroes.forEach((x, k) => { if (x.lastDir) cmds.push([k, x.lastDir, '', null]); });
  const o = D.static.mines.map((c) => g.board.tiles[2 * c + 1]).join('');
  return {turn: g.turn, h, o, k: g.turn > 0 ? (g.turn - 1) % 4 : -1, cmds, label: 'turn ' + g.turn + (g.finished ? ' (finished)' : '')};
}
function LIVE() {
  const q = new URLSearchParams(location.search);
  const id = q.get('game') || location.pathname.split('/').filter((x) => x).pop() || '';
  $('status').textContent = 'connecting to game ' + id + '...';
  const es = new EventSource('/events/' + encodeURIComponent(id));
  es.onmessage = (e) => {
    let st;
    try { st = JSON.parse(e.data); } catch (err) { $('status').textContent = 'bad event: ' + err; return; }
    const g = st.game || st;
    // a reconnection replays the stream from the start: keep each state once
    const last = D.frames[D.frames.length - 1];
    if (last && (g.turn < last.turn || e.data === V.lastData)) return;
    V.lastData = e.data;
    if (!D.static) {
      D.static = blitzStatic(g);
      D.players = g.heroes.map((x, k) => x.name || ('hero ' + (k + 1)));
      legend();
      GAME.build();
    }
    const follow = V.follow || D.frames.length === 0;
    D.frames.push(blitzFrame(st));
    $('status').textContent = 'game ' + id + (g.finished ? ': finished' : ': live');
    if (follow) show(D.frames.length - 1);
    else { $('slider').max = D.frames.length - 1; $('nframes').textContent = D.frames.length - 1; }
    if (g.finished) es.close();
  };
  es.onerror = () => { if (es.readyState === 2) $('status').textContent = 'game ' + id + ': stream closed'; };
}
"""

JS_GET1000 = r"""
const GAME = (() => {
  const COL = ['H', 'T', 'O'];
  function init() {
    const n = D.players.length;
    let h = '<div style="font-size:18px">round <b id="round"></b> &middot; roll <b id="step"></b>/9 &middot; value <b id="roll" style="font-size:26px"></b></div><div style="display:flex;gap:18px;flex-wrap:wrap">';
    for (let p = 0; p < n; p++) {
      h += '<div><div><span class="sw" style="background:' + COLORS[p % 4] + '"></span><b>' + esc(pname(p)) + '</b></div><table id="grid-p' + p + '"><tr><th>H</th><th>T</th><th>O</th></tr>';
      for (let r = 0; r < 3; r++) h += '<tr>' + COL.map((c) => '<td id="g-p' + p + '-' + c + r + '" style="width:34px;height:30px;text-align:center;font-size:20px"></td>').join('') + '</tr>';
      h += '</table><div>sum <b id="sum-p' + p + '"></b> &middot; distance <b id="dist-p' + p + '"></b></div><div>round wins <b id="wins-p' + p + '"></b></div></div>';
    }
    h += '</div><div id="winner" style="font-size:17px;margin-top:8px"></div><div class="small">ties: ' + esc(D.static.ties) + '</div>';
    $('board').innerHTML = h;
    $('board').style.padding = '10px';
  }
  function draw(f, k) {
    $('round').textContent = f.round; $('step').textContent = f.step; $('roll').textContent = f.value;
    let wins = null;
    for (let i = k; i >= 0 && !wins; i--) wins = D.frames[i].wins || null;
    f.grids.forEach((g, p) => {
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) {
        const td = $('g-p' + p + '-' + COL[c] + r);
        const v = g[c][r];
        td.textContent = v === undefined ? '' : v;
        const fresh = f.place[p] === c && r === g[c].length - 1;
        td.style.background = fresh ? COLORS[p % 4] : '';
        td.style.color = fresh ? '#fff' : '';
        td.dataset.fresh = fresh ? 1 : 0;
      }
      $('sum-p' + p).textContent = f.totals[p];
      $('dist-p' + p).textContent = f.dist[p];
      $('wins-p' + p).textContent = wins ? wins[p] : 0;
    });
    const w = $('winner');
    if (f.wins) {
      w.textContent = f.winners.length ? 'round ' + f.round + ' won by ' + f.winners.map(pname).join(', ') + ' (distance ' + f.best + ')' : 'round ' + f.round + ': no winner (tie at distance ' + f.best + ')';
      w.dataset.winners = f.winners.join(',');
    } else { w.textContent = ''; w.dataset.winners = ''; }
  }
  return {init, draw};
})();
"""

JS_GAMEOFDRONES = r"""
const GAME = (() => {
  function init() {
    $('board').innerHTML = '<svg id="svg" width="420" height="240" viewBox="0 0 420 240"></svg>';
    $('info').innerHTML = '<div style="font-size:17px" id="outcome"></div><div id="tally"></div><table id="turns"></table><div class="small" id="end"></div>';
    $('end').textContent = D.static.end ? 'errors at the end (player 0, player 1; - = none): ' + D.static.end : '';
  }
  function fmt(x) { return x === null ? 'NaN' : Number.isInteger(x) ? String(x) : x.toFixed(2); }
  function draw(f) {
    const svg = $('svg');
    svg.innerHTML = '';
    const T = f.turns.length;
    let mx = 1;
    for (const t of f.turns) mx = Math.max(mx, t[1], t[2], t[3], t[4]);
    mx = Math.max(mx, f.after[0], f.after[1], f.after[3], f.after[4]);
    const bw = 380 / Math.max(1, T + 1);
    const pts = (p, which) => f.turns.map((t, i) => [20 + i * bw + bw / 2, 210 - 190 * t[1 + 2 * p + which] / mx]).concat([[20 + T * bw + bw / 2, 210 - 190 * f.after[3 * p + which] / mx]]);
    for (const p of [0, 1]) for (const wh of [0, 1]) {
      el('svg:polyline', {points: pts(p, wh).map((q) => q.join(',')).join(' '), fill: 'none', stroke: COLORS[p], 'stroke-width': wh ? 3 : 1.5, 'stroke-dasharray': wh ? 'none' : '4 3'}, svg);
    }
    el('svg:line', {x1: 20, y1: 210, x2: 410, y2: 210, stroke: '#999'}, svg);
    el('svg:text', {x: 22, y: 232, 'font-size': 11}, svg, 'solid: soldiers, dashed: producers; x: turn 1..' + T + ', then the clash');
    let rows = '<tr><th>turn</th>' + [0, 1].map((p) => '<th style="color:' + COLORS[p] + '">' + esc(pname(p)) + ' P/S</th><th>answer (new P, new S, attack)</th><th>ms</th>').join('') + '</tr>';
    f.turns.forEach((t, i) => {
      rows += '<tr id="turn-' + (i + 1) + '"><td>' + t[0] + '</td>';
      for (const p of [0, 1]) rows += '<td>' + fmt(t[1 + 2 * p]) + ' / ' + fmt(t[2 + 2 * p]) + '</td><td class="act-p' + p + '">' + fmt(t[5 + 3 * p]) + ' ' + fmt(t[6 + 3 * p]) + (t[7 + 3 * p] ? ' ATTACK' : '') + '</td><td>' + fmt(t[11 + p]) + '</td>';
      rows += '</tr>';
    });
    rows += '<tr><td>end</td>' + [0, 1].map((p) => '<td>' + fmt(f.after[3 * p]) + ' / ' + fmt(f.after[3 * p + 1]) + '</td><td>' + (f.after[3 * p + 2] ? 'attacks' : '') + '</td><td></td>').join('') + '</tr>';
    $('turns').innerHTML = rows;
    const o = $('outcome');
    o.textContent = 'round ' + f.round + ': ' + (f.outcome > 0 ? pname(0) + ' wins' : f.outcome < 0 ? pname(1) + ' wins' : 'draw') + ' after ' + f.nturns + ' turn(s)';
    o.dataset.outcome = f.outcome;
    $('tally').textContent = 'match so far: ' + pname(0) + ' ' + f.tally[0] + ', ' + pname(1) + ' ' + f.tally[1] + ', draws ' + f.tally[2];
  }
  return {init, draw};
})();
"""

JS_TICTACTOE = r"""
const GAME = (() => {
  const C = 110, M = 10, MARK = ['X', 'O'];
  let cells = [];
  function init() {
    const svg = el('svg:svg', {width: 3 * C + 2 * M, height: 3 * C + 2 * M, id: 'svg'}, $('board'));
    for (let c = 0; c < 9; c++) {
      const x = M + c % 3 * C, y = M + Math.floor(c / 3) * C;
      const g = el('svg:g', {id: 'cell-' + Math.floor(c / 3) + '-' + c % 3}, svg);
      const bg = el('svg:rect', {x, y, width: C, height: C, fill: '#fff', stroke: '#2f3b45', 'stroke-width': 3}, g);
      const cross = el('svg:path', {d: 'M' + (x + 25) + ' ' + (y + 25) + ' l60 60 m0 -60 l-60 60', stroke: COLORS[0], 'stroke-width': 12, 'stroke-linecap': 'round', display: 'none'}, g);
      const ring = el('svg:circle', {cx: x + C / 2, cy: y + C / 2, r: 32, fill: 'none', stroke: COLORS[1], 'stroke-width': 11, display: 'none'}, g);
      cells.push({g, bg, cross, ring});
    }
    el('svg:line', {id: 'winline', stroke: '#222', 'stroke-width': 6, 'stroke-opacity': 0.6, 'stroke-linecap': 'round', display: 'none'}, svg);
    $('info').innerHTML = '<div style="font-size:17px">move <b id="ply"></b> of 9 &middot; <span id="tomove"></span></div>' +
      '<table id="ptab"><tr><th>player</th><th>mark</th><th>moves</th><th>think ms (total)</th></tr>' +
      [0, 1].map((p) => '<tr><td><span class="sw" style="background:' + COLORS[p] + '"></span>' + esc(pname(p)) + '</td><td>' + MARK[p] + '</td><td id="p' + p + '-moves"></td><td id="p' + p + '-think"></td></tr>').join('') + '</table>' +
      '<div id="result" style="font-size:17px;margin-top:6px"></div>' +
      '<div class="small">X = player 0 (moves first), O = player 1; yellow = the move just played</div><div class="small err" id="errors"></div>';
    $('errors').textContent = (D.static.errors || []).map((e) => pname(e[0]) + ': ' + e[1] + ' ' + e[2]).join(' | ');
  }
  function center(c) { return [M + c % 3 * C + C / 2, M + Math.floor(c / 3) * C + C / 2]; }
  function draw(f, k) {
    for (let c = 0; c < 9; c++) {
      const v = f.board[c], e = cells[c];
      e.cross.setAttribute('display', v === '0' ? 'inline' : 'none');
      e.ring.setAttribute('display', v === '1' ? 'inline' : 'none');
      e.bg.setAttribute('fill', c === f.cell ? '#fff3c4' : '#fff');
      e.g.dataset.mark = v === '-' ? '' : MARK[Number(v)];
      e.g.dataset.last = c === f.cell ? 1 : 0;
    }
    const wl = $('winline');
    if (f.line) {
      const a = center(f.line[0]), b = center(f.line[2]);
      Object.entries({x1: a[0], y1: a[1], x2: b[0], y2: b[1], display: 'inline'}).forEach(([q, v]) => wl.setAttribute(q, v));
    } else wl.setAttribute('display', 'none');
    $('ply').textContent = f.ply;
    $('tomove').textContent = f.result ? 'game over' : f.ply < 9 ? 'next: ' + pname(f.ply % 2) + ' (' + MARK[f.ply % 2] + ')' : '';
    const moves = [0, 0], think = [0, 0];
    for (let i = 1; i <= k; i++) {
      const g = D.frames[i];
      if (g.cell >= 0) { moves[g.mover]++; think[g.mover] += g.cmds.find((c) => c[0] === g.mover)[3] || 0; }
    }
    for (const p of [0, 1]) { $('p' + p + '-moves').textContent = moves[p]; $('p' + p + '-think').textContent = think[p].toFixed(2); }
    const r = $('result'), res = f.result || '';
    r.dataset.result = res;
    r.textContent = res === 'draw' ? 'result: draw' : res ? 'result: ' + pname(Number(res.slice(7))) + ' (' + MARK[Number(res.slice(7))] + ') wins' : '';
  }
  return {init, draw};
})();
"""

GAME_JS = {"spring2021": JS_SPRING2021, "greencircle": JS_GREENCIRCLE, "blitz": JS_BLITZ + JS_BLITZ_LIVE,
           "get1000": JS_GET1000, "gameofdrones": JS_GAMEOFDRONES, "tictactoe": JS_TICTACTOE}

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(title)s</title>
<link rel="icon" href="data:,">
<style>%(css)s</style></head>
<body>
<header><b>%(title)s</b><span id="players"></span><span id="status"></span></header>
<main><div id="board"></div><div id="side"><div id="info"></div><table id="cmds"></table></div></main>
<div id="controls">
<button id="first" title="first frame (Home)">|&#x25c0;</button><button id="prev" title="previous frame (Left)">&#x25c0;</button>
<button id="play" title="play / pause (Space)">play</button><button id="next" title="next frame (Right)">&#x25b6;</button>
<button id="last" title="last frame (End)">&#x25b6;|</button>
<select id="speed" title="delay between frames"><option value="500">slow</option><option value="150" selected>normal</option><option value="40">fast</option></select>
<input id="slider" type="range" min="0" max="0" value="0">
<span>frame <b id="frame">0</b> / <span id="nframes">0</span></span><span id="label"></span>
</div>
<script type="application/json" id="data">%(data)s</script>
<script>%(core)s
%(game)s
start();
</script>
</body></html>
"""


def page_html(data, title=None):
    game = data["game"]
    if title is None:
        title = "%s replay" % game if not data.get("live") else "%s live" % game
    try:
        blob = json.dumps(data, separators=(",", ":"), allow_nan=False).replace("</", "<\\/")
    except ValueError as e:
        raise ViewError("the trace holds a number JSON cannot carry (%s)" % e)
    esc_title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    core = JS_CORE if game == "blitz" else JS_CORE.replace("if (D.live) LIVE();", "")
    return PAGE % {"title": esc_title, "css": CSS, "data": blob, "core": core, "game": GAME_JS[game]}


def render(trace_path, out_path, game=None, title=None):
    """Reads trace_path, writes the page to out_path. Raises ViewError (bad
    trace) or OSError (unreadable/unwritable file)."""
    with open(trace_path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    data = parse(text, game)
    html = page_html(data, title or "%s: %s" % (data["game"], os.path.basename(trace_path)))
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(html)
    os.replace(tmp, out_path)
    return data


def render_live(game, out_path):
    if game != "blitz":
        raise ViewError("--live supports blitz only")
    data = {"game": "blitz", "live": True, "players": [], "static": None, "frames": [], "version": VERSION}
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(page_html(data))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Turns a game trace into one self-contained HTML replay page.")
    ap.add_argument("trace", nargs="?", help="trace file (any game: %s)" % ", ".join(sorted(PARSERS)))
    ap.add_argument("-o", "--out", required=True, help="HTML file to write")
    ap.add_argument("--game", choices=sorted(PARSERS), help="force the game instead of detecting it")
    ap.add_argument("--title", help="page title")
    ap.add_argument("--live", metavar="GAME", help="write the live page (blitz): reads /events/<id>")
    a = ap.parse_args(argv)
    try:
        if a.live:
            render_live(a.live, a.out)
        elif not a.trace:
            ap.error("a TRACE file or --live GAME is needed")
        else:
            render(a.trace, a.out, a.game, a.title)
    except ViewError as e:
        print("view.py: %s: %s" % (a.trace or a.live, e), file=sys.stderr)
        return 1
    except OSError as e:
        print("view.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
