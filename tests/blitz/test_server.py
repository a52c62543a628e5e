#!/usr/bin/env python3
"""test_server.py -- a scripted session against build/blitz-server (README: Hosting an event).

Uses only the standard library (http.client and raw sockets, so the test
needs no curl). Checks every error status and text of server.c, the state
JSON of 8.3 (field names, x = row, playUrl/viewUrl from the Host header),
long polling in the arena flow, the training crash rule, malformed and
oversized requests, keep-alive, and finally plays short training games with
the merged bot and a sparring bot. Last line: "N passed, N failed".

Usage: test_server.py BUILD_DIR
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "servers"))
from srvtest import check, summary, run_steps  # noqa: E402


def start_server(*extra):
    # No viewer page: viewUrl is then the text view /<id>, whatever `make`
    # has built (test_server_kits.py covers the viewer at /view/<id>).
    p = subprocess.Popen([os.path.join(BUILD, "blitz-server"), "--port", "0", "--seed", "7",
                          "--viewer", os.path.join(BUILD, "no-such-viewer.html")] + list(extra),
                         stdout=subprocess.PIPE, stderr=None if os.environ.get("BLITZ_SERVER_LOG") else subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    m = re.search(r":(\d+)\s*$", line)
    if not m:
        p.kill()
        raise SystemExit("server did not start: %r" % line)
    return p, int(m.group(1))


def post(port, path, body="", host=None, timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if host:
        c.putrequest("POST", path, skip_host=True)
        c.putheader("Host", host)
        for k, v in headers.items():
            c.putheader(k, v)
        c.putheader("Content-Length", str(len(body)))
        c.endheaders(body.encode())
    else:
        c.request("POST", path, body=body, headers=headers)
    r = c.getresponse()
    data = r.read().decode()
    c.close()
    return r.status, data


def raw(port, data, timeout=5):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(data)
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
            if b"\r\n\r\n" in out:
                head, _, rest = out.partition(b"\r\n\r\n")
                m = re.search(rb"Content-Length: (\d+)", head)
                if m and len(rest) >= int(m.group(1)):
                    break
    except socket.timeout:
        pass
    s.close()
    return out.decode(errors="replace")


MAP3 = "@1    @4\n      \n@2    \n"
MAPBAD = "@1xx@4\n      \n@2  @3\n"


def training_errors(port):
    st, body = post(port, "/api/training", "")
    check("training without key: 400 text", st == 400 and body == "Did you forget the key parameter?", (st, body))
    st, body = post(port, "/api/training", "key=nobody")
    check("unknown key: 400 Key not found", st == 400 and body == "Blitz - Key not found", (st, body))
    st, body = post(port, "/api/training", "key=k1&map=" + MAP3.replace("\n", "%0A").replace(" ", "+"))
    check("map without 4 heroes: 400 Blitz - map", st == 400 and body == "Blitz - " + MAP3, (st, body))
    st, body = post(port, "/api/training", "key=k1&map=" + MAPBAD.replace("\n", "%0A").replace(" ", "+"))
    check("map with unknown token: 500", st == 500, (st, body))
    st, body = post(port, "/api/arena?gameId=nosuch", "key=k1")
    check("arena unknown gameId: 400", st == 400 and body == "Blitz - No round with id nosuch", (st, body))


def training_game(port):
    st, body = post(port, "/api/training", "key=k1&map=m1&turns=5", host="example.test:1234")
    check("training m1: 200", st == 200, (st, body[:200]))
    s = json.loads(body)
    g = s["game"]
    check("state fields", g["turn"] == 0 and g["maxTurns"] == 20 and len(g["heroes"]) == 4
          and g["board"]["size"] == 10 and len(g["board"]["tiles"]) == 200
          and g["finished"] is False and g["started"] is True and g["category"] == "", g)
    h1 = g["heroes"][0]
    check("x is the row (m1 hero 1 at row 0, column 1)", h1["pos"] == {"x": 0, "y": 1}
          and g["board"]["tiles"][2:4] == "@1", h1)
    check("hero 3 spawnPos mirrored from hero 1", g["heroes"][2]["spawnPos"] == {"x": 9, "y": 8}
          and g["heroes"][2]["pos"] == {"x": 7, "y": 7})
    check("training bots named random, no userId/elo",
          all(h["name"] == "random" and "userId" not in h and "elo" not in h for h in g["heroes"][1:]))
    check("no lastDir before the first move", all("lastDir" not in h for h in g["heroes"]))
    check("hero is ours, shown by its team name", s["hero"]["id"] == 1 and s["hero"]["name"] == "Alpha" and "userId" in s["hero"])
    check("no key anywhere in the state", "k1" not in json.dumps(s["game"]) and "k1" not in json.dumps(s["hero"]))
    check("playUrl/viewUrl from Host", s["playUrl"] == "http://example.test:1234/api/%s/%s/play" % (g["id"], s["token"])
          and s["viewUrl"] == "http://example.test:1234/" + g["id"], (s["playUrl"], s["viewUrl"]))
    check("id and token alphabet", re.fullmatch(r"[0-9a-z]{8}", g["id"]) is not None
          and re.fullmatch(r"[0-9a-z]{4}", s["token"]) is not None)
    play = "/api/%s/%s/play" % (g["id"], s["token"])
    st, body = post(port, play, "")
    check("dir missing: 400 empty", st == 400 and body == "", (st, body))
    st, body = post(port, play, "dir=")
    check("dir empty: 400 empty", st == 400 and body == "", (st, body))
    st, body = post(port, "/api/zzzzzzzz/%s/play" % s["token"], "dir=Stay")
    check("unknown game: 404", st == 404 and body == "Blitz - Unknown game zzzzzzzz", (st, body))
    st, body = post(port, "/api/%s/qqqq/play" % g["id"], "dir=Stay")
    check("wrong token: 404", st == 404 and body == "Blitz - Wrong or expired token", (st, body))
    st, body = post(port, play, "dir=N")
    s2 = json.loads(body) if st == 200 else {}
    check("unknown dir is Stay; turn advanced by 4", st == 200 and s2["game"]["turn"] == 4
          and s2["hero"]["lastDir"] == "Stay" and s2["hero"]["life"] == 99
          and s2["game"]["heroes"][1]["lastDir"] in ("North", "South", "East", "West"), body[:300])
    st, body = post(port, play, "dir=+south+")
    s3 = json.loads(body)
    check("dir case-insensitive, spaces ignored", s3["hero"]["lastDir"] == "South" and s3["hero"]["pos"] == {"x": 1, "y": 1},
          s3["hero"])
    for _ in range(3):
        st, body = post(port, play, "dir=Stay")
    s4 = json.loads(body)
    check("game ends at maxTurns", st == 200 and s4["game"]["finished"] is True and s4["game"]["turn"] == 20, body[:200])
    st, body = post(port, play, "dir=Stay")
    check("move after the end: 400", st == 400 and body == "Blitz - The game is finished", (st, body))
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/" + g["id"])
    r = c.getresponse()
    page = r.read().decode()
    check("viewer page", r.status == 200 and "finished" in page, page[:100])


TIMEOUT_MS = 4000  # the timeout server's move limit: scripted moves come well within it at any load


def training_crash(port):
    st, body = post(port, "/api/training", "key=k2&map=m2")
    s = json.loads(body)
    play = "/api/%s/%s/play" % (s["game"]["id"], s["token"])
    time.sleep(TIMEOUT_MS / 1000 + 0.3)
    st, body = post(port, play, "dir=Stay")
    check("late move: 400 Time out", st == 400 and body == "Blitz - Time out! You must play faster", (st, body))
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/" + s["game"]["id"])
    page = c.getresponse().read().decode()
    check("training crash ends the game at turn 0", "turn 0/1200 finished" in page and "crashed" in page, page[:80])


def wait_joined(port, gid, n, secs=30):
    """Waits (bounded) until n heroes of game gid have joined (text view /gid)."""
    end = time.time() + secs
    while time.time() < end:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        c.request("GET", "/" + gid)
        page = c.getresponse().read().decode()
        c.close()
        if sum(1 for l in page.splitlines() if l.startswith("@") and "Waiting for player" not in l) >= n:
            return
        time.sleep(0.02)


def arena(port):
    results = {}

    def join(key):
        results[key] = post(port, "/api/arena?gameId=arena001", "key=" + key, timeout=20)

    threads = []
    for i, key in enumerate(["k1", "k2", "k3", "k4"]):
        t = threading.Thread(target=join, args=(key,))
        t.start()
        threads.append(t)
        wait_joined(port, "arena001", i + 1)  # join order = hero id
    threads[0].join(20)
    check("hero 1 answered once four joined", "k1" in results and results["k1"][0] == 200)
    time.sleep(0.2)
    check("others held by long polling", "k2" not in results and "k3" not in results)
    s1 = json.loads(results["k1"][1])
    check("join order gives hero ids", s1["hero"]["id"] == 1 and s1["game"]["heroes"][3]["name"] == "team-" + s1["game"]["heroes"][3]["userId"]
          and s1["game"]["category"] == "arena")
    play1 = "/api/arena001/%s/play" % s1["token"]
    res1 = {}
    t1 = threading.Thread(target=lambda: res1.update(r=post(port, play1, "dir=Stay", timeout=20)))
    t1.start()
    threads[1].join(20)
    check("hero 2 gets the state after hero 1 moved", results.get("k2", (0,))[0] == 200
          and json.loads(results["k2"][1])["game"]["turn"] == 1)
    st, body = post(port, play1, "dir=Stay")
    check("move out of turn: 400 Wait", st == 400 and body == "Blitz - Wait, you're not supposed to play now", (st, body))
    # hero 2 never answers: it crashes after TIMEOUT_MS, the server plays Stay for it
    threads[2].join(TIMEOUT_MS / 1000 + 20)
    s3 = json.loads(results["k3"][1])
    check("hero 2 crashed by timeout, game goes on", s3["game"]["heroes"][1]["crashed"] is True and s3["game"]["turn"] == 2,
          s3["game"]["heroes"][1])
    s2 = json.loads(results["k2"][1])
    st, body = post(port, "/api/arena001/%s/play" % s2["token"], "dir=Stay")
    check("crashed hero's move: 400 Time out", st == 400 and body == "Blitz - Time out! You must play faster", (st, body))
    for t in threads:
        t.join(TIMEOUT_MS / 1000 + 20)
    t1.join(TIMEOUT_MS / 1000 + 20)


def malformed(port):
    out = raw(port, b"garbage\r\n\r\n")
    check("malformed request line: 400", out.startswith("HTTP/1.1 400"), out[:40])
    out = raw(port, b"POST /api/training HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nkey=k1")
    check("oversized body: 413", out.startswith("HTTP/1.1 413"), out[:40])
    out = raw(port, b"POST /api/training HTTP/1.1\r\nX-Long: " + b"a" * 20000 + b"\r\n\r\n")
    check("oversized header: 431", out.startswith("HTTP/1.1 431"), out[:40])
    out = raw(port, b"POST /api/training?key=%zz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    check("bad percent escape: 400", out.startswith("HTTP/1.1 400"), out[:40])
    out = raw(port, b"GET /nothing/here HTTP/1.1\r\nHost: x\r\n\r\n")
    check("unknown route: 404", out.startswith("HTTP/1.1 404"), out[:40])
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    ok = True
    for _ in range(3):
        c.request("POST", "/api/training", body="", headers={"Content-Type": "application/x-www-form-urlencoded"})
        r = c.getresponse()
        ok = ok and r.status == 400 and r.read() == b"Did you forget the key parameter?"
    check("keep-alive: three requests on one connection", ok)
    c.close()


def split_body(port):
    """Headers asking for a close, the body 0.3 s later (http.client sends
    them apart): the request is answered, not dropped half-read."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"POST /api/training HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
              b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 6\r\n\r\n")
    time.sleep(0.3)
    try:
        s.sendall(b"key=zz")
        out = s.recv(4096)
    except OSError as e:
        out = repr(e).encode()
    s.close()
    check("Connection: close with the body sent after the headers: answered", out.startswith(b"HTTP/1.1 400")
          and b"Key not found" in out, out[:80])


