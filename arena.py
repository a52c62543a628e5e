#!/usr/bin/env python3
"""arena.py -- plays many matches of one game through its referee.

Usage:
  ./arena.py GAME [--games N] [--jobs J] [--seed S] [--json]
             [--referee-arg ARG]... BOT BOT [BOT BOT]

A BOT is a command line (anything with a space or a slash), or a short name:
`dist` is build/GAME, NAME is build/GAME-NAME when that file exists, and any
other word is passed to the referee as it is (some referees have built-in
bots). Game g (0-based) is played on seed S + g div R with the seats rotated
by g mod R (R = number of bots), so every seed is played from every seat.
Each game is one run of

  build/GAME-referee match --seed SEED [ARGS] -- CMD0 CMD1 ...

which enforces the judge's time limits and prints one JSON line (README,
"Referee contract"). The summary gives, per bot: wins/draws/losses (a win is
a sole first place), the score rate (draws count half) with its 95% Wilson
interval, for two bots the Elo difference with its interval, mean and max
think time per move, and every crash, timeout or invalid move with the exact
command that replays that game. Exit status: 0 if every game was played and
no bot crashed or timed out, 1 otherwise, 2 on bad usage.
"""
import argparse
import concurrent.futures
import json
import math
import os
import shlex
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
Z95 = 1.959963984540054
GAME_TIMEOUT_S = 1800  # a referee that runs longer than this is killed


