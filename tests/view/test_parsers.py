#!/usr/bin/env python3
"""test_parsers.py -- view.py's trace parsers and page writer, no browser.

Small hand-written traces of each game (their values chosen here, so every
expected figure is known), the board geometry of spring2021 against the
neighbour table the official referee sends, bad input (ViewError and exit
status 1), the JSON-lines blitz replay, cgref traces (tools/cgref: any
CodinGame referee; hand-written ones and those of tests/data/cgref/), and
every recorded trace of tests/data/ parsed without error.
The last line printed is "N passed, N failed".
"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)
import view  # noqa: E402
S21M = view.game_module("spring2021")
GCM = view.game_module("greencircle")

sys.path.insert(0, os.path.dirname(HERE))
import pyunit  # noqa: E402

S21 = """GAME spring2021 seed 1 league 3 bots alpha beta
RICHNESS 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2 2 2 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 0
STATE START day 0 sunDir 0 nutrients 20 p0 0 0 0 p1 0 0 0 trees 2
TREES 0:2:0:0 28:1:1:0
FRAME 1 GATHERING
STATE AFTER day 0 sunDir 0 nutrients 20 p0 2 0 0 p1 1 0 0 trees 2
TREES 0:2:0:0 28:1:1:0
FRAME 2 ACTIONS
IN 0 2
x
y
OUT 0 GROW 0 hello there
IN 1 1
z
OUT 1 SEED 28 13
STATE AFTER day 0 sunDir 0 nutrients 19 p0 0 0 1 p1 1 5 0 trees 3
TREES 0:3:0:1 13:0:1:1 28:1:1:1
FINAL 0 score 3 sun 0 active 1
FINAL 1 score 5 sun 1 active 1
"""

GC = """GREENCIRCLE_TRACE 1
SEED 1
LEAGUE 4
BOTS /x/build/first last
STATE INIT next=0:MOVE desks=5,5,5,5,5,5,5,5 bonusPool=28 debtPool=92 apps=0,2
  P0 zone=-1 score=0 plays=0 toThrow=0 mustGive=false hand=8898 draw=8999 discard=- played=- automated=- permanent=-
  P1 zone=-1 score=0 plays=0 toThrow=0 mustGive=false hand=9889 draw=8989 discard=- played=- automated=- permanent=-
TURN 1 PLAYER 0 LINES 4
MOVE
2
APPLICATION 0 4 4 0 0 0 0 0 0
APPLICATION 2 4 0 0 4 0 0 0 0
OUT MOVE 3 see you
RNG i7=1
STATE AFTER 1 next=0:PLAY_CARD desks=5,5,5,4,5,5,5,5 bonusPool=28 debtPool=92 apps=0,2
  P0 zone=3 score=1 plays=1 toThrow=0 mustGive=false hand=88983 draw=8999 discard=99 played=- automated=- permanent=2
  P1 zone=-1 score=0 plays=0 toThrow=0 mustGive=false hand=9889 draw=8989 discard=- played=- automated=- permanent=-
END reason=phase_limit refereeTurns=1
APPS 1 0
"""

# 2x2 board: hero 1 top-left, a mine top-right, a tavern bottom-left.
BLITZ = """BLITZ2016-TRACE 1
GAME tiny
MODE arena
SIZE 3
MAXTURNS 1200
SPAWN 0 0 0 1 1 1 1 0
I 0 0 0 100 0 0 0 0 1 100 0 0 0 1 1 100 0 0 0 1 0 100 0 0 0 |@1@2$-@4@3##[]^^  |
M 1 East 1 0 0 99 0 0 0 0 1 100 0 0 0 1 1 100 0 0 0 1 0 100 0 0 0 |@1@2$1@4@3##[]^^  |
M 2 Stay 2 0 0 99 0 0 0 0 1 99 0 0 0 1 1 100 0 0 0 1 0 100 0 0 0 |@1@2$1@4@3##[]^^  |
RANK 1 0 1 2 0 1 3 0 1 4 0 1
END TurnMax
"""

G1K = """GET1000_TRACE 1
SEED 5
TARGET 20
TIES none
BOT 0 /a/build/get1000
BOT 1 /a/build/get1000-ev
""" + "".join(
    "ROLL %d %d\nPLACE 0 p1 %s 0.5\nPLACE 1 p0 %s 1.25\n" % (k + 1, v, c1, c0)
    for k, (v, c0, c1) in enumerate([
        (6, "HUNDREDS", "HUNDREDS"), (4, "HUNDREDS", "TENS"), (1, "HUNDREDS", "ONES"),
        (2, "TENS", "HUNDREDS"), (3, "TENS", "TENS"), (5, "TENS", "ONES"),
        (6, "ONES", "HUNDREDS"), (1, "ONES", "TENS"), (2, "ONES", "ONES")])) + """ROUND 1 WINS 0 1
