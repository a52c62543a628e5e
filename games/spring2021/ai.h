/*
** ai.h -- Spring Challenge 2021 searches behind one interface (ai_choose):
**   AI_MCTS  flat Monte Carlo over the root actions with UCB allocation,
**            each sample a full playout to the end of the game (both
**            players follow ai_policy, a randomised heuristic), scored by
**            the exact final rules (sun/3, tree-count tiebreak): ai_search;
**   AI_BEAM  the day-structured beam search of beam.h.
**
** Invariants: no allocation (an ai_engine holds the beam's buffers: keep it
** static); ai_search never reads the clock more than once per
** AI_CLOCK_EVERY playouts; both return a legal action for player `me`
** (WAIT at worst) once the deadline has passed.
*/
#ifndef AI_H
#define AI_H

#include <stdint.h>
#include "common.h"
#include "deadline.h"
#include "rng.h"
#include "beam.h"
#include "rules.h"

#define AI_MAX_ROOT 64
#define AI_CLOCK_EVERY 16

typedef struct ai_stats {
  long playouts;   /* playouts run in the last search */
  int candidates;  /* root actions considered */
  double best_value; /* mean value of the chosen action, in [0, 1] */
} ai_stats;

/* One action of the playout policy for player p (valid for s). */
BOT_API int ai_policy(const rules_board *b, const rules_state *s, int p, rng_t *r);
/* Plays the rest of the game from s (an ACTIONS frame state) with the
   policy; first[p] >= 0 forces player p's first action. Finishes scoring. */
BOT_API void ai_playout(const rules_board *b, rules_state *s, const int first[2], rng_t *r);
/* Plays the rest of s's day with the policy for both players (checked by
   rules_resolve), then the night: the next day's state after its gather,
   or the finished game's (day == b->days, not yet scored). */
BOT_API void ai_policy_day(const rules_board *b, rules_state *s, rng_t *r);
/* Value of a finished state for player p, in [0, 1]. */
BOT_API double ai_value(const rules_state *s, int p);
/* Root candidates for player p (WAIT first, seeds pruned). */
BOT_API int ai_candidates(const rules_board *b, const rules_state *s, int p, int out[AI_MAX_ROOT]);
/* Chooses player me's action for the ACTIONS frame of s before d passes. */
BOT_API int ai_search(const rules_board *b, const rules_state *s, int me, const deadline_t *d,
                      rng_t *r, ai_stats *st);

enum { AI_MCTS = 0, AI_BEAM = 1 };

typedef struct ai_engine {
  int design;     /* AI_MCTS or AI_BEAM */
  rng_t rng;      /* for AI_MCTS */
  beam_work beam; /* for AI_BEAM */
  beam_params beam_par; /* AI_BEAM's tunables (BEAM_SHIPPED's by default) */
  long budget;    /* 0: the deadline decides; > 0: a work budget instead of
                     the clock, the same answers on any machine (tests):
                     AI_BEAM's widest pass, AI_MCTS's playouts */
} ai_engine;

typedef struct ai_report {
  long work;        /* playouts (AI_MCTS) or children evaluated (AI_BEAM) */
  const char *unit; /* "playouts" or "states" */
  int breadth;      /* root candidates, or the beam's widest finished pass */
  double value;     /* the chosen action's value (the design's own scale) */
} ai_report;

/* Sets e's design and seed; budget 0 (the deadline decides); the beam's
   tunables those of the shipped version. */
BOT_API void ai_engine_init(ai_engine *e, int design, uint64_t seed);
/* Player me's action for the ACTIONS frame of s, by e's design, before d
   (or within e->budget, d unused). */
BOT_API int ai_choose(ai_engine *e, const rules_board *b, const rules_state *s, int me,
                      const deadline_t *d, ai_report *rep);

#endif /* AI_H */
