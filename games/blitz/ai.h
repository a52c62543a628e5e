/*
** ai.h -- the Blitz bot's move choice.
**
** Per move: distance maps (weighted Dijkstra, spikes cost extra) from every
** cell to the nearest mine we do not own, to the nearest tavern (not one
** a stronger hero has kept guard by for many moves, while another is free), via a
** tavern to a mine, and the life those walks need; then an
** iterative-deepening paranoid alpha-beta search with the exact simulator
** (rules_move) in the real turn order, where the heroes near us (path
** distance <= AI_NEAR) choose the moves worst for us (a sure miner may play
** its model's move instead, ai_terms) and far heroes play their observed
** model's move (AI_FAR_MODELS); a hero whose moves the general policy
** family fitted during the game foretells well (fit.h) plays its fitted
** move in the first plies. No model of a particular bot is in it.
** Leaves are valued by projected gold (gold + mines x own turns left),
** minus a share of the best opponent's, plus a concave value of life, minus
** the remaining distance to the next mine (through a tavern when life is too
** low to take it), minus the risk of losing our mines at low life, a pull
** to a tavern before a mine we cannot afford (fill-up), a pull toward a
** weak hero rich in mines (hunt), a cost for being too weak to reach a
** tavern alive (trapped) and for standing on an enemy spawn, and, where
** dying beats living, the value of dying now and retaking our mines (ai.c,
** ai_evaluate, has each term and its tunables).
**
** Invariants: ai_choose returns RULES_NORTH..RULES_STAY and stops on the
** deadline (checked every few hundred nodes); it never allocates.
*/
#ifndef AI_H
#define AI_H

#include <stdint.h>
#include "common.h"
#include "deadline.h"
#include "fit.h"
#include "rules.h"

/* Opponent models from observed behaviour (ai.c step 1). */
enum { AI_MODEL_UNKNOWN, AI_MODEL_MINER, AI_MODEL_HUNTER, AI_MODEL_CAMPER, AI_MODELS };

#ifndef AI_NEAR
#define AI_NEAR 4
#endif
#ifndef AI_MAX_DEPTH
#define AI_MAX_DEPTH 24
#endif

typedef struct ai_stats {
  long nodes;        /* simulated moves in the last search */
  int depth;         /* deepest completed iteration (plies) */
  int near;          /* heroes treated as adversaries */
  int adv_mask;      /* which: bit k for hero k (1..4) */
  int model_mask;    /* of those, the ones playing their model's move */
  int fit_mask;      /* heroes predicted by their fitted model (fit.h) */
  double ms;         /* time spent */
  double score;      /* value of the chosen move */
} ai_stats;

/* Chooses a move for hero `me` (1..4) in s (s->turn % 4 + 1 == me). */
BOT_API int ai_choose(const rules_state *s, int me, const deadline_t *d, ai_stats *st);
/* Leaf evaluation from `me`'s point of view (exposed for tests). Call
   ai_prepare first for the board. */
BOT_API double ai_evaluate(const rules_state *s, int me);
/* Model of hero 1..4 after the last ai_choose (AI_MODEL_*). */
BOT_API int ai_model_of(int hero);
/* Wall-clock budget (ms) for the next search: think_ms shrunk by the CPU
   share of our recent searches (cpu/wall, 0..1) and by how late recent
   moves came out past their budget (ms); see ai.c, "Budget". */
BOT_API double ai_budget_ms(double think_ms, double share, double late_ms);
/* Switchable terms of ai_evaluate's leaf value, set together by
   ai_set_terms: the threat of a hunter that wins a duel near our mines
   (threat_w; 0 = off, the default: no gain measured, CHANGES.md), the tavern
   that limits a weak hero's exposure (risk_tavern 0/1, off by default),
   and the risk's growth with the way to a tavern (tavern_steps: one more
   share every that many steps, AI_RISK_TAV_STEPS by default; 0 off), and
   whether a near hero modelled a sure miner is searched playing its
   model's move instead of the worst one (model_miners 0/1,
   AI_ADV_MODEL_MINERS, on by default), and the share of its mines' income
   a hero too weak to walk to a tavern alive loses (trap_mine_w; 0 = off,
   the default: ai.c, AI_TRAP_MINE_W), and whether life is valued by
   what losing it costs (death 0/1, AI_DEATH, on by default: ai.c, "Death
   is cheap"; the trapped term was the older answer to a trapped hero),
   and the share of a near fitted hero's value its fitted move gives
   (pred_soft, AI_PRED_SOFT, 0.75 by default; 0: its worst move alone;
   taken below 0.99). */
typedef struct ai_terms {
  double threat_w;
  int risk_tavern;
  double tavern_steps;
  int model_miners;
  double trap_mine_w;
  int death;
  double pred_soft;
} ai_terms;
/* Sets all the terms; returns the previous ones (to restore them). */
BOT_API ai_terms ai_set_terms(ai_terms t);
/* The terms in use (the defaults until ai_set_terms). */
BOT_API ai_terms ai_get_terms(void);
/* Stops every search after about `nodes` simulated moves as well as on
   its deadline (checked at the same points); 0, the default, is no limit.
   With a far deadline the search then depends on the state alone: the lab
   (lab.c) plays reproducible games this way. */
BOT_API void ai_set_node_limit(long nodes);
/* A predictor of other heroes' moves: fn(ctx, s, id) returns hero id's
   move in s (RULES_NORTH..RULES_STAY), or -1 when it cannot tell. Heroes
   it predicts play its move in the search at every ply (no branching).
   NULL (the default): none. */
typedef int (*ai_predictor)(void *ctx, const rules_state *s, int id);
BOT_API void ai_set_predictor(ai_predictor fn, void *ctx);
/* 1 (the default, AI_FIT): heroes whose fit is trusted play their fitted
   move in the first plies (fit.h); 0: off (lab A/B runs). */
BOT_API void ai_set_fit(int on);
/* The opponent fit after the last ai_choose (reports, tests). */
BOT_API const fit *ai_fit(void);
/* Why the next moves: with a buffer (cap bytes, the caller's), each
   ai_choose writes into it, as text cut at cap, the heroes the search
   plays and how, each finished depth's root values, and the line its last
   depth saw after the chosen move (each node there searched again in a
   full window within the node budget and the deadline, after the move is
   chosen: the move and the stats are the same as without). NULL: off, the
   default. For the lab and tests; a bot on a clock leaves it off. */
BOT_API void ai_set_explain(char *buf, size_t cap);
/* Builds the distance maps for s (done by ai_choose). */
BOT_API void ai_prepare(const rules_state *s, int me);

#endif /* AI_H */
