#!/usr/bin/env python3
"""tune.py -- SPSA self-play tuning of a game's named tunables.

Usage:
  ./tune.py GAME [--iterations N] [--pairs P] [--only NAME,NAME...]
            [--c C] [--step S] [--seed SEED] [--confirm GAMES] [--out DIR]
            [--pool BOT ...] [--bot-env NAME=VALUE ...]
            [ARENA OPTIONS: --jobs J --cpu-clock --executor E
             --sshloginfile F --remote-dir D --slurm-batch K --slurm-arg A
             --referee-arg A]

The tunables are the rows X(NAME, VALUE, LO, HI) of a `#define
<PREFIX>_TUNABLES(X)` table in games/GAME/*.c (greencircle: ai.c). The dist
file compiles them as constants; the tuning build build/GAME-tune (make
builds it from dist/GAME.c with -DBOT_TUNING) reads BOT_TUNE="NAME=VALUE
..." from its environment.

SPSA (simultaneous perturbation stochastic approximation), in coordinates
u = (value - LO) / (HI - LO) of each tunable's range: iteration k draws a
random sign per tunable (delta), plays P game pairs (same seed, seats
swapped) of u + c_k delta against u - c_k delta through ./arena.py (any of
its executors), and moves u by a_k (2 s - 1) / (2 c_k) delta, where s is
the first side's score rate; values stay inside their ranges.

With --pool (repeatable: a bot as ./arena.py names it, a command with
arguments in one word), the sides do not meet: each plays P game pairs
against every pool bot on the same seeds, and s = 1/2 + (the plus side's
mean score rate - the minus side's) / 2. --bot-env NAME=VALUE (repeatable)
sets an environment variable of the tuned bots and of the confirmation's
dist (for instance a game's work budget, so that the tuned side plays the
same on any machine; a pool bot takes its own `env ...`). Gains:
c_k = C / k^0.101, a_k = a / (k + A)^0.602 with A = N / 10 and a chosen so
that a decisive first iteration (s = 3/4) moves a tunable by S of its range.

Output: a progress line per iteration; the trajectory (one JSON line per
iteration: k, values, signs, gains, score) in OUT/GAME-trajectory.jsonl;
at the end the tuned values as a unified diff of the table (OUT/GAME.patch,
printed), then a confirmation match of the tuned build against `dist` (the
baseline constants) with its Elo and 95% interval. Exit status 0 when every
match ran, 1 otherwise, 2 on bad usage.
"""
import argparse
import difflib
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
ROW = re.compile(r"^(\s*X\(\s*)([A-Za-z_][A-Za-z0-9_]*)(\s*,\s*)([-+0-9.eE]+)(\s*,\s*)([-+0-9.eE]+)(\s*,\s*)([-+0-9.eE]+)(\s*\).*)$")
GAMMA, ALPHA = 0.101, 0.602


class Tunable:
    def __init__(self, name, value, lo, hi, path):
        self.name, self.value, self.lo, self.hi, self.path = name, value, lo, hi, path


def read_tunables(game):
    """Rows of the game's <PREFIX>_TUNABLES(X) table."""
    gdir = os.path.join(ROOT, "games", game)
    found = []
    if not os.path.isdir(gdir):
        return found
    for f in sorted(os.listdir(gdir)):
        if not f.endswith(".c"):
            continue
        path = os.path.join(gdir, f)
        with open(path) as fh:
            lines = fh.read().split("\n")
        inside = False
        for i, line in enumerate(lines):
            if re.match(r"^#define [A-Z0-9_]+_TUNABLES\(X\)", line):
                inside = True
                continue
            if inside:
                m = ROW.match(line)
                if m:
                    t = Tunable(m.group(2), float(m.group(4)), float(m.group(6)), float(m.group(8)), path)
                    if not t.lo <= t.value <= t.hi or t.lo >= t.hi:
                        raise ValueError("%s:%d: %s: value outside its range" % (path, i + 1, t.name))
                    found.append(t)
                if not line.rstrip().endswith("\\"):
                    inside = False
    return found


