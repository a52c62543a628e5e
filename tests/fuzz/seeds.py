#!/usr/bin/env python3
"""seeds.py -- writes the seed corpus of every fuzz target (tests/fuzz/).

Usage (from the repository root): tests/fuzz/seeds.py OUTDIR

OUTDIR/<target>/ gets small inputs in the format the target reads: the
documents, messages and turn inputs the tests use (built in below), plus,
for the stdin games, turn inputs cut from the recorded traces in
tests/data/<game>/ when that folder exists (first blocks of player 0 of
each trace). Nothing outside the repository is read. Standard library only.
"""
import hashlib
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def put(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def blitz_state(turn=4, n=6, me=1, finished=False, spikes=True):
    corners = [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]
    tiles = ["  "] * (n * n)
    tiles[1 * n + 2] = "##"
    tiles[2 * n + 2] = "$-"
    tiles[2 * n + 3] = "$1"
    tiles[3 * n + 1] = "[]"
    if spikes:
        tiles[3 * n + 3] = "^^"
    for k, (x, y) in enumerate(corners):
        tiles[x * n + y] = "@%d" % (k + 1)
    heroes = [{"id": k + 1, "name": "h%d" % k, "pos": {"x": x, "y": y}, "lastDir": "North",
               "life": 100 - 10 * k, "gold": 5 * k, "mineCount": k % 2,
               "spawnPos": {"x": x, "y": y}, "crashed": k == 3}
              for k, (x, y) in enumerate(corners)]
    return json.dumps({"game": {"id": "abcdefgh", "turn": turn, "maxTurns": 1200, "heroes": heroes,
                                "board": {"size": n, "tiles": "".join(tiles)}, "finished": finished},
                       "hero": {"id": me, "name": "bot"}, "token": "t0k3",
                       "viewUrl": "http://127.0.0.1:9000/abcdefgh",
                       "playUrl": "http://127.0.0.1:9000/api/abcdefgh/t0k3/play"})


def g1k(cls, body):
    return json.dumps({"response": ["no.sonat.game." + cls, body]})


def spring2021_builtin():
    init = ["37"] + ["%d %d -1 -1 -1 -1 -1 -1" % (i, 3 if i < 7 else 2 if i < 19 else 1) for i in range(37)]
    turn = ["0", "20", "2 0", "2 0 0", "4", "19 1 1 0", "22 1 1 0", "28 1 0 0", "31 1 0 0",
            "4", "WAIT", "GROW 19", "SEED 19 10", "COMPLETE 22"]
    turn2 = ["1", "20", "5 0", "3 2 0", "3", "19 2 1 0", "22 1 1 1", "28 3 0 0", "2", "WAIT", "GROW 19"]
    return "\n".join(init + turn + turn2) + "\n"


GREENCIRCLE_BLOCK = """MOVE
2
APPLICATION 0 4 4 0 0 0 0 0 0
APPLICATION 1 4 0 4 0 0 0 0 0
-1 0 0 0
-1 0 0 0
3
HAND 0 0 0 0 0 0 0 0 3 1
DRAW 0 0 0 0 0 0 0 0 1 3
OPPONENT_CARDS 0 0 0 0 0 0 0 0 4 4
3
RANDOM
MOVE 0
MOVE 1
"""


def trace_blocks(path, game, nblocks=3):
    """Player 0's first input blocks of a recorded trace, as one text."""
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            rows = f.read().split("\n")
    except OSError:
        return None
    out, i, blocks = [], 0, 0
    while i < len(rows) and blocks < nblocks:
        r = rows[i].split()
        if game == "spring2021" and len(r) >= 3 and r[0] in ("INIT", "IN") and r[1] == "0":
            n = int(r[2])
            out += rows[i + 1:i + 1 + n]
            blocks += r[0] == "IN"
            i += 1 + n
            continue
        if game == "greencircle" and len(r) >= 6 and r[0] == "TURN" and r[3] == "0" and r[4] == "LINES":
            n = int(r[5])
            out += rows[i + 1:i + 1 + n]
            blocks += 1
            i += 1 + n
            continue
        i += 1
    return "\n".join(out) + "\n" if out else None


def ws_frame(op, payload, fin=True, mask=None):
    b = bytes([(0x80 if fin else 0) | op])
    n = len(payload)
    mbit = 0x80 if mask else 0
    if n < 126:
        b += bytes([mbit | n])
    elif n < 65536:
        b += bytes([mbit | 126]) + struct.pack(">H", n)
    else:
        b += bytes([mbit | 127]) + struct.pack(">Q", n)
    if mask:
        b += mask
        payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
    return b + payload


def god(*calls):
    """gameofdrones call script: (op, arg bytes...) with numbers as table
    indexes (see fuzz_gameofdrones.c: index k < 21 is a small number)."""
    return bytes(x for call in calls for x in call)


def god_big(data):
    """A gameofdrones script that may change to a long round (fuzz_gameofdrones.c
    lets one input in 8 do so, by FNV-1a of the input): a last round end
    whose outcome byte is chosen so that the hash passes."""
    for k in range(256):
        b = data + bytes((4, k, 2, 1, 2, 0, 2, 2, 1))
        h = 2166136261
        for c in b:
            h = ((h ^ c) * 16777619) & 0xFFFFFFFF
        if h % 8 == 0:
            return b
    raise ValueError("no byte passes the hash")


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[1]
    states = [blitz_state(), blitz_state(turn=8, me=2), blitz_state(finished=True), blitz_state(n=10, me=4)]
    msgs = [g1k("JoinResponse", {"id": "room", "name": "bot"}),
            *[g1k("DiceRoll", {"value": v}) for v in (1, 6, 3, 4, 2, 5, 6, 1, 3)],
            g1k("GameError", {"id": "Sonat", "errorMsg": "too \"slow\" \u00e6"}),
            g1k("GameEnd", {"id": "Sonat"}),
            g1k("RoundResult", {"id": "room"})]
    # json
    for doc in states + msgs + ['{"a":[1,-2.5e3,{"b":"c\\u0041\\n\\ud83d\\ude00"}],"t":true,"f":false,"n":null}',
                                "[9223372036854775807,-9223372036854775808,1e400,3.0,0]", '"\\u0000x"', "{}"]:
        put(out, "json", doc)
    # reader
    put(out, "reader", b"\x00" + b"3\n1 2 3\n-7 word 99999999999\r\n\n  x  \n")
    put(out, "reader", b"\x01" + spring2021_builtin().encode())
    # stdin games
    put(out, "spring2021", spring2021_builtin())
    put(out, "greencircle", GREENCIRCLE_BLOCK + GREENCIRCLE_BLOCK.replace("MOVE\n", "GIVE_CARD\n", 1))
    for game in ("spring2021", "greencircle"):
        d = os.path.join(ROOT, "tests", "data", game)
        if os.path.isdir(d):
            for name in sorted(os.listdir(d))[:12]:
                text = trace_blocks(os.path.join(d, name), game)
                if text:
                    put(out, game, text)
    # blitz: state documents separated by NUL bytes
    put(out, "blitz", states[0])
    put(out, "blitz", "\0".join(states))
    # get1000: messages, one a line (first byte: policy)
    for pol in range(3):
        put(out, "get1000", bytes([pol]) + "\n".join(msgs).encode())
    # http client: responses (first byte: method and buffer size)
    ok = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n"
    for resp in (ok + ok, chunked + ok, b"HTTP/1.1 100 Continue\r\n\r\n" + ok,
                 b"HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nokHTTP/1.0 404 NF\r\n\r\nbye",
                 b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\nDid you forget the key parameter?"):
        for first in (0, 1, 4):
            put(out, "http_client", bytes([first]) + resp)
    # http server side: request targets and form bodies
    for q in ("127.0.0.1:9000/api/training?key=abc%20d&turns=30+1&map=m1",
              "localhost/api/arena?gameId=x%2Fy&key=k", "h:8080/api/abcdefgh/t0k3/play?dir=North",
              "key=%zz&dir=", "[::1]:65535/?a=%00"):
        put(out, "http_server", q)
    # ws client: after a valid 101 head (first byte 0): more headers, blank line, frames
    frames = (ws_frame(1, "\n".join(msgs[:3]).encode()) + ws_frame(9, b"hi") + ws_frame(10, b"") +
              ws_frame(1, b'{"resp', fin=False) + ws_frame(0, b'onse":1}') + ws_frame(2, b"\xff\x00") +
              ws_frame(8, struct.pack(">H", 1000) + b"bye"))
    put(out, "ws_client", b"\x00\r\n" + frames)
    put(out, "ws_client", b"\x00X-Extra: 1\r\n\r\n" + ws_frame(1, b"x" * 300) + ws_frame(1, b"y" * 70000))
    put(out, "ws_client", b"\x01HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
    # ws server: a client's handshake and masked frames
    head = (b"GET /agent HTTP/1.1\r\nHost: 127.0.0.1:8443\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    mk = b"\x01\x02\x03\x04"
    put(out, "ws_server", head + ws_frame(1, b'{"action":["no.sonat.game.JoinRoomAction",{"id":"r","name":"n"}]}', mask=mk)
        + ws_frame(9, b"p", mask=mk) + ws_frame(8, struct.pack(">H", 1001), mask=mk))
    put(out, "ws_server", head + ws_frame(1, b"a" * 200, mask=mk) + ws_frame(1, b"frag", fin=False, mask=mk)
        + ws_frame(0, b"ment", mask=mk))
    # gameofdrones: call scripts (ops 0 match, 1 round, 2/3 turn, 4 end)
    T10 = god((0, 30, 1), (1, 10, 1), (2, 1, 0), (2, 2, 0), (2, 4, 0), (4, 1, 3, 8, 0, 0, 3, 2, 1))
    put(out, "gameofdrones", T10 * 3)
    rnd = lambda t, op=0xFB: (op, t, 1, 2, 1, 0, 2, 2, 0, 4, 2, 2, 1, 2, 0, 2, 2, 1)
    put(out, "gameofdrones", god((0, 30, 1), *[rnd(t) for t in (2, 3, 5)]))
    for t in (12, 17, 20):  # 12, 40 and 100 turns, then back to 4
        put(out, "gameofdrones", god_big(god((0, 30, 1), rnd(t), rnd(t), rnd(4))))
    put(out, "gameofdrones", god((1, 254, 253), (2, 254, 252), (4, 0, 255) + tuple(struct.pack("<d", 1e308)) +
                                 (25, 26, 1, 30, 31, 0)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