def fuzz(port):
    """Random and truncated requests; the server must answer or close, and live."""
    import random
    rnd = random.Random(20160123)
    paths = [b"/api/training", b"/api/arena?gameId=arena001", b"/api/arena001/xxxx/play", b"/games",
             b"/games/arena001/start", b"/", b"/arena001", b"/api//play", b"/api/a/b/c/d", b"/%zz"]
    answered = 0
    for i in range(200):
        kind = rnd.randrange(4)
        if kind == 0:
            data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 400)))
        else:
            method = rnd.choice([b"POST", b"GET", b"PUT", b"DELETE", b"P\x00ST"])
            body = rnd.choice([b"", b"key=k1", b"key=k1&map=m9", b"dir=North", b"key=%", b"key=k1&turns=-3",
                               b"key=k1&turns=abc", b"a=b&&&==&c", b"key=" + b"x" * 200, b"key=k1&map=@1@2@3"])
            clen = len(body) if kind != 3 else rnd.choice([0, len(body) + 5, 10 ** 9, -1])
            data = method + b" " + rnd.choice(paths) + b" HTTP/1." + rnd.choice([b"0", b"1", b"9"]) + \
                b"\r\nHost: fuzz\r\nContent-Length: " + str(clen).encode() + b"\r\n\r\n" + body
            if kind == 3:
                data = data[:rnd.randrange(1, len(data) + 1)]
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=0.05)
            s.sendall(data)
            if rnd.randrange(2):
                s.shutdown(socket.SHUT_WR)
            try:
                if s.recv(16).startswith(b"HTTP/1.1 "):
                    answered += 1
            except (socket.timeout, ConnectionResetError):
                pass
            s.close()
        except OSError:
            pass
    check("fuzz: 200 random requests answered or dropped (%d answered)" % answered, answered > 30)
    st, body = post(port, "/api/training", "")
    check("server answers after the fuzz", st == 400 and body == "Did you forget the key parameter?", (st, body))