def fmt(v):
    """A C double literal with 4 significant digits."""
    s = "%.4g" % v
    if "e" not in s and "." not in s:
        s += ".0"
    return s


def patch(tunables, values):
    """Unified diff of the table with the tuned values."""
    out = []
    by_path = {}
    for t in tunables:
        by_path.setdefault(t.path, []).append(t)
    for path, ts in by_path.items():
        with open(path) as f:
            old = f.read().split("\n")
        new = list(old)
        for t in ts:
            if float(fmt(values[t.name])) == t.value:
                continue  # unchanged: the row as written
            # the row by its name: the file may have changed since it was read
            rows = [(i, m) for i, m in enumerate(map(ROW.match, old)) if m and m.group(2) == t.name]
            if not rows:
                raise ValueError("%s: no row %s any more" % (os.path.relpath(path, ROOT), t.name))
            at, m = rows[0]
            line = m.group(1) + m.group(2) + m.group(3) + fmt(values[t.name]) + "".join(m.group(5, 6, 7, 8))
            tail = m.group(9)
            if tail.rstrip().endswith("\\"):  # keep the continuation backslash in its column
                col = len(old[at].rstrip()) - 1
                body = line + tail.rstrip()[:-1].rstrip()
                tail = tail.rstrip()[:-1].rstrip()
                line = line + tail + " " * max(1, col - len(body)) + "\\"
            else:
                line += tail
            new[at] = line
        rel = os.path.relpath(path, ROOT)
        out += difflib.unified_diff([l + "\n" for l in old], [l + "\n" for l in new], "a/" + rel, "b/" + rel)
    return "".join(out)


def env_words(env):
    """--bot-env's NAME=VALUE settings as words after `env`."""
    return "".join(" " + shlex.quote(e) for e in env)


def bot_command(game, values, env=()):
    setting = " ".join("%s=%s" % (k, fmt(v)) for k, v in sorted(values.items()))
    return "env%s BOT_TUNE=%s ./build/%s-tune" % (env_words(env), shlex.quote(setting), game)


def dist_command(game, env=()):
    """`dist` for ./arena.py, or the dist build under --bot-env's variables."""
    return "env%s ./build/%s" % (env_words(env), game) if env else "dist"


def side_score(game, a, seed, plus, minus, res):
    """The plus side's score s of one iteration: self-play, or against the
    pool. Returns (s, games, errors) or None when a match failed, and the
    arenas' output."""
    if not a.pool:
        summary, text = arena(game, a, 2 * a.pairs, seed, [plus, minus], res + ".jsonl")
        if summary is None:
            return None, text
        return (summary["bots"][0]["score_rate"], summary["games"],
                sum(b["errors"] for b in summary["bots"])), text
    rates, games, errors, texts = ([], []), 0, 0, []
    for i, opp in enumerate(a.pool):
        for j, tag, side in ((0, "plus", plus), (1, "minus", minus)):
            summary, text = arena(game, a, 2 * a.pairs, seed, [side, opp], "%s-pool%d-%s.jsonl" % (res, i, tag))
            texts.append(text)
            if summary is None:
                return None, "\n".join(texts)
            rates[j].append(summary["bots"][0]["score_rate"])
            games += summary["games"]
            errors += summary["bots"][0]["errors"]
    s = 0.5 + (sum(rates[0]) - sum(rates[1])) / (2 * len(a.pool))
    return (s, games, errors), "\n".join(texts)


