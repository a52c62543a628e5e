/*
** ws.c -- RFC 6455 client and framing helpers (see ws.h).
**
** Reads go through poll() with a deadline, so no call blocks longer than its
** timeout; writes are blocking with MSG_NOSIGNAL (a dead peer gives an error,
** never SIGPIPE) and a send timeout. The raw input buffer holds at most one
** partial frame of up to WS_MSG_MAX payload bytes plus anything the peer
** already sent after it; larger frames are refused (close 1009).
*/
#include "ws.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "base64.h"
#include "deadline.h"
#include "sha1.h"
#include "text.h"

static int ws__fail(ws_t *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->err, sizeof c->err, fmt, ap);
  va_end(ap);
  return WS_ERROR;
}

BOT_API const char *ws_error(const ws_t *c) { return c->err; }

BOT_API int ws_parse_url(const char *url, ws_url *u, char *err, size_t errcap) {
  memset(u, 0, sizeof *u);
  if (!url) {
    snprintf(err, errcap, "no url");
    return -1;
  }
  if (strncasecmp(url, "wss://", 6) == 0) {
    snprintf(err, errcap, "wss:// (TLS) is not supported: use ws://");
    return -1;
  }
  if (strncasecmp(url, "ws://", 5) != 0) {
    snprintf(err, errcap, "url must start with ws://: %.100s", url);
    return -1;
  }
  const char *p = url + 5, *hs, *he;
  if (*p == '[') {
    hs = p + 1;
    he = strchr(hs, ']');
    if (!he) {
      snprintf(err, errcap, "unclosed [ in url host");
      return -1;
    }
    p = he + 1;
  } else {
    hs = p;
    while (*p && *p != ':' && *p != '/' && *p != '?') p++;
    he = p;
  }
  size_t hl = (size_t)(he - hs);
  if (hl == 0 || hl >= sizeof u->host) {
    snprintf(err, errcap, "bad host in url");
    return -1;
  }
  memcpy(u->host, hs, hl);
  u->port = 80;
  if (*p == ':') {
    p++;
    long port = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9' && port <= 65535) {
      port = port * 10 + (*p++ - '0');
      digits++;
    }
    if (digits == 0 || port < 1 || port > 65535) {
      snprintf(err, errcap, "bad port in url");
      return -1;
    }
    u->port = (int)port;
  }
  if (*p && *p != '/' && *p != '?') {
    snprintf(err, errcap, "unexpected '%c' after host in url", *p);
    return -1;
  }
  if (*p == '?') {
    if (strlen(p) + 2 > sizeof u->path) goto toolong;
    u->path[0] = '/';
    strcpy(u->path + 1, p);
  } else if (*p == '/') {
    if (strlen(p) + 1 > sizeof u->path) goto toolong;
    strcpy(u->path, p);
  } else {
    strcpy(u->path, "/");
  }
  for (const char *q = u->path; *q; q++)
    if ((unsigned char)*q <= ' ' || (unsigned char)*q >= 127) {
      snprintf(err, errcap, "space or control character in url path");
      return -1;
    }
  return 0;
toolong:
  snprintf(err, errcap, "url path too long");
  return -1;
}

BOT_API int ws_frame_parse(const uint8_t *buf, size_t n, ws_frame *f) {
  if (n < 2) return 0;
  memset(f, 0, sizeof *f);
  f->fin = buf[0] >> 7;
  f->rsv = (buf[0] >> 4) & 7;
  f->opcode = buf[0] & 15;
  f->masked = buf[1] >> 7;
  uint64_t len = buf[1] & 127;
  size_t h = 2;
  if (len == 126) {
    if (n < 4) return 0;
    len = ((uint64_t)buf[2] << 8) | buf[3];
    h = 4;
  } else if (len == 127) {
    if (n < 10) return 0;
    if (buf[2] & 0x80) return -1;
    len = 0;
    for (int i = 0; i < 8; i++) len = (len << 8) | buf[2 + i];
    h = 10;
  }
  if (f->masked) {
    if (n < h + 4) return 0;
    memcpy(f->mask, buf + h, 4);
    h += 4;
  }
  f->len = len;
  f->hdr_len = h;
  int op = f->opcode;
  if ((op > 2 && op < 8) || op > 10) return -1;
  if (op >= 8 && (!f->fin || len > 125)) return -1;
  return (int)h;
}

