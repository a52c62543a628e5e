/*
** ai.h -- perfect tic-tac-toe: negamax over the whole game tree with a
** memo table (5,478 reachable positions), so the answer is exact and takes
** microseconds; no deadline is needed.
**
** Move choice, in order of priority:
**   1. the game-theoretic value (win > draw > loss against perfect play):
**      the bot never gives a won or drawn position away;
**   2. among moves of equal value, the best expected score against an
**      opponent that picks uniformly at random among its moves (win 1,
**      draw 1/2), when this bot keeps choosing the same way: against a
**      perfect opponent nothing is lost, against a weak one the bot sets
**      the traps most likely to work;
**   3. the negamax score (a sooner win, a later loss);
**   4. the lowest cell number.
**
** Invariants: the tables are static and filled lazily; every entry, once
** filled, is final (values depend on the board only, never on the path).
** Expected scores are exact integers in units of 1 / AI_SCALE.
*/
#ifndef AI_H
#define AI_H

#include "common.h"
#include "rules.h"

#define AI_WIN 10 /* a win with p marks on the board scores AI_WIN - p */

typedef struct ai_stats {
  long solved; /* positions added to the tables by this call */
  int moves;   /* legal moves considered at the root */
  int score;   /* negamax score of the chosen move, for the player to move */
  double expected; /* its expected score against a random opponent, 0..1 */
} ai_stats;

/* The best cell for the player to move, or -1 when the game is over.
   st may be NULL. */
BOT_API int ai_best(const rules_state *s, ai_stats *st);
/* Negamax score for the player to move: AI_WIN - p when it wins with p
   marks on the board at the end, minus that when it loses, 0 for a draw. */
BOT_API int ai_score(const rules_state *s);
/* Expected score (0..1) of player `smart` when it plays ai_best and the
   other player picks uniformly among its legal moves. */
BOT_API double ai_expected(const rules_state *s, int smart);

#endif /* AI_H */
