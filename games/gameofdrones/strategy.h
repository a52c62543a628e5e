/*
** strategy.h -- the GameOfDrones player: equilibrium plans for safety, an
** opponent model built from round-end states, and an exact best response.
**
** Per round the player picks one open-loop plan (plan.h) at its first turn:
**   - a plan sampled from the equilibrium of the round's T (the shipped
**     table of T for T <= EQTABLE_TMAX, the longest table's plans above)
**     when nothing is known yet, or when the best-response rounds have so
**     far done worse than the equilibrium rounds (safe exploitation: each
**     mode's rounds keep a decayed mean outcome; the other modes are still
**     tried in up to STRATEGY_EXPLORE of the rounds, down to a tenth of it
**     while the favoured mode wins nearly every round);
**   - otherwise the best response (mode 1: short memory, for adaptive
**     opponents; mode 2: long memory, for stochastic stationary ones) to a mixture of: the equilibrium (prior),
**     the recency-weighted scenarios of the opponent's past rounds (attack
**     turn and army exact; earlier armies bounded by the deficit identity),
**     and reactive hypotheses ("attacks on my last attack turn", "one turn
**     earlier", "one turn before its own last attack", "defends with its
**     largest army on my last attack turn") weighted by how well each
**     predicted the past rounds.
** The struct holds everything (about 44 MB, no allocation); one per player.
** Round lengths are prepared in slots (graph, equilibrium, its opponent
** distribution): a T met before is a switch, so rounds that change length
** every round rebuild only short ones (T <= STRATEGY_SHORT, < 0.2 ms).
** Invariants: every action asks for at most the producers held, never a
** negative or NaN count, and never attacks on the last turn.
*/
#ifndef STRATEGY_H
#define STRATEGY_H

#include <stdint.h>
#include "common.h"
#include "plan.h"

#ifndef STRATEGY_HIST
#define STRATEGY_HIST 128      /* rounds remembered (the fuzz build sets 16, so */
#endif                         /* that short inputs wrap the ring) */
#define STRATEGY_EXPLORE 0.04  /* most rounds given to the modes not in favour */
#define STRATEGY_HYP 5         /* predictors of the opponent's next round */
#define STRATEGY_HYP_DEFEND 4  /* the one predicting a defence, not an attack */
#define STRATEGY_TABLE 512     /* most equilibrium table plans loaded */
#define STRATEGY_SLOTS 7       /* round lengths prepared at once: slot 0 */
#define STRATEGY_SHORT 8       /* for T <= this (rebuilt each time, < 0.2 ms */
                               /* native), then one slot for each T up to */
                               /* EQTABLE_TMAX, the rest (2) for longer T, */
                               /* the least recently used rebuilt */

typedef struct strategy_round {
  int T, tau;                  /* turns of the round, turns played */
  int their_attack;            /* 1 if they attacked on tau */
  int our_attack;              /* our attack turn, 0 if none */
  double their_p, their_s;     /* their end state */
  int outcome;                 /* +1, 0, -1 for us */
} strategy_round;

/* What a round length needs before its first move, kept per T so that
   rounds alternating lengths do not rebuild it (a rebuild costs 3 ms
   native, 6-9 ms in wasm at T = 10): the plan graph, the equilibrium and
   the distribution it induces as an opponent. */
typedef struct strategy_slot {
  int T;                       /* round length built, 0 = empty */
  int from_table;              /* 1 if eq came from eqtable */
  double expl;                 /* its measured exploitability (-1 unknown) */
  uint32_t used;               /* clock of the last use */
  plan_graph g;
  plan_strat eq;
  int eqd_n;                   /* the equilibrium's opponent distribution: */
  int eqd_k[PLAN_DIST_CAP];    /* kind, turn, soldiers, mass */
  int eqd_t[PLAN_DIST_CAP];
  double eqd_s[PLAN_DIST_CAP], eqd_m[PLAN_DIST_CAP];
} strategy_slot;

typedef struct strategy_t {
  uint64_t rng;                /* xorshift64* state, never 0 */
  int seeded;
  int T;                       /* turns of the current round */
  int turn;                    /* turns played in the current round */
  plan_pure cur;               /* the plan of this round */
  int cur_is_eq;               /* 1 if it was sampled from the equilibrium */
  int mode;                    /* 0 equilibrium, 1 BR short memory, 2 BR long memory */
  int planned;                 /* 1 once this round's plan is chosen */
  int nhist, hist_pos;
  strategy_round hist[STRATEGY_HIST];
  double hyp_score[STRATEGY_HYP], hyp_norm;
  int hyp_pred[STRATEGY_HYP];  /* predictions made for the current round:
                                  attack turn (0 never, -1 no opinion); for
                                  STRATEGY_HYP_DEFEND the defended turn */
  int rounds_seen, wins, losses, draws;
  int unusable;                /* rounds whose reported end state no player
                                  can reach (numeric-string opponents):
                                  kept out of the history */
  double last_br_value;        /* model value of the chosen best response */
  double perf[3];              /* decayed mean outcome of the rounds of each mode */
  double perf_num[3], perf_den[3]; /* its numerator and weight (decayed per use) */
  int slot_cur;                /* slot of the current round's T: its T is
                                  the prepared length (0 none yet), its
                                  expl what the glue reports */
  uint32_t clock;              /* slot use stamps (LRU) */
  plan_pure tplans[STRATEGY_TABLE]; /* table load scratch */
  double tweight[STRATEGY_TABLE];
  strategy_slot slot[STRATEGY_SLOTS];
  plan_work w;
  plan_dist d;
} strategy_t;

BOT_API void strategy_init(strategy_t *s, uint32_t seed);
BOT_API void strategy_match_start(strategy_t *s, double rounds, double seed);
BOT_API void strategy_round_start(strategy_t *s, double turns, double bonus);
/* Our move for the state at the start of a turn. */
BOT_API void strategy_turn(strategy_t *s, double producers, double soldiers, double *np, double *ns, int *attack);
/* outcome +1/0/-1; states after the last turn's production. */
BOT_API void strategy_round_end(strategy_t *s, int outcome, double turns_played, double you_p, double you_s,
                                int you_attacked, double them_p, double them_s, int them_attacked);
/* Builds the graph and equilibrium for T if not already (called by
   round_start; exposed for tests and benches). */
BOT_API void strategy_prepare(strategy_t *s, int T);
/* Upper bounds of an opponent's soldiers after production on turns 1..tau
   (out[t-1]) from its end state (deficit identity); out[tau-1] = s. */
BOT_API void strategy_profile(int tau, double p, double s, double *out);
BOT_API double strategy_uniform(void *ctx); /* for plan_sample: ctx = strategy_t */

#endif /* STRATEGY_H */
