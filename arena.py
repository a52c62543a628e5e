#!/usr/bin/env python3
"""arena.py -- plays many matches of one game through its referee.

Usage:
  ./arena.py GAME [--games N] [--jobs J] [--seed S] [--json]
             [--referee-arg ARG]... [--results FILE] [--cpu-clock]
             [--executor local|parallel|slurm] [--sshloginfile FILE]
             [--remote-dir DIR] [--slurm-batch K] [--slurm-arg ARG]...
             [--sprt ELO0,ELO1 [--alpha A] [--beta B]] [--html DIR]
             BOT BOT [BOT BOT]
  ./arena.py collect [--json] FILE...
  ./arena.py diff GAME --official PATH [--games N] [--seed S] [--jobs J]
             [--league L] [--bots NAME,NAME] [--official-limit-ms A,B]
             [--official-param K=V]... [--keep DIR] [--json]

A BOT is a command line (anything with a space), a path to an executable
(anything with a slash), or a short name: `dist` is build/GAME, NAME is
build/GAME-NAME (a sparring bot, games/GAME/bot_NAME.c), and a referee's
built-in bots are the names on the `BOT:` line of its usage message. Any
other word fails at once with the list of known names. Game g (0-based) is
played on seed S + g div R with the seats rotated by g mod R (R = number of
bots), so every seed is played from every seat (with two bots, games 2k and
2k+1 are a pair: same seed, seats swapped). Each game is one run of

  build/GAME-referee match --seed SEED [ARGS] -- CMD0 CMD1 ...

which enforces the judge's time limits and prints one JSON line (README,
"Referee contract").

Plan, run, collect: the match set is a list of game jobs (seed, seats, seat
commands, referee arguments, environment). An executor runs them -- local
threads (default), GNU parallel (locally or over the ssh hosts of
--sshloginfile; the hosts are first checked to be on this commit with the
needed binaries built), or a Slurm job array -- and every finished game
becomes one JSON line of the results file (--results, default a new file
under build/arena/). A re-run with the same results file skips the games it
already holds, so an interrupted run resumes. `collect` prints the same
summary from any set of results files.

--cpu-clock loads build/cpuclock.so (tools/cpuclock.c) into every bot that
runs as a process, so its clocks advance only with its CPU time, and sets
PROC_CLOCK=cpu for the referee (modules/proc), which then counts the same
CPU time against the turn limit: a loaded machine plays like dedicated
cores.

The results file: one JSON object a game, with "game", "seed", "g" (the
game's number), "bots" (the bots' labels, in bot order: the order of the
command line), "commands" (their commands, bot order), "seats" (seat ->
bot index: seats[k] is the bot that played seat k), "result" (the
referee's JSON line: its "ranks", "scores", "errors", "think_mean_ms",
"think_max_ms" and "detail" arrays are in SEAT order), "by_bot" (the same
per bot, in bot order: {"bot", "seat", "rank", "score", "error",
"think_mean_ms", "think_max_ms"}), "error" (why the referee failed, else
null), "replay" (the command that plays that game again), "trace", "view"
and "host".

--official PATH plays GAME (any name) on the CodinGame referee whose Java
source tree is PATH (a clone of the contest's repository), through
build/cgref-referee (tools/cgref, tools/cgref/README.md); the bots are
commands or GAME's sparring bots. `diff` plays N games on that referee
(seeds 0, 1, -1, 2^63-1, -2^63, then random ones drawn from --seed; two
sparring bots, or in every third game one of them wrapped by
tools/cgref/garbagebot.py), with limits A,B ms (default 1000,500) so load
cannot time a sparring bot out, then replays each recorded answer through
build/GAME-referee (tools/cgref/replaybot.py in every seat) and compares,
answer by answer, the lines each player was sent, and the final scores.
A game that differs is replayed through the official referee once more
(same seed, league and --official-param game parameters); when the
official's two runs differ (Green Circle at seed 0: the SDK's SHA1PRNG
ignores setSeed(0)), the game is "not reproducible officially", counted
apart from the differing ones. It prints the first difference of each
such game, the counts and where the official traces are (--keep DIR);
exit 0 iff no game differs (each is exact or not reproducible officially).

--sprt ELO0,ELO1 plays game pairs until the generalized log-likelihood
ratio (pentanomial model over pairs, logistic Elo; the statistic of
fishtest) of "bot 1 is ELO1 stronger than bot 2" against "ELO0 stronger"
crosses log(beta/(1-alpha)) or log((1-beta)/alpha); --games is then the cap.
It prints the LLR after every batch and the verdict (H1: accept ELO1, H0:
accept ELO0) at the end.

The summary gives, per bot: wins/draws/losses (a win is a sole first place),
the score rate (draws count half) with its 95% Wilson interval, for two bots
the Elo difference with its interval, mean and max think time per move, and
every crash, timeout or invalid move with the exact command that replays
that game. --html DIR writes a replay page (./view.py) for every game the
first bot lost and every game with a crash or timeout, when the referee
writes traces (--trace in its usage; with --official, cgref's traces, which
view.py draws turn by turn whatever the game's name). Exit status: 0 if every game was
played and no bot crashed or timed out, 1 otherwise, 2 on bad usage.
"""
import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import random
import re
import shlex
import shutil
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
Z95 = 1.959963984540054
GAME_TIMEOUT_S = 1800  # a referee that runs longer than this is killed
SHIM = os.path.join("build", "cpuclock.so")
TOOL_SUFFIXES = ("referee", "bench", "server", "solve")  # build/GAME-X that are not bots
# its server times the bots by wall time: no --cpu-clock (blitz-referee counts
# CPU time under PROC_CLOCK=cpu, like the other referees)
NETWORK_GAMES = ("get1000",)


# ---------------------------------------------------------------------------
# Statistics

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


def elo_score(x):
    """Expected score at a logistic Elo difference x."""
    return 1.0 / (1.0 + 10.0 ** (-x / 400.0))


