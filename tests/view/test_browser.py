#!/usr/bin/env python3
"""test_browser.py -- view.py's pages in headless Chromium (`make test-view`).

For each game it plays or takes a trace (spring2021, greencircle, get1000,
gameofdrones and tictactoe from their referees' `match --trace`, blitz from a recorded
reference trace, and that trace again as JSON-lines states), writes the page
with view.py, opens it from disk, steps to a known frame (URL hash and arrow
keys), and checks what is drawn against the trace read here independently
(DOM text and attributes; for spring2021 trees and blitz heroes, the pixel
colour at their place in a screenshot). Any JS exception or console error
fails the page. It also serves the live blitz page over HTTP with a small
server-sent-events source, as the blitz server will, and checks that the
page follows the stream; then it starts build/blitz-server with four bots on
loopback and checks the viewer page the server serves at the viewUrl while
the game runs, to its final state. Then, for each of the six games, a
known game (seed, bots) with the bots' stderr recorded: at the first frame
with stderr, each player's stderr against the sidecar, the score graph,
a hover box, the arena's names (blitz: our hero marked); screenshots go
to build/view/<game>.png. Last, a new game added by following README
"Adding a game" step 1 in build/view/newgame/ (not the repository): built,
played with a trace, its page opened (the copied drawing, then the generic
page), stepped, checked for stderr and console errors. And the cgref page
(tools/cgref) of the recorded traces in tests/data/cgref/.

    python3 tests/view/test_browser.py [--chromium PATH] [--only t_extras,t_new_game]

The last line printed is "N passed, N failed".
"""
import argparse
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import cdp  # noqa: E402
import pyunit  # noqa: E402
import view  # noqa: E402

OUT = os.path.join(REPO, "build", "view")
SHOT_SCALE = 0.75  # screenshots for people (README), small files
COLORS = [(0xE0, 0x45, 0x2B), (0x2B, 0x6F, 0xE0), (0x1F, 0x9E, 0x4A), (0xC9, 0x8C, 0x00)]
check = pyunit.Checks()


def near(a, b, tol=10):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def build(*parts):
    return os.path.join(REPO, "build", *parts)


def run_referee(args, trace):
    if os.path.exists(trace):
        os.remove(trace)
    r = subprocess.run(args, capture_output=True, text=True, timeout=600)
    ok = r.returncode == 0 and os.path.exists(trace)
    check(ok, "referee wrote %s (%s)" % (os.path.relpath(trace, REPO), r.stdout.strip()[:100] or r.stderr[:200]))
    return ok


def recorded(game, name):
    p = os.path.join(REPO, "tests", "data", game, name)
    return p if os.path.exists(p) else None


def page(b, trace, game, frame):
    """Renders trace, opens it at frame, checks the frame shown and no JS error."""
    html = os.path.join(OUT, game + ".html")
    view.render(trace, html)
    size = os.path.getsize(html)
    b.errors.clear()
    secs = b.open("file://" + html + "#f=%d" % frame)
    shown = b.eval("document.body.dataset.frame")
    check(shown == str(frame), "%s: the hash opens frame %d (shows %s)" % (game, frame, shown))
    return html, size, secs


def no_errors(b, game):
    check(not b.errors, "%s: no JS error in the console%s" % (game, (": " + "; ".join(b.errors[:3])) if b.errors else ""))


def shot(b, game):
    box = b.eval("(() => { const m = document.querySelector('main').getBoundingClientRect();"
                 " const c = document.getElementById('controls').getBoundingClientRect();"
                 " return [Math.ceil(Math.max(m.right, c.right)), Math.ceil(c.bottom)]; })()")
    w = min(box[0], 1200)
    png = b.screenshot((0, 0, w, box[1]), scale=SHOT_SCALE)
    path = os.path.join(OUT, game + ".png")
    with open(path, "wb") as f:
        f.write(png)
    check(len(png) > 1000, "%s: screenshot %s (%d bytes, %dx%d)" % (game, os.path.relpath(path, REPO), len(png), w, box[1]))


def center(b, sel):
    r = b.eval("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
               " return [r.x + r.width / 2, r.y + r.height / 2, r.width]; })()" % json.dumps(sel))
    return r


def text(b, sel):
    return b.eval("(() => { const e = document.querySelector(%s); return e ? e.textContent : null; })()" % json.dumps(sel))


# ---- spring2021 ----------------------------------------------------------

