/*
** http.c -- HTTP/1.1 client (see http.h). Non-blocking connect with poll()
** for the connect timeout, poll() before every read for the read timeout,
** MSG_NOSIGNAL on send so a closed peer is an error, not a SIGPIPE.
** All buffers are the caller's or inside http_client; nothing is allocated
** except by getaddrinfo (libc's resolver).
*/
#include "http.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include "deadline.h"
#include "text.h"

BOT_API int http_parse_url(const char *url, http_url *u, char *err, size_t cap) {
  memset(u, 0, sizeof *u);
  if (!url || strncasecmp(url, "http://", 7) != 0) {
    if (err && cap) snprintf(err, cap, "URL must start with http:// (got \"%.80s\")", url ? url : "");
    return -1;
  }
  const char *p = url + 7;
  const char *end = p + strcspn(p, "/?");
  const char *colon = memchr(p, ':', (size_t)(end - p));
  const char *hend = colon ? colon : end;
  if (hend == p || (size_t)(hend - p) >= sizeof u->host) {
    if (err && cap) snprintf(err, cap, "bad host in URL \"%.80s\"", url);
    return -1;
  }
  memcpy(u->host, p, (size_t)(hend - p));
  u->port = 80;
  if (colon) {
    char *e;
    long port = strtol(colon + 1, &e, 10);
    if (e != end || port < 1 || port > 65535) {
      if (err && cap) snprintf(err, cap, "bad port in URL \"%.80s\"", url);
      return -1;
    }
    u->port = (int)port;
  }
  if (*end == 0) strcpy(u->path, "/");
  else if (*end == '?') {
    if (strlen(end) + 2 > sizeof u->path) goto toolong;
    u->path[0] = '/';
    strcpy(u->path + 1, end);
  } else {
    if (strlen(end) + 1 > sizeof u->path) goto toolong;
    strcpy(u->path, end);
  }
  return 0;
toolong:
  if (err && cap) snprintf(err, cap, "URL path too long");
  return -1;
}

BOT_API void http_init(http_client *c, int connect_ms, int read_ms) {
  memset(c, 0, sizeof *c);
  c->fd = -1;
  c->connect_ms = connect_ms;
  c->read_ms = read_ms;
}

BOT_API void http_set_timeouts(http_client *c, int connect_ms, int read_ms) {
  c->connect_ms = connect_ms;
  c->read_ms = read_ms;
}

BOT_API void http_close(http_client *c) {
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  c->in_len = c->in_pos = 0;
}

BOT_API const char *http_error(const http_client *c) { return c->err; }

/* 1 if needle (lower case) occurs in s, ignoring case. */
static int http__has(const char *s, const char *needle) {
  size_t n = strlen(needle);
  for (; *s; s++)
    if (strncasecmp(s, needle, n) == 0) return 1;
  return 0;
}

static int http__connect(http_client *c, const http_url *u) {
  char portstr[16];
  snprintf(portstr, sizeof portstr, "%d", u->port);
  struct addrinfo hints, *res = NULL, *ai;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  int rc = getaddrinfo(u->host, portstr, &hints, &res);
  if (rc != 0) {
    snprintf(c->err, sizeof c->err, "cannot resolve %s: %s", u->host, gai_strerror(rc));
    return -1;
  }
  int fd = -1, last_errno = 0;
  for (ai = res; ai; ai = ai->ai_next) {
    fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) {
      last_errno = errno;
      continue;
    }
    int flags = fcntl(fd, F_GETFL, 0);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
    if (errno == EINPROGRESS) {
      struct pollfd pfd = {fd, POLLOUT, 0};
      int pr;
      do pr = poll(&pfd, 1, c->connect_ms);
      while (pr < 0 && errno == EINTR);
      if (pr == 1) {
        int soerr = 0;
        socklen_t len = sizeof soerr;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len);
        if (soerr == 0) break;
        last_errno = soerr;
      } else {
        last_errno = pr == 0 ? ETIMEDOUT : errno;
      }
    } else {
      last_errno = errno;
    }
    close(fd);
    fd = -1;
  }
  freeaddrinfo(res);
  if (fd < 0) {
    snprintf(c->err, sizeof c->err, "connect to %s:%d failed: %s", u->host, u->port,
             last_errno == ETIMEDOUT ? "timed out" : strerror(last_errno));
    return -1;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  c->fd = fd;
  snprintf(c->host, sizeof c->host, "%s", u->host);
  c->port = u->port;
  c->in_len = c->in_pos = 0;
  c->connects++;
  return 0;
}

