/*
** fit.h -- a general opponent model fitted during the game: each other
** hero's moves so far choose, among the parameter values of one family of
** policies, the values that foretell its moves best; the search (ai.c,
** step 5) then plays that hero's fitted move in its first plies where the
** fit foretells well, and the worst case (or the rough model) elsewhere.
** Nothing in it recognises a particular bot: the family is written from
** the game's goals alone.
**
** The family (fit__move in fit.c), for hero id in a state, in order:
**   1. a crashed hero stands;
**   2. heal: below `heal` life with gold, it walks to a tavern and drinks;
**      beside a tavern with gold and below `heal_to` life, it drinks again
**      (how far it heals);
**   3. attack: a hero it beats in a duel (fewer hits of 25 to kill)
**      within `attack` steps (manhattan; 0: never) draws it a step closer
**      (beside it, it stands and hits);
**   4. goal: `mine`, one step down the way to the nearest mine not its own
**      (into it when beside it), while its life is above `risk` (the
**      least life with which it fights a mine; below, a tavern when it has
**      gold); `hunt`, a step toward the weakest other hero; `camp`, to a
**      tavern's side and stay;
**   ways count each spike entry as `spikes` extra steps (0 or 6), and
**   with `block` go around the other heroes' cells (a hero is a wall).
** The grid of parameter values (FIT_N points, listed in fit.c) is scored
** like a likelihood: for each round since our last move, the moves of the
** other heroes that lead to the state now shown are replayed (a
** depth-first search over their 5 moves each, 125 rounds at most), and
** each point scores a hit when one of its moves (the family is
** indifferent among equally short ways) leads where the hero went (an
** equivalent move, such as a bump for Stay, counts) or a miss; a
** prediction plays the first of its moves (north, east, south, west, stay). Misses
** decay by FIT_DECAY per round; the point with the fewest decayed misses
** (ties: the first listed) is the hero's fit, trusted after FIT_MIN_OBS
** rounds while its decayed misses stay below FIT_MAX_MISS (about 90 % of
** recent moves foretold). A round no moves explain scores nothing.
**
** Data flow, once per move of ours (ai_choose):
**   fit_observe(f, now, me)  the state we are shown (scores the round);
**   fit_prepare(f, now)      the distance maps predictions use (loose fits too);
**   fit_moved(f, dir)        the move we answer.
**
** Invariants: a fit is a fixed-size struct without pointers (copy with
** memcpy); fit_predict never changes it.
*/
#ifndef FIT_H
#define FIT_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rules.h"

/* goals of the family */
enum { FIT_MINE, FIT_HUNT, FIT_CAMP, FIT_GOALS };

#define FIT_N 1296 /* points of the grid: 3 goals x 4 x 3 x 3 x 3 x 2 x 2 */

typedef struct fit_params {
  int goal;    /* FIT_MINE, FIT_HUNT, FIT_CAMP */
  int heal;    /* walks to drink below this life (0: never) */
  int heal_to; /* drinks again beside a tavern below this life */
  int attack;  /* closes in on a weaker hero within this many steps (0: never) */
  int risk;    /* fights a mine only above this life */
  int spikes;  /* extra steps a spike entry counts on its ways */
  int block;   /* 1: its ways go around other heroes */
} fit_params;

typedef struct fit {
  int valid, me, move; /* a state seen at our turn, us, our answer */
  rules_state prev;
  float miss[RULES_HEROES][FIT_N]; /* decayed misses per point */
  uint16_t hits[RULES_HEROES][FIT_N];
  /* rounds in which the move a prediction at the point fitted then plays
     (one of its equal moves) had the outcome seen */
  uint16_t played[RULES_HEROES];
  int obs[RULES_HEROES];           /* rounds scored per hero */
  int best[RULES_HEROES];          /* the fitted point per hero */
  int rounds, unexplained;
  /* ways (fit_prepare, and the tavern ways once per board): moves to act
     on a mine not hero k's own / a tavern, per spike cost index; a mine
     way around the other heroes when k's fit has `block` */
  int dmine[RULES_HEROES][2][RULES_CELLS];
  int dtav[2][RULES_CELLS];
  /* fit_prepare: hero k's ways to a tavern around the other heroes, for a
     fit with `block` */
  int dtav_block[RULES_HEROES][RULES_CELLS];
  int tav_n; /* board side the tavern ways are for (0: none yet) */
} fit;

/* Forgets everything (a new game). */
BOT_API void fit_reset(fit *f);
/* Scores the grid on what happened since our last move (see above). */
BOT_API void fit_observe(fit *f, const rules_state *now, int me);
/* Our answer to the state last observed. */
BOT_API void fit_moved(fit *f, int dir);
/* The ways fit_predict reads, for state s (call after fit_observe). */
BOT_API void fit_prepare(fit *f, const rules_state *s);
/* 1 when hero id's fit is trusted (FIT_MIN_OBS, FIT_MAX_MISS). */
BOT_API int fit_trusted(const fit *f, int id);
/* The fitted parameters of hero id (1..4); returns its decayed misses. */
BOT_API double fit_get(const fit *f, int id, fit_params *p);
/* The parameters of grid point i (0..FIT_N-1). */
BOT_API void fit_point(int i, fit_params *p);
/* ai_predictor: hero id's move in s by its trusted fit, or -1 (ctx: a fit). */
BOT_API int fit_predict(void *ctx, const rules_state *s, int id);
/* 1 when hero id's fit, trusted or not, foretells most of its recent moves
   (FIT_MIN_OBS, FIT_LOOSE_MISS: about 75 %); the search mixes the fitted
   move of such a hero, when not trusted, into its worst one (ai.c,
   AI_PRED_LOOSE). */
BOT_API int fit_loose(const fit *f, int id);
/* Hero id's move in s by its loose fit (fit_loose), or -1. */
BOT_API int fit_predict_loose(const fit *f, const rules_state *s, int id);
/* One line describing hero id's fit (goal, heal, attack, risk, spikes, block,
   share of moves foretold) into buf; returns buf. */
BOT_API char *fit_describe(const fit *f, int id, char *buf, size_t cap);

#endif /* FIT_H */