BOT_API void ws_mask(uint8_t *data, size_t len, const uint8_t mask[4], size_t off) {
  for (size_t i = 0; i < len; i++) data[i] ^= mask[(i + off) & 3];
}

BOT_API long ws_frame_build(int opcode, int fin, const void *payload, size_t len,
                            const uint8_t *mask, uint8_t *out, size_t cap) {
  size_t h = 2 + (len >= 126 ? (len > 65535 ? 8 : 2) : 0) + (mask ? 4 : 0);
  if (cap < h || cap - h < len) return -1;
  out[0] = (uint8_t)((fin ? 0x80 : 0) | (opcode & 15));
  uint8_t mbit = mask ? 0x80 : 0;
  size_t p = 2;
  if (len < 126) {
    out[1] = (uint8_t)(mbit | len);
  } else if (len <= 65535) {
    out[1] = (uint8_t)(mbit | 126);
    out[2] = (uint8_t)(len >> 8);
    out[3] = (uint8_t)len;
    p = 4;
  } else {
    out[1] = (uint8_t)(mbit | 127);
    for (int i = 0; i < 8; i++) out[2 + i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    p = 10;
  }
  if (mask) {
    memcpy(out + p, mask, 4);
    p += 4;
  }
  if (len) memcpy(out + p, payload, len);
  if (mask) ws_mask(out + p, len, mask, 0);
  return (long)(p + len);
}

BOT_API void ws_accept_key(const char *key, size_t key_len, char out[29]) {
  sha1_ctx s;
  uint8_t d[SHA1_DIGEST];
  sha1_init(&s);
  sha1_update(&s, key, key_len);
  sha1_update(&s, WS_GUID, strlen(WS_GUID));
  sha1_final(&s, d);
  base64_encode(d, SHA1_DIGEST, out, 29);
}

BOT_API int ws_utf8_valid(const uint8_t *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    uint8_t b = s[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    int extra;
    uint32_t cp, min;
    if ((b & 0xE0) == 0xC0) {
      extra = 1;
      cp = b & 0x1F;
      min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
      extra = 2;
      cp = b & 0x0F;
      min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
      extra = 3;
      cp = b & 0x07;
      min = 0x10000;
    } else {
      return 0;
    }
    if (n - i <= (size_t)extra) return 0;
    for (int k = 1; k <= extra; k++) {
      if ((s[i + k] & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    i += (size_t)extra + 1;
  }
  return 1;
}

BOT_API int ws_header(const char *head, const char *name, char *out, size_t cap) {
  size_t nl = strlen(name);
  const char *line = strstr(head, "\r\n"); /* skip the request/status line */
  while (line) {
    line += 2;
    const char *end = strstr(line, "\r\n");
    if (!end || end == line) return -1;
    if ((size_t)(end - line) > nl && strncasecmp(line, name, nl) == 0 && line[nl] == ':') {
      const char *v = line + nl + 1;
      while (v < end && (*v == ' ' || *v == '\t')) v++;
      const char *ve = end;
      while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t')) ve--;
      size_t vl = (size_t)(ve - v);
      if (vl + 1 > cap) return -1;
      memcpy(out, v, vl);
      out[vl] = 0;
      return (int)vl;
    }
    line = end;
  }
  return -1;
}

BOT_API int ws_has_token(const char *value, const char *token) {
  size_t tl = strlen(token);
  const char *p = value;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == ',') p++;
    const char *s = p;
    while (*p && *p != ',') p++;
    const char *e = p;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) e--;
    if ((size_t)(e - s) == tl && strncasecmp(s, token, tl) == 0) return 1;
  }
  return 0;
}

BOT_API int ws_close_code_valid(int code) {
  if (code >= 3000 && code <= 4999) return 1;
  return code >= 1000 && code <= 1014 && code != 1004 && code != 1005 && code != 1006;
}

/* ---- client ---------------------------------------------------------- */

static void ws__drop(ws_t *c) {
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  c->open = 0;
}

static void ws__seed(ws_t *c) {
  uint64_t seed = 0;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    if (read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed) seed = 0;
    close(fd);
  }
  seed ^= (uint64_t)deadline_now_ns() * 0x9E3779B97F4A7C15ull;
  seed ^= (uint64_t)getpid() << 32;
  seed ^= (uint64_t)time(NULL);
  rng_seed(&c->rng, seed);
}

