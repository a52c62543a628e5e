#!/usr/bin/env python3
"""barrage.py -- a hostile crowd against build/blitz-server or
build/get1000-server while a full game between the project's own bots is
played on it; the game must end normally (no crash, no forfeit).

    barrage.py blitz|get1000 [--build DIR] [--small] [--old]
               [--idle N] [--slow N] [--leak N] [--flood N] [--create N]

The crowd, all on 127.0.0.1 and all running for the whole game:
  idle    N sockets opened at once that never send a byte (1000)
  slow    N slowloris clients: a request (blitz) or handshake (get1000)
          one byte every 0.5 s, reconnecting when dropped (50)
  leak    N "room leakers" (100): get1000: join a new room and send a
          malformed message; blitz: start a training game and never play
  flood   N clients that flood requests (blitz: pipelined GET /; get1000:
          WebSocket pings) and never read (20)
  create  N unauthenticated game creations (16): blitz: POST /games
          without apiKey; get1000: joins of N new rooms that then idle
--small scales it down for `make test` (200 idle, 10 slow, 20 leak, 5
flood, 16 create) and uses short games. --old runs against a server that
predates the hardening (no admin key, records, --results, --turns).
Prints what happened to each group and to the game; the last line is
"N passed, N failed" (the honest game's checks).
"""
import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from srvtest import (check, summary, start_blitz, start_get1000, connect, ws_open, ws_frame,  # noqa: E402
                     join_msg, raise_nofile, http)

STOP = threading.Event()
STATS = {}
LOCK = threading.Lock()


def stat(group, what, n=1):
    with LOCK:
        STATS.setdefault(group, {}).setdefault(what, 0)
        STATS[group][what] += n


def idle_crowd(port, n, held):
    for _ in range(n):
        if STOP.is_set():
            return
        try:
            held.append(connect(port, 5))
            stat("idle", "connected")
        except OSError:
            stat("idle", "refused")


def count_closed(held):
    closed = 0
    for s in held:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return closed


def slowloris(port, game):
    req = (b"POST /api/training HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\nX-Pad: " if game == "blitz" else
           b"GET /agent HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nX-Pad: ")
    while not STOP.is_set():
        try:
            s = connect(port, 2)
            stat("slow", "connections")
            i = 0
            while not STOP.is_set():
                s.sendall(req[i:i + 1] if i < len(req) else b"a")
                i += 1
                s.setblocking(False)
                try:
                    d = s.recv(4096)
                    if d == b"" or d:
                        stat("slow", "answered or dropped by the server")
                        break
                except BlockingIOError:
                    pass
                s.setblocking(True)
                STOP.wait(0.5)
            s.close()
        except OSError:
            stat("slow", "connect or send failed")
            STOP.wait(0.2)