def bots(port):
    for name in ["blitz", "blitz-miner"]:
        exe = os.path.join(BUILD, name)
        if not os.path.exists(exe):
            check("%s plays a training game" % name, False, "missing " + exe)
            continue
        p = subprocess.run([exe, "--server", "http://127.0.0.1:%d" % port, "--key", "k3", "--training",
                            "--turns", "30", "--map", "m3", "--think-ms", "20", "--quiet"],
                           capture_output=True, text=True, timeout=60)
        check("%s plays a training game to the end" % name, p.returncode == 0
              and re.match(r"http://127\.0\.0\.1:\d+/[0-9a-z]{8}\n", p.stdout) is not None, (p.returncode, p.stdout, p.stderr[-300:]))
    p = subprocess.run([os.path.join(BUILD, "blitz"), "--server", "http://127.0.0.1:%d" % port, "--key", "nobody",
                        "--training", "--quiet"], capture_output=True, text=True, timeout=30)
    check("bot reports a 400 and exits 1", p.returncode == 1 and "400" in p.stderr and "Key not found" in p.stderr, p.stderr)
    p = subprocess.run([os.path.join(BUILD, "blitz"), "--server", "http://127.0.0.1:1", "--key", "k1", "--training"],
                       capture_output=True, text=True, timeout=30)
    check("bot reports a refused connection and exits 1", p.returncode == 1 and "connect" in p.stderr, p.stderr)
    p = subprocess.run([os.path.join(BUILD, "blitz"), "--key", "k1"], capture_output=True, text=True, timeout=30)
    check("bot rejects a bad command line with 2", p.returncode == 2 and "usage" in p.stderr, p.stderr)


