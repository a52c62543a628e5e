#!/usr/bin/env python3
"""test_server_kits.py -- build/blitz-server as an organiser runs it.

Our own small clients reproduce each connection behaviour of the event's
starter kits: keep-alive, a new connection per request never closed,
`Connection: close`, `Expect: 100-continue`, chunked bodies, and one that
stalls mid-request; each plays a full arena game alongside three others
(two games: one with a 64-character id, one named `final`, created and
started through the admin endpoints). Then: team names (never keys) in
states, results file, replay files, log lines, /events streams (live and
from a replay), the viewer file at /view/<id>, pipelining, HEAD, the
read and idle timeouts, eviction when every connection slot is taken, the
inactivity rule, the admin key, --help and --bind. Loopback only; every
wait is bounded. Last line: "N passed, N failed".

Usage: test_server_kits.py BUILD_DIR (holding blitz-server)
"""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import urlparse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "servers"))
from srvtest import (check, summary, start_blitz, connect, read_response, http, raise_nofile,  # noqa: E402
                     run_steps, silent_socket_closed)

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
EXE = os.path.join(BUILD, "blitz-server")
ADMIN = "adm-secret"
TEAMS = [("k%d" % i, n) for i, n in enumerate(["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot",
                                               "Golf", "Hotel", "India"], 1)]
TURNS = 10          # moves per hero of the kit games
IDLE_MS, READ_MS, INACT_MS = 3000, 1500, 4000


