#!/usr/bin/env python3
"""view.py -- turns a game trace into one self-contained HTML replay page.

    ./view.py TRACE -o FILE.html [--game GAME] [--title TEXT] [--names A,B]
    ./view.py --live blitz -o PAGE.html

TRACE is a trace of any game under games/, or a cgref trace. The game is
found from the first line (or forced with --game): `NAME_TRACE ...` or
`GAME NAME ...` names the folder games/NAME/; else the game whose view.py
lists a HEADERS prefix of the line (blitz: BLITZ2016-TRACE, or JSON lines).
That folder's view.py parses the trace (game_module) and its view.js draws
a frame (game_js); a game with neither gets the generic page
(parse_generic, JS_GENERIC: each frame's trace lines). The referee core's
sidecar TRACE.stderr (the bots' standard error, `OFFSET P TEXT` lines) is
merged in as `STDERR P TEXT` lines after the frame they belong to
(merge_stderr, stderr_line).

A cgref trace (first line `CGREF_TRACE 1`: a CodinGame referee played by
tools/cgref, `arena.py NAME --official CLONE`; the format is described at
the top of tools/cgref/src/cgref/Main.java) always goes to the cgref reader
(CgrefReader, JS_CGREF), whatever game its GAME line names, ours included:
a frame is one referee turn (frame 0: the header, LIMITS and the init
summary), shown as its questions (input and answer lines, think time, no
answer), summary and tooltip lines; ERR lines give "stderr", the final
SCORE lines the last frame's "score"; data["format"] is "cgref".

The page holds its data, script and style inline (no network, opens from
disk): step, play/pause and scrub controls, arrow keys (Left/Right step,
Space plays, Home/End), the frame number, each player's command, message,
think time (the trace's, or the sidecar's `OFFSET T P MS` entries: fill_think)
and stderr, a score-over-time graph
(frames with "score"), hover details (elements with data-tip), and the
game's board. The URL hash `#f=N` opens frame N. --names replaces the
players' names (one a seat); without it, TRACE.names (the arena writes the
bots' names there, one a line) when it sits beside the trace.

`--live blitz` writes a page with no data that, served by the blitz server at
a game's viewUrl (`/<id>`, or any path with `?game=ID`), reads server-sent
events from `/events/<id>` (one `data:` line per state JSON) and draws the
states as they arrive.

Importable: render(trace_path, out_path) writes the page, parse(text) returns
the data dict {game, players, static, frames, version, and "format" for a
cgref trace}; ViewError is raised on a bad trace, never another exception.
Invariants: standard library only; every frame of a parsed trace has a
"cmds" list of [player, command, message, think_ms or None]; the page's
JavaScript draws a frame from that frame's data alone (plus "static"); a
game's files are loaded only from games/<name>/ with a plain name, and
never for a cgref trace.
"""
import argparse
import importlib.util
import json
import os
import re
import sys

VERSION = 1


class ViewError(Exception):
    """A trace that cannot be read: the message says where and why."""


def short_name(cmd):
    """A bot's command line as a short name: the base name of the program
    and of each argument that is a path ("/x/build/greencircle-greedy" ->
    "greencircle-greedy", "python3 /x/bots/spread.py" -> "python3 spread.py")."""
    toks = cmd.split()
    if not toks:
        return cmd
    return " ".join(os.path.basename(t) if "/" in t.rstrip("/") else t for t in toks)[:40]


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


def stderr_line(frames, w, line):
    """A `STDERR P TEXT` line (view.py merges the referee core's TRACE.stderr
    sidecar into the trace as such lines, each after the frame it belongs
    to) adds TEXT to the last frame's "stderr" of player P; a `THINK P MS`
    line of the same sidecar goes to the frame's "think" (fill_think gives
    it to a command). True if it was either."""
    if w[0] == "THINK" and len(w) == 3:  # a think time of the sidecar: fill_think places it
        if frames and re.fullmatch(r"\d+", w[1]) and re.fullmatch(r"\d+(\.\d+)?", w[2]):
            frames[-1].setdefault("think", []).append((int(w[1]), float(w[2])))
        return True
    if w[0] != "STDERR" or len(w) < 2:
        return False
    if re.fullmatch(r"\d+", w[1]):
        text = line.split(None, 2)[2] if len(w) > 2 else ""
        add_stderr(frames[-1] if frames else _early, w[1], text)
    return True


