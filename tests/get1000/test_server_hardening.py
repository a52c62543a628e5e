#!/usr/bin/env python3
"""test_server_hardening.py -- build/get1000-server against clients that
would lock it out, and its records: a joiner that forfeits before its room
starts frees its seat and room (70 of them, more than the room table),
idle room creators holding every room lose the oldest one to a new join, a
ping flooder that never reads is dropped, a silent socket is closed after
--handshake-ms, 200 idle sockets do not keep a player out, invalid close
codes get 1002, HTTP/1.0 handshakes are refused, GET / is a status page,
and `--matches 1 --results FILE` plays a match between the project's bots,
prints its result, appends it and logs it. Loopback only; every wait is
bounded. Last line: "N passed, N failed".

Usage: test_server_hardening.py BUILD_DIR (get1000-server, get1000, get1000-ev)
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "servers"))
from srvtest import (check, summary, start_get1000, connect, ws_open, ws_frame, ws_read, ws_text,  # noqa: E402
                     join_msg, http, raise_nofile, run_steps, silent_socket_closed)

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
EXE = os.path.join(BUILD, "get1000-server")


def frames_until(s, buf, want, limit=50):
    """Reads frames until one whose text contains want (or a close); returns (found, op, payload, buf)."""
    for _ in range(limit):
        op, p, buf = ws_read(s, buf)
        if op == 8 or want.encode() in p:
            return want.encode() in p, op, p, buf
    return False, None, b"", buf


def leakers(port):
    # one leaker in room r1, then two honest players fill r1 and play
    s, st, buf = ws_open(port)
    ws_text(s, join_msg("r1", "leaker"))
    ws_text(s, '{"action":["no.sonat.game.PlacementAction",{"id":')
    found, _, _, buf = frames_until(s, buf, "GameError")
    check("a malformed message before the start forfeits (GameError)", found)
    s.close()
    a, _, ba = ws_open(port)
    b, _, bb = ws_open(port)
    ws_text(a, join_msg("r1", "a"))
    ws_text(b, join_msg("r1", "b"))
    fa, _, _, ba = frames_until(a, ba, "DiceRoll")
    check("the leaker's room was freed: two new players start it", fa)
    a.close()
    b.close()
    time.sleep(0.2)
    # more leakers than the room table holds
    socks = []
    for i in range(70):
        c, _, cb = ws_open(port)
        ws_text(c, join_msg("leak-%d" % i, "x"))
        ws_text(c, "not json")
        socks.append(c)
    time.sleep(0.5)
    c, _, cb = ws_open(port)
    ws_text(c, join_msg("after-leaks", "honest"))
    op, p, cb = ws_read(c, cb)
    check("after 70 leakers a join still gets JoinResponse", b"JoinResponse" in p, p[:120])
    for x in socks + [c]:
        x.close()


def room_reclaim(port):
    held = []
    for i in range(64):  # every room of SERVER_MAX_ROOMS, each waiting for a second player
        c, _, cb = ws_open(port)
        ws_text(c, join_msg("idle-%d" % i, "x"))
        held.append((c, cb))
    time.sleep(1.2)  # past --room-wait-ms 800
    c, _, cb = ws_open(port)
    ws_text(c, join_msg("late", "honest"))
    op, p, cb = ws_read(c, cb)
    check("all rooms held by idle creators: a join reclaims the oldest", b"JoinResponse" in p, p[:100])
    o, ob = held[0]
    found, _, p2, _ = frames_until(o, ob, "waited too long")
    check("the reclaimed room's agent is told why", found, p2[:100])
    for x, _ in held:
        x.close()
    c.close()
    time.sleep(0.3)


def flooder(port):
    s, st, _ = ws_open(port)
    s.settimeout(2)
    frame = b"".join(ws_frame(9, b"p" * 100) for _ in range(100))
    dropped = False
    for _ in range(3000):  # at most ~33 MB
        try:
            s.sendall(frame)
        except socket.timeout:
            time.sleep(0.2)  # the server stopped reading from us: it must drop us soon
        except OSError:
            dropped = True
            break
    s.close()
    check("a ping flooder that never reads is dropped", dropped)
    a, _, ba = ws_open(port)
    ws_text(a, join_msg("post-flood", "z"))
    op, p, _ = ws_read(a, ba)
    check("the server answers after the flood", b"JoinResponse" in p, p[:80])
    a.close()


def handshake_timeout(port):
    check("a silent socket is closed after --handshake-ms", silent_socket_closed(port, 5))


def eviction(port):
    raise_nofile(4096)
    idle = [connect(port) for _ in range(200)]  # more than SERVER_MAX_CONN (128)
    try:
        time.sleep(0.3)
        a, st, ba = ws_open(port)
        ws_text(a, join_msg("evict", "e"))
        op, p, _ = ws_read(a, ba)
        check("with 200 idle sockets open, a player joins", "101" in st and b"JoinResponse" in p, (st, p[:80]))
        a.close()
    finally:
        for c in idle:
            c.close()


def close_codes(port):
    for payload, want, name in ((b"\x03\xed", 1002, "1005 (reserved)"), (b"\x03\xe7", 1002, "999"),
                                (b"\x03", 1002, "a 1-byte payload"), (b"\x03\xe8", 1000, "1000"),
                                (b"\x0b\xb8bye", 3000, "3000 with a reason")):
        s, st, buf = ws_open(port)
        s.sendall(ws_frame(8, payload))
        try:
            op, p, _ = ws_read(s, buf)
            code = int.from_bytes(p[:2], "big") if op == 8 and len(p) >= 2 else None
        except (EOFError, OSError):
            code = None
        s.close()
        check("close code %s answered with %d" % (name, want), code == want, code)


def http_checks(port):
    s = connect(port)
    s.sendall(b"GET /agent HTTP/1.0\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    d = s.recv(200)
    s.close()
    check("an HTTP/1.0 handshake is refused (505)", d.startswith(b"HTTP/1.1 505"), d[:40])
    s, st, _ = ws_open(port, version="HTTP/1.1")
    check("an HTTP/1.1 handshake is accepted", "101" in st, st)
    s.close()
    st, page = http(port, "GET", "/")
    check("GET / is a status page", st == 200 and "Rooms:" in page and "Recent results:" in page, page[:200])


def match_records(tmp):
    res = os.path.join(tmp, "results.jsonl")
    log = os.path.join(tmp, "m.log")
    proc, port = start_get1000(EXE, ["--matches", "1", "--results", res, "--seed", "4"], log)
    url = "ws://127.0.0.1:%d/agent" % port
    bots = [subprocess.Popen([os.path.join(BUILD, b), "--url", url, "--room", "final", "--name", n, "--quiet"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for b, n in (("get1000", "mu1"), ("get1000-ev", "ev"))]
    rcs = []
    for b in bots:
        try:
            b.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            b.kill()
            b.communicate()
        rcs.append(b.returncode)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    check("both bots finish the match", rcs == [0, 0], rcs)
    check("--matches 1: the server exits 0 after the match", proc.returncode == 0, proc.returncode)
    line = out.strip().splitlines()[-1] if out.strip() else "{}"
    r = json.loads(line)
    check("--matches 1 prints the result (winner, wins, no forfeit)", r.get("room") == "final"
          and r.get("winner") in ("mu1", "ev") and max(p["wins"] for p in r["players"]) == 20
          and all(p["error"] == "" for p in r["players"]), line)
    with open(res) as f:
        lines = [l.strip() for l in f if l.strip()]
    check("the results file holds the same line", lines == [line], lines)
    with open(log) as f:
        text = f.read()
    check("the match end is logged with the winner and round wins",
          "match final ended after" in text and "winner " + r.get("winner", "?") in text, text[-300:])


def main():
    raise_nofile(4096)
    tmp = tempfile.mkdtemp(prefix="g1k-hard-")
    log = os.path.join(tmp, "server.log")
    proc, port = start_get1000(EXE, ["--handshake-ms", "1000", "--room-wait-ms", "800", "--seed", "3"], log)
    run_steps(proc, port, [leakers, room_reclaim, flooder, handshake_timeout, eviction, close_codes, http_checks])
    try:
        match_records(tmp)
    except Exception as e:  # noqa: BLE001
        check("match_records", False, repr(e))
    p = subprocess.run([EXE, "--help"], capture_output=True, text=True, timeout=10)
    check("--help exits 0 and documents --bind-any", p.returncode == 0 and "--bind-any" in p.stdout)
    subprocess.run(["rm", "-rf", tmp])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