static int http__send_all(http_client *c, const char *p, size_t n, const deadline_t *d) {
  while (n > 0) {
    ssize_t w = send(c->fd, p, n, MSG_NOSIGNAL);
    if (w > 0) {
      p += w;
      n -= (size_t)w;
      continue;
    }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      int left = (int)deadline_left_ms(d);
      if (left <= 0) {
        snprintf(c->err, sizeof c->err, "timed out sending the request");
        return -1;
      }
      struct pollfd pfd = {c->fd, POLLOUT, 0};
      poll(&pfd, 1, left);
      continue;
    }
    snprintf(c->err, sizeof c->err, "send failed: %s", w < 0 ? strerror(errno) : "closed");
    return -1;
  }
  return 0;
}

/* Fills c->in when empty. Returns bytes available, 0 at EOF, -1 on error
   or timeout, -4 when the peer reset the connection (err set). */
static long http__fill(http_client *c, const deadline_t *d) {
  if (c->in_pos < c->in_len) return (long)(c->in_len - c->in_pos);
  c->in_pos = c->in_len = 0;
  for (;;) {
    ssize_t r = recv(c->fd, c->in, sizeof c->in, 0);
    if (r > 0) {
      c->in_len = (size_t)r;
      return r;
    }
    if (r == 0) return 0;
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      int reset = errno == ECONNRESET;
      snprintf(c->err, sizeof c->err, "receive failed: %s", strerror(errno));
      return reset ? -4 : -1;
    }
    int left = (int)deadline_left_ms(d);
    if (left <= 0) {
      snprintf(c->err, sizeof c->err, "timed out after %d ms waiting for the response",
               c->read_ms);
      return -1;
    }
    struct pollfd pfd = {c->fd, POLLIN, 0};
    int pr = poll(&pfd, 1, left);
    if (pr < 0 && errno != EINTR) {
      snprintf(c->err, sizeof c->err, "poll failed: %s", strerror(errno));
      return -1;
    }
  }
}

/* Reads one line (up to CRLF or LF) into line[cap]. Returns length, -1 on
   error, -2 at EOF or a reset before any byte. */
static long http__line(http_client *c, char *line, size_t cap, const deadline_t *d) {
  size_t n = 0;
  for (;;) {
    long av = http__fill(c, d);
    if (av == -4 && n == 0) return -2;
    if (av < 0) return -1;
    if (av == 0) {
      if (n == 0) return -2;
      snprintf(c->err, sizeof c->err, "connection closed inside the response header");
      return -1;
    }
    char ch = c->in[c->in_pos++];
    if (ch == '\n') break;
    if (n + 1 >= cap) {
      snprintf(c->err, sizeof c->err, "response header line too long");
      return -1;
    }
    line[n++] = ch;
  }
  if (n > 0 && line[n - 1] == '\r') n--;
  line[n] = 0;
  return (long)n;
}

/* Copies exactly n body bytes (or up to EOF if n < 0) into out. */
static long http__body(http_client *c, long n, char *out, size_t cap, size_t *used,
                       const deadline_t *d) {
  long got = 0;
  while (n < 0 || got < n) {
    long av = http__fill(c, d);
    if (av < 0) return -1;
    if (av == 0) {
      if (n < 0) return got;
      snprintf(c->err, sizeof c->err, "connection closed after %ld of %ld body bytes", got, n);
      return -1;
    }
    long take = av;
    if (n >= 0 && take > n - got) take = n - got;
    if (*used + (size_t)take + 1 > cap) {
      snprintf(c->err, sizeof c->err, "response body larger than the %zu-byte buffer", cap);
      return -1;
    }
    memcpy(out + *used, c->in + c->in_pos, (size_t)take);
    c->in_pos += (size_t)take;
    *used += (size_t)take;
    got += take;
  }
  return got;
}

/* Step 1 of an attempt: the request line, headers and body sent. Returns
   0, -1 on error, -3 when a reused connection failed (retryable). */
static int http__send_request(http_client *c, const char *method, const http_url *u,
                              const char *ctype, const char *body, size_t blen, deadline_t *d) {
  char head[HTTP_PATH_MAX + HTTP_HOST_MAX + 512];
  char hostport[HTTP_HOST_MAX + 16];
  int hl;
  if (u->port == 80) snprintf(hostport, sizeof hostport, "%s", u->host);
  else snprintf(hostport, sizeof hostport, "%s:%d", u->host, u->port);
  if (body)
    hl = snprintf(head, sizeof head,
                  "%s %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: onefile-blitz\r\n"
                  "Accept: application/json\r\nContent-Type: %s\r\nContent-Length: %zu\r\n\r\n",
                  method, u->path, hostport, ctype ? ctype : "application/octet-stream", blen);
  else
    hl = snprintf(head, sizeof head,
                  "%s %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: onefile-blitz\r\n"
                  "Accept: application/json\r\n\r\n",
                  method, u->path, hostport);
  if (hl < 0 || (size_t)hl >= sizeof head) {
    snprintf(c->err, sizeof c->err, "request header too long");
    return -1;
  }
  if (http__send_all(c, head, (size_t)hl, d) < 0) return c->reused ? -3 : -1;
  if (body && blen && http__send_all(c, body, blen, d) < 0) return c->reused ? -3 : -1;
  return 0;
}