static void ws__init(ws_t *c) {
  c->fd = -1;
  c->open = 0;
  c->close_sent = 0;
  c->close_code = 0;
  if (c->ping_ms <= 0 || c->ping_ms > 60000) c->ping_ms = WS_PING_MS;
  c->pings_sent = c->pongs_sent = 0;
  c->frag_op = 0;
  c->in_len = 0;
  c->msg_len = 0;
  c->msg[0] = 0;
  c->err[0] = 0;
  ws__seed(c);
}

static int ws__send_all(ws_t *c, const void *buf, size_t len) {
  const uint8_t *p = buf;
  while (len > 0) {
    ssize_t w = send(c->fd, p, len, MSG_NOSIGNAL);
    if (w < 0) {
      if (errno == EINTR) continue;
      return ws__fail(c, "send failed: %s", strerror(errno));
    }
    p += w;
    len -= (size_t)w;
  }
  c->last_send_ns = deadline_now_ns();
  return WS_OK;
}

/* Waits for readable data until end_ns (< 0: forever); reads into in[].
   Returns 1 if bytes arrived, 0 on timeout, -1 on error, -2 on EOF. */
static int ws__fill(ws_t *c, int64_t end_ns, int keepalive) {
  for (;;) {
    int64_t now = deadline_now_ns();
    int64_t wait_ns = end_ns < 0 ? INT64_MAX : end_ns - now;
    if (wait_ns < 0) wait_ns = 0;
    if (keepalive && c->open) {
      int64_t due = c->last_send_ns + (int64_t)c->ping_ms * 1000000 - now;
      if (due <= 0) {
        uint8_t mk[4], fr[32];
        uint32_t r = (uint32_t)rng_next(&c->rng);
        memcpy(mk, &r, 4);
        long n = ws_frame_build(WS_OP_PING, 1, "PING", 4, mk, fr, sizeof fr);
        if (ws__send_all(c, fr, (size_t)n) != WS_OK) return -1;
        c->pings_sent++;
        continue;
      }
      if (due < wait_ns) wait_ns = due;
    }
    if (sizeof c->in - c->in_len == 0) return ws__fail(c, "input buffer full"), -1;
    int ms = wait_ns == INT64_MAX ? -1 : (int)((wait_ns + 999999) / 1000000);
    struct pollfd pfd = {c->fd, POLLIN, 0};
    int pr = poll(&pfd, 1, ms);
    if (pr < 0) {
      if (errno == EINTR) continue;
      return ws__fail(c, "poll failed: %s", strerror(errno)), -1;
    }
    if (pr == 0) {
      if (end_ns >= 0 && deadline_now_ns() >= end_ns) return 0;
      continue;
    }
    ssize_t r = recv(c->fd, c->in + c->in_len, sizeof c->in - c->in_len, 0);
    if (r < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return ws__fail(c, "recv failed: %s", strerror(errno)), -1;
    }
    if (r == 0) return -2;
    c->in_len += (size_t)r;
    return 1;
  }
}

BOT_API int ws_send_frame(ws_t *c, int opcode, int fin, const void *data, size_t len) {
  if (c->fd < 0 || !c->open) return ws__fail(c, "send on a connection that is not open");
  static uint8_t ws__out[WS_MSG_MAX + WS_HDR_MAX];
  uint8_t mk[4];
  uint32_t r = (uint32_t)rng_next(&c->rng);
  memcpy(mk, &r, 4);
  long n = ws_frame_build(opcode, fin, data, len, mk, ws__out, sizeof ws__out);
  if (n < 0) return ws__fail(c, "message of %zu bytes is too long to send", len);
  return ws__send_all(c, ws__out, (size_t)n);
}

BOT_API int ws_send_text(ws_t *c, const char *data, size_t len) {
  return ws_send_frame(c, WS_OP_TEXT, 1, data, len);
}

