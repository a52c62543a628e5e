/*
** reader.c -- line/token reader over a descriptor or a string (see reader.h).
**
** Invariants: r->line always holds a NUL-terminated line without its '\n'
** (and without a trailing '\r'); r->cur <= r->line_len; the byte buffer is
** refilled only when empty, so input is consumed exactly once.
*/
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "reader.h"

static int reader__fail(reader_t *r, int status, const char *what) {
  r->status = status;
  snprintf(r->errmsg, sizeof r->errmsg, "input line %ld: %s", r->lineno, what);
  return status;
}

BOT_API void reader_init(reader_t *r, int fd) {
  r->fd = fd;
  r->src = NULL;
  r->src_len = r->src_pos = 0;
  r->len = r->pos = 0;
  r->lineno = 0;
  r->line[0] = 0;
  r->line_len = r->cur = 0;
  r->status = READER_OK;
  r->errmsg[0] = 0;
}

BOT_API void reader_init_str(reader_t *r, const char *text) {
  reader_init(r, -1);
  r->src = text;
  r->src_len = strlen(text);
}

/* Refills buf; returns bytes read, 0 at end, -1 on error. */
static long reader__fill(reader_t *r) {
  r->pos = 0;
  r->len = 0;
  if (r->fd < 0) {
    size_t n = r->src_len - r->src_pos;
    if (n > READER_BUF) n = READER_BUF;
    memcpy(r->buf, r->src + r->src_pos, n);
    r->src_pos += n;
    r->len = n;
    return (long)n;
  }
  for (;;) {
    ssize_t n = read(r->fd, r->buf, READER_BUF);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    r->len = (size_t)n;
    return (long)n;
  }
}

BOT_API int reader_line(reader_t *r) {
  size_t n = 0;
  int got_any = 0, too_long = 0;
  r->lineno++;
  for (;;) {
    if (r->pos >= r->len) {
      long k = reader__fill(r);
      if (k < 0) return reader__fail(r, READER_IOERR, strerror(errno));
      if (k == 0) break; /* end of input */
    }
    got_any = 1;
    char *start = r->buf + r->pos;
    char *nl = memchr(start, '\n', r->len - r->pos);
    size_t chunk = nl ? (size_t)(nl - start) : r->len - r->pos;
    if (n + chunk > READER_LINE_MAX) {
      too_long = 1;
      chunk = n < READER_LINE_MAX ? READER_LINE_MAX - n : 0;
    }
    memcpy(r->line + n, start, chunk);
    n += chunk;
    if (nl) {
      r->pos = (size_t)(nl - r->buf) + 1;
      goto done;
    }
    r->pos = r->len;
  }
  if (!got_any || (n == 0 && !too_long)) {
    r->line[0] = 0;
    r->line_len = r->cur = 0;
    return reader__fail(r, READER_EOF, "end of input");
  }
done:
  if (n > 0 && r->line[n - 1] == '\r') n--;
  r->line[n] = 0;
  r->line_len = n;
  r->cur = 0;
  if (too_long) return reader__fail(r, READER_TOOLONG, "line too long");
  r->status = READER_OK;
  return READER_OK;
}

/* Finds the next token; sets *start and returns its length (0: none). */
static size_t reader__token(reader_t *r, const char **start) {
  while (r->cur < r->line_len && (r->line[r->cur] == ' ' || r->line[r->cur] == '\t')) r->cur++;
  size_t b = r->cur;
  while (r->cur < r->line_len && r->line[r->cur] != ' ' && r->line[r->cur] != '\t') r->cur++;
  *start = r->line + b;
  return r->cur - b;
}

BOT_API int reader_int(reader_t *r, long *out, long lo, long hi) {
  const char *t;
  size_t n = reader__token(r, &t);
  if (n == 0) return reader__fail(r, READER_MISSING, "missing number");
  size_t i = 0;
  int neg = 0;
  if (t[0] == '-' || t[0] == '+') {
    neg = t[0] == '-';
    i = 1;
  }
  if (i == n) return reader__fail(r, READER_BADNUM, "not a number");
  long v = 0;
  for (; i < n; i++) {
    if (t[i] < '0' || t[i] > '9') return reader__fail(r, READER_BADNUM, "not a number");
    if (v > (2147483647L * 1024L)) return reader__fail(r, READER_RANGE, "number too large");
    v = v * 10 + (t[i] - '0');
  }
  if (neg) v = -v;
  if (v < lo || v > hi) return reader__fail(r, READER_RANGE, "number out of range");
  *out = v;
  r->status = READER_OK;
  return READER_OK;
}

BOT_API int reader_word(reader_t *r, char *out, size_t cap) {
  const char *t;
  size_t n = reader__token(r, &t);
  if (cap) out[0] = 0;
  if (n == 0) return reader__fail(r, READER_MISSING, "missing word");
  if (n + 1 > cap) return reader__fail(r, READER_TOOLONG, "word too long");
  memcpy(out, t, n);
  out[n] = 0;
  r->status = READER_OK;
  return READER_OK;
}

BOT_API const char *reader_rest(reader_t *r) {
  while (r->cur < r->line_len && (r->line[r->cur] == ' ' || r->line[r->cur] == '\t')) r->cur++;
  size_t e = r->line_len;
  while (e > r->cur && (r->line[e - 1] == ' ' || r->line[e - 1] == '\t')) e--;
  r->line[e] = 0;
  r->line_len = e;
  const char *s = r->line + r->cur;
  r->cur = e;
  return s;
}

BOT_API int reader_end(reader_t *r) {
  const char *t;
  size_t save = r->cur;
  size_t n = reader__token(r, &t);
  r->cur = save;
  if (n) return reader__fail(r, READER_EXTRA, "unexpected extra tokens");
  return READER_OK;
}

BOT_API const char *reader_errmsg(const reader_t *r) { return r->errmsg[0] ? r->errmsg : "no error"; }