ROLL 10 3
PLACE 1 p0 ONES 0.75
FORFEIT 0 timeout placement too late
END rounds 1
"""

# X (seat 0) wins on the diagonal 2-4-6 after five moves.
TTT = """TICTACTOE_TRACE 1
SEED 7
BOT 0 /x/build/tictactoe
BOT 1 /y/build/tictactoe-random
MOVE 0 1 1 0.500
MOVE 1 0 0 0.250
MOVE 0 0 2 1.000
MOVE 1 2 2 0.125
MOVE 0 2 0 0.750
END winner 0
"""

TTT_ERR = """TICTACTOE_TRACE 1
SEED 5
BOT 0 /x/build/tictactoe
BOT 1 yes 1 1
MOVE 0 1 1 0.500
ERROR 1 invalid turn 2, answer 1: "1 1" is not a free cell "row col"
END winner 0
"""

GOD = """GAMEOFDRONES_TRACE 1
BOT 0 dist
BOT 1 /b/python3 my bot.py
T 1 1 1 0 1 0 1 0 0 1 0 0 0.5 0.25
T 1 2 1 1 2 0 0 1 1 0 2 0 0.5 0.25
R 1 -1 2 1 2 1 2 2 0
T 2 1 1 0 1 0 0 1 0 0.5 0 0 1.0 0.0
R 2 1 1 1 1 0 1.5 0 0
END - -
"""

# A cgref trace (tools/cgref) whose GAME is one of our own games: it must
# still go to the cgref reader. Turn 1: seat 0 answers two lines (think
# 1.5 ms, stderr with a newline and a tab); turn 2: seat 1 late for the
# third time (SOFTTIMEOUT), then input sent to seat 0 with no answer
# wanted; turn 3: seat 1's output closed, deactivated.
CG = r"""CGREF_TRACE 1
GAME spring2021
REFEREE clone
SEED -7
LEAGUE 3
BOT 0 /x/build/alpha --fast
BOT 1 python3 b.py
SUMMARY 0 init line
LIMITS 1000 100
ASK 1 0 2 1000
> 3
> 
< WAIT hi
< MSG two
TIME 0 1.500
ERR 0 "a\nb\tc\\"
SUMMARY 1 $0 waits
ASK 2 1 1 100
> 1
< SEED 3 4
TIME 1 180.250
SOFTTIMEOUT 1
ASK 2 0 0 100
> 9
TIME 0 0.000
SUMMARY 2 $1 plays late
ASK 3 1 1 100
> 2
NOANSWER 1 0.000 eof
TOOLTIP 3 1 $1 timeout
SUMMARY 3 
END turns 3
SCORE 0 5
SCORE 1 -1
DEACTIVATED 1 3 $1 timeout
"""

CG_FAIL = """CGREF_TRACE 1
GAME kotg
BOT 0 a
BOT 1 b
SUMMARY 0 start
LIMITS referee
ASK 1 0 1 1000
> x
< MOVE 1
TIME 0 2.000
FAIL "java.lang.IllegalStateException: boom\\n\\tat com.codingame.game.Referee.gameTurn(Referee.java:9)\\n"
"""


class SplitCommand(unittest.TestCase):
    def test_arity_and_message(self):
        self.assertEqual(view.split_command("SEED 19 7 g", S21M.S21_ARITY), ("SEED 19 7", "g"))
        self.assertEqual(view.split_command("WAIT  resting now", S21M.S21_ARITY), ("WAIT", "resting now"))
        self.assertEqual(view.split_command("MOVE 3 2", GCM.GC_ARITY), ("MOVE 3 2", ""))
        self.assertEqual(view.split_command("MOVE 3 hi", GCM.GC_ARITY), ("MOVE 3", "hi"))
        self.assertEqual(view.split_command("", GCM.GC_ARITY), ("", ""))

    def test_short_name(self):
        self.assertEqual(view.short_name("/x/y/build/greencircle-greedy --seed 3"), "greencircle-greedy --seed 3")


class Spring2021(unittest.TestCase):
    def test_geometry_matches_the_referee_neighbours(self):
        # "INIT" lines of the official referee: cell, richness, neighbours in directions 0..5
        table = {0: [1, 2, 3, 4, 5, 6], 1: [7, 8, 2, 0, 6, 18], 19: [-1, -1, 20, 7, 36, -1],
                 27: [12, 26, -1, -1, 28, 13], 36: [-1, 19, 7, 18, 35, -1], 9: [21, 22, 23, 10, 2, 8]}
        cells = S21M.s21_cells()
        self.assertEqual(len(set(cells)), 37)
        index = {c: i for i, c in enumerate(cells)}
        for cell, nbs in table.items():
            c = cells[cell]
            for d, nb in enumerate(nbs):
                dv = S21M.S21_DIRS[d]
                got = index.get((c[0] + dv[0], c[1] + dv[1], c[2] + dv[2]), -1)
                self.assertEqual(got, nb, "cell %d direction %d" % (cell, d))

    def test_shadows(self):
        sh = S21M.s21_shadows([[0, 2, 0, 0]], 0)  # size 2 at the centre, sun direction 0
        self.assertEqual([i for i, v in enumerate(sh) if v], [1, 7])
        self.assertEqual(sh[1], 2)
        sh = S21M.s21_shadows([[0, 3, 0, 0], [1, 1, 1, 0]], 0)
        self.assertEqual((sh[1], sh[7], sh[19], sh[0]), (3, 3, 3, 0))
        self.assertEqual(sum(1 for v in S21M.s21_shadows([[19, 3, 0, 0]], 0) if v), 0)  # off the board

    def test_frames(self):
        d = view.parse(S21)
        self.assertEqual(d["game"], "spring2021")
        self.assertEqual(d["players"], ["alpha", "beta"])
        self.assertEqual(len(d["frames"]), 3)
        f = d["frames"][2]
        self.assertEqual(f["kind"], "ACTIONS")
        self.assertEqual(f["nutrients"], 19)
        self.assertEqual(f["score"], [0, 5])
        self.assertEqual(f["waiting"], [1, 0])
        self.assertEqual(f["trees"], [[0, 3, 0, 1], [13, 0, 1, 1], [28, 1, 1, 1]])
        self.assertEqual(f["cmds"], [[0, "GROW 0", "hello there", None], [1, "SEED 28 13", "", None]])
        self.assertEqual(d["frames"][0]["cmds"], [])
        self.assertEqual(d["static"]["richness"][36], 0)
        self.assertEqual(d["static"]["final"]["1"], "score 5 sun 1 active 1")
        self.assertEqual(f["shadow"][1], "3")

    def test_bad(self):
        with self.assertRaises(view.ViewError):
            view.parse(S21.replace("TREES 0:3:0:1", "TREES 0:9:0:1"))
        with self.assertRaises(view.ViewError):
            view.parse("GAME spring2021 seed 1\nRICHNESS 1 2\n")
        with self.assertRaises(view.ViewError):
            view.parse(S21.replace("p1 1 5 0", "p1 x"))


class GreenCircle(unittest.TestCase):
    def test_frames(self):
        d = view.parse(GC)
        self.assertEqual(d["players"], ["first", "last"])
        self.assertEqual(len(d["frames"]), 2)
        f = d["frames"][1]
        self.assertEqual((f["next"], f["phase"]), (0, "PLAY_CARD"))
        self.assertEqual(f["desks"][3], 4)
        self.assertEqual(f["p"][0]["zone"], 3)
        self.assertEqual(f["p"][0]["hand"], "88983")
        self.assertEqual(f["p"][0]["discard"], "99")
        self.assertEqual(f["p"][1]["discard"], "")
        self.assertEqual(f["p"][0]["score"], 1)
        self.assertEqual(f["cmds"], [[0, "MOVE 3", "see you", None]])
        self.assertEqual(f["asked"], "MOVE")
        self.assertEqual(d["static"]["needs"]["2"], [4, 0, 0, 4, 0, 0, 0, 0])
        self.assertEqual(d["static"]["end"]["APPS"], "1 0")

    def test_bad(self):
        with self.assertRaises(view.ViewError):
            view.parse(GC.replace("desks=5,5,5,4", "desks=5,x,5,4"))
        with self.assertRaises(view.ViewError):
            view.parse("GREENCIRCLE_TRACE 1\nSEED 1\n")


class Blitz(unittest.TestCase):
    def test_text(self):
        d = view.parse(BLITZ)
        s = d["static"]
        self.assertEqual((s["n"], s["terrain"], s["mines"]), (3, "  $  #T^ ", [2]))
        self.assertEqual(s["spawns"][1], [0, 1])
        self.assertEqual(len(d["frames"]), 3)
        self.assertEqual(d["frames"][2]["cmds"], [[0, "East", "", None], [1, "Stay", "", None]])
        self.assertEqual(d["frames"][2]["k"], 1)
        f = d["frames"][1]
        self.assertEqual(f["h"][0], [0, 0, 99, 0, 0, 0])
        self.assertEqual(f["o"], "1")
        self.assertEqual(d["frames"][0]["o"], "-")
        self.assertEqual(f["cmds"], [[0, "East", "", None]])
        self.assertEqual(s["meta"]["END"], "TurnMax")

    @staticmethod
    def json_lines(text):
        """The JSON-lines replay (the server's) of the parsed BLITZ trace."""
        lines = []
        for fr in text["frames"]:
            heroes = [{"id": k + 1, "name": "h%d" % k, "pos": {"x": h[0], "y": h[1]}, "life": h[2], "gold": h[3],
                       "mineCount": h[4], "spawnPos": {"x": sp[0], "y": sp[1]}, "crashed": bool(h[5])}
                      for k, (h, sp) in enumerate(zip(fr["h"], text["static"]["spawns"]))]
            for c in fr["cmds"]:
                heroes[c[0]]["lastDir"] = c[1]
            tiles = BLITZ.splitlines()[6 + len(lines)].split("|")[1]
            lines.append(json.dumps({"game": {"id": "abc", "turn": fr["turn"], "maxTurns": 1200, "heroes": heroes,
                                              "board": {"size": 3, "tiles": tiles}, "finished": False},
                                     "hero": heroes[0], "token": "t", "viewUrl": "v", "playUrl": "p"}))
        return lines

    def test_json_lines_equal_text(self):
        text = view.parse(BLITZ)
        lines = self.json_lines(text)
        d = view.parse("\n".join(lines) + "\n")
        self.assertEqual(d["players"], ["h0", "h1", "h2", "h3"])
        for k in ("n", "terrain", "mines", "spawns"):
            self.assertEqual(d["static"][k], text["static"][k])
        for a, b in zip(d["frames"], text["frames"]):
            self.assertEqual((a["turn"], a["h"], a["o"], a["k"], a["cmds"]), (b["turn"], b["h"], b["o"], b["k"], b["cmds"]))
        self.assertEqual(d["frames"][1]["cmds"], [[0, "East", "", None]])
        # the bare game object is accepted as well
        bare = view.parse(json.dumps(json.loads(lines[0])["game"]))
        self.assertEqual(bare["frames"][0]["h"], text["frames"][0]["h"])

    def test_stderr_before_the_first_state(self):
        """A bot that writes to stderr before the first state (the arena's
        Java and C# bots do) puts a sidecar entry at offset 0: the merged
        STDERR line comes first and must not hide the trace's format."""
        raw = ("\n".join(self.json_lines(view.parse(BLITZ))) + "\n").encode()
        d = view.parse(raw, None, "0 2 BestBot: activate\n")
        self.assertEqual(d["game"], "blitz")
        self.assertEqual(d["frames"][0]["stderr"], {"2": "BestBot: activate"})
        t = view.parse(BLITZ.encode(), None, "0 1 hello\n")
        self.assertEqual((t["game"], t["frames"][0]["stderr"]), ("blitz", {"1": "hello"}))

    def test_bad(self):
        with self.assertRaises(view.ViewError):
            view.parse(BLITZ.replace("##[]^^", "##[]XX"))
        with self.assertRaises(view.ViewError):
            view.parse('{"game": {"turn": 1}}\n', "blitz")
        with self.assertRaises(view.ViewError):
            view.parse(BLITZ.replace("|@1@2$1@4@3##[]^^  |", "|@1@2|"))


class Get1000(unittest.TestCase):
    def test_frames(self):
        d = view.parse(G1K)
        # columns follow the bot order (p0, p1), not the join order (seat 0 is p1)
        self.assertEqual(d["players"], ["p0 (get1000)", "p1 (get1000-ev)"])
        self.assertEqual(len(d["frames"]), 10)
        f = d["frames"][8]
        self.assertEqual(f["grids"][0], [[6, 4, 1], [2, 3, 5], [6, 1, 2]])
        self.assertEqual(f["totals"][0], 1100 + 100 + 9)
        self.assertEqual(f["totals"][1], 100 * (6 + 2 + 6) + 10 * (4 + 3 + 1) + (1 + 5 + 2))
        self.assertEqual(f["dist"], [209, 488])
        self.assertEqual(f["step"], 9)
        self.assertEqual(f["wins"], [1, 0])  # seat 1 (= p0) won: WINS 0 1
        self.assertEqual(f["winners"], [0])
        self.assertEqual(f["best"], 209)
        self.assertEqual(f["cmds"][0], [1, "ONES", "", 0.5])
        g = d["frames"][9]
        self.assertEqual((g["round"], g["step"], g["value"]), (2, 1, 3))
        self.assertEqual(g["grids"][0], [[], [], [3]])
        self.assertEqual(g["place"], [2, -1])
        self.assertEqual(g["cmds"][-1][:2], [1, "forfeit: timeout"])

    def test_bad(self):
        with self.assertRaises(view.ViewError):
            view.parse("GET1000_TRACE 1\nPLACE 0 p0 TENS 1\n")
        with self.assertRaises(view.ViewError):
            view.parse(G1K.replace("PLACE 1 p0 ONES 0.75", "PLACE 1 p0 MILLIONS 0.75"))
        four = "GET1000_TRACE 1\nROLL 1 1\n" + "PLACE 0 p0 TENS 1\n" * 4
        with self.assertRaises(view.ViewError):
            view.parse(four)


class GameOfDrones(unittest.TestCase):
    def test_frames(self):
        d = view.parse(GOD)
        self.assertEqual(d["players"], ["dist", "python3 my bot.py"])
        self.assertEqual(len(d["frames"]), 2)
        f = d["frames"][0]
        self.assertEqual(len(f["turns"]), 2)
        self.assertEqual(f["turns"][1][:5], [2, 1, 1, 2, 0])
        self.assertEqual((f["outcome"], f["nturns"]), (-1, 2))
        self.assertEqual(f["tally"], [0, 1, 0])
        self.assertEqual(f["cmds"][1], [1, "0 2 0", "", 0.5])
        self.assertEqual(f["cmds"][0][3], 1.0)
        self.assertEqual(d["frames"][1]["tally"], [1, 1, 0])
        self.assertEqual(d["static"]["end"], "- -")

    def test_not_a_number(self):
        d = view.parse(GOD.replace("T 1 2 1 1 2 0 0 1 1 0 2 0", "T 1 2 1 1 2 0 nan 1 1 0 inf 0"))
        self.assertEqual(d["frames"][0]["turns"][1][5:10], [None, 1.0, 1.0, 0.0, None])
        self.assertEqual(d["frames"][0]["cmds"][0][1], "NaN 1 1")
        self.assertIn("NaN 1 1", view.page_html(d))

    def test_bad(self):
        with self.assertRaises(view.ViewError):
            view.parse("GAMEOFDRONES_TRACE 1\nT 1 1 x\n")
        with self.assertRaises(view.ViewError):
            view.parse("GAMEOFDRONES_TRACE 1\n")


class TicTacToe(unittest.TestCase):
    def test_frames(self):
        d = view.parse(TTT)
        self.assertEqual(d["game"], "tictactoe")
        self.assertEqual(d["players"], ["tictactoe", "tictactoe-random"])
        self.assertEqual(len(d["frames"]), 6)  # the empty board, then one a move
        self.assertEqual(d["frames"][0]["board"], "-" * 9)
        f = d["frames"][2]
        self.assertEqual((f["board"], f["cell"], f["mover"], f["ply"]), ("1---0----", 0, 1, 2))
        self.assertEqual(f["cmds"], [[0, "1 1", "", 0.5], [1, "0 0", "", 0.25]])
        end = d["frames"][-1]
        self.assertEqual(end["board"], "1-0-0-0-1")
        self.assertEqual((end["cell"], end["result"], end["line"]), (6, "winner 0", [2, 4, 6]))
        self.assertEqual(end["cmds"][0], [0, "2 0", "", 0.75])
        self.assertNotIn("result", d["frames"][4])
        self.assertEqual(d["static"], {"result": "winner 0", "errors": []})

    def test_draw_and_error(self):
        moves = [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)]
        text = "TICTACTOE_TRACE 1\n" + "".join("MOVE %d %d %d 1.0\n" % (i % 2, r, c) for i, (r, c) in enumerate(moves))
        d = view.parse(text + "END draw\n")
        self.assertEqual(d["frames"][-1]["board"], "010011100")  # seat 0 on 0 0, 2 2, 2 1, 0 2, 1 0
        self.assertEqual((d["frames"][-1]["result"], d["frames"][-1].get("line")), ("draw", None))
        d = view.parse(TTT_ERR)
        self.assertEqual(len(d["frames"]), 3)  # start, the move, the invalid answer
        f = d["frames"][-1]
        self.assertEqual((f["board"], f["cell"], f["mover"], f["result"]), ("----0----", -1, 1, "winner 0"))
        self.assertEqual(f["cmds"][-1], [1, "invalid", 'turn 2, answer 1: "1 1" is not a free cell "row col"', None])
        self.assertEqual(d["static"]["errors"][0][:2], [1, "invalid"])
        self.assertEqual(d["players"][1], "yes 1 1")

    def test_bad(self):
        for bad in (TTT.replace("MOVE 1 2 2", "MOVE 1 1 1"),   # an occupied cell
                    TTT.replace("MOVE 1 2 2", "MOVE 1 3 2"),   # off the board
                    TTT.replace("0.125", "x"), TTT.replace("0.125", "inf"),
                    TTT.replace("END winner 0", "END winner 7"),
                    TTT.replace("END winner 0", "END winner 0\nMOVE 1 1 0 0.5"),  # a move after the end
                    "MOVE 0 1 1 0.5\n"):                      # no header
            with self.assertRaises(view.ViewError, msg=bad):
                view.parse(bad, "tictactoe")