static void ws__send_close(ws_t *c, int code, const char *reason) {
  if (c->fd < 0 || c->close_sent) return;
  uint8_t p[125];
  size_t n = 0;
  if (code > 0) {
    p[0] = (uint8_t)(code >> 8);
    p[1] = (uint8_t)code;
    size_t rl = reason ? strlen(reason) : 0;
    if (rl > 123) rl = 123;
    if (rl) memcpy(p + 2, reason, rl);
    n = 2 + rl;
  }
  int was_open = c->open;
  c->open = 1; /* let ws_send_frame through */
  ws_send_frame(c, WS_OP_CLOSE, 1, p, n);
  c->open = was_open;
  c->close_sent = 1;
}

/* Protocol error: send the close code, drop the socket, report. */
static int ws__protocol(ws_t *c, int code, const char *fmt, const char *detail) {
  char m[160];
  snprintf(m, sizeof m, fmt, detail);
  ws__send_close(c, code, "protocol error");
  ws__drop(c);
  return ws__fail(c, "%s", m);
}

BOT_API int ws_handshake_fd(ws_t *c, int fd, const char *host, const char *path, int timeout_ms) {
  ws__init(c);
  c->fd = fd;
  int64_t end = deadline_now_ns() + (int64_t)timeout_ms * 1000000;
  uint8_t raw[16];
  for (int i = 0; i < 16; i += 8) {
    uint64_t r = rng_next(&c->rng);
    memcpy(raw + i, &r, 8);
  }
  char key[32], req[1536];
  base64_encode(raw, 16, key, sizeof key);
  int n = snprintf(req, sizeof req,
                   "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n",
                   path, host, key);
  if (n < 0 || (size_t)n >= sizeof req) {
    ws__drop(c);
    return ws__fail(c, "handshake request too long");
  }
  if (ws__send_all(c, req, (size_t)n) != WS_OK) {
    ws__drop(c);
    return WS_ERROR;
  }
  /* Read the response head. */
  char *head = (char *)c->in;
  size_t head_len = 0;
  for (;;) {
    c->in[c->in_len < sizeof c->in ? c->in_len : sizeof c->in - 1] = 0;
    char *e = c->in_len >= 4 ? strstr(head, "\r\n\r\n") : NULL;
    if (e && memchr(c->in, 0, (size_t)(e - head)) == NULL) {
      head_len = (size_t)(e - head) + 4;
      break;
    }
    if (c->in_len > WS_HTTP_MAX) {
      ws__drop(c);
      return ws__fail(c, "handshake response longer than %d bytes", WS_HTTP_MAX);
    }
    int r = ws__fill(c, end, 0);
    if (r == 0) {
      ws__drop(c);
      return ws__fail(c, "handshake timed out after %d ms", timeout_ms);
    }
    if (r == -2) {
      ws__drop(c);
      return ws__fail(c, "server closed the connection during the handshake");
    }
    if (r < 0) {
      ws__drop(c);
      return WS_ERROR;
    }
  }
  if (head_len > WS_HTTP_MAX) {
    ws__drop(c);
    return ws__fail(c, "handshake response longer than %d bytes", WS_HTTP_MAX);
  }
  static char hd[WS_HTTP_MAX + 8];
  memcpy(hd, head, head_len);
  hd[head_len] = 0;
  /* Keep any frame bytes that followed the head. */
  memmove(c->in, c->in + head_len, c->in_len - head_len);
  c->in_len -= head_len;
  char v[256];
  int code = 0;
  if (sscanf(hd, "HTTP/1.%*1[01] %d", &code) != 1 || code != 101) {
    char *eol = strstr(hd, "\r\n"), shown[128];
    if (eol) *eol = 0;
    text_printable(hd, strlen(hd), shown, sizeof shown);
    ws__drop(c);
    return ws__fail(c, "server refused the upgrade: \"%s\"", shown);
  }
  if (ws_header(hd, "Upgrade", v, sizeof v) < 0 || !ws_has_token(v, "websocket")) {
    ws__drop(c);
    return ws__fail(c, "handshake: missing \"Upgrade: websocket\"");
  }
  if (ws_header(hd, "Connection", v, sizeof v) < 0 || !ws_has_token(v, "upgrade")) {
    ws__drop(c);
    return ws__fail(c, "handshake: missing \"Connection: Upgrade\"");
  }
  char want[29];
  ws_accept_key(key, strlen(key), want);
  if (ws_header(hd, "Sec-WebSocket-Accept", v, sizeof v) < 0 || strcmp(v, want) != 0) {
    ws__drop(c);
    return ws__fail(c, "handshake: Sec-WebSocket-Accept is wrong or missing");
  }
  char shown[96];
  if (ws_header(hd, "Sec-WebSocket-Extensions", v, sizeof v) >= 0 && v[0]) {
    text_printable(v, strlen(v), shown, sizeof shown);
    ws__drop(c);
    return ws__fail(c, "handshake: server chose an extension we did not offer: %s", shown);
  }
  if (ws_header(hd, "Sec-WebSocket-Protocol", v, sizeof v) >= 0 && v[0]) {
    text_printable(v, strlen(v), shown, sizeof shown);
    ws__drop(c);
    return ws__fail(c, "handshake: server chose a subprotocol we did not offer: %s", shown);
  }
  c->open = 1;
  c->last_send_ns = deadline_now_ns();
  return WS_OK;
}