/* What a response head says about its body. */
typedef struct http__head {
  int status;
  long clen; /* Content-Length, -1 when absent */
  int chunked, keep;
} http__head;

/* One header line (name and value, the colon replaced) into h. Returns 0,
   -1 on a bad Content-Length. */
static int http__header(http_client *c, char *line, http__head *h) {
  char shown[96];
  char *colon = strchr(line, ':');
  if (!colon) return 0;
  *colon = 0;
  char *v = colon + 1;
  while (*v == ' ' || *v == '\t') v++;
  if (strcasecmp(line, "Content-Length") == 0) {
    char *e;
    h->clen = strtol(v, &e, 10);
    if (e == v || h->clen < 0) {
      text_printable(v, strlen(v), shown, 40);
      snprintf(c->err, sizeof c->err, "bad Content-Length \"%s\"", shown);
      return -1;
    }
  } else if (strcasecmp(line, "Transfer-Encoding") == 0) {
    if (http__has(v, "chunked")) h->chunked = 1;
  } else if (strcasecmp(line, "Connection") == 0) {
    if (http__has(v, "close")) h->keep = 0;
    else if (http__has(v, "keep-alive")) h->keep = 1;
  }
  return 0;
}

/* Step 2: the final response's status line and headers. 1xx interim
   responses (100 Continue, 103 Early Hints) come before the final one:
   their heads are skipped. 101 would be a protocol switch: final. Returns
   0, -1 on error, -3 when a reused connection closed before any byte. */
static int http__read_head(http_client *c, http__head *h, deadline_t *d) {
  char line[2048], shown[96];
  for (int interim = 0;; interim++) {
    long ll = http__line(c, line, sizeof line, d);
    int minor = 1;
    if (ll == -2 && interim == 0) {
      if (!c->err[0]) snprintf(c->err, sizeof c->err, "connection closed before the response");
      return c->reused ? -3 : -1;
    }
    if (ll == -2) snprintf(c->err, sizeof c->err, "connection closed after an interim response");
    if (ll < 0) return -1;
    if (sscanf(line, "HTTP/1.%d %d", &minor, &h->status) != 2 || h->status < 100 || h->status > 999) {
      text_printable(line, (size_t)ll, shown, 80);
      snprintf(c->err, sizeof c->err, "bad status line \"%s\"", shown);
      return -1;
    }
    h->clen = -1;
    h->chunked = 0;
    h->keep = minor >= 1;
    while ((ll = http__line(c, line, sizeof line, d)) > 0)
      if (http__header(c, line, h) < 0) return -1;
    if (ll == -2) snprintf(c->err, sizeof c->err, "connection closed inside the response header");
    if (ll < 0) return -1;
    if (h->status >= 200 || h->status == 101) return 0;
    if (interim >= 16) {
      snprintf(c->err, sizeof c->err, "more than 16 interim (1xx) responses");
      return -1;
    }
  }
}

/* Step 3 for a chunked body: chunks into out (used grows), then the
   trailers. Returns 0 or -1. */
static int http__read_chunked(http_client *c, char *out, size_t cap, size_t *used, deadline_t *d) {
  char line[2048], shown[96];
  for (;;) {
    long ll = http__line(c, line, sizeof line, d);
    if (ll < 0) {
      if (ll == -2) snprintf(c->err, sizeof c->err, "connection closed inside chunked body");
      return -1;
    }
    char *e;
    long sz = strtol(line, &e, 16);
    if (e == line || sz < 0) {
      text_printable(line, (size_t)ll, shown, 40);
      snprintf(c->err, sizeof c->err, "bad chunk size \"%s\"", shown);
      return -1;
    }
    if (sz == 0) {
      do {
        ll = http__line(c, line, sizeof line, d);
        if (ll == -2) snprintf(c->err, sizeof c->err, "connection closed inside the chunked trailer");
        if (ll < 0) return -1;
      } while (ll > 0); /* trailers */
      return 0;
    }
    if (http__body(c, sz, out, cap, used, d) < 0) return -1;
    ll = http__line(c, line, sizeof line, d);
    if (ll != 0) {
      if (ll > 0) snprintf(c->err, sizeof c->err, "missing CRLF after a chunk");
      if (ll == -2) snprintf(c->err, sizeof c->err, "connection closed inside chunked body");
      return -1;
    }
  }
}