class Cgref(unittest.TestCase):
    """cgref traces: one frame a referee turn, whatever game they name."""

    def test_frames(self):
        d = view.parse(CG)
        self.assertEqual((d["game"], d["format"]), ("spring2021", "cgref"))
        self.assertEqual(d["players"], ["alpha --fast", "python3 b.py"])
        self.assertEqual([f["label"] for f in d["frames"]], ["start", "turn 1", "turn 2", "turn 3: end, scores 5 -1"])
        self.assertEqual(d["frames"][0]["lines"], CG.splitlines()[:9])  # header, init summary, LIMITS
        self.assertEqual(d["frames"][0]["cmds"], [])
        f1, f2, f3 = d["frames"][1:]
        self.assertEqual(f1["cmds"], [[0, "WAIT hi", "MSG two", 1.5]])
        self.assertEqual(f1["lines"], ["ASK 1 0 2 1000", "> 3", "> ", "< WAIT hi", "< MSG two", "TIME 0 1.500",
                                       "SUMMARY 1 $0 waits"])  # ERR goes to "stderr"
        self.assertEqual(f1["stderr"], {"0": "a\\nb\\tc\\\\"})
        self.assertEqual(f2["cmds"], [[1, "SEED 3 4", "SOFTTIMEOUT (late for the third time: a timeout)", 180.25]])
        self.assertIn("ASK 2 0 0 100", f2["lines"])  # input with no answer wanted: no command
        self.assertEqual(f3["cmds"], [[1, "NOANSWER eof", "", 0.0]])
        self.assertEqual(f3["score"], [5, -1])
        self.assertEqual(f3["lines"][-4:], ["END turns 3", "SCORE 0 5", "SCORE 1 -1", "DEACTIVATED 1 3 $1 timeout"])
        self.assertNotIn("score", f2)
        self.assertEqual(d["static"], {"seed": "-7", "league": "3", "limits": "1000 100", "turns": 3, "fail": None})
        html = view.page_html(d)
        self.assertIn("official referee (cgref)", html)
        self.assertNotIn(view.game_js("spring2021")[:200], html)  # never the named game's drawing

    def test_any_game_name_and_forced_game(self):
        for name in ("tictactoe", "greencircle", "kotg", "my game"):
            d = view.parse(CG.replace("GAME spring2021", "GAME " + name))
            self.assertEqual((d["game"], d["format"], len(d["frames"])), (name, "cgref", 4))
        self.assertEqual(view.parse(CG, "spring2021")["format"], "cgref")  # --game cannot send it elsewhere
        self.assertEqual(view.detect("CGREF_TRACE 1"), "cgref")
        self.assertEqual(view.parse(CG, names=["x", ""])["players"], ["x", "python3 b.py"])
        self.assertEqual(view.parse(CG.replace("GAME spring2021\n", ""))["game"], "cgref")

    def test_odd_characters_and_stderr_sidecar(self):
        odd = CG.replace("< WAIT hi", "< WAIT h\x85i\u2028\x1e")  # splitlines() would cut these
        self.assertEqual(view.parse(odd)["frames"][1]["cmds"][0][1], "WAIT h\x85i\u2028\x1e")
        self.assertEqual(view.parse(odd.encode())["frames"][1]["cmds"][0][1], "WAIT h\x85i\u2028\x1e")
        raw = CG.encode()
        d = view.parse(raw, None, "0 1 early\n%d 0 late\n" % raw.index(b"SUMMARY 1"))
        self.assertEqual(d["frames"][0]["stderr"], {"1": "early"})
        self.assertEqual(d["frames"][1]["stderr"], {"0": "a\\nb\\tc\\\\\\nlate"})

    def test_fail_and_cut(self):
        d = view.parse(CG_FAIL)
        self.assertEqual(d["players"], ["a", "b"])
        f = d["frames"][-1]
        self.assertEqual(f["label"], "turn 1: the referee failed")
        self.assertTrue(f["fail"].startswith("java.lang.IllegalStateException: boom\n\tat "))
        self.assertEqual(f["lines"][-1], "FAIL " + f["fail"])
        self.assertNotIn("score", f)
        cut = view.parse("\n".join(CG.splitlines()[:20]))
        self.assertEqual(cut["frames"][-1]["label"], "turn 2 (the trace stops here)")
        self.assertEqual(len(view.parse("CGREF_TRACE 1\n")["frames"]), 1)

    def test_bad(self):
        bad = [CG.replace("CGREF_TRACE 1", "CGREF_TRACE 2"),
               CG.replace("ASK 1 0 2 1000", "ASK 1 0 2"), CG.replace("ASK 1 0 2 1000", "ASK 1 x 2 1000"),
               CG.replace("ASK 1 0 2 1000", "ASK 1 8 2 1000"),           # cgref plays at most 8
               CG.replace("TIME 0 1.500", "TIME 1 1.500"),               # not the player asked
               CG.replace("TIME 0 1.500", "TIME 0 nan"), CG.replace("TIME 0 1.500", "TIME 0 inf"),
               CG.replace("TIME 0 1.500\n", ""),                         # a question never closed
               CG.replace("NOANSWER 1 0.000 eof", "NOANSWER 1 0.000 late"),
               CG.replace('ERR 0 "a', 'ERR 0 "a"b'), CG.replace('ERR 0 "a\\nb\\tc\\\\"', "ERR 0 [1]"),
               CG.replace('ERR 0 "a\\nb\\tc\\\\"', "ERR 0 " + "[" * 100000),
               CG.replace("SUMMARY 3 ", "SUMMARY 1 back"),              # the turn goes back
               CG.replace("ASK 2 1 1 100", "< stray\nASK 2 1 1 100"),
               CG.replace("SOFTTIMEOUT 1", "SOFTTIMEOUT"),
               CG.replace("END turns 3\n", ""),                          # SCORE before END
               CG + "ASK 4 0 1 100\n", CG + "SEED 3\n", CG_FAIL + "SUMMARY 1 x\n",
               CG.replace("LIMITS 1000 100", "LIMITS 1000 100\nBOT 2 late"),
               CG.replace("SCORE 1 -1", "SCORE 1 x"), CG.replace("DEACTIVATED 1 3", "DEACTIVATED 1 x"),
               CG.replace("ASK 2 0 0 100", "HELLO 2 0 0 100")]
        for text in bad:
            with self.assertRaises(view.ViewError, msg=text):
                view.parse(text)
        r = subprocess.run([sys.executable, os.path.join(REPO, "view.py"), "/dev/stdin", "-o", os.devnull],
                           input=bad[1], capture_output=True, text=True)
        self.assertEqual(r.returncode, 1)
        self.assertIn("ASK wants turn, player, lines and limit", r.stderr)

    def test_recorded(self):
        """tests/data/cgref: our Java tic-tac-toe referee through build/cgref-referee."""
        root = os.path.join(REPO, "tests", "data", "cgref")
        read = lambda name: view.parse(open(os.path.join(root, name), "rb").read())  # noqa: E731
        d = read("tictactoe-seed3.trace")  # GAME tictactoe: still cgref, not games/tictactoe's parser
        self.assertEqual((d["game"], d["format"], d["players"]), ("tictactoe", "cgref", ["tictactoe", "tictactoe-random"]))
        self.assertEqual(len(d["frames"]), 6)  # the header, five moves
        self.assertEqual([f["cmds"][0][0] for f in d["frames"][1:]], [0, 1, 0, 1, 0])
        self.assertTrue(d["frames"][1]["stderr"]["0"].startswith("turn 1: "))
        self.assertEqual(d["frames"][-1]["score"], [1, 0])
        d = read("tictactoe-timeout.trace")
        self.assertEqual(d["frames"][-1]["cmds"][0][:2], [1, "NOANSWER timeout"])
        self.assertIn("DEACTIVATED 1 4 $1 timeout", d["frames"][-1]["lines"])
        d = read("tictactoe-invalid.trace")
        self.assertEqual((d["frames"][1]["cmds"][0][1], d["frames"][1]["score"]), ("9 9", [-1, 1]))
        for name in os.listdir(root):  # no path of the machine that recorded them
            text = open(os.path.join(root, name), encoding="utf-8").read()
            self.assertNotRegex(text, r"(^|[\s\"'])/(work|tmp|home|root)/", name)