def first_trace_line(lines):
    """The trace's first line that is not blank and not a bot's stderr (the
    sidecar's STDERR lines, merged in before the frame they follow, come
    first when a bot wrote before the first state); "" when none."""
    return next((ln for ln in lines if ln.strip() and not ln.startswith(("STDERR ", "THINK "))), "")


def fill_think(frames):
    """Gives the sidecar's think times (each frame's "think": (player, ms) in
    answer order) to the commands that have none: player P's k-th such time
    goes to P's next command without a think time, in that frame or a later
    one (a game may write an answer's line after the next frame's start)."""
    pending = {}
    for f in frames:
        for p, ms in f.pop("think", ()):
            pending.setdefault(p, []).append(ms)
        for c in f.get("cmds", ()):
            if c[3] is None and pending.get(c[0]):
                c[3] = pending[c[0]].pop(0)


_early = {}  # stderr before the first frame: parse() gives it to frame 0


def add_stderr(frame, p, text):
    err = frame.setdefault("stderr", {})
    err[p] = (err[p] + "\\n" if p in err else "") + text


def merge_stderr(raw, side):
    """The trace's lines with the sidecar's `OFFSET P TEXT` lines put in as
    `STDERR P TEXT`, and its think times `OFFSET T P MS` as `THINK P MS`,
    before the first trace line that starts at OFFSET bytes or later (the
    referee writes OFFSET just after a frame's lines, or at the answer)."""
    entries = []
    for ln in side.splitlines():
        w = ln.split(" ", 2)
        if len(w) >= 2 and w[0].isdigit() and w[1].isdigit():
            entries.append((int(w[0]), len(entries), "STDERR %s %s" % (w[1], w[2] if len(w) > 2 else "")))
        elif len(w) == 3 and w[0].isdigit() and w[1] == "T" and re.fullmatch(r"\d+ \d+(\.\d+)?", w[2]):
            entries.append((int(w[0]), len(entries), "THINK " + w[2]))
    entries.sort()
    out = []
    pos = k = 0
    for ln in raw.split(b"\n"):
        while k < len(entries) and entries[k][0] <= pos:
            out.append(entries[k][2])
            k += 1
        out.append(ln.decode("utf-8", "replace"))
        pos += len(ln) + 1
    out.extend(e[2] for e in entries[k:])  # past the end (a cut trace)
    return out


# ---- the generic page: any game without a parser of its own --------------

def parse_generic(lines, game):
    """Frames of any trace that follows the referee core's shape (README
    "Adding a game"): header lines (the first, SEED, BOT P CMD) make frame 0;
    every other line is a frame: its state line, and when it reads `WORD P
    ARGS... [MS]` (P a seat), player P's command `WORD ARGS` with think time MS
    (a number with a decimal point); ERROR P KIND DETAIL is P's error; END
    ends the game; STDERR lines go to the frame before them."""
    players = []
    frames = [{"lines": [], "cmds": [], "label": "start"}]
    for where, line, w in trace_words(lines):
        if stderr_line(frames, w, line):
            continue
        if w[0] == "BOT" and len(w) >= 2 and w[1].isdigit() and int(w[1]) < 16:
            p = int(w[1])
            players.extend("player %d" % k for k in range(len(players), p + 1))
            players[p] = short_name(line.split(None, 2)[2] if len(w) > 2 else "")
        if len(frames) == 1 and (w[0] in ("SEED", "BOT") or where == "line 1"):
            frames[0]["lines"].append(line)
            continue
        f = {"lines": [line], "cmds": [], "label": line[:60]}
        if len(w) >= 2 and w[1].isdigit() and int(w[1]) < max(len(players), 1):
            args, ms = w[2:], None
            if args and re.fullmatch(r"-?\d+\.\d*", args[-1]) and w[0] != "ERROR":
                ms = float(args[-1])
                args = args[:-1]
            f["cmds"].append([int(w[1]), " ".join([w[0]] + args), "", ms])
        frames.append(f)
    if not players:
        players = ["player 0", "player 1"]
    return {"game": game, "players": players, "static": {}, "frames": frames}