def fmt_elo(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return "%+.0f" % x


def _constrained_mle(pdf, s):
    """The distribution on the outcomes of pdf ([(value, frequency)], every
    frequency > 0) nearest to it in likelihood with mean s: p_i / (1 + t (a_i
    - s)) where t solves sum p_i (a_i - s) / (1 + t (a_i - s)) = 0 (a
    Lagrange multiplier; the left side falls as t grows, so bisection)."""
    lo_a = min(a for a, _ in pdf)
    hi_a = max(a for a, _ in pdf)
    if not lo_a < s < hi_a:
        raise ValueError("score %.4f outside the outcomes' range" % s)
    lo, hi = -1.0 / (hi_a - s), 1.0 / (s - lo_a)

    def f(t):
        return sum(p * (a - s) / (1 + t * (a - s)) for a, p in pdf)

    eps = 1e-12 * (hi - lo)
    lo, hi = lo + eps, hi - eps
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    return [(a, p / (1 + t * (a - s))) for a, p in pdf]


def _outcome_pdf(counts):
    """(N, [(score, frequency)]) of outcome counts: 3 of them (losses,
    draws, wins: scores 0, 1/2, 1) or 5 (game pairs scoring 0, 1/4, 1/2, 3/4,
    1). An outcome never seen counts 1e-3 so that the fits below exist
    (fishtest's regularization)."""
    k = len(counts)
    reg = [c if c > 0 else 1e-3 for c in counts]
    total = sum(reg)
    return total, [(i / (k - 1), c / total) for i, c in enumerate(reg)]


def sprt_llr(counts, elo0, elo1):
    """Generalized log-likelihood ratio of H1 (logistic Elo elo1) against H0
    (elo0) for outcome counts (see _outcome_pdf): N times the mean log ratio
    of the two constrained maximum-likelihood fits; 0 with no outcome."""
    if sum(counts) == 0:
        return 0.0
    total, pdf = _outcome_pdf(counts)
    p0 = _constrained_mle(pdf, elo_score(elo0))
    p1 = _constrained_mle(pdf, elo_score(elo1))
    return total * sum(p * (math.log(q1) - math.log(q0))
                       for (_, p), (_, q0), (_, q1) in zip(pdf, p0, p1))


def sprt_llr_approx(counts, elo0, elo1):
    """The Brownian approximation N (s1 - s0) (2 mean - s0 - s1) / (2 var)
    of the same ratio (same outcome scores, same regularization)."""
    if sum(counts) == 0:
        return 0.0
    total, pdf = _outcome_pdf(counts)
    mean = sum(a * p for a, p in pdf)
    var = sum((a - mean) ** 2 * p for a, p in pdf)
    s0, s1 = elo_score(elo0), elo_score(elo1)
    return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt_bounds(alpha, beta):
    """(lower, upper): accept H0 at or below lower, H1 at or above upper."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


# ---------------------------------------------------------------------------
# Bots and games

def known_games():
    gdir = os.path.join(ROOT, "games")
    if not os.path.isdir(gdir):
        return []
    return sorted(g for g in os.listdir(gdir) if os.path.isfile(os.path.join(gdir, g, "main.c")))


def referee_usage(referee):
    """The referee's usage texts: what it prints without arguments (the
    built-in bots' `BOT:` line) and for `match --help` (its options)."""
    text = ""
    for args in ([], ["match", "--help"]):
        try:
            r = subprocess.run([referee] + args, cwd=ROOT, capture_output=True, text=True, timeout=30)
            text += r.stdout + r.stderr
        except (OSError, subprocess.TimeoutExpired):
            pass
    return text


def builtin_bots(usage):
    """Names on a `BOT: a | b c | a command ...` line of a referee's usage;
    `name2..name9` stands for name2, name3, ..., name9."""
    names = []
    for line in usage.split("\n"):
        line = line.strip()
        if not line.startswith("BOT:"):
            continue
        for part in line[4:].split("|"):
            part = part.strip()
            if part.startswith("a command") or part.startswith("("):
                continue
            for w in part.split():
                m = re.match(r"^([A-Za-z_]+)(\d+)\.\.\1(\d+)$", w)
                if m:
                    names += ["%s%d" % (m.group(1), i) for i in range(int(m.group(2)), int(m.group(3)) + 1)]
                elif re.match(r"^[A-Za-z0-9_.-]+$", w):
                    names.append(w)
    return names


def sparring_names(game):
    names = set()
    gdir = os.path.join(ROOT, "games", game)
    if os.path.isdir(gdir):
        names |= {f[4:-2] for f in os.listdir(gdir) if f.startswith("bot_") and f.endswith(".c")}
    bdir = os.path.join(ROOT, "build")
    prefix = game + "-"
    if os.path.isdir(bdir):
        for f in os.listdir(bdir):
            if f.startswith(prefix) and "." not in f and f[len(prefix):] not in TOOL_SUFFIXES:
                if os.access(os.path.join(bdir, f), os.X_OK):
                    names.add(f[len(prefix):])
    return sorted(names)


def bot_names_help():
    """--help's list of each game's short bot names: dist and the sparring
    bots of games/GAME/bot_*.c (a referee's built-in bots are named in its
    own usage, `build/GAME-referee`)."""
    lines = ["short bot names (BOT), per game (built-in: the referee's own, when it is built):"]
    for g in known_games():
        gdir = os.path.join(ROOT, "games", g)
        names = sorted(f[4:-2] for f in os.listdir(gdir) if f.startswith("bot_") and f.endswith(".c"))
        referee = os.path.join(ROOT, "build", g + "-referee")
        builtins = builtin_bots(referee_usage(referee)) if os.access(referee, os.X_OK) else []
        lines.append("  %-13s dist %s%s" % (g, " ".join(names), "; built-in: " + " ".join(builtins) if builtins else ""))
    lines.append("BOT may also be a path to an executable or a quoted command line.")
    return "\n".join(lines)


class UsageError(Exception):
    pass


def resolve_bot(game, name, builtins=()):
    """The command for a BOT argument; UsageError for an unknown name."""
    if " " in name.strip():
        return name
    if "/" in name:
        path = name if os.path.isabs(name) else os.path.join(ROOT, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return name
        raise UsageError("bot %r: no executable file at that path" % name)
    known = ["dist"] + sparring_names(game)
    if name in known:
        path = os.path.join("build", game if name == "dist" else "%s-%s" % (game, name))
        if os.path.isfile(os.path.join(ROOT, path)):
            return "./" + path
        if name not in builtins:
            raise UsageError("bot %r: %s is not built: run `make` first" % (name, path))
    if name in builtins:
        return name
    if shutil.which(name):
        return name
    raise UsageError("unknown bot %r for %s; known names: %s (or give a path or a command line)" %
                     (name, game, " ".join(sorted(set(known) | set(builtins)))))


def bot_labels(bots, cmds):
    """A short label per bot: the name, or the program's base name for a
    command line; repeated labels get #1, #2, ..."""
    short = [b if b == cmds[i] and " " not in b and "/" not in b else
             os.path.basename(b.split()[0]) + ("+args" if " " in b.strip() else "")
             for i, b in enumerate(bots)]
    short = [s[:14] for s in short]
    labels = []
    for i, b in enumerate(short):
        dup = short[:i].count(b)
        labels.append(b if short.count(b) == 1 else "%s#%d" % (b, dup + 1))
    return labels


# ---------------------------------------------------------------------------
# Plan: game jobs

def plan(game, referee, labels, cmds, seed, first, count, args, env, trace_dir, traces=False):
    """Jobs for games first .. first+count-1. A job is a dict; its "key"
    identifies the game (game, seed, seat commands, referee arguments) in a
    results file. With traces (the referee takes --trace FILE), every game
    writes a trace under trace_dir; otherwise, when trace_dir is given, a
    job's "view" is the command that replays it with a trace and draws it.
    When two rotations give the same seat commands (the same bot twice, as
    in `dist dist`), the key also holds the rotation: each bot's seat must
    stay its own game's."""
    nb = len(cmds)
    rotations = {tuple(cmds[(i + r) % nb] for i in range(nb)) for r in range(nb)}
    same = len(rotations) < nb
    jobs = []
    for g in range(first, first + count):
        s = seed + g // nb
        rot = g % nb
        seats = [(i + rot) % nb for i in range(nb)]  # seat -> bot index
        seat_cmds = [cmds[b] for b in seats]
        key = json.dumps([game, s, seat_cmds, args, sorted(env.items())] + ([rot] if same else []))
        jargs = list(args)
        trace = view = None
        if trace_dir:
            path = os.path.join(trace_dir, "%s-seed%d-rot%d.trace" % (game, s, rot))
            draw = "./view.py %s -o %s" % (shlex.quote(path), shlex.quote(path[:-6] + ".html"))
            if traces:
                trace, view = path, draw
                jargs = jargs + ["--trace", trace]
            else:
                view = "%s && %s" % (replay_command({"referee": referee, "seed": s, "args": jargs + ["--trace", path],
                                                     "cmds": seat_cmds, "env": env}), draw)
        jobs.append({"key": key, "game": game, "g": g, "seed": s, "seats": seats, "bots": labels, "commands": cmds,
                     "referee": referee, "cmds": seat_cmds, "args": jargs, "env": env, "trace": trace, "view": view})
    return jobs


def replay_command(job):
    cmd = [job["referee"], "match", "--seed", str(job["seed"])] + job["args"] + ["--"] + job["cmds"]
    env = " ".join("%s=%s" % (k, shlex.quote(v)) for k, v in sorted(job["env"].items()))
    return (env + " " if env else "") + " ".join(shlex.quote(c) for c in cmd)


def write_names(job):
    """TRACE.names beside the trace: the bots' names in seat order, one a
    line, which view.py shows as the players' names."""
    try:
        with open(os.path.join(ROOT, job["trace"] + ".names"), "w") as f:
            f.write("".join(job["bots"][b] + "\n" for b in job["seats"]))
    except OSError:
        pass  # the page then names the bots by their commands


def run_job(job):
    """Plays one job; returns its results-file record."""
    cmd = [job["referee"], "match", "--seed", str(job["seed"])] + job["args"] + ["--"] + job["cmds"]
    rec = {k: job[k] for k in ("key", "game", "g", "seed", "seats", "bots", "commands", "trace", "view")}
    rec.update(result=None, error=None, replay=replay_command(job), host=socket.gethostname())
    env = dict(os.environ)
    env.update(job["env"])
    if job.get("trace"):
        os.makedirs(os.path.join(ROOT, os.path.dirname(job["trace"])), exist_ok=True)
        write_names(job)
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=GAME_TIMEOUT_S, env=env)
    except subprocess.TimeoutExpired:
        rec["error"] = "referee ran over %d s" % GAME_TIMEOUT_S
        return rec
    except OSError as e:
        rec["error"] = "cannot run the referee: %s" % e
        return rec
    result = None
    for line in reversed(r.stdout.strip().split("\n")):
        line = line.strip()
        if line.startswith("{"):
            try:
                result = json.loads(line)
            except ValueError:
                result = None
            break
    if r.returncode != 0 or not isinstance(result, dict) or "ranks" not in result:
        tail = (r.stderr.strip().split("\n") or [""])[-1][:200]
        rec["error"] = "referee failed (exit %d): %s" % (r.returncode, tail)
        return rec
    rec["result"] = result
    rec["by_bot"] = by_bot(rec)
    return rec


def by_bot(rec):
    """The referee's per-seat arrays of one game, turned per bot (bot
    order: the command line's), so that a reader need not undo the seat
    rotation."""
    res, out = rec["result"], []
    for b, label in enumerate(rec["bots"]):
        k = rec["seats"].index(b) if b in rec["seats"] else None
        entry = {"bot": label, "seat": k}
        for key, name in (("ranks", "rank"), ("scores", "score"), ("errors", "error"),
                          ("think_mean_ms", "think_mean_ms"), ("think_max_ms", "think_max_ms")):
            arr = res.get(key)
            entry[name] = arr[k] if k is not None and isinstance(arr, list) and k < len(arr) else None
        out.append(entry)
    return out


# ---------------------------------------------------------------------------
# Executors: each calls done(record) once per finished job, in any order.

class Progress:
    def __init__(self, total, enabled):
        self.total = total
        self.done = 0
        self.enabled = enabled
        self.start = time.monotonic()

    def tick(self):
        self.done += 1
        if not self.enabled:
            return
        width = 30
        fill = int(width * self.done / max(1, self.total))
        el = time.monotonic() - self.start
        eta = el / self.done * (self.total - self.done)
        sys.stderr.write("\r[%s%s] %d/%d games, %.0fs elapsed, ~%.0fs left " %
                         ("#" * fill, "." * (width - fill), self.done, self.total, el, eta))
        if self.done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def exec_local(jobs, opts, done):
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as ex:
        for rec in ex.map(run_job, jobs):
            done(rec)


def _parse_records(text, done, seen):
    for line in text.split("\n"):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and "key" in rec and rec["key"] not in seen:
            seen.add(rec["key"])
            done(rec)


def _missing(jobs, seen, done, why):
    for j in jobs:
        if j["key"] not in seen:
            rec = {k: j[k] for k in ("key", "game", "g", "seed", "seats", "bots", "commands", "trace", "view")}
            rec.update(result=None, error=why, replay=replay_command(j), host="")
            done(rec)


def exec_parallel(jobs, opts, done):
    """GNU parallel: one `arena.py run-job --json JOB` per game, locally or on
    the hosts of --sshloginfile, in --remote-dir."""
    jfile = os.path.join(opts.work_dir, "jobs.jsonl")
    with open(jfile, "w") as f:
        for j in jobs:
            f.write(json.dumps(j) + "\n")
    cmd = ["parallel", "--will-cite", "--halt", "never", "--jobs", str(opts.jobs), "-a", jfile]
    if opts.sshloginfile:
        cmd += ["--sshloginfile", opts.sshloginfile]
    cmd.append("cd %s && exec python3 arena.py run-job --json {}" % shlex.quote(opts.remote_dir))
    seen = set()
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    err_lines = []
    t = threading.Thread(target=lambda: err_lines.extend(p.stderr.readlines()))
    t.start()
    for line in p.stdout:
        _parse_records(line, done, seen)
    p.wait()
    t.join()
    if len(seen) < len(jobs):
        tail = "".join(err_lines).strip().split("\n")[-1][:200]
        _missing(jobs, seen, done, "GNU parallel gave no result (exit %d): %s" % (p.returncode, tail))


def exec_slurm(jobs, opts, done):
    """A Slurm job array: task i plays jobs i*K .. i*K+K-1 of a jobs file on
    the shared file system and writes their records to its output file."""
    k = max(opts.slurm_batch, (len(jobs) + 999) // 1000)  # arrays are capped near 1000 tasks
    tasks = (len(jobs) + k - 1) // k
    d = opts.work_dir
    jfile = os.path.join(d, "jobs.jsonl")
    with open(jfile, "w") as f:
        for j in jobs:
            f.write(json.dumps(j) + "\n")
    for name in os.listdir(d):
        if name.startswith("task-"):
            os.remove(os.path.join(d, name))
    wrap = "cd %s && exec python3 arena.py run-job --file %s --task $SLURM_ARRAY_TASK_ID --batch %d" % (
        shlex.quote(opts.remote_dir), shlex.quote(jfile), k)
    cmd = ["sbatch", "--wait", "--parsable", "--job-name=arena-%s" % jobs[0]["game"],
           "--array=0-%d%%%d" % (tasks - 1, opts.jobs),
           "--output=%s" % os.path.join(d, "task-%a.out"),
           "--error=%s" % os.path.join(d, "task-%a.err")] + opts.slurm_arg + ["--wrap", wrap]
    seen = set()
    offsets = {}

    def scan():
        for i in range(tasks):
            path = os.path.join(d, "task-%d.out" % i)
            try:
                with open(path) as f:
                    f.seek(offsets.get(i, 0))
                    text = f.read()
            except OSError:
                continue
            cut = text.rfind("\n") + 1  # whole lines only
            offsets[i] = offsets.get(i, 0) + cut
            _parse_records(text[:cut], done, seen)

    try:
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except OSError as e:
        _missing(jobs, seen, done, "cannot run sbatch: %s" % e)
        return
    while p.poll() is None:
        time.sleep(1)
        scan()
    out, err = p.communicate()
    scan()
    if len(seen) < len(jobs):
        _missing(jobs, seen, done, "Slurm gave no result (sbatch exit %d): %s" %
                 (p.returncode, (err.strip().split("\n") or [""])[-1][:200]))


EXECUTORS = {"local": exec_local, "parallel": exec_parallel, "slurm": exec_slurm}


# ---------------------------------------------------------------------------
# Host checks for remote executors

def host_state(files):
    """This checkout's commit, a digest of its uncommitted tracked changes,
    and which of files are missing or out of date (make -q)."""
    def git(*a):
        r = subprocess.run(["git"] + list(a), cwd=ROOT, capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else ""
    commit = git("rev-parse", "HEAD").strip() or "none"
    tree = hashlib.sha1(git("diff", "HEAD").encode()).hexdigest()[:12]
    stale = []
    for f in files:
        if not os.path.exists(os.path.join(ROOT, f)):
            stale.append(f + " (missing)")
        elif not up_to_date(f):
            stale.append(f + " (out of date)")
    return {"commit": commit, "tree": tree, "stale": stale}


def up_to_date(f):
    """make -q f, except that a dist file older than its sources but equal
    to what merge.py makes of them (merge.py leaves an unchanged output
    alone, so make would ask again and again) counts as fresh when f is
    newer than it."""
    def q(*extra):
        return subprocess.run(["make", "-q"] + list(extra) + [f], cwd=ROOT, capture_output=True).returncode == 0
    if q():
        return True
    game = os.path.basename(f).split("-")[0]
    dist = os.path.join("dist", game + ".c")
    if not os.path.exists(os.path.join(ROOT, dist)):
        return False
    check = subprocess.run([sys.executable, "merge.py", "check", game], cwd=ROOT, capture_output=True)
    return (check.returncode == 0 and q("-o", dist) and
            os.path.getmtime(os.path.join(ROOT, f)) >= os.path.getmtime(os.path.join(ROOT, dist)))


def check_hosts(opts, files):
    """Runs host-check on every host of --sshloginfile; returns a list of
    problems (empty when every host matches this checkout)."""
    mine = host_state(files)
    cmd = ["parallel", "--will-cite", "--nonall", "--tag", "--sshloginfile", opts.sshloginfile,
           "cd %s && python3 arena.py host-check %s" % (shlex.quote(opts.remote_dir),
                                                        " ".join(shlex.quote(f) for f in files))]
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return ["cannot run GNU parallel: %s" % e]
    problems = []
    hosts = 0
    for line in r.stdout.split("\n"):
        if "\t" not in line:
            continue
        host, text = line.split("\t", 1)
        try:
            st = json.loads(text)
        except ValueError:
            problems.append("%s: %s" % (host, text[:200]))
            continue
        hosts += 1
        if st["commit"] != mine["commit"] or st["tree"] != mine["tree"]:
            problems.append("%s: on commit %s (changes %s), here %s (changes %s)" %
                            (host, st["commit"][:12], st["tree"], mine["commit"][:12], mine["tree"]))
        for s in st["stale"]:
            problems.append("%s: %s: run `make` there" % (host, s))
    if hosts == 0:
        problems.append("no host answered (exit %d): %s" % (r.returncode, r.stderr.strip()[-300:]))
    for s in mine["stale"]:
        problems.append("here: %s: run `make`" % s)
    return problems


# ---------------------------------------------------------------------------
# Results files and the summary

def read_results(paths):
    """Records of result files, the last one per game key (a game played
    again after a referee failure replaces it)."""
    by_key = {}
    for path in paths:
        try:
            with open(path) as f:
                for line in f:
                    line = line.strip()
                    if not line:
                        continue
                    try:
                        rec = json.loads(line)
                    except ValueError:
                        continue  # a line cut by an interrupted run
                    if isinstance(rec, dict) and "key" in rec:
                        if rec.get("result") is not None or rec["key"] not in by_key:
                            by_key[rec["key"]] = rec
        except OSError as e:
            raise UsageError("cannot read %s: %s" % (path, e))
    return by_key


def pair_outcomes(records):
    """Pentanomial counts for bot 0 of a two-bot match: game pairs (same
    seed, seats swapped) scoring 0, 1/4, 1/2, 3/4, 1. Pairs with a referee
    failure are left out."""
    by_seed = {}
    for r in records:
        if r.get("result") is not None:
            by_seed.setdefault(r["seed"], []).append(r)
    counts = [0] * 5
    for seed, rs in by_seed.items():
        if len(rs) != 2:
            continue
        pts = 0
        for r in rs:
            seat = r["seats"].index(0)
            ranks = r["result"]["ranks"]
            if ranks[seat] == 0:
                pts += 2 if sum(1 for x in ranks if x == 0) == 1 else 1
        counts[pts] += 1
    return counts


def tally(records, nb, labels):
    """Per-bot counts of records (results of one match set): returns (stats
    a bot, problems (label, error, detail, game, seed, replay, view), referee
    failures (game, seed, why, replay), games played)."""
    stats = [dict(w=0, d=0, l=0, rank_sum=0, think_sum=0.0, think_n=0, think_max=0.0, errors=0,
                  seat_pts=[0.0] * nb, seat_n=[0] * nb)
             for _ in range(nb)]
    problems = []
    failures = []
    played = 0
    for rec in sorted(records, key=lambda r: (r["g"], r["seed"])):
        res = rec.get("result")
        g, seed, seat_bot, replay = rec["g"], rec["seed"], rec["seats"], rec["replay"]
        if res is None:
            failures.append((g, seed, rec.get("error") or "no result", replay))
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
                problems.append((labels[b], errors[seat], why, g, seed, replay, rec.get("view")))
    return stats, problems, failures, played


def pair_lines(p, st, labels, nb, summary):
    """Two bots: the Elo difference and the first bot's score rate by the
    seat it played from (printed with p, added to summary)."""
    n = st["w"] + st["d"] + st["l"]
    sr, lo, hi = wilson(st["w"] + 0.5 * st["d"], n)
    p("Elo %s - %s: %s [%s, %s]" % (labels[0], labels[1], fmt_elo(elo(sr)), fmt_elo(elo(lo)), fmt_elo(elo(hi))))
    summary["elo"] = [None if math.isinf(x) else round(x, 1) for x in (elo(sr), elo(lo), elo(hi))]
    by_seat = []
    for seat in range(nb):
        k = st["seat_n"][seat]
        sp, slo, shi = wilson(st["seat_pts"][seat], k)
        by_seat.append("seat %d: %g/%d = %.1f%% [%.1f%%, %.1f%%]" %
                       (seat, st["seat_pts"][seat], k, 100 * sp, 100 * slo, 100 * shi))
    p("%s by seat: %s" % (labels[0], "; ".join(by_seat)))
    summary["first_bot_by_seat"] = [{"seat": s, "points": st["seat_pts"][s], "games": st["seat_n"][s]}
                                    for s in range(nb)]


def summarize(game, records, nb, labels, cmds, expected, as_json, out=sys.stdout):
    """Prints the summary of records (results of one match set); returns the
    exit status."""
    stats, problems, failures, played = tally(records, nb, labels)
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p("arena %s: %d games played (%d seeds x %d seats), %d referee failures" %
      (game, played, len({r["seed"] for r in records}), nb, len(failures)))
    p("%-14s %5s %5s %5s  %-24s %9s %9s %6s" %
      ("bot", "wins", "draws", "loss", "score rate [95% CI]", "mean ms", "max ms", "errors"))
    summary = {"game": game, "games": played, "referee_failures": len(failures), "bots": []}
    for i in range(nb):
        st = stats[i]
        n = st["w"] + st["d"] + st["l"]
        sr, lo, hi = wilson(st["w"] + 0.5 * st["d"], n)
        mean_ms = st["think_sum"] / st["think_n"] if st["think_n"] else 0.0
        p("%-14s %5d %5d %5d  %5.1f%% [%5.1f%%, %5.1f%%] %9.2f %9.2f %6d" %
          (labels[i], st["w"], st["d"], st["l"], 100 * sr, 100 * lo, 100 * hi,
           mean_ms, st["think_max"], st["errors"]))
        summary["bots"].append({"bot": labels[i], "command": cmds[i], "wins": st["w"], "draws": st["d"],
                                "losses": st["l"], "score_rate": round(sr, 4),
                                "ci95": [round(lo, 4), round(hi, 4)],
                                "mean_rank": round(st["rank_sum"] / n, 3) if n else None,
                                "think_mean_ms": round(mean_ms, 3), "think_max_ms": round(st["think_max"], 3),
                                "errors": st["errors"]})
    if nb == 2 and played:
        pair_lines(p, stats[0], labels, nb, summary)
    elif played:
        p("(with %d players a win is a sole first place; score rate = first places, draws half)" % nb)
    for label, kind, why, g, seed, replay, view in problems:
        p("%s: %s%s in game %d (seed %d); replay: %s" %
          (label, kind, " (%s)" % why if why else "", g, seed, replay))
        if view:
            p("  view: %s" % view)
    for g, seed, err, replay in failures:
        p("referee failure in game %d (seed %d): %s; replay: %s" % (g, seed, err, replay))
    summary["problems"] = [{"bot": l, "kind": k, "detail": w, "game": g, "seed": s, "replay": r}
                           for l, k, w, g, s, r, _ in problems]
    if as_json:
        p(json.dumps(summary, sort_keys=True))
    crashes = [x for x in problems if x[1] in ("crash", "timeout")]
    return 0 if not failures and not crashes and (expected is None or played == expected) else 1


def write_html(records, html_dir):
    """Replay pages (./view.py TRACE -o PAGE) for games bot 0 lost and games
    with a crash or timeout."""
    view = os.path.join(ROOT, "view.py")
    todo = []
    for rec in sorted(records, key=lambda r: r["g"]):
        res = rec.get("result")
        if res is None or not rec.get("trace"):
            continue
        seat0 = rec["seats"].index(0)
        lost = res["ranks"][seat0] != 0
        bad = any(e in ("crash", "timeout") for e in res.get("errors", []))
        if lost or bad:
            todo.append(rec)
    if not todo:
        print("html: no lost, crashed or timed-out game to draw")
        return
    if not os.path.isfile(view):
        print("html: view.py not found in %s: no pages written; the %d traces stay under %s" %
              (ROOT, len(todo), os.path.dirname(todo[0]["trace"])))
        return
    os.makedirs(html_dir, exist_ok=True)
    for rec in todo:
        page = os.path.join(html_dir, os.path.basename(rec["trace"])[:-6] + ".html")
        r = subprocess.run([sys.executable, view, os.path.join(ROOT, rec["trace"]), "-o", page],
                           cwd=ROOT, capture_output=True, text=True)
        print("html: game %d (seed %d): %s" % (rec["g"], rec["seed"], page if r.returncode == 0 else
                                                "view.py failed: " + (r.stderr.strip()[-200:] or "exit %d" % r.returncode)))


# ---------------------------------------------------------------------------
# Commands

# ---------------------------------------------------------------------------
# Official referees (cgref, tools/cgref): `--official PATH` and `diff`

CGREF = os.path.join(".", "build", "cgref-referee")
DIFF_LEAGUE = {"spring2021": 3, "greencircle": 4}  # the top league our referee plays
DIFF_EDGE_SEEDS = [0, 1, -1, 2 ** 63 - 1, -2 ** 63]
DIFF_RATES = [0.01, 0.03, 0.1, 0.3]  # the garbage bot's spoiling rates, in turn
DIFF_OURS_LIMIT = "20000,20000"  # replay bots answer at once; a mismatch ends in their exit


def official_referee(a):
    """`--official PATH`: the game is played by the CodinGame referee whose
    source tree is PATH, through build/cgref-referee; returns its path and
    puts --referee/--game first in the referee arguments."""
    if not os.path.isfile(os.path.join(ROOT, CGREF)):
        raise UsageError("%s not found: run `make` (it needs the JDK's javac)" % CGREF)
    path = os.path.abspath(a.official)
    if not os.path.isdir(os.path.join(path, "src", "main", "java")):
        raise UsageError("--official %s: no src/main/java there (not a CodinGame referee tree)" % a.official)
    a.referee_arg = ["--referee", path, "--game", a.game] + a.referee_arg
    return CGREF


def read_cgref_trace(path):
    """An official trace: {"players": [[(inputs, answer lines or None)]],
    "scores": [...], "deactivated": {p: reason}, "fail": text or None}.
    Inputs sent in a question that wanted no answer join the next one's."""
    players, pending, scores, deact, fail = {}, {}, {}, {}, None
    ask_p, nlines, cur = None, 0, None
    with open(path, encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        for raw in f:
            line = raw[:-1] if raw.endswith("\n") else raw
            tag = line.split(" ", 1)[0]
            if tag == "ASK":
                _, _, p, n, _ = line.split(" ")
                ask_p, nlines, cur = int(p), int(n), None
                players.setdefault(ask_p, [])
                pending.setdefault(ask_p, [])
            elif line.startswith("> ") and ask_p is not None:
                pending[ask_p].append(line[2:])
            elif line.startswith("< ") and nlines > 0:
                if cur is None:
                    cur = []
                    players[ask_p].append((pending[ask_p], cur))
                    pending[ask_p] = []
                cur.append(line[2:])
            elif tag == "NOANSWER" and nlines > 0:
                players[ask_p].append((pending[ask_p], None))
                pending[ask_p] = []
            elif tag == "SOFTTIMEOUT" and players.get(ask_p):
                players[ask_p][-1] = (players[ask_p][-1][0], None)
            elif tag == "SCORE":
                _, p, v = line.split(" ")
                scores[int(p)] = int(v)
            elif tag == "DEACTIVATED":
                parts = line.split(" ", 3)
                deact[int(parts[1])] = parts[3] if len(parts) > 3 else ""
            elif tag == "FAIL":
                fail = line[5:]
    n = max(list(players) + list(scores) + [1]) + 1
    out = []
    for p in range(n):
        seq = list(players.get(p, []))
        if pending.get(p):
            seq.append((pending[p], None))
        out.append(seq)
    return {"players": out, "scores": [scores.get(p) for p in range(n)], "deactivated": deact, "fail": fail}


def read_replay_log(path):
    """The input lines a replay bot logged, per answer index."""
    got = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    got[rec["k"]] = rec["in"]
    except (OSError, ValueError):
        pass
    return got


def first_difference(official, logs, our_scores, names=("official", "ours")):
    """None when every input line and the final scores agree; else where
    they first differ, in words (names: the two runs, official first)."""
    for p, seq in enumerate(official["players"]):
        got = logs[p] if p < len(logs) else {}
        for k, (inputs, _) in enumerate(seq):
            mine = got.get(k)
            if mine is None:
                return "player %d answer %d: %s sent nothing (%s: %d lines, first %r)" % (
                    p, k + 1, names[1], names[0], len(inputs), inputs[0][:80] if inputs else "")
            for i in range(max(len(inputs), len(mine))):
                a = inputs[i] if i < len(inputs) else None
                b = mine[i] if i < len(mine) else None
                if a != b:
                    return "player %d answer %d line %d: %s %s, %s %s" % (
                        p, k + 1, i + 1, names[0], "%r" % a[:120] if a is not None else "(no line)",
                        names[1], "%r" % b[:120] if b is not None else "(no line)")
        extra = got.get(len(seq))
        if extra:
            return "player %d: %s sent more after answer %d: %r" % (p, names[1], len(seq), extra[0][:120])
    if our_scores != official["scores"]:
        return "final scores: %s %s, %s %s" % (names[0], official["scores"], names[1], our_scores)
    return None


def diff_plan(game, n, seed, names, bots_opt):
    """The n games: (seed, seat commands, labels); edge seeds first, every
    third game a garbage bot in one seat."""
    rng = random.Random(seed)
    sparring = [b for b in (bots_opt.split(",") if bots_opt else names) if b]
    if not sparring:
        raise UsageError("no sparring bot of %s is built (build/%s-NAME): run `make` or give --bots" % (game, game))
    cmds = {b: resolve_bot(game, b) for b in sparring}
    plan = []
    for g in range(n):
        s = DIFF_EDGE_SEEDS[g] if g < len(DIFF_EDGE_SEEDS) else rng.getrandbits(64) - 2 ** 63
        labels = [rng.choice(sparring), rng.choice(sparring)]
        seat_cmds = [cmds[b] for b in labels]
        if g % 3 == 2:
            k = (g // 3) % 2
            rate = DIFF_RATES[(g // 6) % len(DIFF_RATES)]
            seat_cmds[k] = "%s %s %d %g %s" % (sys.executable, shlex.quote(os.path.join(ROOT, "tools", "cgref", "garbagebot.py")),
                                               rng.getrandbits(31), rate, shlex.quote(seat_cmds[k]))
            labels[k] = "garbage(%s,%g)" % (labels[k], rate)
        plan.append((g, s, seat_cmds, labels))
    return plan


def official_cmd(a, game, s, trace, limit_ms):
    """The cgref command line of one official game (seed s, the diff's
    league and game parameters), bots to append after "--"."""
    cmd = [CGREF, "match", "--referee", a.official, "--game", game, "--seed", str(s), "--league", str(a.league),
           "--trace", trace] + (["--limit-ms", limit_ms] if limit_ms != "referee" else [])
    for kv in a.official_param:
        cmd += ["--param", kv]
    return cmd


def replay_bots(trace, logs):
    """One replaybot.py command a seat: replays the official trace's answers."""
    return ["%s %s %s %d %s" % (sys.executable, shlex.quote(os.path.join(ROOT, "tools", "cgref", "replaybot.py")),
                                shlex.quote(trace), p, shlex.quote(logs[p])) for p in range(len(logs))]


def official_rerun(a, game, item, trace, off, work):
    """Replays the official game's answers through the official referee
    again (same seed, league, parameters; replay bots in every seat, with
    DIFF_OURS_LIMIT so load cannot time one out). Returns (where the two
    official runs first differ or None, None), or (None, why) when the
    re-run failed and so decides nothing."""
    g, s, seat_cmds, _ = item
    trace2 = os.path.join(work, "g%04d_seed%d.rerun.trace" % (g, s))
    logs = [os.devnull] * len(seat_cmds)  # the re-run's trace holds what each bot was sent
    r = subprocess.run(official_cmd(a, game, s, trace2, DIFF_OURS_LIMIT) + ["--"] + replay_bots(trace, logs),
                       cwd=ROOT, capture_output=True, text=True, timeout=GAME_TIMEOUT_S)
    if r.returncode != 0 or not os.path.isfile(trace2):
        return None, "official re-run failed (exit %d)" % r.returncode
    again = read_cgref_trace(trace2)
    if again["fail"]:
        return None, "official re-run threw: %s" % again["fail"][:200]
    got = [{k: inputs for k, (inputs, _) in enumerate(seq)} for seq in again["players"]]
    return first_difference(off, got, again["scores"], ("run 1", "run 2")), None


def diff_one(a, game, ours, ours_args, work, item):
    """Plays one game on the official referee, replays it through ours;
    when they differ, replays it through the official referee again: a
    game the official does not reproduce gets "unreproducible" (where its
    two runs differ) instead of counting as a difference. Returns its record."""
    g, s, seat_cmds, labels = item
    trace = os.path.join(work, "g%04d_seed%d.trace" % (g, s))
    rec = {"g": g, "seed": s, "bots": labels, "trace": trace, "exact": False, "diff": None, "dq": [],
           "unreproducible": None}
    t0 = time.time()
    r = subprocess.run(official_cmd(a, game, s, trace, a.official_limit_ms) + ["--"] + seat_cmds, cwd=ROOT,
                       capture_output=True, text=True, timeout=GAME_TIMEOUT_S)
    rec["official_s"] = time.time() - t0
    if r.returncode != 0 or not os.path.isfile(trace):
        rec["diff"] = "official referee failed (exit %d): %s" % (r.returncode, (r.stderr.strip().split("\n") or [""])[-1][:200])
        return rec
    off = read_cgref_trace(trace)
    rec["dq"] = sorted(off["deactivated"])
    if off["fail"]:
        rec["diff"] = "official referee threw: %s" % off["fail"][:200]
        return rec
    logs = [os.path.join(work, "g%04d_p%d.log" % (g, p)) for p in range(len(seat_cmds))]
    t0 = time.time()
    r = subprocess.run([ours, "match", "--seed", str(s)] + ours_args + ["--"] + replay_bots(trace, logs), cwd=ROOT,
                       capture_output=True, text=True, timeout=GAME_TIMEOUT_S)
    rec["ours_s"] = time.time() - t0
    try:
        res = json.loads(r.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        rec["diff"] = "our referee failed (exit %d): %s" % (r.returncode, r.stderr.strip()[-200:])
        return rec
    rec["diff"] = first_difference(off, [read_replay_log(l) for l in logs], res.get("scores"))
    rec["exact"] = rec["diff"] is None
    for l in logs:
        if os.path.exists(l):
            os.remove(l)
    if rec["diff"] is not None:
        rec["unreproducible"], why = official_rerun(a, game, item, trace, off, work)
        if why:
            rec["diff"] += " (%s: whether the official reproduces the game is unknown)" % why
    return rec


def cmd_diff(argv):
    """./arena.py diff GAME --official PATH --games N: fresh games on the
    official referee replayed through build/GAME-referee (see the module
    docstring)."""
    ap = argparse.ArgumentParser(prog="arena.py diff", description="Official referee against ours, input by input.")
    ap.add_argument("game")
    ap.add_argument("--official", required=True, metavar="PATH", help="the CodinGame referee's source tree")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1, help="seeds the choice of random seeds and bots")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--league", type=int, default=None)
    ap.add_argument("--bots", help="sparring bots to use, comma-separated names (default: every built one)")
    ap.add_argument("--official-limit-ms", default="1000,500",
                    help="the official games' limits (FIRST,NEXT or 'referee' for its own; default 1000,500)")
    ap.add_argument("--official-param", action="append", default=[], metavar="K=V",
                    help="a game parameter of the official referee (cgref --param), in every official run")
    ap.add_argument("--keep", metavar="DIR", help="where the official traces go (default build/cgref/diff/GAME-TIME)")
    ap.add_argument("--json", action="store_true", help="also print every game's record as a JSON line")
    a = ap.parse_args(argv)
    try:
        a.official = os.path.abspath(a.official)
        if not os.path.isdir(os.path.join(a.official, "src", "main", "java")):
            raise UsageError("--official %s: no src/main/java there (not a CodinGame referee tree)" % a.official)
        if not os.path.isfile(os.path.join(ROOT, CGREF)):
            raise UsageError("%s not found: run `make` (it needs the JDK's javac)" % CGREF)
        ours = os.path.join(".", "build", "%s-referee" % a.game)
        if not os.path.isfile(os.path.join(ROOT, ours)):
            raise UsageError("%s not found: no referee of ours to compare" % ours)
        if a.games < 1 or a.jobs < 1:
            raise UsageError("--games and --jobs must be positive")
        for kv in a.official_param:
            if kv.find("=") <= 0:
                raise UsageError("--official-param %s: wants KEY=VALUE" % kv)
        if a.league is None:
            a.league = DIFF_LEAGUE.get(a.game, 1)
        ours_args = ["--limit-ms", DIFF_OURS_LIMIT]
        if "--league" in referee_usage(os.path.join(ROOT, ours)):
            ours_args += ["--league", str(a.league)]
        plan = diff_plan(a.game, a.games, a.seed, sparring_names(a.game), a.bots)
    except UsageError as e:
        print("arena.py: %s" % e, file=sys.stderr)
        return 2
    work = os.path.abspath(a.keep or os.path.join(ROOT, "build", "cgref", "diff", "%s-%s-%d" % (
        a.game, time.strftime("%Y%m%d-%H%M%S"), os.getpid())))
    os.makedirs(work, exist_ok=True)
    subprocess.run([CGREF, "compile", "--referee", a.official], cwd=ROOT, capture_output=True)
    recs = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = [pool.submit(diff_one, a, a.game, ours, ours_args, work, it) for it in plan]
        for f in concurrent.futures.as_completed(futs):
            recs.append(f.result())
            if a.json:  # as each game ends: an interrupted run keeps what it played
                print(json.dumps(recs[-1], sort_keys=True), flush=True)
    return diff_report(a, sorted(recs, key=lambda r: r["g"]), work)


def diff_report(a, recs, work):
    """Prints every differing or officially unreproducible game and the
    counts; exit 0 iff every game is exact or not reproducible by the
    official referee itself (its two runs of the same answers differ)."""
    exact = [r for r in recs if r["exact"]]
    unrep = [r for r in recs if not r["exact"] and r.get("unreproducible")]
    differ = [r for r in recs if not r["exact"] and not r.get("unreproducible")]
    for r in recs:
        if r["exact"]:
            continue
        head = "game %d seed %d %s%s" % (r["g"], r["seed"], " vs ".join(r["bots"]),
                                         " (disqualified: %s)" % r["dq"] if r["dq"] else "")
        if r.get("unreproducible"):
            print("not reproducible by the official referee: %s: its two runs differ at %s%s; ours: %s" % (
                head, r["unreproducible"], " (seed 0: the SDK's SecureRandom ignores setSeed(0), so the official "
                "game is unseeded)" if r["seed"] == 0 else "", r["diff"]))
        else:
            print("differs: %s: %s" % (head, r["diff"]))
    dq = [r for r in recs if r["dq"]]
    off_s = [r["official_s"] for r in recs if "official_s" in r]
    our_s = [r["ours_s"] for r in recs if "ours_s" in r]
    print("diff %s: %d games, %d exact, %d differ, %d not reproducible officially "
          "(%d games with a disqualification, %d of them differ)" %
          (a.game, len(recs), len(exact), len(differ), len(unrep), len(dq), len([r for r in differ if r["dq"]])))
    if off_s and our_s:
        print("time per game: official %.2f s (cgref, wall), ours %.2f s (replay, wall)" %
              (sum(off_s) / len(off_s), sum(our_s) / len(our_s)))
    print("official traces: %s" % work)
    return 1 if differ else 0


def cmd_run_job(argv):
    ap = argparse.ArgumentParser(prog="arena.py run-job")
    ap.add_argument("--json", help="one job")
    ap.add_argument("--file", help="a jobs file (JSON lines)")
    ap.add_argument("--task", type=int, default=0)
    ap.add_argument("--batch", type=int, default=1)
    a = ap.parse_args(argv)
    if a.json:
        jobs = [json.loads(a.json)]
    elif a.file:
        with open(a.file) as f:
            lines = [l for l in f if l.strip()]
        jobs = [json.loads(l) for l in lines[a.task * a.batch:(a.task + 1) * a.batch]]
    else:
        ap.error("give --json or --file")
    for j in jobs:
        print(json.dumps(run_job(j), sort_keys=True), flush=True)
    return 0


def cmd_host_check(argv):
    print(json.dumps(host_state(argv[1:])))
    return 0


def cmd_collect(argv):
    ap = argparse.ArgumentParser(prog="arena.py collect", description="Summary of results files.")
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        recs = list(read_results(a.files).values())
    except UsageError as e:
        print("arena.py: %s" % e, file=sys.stderr)
        return 2
    if not recs:
        print("arena.py: no game in %s" % " ".join(a.files), file=sys.stderr)
        return 2
    games = sorted({r["game"] for r in recs})
    sets = sorted({tuple(r["bots"]) for r in recs})
    if len(games) != 1 or len(sets) != 1:
        print("arena.py: the files mix games or bot lists: %s %s" % (games, sets), file=sys.stderr)
        return 2
    labels = list(sets[0])
    cmds = recs[0].get("commands") or labels
    return summarize(games[0], recs, len(labels), labels, cmds, None, a.json)


def parse_sprt(text):
    try:
        e0, e1 = [float(x) for x in text.split(",")]
    except ValueError:
        raise UsageError("--sprt wants ELO0,ELO1 (e.g. 0,10)")
    if e0 >= e1:
        raise UsageError("--sprt: ELO0 must be below ELO1")
    return e0, e1


def main(argv):
    if len(argv) > 1 and argv[1] == "collect":
        return cmd_collect(argv[2:])
    if len(argv) > 1 and argv[1] == "run-job":
        return cmd_run_job(argv[2:])
    if len(argv) > 1 and argv[1] == "host-check":
        return cmd_host_check(argv[1:])
    if len(argv) > 1 and argv[1] == "diff":
        return cmd_diff(argv[2:])
    ap = argparse.ArgumentParser(prog="arena.py", description="Plays matches through a game's referee.",
                                 epilog=bot_names_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("bots", nargs="+", metavar="BOT")
    ap.add_argument("--games", type=int, default=None, help="games to play (with --sprt: the cap)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="also print a one-line JSON summary")
    ap.add_argument("--referee-arg", action="append", default=[], help="extra argument for the referee")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--results", help="results file (JSON lines); games it holds are not played again")
    ap.add_argument("--executor", choices=sorted(EXECUTORS), default=None)
    ap.add_argument("--sshloginfile", help="GNU parallel's ssh hosts (implies --executor parallel)")
    ap.add_argument("--remote-dir", default=ROOT, help="the checkout on the hosts/nodes (default: this one's path)")
    ap.add_argument("--slurm-batch", type=int, default=1, help="games per Slurm array task")
    ap.add_argument("--slurm-arg", action="append", default=[], help="extra sbatch argument")
    ap.add_argument("--cpu-clock", action="store_true", help="bots' clocks and the referee count CPU time")
    ap.add_argument("--sprt", help="ELO0,ELO1: stop when the LLR crosses a bound")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--html", metavar="DIR", help="replay pages for lost, crashed and timed-out games")
    ap.add_argument("--official", metavar="PATH", help="play on a CodinGame referee's source tree (cgref)")
    a = ap.parse_args(argv[1:])
    try:
        return run_match(a)
    except UsageError as e:
        print("arena.py: %s" % e, file=sys.stderr)
        return 2


def match_options(a):
    """Checks the match options; returns (sprt or None, executor)."""
    if not 2 <= len(a.bots) <= 4:
        raise UsageError("give 2 to 4 bots")
    sprt = parse_sprt(a.sprt) if a.sprt else None
    if sprt and len(a.bots) != 2:
        raise UsageError("--sprt compares two bots")
    if sprt and not (0 < a.alpha < 1 and 0 < a.beta < 1):
        raise UsageError("--alpha and --beta must be between 0 and 1")
    if a.games is None:
        a.games = 100000 if sprt else 20
    if a.games < 1 or a.jobs < 1 or a.slurm_batch < 1:
        raise UsageError("--games, --jobs and --slurm-batch must be positive")
    executor = a.executor or ("parallel" if a.sshloginfile else "local")
    if a.sshloginfile and executor != "parallel":
        raise UsageError("--sshloginfile goes with --executor parallel")
    return sprt, executor


def match_referee(a):
    """The referee command: the official one (--official) or build/GAME-referee."""
    referee = os.path.join(".", "build", "%s-referee" % a.game)
    if a.official:
        return official_referee(a)
    if not os.path.isfile(os.path.join(ROOT, referee)):
        games = known_games()
        if a.game not in games:
            raise UsageError("unknown game %r (%s not found); games: %s" %
                             (a.game, referee, " ".join(games) or "none"))
        raise UsageError("%s not found: run `make` first" % referee)
    return referee


def match_bots(a, referee, builtins):
    """(commands, labels, env) of the bots; with --cpu-clock every command
    runs under the CPU-clock shim and the referee counts CPU time."""
    cmds = [resolve_bot(a.game, b, builtins) for b in a.bots]
    labels = bot_labels(a.bots, cmds)
    env = {}
    if a.cpu_clock:
        if "--wall-clock" in a.referee_arg:
            raise UsageError("--cpu-clock and --referee-arg=--wall-clock exclude each other")
        if a.game in NETWORK_GAMES:
            raise UsageError("the %s server times its bots itself: no --cpu-clock" % a.game)
        with open(os.path.join(ROOT, referee), "rb") as f:
            if b"PROC_CLOCK" not in f.read():
                raise UsageError("%s does not count CPU time (PROC_CLOCK, modules/proc): no --cpu-clock for %s" %
                                 (referee, a.game))
        if not os.path.isfile(os.path.join(ROOT, SHIM)):
            raise UsageError("%s not found: run `make %s`" % (SHIM, SHIM))
        env["PROC_CLOCK"] = "cpu"
        cmds = [c if b in builtins and c == b or c.startswith("./build/") and b in builtins else
                'env LD_PRELOAD="$PWD/%s" %s' % (SHIM, c) for b, c in zip(a.bots, cmds)]
    return cmds, labels, env


def match_files(a, executor, referee, cmds, traces):
    """The results file (a.work_dir beside it) and the traces' folder (None
    when the referee writes no traces); checks the executor's tools and
    hosts."""
    os.makedirs(os.path.join(ROOT, "build", "arena"), exist_ok=True)
    results = a.results or os.path.join(ROOT, "build", "arena", "%s-%s-%d.jsonl" %
                                        (a.game, time.strftime("%Y%m%d-%H%M%S"), os.getpid()))
    results = os.path.abspath(results)
    a.work_dir = results + ".d"  # jobs files, task outputs, traces
    trace_dir = None
    if traces:
        rel = os.path.relpath(a.work_dir, ROOT)
        trace_dir = os.path.join(rel if not rel.startswith("..") else a.work_dir, "traces")
    if executor != "local":
        os.makedirs(a.work_dir, exist_ok=True)
        if executor == "parallel" and not shutil.which("parallel"):
            raise UsageError("GNU parallel not found (Debian: apt-get install parallel)")
        if executor == "slurm" and not shutil.which("sbatch"):
            raise UsageError("sbatch not found: no Slurm here (Debian: apt-get install slurm-wlm)")
    if a.sshloginfile:
        files = [referee[2:]] + sorted({w[2:] for c in cmds for w in c.split() if w.startswith("./build/")})
        if a.cpu_clock:
            files.append(SHIM)
        problems = check_hosts(a, files)
        if problems:
            raise UsageError("the hosts are not ready:\n  " + "\n  ".join(problems))
    return results, trace_dir


def open_results(results):
    """(the records already in the results file by key, the file open for
    appending, its last line ended)."""
    done_recs = read_results([results]) if os.path.exists(results) else {}
    out = open(results, "a")
    if out.tell() > 0:
        with open(results, "rb") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                out.write("\n")  # end the line an interrupted run cut
    return done_recs, out


def run_sprt(a, play, labels, sprt, executor):
    """Plays pairs of games in batches until the LLR crosses a bound or
    --games is reached; returns (records, verdict "H0"/"H1" or None)."""
    lower, upper = sprt_bounds(a.alpha, a.beta)
    print("sprt: %s vs %s, H0 Elo %g, H1 Elo %g, alpha %g, beta %g: bounds [%.2f, %.2f]" %
          (labels[0], labels[1], sprt[0], sprt[1], a.alpha, a.beta, lower, upper), flush=True)
    batch = 2 * a.jobs * (a.slurm_batch if executor == "slurm" else 1)
    played, recs, verdict = 0, [], None
    while played < a.games:
        n = min(batch, a.games - played)
        n += n % 2  # whole pairs
        recs = play(0, played + n)
        played += n
        counts = pair_outcomes(recs)
        llr = sprt_llr(counts, *sprt)
        print("sprt: %d games, pairs LL..WW %s, LLR %.2f [%.2f, %.2f]" %
              (played, counts, llr, lower, upper), flush=True)
        if llr >= upper:
            verdict = "H1"
            break
        if llr <= lower:
            verdict = "H0"
            break
    a.games = played
    return recs, verdict


def report_sprt(a, recs, labels, sprt, verdict):
    counts = pair_outcomes(recs)
    llr = sprt_llr(counts, *sprt)
    if verdict:
        print("sprt verdict: %s (%s) after %d games, LLR %.2f" %
              (verdict, "%s is at least %g Elo stronger" % (labels[0], sprt[1]) if verdict == "H1" else
               "%s is not %g Elo stronger" % (labels[0], sprt[1]), a.games, llr))
    else:
        print("sprt verdict: none after %d games (the cap), LLR %.2f" % (a.games, llr))
    if a.json:
        print(json.dumps({"sprt": {"elo0": sprt[0], "elo1": sprt[1], "alpha": a.alpha, "beta": a.beta,
                                   "llr": round(llr, 3), "pairs": counts, "games": a.games,
                                   "verdict": verdict}}, sort_keys=True))


def run_match(a):
    """The match command: 1. options, referee and bots; 2. the results file
    and traces' folder; 3. the games (all, or SPRT batches), each written to
    the results file as it ends (games already there are not replayed);
    4. the summary, the SPRT verdict, the pages of --html."""
    sprt, executor = match_options(a)
    referee = match_referee(a)
    usage = referee_usage(os.path.join(ROOT, referee))
    builtins = builtin_bots(usage)
    cmds, labels, env = match_bots(a, referee, builtins)
    traces = "--trace" in usage
    if a.html and not traces:
        print("arena.py: %s writes no traces (no --trace in its usage): --html draws nothing" % referee,
              file=sys.stderr)
    results, trace_dir = match_files(a, executor, referee, cmds, traces)
    traces = traces and bool(a.html)
    done_recs, out = open_results(results)
    lock = threading.Lock()
    progress = Progress(0, not a.quiet and sys.stderr.isatty() or os.environ.get("ARENA_PROGRESS"))

    def done(rec):
        with lock:
            out.write(json.dumps(rec, sort_keys=True) + "\n")
            out.flush()
            done_recs[rec["key"]] = rec
            progress.tick()

    def play(first, count):
        jobs = plan(a.game, referee, labels, cmds, a.seed, first, count, a.referee_arg, env, trace_dir, traces)
        todo = [j for j in jobs if j["key"] not in done_recs or done_recs[j["key"]].get("result") is None]
        progress.total += len(todo)
        if todo:
            EXECUTORS[executor](todo, a, done)
        return [done_recs[j["key"]] for j in jobs if j["key"] in done_recs]

    recs, verdict = run_sprt(a, play, labels, sprt, executor) if sprt else (play(0, a.games), None)
    out.close()
    rc = summarize(a.game, recs, len(a.bots), labels, cmds, a.games, a.json and not sprt)
    if sprt:
        report_sprt(a, recs, labels, sprt, verdict)
    if traces:
        write_html(recs, a.html)
    sys.stdout.flush()  # the summary first, then where the games are
    print("results: %s" % (a.results or os.path.relpath(results, ROOT)), file=sys.stderr)
    return rc

if __name__ == "__main__":
    sys.exit(main(sys.argv))