class BadInput(unittest.TestCase):
    """Cut or damaged traces: parse() returns data or raises ViewError,
    never anything else (the CLI turns ViewError into exit status 1)."""

    def test_cut_and_damaged(self):
        import random
        rng = random.Random(16)
        junk = ["", "x", "-1", "999999", "1.5", "|", "{", "p9", "HUNDREDS", "@@", "nan", ">", "<", "ASK", "END",
                "TIME", "SCORE", '"\\u12', "[[", "9" * 30]
        tried = 0
        for text in (S21, GC, BLITZ, G1K, GOD, TTT, TTT_ERR, CG, CG_FAIL):
            lines = text.splitlines()
            variants = ["\n".join(lines[:k]) for k in range(len(lines) + 1)]
            for _ in range(150):
                ls = list(lines)
                i = rng.randrange(len(ls))
                toks = ls[i].split(" ")
                toks[rng.randrange(len(toks))] = rng.choice(junk)
                ls[i] = " ".join(toks)
                variants.append("\n".join(ls))
            for v in variants:
                tried += 1
                try:
                    d = view.parse(v, game=None)
                except view.ViewError:
                    continue
                self.assertTrue(d["frames"], v)
        self.assertGreater(tried, 1100)


class Page(unittest.TestCase):
    def test_render_and_cli(self):
        tmp = tempfile.mkdtemp(prefix="view-test-")
        try:
            for name, text in (("s21", S21), ("gc", GC), ("blitz", BLITZ), ("g1k", G1K), ("god", GOD),
                               ("ttt", TTT), ("cgref", CG)):
                src = os.path.join(tmp, name + ".txt")
                with open(src, "w") as f:
                    f.write(text.replace("alpha", "</script><b>x"))
                out = os.path.join(tmp, name + ".html")
                data = view.render(src, out)
                html = open(out).read()
                self.assertTrue(html.startswith("<!DOCTYPE html>"))
                self.assertNotIn("http://", html.replace("http://www.w3.org/2000/svg", ""))
                self.assertEqual(html.count("</script>"), 2, name)  # the data cannot close its tag
                blob = html.split('id="data">', 1)[1].split("</script>", 1)[0]
                self.assertEqual(json.loads(blob), data)
            # the CLI: success, bad trace, missing file
            cli = [sys.executable, os.path.join(REPO, "view.py")]
            r = subprocess.run(cli + [os.path.join(tmp, "god.txt"), "-o", os.path.join(tmp, "x.html")])
            self.assertEqual(r.returncode, 0)
            bad = os.path.join(tmp, "bad.txt")
            with open(bad, "w") as f:
                f.write("hello\n")
            r = subprocess.run(cli + [bad, "-o", os.path.join(tmp, "y.html")], capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("unknown trace format", r.stderr)
            self.assertFalse(os.path.exists(os.path.join(tmp, "y.html")))
            r = subprocess.run(cli + [os.path.join(tmp, "none.txt"), "-o", os.path.join(tmp, "z.html")],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("view.py:", r.stderr)
            r = subprocess.run(cli + ["--live", "blitz", "-o", os.path.join(tmp, "live.html")])
            self.assertEqual(r.returncode, 0)
            self.assertIn("/events/", open(os.path.join(tmp, "live.html")).read())
            r = subprocess.run(cli + ["--live", "spring2021", "-o", os.path.join(tmp, "l2.html")],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
        finally:
            for f in glob.glob(os.path.join(tmp, "*")):
                os.remove(f)
            os.rmdir(tmp)


def recorded_traces():
    root = os.path.join(REPO, "tests", "data")
    found = []
    for pat in ("spring2021/t*.txt", "greencircle/seed*.txt", "blitz/*_*.txt", "cgref/*.trace"):
        found += glob.glob(os.path.join(root, pat))
    return sorted(found)


class GameFolders(unittest.TestCase):
    """Each game's parser and drawing come from games/<game>/; any other
    game gets the generic page; the referee's stderr sidecar goes on frames."""

    def test_every_game_has_its_files(self):
        for g in ("spring2021", "greencircle", "blitz", "get1000", "gameofdrones", "tictactoe"):
            self.assertTrue(callable(view.game_module(g).parse), g)
            self.assertIn("const GAME", view.game_js(g), g)

    def test_detect_by_name_and_headers(self):
        # NOSUCHGAME: a made-up game with no folder (a user's own game, nim say, must not break this test)
        self.assertEqual(view.detect("TICTACTOE_TRACE 1"), "tictactoe")
        self.assertEqual(view.detect("GAME spring2021 seed 1"), "spring2021")
        self.assertEqual(view.detect("BLITZ2016-TRACE 1"), "blitz")
        self.assertEqual(view.detect('{"game": {}}'), "blitz")
        self.assertEqual(view.detect("NOSUCHGAME_TRACE 1"), "nosuchgame")  # no folder: generic
        self.assertIsNone(view.detect("hello"))
        self.assertIsNone(view.game_module("../x"))
        self.assertIsNone(view.game_js("nosuchgame"))

    def test_generic_page(self):
        text = "NOSUCHGAME_TRACE 1\nSEED 4\nBOT 0 /x/build/nosuchgame\nBOT 1 ./nosuchgame-random\nTAKE 0 2 3 1.250\nTAKE 1 0 1 0.500\n" \
               "ERROR 0 timeout turn 3: no line\nEND winner 1\n"
        d = view.parse(text)
        self.assertEqual(d["game"], "nosuchgame")
        self.assertEqual(d["players"], ["nosuchgame", "nosuchgame-random"])
        self.assertEqual(len(d["frames"]), 5)  # the header, two moves, the error, the end
        self.assertEqual(d["frames"][0]["lines"], text.splitlines()[:4])
        self.assertEqual(d["frames"][1]["cmds"], [[0, "TAKE 2 3", "", 1.25]])
        self.assertEqual(d["frames"][3]["cmds"], [[0, "ERROR timeout turn 3: no line", "", None]])
        html = view.page_html(d)
        self.assertIn("no drawing for this game", html)
        self.assertEqual(view.parse(text, names=["a", "b"])["players"], ["a", "b"])

    def test_stderr_sidecar(self):
        raw = b"TICTACTOE_TRACE 1\nSEED 1\nBOT 0 a\nBOT 1 b\nMOVE 0 1 1 0.5\nMOVE 1 0 0 0.2\nEND draw\n"
        at = raw.index(b"MOVE 1")  # after the first move's line
        side = "%d 0 thinking\\nhard\n%d 1 me too\n5 1 hello\n" % (at, at)
        d = view.parse(raw, None, side)
        self.assertEqual(d["frames"][1]["stderr"], {"0": "thinking\\nhard", "1": "me too"})
        self.assertEqual(d["frames"][0]["stderr"], {"1": "hello"})  # before the first move: frame 0
        self.assertNotIn("stderr", d["frames"][2])
        self.assertEqual([f["score"] for f in d["frames"]][-1], [0, 0])
        for bad in ("x y z\n", "12\n", "99999 0 past the end\n"):
            view.parse(raw, None, bad)  # never raises
        # written before the header (offset 0): the trace is still read
        early = view.parse(raw, None, "0 1 early\n")
        self.assertEqual((early["game"], early["frames"][0]["stderr"]), ("tictactoe", {"1": "early"}))

    def test_think_times_from_the_sidecar(self):
        # the referee core's `OFFSET T P MS` entries give think times to a
        # trace format without them (spring2021's and greencircle's official
        # ones); a command that has its own keeps it; bad entries are ignored
        raw = b"NOSUCHGAME_TRACE 1\nBOT 0 a\nBOT 1 b\nTAKE 0 2\nTAKE 1 1\nTAKE 0 1 7.5\n"
        at = raw.index(b"TAKE 0 2")
        side = "%d T 0 4.250\n%d T 1 0.500\n%d T 0 9.0\n%d T x 1\n7 T 0 nan\n" % (at, at + 3, at + 9, at)
        d = view.parse(raw, None, side)
        self.assertEqual([f["cmds"][0][3] for f in d["frames"][1:]], [4.25, 0.5, 7.5])
        self.assertNotIn("think", d["frames"][1])
        with_err = view.parse(raw, None, side + "%d 1 hello\n" % at)
        self.assertEqual(with_err["frames"][0]["stderr"], {"1": "hello"})

    def test_names_beside_the_trace(self):
        with tempfile.TemporaryDirectory() as tmp:
            t = os.path.join(tmp, "g.trace")
            with open(t, "w") as f:
                f.write("NOSUCHGAME_TRACE 1\nBOT 0 a\nBOT 1 b\nTAKE 0 1 1 0.1\n")
            with open(t + ".names", "w") as f:
                f.write("dist\nrandom\n")
            self.assertEqual(view.render(t, t + ".html")["players"], ["dist", "random"])
            self.assertEqual(view.render(t, t + ".html", names=["x", "y"])["players"], ["x", "y"])


class RecordedTraces(unittest.TestCase):
    def test_every_recorded_trace_parses(self):
        files = recorded_traces()
        self.assertTrue(files, "no recorded traces in tests/data/")
        for path in files:
            with open(path, encoding="utf-8", errors="replace") as f:
                d = view.parse(f.read())
            self.assertGreater(len(d["frames"]), 1, path)
            if d["game"] == "spring2021":
                self.assertEqual(len(d["frames"][-1]["shadow"]), 37)


if __name__ == "__main__":
    sys.exit(pyunit.main(sys.modules[__name__]))
