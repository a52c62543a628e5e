#!/usr/bin/env python3
"""fitreport.py -- what the fitted opponent model (fit.c) says about each
bot of an arena's games, counted over the games.

Usage: fitreport.py [--lab LAB] [--bot NAME] [--turn T] [--games] TRACE|DIR...

Each TRACE is a game's trace with its TRACE.names beside it (the bots'
names in seat order, one a line: what `arena.py --html DIR` keeps for
every game, under RESULTS.d/traces). A DIR stands for every *.trace in
it. Our seat is the one named NAME (default dist). For each game,
`LAB --fit-trace TRACE --hero H --fit-report T+seat` (H our seat + 1,
T default 400: our move after 100 moves each) fits the other heroes as
our bot had them; this counts, per bot name, the games fitted, the mean
share of its moves foretold (one of the fitted point's equal moves had
the outcome seen), the mean share played (the one move a prediction
plays, the first of the equal ones, had it), the games in which it was
trusted, and each fitted value, and prints them as a Markdown table
(--games: also each game's lines). "no top-up": the bot drinks once (heal_to not above heal,
or it never heals).

A trace without its .names file, or without a seat named NAME, or that
the lab cannot fit (it ends before the turn), is reported on stderr and
left out. Exit status: 0 when at least one game was counted, 1 when none,
2 on a bad argument. Standard library only.
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

LINE = re.compile(r"^fit trace turn \d+ hero (\d) (\S+): goal (\S+) heal<(\d+) to (\d+) attack (\d+) "
                  r"risk (\d+) spikes (\d+)(?: block (\d))?: (\d+)/(\d+) foretold(?:, (\d+) played)?, "
                  r"recent miss [\d.]+( \(trusted\))?$")
# The table's columns: name, then how a fitted value reads.
PARAMS = [("goal", lambda m: m.group(3)),
          ("heal below", lambda m: "never" if m.group(4) == "0" else m.group(4)),
          ("tops up", lambda m: "no top-up" if m.group(4) == "0" or int(m.group(5)) <= int(m.group(4))
           else "to " + m.group(5)),
          ("attack", lambda m: "never" if m.group(6) == "0" else m.group(6)),
          ("risk", lambda m: "any" if m.group(7) == "0" else m.group(7)),
          ("spikes", lambda m: m.group(8)),
          ("around heroes", lambda m: "yes" if m.group(9) == "1" else "no")]


def traces(paths):
    """The trace files named or held by the folders named, in order."""
    out = []
    for p in paths:
        out += sorted(glob.glob(os.path.join(p, "*.trace"))) if os.path.isdir(p) else [p]
    return out


def seat_names(trace):
    """The bots' names in seat order, from TRACE.names (OSError when it
    cannot be read)."""
    with open(trace + ".names") as f:
        return [line.strip() for line in f if line.strip()]


def fit_game(lab, trace, bot, turn):
    """The lab's fit lines for one game, or (None, why)."""
    try:
        names = seat_names(trace)
    except OSError as e:
        return None, "no names file (%s)" % e.strerror
    if bot not in names:
        return None, "no seat named %s in %s.names" % (bot, trace)
    seat = names.index(bot)
    cmd = [lab, "--fit-trace", trace, "--hero", str(seat + 1), "--fit-report", str(turn + seat)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "cannot run %s (%s)" % (lab, e)
    if p.returncode != 0:
        return None, "the lab exited %d: %s" % (p.returncode, p.stderr.strip()[-200:])
    lines = [m for m in map(LINE.match, p.stdout.splitlines()) if m]
    return (lines, None) if lines else (None, "no fit line in the lab's output")


def table(agg):
    """The Markdown table of the counts, one row per bot name."""
    rows = ["| bot | fits | moves foretold | moves played | trusted | fitted parameters (counts) |",
            "|---|---|---|---|---|---|"]
    for name in sorted(agg):
        a = agg[name]
        params = "; ".join("%s %s" % (k, ", ".join("%s %d" % vc for vc in a["values"][k].most_common()))
                           for k, _ in PARAMS)
        rows.append("| %s | %d | %.1f%% | %.1f%% | %d | %s |" % (name, a["fits"], 100.0 * a["foretold"] / a["fits"],
                                                             100.0 * a["played"] / a["fits"], a["trusted"], params))
    return "\n".join(rows)


def main(argv):
    ap = argparse.ArgumentParser(description="Counts the fitted opponent model over an arena's traces.")
    ap.add_argument("--lab", default="build/blitz-lab")
    ap.add_argument("--bot", default="dist", help="our seat's name in the .names files")
    ap.add_argument("--turn", type=int, default=400, help="the fit at our move of turn T + our seat")
    ap.add_argument("--games", action="store_true", help="also print each game's fit lines")
    ap.add_argument("paths", nargs="+", metavar="TRACE|DIR")
    a = ap.parse_args(argv)
    if a.turn < 0:
        ap.error("--turn must be 0 or more")
    agg = collections.defaultdict(lambda: {"fits": 0, "foretold": 0.0, "played": 0.0, "trusted": 0,
                                           "values": {k: collections.Counter() for k, _ in PARAMS}})
    games = 0
    for trace in traces(a.paths):
        lines, why = fit_game(a.lab, trace, a.bot, a.turn)
        if lines is None:
            print("fitreport.py: %s left out: %s" % (trace, why), file=sys.stderr)
            continue
        games += 1
        for m in lines:
            if a.games:
                print("%s: %s" % (os.path.basename(trace), m.group(0)))
            g = agg[m.group(2)]
            g["fits"] += 1
            g["foretold"] += int(m.group(10)) / max(1, int(m.group(11)))
            g["played"] += int(m.group(12) or 0) / max(1, int(m.group(11)))
            g["trusted"] += m.group(13) is not None
            for k, read in PARAMS:
                g["values"][k][read(m)] += 1
    if not games:
        print("fitreport.py: no game counted", file=sys.stderr)
        return 1
    print("fitreport: %d games, the fit at our move of turn %d + our seat" % (games, a.turn))
    print(table(agg))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