def bad_servers(_port):
    """The bot against a fake server (http.server) that misbehaves."""
    import http.server

    class H(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def do_POST(self):
            n = int(self.headers.get("Content-Length", "0"))
            self.rfile.read(n)
            if self.path.startswith("/badjson"):
                body = b'{"game": {"turn": 0, '
            elif self.path.startswith("/fields"):
                body = b'{"game": {"turn": 0}, "hero": {"id": 9}}'
            else:  # /drop: close without an answer
                self.close_connection = True
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    srv = http.server.HTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    base = "http://127.0.0.1:%d" % srv.server_address[1]
    for path, want in (("/badjson", "JSON"), ("/fields", "lacks"), ("/drop", "closed")):
        p = subprocess.run([os.path.join(BUILD, "blitz"), "--server", base + path, "--key", "k", "--training"],
                           capture_output=True, text=True, timeout=30)
        check("bot against a server that answers %s: exit 1 with a message" % path[1:],
              p.returncode == 1 and want in p.stderr, (p.returncode, p.stderr))
    srv.shutdown()


IDLE_MS, INACT_MS = 500, 1000  # the long-wait server's --idle-ms and --inactivity-ms


def long_wait(port):
    """A player who joined waits 6 x --idle-ms and 3 x --inactivity-ms (its
    game is not the newest) for the others: still served, game not aborted.
    Only lower bounds on time: a loaded machine waits longer, never shorter."""
    first = {}
    t = threading.Thread(target=lambda: first.update(r=post(port, "/api/arena?gameId=waitA", "key=k1", timeout=120)))
    t.start()
    time.sleep(3 * INACT_MS / 1000)
    check("a waiting player gets no answer before the others join", "r" not in first, first)
    def join(key):
        try:
            post(port, "/api/arena?gameId=waitA", "key=" + key, timeout=120)
        except OSError:
            pass  # the server is stopped while these still wait for their turns

    others = [threading.Thread(target=join, args=("k%d" % i,)) for i in (2, 3, 4)]
    for o in others:
        o.daemon = True
        o.start()
    t.join(60)
    st, body = first.get("r", (0, ""))
    s = json.loads(body) if st == 200 else {}
    check("after waiting 6 x --idle-ms, the first player gets its first state", st == 200 and s["game"]["turn"] == 0
          and s["hero"]["id"] == 1 and s["game"]["finished"] is False, (st, body[:200]))


SLEEPER = """import sys, time, urllib.request
a = sys.argv
url = a[a.index("--server") + 1] + "/api/arena?gameId=" + a[a.index("--arena") + 1]
urllib.request.urlopen(url, data=("key=" + a[a.index("--key") + 1]).encode(), timeout=300).read()
time.sleep(1000)  # joined, got its first state, never moves
"""


def cpu_clock(_port):
    """blitz-referee match --cpu-clock: a bot that never joins (sleeps) and
    one that joins and then sleeps are both caught in bounded wall time
    (join: --join-s asleep; move: max(10 x limit, 2 s) asleep), while the
    miners play on CPU time without an error. Only an upper bound on wall
    time, far above the caps (the 60 s absolute one included)."""
    ref = next((p for p in (os.path.join(BUILD, "..", "asan-bin", "blitz-referee"), os.path.join(BUILD, "blitz-referee"))
                if os.path.exists(p)), None)
    miner = os.path.join(BUILD, "blitz-miner")
    if not check("blitz-referee found beside the server", ref is not None, BUILD):
        return
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(SLEEPER)
    try:
        t0 = time.time()
        p = subprocess.run([ref, "match", "--seed", "3", "--turns", "5", "--timeout-ms", "100", "--join-s", "2",
                            "--cpu-clock", "--quiet", "--", "sleep 1000; true", "%s %s" % (sys.executable, f.name), miner, miner],
                           capture_output=True, text=True, timeout=300)
        secs = time.time() - t0
    finally:
        os.unlink(f.name)
    r = json.loads(p.stdout.strip().splitlines()[-1]) if p.stdout.strip() else {}
    check("--cpu-clock: the sleeper that never joins is out after the join window", r.get("errors", [""])[0] == "crash"
          and "never joined" in r["detail"][0], r)
    check("--cpu-clock: the sleeper that joined times out (asleep)", r.get("errors", ["", ""])[1] == "timeout"
          and "CPU time (or asleep)" in r["detail"][1], r)
    check("--cpu-clock: the miners play without an error, the game ends", p.returncode == 0 and r.get("errors", [])[2:] == ["", ""]
          and r.get("turns") == 20, (p.returncode, r, p.stderr[-300:]))
    check("--cpu-clock: all within bounded wall time (%.1f s)" % secs, secs < 200, secs)


def main():
    # Generous move limit: a loaded machine must not time out the scripted
    # moves; the timeout rules have their own server below.
    proc, port = start_server("--keys", "k1:Alpha,k2:Bravo,k3,k4", "--min-ms", "0", "--timeout-ms", "60000")
    run_steps(proc, port, [training_errors, training_game, malformed, split_body, fuzz, bots, bad_servers])
    proc, port = start_server("--keys", "k1:Alpha,k2:Bravo,k3,k4", "--arena", "arena001", "--min-ms", "0",
                              "--timeout-ms", str(TIMEOUT_MS))
    run_steps(proc, port, [training_crash, arena])
    proc, port = start_server("--keys", "k1,k2,k3,k4", "--arena", "waitA", "--arena", "waitB", "--min-ms", "0",
                              "--timeout-ms", "60000", "--idle-ms", str(IDLE_MS), "--inactivity-ms", str(INACT_MS))
    run_steps(proc, port, [long_wait, cpu_clock])
    return summary()


if __name__ == "__main__":
    sys.exit(main())