def arena(game, a, games, seed, bots, results):
    """Runs ./arena.py; returns its JSON summary (None on failure) and output."""
    cmd = [sys.executable, os.path.join(ROOT, "arena.py"), game, "--quiet", "--json", "--games", str(games),
           "--seed", str(seed), "--jobs", str(a.jobs), "--results", results] + a.arena_args + bots
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    try:
        summary = json.loads(r.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        summary = None
    if summary is not None and summary.get("referee_failures"):
        summary = None
    return summary, r.stdout + r.stderr


def main(argv):
    ap = argparse.ArgumentParser(prog="tune.py", description="SPSA tuning of a game's tunables by self-play.")
    ap.add_argument("game")
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    ap.add_argument("--only", help="comma-separated tunables to tune (default: all)")
    ap.add_argument("--c", type=float, default=0.1, help="perturbation at k=1, fraction of the range")
    ap.add_argument("--step", type=float, default=0.05, help="first step at s=3/4, fraction of the range")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--confirm", type=int, default=200, help="games of the confirmation match (0: none)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "tune"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cpu-clock", action="store_true")
    ap.add_argument("--executor")
    ap.add_argument("--sshloginfile")
    ap.add_argument("--remote-dir")
    ap.add_argument("--slurm-batch")
    ap.add_argument("--slurm-arg", action="append", default=[])
    ap.add_argument("--referee-arg", action="append", default=[])
    ap.add_argument("--pool", action="append", default=[],
                    help="an opponent of both sides instead of self-play (repeatable)")
    ap.add_argument("--bot-env", action="append", default=[], metavar="NAME=VALUE",
                    help="environment of the tuned bots and the confirmation's dist (repeatable)")
    a = ap.parse_args(argv[1:])
    if any(not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", e) for e in a.bot_env):
        print("tune.py: --bot-env takes NAME=VALUE", file=sys.stderr)
        return 2
    if a.iterations < 1 or a.pairs < 1 or a.jobs < 1 or a.confirm < 0 or not 0 < a.c < 0.5 or a.step <= 0:
        print("tune.py: --iterations, --pairs, --jobs must be positive, --c in (0, 0.5), --step > 0",
              file=sys.stderr)
        return 2
    try:
        tunables = read_tunables(a.game)
    except ValueError as e:
        print("tune.py: %s" % e, file=sys.stderr)
        return 2
    if not tunables:
        print("tune.py: games/%s/*.c has no <PREFIX>_TUNABLES(X) table" % a.game, file=sys.stderr)
        return 2
    if a.only:
        names = a.only.split(",")
        unknown = [n for n in names if n not in {t.name for t in tunables}]
        if unknown:
            print("tune.py: unknown tunables %s; the table has %s" %
                  (" ".join(unknown), " ".join(t.name for t in tunables)), file=sys.stderr)
            return 2
    tuned = [t for t in tunables if not a.only or t.name in a.only.split(",")]
    a.arena_args = (["--cpu-clock"] if a.cpu_clock else []) + \
        sum((["--" + k.replace("_", "-"), str(getattr(a, k))] for k in ("executor", "sshloginfile", "remote_dir",
                                                                       "slurm_batch") if getattr(a, k)), []) + \
        sum((["--slurm-arg", x] for x in a.slurm_arg), []) + ["--referee-arg=" + x for x in a.referee_arg]
    r = None
    if os.path.exists(os.path.join(ROOT, "Makefile")):
        r = subprocess.run(["make", "--no-print-directory", "build/%s-tune" % a.game, "build/%s" % a.game],
                           cwd=ROOT, capture_output=True, text=True)
    if r is not None and r.returncode != 0:
        print("tune.py: cannot build build/%s-tune:\n%s" % (a.game, (r.stdout + r.stderr)[-800:]), file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    traj_path = os.path.join(a.out, "%s-trajectory.jsonl" % a.game)
    rng = random.Random(a.seed)
    n = a.iterations
    big_a = n / 10.0
    gain_a = a.step * 4 * a.c * (1 + big_a) ** ALPHA  # a_1 * (2*0.75-1) / (2 c_1) = step
    u = {t.name: (t.value - t.lo) / (t.hi - t.lo) for t in tuned}
    fixed = {t.name: t.value for t in tunables if t not in tuned}
    value = lambda t, x: t.lo + x * (t.hi - t.lo)  # noqa: E731
    print("tune %s: SPSA over %s; %d iterations of %d game pairs%s; c %.3g, step %.3g%s" %
          (a.game, " ".join(t.name for t in tuned), n, a.pairs,
           " against each of %d pool bots" % len(a.pool) if a.pool else "", a.c, a.step,
           "; --cpu-clock" if a.cpu_clock else ""), flush=True)
    t0 = time.monotonic()
    failed = 0
    with open(traj_path, "w") as traj:
        for k in range(1, n + 1):
            ck = a.c / k ** GAMMA
            ak = gain_a / (k + big_a) ** ALPHA
            delta = {t.name: rng.choice((-1, 1)) for t in tuned}
            plus = dict(fixed)
            minus = dict(fixed)
            for t in tuned:
                plus[t.name] = value(t, min(1.0, max(0.0, u[t.name] + ck * delta[t.name])))
                minus[t.name] = value(t, min(1.0, max(0.0, u[t.name] - ck * delta[t.name])))
            seed = a.seed * 100000 + k * 100
            res = os.path.join(a.out, "%s-iter%d" % (a.game, k))
            got, text = side_score(a.game, a, seed, bot_command(a.game, plus, a.bot_env),
                                   bot_command(a.game, minus, a.bot_env), res)
            if got is None:
                failed += 1
                print("tune: iteration %d: the match failed:\n%s" % (k, text[-600:]), flush=True)
                continue
            s, played, errors = got
            for t in tuned:
                u[t.name] = min(1.0, max(0.0, u[t.name] + ak * (2 * s - 1) / (2 * ck) * delta[t.name]))
            now = {t.name: value(t, u[t.name]) for t in tuned}
            traj.write(json.dumps({"k": k, "values": now, "delta": delta, "c_k": ck, "a_k": ak, "score_plus": s,
                                   "games": played, "errors": errors}, sort_keys=True) + "\n")
            traj.flush()
            print("iter %3d/%d  %5.0fs  plus scored %5.1f%% (%d games%s)  %s" %
                  (k, n, time.monotonic() - t0, 100 * s, played,
                   ", %d errors" % errors if errors else "",
                   " ".join("%s=%s" % (name, fmt(v)) for name, v in sorted(now.items()))), flush=True)
    final = dict(fixed)
    final.update({t.name: float(fmt(value(t, u[t.name]))) for t in tuned})
    diff = patch(tunables, final)
    ppath = os.path.join(a.out, "%s.patch" % a.game)
    with open(ppath, "w") as f:
        f.write(diff)
    show = lambda path: path if os.path.relpath(path, ROOT).startswith("..") else os.path.relpath(path, ROOT)  # noqa
    print("tuned values (trajectory %s), as a patch to the constants (%s):" % (show(traj_path), show(ppath)))
    print(diff if diff else "(no change)")
    rc = 1 if failed else 0
    if a.confirm:
        print("confirmation: %d games, tuned vs dist (the constants)" % a.confirm, flush=True)
        summary, text = arena(a.game, a, a.confirm, a.seed * 100000 + 99999,
                              [bot_command(a.game, final, a.bot_env), dist_command(a.game, a.bot_env)],
                              os.path.join(a.out, "%s-confirm.jsonl" % a.game))
        print("\n".join(l for l in text.strip().split("\n") if not l.startswith("{")))
        if summary is None:
            return 1
        elo = summary.get("elo") or [None, None, None]
        sr, (lo, hi) = summary["bots"][0]["score_rate"], summary["bots"][0]["ci95"]
        show = lambda x, p: ("+inf" if p >= 0.5 else "-inf") if x is None else "%+.0f" % x  # noqa: E731
        print("confirmation: tuned scored %.1f%% [%.1f%%, %.1f%%] in %d games, Elo %s [%s, %s]" %
              (100 * sr, 100 * lo, 100 * hi, summary["games"], show(elo[0], sr), show(elo[1], lo), show(elo[2], hi)))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
