/*
** reader.h -- fast line and token reader over a file descriptor (stdin for
** CodinGame bots), that reports malformed or truncated input instead of
** crashing.
**
** The reader owns a fixed buffer (READER_BUF bytes); a line longer than
** READER_LINE_MAX is an error, not a crash. Tokens are separated by spaces or
** tabs. Every call returns a status; after an error or end of input, the
** caller answers with a legal fallback move or stops.
**
** Typical use:
**     reader_t r; reader_init(&r, 0);
**     if (reader_line(&r) != READER_OK) ...;           // next line
**     long v; if (reader_int(&r, &v, 0, 36) != READER_OK) ...;  // token in range
**     char w[32]; reader_word(&r, w, sizeof w);        // token as text
**     reader_end(&r);                                  // no tokens left?
** reader_errmsg(&r) describes the last problem, with the line number.
*/
#ifndef READER_H
#define READER_H

#include <stddef.h>
#include "common.h"

#define READER_BUF 65536
#define READER_LINE_MAX 4096

enum {
  READER_OK = 0,
  READER_EOF = 1,      /* end of input before the line or token */
  READER_TOOLONG = 2,  /* a line longer than READER_LINE_MAX */
  READER_MISSING = 3,  /* no token left on the current line */
  READER_BADNUM = 4,   /* token is not an integer */
  READER_RANGE = 5,    /* integer outside [lo, hi] */
  READER_EXTRA = 6,    /* tokens left where the line should end */
  READER_IOERR = 7     /* read(2) failed */
};

typedef struct reader_t {
  int fd;                   /* -1: reading from src instead */
  const char *src;          /* reader_init_str text (not copied) */
  size_t src_len, src_pos;
  size_t len, pos;          /* bytes in buf, read position */
  long lineno;              /* 1-based number of the current line */
  char line[READER_LINE_MAX + 1]; /* current line, NUL-terminated, no '\n' */
  size_t line_len, cur;     /* length of line, token cursor */
  int status;               /* last status */
  char errmsg[160];
  char buf[READER_BUF];
} reader_t;

BOT_API void reader_init(reader_t *r, int fd);
/* Reads from a string instead of a descriptor (for tests): fd = -1. */
BOT_API void reader_init_str(reader_t *r, const char *text);
/* Reads the next line (a final line without '\n' counts; '\r' is dropped). */
BOT_API int reader_line(reader_t *r);
/* Next token of the current line as an integer within [lo, hi]. */
BOT_API int reader_int(reader_t *r, long *out, long lo, long hi);
/* Next token as text (truncated is an error: READER_TOOLONG). */
BOT_API int reader_word(reader_t *r, char *out, size_t cap);
/* The rest of the current line, trimmed. */
BOT_API const char *reader_rest(reader_t *r);
/* READER_OK if no tokens are left on the current line, else READER_EXTRA. */
BOT_API int reader_end(reader_t *r);
BOT_API const char *reader_errmsg(const reader_t *r);

#endif /* READER_H */
