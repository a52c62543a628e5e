#!/usr/bin/env python3
"""test_client.py -- the Blitz bot (dist build) against scripted fake
servers (Python's http.server): a server whose turn never advances must
make the bot stop after --stall-timeout with an error; a server answering
an error status with raw binary must not get its bytes printed raw; a
"100 Continue" before the real answer is skipped. Last line: "N passed, N failed".

Usage (from the repository root): tests/blitz/test_client.py BOT
"""
import http.server
import json
import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402


def state(port, turn, finished=False):
    """A 4x4 state with the heroes in the corners, seen by hero 1."""
    n = 4
    corners = [(0, 0), (0, 3), (3, 0), (3, 3)]
    tiles = ["  "] * (n * n)
    for k, (x, y) in enumerate(corners):
        tiles[x * n + y] = "@%d" % (k + 1)
    heroes = [{"id": k + 1, "name": "h", "pos": {"x": x, "y": y}, "life": 100, "gold": 0,
               "mineCount": 0, "spawnPos": {"x": x, "y": y}, "crashed": False}
              for k, (x, y) in enumerate(corners)]
    return json.dumps({"game": {"id": "g", "turn": turn, "maxTurns": 40, "heroes": heroes,
                                "board": {"size": n, "tiles": "".join(tiles)}, "finished": finished},
                       "hero": {"id": 1}, "token": "t",
                       "viewUrl": "http://127.0.0.1:%d/g" % port,
                       "playUrl": "http://127.0.0.1:%d/api/g/t/play" % port}).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "stuck"
    plays = 0

    def log_message(self, *a):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        port = self.server.server_address[1]
        cls = type(self)
        if cls.mode == "binary":
            body = b"\x1b[2J\x07\xff\xfe boom \x01"
            self.send_response(500)
        elif cls.mode == "continue":
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            cls.plays += 1
            body = state(port, cls.plays * 4, finished=cls.plays >= 3)
            self.send_response(200)
        else:  # stuck: the same turn forever
            cls.plays += 1
            body = state(port, 4)
            self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(mode):
    Handler.mode = mode
    Handler.plays = 0
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def run(bot, port, *extra, timeout=30):
    t0 = time.monotonic()
    p = subprocess.run([bot, "--server", "http://127.0.0.1:%d" % port, "--key", "k", "--training",
                        "--think-ms", "5", "--quiet"] + list(extra),
                       capture_output=True, timeout=timeout)
    return p.returncode, p.stderr, time.monotonic() - t0


def main(argv):
    bot = argv[1]
    check = pyunit.Checks()

    srv = serve("stuck")
    rc, err, secs = run(bot, srv.server_address[1], "--stall-timeout", "1")
    srv.shutdown()
    check(rc == 1 and b"has not advanced past turn 4" in err and secs < 20,
          "a stuck server ends the bot with an error (rc %d, %.1f s, %r)" % (rc, secs, err[-200:]))
    check(Handler.plays > 1, "the bot kept playing until the stall timeout (%d plays)" % Handler.plays)

    srv = serve("binary")
    rc, err, _ = run(bot, srv.server_address[1])
    srv.shutdown()
    raw = [b for b in err if b < 0x20 and b != 0x0a or b >= 0x7f]
    check(rc == 1 and b"server answered 500" in err and not raw and b"\\x1b[2J" in err,
          "binary from the server is escaped in the message (rc %d, %r)" % (rc, err[-200:]))

    srv = serve("continue")
    rc, err, _ = run(bot, srv.server_address[1])
    srv.shutdown()
    check(rc == 0 and Handler.plays == 3, "100 Continue before each answer is skipped (rc %d, %d plays, %r)"
          % (rc, Handler.plays, err[-200:]))

    rc, err, _ = run(bot, 9, "--stall-timeout", "0")
    check(rc == 2, "--stall-timeout 0 is refused (rc %d)" % rc)
    return check.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