BOT_API int ws_connect(ws_t *c, const char *url, int timeout_ms) {
  ws_url u;
  ws__init(c);
  if (ws_parse_url(url, &u, c->err, sizeof c->err) != 0) return WS_ERROR;
  int64_t end = deadline_now_ns() + (int64_t)timeout_ms * 1000000;
  char port[16];
  snprintf(port, sizeof port, "%d", u.port);
  struct addrinfo hints, *res = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  int gr = getaddrinfo(u.host, port, &hints, &res);
  if (gr != 0) return ws__fail(c, "cannot resolve %s: %s", u.host, gai_strerror(gr));
  int fd = -1;
  char why[160] = "no address";
  for (struct addrinfo *a = res; a; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    int fl = fcntl(fd, F_GETFL, 0);
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    int ok = 0;
    if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
      ok = 1;
    } else if (errno == EINPROGRESS) {
      int64_t left = end - deadline_now_ns();
      struct pollfd pfd = {fd, POLLOUT, 0};
      int pr = left > 0 ? poll(&pfd, 1, (int)(left / 1000000) + 1) : 0;
      int soerr = 0;
      socklen_t sl = sizeof soerr;
      if (pr == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 && soerr == 0) ok = 1;
      else snprintf(why, sizeof why, "%s", pr == 0 ? "timed out" : strerror(soerr ? soerr : errno));
    } else {
      snprintf(why, sizeof why, "%s", strerror(errno));
    }
    if (ok) {
      fcntl(fd, F_SETFL, fl);
      break;
    }
    close(fd);
    fd = -1;
  }
  freeaddrinfo(res);
  if (fd < 0) return ws__fail(c, "cannot connect to %s:%d: %s", u.host, u.port, why);
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct timeval tv = {5, 0};
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  char host[300];
  int v6 = strchr(u.host, ':') != NULL;
  if (u.port == 80) snprintf(host, sizeof host, v6 ? "[%s]" : "%s", u.host);
  else snprintf(host, sizeof host, v6 ? "[%s]:%d" : "%s:%d", u.host, u.port);
  int left = (int)((end - deadline_now_ns()) / 1000000);
  if (left < 1) left = 1;
  return ws_handshake_fd(c, fd, host, u.path, left);
}

