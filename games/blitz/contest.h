/*
** contest.h -- the boards of the Coveo Blitz 2016 contest server, from a
** seed. The contest server (Scala, Play) drew every arena board with the
** global scala.util.Random, i.e. one java.util.Random: first the map
** configuration (size 10..28, wall, mine and spike percentages), then the
** board itself. contest_board starts a java.util.Random from SEED and makes
** the board that server would have made with its generator in that state:
** same draws, same order, same retries, same tavern search. Our own
** re-implementation (no code of the server is copied); the pinned boards of
** tests/blitz/test_contest.c were computed by the server's own Scala code.
**
** Invariants: deterministic in SEED; the result parses with rules_parse_map
** and is mirror-symmetric (hero 1 at the spawn, 2 rows mirrored, 3 both, 4
** columns mirrored, as the server seats them); no malloc.
*/
#ifndef CONTEST_H
#define CONTEST_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define CONTEST_MAXN 28                                  /* largest board the draw gives */
#define CONTEST_TEXT_CAP (CONTEST_MAXN * (2 * CONTEST_MAXN + 1) + 1)

typedef struct contest_params {
  int size;          /* board side, even, 10..28 */
  int wall_percent;  /* 10..41 */
  int mine_percent;  /* 3..9 */
  int spike_percent; /* 2..11 */
  int attempts;      /* boards drawn until one passed (1..100) */
} contest_params;

/* Map text (rows of 2-character tiles, '\n' after each, @1..@4 on the
** spawns) of the board for SEED into TEXT (CONTEST_TEXT_CAP bytes), and the
** drawn configuration into P (may be NULL). 0, or -1 with a message in ERR
** when the server would have failed too (100 boards rejected). */
BOT_API int contest_board(int64_t seed, char *text, size_t cap, contest_params *p, char *err,
                          size_t errcap);

#endif /* CONTEST_H */
