"""view.py -- spring2021 for the replay page: parse(lines) reads a trace, the
official format (referee `match --trace`, tests/data/spring2021): a frame is
one engine frame. The page's data and its rules are view.py's (the top-level
one, "a game's view.py"); the drawing is view.js beside this file.
"""
from view import ViewError, short_name, split_command, stderr_line

HEADERS = ("GAME spring2021",)  # first-line prefixes of this game's traces


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
        if not w or stderr_line(frames, w, line):
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


def parse(lines):
    return parse_spring2021(lines)
