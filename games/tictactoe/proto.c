/*
** proto.c -- reading a turn and writing an answer (see proto.h).
**
** Invariants: the first problem of a turn is the one reported; a truncated
** turn (end of input after its first line) is PROTO_BAD, and the next call
** returns PROTO_END.
*/
#include <stdio.h>

#include "proto.h"

static void proto__err(proto_turn *t, reader_t *r, const char *what) {
  if (t->err[0]) return;
  snprintf(t->err, sizeof t->err, "%s: %s", what, reader_errmsg(r));
}

/* Reads "row col" with both in [lo, 2]; returns the cell, -1 for "-1 -1"
   (when lo is -1), -2 on a problem (reported). */
static int proto__pair(reader_t *r, proto_turn *t, long lo, const char *what) {
  long row, col;
  if (reader_int(r, &row, lo, RULES_SIDE - 1) || reader_int(r, &col, lo, RULES_SIDE - 1) ||
      reader_end(r)) {
    proto__err(t, r, what);
    return -2;
  }
  if (row < 0 || col < 0) {
    if (row == -1 && col == -1) return -1;
    if (!t->err[0])
      snprintf(t->err, sizeof t->err, "%s: input line %ld: %ld %ld is no cell", what, r->lineno, row, col);
    return -2;
  }
  return (int)(RULES_SIDE * row + col);
}

BOT_API int proto_read(reader_t *r, proto_turn *t) {
  t->opp = -1;
  t->opp_none = 0;
  t->nvalid = 0;
  t->err[0] = 0;
  int st = reader_line(r);
  if (st == READER_EOF || st == READER_IOERR) return PROTO_END;
  if (st != READER_OK) {
    proto__err(t, r, "opponent's move");
  } else {
    int c = proto__pair(r, t, -1, "opponent's move");
    t->opp = c >= 0 ? c : -1;
    t->opp_none = c == -1;
  }
  long n;
  if (reader_line(r) != READER_OK || reader_int(r, &n, 0, PROTO_MAX_LIST) || reader_end(r)) {
    proto__err(t, r, "valid action count");
    return PROTO_BAD;
  }
  for (long i = 0; i < n; i++) {
    if (reader_line(r) != READER_OK) {
      proto__err(t, r, "valid action");
      return PROTO_BAD;
    }
    int c = proto__pair(r, t, 0, "valid action");
    if (c < 0) continue;
    if (proto_listed(t, c) || t->nvalid == RULES_CELLS) {
      if (!t->err[0]) snprintf(t->err, sizeof t->err, "valid action: input line %ld: a repeated cell", r->lineno);
      continue;
    }
    t->valid[t->nvalid++] = c;
  }
  return t->err[0] ? PROTO_BAD : PROTO_OK;
}

BOT_API int proto_listed(const proto_turn *t, int cell) {
  for (int i = 0; i < t->nvalid; i++)
    if (t->valid[i] == cell) return 1;
  return 0;
}

BOT_API void proto_answer(int cell) {
  printf("%d %d\n", cell / RULES_SIDE, cell % RULES_SIDE);
  fflush(stdout);
}