BOT_API int ws_recv(ws_t *c, int timeout_ms) {
  if (c->fd < 0) return ws__fail(c, "not connected");
  int64_t end = timeout_ms < 0 ? -1 : deadline_now_ns() + (int64_t)timeout_ms * 1000000;
  for (;;) {
    ws_frame f;
    int h = ws_frame_parse(c->in, c->in_len, &f);
    if (h < 0) return ws__protocol(c, WS_CLOSE_PROTOCOL, "malformed frame header%s", "");
    if (h > 0) {
      if (f.rsv) return ws__protocol(c, WS_CLOSE_PROTOCOL, "frame with reserved bits set%s", "");
      if (f.masked) return ws__protocol(c, WS_CLOSE_PROTOCOL, "masked frame from server%s", "");
      if (f.len > WS_MSG_MAX)
        return ws__protocol(c, WS_CLOSE_TOO_BIG, "frame longer than %s bytes", "65536");
    }
    if (h == 0 || c->in_len < (size_t)h + f.len) {
      int r = ws__fill(c, end, 1);
      if (r == 0) return WS_TIMEOUT;
      if (r == -2) {
        ws__drop(c);
        c->close_code = WS_CLOSE_ABNORMAL;
        ws__fail(c, "connection closed without a close frame");
        return WS_CLOSED;
      }
      if (r < 0) {
        ws__drop(c);
        return WS_ERROR;
      }
      continue;
    }
    uint8_t *pl = c->in + h;
    size_t len = (size_t)f.len;
    int op = f.opcode, result = -1;
    if (op == WS_OP_PING) {
      uint8_t tmp[125];
      memcpy(tmp, pl, len);
      if (!c->close_sent && ws_send_frame(c, WS_OP_PONG, 1, tmp, len) != WS_OK) {
        ws__drop(c);
        return WS_ERROR;
      }
      c->pongs_sent++;
    } else if (op == WS_OP_PONG) {
      /* keep-alive answer: nothing to do */
    } else if (op == WS_OP_CLOSE) {
      int code = WS_CLOSE_NO_STATUS;
      if (len == 1) return ws__protocol(c, WS_CLOSE_PROTOCOL, "close frame of 1 byte%s", "");
      if (len >= 2) {
        code = (pl[0] << 8) | pl[1];
        if (!ws_close_code_valid(code))
          return ws__protocol(c, WS_CLOSE_PROTOCOL, "invalid close code%s", "");
        if (!ws_utf8_valid(pl + 2, len - 2))
          return ws__protocol(c, WS_CLOSE_BAD_DATA, "close reason is not UTF-8%s", "");
      }
      c->close_code = code;
      ws__send_close(c, code == WS_CLOSE_NO_STATUS ? 0 : code, "");
      ws__drop(c);
      snprintf(c->err, sizeof c->err, "server closed the connection (code %d)", code);
      return WS_CLOSED;
    } else if (op == WS_OP_TEXT || op == WS_OP_BINARY) {
      if (c->frag_op)
        return ws__protocol(c, WS_CLOSE_PROTOCOL, "new message inside a fragmented one%s", "");
      memcpy(c->msg, pl, len);
      c->msg_len = len;
      if (f.fin) result = op;
      else c->frag_op = op;
    } else { /* continuation */
      if (!c->frag_op)
        return ws__protocol(c, WS_CLOSE_PROTOCOL, "continuation frame with no message%s", "");
      if (c->msg_len + len > WS_MSG_MAX)
        return ws__protocol(c, WS_CLOSE_TOO_BIG, "message longer than %s bytes", "65536");
      memcpy(c->msg + c->msg_len, pl, len);
      c->msg_len += len;
      if (f.fin) {
        result = c->frag_op;
        c->frag_op = 0;
      }
    }
    size_t used = (size_t)h + len;
    memmove(c->in, c->in + used, c->in_len - used);
    c->in_len -= used;
    if (result >= 0) {
      c->msg[c->msg_len] = 0;
      if (result == WS_OP_TEXT && !ws_utf8_valid((const uint8_t *)c->msg, c->msg_len))
        return ws__protocol(c, WS_CLOSE_BAD_DATA, "text message is not valid UTF-8%s", "");
      return result == WS_OP_TEXT ? WS_TEXT : WS_BINARY;
    }
  }
}

BOT_API void ws_close(ws_t *c, int code, const char *reason, int timeout_ms) {
  if (c->fd < 0) return;
  if (c->open) {
    ws__send_close(c, code, reason);
    int64_t end = deadline_now_ns() + (int64_t)timeout_ms * 1000000;
    c->open = 0; /* no keep-alive pings after our close */
    /* Read until the peer's close frame (or EOF / timeout). */
    for (;;) {
      ws_frame f;
      int h = ws_frame_parse(c->in, c->in_len, &f);
      if (h < 0) break;
      if (h > 0 && f.len > WS_MSG_MAX) break;
      if (h > 0 && c->in_len >= (size_t)h + f.len) {
        if (f.opcode == WS_OP_CLOSE) {
          c->close_code = f.len >= 2 ? (c->in[h] << 8) | c->in[h + 1] : WS_CLOSE_NO_STATUS;
          break;
        }
        size_t used = (size_t)h + (size_t)f.len;
        memmove(c->in, c->in + used, c->in_len - used);
        c->in_len -= used;
        continue;
      }
      if (ws__fill(c, end, 0) <= 0) break;
    }
  }
  ws__drop(c);
}
