#!/usr/bin/env python3
"""test_cgref.py -- cgref, the official-referee runner (tools/cgref), on a
referee of our own written against the CodinGame SDK API
(tests/cgref/tictactoe: the rules and protocol of games/tictactoe), so no
third-party code is needed:
  - a game between two of our bots: the JSON line of the README contract,
    the seed and league reaching the referee (its init summary line shows
    both and one draw of the seeded generator, the same for the same seed),
    the referee's own limits (1000 ms first, setTurnMaxTime(100) after,
    setFirstTurnMaxTime(500) from league 2);
  - a timeout, an invalid answer, a closed output, the SDK's soft limit
    (late three times), an extra line read as the next answer, "\\r\\n"
    and "\\r" line ends: each with the SDK's outcome (deactivation, score)
    and the trace's record of it;
  - a referee that does not compile, a bad command line;
  - `arena.py diff tictactoe --official`: exact against our C referee;
    with the referee's game parameter shuffle=1 (free cells listed in an
    order drawn from getRandom()), seed 0 is unseeded as in the SDK: the
    official referee does not reproduce its own game, which diff reports
    as "not reproducible officially" and exits 0; a referee changed by one
    input line (reproducible) is found differing at that line, exit 1.
  - `arena.py NAME --official CLONE --html DIR`: view.py's cgref pages of
    the lost games.
Skipped ("skipped: no javac") where the JDK is missing.
Last line: "N passed, N failed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import pyunit  # noqa: E402

CGREF = os.path.join(ROOT, "build", "cgref-referee")
TTT = os.path.join(HERE, "tictactoe")
KEYS = ["game", "seed", "ranks", "scores", "errors", "turns", "think_mean_ms", "think_max_ms", "detail"]


def bot(mode):
    return "%s %s %s" % (sys.executable, os.path.join(HERE, "bots.py"), mode)


def match(args, bots, referee=TTT):
    """(exit status, JSON result or None, trace lines, stderr)."""
    fd, trace = tempfile.mkstemp(suffix=".trace")
    os.close(fd)
    try:
        p = subprocess.run([CGREF, "match", "--referee", referee, "--trace", trace] + args + ["--"] + bots,
                           cwd=ROOT, capture_output=True, text=True, timeout=600)
        with open(trace, encoding="utf-8") as f:
            lines = f.read().split("\n")
    finally:
        os.remove(trace)
    try:
        res = json.loads(p.stdout.strip().split("\n")[-1])
    except (ValueError, IndexError):
        res = None
    return p.returncode, res, lines, p.stderr


def check_game(check):
    first = "./build/tictactoe-first"  # answers at once: in time at any load
    rc, res, tr, err = match(["--seed", "5", "--league", "2"], [first, first])
    check(rc == 0 and res is not None and list(res) == KEYS, "a game: exit 0, one JSON line, the contract's keys")
    if res is None:
        print(err)
        return
    check(res["seed"] == 5 and res["errors"] == ["", ""] and res["scores"] == [1, 0] and res["ranks"] == [0, 1],
          "`first` against itself: seat 0 wins (diagonal 2-4-6), scores [1, 0], no error, seed 5")
    init = [l for l in tr if l.startswith("SUMMARY 0 ")]
    check(len(init) == 1 and init[0].startswith("SUMMARY 0 seed 5 league 2 draw "), "seed and league reach the referee")
    check("ASK 1 0 1 500" in tr and "ASK 2 1 1 500" in tr and "ASK 3 0 1 100" in tr,
          "limits: setFirstTurnMaxTime(500) in league 2, then setTurnMaxTime(100)")
    check(any(l.startswith("SUMMARY 7 $0 plays 2 0") for l in tr) and "END turns 7" in tr,
          "trace: questions, summaries, the end")
    rc2, res2, tr2, _ = match(["--seed", "5"], [first, first])
    init2 = [l for l in tr2 if l.startswith("SUMMARY 0 ")]
    check(init2 and init2[0].replace("league 1", "league 2") == init[0] and "ASK 1 0 1 1000" in tr2,
          "the same seed draws the same number; league 1 keeps 1000 ms for the first answer")
    rc3, res3, tr3, _ = match(["--seed", "-9223372036854775808"], [first, first])
    check(res3 is not None and res3["seed"] == -2 ** 63 and any(l.startswith("SUMMARY 0 seed -9223372036854775808 ")
                                                              for l in tr3), "the lowest long is a seed")


def check_errors(check):
    # generous limits where the limit is not the point: a loaded machine
    # must not turn a Python bot's slow start into a timeout
    first, easy = "./build/tictactoe-first", ["--seed", "1", "--limit-ms", "5000,5000"]
    rc, res, tr, _ = match(["--seed", "1", "--limit-ms", "5000,200"], [bot("sleep"), first])
    check(res and res["errors"] == ["timeout", ""] and res["scores"] == [-1, 1] and "turn 3" in res["detail"][0],
          "timeout: deactivated at turn 3, score -1, the detail names the turn")
    check(any(l.startswith("NOANSWER 0 ") and l.endswith(" timeout") for l in tr) and
          any(l.startswith("DEACTIVATED 0 3 $0 timeout") for l in tr), "timeout: the trace records it")
    rc, res, tr, _ = match(easy, [first, bot("invalid")])
    check(res and res["errors"] == ["", "invalid"] and res["scores"] == [1, -1] and "not a free cell" in res["detail"][1],
          "invalid answer: deactivated with the referee's reason")
    rc, res, tr, _ = match(easy, [bot("exit"), first])
    check(res and res["errors"] == ["crash", ""] and res["scores"] == [-1, 1] and
          any(l.startswith("NOANSWER 0 ") and l.endswith(" eof") for l in tr), "closed output: a crash, no wait")
    rc, res, tr, _ = match(["--seed", "1", "--limit-ms", "5000,100"], [bot("slow"), first])
    check(res and res["errors"] == ["timeout", ""] and res["scores"] == [-1, 1] and
          ("SOFTTIMEOUT 0" in tr or any(l.startswith("NOANSWER 0") for l in tr)),
          "late answers: a timeout (the SDK's soft limit, or the grace passed)")
    rc, res, tr, _ = match(easy, [bot("twolines"), first])
    i = tr.index("ASK 3 0 1 5000") if "ASK 3 0 1 5000" in tr else -1
    check(i > 0 and "< 0 1" in tr[i:i + 12] and res and res["errors"] == ["invalid", ""],
          "an extra line stays queued: read as the next answer (taken cell 0 1: invalid)")
    for mode in ("crlf", "cr"):
        rc, res, tr, _ = match(easy, [bot(mode), first])
        check(res and res["errors"] == ["", ""] and res["scores"] == [1, 0], "%s line ends: one line each" % mode)


def check_bad(check, tmp):
    bad = os.path.join(tmp, "broken")
    shutil.copytree(TTT, bad)
    with open(os.path.join(bad, "src/main/java/com/codingame/game/Player.java"), "a") as f:
        f.write("this does not compile\n")
    p = subprocess.run([CGREF, "match", "--referee", bad, "--", bot("first"), bot("first")], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 1 and "javac failed" in p.stderr, "a referee that does not compile: exit 1, javac's message")
    p = subprocess.run([CGREF, "match", "--", bot("first")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    p2 = subprocess.run([CGREF, "match", "--referee", TTT, "--seed", "x", "--", "a"], cwd=ROOT,
                        capture_output=True, text=True, timeout=600)
    check(p.returncode == 2 and p2.returncode == 2 and "usage" in p.stderr, "bad command lines: exit 2 with the usage")


def check_diff(check, tmp):
    arena = [sys.executable, os.path.join(ROOT, "arena.py"), "diff", "tictactoe", "--official", TTT,
             "--games", "4", "--jobs", "2", "--bots", "random,first", "--keep", os.path.join(tmp, "d1")]
    p = subprocess.run(arena, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    check(p.returncode == 0 and "4 games, 4 exact, 0 differ" in p.stdout, "diff: our C referee is exact (4 games)")
    if p.returncode:
        print(p.stdout, p.stderr)
    unseeded = arena[:7] + ["1"] + arena[8:-1] + [os.path.join(tmp, "d0"), "--official-param", "shuffle=1"]
    p = subprocess.run(unseeded, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    check(p.returncode == 0 and "1 games, 0 exact, 0 differ, 1 not reproducible officially" in p.stdout and
          "not reproducible by the official referee: game 0 seed 0 " in p.stdout and
          "its two runs differ at player 0 answer 1 line " in p.stdout,
          "diff: seed 0 drawn from the unseeded SHA1PRNG is not reproducible officially, exit 0")
    if p.returncode:
        print(p.stdout, p.stderr)
    changed = os.path.join(tmp, "changed")
    shutil.copytree(TTT, changed)
    path = os.path.join(changed, "src/main/java/com/codingame/game/Referee.java")
    with open(path) as f:
        src = f.read()
    with open(path, "w") as f:
        f.write(src.replace("String.valueOf(10 - turn)", "String.valueOf(turn == 3 ? 99 : 10 - turn)"))
    arena[5] = changed
    arena[-1] = os.path.join(tmp, "d2")
    arena[7] = "2"
    p = subprocess.run(arena, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    check(p.returncode == 1 and "2 games, 0 exact, 2 differ, 0 not reproducible officially" in p.stdout and
          "player 0 answer 2 line 2: official '99', ours '7'" in p.stdout,
          "diff: a changed input line is found at its player, answer and line (the official reproduces itself)")


def check_arena_html(check, tmp):
    """`arena.py NAME --official CLONE --html DIR`: the pages are view.py's
    cgref pages of the games' traces (any game name: here one with no
    games/ folder). `first` against itself: seat 0 wins, so bot 0 loses
    the game where it sits second, and that game gets its page."""
    html = os.path.join(tmp, "html")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "arena.py"), "ttt-official", "--official", TTT, "--games", "2",
                        "--jobs", "1", "--html", html, "--results", os.path.join(tmp, "html.jsonl"),
                        "./build/tictactoe-first", "./build/tictactoe-first"], cwd=ROOT, capture_output=True, text=True,
                       timeout=1200)
    pages = sorted(os.listdir(html)) if os.path.isdir(html) else []
    blobs = []
    for name in pages:
        with open(os.path.join(html, name), encoding="utf-8") as f:
            blobs.append(json.loads(f.read().split('id="data">', 1)[1].split("</script>", 1)[0]))
    ok = p.returncode == 0 and len(pages) == 1 and all(
        d["format"] == "cgref" and d["game"] == "ttt-official" and d["players"] == ["tictactoe-firs#2", "tictactoe-firs#1"]
        and len(d["frames"]) > 5 and d["frames"][-1].get("score") for d in blobs)
    check(ok, "arena --official --html: %d pages, each view.py's cgref page of a game (%s)" %
          (len(pages), p.stdout.strip().split("\n")[-3:] if not ok else pages))


def main():
    if not shutil.which("javac") or not os.path.isfile(CGREF):
        print("skipped: no javac (cgref needs the JDK; Debian: default-jdk-headless)")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    check = pyunit.Checks()
    tmp = tempfile.mkdtemp(prefix="cgref-test")
    try:
        check_game(check)
        check_errors(check)
        check_bad(check, tmp)
        check_diff(check, tmp)
        check_arena_html(check, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