def wilson(score, n, z=Z95):
    """95% Wilson interval of a proportion score/n (score may be fractional)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def elo(p):
    """Elo difference that gives expected score p."""
    if p <= 1e-9:
        return float("-inf")
    if p >= 1 - 1e-9:
        return float("inf")
    return -400.0 * math.log10(1.0 / p - 1.0)


def fmt_elo(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return "%+.0f" % x


def resolve_bot(game, name):
    if " " in name or "/" in name:
        return name
    if name == "dist":
        path = os.path.join("build", game)
    else:
        path = os.path.join("build", "%s-%s" % (game, name))
    if os.path.isfile(os.path.join(ROOT, path)):
        return "./" + path
    return name


class Progress:
    def __init__(self, total, enabled):
        self.total = total
        self.done = 0
        self.enabled = enabled
        self.start = time.monotonic()
        self.lock = threading.Lock()

    def tick(self):
        with self.lock:
            self.done += 1
            if not self.enabled:
                return
            width = 30
            fill = int(width * self.done / max(1, self.total))
            el = time.monotonic() - self.start
            eta = el / self.done * (self.total - self.done)
            sys.stderr.write("\r[%s%s] %d/%d games, %.0fs elapsed, ~%.0fs left " %
                             ("#" * fill, "." * (width - fill), self.done, self.total, el, eta))
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def play(referee, seed, seat_cmds, extra):
    cmd = [referee, "match", "--seed", str(seed)] + extra + ["--"] + seat_cmds
    replay = " ".join(shlex.quote(c) for c in cmd)
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=GAME_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, "referee ran over %d s" % GAME_TIMEOUT_S, replay
    except OSError as e:
        return None, "cannot run the referee: %s" % e, replay
    result = None
    for line in reversed(r.stdout.strip().split("\n")):
        line = line.strip()
        if line.startswith("{"):
            try:
                result = json.loads(line)
            except ValueError:
                result = None
            break
    if r.returncode != 0 or result is None or "ranks" not in result:
        tail = (r.stderr.strip().split("\n") or [""])[-1][:200]
        return None, "referee failed (exit %d): %s" % (r.returncode, tail), replay
    return result, None, replay


def main(argv):
    ap = argparse.ArgumentParser(prog="arena.py", description="Plays matches through a game's referee.")
    ap.add_argument("game")
    ap.add_argument("bots", nargs="+", metavar="BOT")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="also print a one-line JSON summary")
    ap.add_argument("--referee-arg", action="append", default=[], help="extra argument for the referee")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    a = ap.parse_args(argv[1:])
    if not 2 <= len(a.bots) <= 4:
        print("arena.py: give 2 to 4 bots", file=sys.stderr)
        return 2
    if a.games < 1 or a.jobs < 1:
        print("arena.py: --games and --jobs must be positive", file=sys.stderr)
        return 2
    referee = os.path.join(".", "build", "%s-referee" % a.game)
    if not os.path.isfile(os.path.join(ROOT, referee)):
        print("arena.py: %s not found: run `make` first" % referee, file=sys.stderr)
        return 2
    nb = len(a.bots)
    cmds = [resolve_bot(a.game, b) for b in a.bots]
    # a short label per bot: the name, or the program's base name for a
    # command line; repeated labels get #1, #2, ...
    short = [b if b == cmds[i] and " " not in b and "/" not in b else
             os.path.basename(b.split()[0]) + ("+args" if " " in b.strip() else "")
             for i, b in enumerate(a.bots)]
    short = [s[:14] for s in short]
    labels = []
    for i, b in enumerate(short):
        dup = short[:i].count(b)
        labels.append(b if short.count(b) == 1 else "%s#%d" % (b, dup + 1))

    jobs = []
    for g in range(a.games):
        seed = a.seed + g // nb
        rot = g % nb
        seat_bot = [(s + rot) % nb for s in range(nb)]  # seat -> bot index
        jobs.append((g, seed, seat_bot))

    stats = [dict(w=0, d=0, l=0, rank_sum=0, think_sum=0.0, think_n=0, think_max=0.0, errors=0,
                  seat_pts=[0.0] * nb, seat_n=[0] * nb)
             for _ in range(nb)]
    problems = []
    failures = []
    played = 0
    progress = Progress(len(jobs), not a.quiet and sys.stderr.isatty() or os.environ.get("ARENA_PROGRESS"))

    def run(job):
        g, seed, seat_bot = job
        res, err, replay = play(referee, seed, [cmds[b] for b in seat_bot], a.referee_arg)
        progress.tick()
        return job, res, err, replay

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for (g, seed, seat_bot), res, err, replay in ex.map(run, jobs):
            if res is None:
                failures.append((g, seed, err, replay))
                continue
            played += 1
            ranks = res["ranks"]
            errors = res.get("errors", [""] * nb)
            tmean = res.get("think_mean_ms", [0.0] * nb)
            tmax = res.get("think_max_ms", [0.0] * nb)
            detail = res.get("detail", [""] * nb)
            for seat, b in enumerate(seat_bot):
                st = stats[b]
                first = ranks[seat] == 0
                shared = sum(1 for r in ranks if r == 0) > 1
                if first and not shared:
                    st["w"] += 1
                elif first:
                    st["d"] += 1
                else:
                    st["l"] += 1
                st["seat_n"][seat] += 1
                st["seat_pts"][seat] += 1.0 if first and not shared else 0.5 if first else 0.0
                st["rank_sum"] += ranks[seat]
                st["think_sum"] += float(tmean[seat] or 0)
                st["think_n"] += 1
                st["think_max"] = max(st["think_max"], float(tmax[seat] or 0))
                if errors[seat]:
                    st["errors"] += 1
                    why = detail[seat] if seat < len(detail) else ""
                    problems.append((labels[b], errors[seat], why, g, seed, replay))

    print("arena %s: %d games played (%d seeds x %d seats), %d referee failures" %
          (a.game, played, (a.games + nb - 1) // nb, nb, len(failures)))
    print("%-14s %5s %5s %5s  %-24s %9s %9s %6s" %
          ("bot", "wins", "draws", "loss", "score rate [95% CI]", "mean ms", "max ms", "errors"))
    summary = {"game": a.game, "games": played, "referee_failures": len(failures), "bots": []}
    for i in range(nb):
        st = stats[i]
        n = st["w"] + st["d"] + st["l"]
        p, lo, hi = wilson(st["w"] + 0.5 * st["d"], n)
        mean_ms = st["think_sum"] / st["think_n"] if st["think_n"] else 0.0
        print("%-14s %5d %5d %5d  %5.1f%% [%5.1f%%, %5.1f%%] %9.2f %9.2f %6d" %
              (labels[i], st["w"], st["d"], st["l"], 100 * p, 100 * lo, 100 * hi,
               mean_ms, st["think_max"], st["errors"]))
        summary["bots"].append({"bot": labels[i], "command": cmds[i], "wins": st["w"], "draws": st["d"],
                                "losses": st["l"], "score_rate": round(p, 4), "ci95": [round(lo, 4), round(hi, 4)],
                                "mean_rank": round(st["rank_sum"] / n, 3) if n else None,
                                "think_mean_ms": round(mean_ms, 3), "think_max_ms": round(st["think_max"], 3),
                                "errors": st["errors"]})
    if nb == 2 and played:
        st = stats[0]
        n = st["w"] + st["d"] + st["l"]
        p, lo, hi = wilson(st["w"] + 0.5 * st["d"], n)
        print("Elo %s - %s: %s [%s, %s]" % (labels[0], labels[1], fmt_elo(elo(p)), fmt_elo(elo(lo)), fmt_elo(elo(hi))))
        summary["elo"] = [elo(p), elo(lo), elo(hi)]
        summary["elo"] = [None if math.isinf(x) else round(x, 1) for x in summary["elo"]]
        # the first bot's score rate by the seat it played from
        by_seat = []
        for seat in range(nb):
            k = st["seat_n"][seat]
            sp, slo, shi = wilson(st["seat_pts"][seat], k)
            by_seat.append("seat %d: %g/%d = %.1f%% [%.1f%%, %.1f%%]" %
                           (seat, st["seat_pts"][seat], k, 100 * sp, 100 * slo, 100 * shi))
        print("%s by seat: %s" % (labels[0], "; ".join(by_seat)))
        summary["first_bot_by_seat"] = [{"seat": s, "points": st["seat_pts"][s], "games": st["seat_n"][s]}
                                        for s in range(nb)]
    elif played:
        print("(with %d players a win is a sole first place; score rate = first places, draws half)" % nb)
    for label, kind, why, g, seed, replay in problems:
        print("%s: %s%s in game %d (seed %d); replay: %s" %
              (label, kind, " (%s)" % why if why else "", g, seed, replay))
    for g, seed, err, replay in failures:
        print("referee failure in game %d (seed %d): %s; replay: %s" % (g, seed, err, replay))
    summary["problems"] = [{"bot": l, "kind": k, "detail": w, "game": g, "seed": s, "replay": r}
                           for l, k, w, g, s, r in problems]
    if a.json:
        print(json.dumps(summary, sort_keys=True))
    crashes = [p for p in problems if p[1] in ("crash", "timeout")]
    return 0 if not failures and not crashes and played == a.games else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