def leaker(port, game, i):
    try:
        if game == "blitz":
            s = connect(port, 5)
            body = b"key=k5&turns=300"
            s.sendall(b"POST /api/training HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                      b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            stat("leak", "training games requested, never played")
            STOP.wait()
            s.close()
            return
        s, status, _ = ws_open(port)
        if "101" not in status:
            stat("leak", "handshake refused: " + status[:40])
            s.close()
            return
        s.sendall(ws_frame(1, join_msg("leak-%d" % i, "leaker").encode()))
        s.sendall(ws_frame(1, b'{"action":["no.sonat.game.PlacementAction",{"id":'))
        stat("leak", "joined a room and sent a malformed message")
        STOP.wait()
        s.close()
    except OSError as e:
        stat("leak", "failed: " + type(e).__name__)


def flooder(port, game):
    try:
        if game == "blitz":
            s = connect(port, 1)
            unit = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * 50
        else:
            s, status, _ = ws_open(port)
            if "101" not in status:
                stat("flood", "handshake refused")
                return
            unit = b"".join(ws_frame(9, b"ping-flood-ping-flood") for _ in range(50))
        s.settimeout(1)
        sent = 0
        while not STOP.is_set():
            try:
                s.sendall(unit)
                sent += len(unit)
            except socket.timeout:
                stat("flood", "send blocked (server stopped reading)")
                STOP.wait(0.5)
            except OSError:
                stat("flood", "dropped by the server")
                break
        stat("flood", "bytes sent", sent)
        s.close()
    except OSError as e:
        stat("flood", "failed: " + type(e).__name__)


def creators(port, game, n, old):
    held = []
    for i in range(n):
        try:
            if game == "blitz":
                st, body = http(port, "POST", "/games", "category=spam")
                stat("create", "POST /games -> %d" % st)
            else:
                s, status, _ = ws_open(port)
                s.sendall(ws_frame(1, join_msg("spam-%d" % i, "spammer").encode()))
                held.append(s)
                stat("create", "rooms opened and left idle")
        except (OSError, EOFError) as e:
            stat("create", "failed: " + type(e).__name__)
    STOP.wait()
    for s in held:
        s.close()


def run(args):
    raise_nofile(args.idle + 2000)
    build = args.build
    tmp = tempfile.mkdtemp(prefix="barrage-")
    log = os.path.join(tmp, "server.log")
    game_id = "barrage1" if args.old else "barrage-round1-" + "x" * 49  # 64 characters end to end
    if args.game == "blitz":
        extra = ["--seed", "3", "--min-ms", "0", "--arena", game_id,
                 "--keys", "k1,k2,k3,k4,k5"]
        if not args.old:
            # --timeout-ms: a move limit no load reaches (make barrage runs the
            # bots at nice 10 beside whatever the machine does), so a crashed
            # hero means the crowd locked it out, not that the machine was slow.
            # --inactivity-ms: the leakers' training games are newer than the
            # arena game, and on a loaded machine the crowd takes over a minute
            # to gather before the players come; the contest's one-minute rule
            # would then abort the arena game (tested in test_server_kits.py).
            extra += ["--turns", str(args.turns), "--admin-key", "adm", "--auto-start",
                      "--results", os.path.join(tmp, "results.jsonl"), "--timeout-ms", "30000",
                      "--inactivity-ms", "900000"]
        proc, port = start_blitz(os.path.join(build, "blitz-server"), extra, log)
        url = "http://127.0.0.1:%d" % port
        cmds = [[os.path.join(build, "blitz"), "--think-ms", "30"], [os.path.join(build, "blitz-miner")],
                [os.path.join(build, "blitz-miner")], [os.path.join(build, "blitz-hunter")]]
        bots = [c + ["--server", url, "--key", "k%d" % (i + 1), "--arena", game_id, "--quiet"]
                for i, c in enumerate(cmds)]
    else:
        extra = ["--players", "2", "--seed", "9"]
        if not args.old:
            extra += ["--results", os.path.join(tmp, "results.jsonl")]
        proc, port = start_get1000(os.path.join(build, "get1000-server"), extra, log)
        url = "ws://127.0.0.1:%d/agent" % port
        bots = [[os.path.join(build, "get1000"), "--url", url, "--room", "honest", "--name", "mu1", "--quiet"],
                [os.path.join(build, "get1000-ev"), "--url", url, "--room", "honest", "--name", "ev", "--quiet"]]
    held = []
    threads = [threading.Thread(target=idle_crowd, args=(port, args.idle, held))]
    threads += [threading.Thread(target=slowloris, args=(port, args.game)) for _ in range(args.slow)]
    threads += [threading.Thread(target=leaker, args=(port, args.game, i)) for i in range(args.leak)]
    threads += [threading.Thread(target=flooder, args=(port, args.game)) for _ in range(args.flood)]
    threads += [threading.Thread(target=creators, args=(port, args.game, args.create, args.old))]
    for t in threads:
        t.daemon = True
        t.start()
    threads[0].join(60)  # every idle socket is open (or refused) before the players come
    time.sleep(1.0)
    t0 = time.time()
    procs = [subprocess.Popen(b, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for b in bots]
    outs = []
    for p in procs:
        try:
            o, e = p.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            o, e = p.communicate()
            e += "\n(killed after %d s)" % args.timeout
        outs.append((p.returncode, o, e))
    secs = time.time() - t0
    # the game's end as the server saw it
    final = ""
    try:
        if args.game == "blitz":
            st, final = http(port, "GET", "/" + game_id, timeout=5)
        else:
            st, final = http(port, "GET", "/", timeout=5) if not args.old else (0, "")
    except (OSError, EOFError) as e:
        final = "(server unreachable: %r)" % e
    STOP.set()
    for t in threads:
        t.join(3)
    closed = count_closed(held)
    stat("idle", "closed by the server (eviction/timeouts)", closed)
    alive = proc.poll() is None
    proc.kill()
    proc.wait()
    results = []
    try:
        with open(os.path.join(tmp, "results.jsonl")) as f:
            results = [json.loads(l) for l in f if l.strip()]
    except OSError:
        pass
    with open(log) as f:
        log_text = f.read()
    print("barrage %s%s: idle %d, slow %d, leak %d, flood %d, create %d; game took %.1f s" % (
        args.game, " (old server)" if args.old else "", args.idle, args.slow, args.leak, args.flood, args.create, secs))
    for g in ("idle", "slow", "leak", "flood", "create"):
        print("  %-6s %s" % (g, json.dumps(STATS.get(g, {}), sort_keys=True)))
    for i, (rc, o, e) in enumerate(outs):
        print("  bot %d exit %s; stderr tail: %s" % (i, rc, e.strip().splitlines()[-1:] if e.strip() else ""))
    check("server still running after the barrage", alive)
    check("every bot exited 0", all(rc == 0 for rc, _, _ in outs), [(rc, e[-200:]) for rc, _, e in outs])
    if args.game == "blitz":
        print("  final view: %s" % " | ".join(final.splitlines()[:1] + [l for l in final.splitlines() if l.startswith("@")]))
        check("the game finished", " finished" in final.splitlines()[0] if final else False, final[:100])
        check("no hero crashed", bool(final) and "crashed" not in final, final[-300:])
        if not args.old:
            mine = [r for r in results if r["game"] == game_id]
            check("results line: turnmax, nobody crashed", len(mine) == 1 and mine[0]["status"] == "turnmax"
                  and not any(h["crashed"] for h in mine[0]["heroes"]), mine)
    else:
        forfeits = [e for _, _, e in outs if "forfeit" in e.lower() or "GameError" in e]
        check("no forfeit reported by the bots", not forfeits, forfeits)
        if not args.old:
            mine = [r for r in results if r["room"] == "honest"]
            check("results line: a winner, no forfeit", len(mine) == 1 and mine[0]["winner"]
                  and all(p["error"] == "" for p in mine[0]["players"]), mine)
            print("  result: %s" % (json.dumps(mine[0]) if mine else "(none)"))
        else:
            m = re.findall(r"forfeits.*", log_text)
            print("  server log: %d forfeit line(s) %s" % (len(m), m[:3]))
    subprocess.run(["rm", "-rf", tmp])
    return summary()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=["blitz", "get1000"])
    ap.add_argument("--build", default="build")
    ap.add_argument("--small", action="store_true")
    ap.add_argument("--old", action="store_true")
    ap.add_argument("--idle", type=int)
    ap.add_argument("--slow", type=int)
    ap.add_argument("--leak", type=int)
    ap.add_argument("--flood", type=int)
    ap.add_argument("--create", type=int, default=16)
    ap.add_argument("--turns", type=int)
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    for k, full, small in (("idle", 1000, 200), ("slow", 50, 10), ("leak", 100, 20), ("flood", 20, 5),
                           ("turns", 300, 40)):
        if getattr(a, k) is None:
            setattr(a, k, small if a.small else full)
    return run(a)


if __name__ == "__main__":
    sys.exit(main())
