"""srvtest.py -- helpers shared by the server tests and the barrage
(tests/blitz/test_server_kits.py, tests/get1000/test_server_hardening.py,
tests/servers/barrage.py): a check counter, server start-up, raw HTTP
exchanges and a minimal WebSocket client (handshake, masked frames).
Standard library only; every socket is on 127.0.0.1 with a timeout, so
no step can hang.
"""
import base64
import os
import re
import socket
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pyunit  # noqa: E402

CHECKS = pyunit.Checks()


def check(name, cond, detail=""):
    """One check; the detail is printed beside a failure."""
    CHECKS(bool(cond), name if cond else "%s %s" % (name, str(detail)[:600]))
    return cond


def summary():
    return CHECKS.close()


def run_steps(proc, port, steps):
    """Runs step(port) for each step (an exception is a failed check), then
    checks the server is still up and kills it."""
    try:
        for step in steps:
            try:
                step(port)
            except Exception as e:  # noqa: BLE001 -- a broken step is a failure, not a crash
                check(step.__name__, False, repr(e))
        check("server still running", proc.poll() is None)
    finally:
        proc.kill()
        proc.wait()


def raise_nofile(want):
    """Raises the soft limit of open files towards want (up to the hard limit)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        if soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, ValueError, OSError):
        return 0


def start_blitz(exe, args, stderr_path=None):
    """Starts build/blitz-server; returns (process, port)."""
    err = open(stderr_path, "w") if stderr_path else subprocess.DEVNULL
    p = subprocess.Popen([exe, "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=err, text=True)
    line = p.stdout.readline()
    m = re.search(r":(\d+)\s*$", line)
    if not m:
        p.kill()
        p.wait()
        raise SystemExit("blitz server did not start: %r" % line)
    return p, int(m.group(1))


def start_get1000(exe, args, stderr_path):
    """Starts build/get1000-server; its stderr goes to stderr_path (the port is read there)."""
    err = open(stderr_path, "w")
    p = subprocess.Popen([exe, "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=err, text=True)
    for _ in range(100):
        with open(stderr_path) as f:
            m = re.search(r"listening on port (\d+)", f.read())
        if m:
            return p, int(m.group(1))
        if p.poll() is not None:
            break
        time.sleep(0.05)
    p.kill()
    p.wait()
    raise SystemExit("get1000 server did not start")


def connect(port, timeout=5):
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def silent_socket_closed(port, secs):
    """Opens a connection that sends nothing; True if the server closes it within secs."""
    s = connect(port, secs)
    try:
        return s.recv(16) == b""
    except (socket.timeout, OSError):
        return False
    finally:
        s.close()


def read_response(s, head_only=False):
    """Reads one HTTP response (skipping 1xx); returns (status, headers dict, body bytes)."""
    buf = b""
    while True:
        while b"\r\n\r\n" not in buf:
            chunk = s.recv(65536)
            if not chunk:
                raise EOFError("closed before the headers (%r)" % buf[:80])
            buf += chunk
        head, _, rest = buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for l in lines[1:]:
            k, _, v = l.partition(":")
            headers[k.strip().lower()] = v.strip()
        if 100 <= status < 200:
            buf = rest
            continue
        if head_only:
            return status, headers, b"", rest
        if "content-length" in headers:
            n = int(headers["content-length"])
            while len(rest) < n:
                chunk = s.recv(65536)
                if not chunk:
                    raise EOFError("closed in the body")
                rest += chunk
            return status, headers, rest[:n], rest[n:]
        while True:  # until the close
            chunk = s.recv(65536)
            if not chunk:
                return status, headers, rest, b""
            rest += chunk


def http(port, method, path, body="", headers=None, timeout=10):
    """One request on a new connection; returns (status, body text)."""
    s = connect(port, timeout)
    try:
        h = "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n" % (method, path, port)
        b = body.encode()
        if method in ("POST", "PUT", "DELETE"):
            h += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n" % len(b)
        for k, v in (headers or {}).items():
            h += "%s: %s\r\n" % (k, v)
        s.sendall(h.encode() + b"\r\n" + b)
        st, _, data, _ = read_response(s, head_only=(method == "HEAD"))
        return st, data.decode(errors="replace")
    finally:
        s.close()


# ---- WebSocket (client side: frames are masked) ----

def ws_frame(op, payload, fin=True):
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([(0x80 if fin else 0) | op])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_open(port, path="/agent", timeout=5, version="HTTP/1.1"):
    """Connects and upgrades; returns (socket, status line, leftover bytes)."""
    s = connect(port, timeout)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET %s %s\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, version, port, key)).encode())
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(4096)
        if not chunk:
            break
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    return s, head.split(b"\r\n")[0].decode(errors="replace"), rest


def ws_read(s, buf=b""):
    """Reads one frame; returns (opcode, payload, leftover). Raises EOFError on close."""
    while True:
        if len(buf) >= 2:
            n = buf[1] & 0x7F
            off = 2
            if n == 126 and len(buf) >= 4:
                n = struct.unpack(">H", buf[2:4])[0]
                off = 4
            elif n == 127 and len(buf) >= 10:
                n = struct.unpack(">Q", buf[2:10])[0]
                off = 10
            if n < 126 or off > 2:
                if len(buf) >= off + n:
                    return buf[0] & 0x0F, buf[off:off + n], buf[off + n:]
        chunk = s.recv(65536)
        if not chunk:
            raise EOFError("closed")
        buf += chunk


def ws_text(s, obj_json):
    s.sendall(ws_frame(1, obj_json.encode()))


def join_msg(room, name):
    return '{"action":["no.sonat.game.JoinRoomAction",{"id":"%s","name":"%s"}]}' % (room, name)
