"""view.py -- tictactoe for the replay page: parse(lines) reads a trace,
TICTACTOE_TRACE 1 (tictactoe-referee `match --trace`): a frame is one move
(frame 0: the empty board; an error adds one). The page's data and its rules
are view.py's (the top-level one, "a game's view.py"); the drawing is view.js
beside this file.
"""
from view import ViewError, first_trace_line, trace_words, bot_line, stderr_line

HEADERS = ("TICTACTOE_TRACE",)  # first-line prefixes of this game's traces


TTT_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_line(board, p):
    """The first three-in-a-row of player p on a 9-character board ('0', '1',
    '-'), or None."""
    return next((list(ln) for ln in TTT_LINES if all(board[c] == str(p) for c in ln)), None)


def parse_tictactoe(lines):
    players = ["player 0", "player 1"]
    board = ["-"] * 9
    last = [None, None]  # each player's last command: [player, "row col", message, ms]
    frames = [{"board": "-" * 9, "cell": -1, "mover": -1, "ply": 0, "cmds": [], "label": "start"}]
    errors = []
    result = ""
    ply = 0
    for where, line, w in trace_words(lines):
        try:
            if bot_line(players, line, w) or stderr_line(frames, w, line):
                pass
            elif w[0] == "MOVE":
                p, row, col, ms = int(w[1]), int(w[2]), int(w[3]), float(w[4])
                if len(w) != 5 or p not in (0, 1) or not (0 <= row < 3 and 0 <= col < 3):
                    raise ViewError("%s: bad MOVE %r" % (where, line[:80]))
                if not 0 <= ms < float("inf"):
                    raise ViewError("%s: bad think time %r" % (where, w[4]))
                c = 3 * row + col
                if board[c] != "-" or result or errors:
                    raise ViewError("%s: cell %d %d is not free" % (where, row, col) if board[c] != "-"
                                    else "%s: a move after the game ended" % where)
                board[c] = str(p)
                ply += 1
                last[p] = [p, "%d %d" % (row, col), "", round(ms, 3)]
                frames.append({"board": "".join(board), "cell": c, "mover": p, "ply": ply,
                               "cmds": [x for x in last if x], "label": "move %d: player %d plays %d %d" % (ply, p, row, col)})
            elif w[0] == "ERROR":
                p = int(w[1])
                if p not in (0, 1) or len(w) < 3:
                    raise ViewError("%s: bad ERROR line" % where)
                detail = line.split(None, 3)[3] if len(w) > 3 else ""
                errors.append([p, w[2], detail])
                cmds = [x for x in last if x and x[0] != p] + [[p, w[2], detail, None]]
                frames.append({"board": "".join(board), "cell": -1, "mover": p, "ply": ply, "cmds": cmds,
                               "label": "player %d: %s" % (p, w[2])})
            elif w[0] == "END":
                if w[1:] == ["draw"]:
                    result = "draw"
                elif len(w) == 3 and w[1] == "winner" and w[2] in ("0", "1"):
                    result = "winner " + w[2]
                else:
                    raise ViewError("%s: bad END line %r" % (where, line[:80]))
        except (ValueError, IndexError):
            raise ViewError("%s: bad line %r" % (where, line[:80]))
    if not first_trace_line(lines).startswith("TICTACTOE_TRACE"):
        raise ViewError("not a tictactoe trace: no TICTACTOE_TRACE header")
    end = frames[-1]
    for f in frames:
        f["score"] = [0, 0]
    if result.startswith("winner"):
        end["score"][int(result[-1])] = 1
    for p, _, _ in errors:
        end["score"][p] = -1
    if result:
        end["result"] = result
        end["label"] += " (game over)"
        if result.startswith("winner"):
            end["line"] = ttt_line(end["board"], int(result[-1]))
    return {"game": "tictactoe", "players": players, "static": {"result": result, "errors": errors},
            "frames": frames}


def parse(lines):
    return parse_tictactoe(lines)
