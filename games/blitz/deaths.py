#!/usr/bin/env python3
"""deaths.py -- how each bot of an arena's games died, and what it cost.

Usage: deaths.py [--games] TRACE|DIR...

Each TRACE is a game's trace (one server state JSON a line, a line every
turn, as the referee's --trace and `arena.py --html DIR` under
RESULTS.d/traces write it) with its TRACE.names beside it (the bots'
names in seat order, one a line). A DIR stands for every *.trace in it.

A hero died between two consecutive states when it stands on its spawn
at 99 life or more with no mine, and had not stood there already at that
life with no mine (a drink on the spawn costs 2 gold and is no death);
or when it respawned onto a hero that died so (it then holds that hero's
mines). A bot named in several seats counts once a seat.
The hero that moved (turn % 4 + 1 of the earlier state) tells the cause:
  - own move: it fought a mine or entered spikes too weak for them; its
    mines turn neutral;
  - killed: another hero's move hit it (the mover gets its mines);
  - telefragged: a hero that died this turn respawned on its cell (that
    hero gets its mines).
Per bot name, over the games it played: deaths a game and the mines lost
a game by cause, and the mines it won a game by killing or telefragging
others (--games: also a line per death). The table shows whether a bot
uses death as free healing (own-move deaths with few mines) or feeds its
mines to the others (killed with many).

A trace without its .names file, with fewer than 4 names, or whose lines
do not read as states, is reported on stderr and left out. Exit status:
0 when at least one game was counted, 1 when none, 2 on a bad argument.
Standard library only (and fitreport.py beside it, for reading the traces).
"""
import argparse
import collections
import json
import os
import sys

from fitreport import seat_names, traces  # the same traces and .names files

CAUSES = ("own move", "killed", "telefragged")


def hero_view(h):
    """(pos, spawn, life, gold, mines) of a state's hero object."""
    return ((h["pos"]["x"], h["pos"]["y"]), (h["spawnPos"]["x"], h["spawnPos"]["y"]),
            int(h["life"]), int(h["gold"]), int(h["mineCount"]))


def mine_owners(tiles):
    """{cell index: owner seat 0..3, or None when neutral} of a board's
    tiles string; raises TypeError when tiles is not a string."""
    if not isinstance(tiles, str):
        raise TypeError("tiles is not a string")
    return {i // 2: "1234".index(tiles[i + 1]) if tiles[i + 1] in "1234" else None
            for i in range(0, len(tiles) - 1, 2) if tiles[i] == "$"}


def states(path, board=False):
    """(turn, [hero_view x 4]) for each state line of the trace, with
    board: (turn, [hero_view x 4], mine_owners); raises ValueError on a
    line that is not a state of 4 heroes (with board: and a board)."""
    out = []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            if not line.strip().startswith("{"):
                continue
            try:
                g = json.loads(line)["game"]
                heroes = [hero_view(h) for h in g["heroes"]]
                turn = int(g["turn"])
                owners = mine_owners(g["board"]["tiles"]) if board else None
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError("line %d is not a game state (%s)" % (no, e))
            if len(heroes) != 4:
                raise ValueError("line %d has %d heroes, not 4" % (no, len(heroes)))
            out.append((turn, heroes, owners) if board else (turn, heroes))
    return out


def games(paths, tool, board=False):
    """(trace, names, states) of each countable trace of paths; a trace
    that is not (no .names, fewer than 4 names, a bad line) is reported on
    stderr as left out by `tool`."""
    for trace in traces(paths):
        try:
            names = seat_names(trace)
            if len(names) < 4:
                raise ValueError("%s.names has %d names, not 4" % (trace, len(names)))
            seq = states(trace, board)
        except (OSError, ValueError) as e:
            print("%s: %s left out: %s" % (tool, trace, getattr(e, "strerror", None) or e), file=sys.stderr)
            continue
        yield trace, names, seq


def respawned(was, now):
    """1 when a hero went from view `was` to `now` by dying (see above)."""
    pos, spawn, life, gold, mines = now
    if pos != spawn or life < 99 or mines != 0:
        return 0
    wpos, _, wlife, wgold, wmines = was
    if wpos == pos and wmines == 0 and (wlife >= 99 or wgold - gold == 2):
        return 0  # stood there already at full life, or drank there
    return 1


def telefragger(k, was, now):
    """The seat whose respawn telefragged seat k (in died), or None: a hero
    whose spawn k stood on, back on it at 99 life or more with k's mines."""
    for j in range(4):
        pos, spawn, life, _, mines = now[j]
        if j != k and spawn == was[k][0] and pos == spawn and life >= 99 and mines == was[k][4] and \
                (was[j][0] != spawn or was[j][2] < 99):
            return j
    return None


def game_deaths(seq):
    """[(turn, dead, cause, mines, by)] of one game's states: dead and by
    are seats (0..3; by None for an own-move death)."""
    out = []
    for (t0, was), (t1, now) in zip(seq, seq[1:]):
        if t1 != t0 + 1:
            continue
        mover = t0 % 4
        died = [k for k in range(4) if respawned(was[k], now[k])]
        tele = {k: telefragger(k, was, now) for k in died}
        for k in list(died):  # a telefragger died too, and holds its victim's mines
            if tele[k] is not None and tele[k] not in died:
                died.append(tele[k])
                tele[tele[k]] = None
        for k in died:
            if tele[k] is not None:
                out.append((t0, k, "telefragged", was[k][4], tele[k]))
            elif mover == k:
                out.append((t0, k, "own move", was[k][4], None))
            else:
                out.append((t0, k, "killed", was[k][4], mover))
    return out


def table(agg):
    """The Markdown table of the counts, one row per bot name."""
    head = ["bot", "games", "deaths a game"]
    for c in CAUSES:
        head += ["%s: deaths / mines lost" % c]
    head += ["mines won by kills"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in sorted(agg):
        a = agg[name]
        g = a["games"]
        cells = [name, "%d" % g, "%.2f" % (sum(a["deaths"].values()) / g)]
        for c in CAUSES:
            cells.append("%.2f / %.2f" % (a["deaths"][c] / g, a["lost"][c] / g))
        cells.append("%.2f" % (a["won"] / g))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv):
    ap = argparse.ArgumentParser(description="Counts how each bot of an arena's games died.")
    ap.add_argument("--games", action="store_true", help="also print a line per death")
    ap.add_argument("paths", nargs="+", metavar="TRACE|DIR")
    a = ap.parse_args(argv)
    agg = collections.defaultdict(lambda: {"games": 0, "deaths": collections.Counter(),
                                           "lost": collections.Counter(), "won": 0})
    counted = 0
    for trace, names, seq in games(a.paths, "deaths.py"):
        counted += 1
        for k in range(4):
            agg[names[k]]["games"] += 1
        for turn, k, cause, mines, by in game_deaths(seq):
            agg[names[k]]["deaths"][cause] += 1
            agg[names[k]]["lost"][cause] += mines
            if by is not None:
                agg[names[by]]["won"] += mines
            if a.games:
                print("%s: turn %d %s (seat %d) died, %s%s, %d mines" % (
                    os.path.basename(trace), turn, names[k], k, cause,
                    "" if by is None else " by %s (seat %d)" % (names[by], by), mines))
    if not counted:
        print("deaths.py: no game counted", file=sys.stderr)
        return 1
    print("deaths: %d games" % counted)
    print(table(agg))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
