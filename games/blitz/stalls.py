#!/usr/bin/env python3
"""stalls.py -- where each bot of an arena's games spent moves for nothing.

Usage: stalls.py [--games] [--window N] [--area N] TRACE|DIR...

Each TRACE is a game's trace (one server state JSON a line, with the
board, as the referee's --trace and `arena.py --html DIR` under
RESULTS.d/traces write it) with its TRACE.names beside it; a DIR stands
for every *.trace in it. Per bot name, over the games it played:
  - drinks: its life rose by more than 5 on its own move while its gold
    fell (a drink costs 2 gold and gives 50 life, less a move's thirst);
  - trades: a mine it took that the same other hero took back within
    --window turns (12), the taker alive all along: two heroes trading
    one mine, each paying 20 life a take, while a third mines;
  - stall: its longest run of own moves within --area (2) steps
    (manhattan) of the run's first cell with the same mine count, alive,
    while another hero held more mines at the run's end: pacing beside a
    mine it never takes while the leader grows;
  - hit back: drinks whose life the others' moves took back before its
    next move (20 or more lost on the same cell, no death): a hero
    drinking beside a tavern while a hero beside it drinks and hits it
    each round pays 2 gold a round for nothing (arena board 90219, seat
    0: 29 such rounds running beside miner#1 on a board of 4 mines).
A game with many trades or a long stall is where to look first (arena
board 82008: our hero and wowblitzawesome traded one mine every round
for 800 turns; 82013: our hero paced beside a camper's pocket of neutral
mines for 300 moves). --games: also a line per bot and game.

A trace without its .names file, with fewer than 4 names, or whose lines
do not read as states with a board, is reported on stderr and left out.
Exit status: 0 when at least one game was counted, 1 when none, 2 on a
bad argument. Standard library only (fitreport.py and deaths.py beside
it, for reading the traces and telling a death from a drink).
"""
import argparse
import collections
import os
import sys

from deaths import games, respawned


def drinks(seq):
    """([drinks of seat k], [those hit back]) in one game."""
    out, back = [0] * 4, [0] * 4
    for i, ((t0, was, _), (t1, now, _)) in enumerate(zip(seq, seq[1:])):
        k = t0 % 4
        if t1 == t0 + 1 and now[k][2] > was[k][2] + 5 and now[k][3] < was[k][3] + was[k][4] and \
                not respawned(was[k], now[k]):
            out[k] += 1
            if i + 4 < len(seq) and seq[i + 4][0] == t0 + 4:  # the state before its next move
                later = seq[i + 4][1][k]
                if later[0] == now[k][0] and later[2] <= now[k][2] - 20 and not respawned(now[k], later):
                    back[k] += 1
    return out, back


def trades(seq, window):
    """[trades of seat k] in one game (see the module's comment)."""
    out = [0] * 4
    took = {}  # cell -> (seat, turn) of its last take
    alive = [None] * 4  # turn of each seat's last respawn
    for (t0, was, own0), (t1, now, own1) in zip(seq, seq[1:]):
        for k in range(4):
            if respawned(was[k], now[k]):
                alive[k] = t1
        for c, o in own1.items():
            if o is None or own0.get(c) == o:
                continue
            prev = took.get(c)
            if prev and own0.get(c) == prev[0] and t1 - prev[1] <= window and \
                    (alive[prev[0]] is None or alive[prev[0]] <= prev[1]):
                out[prev[0]] += 1
            took[c] = (o, t1)
    return out


def stalls(seq, area):
    """[longest stall of seat k, in own moves] in one game."""
    out = [0] * 4
    for k in range(4):
        mine = [(t, h) for t, h, _ in seq if t % 4 == (k + 1) % 4]  # the state after k's move
        run_start = 0
        for i in range(1, len(mine) + 1):
            done = i == len(mine)
            if not done:
                (x0, y0), m0 = mine[run_start][1][k][0], mine[run_start][1][k][4]
                (x, y), m = mine[i][1][k][0], mine[i][1][k][4]
                done = abs(x - x0) + abs(y - y0) > area or m != m0 or respawned(mine[i - 1][1][k], mine[i][1][k])
            if done:
                last = mine[i - 1][1]
                if any(last[j][4] > last[k][4] for j in range(4) if j != k):
                    out[k] = max(out[k], i - run_start)
                run_start = i
    return out


def table(agg):
    """The Markdown table, one row per bot name."""
    head = ["bot", "games", "drinks a game", "trades a game", "longest stall (own moves, mean)",
            "drinks hit back a game"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in sorted(agg):
        a = agg[name]
        g = a["games"]
        rows.append("| %s | %d | %.2f | %.2f | %.1f | %.2f |" % (name, g, a["drinks"] / g, a["trades"] / g,
                                                             a["stall"] / g, a["back"] / g))
    return "\n".join(rows)


def main(argv):
    ap = argparse.ArgumentParser(description="Counts drinks, mine trades, stalls and drinks hit back of each bot.")
    ap.add_argument("--games", action="store_true", help="also print a line per bot and game")
    ap.add_argument("--window", type=int, default=12, help="turns within which a retake is a trade (12)")
    ap.add_argument("--area", type=int, default=2, help="steps from a run's first cell that stay a stall (2)")
    ap.add_argument("paths", nargs="+", metavar="TRACE|DIR")
    a = ap.parse_args(argv)
    if a.window < 1 or a.area < 0:
        ap.error("--window must be 1 or more and --area 0 or more")
    agg = collections.defaultdict(lambda: {"games": 0, "drinks": 0, "trades": 0, "stall": 0, "back": 0})
    counted = 0
    for trace, names, seq in games(a.paths, "stalls.py", board=True):
        counted += 1
        (dr, bk), tr, st = drinks(seq), trades(seq, a.window), stalls(seq, a.area)
        gold = seq[-1][1] if seq else None
        for k in range(4):
            agg[names[k]]["games"] += 1
            agg[names[k]]["drinks"] += dr[k]
            agg[names[k]]["trades"] += tr[k]
            agg[names[k]]["stall"] += st[k]
            agg[names[k]]["back"] += bk[k]
            if a.games:
                print("%s: %s (seat %d) drinks %d trades %d stall %d gold %d hit back %d" % (
                    os.path.basename(trace), names[k], k, dr[k], tr[k], st[k], gold[k][3] if gold else 0, bk[k]))
    if not counted:
        print("stalls.py: no game counted", file=sys.stderr)
        return 1
    print("stalls: %d games" % counted)
    print(table(agg))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