/* One attempt. Returns body length, -1 error, -3 "closed or reset before
   any byte of the response" (retryable on a reused connection). */
static long http__attempt(http_client *c, const char *method, const http_url *u,
                          const char *ctype, const char *body, size_t blen, char *out,
                          size_t cap, int *status) {
  deadline_t d;
  deadline_start(&d, (double)c->read_ms);
  int rc = http__send_request(c, method, u, ctype, body, blen, &d);
  http__head h = {0, -1, 0, 1};
  if (rc == 0) rc = http__read_head(c, &h, &d);
  if (rc < 0) return rc;
  /* step 3: the body, by its framing */
  size_t used = 0;
  int st = h.status;
  int no_body = st == 204 || st == 304 || (st >= 100 && st < 200) || strcmp(method, "HEAD") == 0;
  if (no_body) {
  } else if (h.chunked) {
    if (http__read_chunked(c, out, cap, &used, &d) < 0) return -1;
  } else if (h.clen >= 0) {
    if (http__body(c, h.clen, out, cap, &used, &d) < 0) return -1;
  } else {
    if (http__body(c, -1, out, cap, &used, &d) < 0) return -1;
    h.keep = 0;
  }
  if (cap) out[used] = 0;
  if (!h.keep) http_close(c);
  *status = st;
  c->last_status = st;
  return (long)used;
}

BOT_API long http_request(http_client *c, const char *method, const char *url,
                          const char *content_type, const char *body, size_t body_len,
                          char *out, size_t cap, int *status) {
  http_url u;
  int dummy;
  if (!status) status = &dummy;
  *status = 0;
  c->err[0] = 0;
  if (!out || cap == 0) {
    snprintf(c->err, sizeof c->err, "no output buffer");
    return -1;
  }
  out[0] = 0;
  if (http_parse_url(url, &u, c->err, sizeof c->err) < 0) return -1;
  for (int attempt = 0; attempt < 2; attempt++) {
    if (c->fd >= 0 && (c->port != u.port || strcmp(c->host, u.host) != 0)) http_close(c);
    c->reused = c->fd >= 0;
    if (c->fd < 0 && http__connect(c, &u) < 0) return -1;
    c->requests++;
    long r = http__attempt(c, method, &u, content_type, body, body_len, out, cap, status);
    if (r >= 0) return r;
    http_close(c);
    if (r != -3) return -1;
  }
  return -1;
}

BOT_API long http_post_form(http_client *c, const char *url, const char *form, char *out,
                            size_t cap, int *status) {
  const char *f = form ? form : "";
  return http_request(c, "POST", url, "application/x-www-form-urlencoded", f, strlen(f), out,
                      cap, status);
}

BOT_API int http_form_add(char *buf, size_t cap, const char *key, const char *value) {
  static const char hex[] = "0123456789ABCDEF";
  size_t n = strlen(buf);
  const char *parts[2] = {key, value ? value : ""};
  if (n > 0) {
    if (n + 1 >= cap) return -1;
    buf[n++] = '&';
  }
  for (int p = 0; p < 2; p++) {
    if (p == 1) {
      if (n + 1 >= cap) return -1;
      buf[n++] = '=';
    }
    for (const unsigned char *s = (const unsigned char *)parts[p]; *s; s++) {
      int plain = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                  (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.' || *s == '~';
      if (plain) {
        if (n + 1 >= cap) return -1;
        buf[n++] = (char)*s;
      } else {
        if (n + 3 >= cap) return -1;
        buf[n++] = '%';
        buf[n++] = hex[*s >> 4];
        buf[n++] = hex[*s & 15];
      }
    }
  }
  buf[n] = 0;
  return (int)n;
}

static int http__hexval(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

BOT_API int http_url_decode(char *s) {
  char *w = s;
  for (const char *r = s; *r; r++) {
    if (*r == '+') *w++ = ' ';
    else if (*r == '%') {
      int a = http__hexval(r[1]), b = a >= 0 ? http__hexval(r[2]) : -1;
      if (a < 0 || b < 0) return -1;
      *w++ = (char)(a * 16 + b);
      r += 2;
    } else *w++ = *r;
  }
  *w = 0;
  return (int)(w - s);
}
