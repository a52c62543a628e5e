/*
** proto.h -- the bot side of the CodinGame "Tic-Tac-Toe" protocol, shared
** by main.c and the sparring bots.
**
** Each turn the referee sends
**     opponentRow opponentCol      the opponent's last move; -1 -1 when
**                                  there is none (we move first)
**     validActionCount             how many lines follow
**     row col                      validActionCount lines, row-major order
** and the bot answers one line "row col", flushed.
**
** Invariants: proto_read never stops partway through a turn because of bad
** content: it reads the lines the counts announce, keeps what makes sense
** (a move is a cell 0..8) and describes the first problem in t->err; only
** the end of input stops it. Every turn it returns PROTO_OK or PROTO_BAD
** must get an answer.
*/
#ifndef PROTO_H
#define PROTO_H

#include "common.h"
#include "reader.h"
#include "rules.h"

#define PROTO_MAX_LIST 100 /* longest list read (longer: an error, nothing read) */

/* proto_read results */
#define PROTO_OK 0
#define PROTO_BAD 1 /* read with problems (t->err); answer a fallback */
#define PROTO_END 2 /* end of input before the turn: stop */

typedef struct proto_turn {
  int opp;               /* the opponent's last cell, -1 for none or unreadable */
  int opp_none;          /* 1 when the line was "-1 -1" */
  int nvalid;            /* cells kept from the list */
  int valid[RULES_CELLS];
  char err[200];         /* the first problem, "" when none */
} proto_turn;

/* Reads one turn. */
BOT_API int proto_read(reader_t *r, proto_turn *t);
/* 1 if cell is in the turn's list. */
BOT_API int proto_listed(const proto_turn *t, int cell);
/* Writes "row col" for cell and flushes stdout. */
BOT_API void proto_answer(int cell);

#endif /* PROTO_H */