JS_GENERIC = r"""
const GAME = (() => {
  function init() {
    $('board').innerHTML = '<div style="padding:10px;max-width:560px"><div class="small">no drawing for this game ' +
      '(games/' + esc(D.game) + '/view.js): each frame\'s trace lines</div><pre id="lines"></pre></div>';
  }
  function draw(f) { $('lines').textContent = (f.lines || []).join('\n'); }
  return {init, draw};
})();
"""


# ---- cgref traces: any CodinGame referee run by tools/cgref ----------------

CGREF_HEADER = "CGREF_TRACE"
CGREF_MAX_PLAYERS = 8  # cgref plays 1 to 8 bots
CGREF_HEAD = ("GAME", "REFEREE", "SEED", "LEAGUE", "BOT")


def cgref_int(where, tok, lo=0):
    """tok as an int >= lo, else ViewError."""
    if not re.fullmatch(r"-?\d{1,20}", tok) or int(tok) < lo:
        raise ViewError("%s: %r is not a whole number%s" % (where, tok, " >= %d" % lo if lo >= 0 else ""))
    return int(tok)


def cgref_string(where, text):
    """The string an ERR or FAIL line carries as JSON, else ViewError."""
    try:
        s = json.loads(text)
    except (ValueError, RecursionError):
        s = None
    if not isinstance(s, str):
        raise ViewError("%s: not a JSON string: %r" % (where, text[:60]))
    return s