class Kit:
    """A client with one connection behaviour, playing random moves."""

    def __init__(self, port, mode, key):
        self.port, self.mode, self.key = port, mode, key
        self.sock = None
        self.old = []           # mode "newconn": never closed
        self.states = []
        self.error = ""
        self.rng = random.Random(hash(mode) & 0xFFFF)

    def _request(self, path, body):
        b = body.encode()
        head = "POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/x-www-form-urlencoded\r\n" % (
            path, self.port)
        if self.mode == "chunked":
            half = len(b) // 2
            payload = b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (half, b[:half], len(b) - half, b[half:])
            head += "Transfer-Encoding: chunked\r\n"
        else:
            payload = b
            head += "Content-Length: %d\r\n" % len(b)
        if self.mode == "close":
            head += "Connection: close\r\n"
        if self.mode == "expect":
            head += "Expect: 100-continue\r\n"
        data = head.encode() + b"\r\n"
        reuse = self.mode in ("keepalive", "expect", "chunked")
        for attempt in range(2):
            if not reuse or self.sock is None:
                self.sock = connect(self.port, 30)
                if self.mode == "newconn":
                    self.old.append(self.sock)
            s = self.sock
            try:
                if self.mode == "expect":
                    s.sendall(data)
                    interim = b""
                    while b"\r\n\r\n" not in interim:
                        c = s.recv(1)
                        if not c:
                            raise EOFError("closed before 100 Continue")
                        interim += c
                    if not interim.startswith(b"HTTP/1.1 100"):
                        raise ValueError("expected 100 Continue, got %r" % interim[:40])
                    s.sendall(payload)
                elif self.mode == "staller":
                    whole = data + payload
                    s.sendall(whole[:len(whole) // 2])
                    time.sleep(0.3)  # well inside the read timeout
                    s.sendall(whole[len(whole) // 2:])
                else:
                    s.sendall(data + payload)
                st, _, resp, _ = read_response(s)
                if not reuse and self.mode != "newconn":
                    s.close()
                    self.sock = None
                return st, resp.decode()
            except (EOFError, OSError) as e:
                # a kept connection the server closed (idle timeout): reconnect once
                self.sock = None
                if attempt == 1 or not reuse:
                    raise e

    def play(self, game_id):
        try:
            st, body = self._request("/api/arena?gameId=" + game_id, "key=" + self.key)
            while True:
                if st != 200:
                    self.error = "HTTP %d %s" % (st, body[:80])
                    return
                s = json.loads(body)
                self.states.append(s)
                if s["game"]["finished"] or s["hero"]["crashed"]:
                    return
                d = self.rng.choice(["North", "South", "East", "West", "Stay"])
                st, body = self._request(urlparse(s["playUrl"]).path, "dir=" + d)
        except Exception as e:  # noqa: BLE001 -- a failure is reported, not raised
            self.error = repr(e)


def events(port, game_id, out, timeout=60):
    """Reads /events/<id> until the server closes it; out gets the states."""
    try:
        s = connect(port, timeout)
        s.sendall(("GET /events/%s HTTP/1.1\r\nHost: x\r\n\r\n" % game_id).encode())
        buf = b""
        while True:
            c = s.recv(65536)
            if not c:
                break
            buf += c
        s.close()
        head, _, rest = buf.partition(b"\r\n\r\n")
        out["head"] = head.decode()
        out["states"] = [json.loads(l[6:]) for l in rest.decode().split("\n") if l.startswith("data: ")]
        out["closed"] = True
    except Exception as e:  # noqa: BLE001
        out["error"] = repr(e)


def admin_and_games(port, tmp, log_path):
    # the admin key guards creation, start, listing
    codes = [http(port, "POST", "/games", "category=x")[0] for _ in range(16)]
    check("16 unauthenticated game creations: all 403", codes == [403] * 16, codes)
    check("wrong apiKey: 403", http(port, "POST", "/games?apiKey=nope", "")[0] == 403)
    check("GET /games without apiKey: 403", http(port, "GET", "/games")[0] == 403)
    long_id = "round1-game1-" + "x" * 51
    st, body = http(port, "POST", "/games?apiKey=%s&id=%s&category=round1&turns=%d" % (ADMIN, long_id, TURNS))
    check("create a game with a 64-character id", st == 200 and json.loads(body)["id"] == long_id, (st, body))
    st, body = http(port, "POST", "/games?apiKey=%s&id=%s" % (ADMIN, long_id + "y"))
    check("a 65-character id: 400", st == 400, (st, body))
    st, body = http(port, "POST", "/games?apiKey=%s&id=bad%%2Fid" % ADMIN)
    check("an id with a slash: 400", st == 400, (st, body))
    st, body = http(port, "POST", "/games", "apiKey=%s&id=final&turns=%d" % (ADMIN, TURNS))
    check("create `final` (apiKey in the body)", st == 200, (st, body))
    # the viewer subscribes before the start
    ev_live = {}
    ev_thread = threading.Thread(target=events, args=(port, long_id, ev_live))
    ev_thread.start()
    modes = [("keepalive", long_id), ("newconn", long_id), ("close", long_id), ("expect", long_id),
             ("chunked", "final"), ("staller", "final"), ("keepalive", "final"), ("newconn", "final")]
    kits = [Kit(port, m, TEAMS[i][0]) for i, (m, _) in enumerate(modes)]
    threads = [threading.Thread(target=k.play, args=(g,)) for k, (_, g) in zip(kits, modes)]
    for t in threads:
        t.start()
        time.sleep(0.05)
    joined = {}
    for _ in range(100):
        st, body = http(port, "GET", "/games?apiKey=" + ADMIN)
        joined = {g["id"]: g for g in json.loads(body)} if st == 200 else {}
        if joined.get(long_id, {}).get("joined") == 4 and joined.get("final", {}).get("joined") == 4:
            break
        time.sleep(0.1)
    check("four joined each game; admin-start games wait", joined.get(long_id, {}).get("joined") == 4
          and joined.get("final", {}).get("joined") == 4 and not joined[long_id]["started"], joined)
    check("start before four joined is refused", http(port, "POST", "/games/nosuch/start?apiKey=" + ADMIN)[0] == 404)
    for gid in (long_id, "final"):
        st, body = http(port, "POST", "/games/%s/start?apiKey=%s" % (gid, ADMIN))
        check("admin start of %s" % gid[:20], st == 200, (st, body))
    for t in threads:
        t.join(120)
    for k, (m, g) in zip(kits, modes):
        last = k.states[-1] if k.states else {}
        ok = not k.error and last.get("game", {}).get("finished") is True and not last["hero"]["crashed"] \
            and last["game"]["turn"] == 4 * TURNS and len(k.states) >= TURNS
        check("kit %-9s plays a full game in %s" % (m, g[:12]), ok, (k.error, len(k.states), last.get("game", {}).get("turn")))
    names = {n for _, n in TEAMS[:8]}
    shown = {h["name"] for k in kits for s in k.states[:1] for h in s["game"]["heroes"]}
    check("states show team names", shown == names, shown)
    keys = {key for key, _ in TEAMS}

    def strings(o):
        if isinstance(o, dict):
            return [x for v in o.values() for x in strings(v)]
        if isinstance(o, list):
            return [x for v in o for x in strings(v)]
        return [o] if isinstance(o, str) else []
    leaked = any(v in keys for k in kits for s in k.states for v in strings(s))
    check("no key appears in any state", not leaked)
    ev_thread.join(60)
    st = ev_live.get("states", [])
    check("/events: one state a line, live, ends with the final state and a close",
          ev_live.get("closed") and "text/event-stream" in ev_live.get("head", "") and len(st) >= 4 * TURNS + 1
          and st[-1]["game"]["finished"] is True and st[-1]["game"]["turn"] == 4 * TURNS
          and all(a["game"]["turn"] <= b["game"]["turn"] for a, b in zip(st, st[1:])),
          (ev_live.get("error"), len(st)))
    check("/events states carry no token or key", all("token" not in s and "hero" not in s for s in st))
    # records
    with open(os.path.join(tmp, "results.jsonl")) as f:
        res = [json.loads(l) for l in f if l.strip()]
    mine = {r["game"]: r for r in res}
    check("results file: one line per finished game", long_id in mine and "final" in mine, list(mine))
    r = mine.get(long_id, {})
    check("result line: names, gold, ranks, status", r.get("status") == "turnmax"
          and sorted(h["name"] for h in r.get("heroes", [])) == sorted(n for _, n in TEAMS[:4])
          and all(h["rank"] == sum(o["gold"] >= h["gold"] for o in r["heroes"]) for h in r["heroes"]), r)
    for gid in (long_id, "final"):
        with open(os.path.join(tmp, "replays", gid + ".jsonl")) as f:
            lines = [json.loads(l) for l in f]
        check("replay %s: the start and every move" % gid[:12], len(lines) == 4 * TURNS + 1
              and [l["game"]["turn"] for l in lines] == list(range(4 * TURNS + 1))
              and lines[-1]["game"]["finished"] is True, len(lines))
    ev_late = {}
    events(port, "final", ev_late)
    check("/events of a finished game replays it whole, then closes",
          len(ev_late.get("states", [])) == 4 * TURNS + 1 and ev_late["states"][-1]["game"]["finished"], ev_late.get("error"))
    with open(log_path) as f:
        log = f.read()
    check("log lines for start and end with the result", "game %s started" % long_id in log
          and "game final ended (turnmax)" in log and "Echo" in log, log[-400:])
    st, page = http(port, "GET", "/" + long_id)
    check("text view of a 64-character id", st == 200 and "finished" in page, (st, page[:80]))
    st, page = http(port, "GET", "/final")
    check("GET /final", st == 200 and "Blitz game final" in page, (st, page[:80]))
    vu = kits[0].states[0]["viewUrl"]
    check("viewUrl points at the viewer", vu == "http://127.0.0.1:%d/view/%s?game=%s" % (port, long_id, long_id), vu)
    with open(os.path.join(tmp, "viewer.html"), "rb") as f:
        want = f.read()
    s = connect(port)
    s.sendall(("GET /view/%s?game=%s HTTP/1.1\r\nHost: x\r\n\r\nHEAD /view/final HTTP/1.1\r\nHost: x\r\n\r\n"
               % (long_id, long_id)).encode())
    st, hd, body, rest = read_response(s)
    s.settimeout(2)
    extra = rest
    try:
        while b"\r\n\r\n" not in extra:
            c = s.recv(4096)
            if not c:
                break
            extra += c
    except socket.timeout:
        pass
    s.close()
    check("/view/<id> serves the viewer file's bytes", st == 200 and body == want and "text/html" in hd.get("content-type", ""),
          (st, len(body), len(want)))
    check("HEAD /view: headers only, same Content-Length", extra.startswith(b"HTTP/1.1 200")
          and (b"Content-Length: %d\r\n" % len(want)) in extra and extra.endswith(b"\r\n\r\n"), extra[-120:])


def pipelining(port):
    s = connect(port)
    reqs = b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /final HTTP/1.1\r\nHost: x\r\n\r\n" \
           b"HEAD /final HTTP/1.1\r\nHost: x\r\n\r\nPOST /api/training HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
    s.sendall(reqs)
    got = []
    rest = b""
    try:
        for i in range(4):
            s2 = _Buffered(s, rest)
            st, hd, body, rest = read_response(s2, head_only=(i == 2))
            got.append((st, int(hd.get("content-length", -1)), len(body)))
    except (EOFError, OSError) as e:
        got.append(repr(e))
    s.close()
    check("four pipelined requests in one write: four answers in order", len(got) == 4
          and [g[0] for g in got] == [200, 200, 200, 400] and got[2][1] > 0 and got[2][2] == 0, got)


class _Buffered:
    """A socket whose first recv returns bytes already read."""

    def __init__(self, s, pre):
        self.s, self.pre = s, pre

    def recv(self, n):
        if self.pre:
            p, self.pre = self.pre, b""
            return p
        return self.s.recv(n)


def timeouts(port):
    s = connect(port)
    s.sendall(b"POST /api/training HTTP/1.1\r\nHost: x\r\nContent-Len")
    s.settimeout(READ_MS / 1000 + 5)
    try:
        data = s.recv(4096)
    except socket.timeout:
        data = b"(no answer)"
    s.close()
    check("a request stalled past --read-ms gets 408 and a close", data.startswith(b"HTTP/1.1 408"), data[:40])
    check("an idle connection is closed after --idle-ms", silent_socket_closed(port, IDLE_MS / 1000 + 4))


def eviction(port):
    raise_nofile(4096)
    idle = []
    try:
        for _ in range(200):  # more than SERVER_MAX_CONNS (128)
            idle.append(connect(port))
        time.sleep(0.3)
        st, body = http(port, "POST", "/api/training", "key=k9&turns=3&map=m1")
        check("with 200 idle sockets open, a training game is served", st == 200 and json.loads(body)["hero"]["name"] == "India",
              (st, body[:80]))
        half = [c for c in idle[:10]]
        closed = 0
        for c in half:
            c.settimeout(2)
            try:
                closed += c.recv(1) == b""
            except (socket.timeout, OSError):
                pass
        check("the oldest idle sockets were evicted", closed >= 5, closed)
    finally:
        for c in idle:
            c.close()


def inactivity(port):
    st1, _ = http(port, "POST", "/games?apiKey=%s&id=stale" % ADMIN)
    st2, _ = http(port, "POST", "/games?apiKey=%s&id=newest" % ADMIN)
    time.sleep(INACT_MS / 1000 + 1.5)
    st, body = http(port, "GET", "/games?apiKey=" + ADMIN)
    g = {x["id"]: x for x in json.loads(body)} if st == 200 else {}
    check("inactivity rule: an unfilled game is aborted, the newest is kept", st1 == st2 == 200
          and g.get("stale", {}).get("aborted") is True and g.get("newest", {}).get("aborted") is False, g)
    st, body = http(port, "POST", "/api/arena?gameId=stale", "key=k1")
    check("joining an aborted game: 400", st == 400, (st, body))
    st, body = http(port, "DELETE", "/games/newest?apiKey=" + ADMIN)
    check("DELETE /games/<id> aborts it", st == 200 and http(port, "GET", "/newest")[1].find("aborted") > 0, (st, body))


def command_line():
    p = subprocess.run([EXE, "--help"], capture_output=True, text=True, timeout=10)
    check("--help prints the options and exits 0", p.returncode == 0 and "--admin-key" in p.stdout and "--bind" in p.stdout)
    p = subprocess.run([EXE, "--port", "0", "--bind", "not-an-address"], capture_output=True, text=True, timeout=10)
    check("a bad --bind: exit 1 with a message", p.returncode == 1 and "bind" in p.stderr, p.stderr)
    p = subprocess.run([EXE, "--port", "0", "--keys", "k1:Bad\"Name"], capture_output=True, text=True, timeout=10)
    check("a team name with a quote is refused", p.returncode != 0 and "name" in p.stderr, p.stderr)


def main():
    raise_nofile(4096)
    tmp = tempfile.mkdtemp(prefix="blitz-kits-")
    os.mkdir(os.path.join(tmp, "replays"))
    with open(os.path.join(tmp, "viewer.html"), "wb") as f:
        f.write(b"<!doctype html><title>viewer</title>" + b"<!-- pad -->" * 4000 + b"\n")  # > one buffer
    teams = os.path.join(tmp, "teams.txt")
    with open(teams, "w") as f:
        f.write("# key name\n" + "".join("%s %s\n" % kv for kv in TEAMS[4:]))
    log_path = os.path.join(tmp, "server.log")
    keys = ",".join("%s:%s" % kv for kv in TEAMS[:4])
    proc, port = start_blitz(EXE, ["--seed", "5", "--keys", keys, "--teams", teams, "--admin-key", ADMIN,
                                   "--min-ms", "0", "--timeout-ms", "3000", "--idle-ms", str(IDLE_MS),
                                   "--read-ms", str(READ_MS), "--inactivity-ms", str(INACT_MS),
                                   "--replays", os.path.join(tmp, "replays"),
                                   "--results", os.path.join(tmp, "results.jsonl"),
                                   "--viewer", os.path.join(tmp, "viewer.html")], log_path)
    def kit_games(p):
        admin_and_games(p, tmp, log_path)
    run_steps(proc, port, [kit_games, pipelining, timeouts, eviction, inactivity])
    command_line()
    subprocess.run(["rm", "-rf", tmp])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
