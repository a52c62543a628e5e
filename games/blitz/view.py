"""view.py -- blitz for the replay page: parse(lines) reads a trace,
BLITZ2016-TRACE 1, or JSON lines: one state JSON per line, as the REST API
returns it (the server's replay files, referee `match --trace`): a frame is
one hero move. The page's data and its rules are view.py's (the top-level one,
"a game's view.py"); the drawing is view.js beside this file.
"""
import json

from view import ViewError, first_trace_line, stderr_line

HEADERS = ("BLITZ2016-TRACE", "{")  # first-line prefixes of this game's traces


BLITZ_TERRAIN = {"  ": " ", "##": "#", "[]": "T", "^^": "^"}


def _blitz_static(n, tiles, spawns=None):
    if len(tiles) != 2 * n * n:
        raise ViewError("blitz: tiles string has %d characters, expected %d" % (len(tiles), 2 * n * n))
    terrain = []
    mines = []
    for c in range(n * n):
        t = tiles[2 * c:2 * c + 2]
        if t[0] == "$":
            terrain.append("$")
            mines.append(c)
        elif t[0] == "@":
            terrain.append(" ")
        elif t in BLITZ_TERRAIN:
            terrain.append(BLITZ_TERRAIN[t])
        else:
            raise ViewError("blitz: unknown tile %r" % t)
    return {"n": n, "terrain": "".join(terrain), "mines": mines, "spawns": spawns or []}


def _blitz_owners(static, tiles):
    """Owner digit ('-' neutral) of every mine, in the static mine order."""
    if len(tiles) != 2 * static["n"] ** 2:
        raise ViewError("blitz: tiles string has %d characters, expected %d" % (len(tiles), 2 * static["n"] ** 2))
    return "".join(tiles[2 * c + 1] for c in static["mines"])


def parse_blitz_text(lines):
    n = None
    spawns = []
    static = None
    frames = []
    meta = {}
    last = ["", "", "", ""]  # each hero's last move, as the API's lastDir
    for i, line in enumerate(lines):
        where = "line %d" % (i + 1)
        w = line.split(" ", 3)
        if stderr_line(frames, line.split() or [""], line):
            continue
        if w[0] == "SIZE":
            try:
                n = int(w[1])
            except (ValueError, IndexError):
                raise ViewError("%s: bad SIZE" % where)
            if not 1 <= n <= 64:
                raise ViewError("%s: SIZE %d out of range" % (where, n))
        elif w[0] == "SPAWN":
            try:
                v = [int(x) for x in line.split()[1:]]
            except ValueError:
                raise ViewError("%s: bad SPAWN" % where)
            spawns = [[v[2 * k], v[2 * k + 1]] for k in range(len(v) // 2)]
        elif w[0] in ("I", "M"):
            head, bar, rest = line.partition("|")
            tiles = rest.rstrip("|")
            hw = head.split()
            if not bar or n is None:
                raise ViewError("%s: state line before SIZE or without tiles" % where)
            try:
                if w[0] == "I":
                    mover, d, nums = -1, "", [int(x) for x in hw[1:]]
                else:
                    mover, d, nums = int(hw[1]) - 1, hw[2], [int(x) for x in hw[3:]]
            except (ValueError, IndexError):
                raise ViewError("%s: bad state line" % where)
            if len(nums) != 25:
                raise ViewError("%s: a state has 25 numbers" % where)
            if static is None:
                static = _blitz_static(n, tiles, spawns)
            heroes = [nums[1 + 6 * k:7 + 6 * k] for k in range(4)]
            if 0 <= mover < 4:
                last[mover] = d
            cmds = [[k, last[k], "", None] for k in range(4) if last[k]]
            frames.append({"turn": nums[0], "h": heroes, "o": _blitz_owners(static, tiles), "k": mover,
                           "cmds": cmds, "label": "turn %d" % nums[0], "score": [h[3] for h in heroes]})
        elif w[0] in ("RANK", "END", "GAME", "MODE"):
            meta[w[0]] = line[len(w[0]) + 1:]
    if static is None:
        raise ViewError("not a blitz trace: no state line")
    static["meta"] = meta
    names = ["hero %d" % (k + 1) for k in range(4)]
    return {"game": "blitz", "players": names, "static": static, "frames": frames}


def blitz_frame_from_state(state, static):
    """One frame from a state JSON (the REST API's object or its "game")."""
    g = state.get("game", state)
    heroes = []
    cmds = []
    for k, h in enumerate(g["heroes"]):
        heroes.append([h["pos"]["x"], h["pos"]["y"], h["life"], h["gold"], h["mineCount"],
                       1 if h.get("crashed") else 0])
        if h.get("lastDir"):
            cmds.append([k, h["lastDir"], "", None])
    turn = g["turn"]
    mover = (turn - 1) % 4 if turn > 0 else -1
    return {"turn": turn, "h": heroes, "o": _blitz_owners(static, g["board"]["tiles"]), "k": mover,
            "cmds": cmds, "label": "turn %d%s" % (turn, " (finished)" if g.get("finished") else ""),
            "score": [h[3] for h in heroes]}


def parse_blitz_jsonl(lines):
    static = None
    frames = []
    names = None
    for i, line in enumerate(lines):
        if not line.strip() or stderr_line(frames, line.split(), line):
            continue
        try:
            st = json.loads(line)
            g = st.get("game", st)
            if static is None:
                spawns = [[h["spawnPos"]["x"], h["spawnPos"]["y"]] for h in g["heroes"] if "spawnPos" in h]
                static = _blitz_static(g["board"]["size"], g["board"]["tiles"], spawns)
                static["meta"] = {"GAME": g.get("id", "")}
                names = [h.get("name") or "hero %d" % (k + 1) for k, h in enumerate(g["heroes"])]
            frames.append(blitz_frame_from_state(st, static))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ViewError("line %d: not a blitz state JSON (%s)" % (i + 1, e))
    if static is None:
        raise ViewError("blitz: no state in the file")
    return {"game": "blitz", "players": names, "static": static, "frames": frames}


def parse(lines):
    return parse_blitz_jsonl(lines) if first_trace_line(lines).lstrip().startswith("{") else parse_blitz_text(lines)