class CgrefReader:
    """Reads a cgref trace (the format is described at the top of
    tools/cgref/src/cgref/Main.java) into the page's data: frame 0 holds the
    header, LIMITS and the init summary (SUMMARY 0); then one frame per
    referee turn (its ASK blocks, SUMMARY and TOOLTIP lines); END, SCORE,
    DEACTIVATED and FAIL go on the last frame. A frame's "lines" are its
    trace lines but ERR (stderr: "stderr", decoded) and FAIL (its JSON
    decoded); "cmds" holds each answer asked for: [player, first answer
    line, further lines joined by " | ", think ms], or "NOANSWER timeout|eof".
    Invariant: self.ask is the open question (its TIME or NOANSWER not read
    yet) of the last frame, or None."""

    def __init__(self):
        self.names, self.scores, self.n = {}, {}, 1
        self.static = {"seed": None, "league": None, "limits": None, "turns": None, "fail": None}
        self.game, self.ask, self.ended, self.started = "cgref", None, False, False
        self.frames = [{"lines": [], "cmds": [], "label": "start", "turn": 0}]

    def player(self, where, tok):
        p = cgref_int(where, tok)
        if p >= CGREF_MAX_PLAYERS:
            raise ViewError("%s: player %d (cgref plays at most %d)" % (where, p, CGREF_MAX_PLAYERS))
        self.n = max(self.n, p + 1)
        return p

    def turn(self, where, tok):
        """The frame of turn tok (a new one when the turn is later)."""
        t, f = cgref_int(where, tok), self.frames[-1]
        if t < f["turn"]:
            raise ViewError("%s: turn %d after turn %d" % (where, t, f["turn"]))
        if t > f["turn"]:
            self.frames.append({"lines": [], "cmds": [], "label": "turn %d" % t, "turn": t})
        return self.frames[-1]

    def closed(self, where, line):
        if self.ask is not None:
            raise ViewError("%s: %r before the answer to the question above (TIME or NOANSWER)" % (where, line[:40]))
        if self.ended:
            raise ViewError("%s: %r after the end" % (where, line[:40]))

    def header(self, where, tag, rest):
        if self.started:
            raise ViewError("%s: header line %s after the game started" % (where, tag))
        if tag == "GAME":
            self.game = rest.strip() or "cgref"
        elif tag in ("SEED", "LEAGUE"):
            self.static[tag.lower()] = rest.strip()
        elif tag == "BOT":
            w = rest.split(None, 1)
            self.names[self.player(where, w[0] if w else "")] = short_name(w[1] if len(w) > 1 else "")

    def question(self, where, w, line):
        """ASK turn p nlines limit."""
        self.closed(where, line)
        if len(w) != 5:
            raise ViewError("%s: ASK wants turn, player, lines and limit: %r" % (where, line[:60]))
        f, self.started = self.turn(where, w[1]), True
        self.ask = {"p": self.player(where, w[2]), "want": cgref_int(where, w[3]), "answer": []}
        cgref_int(where, w[4])
        f["lines"].append(line)

    def answer_line(self, where, line):
        """An input line ("> ") or an answer line ("< ") of the open question."""
        a = self.ask
        if a is None or line[0] == ">" and a["answer"]:
            raise ViewError("%s: %r outside a question" % (where, line[:40]))
        if line[0] == "<":
            a["answer"].append(line[2:])
        self.frames[-1]["lines"].append(line)

    def answered(self, where, w, line):
        """TIME p ms or NOANSWER p ms timeout|eof: closes the question."""
        a, f = self.ask, self.frames[-1]
        if a is None or len(w) != (3 if w[0] == "TIME" else 4) or self.player(where, w[1]) != a["p"]:
            raise ViewError("%s: %r does not close the question above" % (where, line[:60]))
        if not re.fullmatch(r"\d{1,12}(\.\d*)?", w[2]) or w[0] == "NOANSWER" and w[3] not in ("timeout", "eof"):
            raise ViewError("%s: bad %s line %r" % (where, w[0], line[:60]))
        ms = float(w[2])
        if a["want"] > 0 and w[0] == "TIME":
            ans = a["answer"] or [""]
            f["cmds"].append([a["p"], ans[0], " | ".join(ans[1:]), ms])
        elif a["want"] > 0:
            f["cmds"].append([a["p"], "NOANSWER " + w[3], "", ms])
        self.ask = None
        f["lines"].append(line)

    def stderr(self, where, w, line):
        """ERR p "json": the bot's stderr, kept as add_stderr keeps it (\\n escaped)."""
        if len(w) < 3:
            raise ViewError("%s: ERR wants a player and a JSON string" % where)
        p = self.player(where, w[1])
        text = cgref_string(where, line.split(" ", 2)[2]).rstrip("\n")
        add_stderr(self.frames[-1], str(p), text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t"))

    def soft(self, where, w, line):
        """SOFTTIMEOUT p: the answer just read counts as a timeout."""
        if len(w) != 2 or self.ask is not None:
            raise ViewError("%s: bad SOFTTIMEOUT line %r" % (where, line[:40]))
        p, f = self.player(where, w[1]), self.frames[-1]
        for c in f["cmds"]:
            if c[0] == p:
                c[2] = ("SOFTTIMEOUT (late for the third time: a timeout) " + c[2]).strip()
        f["lines"].append(line)

    def turn_line(self, where, w, line):
        """SUMMARY turn text, TOOLTIP turn p text."""
        self.closed(where, line)
        if len(w) < 2 or w[0] == "TOOLTIP" and len(w) < 3:
            raise ViewError("%s: bad %s line %r" % (where, w[0], line[:40]))
        f, self.started = self.turn(where, w[1]), True
        if w[0] == "TOOLTIP":
            self.player(where, w[2])
        f["lines"].append(line)

    def end_line(self, where, w, line):
        """END turns T, then SCORE p s and DEACTIVATED p turn reason."""
        if w[0] == "END":
            self.closed(where, line)
            if len(w) != 3 or w[1] != "turns":
                raise ViewError("%s: bad END line %r" % (where, line[:40]))
            self.static["turns"], self.ended = cgref_int(where, w[2]), True
        elif not self.ended:
            raise ViewError("%s: %s before END" % (where, w[0]))
        elif w[0] == "SCORE" and len(w) == 3:
            self.scores[self.player(where, w[1])] = cgref_int(where, w[2], -2 ** 63)
        elif w[0] == "DEACTIVATED" and len(w) >= 4:
            self.player(where, w[1])
            cgref_int(where, w[2])
        else:
            raise ViewError("%s: bad %s line %r" % (where, w[0], line[:40]))
        self.frames[-1]["lines"].append(line)

    def fail(self, where, line):
        """FAIL "json": the referee threw (its stack trace)."""
        if self.ended:
            raise ViewError("%s: FAIL after the end" % where)
        text = cgref_string(where, line[5:])
        self.static["fail"], self.ask = text, None
        self.frames[-1]["fail"] = text
        self.frames[-1]["lines"].append("FAIL " + text)

    def line(self, where, line):
        if not line.strip() or stderr_line(self.frames, line.split(), line):
            return
        w = line.split(" ")
        tag = w[0]
        if self.static["fail"] is not None:
            raise ViewError("%s: %r after FAIL" % (where, line[:40]))
        if line.startswith(("> ", "< ")):
            self.answer_line(where, line)
        elif tag in CGREF_HEAD:
            self.header(where, tag, line[len(tag) + 1:])
            self.frames[0]["lines"].append(line)
        elif tag == "LIMITS":
            self.closed(where, line)
            self.static["limits"], self.started = line[7:], True
            self.frames[-1]["lines"].append(line)
        elif tag == "ASK":
            self.question(where, w, line)
        elif tag in ("TIME", "NOANSWER"):
            self.answered(where, w, line)
        elif tag == "ERR":
            self.stderr(where, w, line)
        elif tag == "SOFTTIMEOUT":
            self.soft(where, w, line)
        elif tag in ("SUMMARY", "TOOLTIP"):
            self.turn_line(where, w, line)
        elif tag in ("END", "SCORE", "DEACTIVATED"):
            self.end_line(where, w, line)
        elif tag == "FAIL":
            self.fail(where, line)
        else:
            raise ViewError("%s: not a cgref trace line: %r" % (where, line[:60]))

    def data(self):
        last = self.frames[-1]
        if self.scores:
            last["score"] = [self.scores.get(p) for p in range(self.n)]
        if self.static["fail"] is not None:
            last["label"] += ": the referee failed"
        elif self.ended:
            last["label"] += ": end, scores " + " ".join(str(s) for s in last.get("score", []))
        else:
            last["label"] += " (the trace stops here)"
        players = [self.names.get(p, "player %d" % p) for p in range(self.n)]
        return {"game": self.game, "format": "cgref", "players": players, "static": self.static, "frames": self.frames}


def parse_cgref(lines):
    """The page's data from a cgref trace's lines (CgrefReader)."""
    first = first_trace_line(lines)
    if first.rstrip() != CGREF_HEADER + " 1":
        raise ViewError("not a cgref trace of version 1 (first line %r)" % first[:40])
    r = CgrefReader()
    seen = False
    for i, line in enumerate(lines):
        if not seen and line == first:
            seen = True
            r.frames[0]["lines"].append(line)
            continue
        r.line("line %d" % (i + 1), line)
    return r.data()


JS_CGREF = r"""
const GAME = (() => {
  // A cgref trace (tools/cgref: a CodinGame referee run headless): nothing of
  // the game is drawn; a frame is one referee turn, shown as its trace lines:
  // each question (player, input lines "> ", answer lines "< ", think time or
  // why no answer came), the game summary and tooltips, at the end the scores
  // and deactivations. The SDK's nickname tokens $N read as player N's name.
  const KIND = {TIME: 'meta', LIMITS: 'meta', NOANSWER: 'bad', SOFTTIMEOUT: 'bad', DEACTIVATED: 'bad', FAIL: 'bad',
                SUMMARY: 'sum', TOOLTIP: 'sum', END: 'end', SCORE: 'end'};
  function nick(s) { return s.replace(/\$(\d)/g, (m, d) => (D.players && D.players[d] !== undefined) ? D.players[d] : m); }
  function init() {
    const st = document.createElement('style');
    st.textContent = '#cg div{white-space:pre-wrap;font:12px/1.35 monospace;padding:0 4px}#cg .ask{margin-top:6px;' +
      'font:bold 13px system-ui,sans-serif;background:#eee}#cg .in{color:#666}#cg .out{font-weight:bold}' +
      '#cg .meta{color:#555}#cg .bad{color:#b00;font-weight:bold}#cg .sum{color:#1f6e3a}#cg .end{font-weight:bold}';
    document.head.appendChild(st);
    const s = D.static || {}, v = (x) => esc(x === null || x === undefined ? '?' : x);
    const lim = s.limits === 'referee' ? 'the referee\'s limits' : 'limits ' + v(s.limits).replace(' ', ', ') + ' ms';
    $('board').innerHTML = '<div style="padding:10px;width:560px"><div class="small">' + esc(D.game) +
      ' on its official referee (cgref): seed ' + v(s.seed) + ', league ' + v(s.league) + ', ' + lim +
      '; no drawing: each turn\'s questions, answers and summary</div><div id="cg"></div></div>';
  }
  function row(l) {
    const w = l.split(' ');
    if (l.startsWith('> ')) return '<div class="in">' + esc(l) + '</div>';
    if (l.startsWith('< ')) return '<div class="out">' + esc(l) + '</div>';
    if (w[0] === 'ASK' && w.length === 5) {
      const p = Number(w[2]), want = Number(w[3]);
      const what = want > 0 ? 'asked for ' + want + ' line' + (want > 1 ? 's' : '') + ', limit ' + w[4] + ' ms'
                            : 'sent its input, no answer wanted';
      return '<div class="ask" data-tip="' + esc(l) + '" style="border-left:5px solid ' + COLORS[p % 4] + '">turn ' +
        esc(w[1]) + ': ' + esc(pname(p)) + ' ' + what + '</div>';
    }
    return '<div class="' + (KIND[w[0]] || '') + '">' + esc(KIND[w[0]] ? nick(l) : l) + '</div>';
  }
  function draw(f) { $('cg').innerHTML = (f.lines || []).map(row).join(''); }
  return {init, draw};
})();
"""


# ---- the games' own files: games/<game>/view.py and view.js ----------------

GAMES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games")
_modules = {}


def game_names():
    """Every folder under games/ (each a game, with or without a drawing)."""
    try:
        return sorted(d for d in os.listdir(GAMES_DIR) if os.path.isdir(os.path.join(GAMES_DIR, d)))
    except OSError:
        return []


def game_module(game):
    """games/<game>/view.py as a module, or None. A game's view.py has
    parse(lines) -> {game, players, static, frames}: every frame with "cmds"
    ([player, command, message, think_ms or None]), "label", "score" (one a
    player, for the score graph) and, through stderr_line, "stderr"
    {player: text}; ViewError on a bad trace. HEADERS: the first-line
    prefixes of its traces, when they do not read NAME_TRACE."""
    if game not in _modules:
        path = os.path.join(GAMES_DIR, game, "view.py")
        mod = None
        if re.fullmatch(r"[A-Za-z0-9_-]+", game) and os.path.isfile(path):
            sys.modules.setdefault("view", sys.modules[__name__])  # the plugins import their helpers from here
            spec = importlib.util.spec_from_file_location("view_game_" + game.replace("-", "_"), path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
        _modules[game] = mod
    return _modules[game]


def game_js(game):
    """games/<game>/view.js (the drawing: a GAME object with init() and
    draw(frame, k)), or None."""
    path = os.path.join(GAMES_DIR, game, "view.js")
    if not re.fullmatch(r"[A-Za-z0-9_-]+", game) or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def detect(first):
    """The game a trace's first line names: `NAME_TRACE ...` or `GAME NAME ...`
    where games/NAME/ exists, else the game whose view.py lists a HEADERS
    prefix of the line; None when none does."""
    w = first.split()
    if not w:
        return None
    if w[0] == CGREF_HEADER:
        return "cgref"  # whatever game it names: parse_cgref
    names = game_names()
    m = re.fullmatch(r"([A-Za-z0-9-]+)_TRACE", w[0])
    if m and m.group(1).lower() in names:
        return m.group(1).lower()
    if w[0] == "GAME" and len(w) > 1 and w[1] in names:
        return w[1]
    for g in names:
        mod = game_module(g)
        if mod and any(first.startswith(h) for h in getattr(mod, "HEADERS", ())):
            return g
    if m:
        return m.group(1).lower()
    return None


def parse(text, game=None, stderr=None, names=None):
    """The page's data from a trace's text (lines, or bytes with the sidecar's
    text in stderr); names (one a seat) replace the players' names."""
    if isinstance(text, bytes):
        lines = merge_stderr(text, stderr or "")
    elif text.startswith(CGREF_HEADER):
        lines = text.split("\n")  # a bot's line may hold \x85 or \u2028, which splitlines() would cut
    else:
        lines = text.splitlines()
    first = first_trace_line(lines)
    cgref = first.split()[:1] == [CGREF_HEADER] or game == "cgref"
    g = "cgref" if cgref else game or detect(first)
    if g is None:
        raise ViewError("unknown trace format (first line %r); use --game" % first[:60])
    if not re.fullmatch(r"[A-Za-z0-9_-]+", g):
        raise ViewError("bad game name %r" % g)
    mod = None if cgref else game_module(g)
    _early.clear()
    data = parse_cgref(lines) if cgref else mod.parse(lines) if mod else parse_generic(lines, g)
    fill_think(data["frames"])
    for p, t in _early.get("stderr", {}).items():
        if data["frames"]:
            err = data["frames"][0].setdefault("stderr", {})
            err[p] = t + ("\\n" + err[p] if p in err else "")
    data["version"] = VERSION
    if names:
        data["players"] = [names[k] if k < len(names) and names[k] else n for k, n in enumerate(data["players"])]
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
td.stderr pre{margin:0;max-height:9em;overflow:auto;font-size:11px;white-space:pre-wrap;color:#633}
#tip{position:absolute;display:none;background:#fffbe6;border:1px solid #b9a55a;padding:4px 6px;font-size:12px;white-space:pre;pointer-events:none;z-index:9}
#graph{margin:6px 0}
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
function unesc(s) { return String(s).replace(/\\(n|t|\\)/g, (m, c) => c === 'n' ? '\n' : c === 't' ? '\t' : '\\'); }
function drawCmds(f) {
  const t = $('cmds');
  let rows = '<tr><th>player</th><th>command</th><th>message</th><th>think ms</th><th>stderr</th></tr>';
  const by = {}, err = f.stderr || {};
  for (const c of (f.cmds || [])) by[c[0]] = c;
  (D.players || []).forEach((n, p) => {
    const c = by[p];
    rows += '<tr id="cmd-p' + p + '"><td><span class="sw" style="background:' + COLORS[p % 4] + '"></span>' + esc(n) +
      '</td><td class="cmd">' + (c ? esc(c[1]) : '') + '</td><td class="msg">' + (c ? esc(c[2]) : '') +
      '</td><td class="think">' + (c && c[3] !== null && c[3] !== undefined ? Number(c[3]).toFixed(2) : '') +
      '</td><td class="stderr"><pre>' + (err[p] !== undefined ? esc(unesc(err[p])) : '') + '</pre></td></tr>';
  });
  t.innerHTML = rows;
}
// The score graph: frames with a "score" list (one a player) give one line a
// player; a bar marks the frame shown; a click there opens that frame.
function graph() {
  const g = $('graph'), pts = D.frames.map((f) => f.score || null);
  g.innerHTML = '';
  if (!pts.some((s) => s)) { g.style.display = 'none'; return; }
  g.style.display = '';
  const W = 420, H = 120, L = 36, n = Math.max(1, D.frames.length - 1);
  let lo = 0, hi = 1;
  for (const s of pts) if (s) for (const v of s) { if (v > hi) hi = v; if (v < lo) lo = v; }
  const X = (k) => L + (W - L - 6) * k / n, Y = (v) => H - 16 - (H - 26) * (v - lo) / (hi - lo);
  const svg = el('svg:svg', {width: W, height: H, id: 'graph-svg'}, g);
  for (const v of [lo, (lo + hi) / 2, hi]) {
    el('svg:line', {x1: L, x2: W - 6, y1: Y(v), y2: Y(v), stroke: '#ddd'}, svg);
    el('svg:text', {x: L - 4, y: Y(v) + 4, 'font-size': 10, 'text-anchor': 'end'}, svg, Math.round(v * 10) / 10);
  }
  el('svg:text', {x: L, y: H - 2, 'font-size': 10}, svg, 'score by frame (0..' + n + ')');
  (D.players || []).forEach((nm, p) => {
    const line = [];
    pts.forEach((s, k) => { if (s && s[p] !== undefined && s[p] !== null) line.push(X(k).toFixed(1) + ',' + Y(s[p]).toFixed(1)); });
    el('svg:polyline', {points: line.join(' '), fill: 'none', stroke: COLORS[p % 4], 'stroke-width': 2, class: 'score-line'}, svg);
    if (line.length === 1) {  // one score (a cgref trace's final one): a dot, as a line of one point shows nothing
      const xy = line[0].split(',');
      el('svg:circle', {cx: xy[0], cy: xy[1], r: 3, fill: COLORS[p % 4], class: 'score-dot'}, svg);
    }
  });
  el('svg:line', {id: 'graph-now', y1: 4, y2: H - 16, stroke: '#222', 'stroke-dasharray': '3 2'}, svg);
  svg.addEventListener('click', (e) => {
    const r = svg.getBoundingClientRect();
    show(Math.round((e.clientX - r.left - L) / (W - L - 6) * n));
  });
  V.graphX = X;
}
function graphNow(k) {
  const m = $('graph-now');
  if (m) { m.setAttribute('x1', V.graphX(k)); m.setAttribute('x2', V.graphX(k)); }
  const f = D.frames[k];
  $('graph').dataset.score = f && f.score ? f.score.join(',') : '';
}
// Hover details: any element with data-tip shows it in #tip beside the mouse.
function tip(e, text) { e.dataset.tip = text; return e; }
function hover(ev) {
  const t = $('tip'), h = ev.target.closest ? ev.target.closest('[data-tip]') : null;
  if (!h) { t.style.display = 'none'; return; }
  t.textContent = h.dataset.tip;
  t.style.display = 'block';
  t.style.left = (ev.pageX + 14) + 'px';
  t.style.top = (ev.pageY + 10) + 'px';
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
  graphNow(k);
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
  graph();
  document.addEventListener('mouseover', hover);
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

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(title)s</title>
<link rel="icon" href="data:,">
<style>%(css)s</style></head>
<body>
<header><b>%(title)s</b><span id="players"></span><span id="status"></span></header>
<main><div id="board"></div><div id="side"><div id="info"></div><div id="graph"></div><table id="cmds"></table></div></main>
<div id="tip"></div>
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
    js = JS_CGREF if data.get("format") == "cgref" else game_js(game) or JS_GENERIC
    core = JS_CORE if "function LIVE" in js else JS_CORE.replace("if (D.live) LIVE();", "")
    return PAGE % {"title": esc_title, "css": CSS, "data": blob, "core": core, "game": js.replace("</", "<\\/")}


def render(trace_path, out_path, game=None, title=None, names=None):
    """Reads trace_path (and its sidecars trace_path + ".stderr" and, when
    names is None, ".names", when they exist), writes the page to out_path. Raises ViewError (bad trace)
    or OSError (unreadable/unwritable file)."""
    with open(trace_path, "rb") as f:
        raw = f.read()
    side = ""
    if os.path.isfile(trace_path + ".stderr"):
        with open(trace_path + ".stderr", encoding="utf-8", errors="replace") as f:
            side = f.read()
    if names is None and os.path.isfile(trace_path + ".names"):  # the arena's bot names, one a seat
        with open(trace_path + ".names", encoding="utf-8", errors="replace") as f:
            names = [ln.strip() for ln in f.read().splitlines()]
    data = parse(raw, game, side, names)
    html = page_html(data, title or "%s: %s" % (data["game"], os.path.basename(trace_path)))
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(html)
    os.replace(tmp, out_path)
    return data


def render_live(game, out_path):
    js = game_js(game)
    if not js or "function LIVE" not in js:
        raise ViewError("--live: games/%s/view.js has no live mode (blitz has)" % game)
    data = {"game": game, "live": True, "players": [], "static": None, "frames": [], "version": VERSION}
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(page_html(data))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Turns a game trace into one self-contained HTML replay page.")
    ap.add_argument("trace", nargs="?", help="trace file (any game under games/: %s; or a cgref trace)" %
                    ", ".join(game_names()))
    ap.add_argument("-o", "--out", required=True, help="HTML file to write")
    ap.add_argument("--game", help="force the game (a folder under games/) instead of detecting it")
    ap.add_argument("--title", help="page title")
    ap.add_argument("--names", help="the players' names, one a seat, comma-separated (the arena's bot names)")
    ap.add_argument("--live", metavar="GAME", help="write the live page (blitz): reads /events/<id>")
    a = ap.parse_args(argv)
    try:
        if a.live:
            render_live(a.live, a.out)
        elif not a.trace:
            ap.error("a TRACE file or --live GAME is needed")
        else:
            render(a.trace, a.out, a.game, a.title, a.names.split(",") if a.names else None)
    except ViewError as e:
        print("view.py: %s: %s" % (a.trace or a.live, e), file=sys.stderr)
        return 1
    except OSError as e:
        print("view.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
