/*
** trace.h -- replay of a Blitz 2016 reference trace
** (tests/data/blitz/README.md) against rules.c.
**
** trace_replay reads the file, builds the board from its MAP, checks SPAWN,
** then applies every "M hero dir" line and compares the whole state line
** (turn, 4 x (x y life gold mineCount crashed), tiles), then END and RANK.
** Invariant: returns 0 iff every line matched; otherwise the first
** difference is written into msg.
*/
#ifndef TRACE_H
#define TRACE_H

#include <stddef.h>
#include "common.h"
#include "rules.h"

/* Formats a state as a trace state line (no newline). Returns length or -1. */
BOT_API int trace_state_line(const rules_state *s, char *out, size_t cap);
/* Replays path. Returns 0 if it matches, 1 on a difference, 2 if the file
   cannot be read or is malformed. *moves gets the number of M lines done. */
BOT_API int trace_replay(const char *path, char *msg, size_t msgcap, int *moves);

#endif /* TRACE_H */