def t_spring2021(b):
    trace = os.path.join(OUT, "spring2021.txt")
    if not run_referee([build("spring2021-referee"), "match", "--seed", "11", "--trace", trace, "--",
                        build("spring2021"), build("spring2021-greedy")], trace):
        return
    lines = open(trace).read().splitlines()
    states = [i for i, ln in enumerate(lines) if ln.startswith("STATE ")]
    last_day = int(lines[states[-1]].split()[3])
    # the frame with the most trees in the middle of the game
    k = max(range(len(states) // 3, 2 * len(states) // 3), key=lambda j: len(lines[states[j] + 1].split()))
    st = lines[states[k]].split()
    trees = {}
    for item in lines[states[k] + 1].split()[1:]:
        c, s, o, d = item.split(":")
        trees[c] = [s, o, d]
    outs = [ln for ln in lines[states[k - 1]:states[k]] if ln.startswith("OUT ")]
    html, size, secs = page(b, trace, "spring2021", k)
    # the state after the last SUN_MOVE shows day 24: days 0..23 were played
    check(last_day == 24 and size < 1_000_000,
          "spring2021: a %d-day game's page is %d bytes (< 1 MB); opened in %.3f s (load event)" % (last_day, size, secs))
    drawn = b.eval("[...document.querySelectorAll('circle[id^=tree-]')].filter((c) => c.getAttribute('display') !== 'none')"
                   ".map((c) => [c.id.slice(5), c.dataset.size, c.dataset.owner, c.dataset.dormant])")
    check({d[0]: d[1:] for d in drawn} == trees, "spring2021 frame %d: the %d trees drawn (cell, size, owner, dormant) are the trace's" % (k, len(trees)))
    want = {"#day": st[3], "#nutrients": st[7], "#p0-sun": st[9], "#p0-score": st[10], "#p1-sun": st[13], "#p1-score": st[14]}
    got = {s: text(b, s) for s in want}
    check(got == want, "spring2021 frame %d: day, nutrients, sun and score shown %s" % (k, got))
    rich = lines[1].split()[1:]
    drawn_rich = b.eval("[...Array(37).keys()].map((i) => document.getElementById('cell-' + i).dataset.richness)")
    check(drawn_rich == rich, "spring2021: every cell's richness is the trace's")
    cmds = {o.split()[1]: o.split(None, 2)[2] if len(o.split()) > 2 else "" for o in outs}
    ok = True
    for p, line in cmds.items():
        row = (text(b, "#cmd-p%s .cmd" % p) + " " + text(b, "#cmd-p%s .msg" % p)).strip()
        ok = ok and row == line.strip()
    check(ok and cmds, "spring2021 frame %d: both commands and messages shown (%s)" % (k, cmds))
    # pixels: a tree's owner colour at its cell's centre
    big = [c for c, v in trees.items() if v[0] != "0"][:4]
    pix_ok = bool(big)
    for c in big:
        x, y, _w = center(b, "#tree-" + c)
        px = b.pixel(x, y)
        pix_ok = pix_ok and near(px, COLORS[int(trees[c][1])])
    check(pix_ok, "spring2021 frame %d: owner colour at the centre of trees %s" % (k, big))
    # controls: arrow keys, Home/End, slider, play/pause
    b.key("ArrowRight")
    r1 = b.eval("document.body.dataset.frame")
    b.key("ArrowLeft")
    r2 = b.eval("document.body.dataset.frame")
    b.key("End")
    r3 = b.eval("document.body.dataset.frame")
    b.key("Home")
    r4 = b.eval("document.body.dataset.frame")
    check((r1, r2, r3, r4) == (str(k + 1), str(k), str(len(states) - 1), "0"),
          "spring2021: Right, Left, End, Home go to frames %s" % [r1, r2, r3, r4])
    b.eval("(() => { const s = document.getElementById('slider'); s.value = 7; s.dispatchEvent(new Event('input')); })()")
    check(b.eval("document.body.dataset.frame") == "7", "spring2021: the slider scrubs to frame 7")
    b.key(" ")
    time.sleep(1.0)
    f1 = int(b.eval("document.body.dataset.frame"))
    b.key(" ")
    f2 = int(b.eval("document.body.dataset.frame"))
    time.sleep(0.5)
    f3 = int(b.eval("document.body.dataset.frame"))
    check(f1 > 7 and f2 == f3, "spring2021: Space plays (frame 7 -> %d) and pauses (%d stays %d)" % (f1, f2, f3))
    b.eval("show(%d)" % k)
    no_errors(b, "spring2021")
    shot(b, "spring2021")


# ---- greencircle ---------------------------------------------------------

def t_greencircle(b):
    trace = os.path.join(OUT, "greencircle.txt")
    if not run_referee([build("greencircle-referee"), "match", "--seed", "3", "--trace", trace, "--",
                        build("greencircle"), build("greencircle-greedy")], trace):
        return
    lines = open(trace).read().splitlines()
    states = [i for i, ln in enumerate(lines) if ln.startswith("STATE ")]
    k = len(states) // 2
    head = dict(t.split("=", 1) for t in lines[states[k]].split() if "=" in t)
    pls = [dict(t.split("=", 1) for t in lines[states[k] + j].split()[1:]) for j in (1, 2)]
    turn = max(i for i in range(states[k]) if lines[i].startswith("TURN "))
    out = next(ln[4:] for ln in lines[turn:states[k]] if ln.startswith("OUT "))
    p = lines[turn].split()[3]
    page(b, trace, "greencircle", k)
    desks = b.eval("[...Array(8).keys()].map((z) => document.querySelector('#desk-' + z + ' .count').textContent).join(',')")
    check(desks == head["desks"], "greencircle frame %d: desk counts %s" % (k, desks))
    zones = [b.eval("document.getElementById('pos-p%d').dataset.zone" % q) for q in (0, 1)]
    check(zones == [pls[0]["zone"], pls[1]["zone"]], "greencircle frame %d: players at desks %s" % (k, zones))
    want = []
    got = []
    for q in (0, 1):
        cards = {c: "" if pls[q][c] == "-" else pls[q][c] for c in ("hand", "draw", "discard", "played")}
        want += [pls[q]["score"], str(len(cards["hand"])), str(len(cards["draw"])), str(len(cards["discard"])),
                 str(sum(v.count("9") for v in cards.values()))]
        got += [text(b, "#p%d-%s" % (q, w)) for w in ("score", "hand", "draw", "discard", "debt")]
    check(got == want, "greencircle frame %d: released apps, hand/draw/discard counts and debt %s" % (k, got))
    phase = b.eval("document.getElementById('phase').dataset.phase")
    check(phase == head["next"].split(":")[1], "greencircle frame %d: phase %s" % (k, phase))
    apps = b.eval("[...document.querySelectorAll('#apps tr[id^=app-]')].map((r) => r.id.slice(4)).join(',')")
    check(apps == head["apps"], "greencircle frame %d: applications %s" % (k, apps))
    row = (text(b, "#cmd-p%s .cmd" % p) + " " + text(b, "#cmd-p%s .msg" % p)).strip()
    check(row == out.strip(), "greencircle frame %d: player %s's command %r" % (k, p, row))
    no_errors(b, "greencircle")
    shot(b, "greencircle")


# ---- blitz ---------------------------------------------------------------

def blitz_states(path):
    """(size, spawns, [(mover, dir, numbers, tiles)]) of a BLITZ2016 trace."""
    n, spawns, out = None, [], []
    for ln in open(path).read().splitlines():
        w = ln.split()
        if w and w[0] == "SIZE":
            n = int(w[1])
        elif w and w[0] == "SPAWN":
            spawns = [int(x) for x in w[1:]]
        elif w and w[0] in ("I", "M"):
            head, _, rest = ln.partition("|")
            hw = head.split()
            if w[0] == "I":
                out.append((-1, "", [int(x) for x in hw[1:]], rest[:-1]))
            else:
                out.append((int(hw[1]) - 1, hw[2], [int(x) for x in hw[3:]], rest[:-1]))
    return n, spawns, out


def blitz_json(n, spawns, st, game_id, finished=False):
    mover, d, nums, tiles = st
    heroes = []
    for k in range(4):
        x, y, life, gold, mines, crashed = nums[1 + 6 * k:7 + 6 * k]
        h = {"id": k + 1, "name": "bot%d" % (k + 1), "pos": {"x": x, "y": y}, "life": life, "gold": gold,
             "mineCount": mines, "spawnPos": {"x": spawns[2 * k], "y": spawns[2 * k + 1]}, "crashed": bool(crashed)}
        if k == mover:
            h["lastDir"] = d
        heroes.append(h)
    return json.dumps({"game": {"id": game_id, "turn": nums[0], "maxTurns": 1200, "heroes": heroes,
                                "board": {"size": n, "tiles": tiles}, "finished": finished, "started": True},
                       "hero": heroes[0], "token": "abcd", "viewUrl": "http://x/" + game_id,
                       "playUrl": "http://x/api/%s/abcd/play" % game_id})


def check_blitz_frame(b, game, k, st, mines_order):
    mover, d, nums, tiles = st
    heroes = b.eval("[1,2,3,4].map((k) => { const d = document.getElementById('hero-' + k).dataset;"
                    " return [+d.x, +d.y, +d.life, +d.gold, +d.mines]; })")
    want = [nums[1 + 6 * j:6 + 6 * j] for j in range(4)]
    check(heroes == want, "%s frame %d: heroes' position, life, gold, mines %s" % (game, k, heroes))
    owners = b.eval("[...document.querySelectorAll('g[id^=mine-]')].map((g) => g.dataset.owner).join('')")
    want_o = "".join(tiles[2 * c + 1] for c in mines_order)
    check(owners == want_o, "%s frame %d: mine owners %s" % (game, k, owners))
    if mover >= 0:
        check(text(b, "#cmd-p%d .cmd" % mover) == d, "%s frame %d: hero %d's move %s" % (game, k, mover + 1, d))
    return heroes


def t_blitz(b):
    src = recorded("blitz", "g07_seedboard.txt")
    if not src:
        check(False, "blitz: recorded trace tests/data/blitz/g07_seedboard.txt not found")
        return
    n, spawns, states = blitz_states(src)
    mines_order = [c for c in range(n * n) if states[0][3][2 * c] == "$"]
    k = 400
    page(b, src, "blitz", k)
    heroes = check_blitz_frame(b, "blitz", k, states[k], mines_order)
    ok = True
    for j in range(4):
        x, y, w = center(b, "#hero-%d circle" % (j + 1))
        px = b.pixel(x - w * 0.3, y)
        ok = ok and near(px, COLORS[j])
    check(ok, "blitz frame %d: each hero's colour on its cell (%s)" % (k, [h[:2] for h in heroes]))
    no_errors(b, "blitz")
    shot(b, "blitz")
    # the same game as JSON lines (the server's replay file format)
    jl = os.path.join(OUT, "blitz-replay.jsonl")
    with open(jl, "w") as f:
        for i, st in enumerate(states[:300]):
            f.write(blitz_json(n, spawns, st, "g07abcde", i == 299) + "\n")
    k = 250
    page(b, jl, "blitz-jsonl", k)
    check_blitz_frame(b, "blitz-jsonl", k, states[k], mines_order)
    no_errors(b, "blitz-jsonl")
    t_blitz_live(b, n, spawns, states[:120])


class Events(http.server.BaseHTTPRequestHandler):
    """GET /<id> or /view?game=<id>: the live page; GET /events/<id>: the
    states as server-sent events, then the stream ends."""
    page = b""
    states = []
    game_id = ""

    def log_message(self, *a):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/" + self.game_id, "/view"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(self.page)))
            self.end_headers()
            self.wfile.write(self.page)
        elif path == "/events/" + self.game_id:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            for s in self.states:
                self.wfile.write(("data: " + s + "\n\n").encode())
                self.wfile.flush()
                time.sleep(0.003)
        else:
            self.send_error(404)


def t_blitz_live(b, n, spawns, states):
    live = os.path.join(OUT, "blitz-live.html")
    view.render_live("blitz", live)
    Events.page = open(live, "rb").read()
    Events.game_id = "liv3game"
    Events.states = [blitz_json(n, spawns, st, Events.game_id, i == len(states) - 1) for i, st in enumerate(states)]
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Events)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    mines_order = [c for c in range(n * n) if states[0][3][2 * c] == "$"]
    try:
        for url in ("/" + Events.game_id, "/view?game=" + Events.game_id):
            b.errors.clear()
            b.open("http://127.0.0.1:%d%s" % (srv.server_address[1], url))
            end = time.time() + 20
            frame = None
            while time.time() < end:
                frame = b.eval("document.body.dataset.frame")
                if frame == str(len(states) - 1):
                    break
                time.sleep(0.1)
            check(frame == str(len(states) - 1), "blitz live %s: followed the stream to frame %s of %d" % (url, frame, len(states) - 1))
            check_blitz_frame(b, "blitz live", len(states) - 1, states[-1], mines_order)
            st = text(b, "#status")
            check(st is not None and "finished" in st, "blitz live: status %r" % st)
            time.sleep(0.5)  # a reconnection would append frames again
            check(b.eval("D.frames.length") == len(states), "blitz live: %d frames, none twice" % len(states))
            b.key("Home")
            check(b.eval("document.body.dataset.frame") == "0", "blitz live: Home steps back to frame 0")
            no_errors(b, "blitz live")
    finally:
        srv.shutdown()
        srv.server_close()


def read_line(stream, timeout):
    """The next line of a child's pipe, or None after timeout seconds."""
    got = []
    th = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    th.start()
    th.join(timeout)
    return got[0] if got else None


def final_event(base, game_id):
    """The last state the server's event stream sends for a finished game."""
    with urllib.request.urlopen(base + "/events/" + game_id, timeout=15) as r:
        body = r.read().decode()
    data = [ln[6:] for ln in body.split("\n") if ln.startswith("data: ")]
    return json.loads(data[-1]) if data else None


def t_blitz_server(b):
    """The live page as build/blitz-server serves it: four bots play an arena
    game on loopback while the page, opened at the viewUrl a bot prints, draws
    the states as they arrive and ends on the final state."""
    gid = "viewlive01"
    viewer = build("blitz-viewer.html")
    procs = []
    try:
        srv = subprocess.Popen([build("blitz-server"), "--port", "0", "--arena", gid, "--turns", "30", "--quiet",
                                "--viewer", viewer], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(srv)
        line = read_line(srv.stdout, 10) or ""
        m = re.match(r"listening on (http://127\.0\.0\.1:\d+)", line)
        check(m is not None, "blitz server: listening on loopback (%r)" % line.strip())
        if not m:
            return
        base = m.group(1)
        bots = ["blitz", "blitz-miner", "blitz-hunter", "blitz-random"]
        for i, name in enumerate(bots):
            procs.append(subprocess.Popen([build(name), "--server", base, "--key", "k%d" % (i + 1), "--arena", gid,
                                           "--quiet"] + (["--think-ms", "40"] if name == "blitz" else []),
                                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
        url = (read_line(procs[1].stdout, 20) or "").strip()
        check(url == "%s/view/%s?game=%s" % (base, gid, gid), "blitz server: the bot prints the viewer's viewUrl %r" % url)
        if not url.startswith(base + "/"):
            return
        b.errors.clear()
        b.open(url)
        seen = []  # (frames held, turn shown, status) while the game runs
        end = time.time() + 90
        while time.time() < end:
            seen.append(b.eval("[D.frames.length, D.frames.length ? D.frames[V.frame].turn : -1, $('status').textContent]"))
            if "finished" in seen[-1][2]:
                break
            time.sleep(0.15)
        live = [s for s in seen if "live" in s[2]]
        grew = sorted(set(s[0] for s in live))
        check(len(grew) >= 3 and seen[-1][0] > grew[0],
              "blitz server: the page drew states as they arrived (%d distinct frame counts while live, %d polls, then %s)"
              % (len(grew), len(seen), seen[-1]))
        for p in procs[1:]:
            try:
                p.wait(timeout=max(1, end - time.time()))
            except subprocess.TimeoutExpired:
                pass
        codes = [p.poll() for p in procs[1:]]
        check(codes == [0, 0, 0, 0], "blitz server: the four bots finished the game (exit codes %s)" % codes)
        fin = final_event(base, gid)
        g = fin and fin.get("game", fin)
        check(bool(g) and g.get("finished") is True, "blitz server: /events/%s ends on a finished state" % gid)
        if not g:
            return
        shown = b.eval("[D.frames[V.frame].turn, V.frame === D.frames.length - 1, $('status').textContent]")
        check(shown[0] == g["turn"] and shown[1] and "finished" in shown[2],
              "blitz server: the page ends on the final turn %d (shows %s)" % (g["turn"], shown))
        gold = b.eval("[1,2,3,4].map((k) => +document.getElementById('hero-' + k).dataset.gold)")
        want = [h["gold"] for h in g["heroes"]]
        check(gold == want, "blitz server: the heroes' gold drawn %s is the final state's %s" % (gold, want))
        turns = b.eval("D.frames.map((f) => f.turn)")
        check(all(x < y for x, y in zip(turns, turns[1:])), "blitz server: %d frames, turns strictly rising" % len(turns))
        no_errors(b, "blitz server")
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()


# ---- get1000 -------------------------------------------------------------

def t_get1000(b):
    trace = os.path.join(OUT, "get1000.txt")
    if not run_referee([build("get1000-referee"), "match", "--seed", "5", "--trace", trace, "--",
                        build("get1000"), build("get1000-ev")], trace):
        return
    lines = open(trace).read().splitlines()
    # independent replay of the placements: seat -> name, grids by name
    k = 17  # the 18th roll: the end of the second round
    rolls = 0
    grids = {}
    value = None
    winners = []
    wins_before = {}
    seat_name = {}
    for ln in lines:
        w = ln.split()
        if w[0] == "ROLL":
            rolls += 1
            if rolls > k + 1:
                break
            value = int(w[2])
            if (rolls - 1) % 9 == 0:
                grids = {}
        elif w[0] == "PLACE":
            seat_name[int(w[1])] = w[2]
            grids.setdefault(w[2], {"HUNDREDS": [], "TENS": [], "ONES": []})[w[3]].append(value)
        elif w[0] == "ROUND":
            wins = [int(x) for x in w[3:]]
            if rolls == k + 1:
                winners = sorted(seat_name[s] for s in range(len(wins)) if wins[s] > wins_before.get(s, 0))
            wins_before = dict(enumerate(wins))
    page(b, trace, "get1000", k)
    ok = True
    for name, g in sorted(grids.items()):
        i = int(name[1:])
        for col, letter in (("HUNDREDS", "H"), ("TENS", "T"), ("ONES", "O")):
            cells = [text(b, "#g-p%d-%s%d" % (i, letter, r)) for r in range(3)]
            ok = ok and cells == [str(v) for v in g[col]]
        total = 100 * sum(g["HUNDREDS"]) + 10 * sum(g["TENS"]) + sum(g["ONES"])
        ok = ok and text(b, "#sum-p%d" % i) == str(total) and text(b, "#dist-p%d" % i) == str(abs(1000 - total))
    check(ok and len(grids) == 2, "get1000 frame %d: both grids, sums and distances are the trace's" % k)
    check(text(b, "#roll") == str(value), "get1000 frame %d: roll value %s" % (k, value))
    got = b.eval("document.getElementById('winner').dataset.winners")
    want = ",".join(str(int(nm[1:])) for nm in winners)
    check(got == want, "get1000 frame %d: round winner(s) %r (trace: %r)" % (k, got, want))
    no_errors(b, "get1000")
    shot(b, "get1000")


# ---- gameofdrones --------------------------------------------------------

def t_gameofdrones(b):
    trace = os.path.join(OUT, "gameofdrones.txt")
    if not run_referee([build("gameofdrones-referee"), "match", "--rounds", "40", "--seed", "3", "--trace", trace,
                        "--", "dist", "random"], trace):
        return
    lines = open(trace).read().splitlines()
    k = 5
    rounds = [i for i, ln in enumerate(lines) if ln.startswith("R ")]
    start = rounds[k - 1] + 1
    tl = [ln.split() for ln in lines[start:rounds[k]] if ln.startswith("T ")]
    r = lines[rounds[k]].split()
    page(b, trace, "gameofdrones", k)
    n = b.eval("document.querySelectorAll('#turns tr[id^=turn-]').length")
    check(n == len(tl), "gameofdrones frame %d: %d turns drawn (trace: %d)" % (k, n, len(tl)))
    act = text(b, "#turn-1 .act-p0")
    want = "%s %s%s" % (tl[0][7], tl[0][8], " ATTACK" if tl[0][9] == "1" else "")
    check(act == want, "gameofdrones frame %d: player 0's first answer %r (trace %r)" % (k, act, want))
    out = b.eval("document.getElementById('outcome').dataset.outcome")
    check(out == r[2], "gameofdrones frame %d: round outcome %s (trace %s)" % (k, out, r[2]))
    no_errors(b, "gameofdrones")
    shot(b, "gameofdrones")


# ---- tictactoe -----------------------------------------------------------

def t_tictactoe(b):
    trace = os.path.join(OUT, "tictactoe.txt")
    if not run_referee([build("tictactoe-referee"), "match", "--seed", "3", "--trace", trace, "--",
                        build("tictactoe"), build("tictactoe-random")], trace):
        return
    lines = open(trace).read().splitlines()
    moves = [ln.split() for ln in lines if ln.startswith("MOVE ")]
    end = lines[-1].split()
    # independent replay: the board after move k (k = the last move, the result shows)
    k = len(moves)
    marks = {}
    for m in moves[:k]:
        marks["%s-%s" % (m[2], m[3])] = "XO"[int(m[1])]
    page(b, trace, "tictactoe", k)
    drawn = b.eval("Object.fromEntries([...document.querySelectorAll('g[id^=cell-]')].map((g) => [g.id.slice(5), g.dataset.mark]))")
    want = {"%d-%d" % (r, c): marks.get("%d-%d" % (r, c), "") for r in range(3) for c in range(3)}
    check(drawn == want, "tictactoe frame %d: the marks drawn are the trace's (%s)" % (k, drawn))
    last = b.eval("[...document.querySelectorAll('g[id^=cell-]')].filter((g) => g.dataset.last === '1').map((g) => g.id.slice(5))")
    check(last == ["%s-%s" % (moves[k - 1][2], moves[k - 1][3])], "tictactoe frame %d: the move just played %s" % (k, last))
    ok = True
    for p in (0, 1):
        mine = [m for m in moves[:k] if m[1] == str(p)]
        if mine:
            ok = ok and text(b, "#cmd-p%d .cmd" % p) == "%s %s" % (mine[-1][2], mine[-1][3])
            ok = ok and abs(float(text(b, "#cmd-p%d .think" % p)) - float(mine[-1][4])) < 0.006
            ok = ok and abs(float(text(b, "#p%d-think" % p)) - sum(float(m[4]) for m in mine)) < 0.01
    check(ok, "tictactoe frame %d: each player's last command and think time (%s)" % (k, [m[1:] for m in moves[-2:]]))
    res = b.eval("document.getElementById('result').dataset.result")
    check(res == " ".join(end[1:]), "tictactoe frame %d: result %r (trace %r)" % (k, res, lines[-1]))
    # pixels, one move before the end (no winning line drawn over the marks): each mark in its
    # seat's colour (X's strokes cross at the cell's centre, O's ring passes left of it)
    b.key("ArrowLeft")
    before = {"%s-%s" % (m[2], m[3]): "XO"[int(m[1])] for m in moves[:k - 1]}
    ok = bool(before) and b.eval("document.body.dataset.frame") == str(k - 1)
    for cell, mk in before.items():
        x, y, w = center(b, "#cell-" + cell + " rect")
        px = b.pixel(x, y) if mk == "X" else b.pixel(x - 32, y)
        ok = ok and near(px, COLORS["XO".index(mk)], 30)
    check(ok, "tictactoe frame %d: X in seat 0's colour, O in seat 1's (%s)" % (k - 1, before))
    b.key("Home")
    empty = b.eval("[...document.querySelectorAll('g[id^=cell-]')].every((g) => g.dataset.mark === '')")
    b.key("ArrowRight")
    one = b.eval("[...document.querySelectorAll('g[id^=cell-]')].map((g) => g.dataset.mark).join('')")
    check(empty and one == "X", "tictactoe: Home shows the empty board, Right the first X (%r)" % one)
    b.eval("show(%d)" % k)
    no_errors(b, "tictactoe")
    shot(b, "tictactoe")

# ---- every game: stderr, the score graph, hover details, the players' names --

def unesc(t):
    return re.sub(r"\\(n|t|\\)", lambda m: {"n": "\n", "t": "\t", "\\": "\\"}[m.group(1)], t)


def extras(b, game, trace, names):
    """Opens trace's page with the arena's names at the first frame with
    standard error in the referee's sidecar (TRACE.stderr); checks that
    frame's stderr cells against the sidecar, the score graph (a line a
    player, the bar's frame score), a hover box, the names; screenshot."""
    side = trace + ".stderr"
    if not os.path.isfile(side):
        check(False, "%s: the referee wrote the stderr sidecar %s" % (game, os.path.relpath(side, REPO)))
        return
    entries = [w for w in (ln.split(" ", 2) for ln in open(side, encoding="utf-8").read().splitlines())
               if len(w) >= 2 and w[1].isdigit()]  # stderr entries (OFFSET T P MS: think times)
    with open(trace, "rb") as f:
        data = view.parse(f.read(), None, open(side, encoding="utf-8").read(), names)
    k = next((i for i, f in enumerate(data["frames"]) if f.get("stderr")), None)
    check(k is not None and len(entries) > 0, "%s: the sidecar's %d entries give frames stderr (first: frame %s)" % (game, len(entries), k))
    if k is None:
        return
    html = os.path.join(OUT, game + "-extras.html")
    view.render(trace, html, names=names)
    b.errors.clear()
    b.open("file://" + html + "#f=%d" % k)
    want = {p: unesc(t) for p, t in data["frames"][k]["stderr"].items()}
    got = {str(p): b.eval("document.querySelector('#cmd-p%d .stderr pre').textContent" % int(p)) for p in want}
    first = unesc(entries[0][2]) if len(entries[0]) > 2 else ""
    check(got == want and any(first in t for t in got.values()),
          "%s frame %d: each player's stderr shown is the sidecar's (%r)" % (game, k, {p: t[:50] for p, t in got.items()}))
    cmds = [c for f in data["frames"] for c in f["cmds"]]
    think = b.eval("[...document.querySelectorAll('#cmds td.think')].map((e) => e.textContent).join('|')")
    if game != "blitz":  # blitz's server keeps a move's think time to itself (totals only)
        check(cmds and all(c[3] is not None for c in cmds) and any(t.strip() for t in think.split("|")),
              "%s: every answer has its think time (%d commands; frame %d shows %r)" % (game, len(cmds), k, think))
    lines = b.eval("document.querySelectorAll('#graph-svg polyline.score-line').length")
    score = b.eval("document.getElementById('graph').dataset.score")
    check(lines == len(data["players"]) and score == ",".join(str(v) for v in data["frames"][k]["score"]),
          "%s frame %d: the score graph has a line a player (%s) and marks the frame's score %s" % (game, k, lines, score))
    tip = b.eval("(() => { const e = document.querySelector('#board [data-tip]'); if (!e) return null;"
                 " e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true, clientX: 50, clientY: 50}));"
                 " const t = document.getElementById('tip'); return [t.style.display, t.textContent]; })()")
    check(tip is not None and tip[0] == "block" and tip[1], "%s: hovering the board shows details (%r)" % (game, tip))
    legend = text(b, "#players")
    check(all(n in legend for n in names), "%s: the players are named %s (legend %r)" % (game, names, legend))
    no_errors(b, game + " extras")
    shot(b, game)


def t_extras(b):
    """The six games: each referee's trace of a known game (seed, bots) with
    the bots' stderr recorded, then extras()."""
    runs = [
        ("spring2021", ["spring2021-referee", "match", "--seed", "11"], [build("spring2021"), build("spring2021-greedy")], ["dist", "greedy"]),
        ("greencircle", ["greencircle-referee", "match", "--seed", "3"], [build("greencircle"), build("greencircle-greedy")], ["dist", "greedy"]),
        ("blitz", ["blitz-referee", "match", "--seed", "3", "--turns", "20"],
         [build("blitz"), build("blitz-random"), build("blitz-random"), build("blitz-random")], ["dist", "random", "random#2", "random#3"]),
        ("get1000", ["get1000-referee", "match", "--seed", "5"], [build("get1000"), build("get1000-ev")], ["dist", "ev"]),
        ("gameofdrones", ["gameofdrones-referee", "match", "--rounds", "20", "--seed", "3"],
         ["dist", "tee /dev/stderr | %s tests/gameofdrones/cmdbot.py" % sys.executable], ["dist", "zerg"]),
        ("tictactoe", ["tictactoe-referee", "match", "--seed", "3"], [build("tictactoe"), build("tictactoe-random")], ["dist", "random"]),
    ]
    for game, args, bots, names in runs:
        trace = os.path.join(OUT, game + "-extras.trace")
        if not run_referee([build(args[0])] + args[1:] + ["--trace", trace, "--"] + bots, trace):
            continue
        extras(b, game, trace, names)
        if game == "blitz":  # our hero (named "dist") is marked
            mark = b.eval("[...document.querySelectorAll('g[id^=hero-]')].map((g) => g.dataset.ours).join('')")
            check(mark == "1000" and "ours" in (text(b, "#hrow-1") or ""), "blitz: our hero is marked (%r)" % mark)


# ---- cgref: a CodinGame referee's trace (tools/cgref), recorded ------------

def t_cgref(b):
    """The cgref traces of tests/data/cgref (our Java tic-tac-toe referee run
    by build/cgref-referee; GAME tictactoe, yet the cgref page): a turn's
    question, answer, think time and stderr, the final scores as dots on the
    score graph, the timeout and deactivation in red, a hover box."""
    root = os.path.join(REPO, "tests", "data", "cgref")
    trace = os.path.join(root, "tictactoe-seed3.trace")
    with open(trace, "rb") as f:
        data = view.parse(f.read())
    html = os.path.join(OUT, "cgref.html")
    view.render(trace, html, names=["dist", "random"])
    b.errors.clear()
    b.open("file://" + html + "#f=1")
    f1 = data["frames"][1]
    ask = text(b, "#cg .ask")
    got = [text(b, "#cmd-p0 .cmd"), text(b, "#cmd-p0 .think"), text(b, "#cmd-p0 .stderr pre")]
    want = [f1["cmds"][0][1], "%.2f" % f1["cmds"][0][3], unesc(f1["stderr"]["0"])]
    check(ask == "turn 1: dist asked for 1 line, limit 1000 ms" and got == want,
          "cgref frame 1: the question (%r), seat 0's answer, think time and stderr %s" % (ask, got))
    b.key("End")
    dots = b.eval("document.querySelectorAll('#graph-svg circle.score-dot').length")
    score = b.eval("document.getElementById('graph').dataset.score")
    check(dots == 2 and score == "1,0", "cgref: the final scores on the graph (%s dots, %r)" % (dots, score))
    tip = b.eval("(() => { const e = document.querySelector('#board [data-tip]'); if (!e) return null;"
                 " e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true, clientX: 50, clientY: 50}));"
                 " return document.getElementById('tip').textContent; })()")
    check(tip == "ASK 5 0 1 100", "cgref: hovering a question shows its trace line (%r)" % tip)
    no_errors(b, "cgref")
    shot(b, "cgref")
    html = os.path.join(OUT, "cgref-timeout.html")
    view.render(os.path.join(root, "tictactoe-timeout.trace"), html)
    b.open("file://" + html + "#f=4")
    bad = b.eval("[...document.querySelectorAll('#cg .bad')].map((e) => e.textContent)")
    check(bad and bad[0].startswith("NOANSWER 1 ") and bad[-1].endswith("bots.py sleep timeout") and
          text(b, "#cmd-p1 .cmd") == "NOANSWER timeout",
          "cgref: the timeout and the deactivation, the nickname token read as the name (%r)" % bad)
    no_errors(b, "cgref timeout")


# ---- a new game, added by following README "Adding a game" ----------------

NEW = "nimbus"  # the new game's name: no game of the repository has it


def readme_step_one():
    """The shell lines of README "Adding a game", step 1 (the template's copy)."""
    text_ = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    sec = text_[text_.index("## Adding a game"):]
    step = sec[sec.index("1. **Copy the template"):sec.index("\n2. ")]
    return [ln.strip() for ln in step.splitlines() if ln.startswith("       ") and ln.strip()]


def t_new_game(b):
    """Copies the repository's top-level files, modules and the template into
    build/view/newgame/ (not the repository), runs README step 1 there with
    the game named NEW, builds its bot, sparring bot and referee, plays a
    game with a trace, and opens its replay page: the drawing that came
    with the copy, then (its view.py and view.js removed) the generic page.
    Each must open at a frame, step with the keys and log no JS error."""
    root = os.path.join(OUT, "newgame")
    subprocess.run(["rm", "-rf", root], check=True)
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    keep = [f for f in files if f and (("/" not in f) or f.startswith(("modules/", "tools/", "games/tictactoe/", "tests/tictactoe/",
                                                                     "tests/fuzz/", "tests/arena/"))
                                       or f in ("tests/suites.py", "tests/pyunit.py", "tests/testhelp.h"))]
    for f in keep:
        if os.path.isfile(os.path.join(REPO, f)):
            os.makedirs(os.path.dirname(os.path.join(root, f)), exist_ok=True)
            subprocess.run(["cp", "-p", os.path.join(REPO, f), os.path.join(root, f)], check=True)
    t0 = time.time()
    steps = readme_step_one()
    ok = len(steps) >= 3
    for line in steps:
        line = line.replace("mygame", NEW).replace("MYGAME", NEW.upper()).replace("MYG_", "NMB_")
        if line.startswith("make"):  # the README's `make && make test-... && ./arena.py ...`: the parts this test needs
            line = "make -s -j2 build/%s build/%s-random build/%s-referee" % (NEW, NEW, NEW)
        r = subprocess.run(line, shell=True, cwd=root, capture_output=True, text=True, timeout=1200)
        ok = ok and r.returncode == 0
        if r.returncode:
            check(False, "new game: %r failed: %s" % (line, (r.stdout + r.stderr)[-300:]))
            return
    check(ok, "new game: README step 1 ran in build/view/newgame (%d commands, %.0f s): %s" % (len(steps), time.time() - t0, steps[:2]))
    trace = os.path.join(root, "g.trace")
    if not run_referee([os.path.join(root, "build", NEW + "-referee"), "match", "--seed", "4", "--trace", trace, "--",
                        os.path.join(root, "build", NEW), os.path.join(root, "build", NEW + "-random")], trace):
        return
    first = open(trace).readline().strip()
    check(first == NEW.upper() + "_TRACE 1", "new game: the trace's header names the game (%r)" % first)
    for kind in ("drawing", "generic"):
        if kind == "generic":
            for f in ("view.py", "view.js"):
                os.remove(os.path.join(root, "games", NEW, f))
        r = subprocess.run([sys.executable, os.path.join(root, "view.py"), trace, "-o", os.path.join(root, kind + ".html"),
                            "--names", "dist,random"], capture_output=True, text=True)
        check(r.returncode == 0, "new game, %s page: view.py wrote it (%s)" % (kind, r.stderr.strip()[-200:]))
        if r.returncode:
            continue
        b.errors.clear()
        b.open("file://" + os.path.join(root, kind + ".html") + "#f=2")
        at2 = b.eval("document.body.dataset.frame")
        b.key("ArrowRight")
        at3 = b.eval("document.body.dataset.frame")
        b.key("End")
        n = b.eval("D.frames.length")
        end = b.eval("document.body.dataset.frame")
        title = b.eval("document.title")
        check(at2 == "2" and at3 == "3" and end == str(n - 1) and NEW in title,
              "new game, %s page: opens at frame 2, steps to 3, End to %s of %s frames (%r)" % (kind, end, n, title))
        b.key("Home")
        rows = b.eval("[...Array(D.frames.length).keys()].some((k) => { show(k); return [...document.querySelectorAll('#cmds td.stderr pre')].some((e) => e.textContent); })")
        check(rows, "new game, %s page: some frame shows a bot's stderr" % kind)
        if kind == "generic":
            lines = b.eval("show(1), document.getElementById('lines').textContent")
            check(lines.startswith("MOVE "), "new game, generic page: frame 1 shows its trace line (%r)" % lines)
        no_errors(b, "new game, %s page" % kind)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("--only", help="comma-separated test functions (t_extras,t_new_game): those alone")
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    try:
        b = cdp.Browser(a.chromium, width=1200, height=900)
    except (OSError, cdp.CDPError) as e:
        check(False, "start %s: %s (install Debian's chromium)" % (a.chromium, e))
        return check.close()
    try:
        tests = (t_spring2021, t_greencircle, t_blitz, t_blitz_server, t_get1000, t_gameofdrones, t_tictactoe,
                 t_extras, t_cgref, t_new_game)
        for t in [t for t in tests if not a.only or t.__name__ in a.only.split(",")]:
            try:
                t(b)
            except (cdp.CDPError, OSError, ValueError, KeyError, IndexError, TypeError) as e:
                check(False, "%s: %s: %s" % (t.__name__, type(e).__name__, e))
    finally:
        b.close()
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
