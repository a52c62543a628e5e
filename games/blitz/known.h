/*
** known.h -- recognising known bots from their moves, for the lab only
** (blitz-lab --known: how the bot predicted heroes before issue 35; the
** bot itself never contains it and fits a general model instead, fit.h):
** each other hero's
** moves are checked against the models of the 2016 contest bots that the
** lab plays (sparring.h: killer, brute, wow) and against our own sparring
** policies hunter and miner (KNOWN_SPARRING; their policies without the 5 %
** of random moves); a model that has foretold a hero's recent moves is
** then used to predict that hero in our search (ai_set_predictor: the
** first plies).
**
** Data flow, once per move of ours (ai_choose):
**   known_observe(k, now, me)   the state we are shown;
**   known_moved(k, dir)         the move we answer.
** known_observe replays the round since our last move: from the last
** state and our move, each other hero in turn order plays the move that,
** with the others', leads to the state shown (a model's prediction is
** tried first; a depth-first search over the 5 moves of each, 125
** rounds at most). Each model then scores a hit or a miss for each hero:
** its predicted move led where the hero went, or not. Misses are decayed
** by KNOWN_DECAY per observation; a model is trusted for a hero after
** KNOWN_MIN_OBS observations while its decayed misses stay below
** KNOWN_MAX_MISS (one miss is forgiven after about 7 observations), or
** KNOWN_MAX_MISS_NOISY for hunter and miner, whose random moves miss
** about one observation in 25 (one miss is forgiven at once, two close
** together after about 3 observations). Ties go to the first model:
** killer, brute, wow, hunter, miner.
** A round that no moves explain (a move of ours the server replaced, a
** hidden spike) scores nothing.
**
** Invariants: a known is a fixed-size struct (copy with memcpy, no
** pointers); known_predict never changes it (killer's plan memory is
** copied before each prediction).
*/
#ifndef KNOWN_H
#define KNOWN_H

#include "common.h"
#include "rules.h"
#include "sparring.h"

/* 1: the sparring bots hunter and miner are known bots too (their policy
   without its 5 % of random moves); 0: only the contest bots' models. */
#ifndef KNOWN_SPARRING
#define KNOWN_SPARRING 1
#endif
#define KNOWN_MODELS (3 + 2 * KNOWN_SPARRING) /* killer, brute, wow[, hunter, miner] */

typedef struct known {
  int valid, me, move; /* a state seen at our turn, us, our answer */
  rules_state prev;
  sparring_bot bot[RULES_HEROES][KNOWN_MODELS]; /* each model's memory per hero */
  int obs[RULES_HEROES][KNOWN_MODELS];          /* rounds scored */
  double miss[RULES_HEROES][KNOWN_MODELS];      /* decayed misses */
  int hits[RULES_HEROES][KNOWN_MODELS];         /* undecayed, for reports */
  int rounds, unexplained;                      /* rounds replayed, of which not explained */
} known;

/* Forgets everything (a new game). */
BOT_API void known_reset(known *k);
/* Scores the models on what happened since our last move (see above). */
BOT_API void known_observe(known *k, const rules_state *now, int me);
/* Our answer to the state last observed. */
BOT_API void known_moved(known *k, int dir);
/* The model index (0..KNOWN_MODELS-1) trusted for hero id (1..4), or -1. */
BOT_API int known_model(const known *k, int id);
/* SPARRING_* kind of model m. */
BOT_API int known_kind(int m);
/* 1 when model m is our sparring hunter or miner (KNOWN_SPARRING): noisy
   (KNOWN_MAX_MISS_NOISY) and cheap to call (ai.c, AI_PRED_PLIES_SPARRING). */
BOT_API int known_sparring(int m);
/* ai_predictor: hero id's move in s by its trusted model, or -1 (ctx: a
   known). */
BOT_API int known_predict(void *ctx, const rules_state *s, int id);

#endif /* KNOWN_H */
