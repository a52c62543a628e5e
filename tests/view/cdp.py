"""cdp.py -- drives headless Chromium over the Chrome DevTools protocol with
the standard library only (a minimal RFC 6455 client over a socket), and
decodes PNG screenshots to read pixels.

    b = Browser()                    # starts chromium, fresh --user-data-dir
    b.open("file:///abs/page.html")  # navigates, waits for the load event
    b.eval("1 + 1")                  # -> 2 (JSON-serialisable results)
    b.key("ArrowRight")
    png = b.screenshot()             # PNG bytes
    w, h, px = png_pixels(png)       # px(x, y) -> (r, g, b)
    b.pixel(x, y)                    # (r, g, b) at a CSS pixel
    b.errors                         # JS exceptions and console errors seen
    b.close()

Invariants: one page target; every event received is inspected for errors
(Runtime.exceptionThrown, console.error, Log entries at level error); the
browser process and its profile folder are removed by close().
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--mute-audio"]


class CDPError(Exception):
    pass


class WebSocket:
    def __init__(self, url, timeout=30):
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port or 80)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        req = ("GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, hostport, key))
        self.sock.sendall(req.encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise CDPError("websocket handshake: connection closed")
            self.buf += chunk
        head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise CDPError("websocket handshake refused: %r" % head[:200])

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise CDPError("websocket closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send(self, text):
        data = text.encode()
        head = bytearray([0x81])
        n = len(data)
        if n < 126:
            head.append(0x80 | n)
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(bytes(head) + mask + body)

    def recv(self):
        parts = []
        while True:
            b0, b1 = self._read(2)
            op, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if op == 0x8:
                raise CDPError("websocket closed by the browser")
            if op == 0x9:  # ping
                continue
            parts.append(payload)
            if b0 & 0x80:
                return b"".join(parts).decode("utf-8", "replace")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Browser:
    def __init__(self, chromium="chromium", width=1200, height=900):
        self.profile = tempfile.mkdtemp(prefix="view-chromium-")
        self.proc = subprocess.Popen([chromium] + FLAGS + ["--user-data-dir=" + self.profile,
                                                           "--remote-debugging-port=0",
                                                           "--window-size=%d,%d" % (width, height), "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.errors = []
        self.events = []
        self.next_id = 0
        try:
            port = self._port()
            self.ws = WebSocket(self._page_ws(port))
            for m in ("Page.enable", "Runtime.enable", "Log.enable"):
                self.call(m)
            self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                      mobile=False)
        except Exception:
            self.close()
            raise

    def _port(self):
        path = os.path.join(self.profile, "DevToolsActivePort")
        end = time.time() + 60
        while time.time() < end:
            if self.proc.poll() is not None:
                raise CDPError("chromium exited with status %s" % self.proc.returncode)
            try:
                with open(path) as f:
                    first = f.readline().strip()
                if first:
                    return int(first)
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        raise CDPError("chromium did not open its debugging port in 60 s")

    def _page_ws(self, port):
        end = time.time() + 30
        while time.time() < end:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=5) as r:
                    targets = json.loads(r.read().decode())
                for t in targets:
                    if t.get("type") == "page" and t.get("webSocketDebuggerUrl"):
                        return t["webSocketDebuggerUrl"]
            except OSError:
                pass
            time.sleep(0.2)
        raise CDPError("no page target")

    def _event(self, msg):
        m = msg.get("method")
        p = msg.get("params", {})
        if m == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            self.errors.append("exception: %s %s" % (d.get("text", ""), d.get("exception", {}).get("description", "")))
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            self.errors.append("console.%s: %s" % (p.get("type"), " ".join(
                str(a.get("value", a.get("description", ""))) for a in p.get("args", []))))
        elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            e = p["entry"]
            self.errors.append("log: %s %s" % (e.get("text", ""), e.get("url", "")))
        self.events.append(m)

    def call(self, method, **params):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mid:
                if "error" in msg:
                    raise CDPError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self._event(msg)

    def wait_event(self, name, timeout=30):
        """Waits until event `name` arrives (returns seconds waited)."""
        t0 = time.time()
        self.ws.sock.settimeout(timeout)
        while True:
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self._event(msg)
                if msg["method"] == name:
                    return time.time() - t0
            if time.time() - t0 > timeout:
                raise CDPError("no %s within %d s" % (name, timeout))

    def open(self, url):
        """Navigates and waits for the load event; returns the seconds taken."""
        t0 = time.time()
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")
        return time.time() - t0

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise CDPError("eval %r: %s" % (expr[:80], r["exceptionDetails"].get("text")))
        return r.get("result", {}).get("value")

    def key(self, key):
        codes = {"ArrowRight": 39, "ArrowLeft": 37, " ": 32, "Home": 36, "End": 35}
        code = {"ArrowRight": "ArrowRight", "ArrowLeft": "ArrowLeft", " ": "Space", "Home": "Home", "End": "End"}
        for t in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=t, key=key, code=code.get(key, key),
                      windowsVirtualKeyCode=codes.get(key, 0))

    def screenshot(self, clip=None, scale=1):
        """PNG bytes of the viewport, or of clip = (x, y, w, h) in CSS pixels
        (scaled by scale)."""
        params = {"format": "png"}
        if clip:
            params["clip"] = {"x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": scale}
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])

    def pixel(self, x, y):
        """(r, g, b) drawn at CSS pixel (x, y) of the viewport."""
        return png_pixels(self.screenshot((int(x), int(y), 1, 1)))[2](0, 0)

    def close(self):
        if getattr(self, "ws", None):
            self.ws.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def png_pixels(data):
    """Decodes an 8-bit, non-interlaced RGB/RGBA PNG; returns (w, h, px)
    with px(x, y) -> (r, g, b)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if typ == b"IHDR":
            w, h, depth, ctype, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("unsupported PNG (depth %d, colour type %d)" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif typ == b"IDAT":
            idat.append(body)
        elif typ == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows = []
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line

    def px(x, y):
        r = rows[y]
        return tuple(r[x * bpp:x * bpp + 3])
    return w, h, px
