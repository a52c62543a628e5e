/*
** ai.c -- perfect tic-tac-toe by memoised negamax (see ai.h for the order
** in which moves are ranked).
**
** Invariants: ai__score[c] is valid when ai__have_score[c] is set, and
** ai__exp[m][c] when ai__have_exp[m][c] is set, for the board with
** rules_code c. Expected scores are exact: along any line the random
** player's branching factors are distinct numbers from 1..9, so their
** product divides 9!, and AI_SCALE = 2 * 9! keeps every mean (draws count
** half) an integer.
*/
#include <stddef.h>
#include <stdint.h>

#include "ai.h"

#define AI_SCALE 725760 /* 2 * 9! */

static signed char ai__score[RULES_CODES];
static unsigned char ai__have_score[RULES_CODES];
static int32_t ai__exp[2][RULES_CODES];
static unsigned char ai__have_exp[2][RULES_CODES];
static long ai__solved;

/* Negamax score of s for the player to move (ai_score). */
static int ai__negamax(const rules_state *s) {
  int code = rules_code(s);
  if (ai__have_score[code]) return ai__score[code];
  ai__solved++;
  int r = rules_result(s), best = -2 * AI_WIN;
  if (r == RULES_DRAW) {
    best = 0;
  } else if (r != RULES_ONGOING) {
    best = r == rules_to_move(s) ? AI_WIN - s->ply : -(AI_WIN - s->ply);
  } else {
    int mv[RULES_CELLS], n = rules_moves(s, mv);
    for (int i = 0; i < n; i++) {
      rules_state c = *s;
      rules_play(&c, mv[i]);
      int v = -ai__negamax(&c);
      if (v > best) best = v;
    }
  }
  ai__score[code] = (signed char)best;
  ai__have_score[code] = 1;
  return best;
}

static int ai__sign(int v) { return (v > 0) - (v < 0); }

static int32_t ai__expected(const rules_state *s, int smart);

/* The move ai_best plays (ranking of ai.h); its score and expectation. */
static int ai__choose(const rules_state *s, int *score, int32_t *expected) {
  int mv[RULES_CELLS], n = rules_moves(s, mv), best = -1, bv = 0;
  int32_t be = 0;
  int me = rules_to_move(s);
  for (int i = 0; i < n; i++) {
    rules_state c = *s;
    rules_play(&c, mv[i]);
    int v = -ai__negamax(&c);
    int32_t e = ai__expected(&c, me);
    int better = best < 0 || ai__sign(v) > ai__sign(bv) ||
                 (ai__sign(v) == ai__sign(bv) && (e > be || (e == be && v > bv)));
    if (better) best = mv[i], bv = v, be = e;
  }
  if (score) *score = bv;
  if (expected) *expected = be;
  return best;
}

/* Expected score of `smart` in units of 1 / AI_SCALE (ai_expected). */
static int32_t ai__expected(const rules_state *s, int smart) {
  int code = rules_code(s);
  if (ai__have_exp[smart][code]) return ai__exp[smart][code];
  int r = rules_result(s);
  int32_t e;
  if (r == RULES_DRAW) {
    e = AI_SCALE / 2;
  } else if (r != RULES_ONGOING) {
    e = r == smart ? AI_SCALE : 0;
  } else if (rules_to_move(s) == smart) {
    ai__choose(s, NULL, &e);
  } else {
    int mv[RULES_CELLS], n = rules_moves(s, mv);
    int64_t sum = 0;
    for (int i = 0; i < n; i++) {
      rules_state c = *s;
      rules_play(&c, mv[i]);
      sum += ai__expected(&c, smart);
    }
    e = (int32_t)(sum / n); /* exact: see the opening comment */
  }
  ai__exp[smart][code] = e;
  ai__have_exp[smart][code] = 1;
  return e;
}

BOT_API int ai_best(const rules_state *s, ai_stats *st) {
  long before = ai__solved;
  int score = 0;
  int32_t e = 0;
  int mv[RULES_CELLS];
  /* 1. Nothing to choose once the game is over. */
  int n = rules_moves(s, mv);
  /* 2. Rank every move (this solves the subtree on the first call). */
  int best = n > 0 ? ai__choose(s, &score, &e) : -1;
  if (st) {
    st->solved = ai__solved - before;
    st->moves = n;
    st->score = score;
    st->expected = (double)e / AI_SCALE;
  }
  return best;
}

BOT_API int ai_score(const rules_state *s) { return ai__negamax(s); }

BOT_API double ai_expected(const rules_state *s, int smart) {
  return (double)ai__expected(s, smart & 1) / AI_SCALE;
}
