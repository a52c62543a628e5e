/*
** ai.h -- Green Circle search: chooses one answer for the current request.
**
** Method: determinized search over the rest of the bot's own turn. Each
** sample reshuffles the hidden draw pile (and deals the opponent's unknown
** cards) from the tracked composition; every listed option is applied to the
** same sample (common random numbers), then the rest of the turn is searched
** depth-first over the few most promising options of each later request, and
** the end-of-turn position is scored by ai_eval. The option with the best
** mean over samples wins. Stops on a monotonic deadline.
**
** Invariants: no allocation; the answer is always one of the listed options
** (RANDOM only if nothing else is listed).
*/
#ifndef AI_H
#define AI_H

#include <stdint.h>

#include "common.h"
#include "proto.h"
#include "rules.h"

#include "deadline.h"
#include "tune.h"

typedef struct ai_stats {
  long samples;  /* determinizations completed */
  long nodes;    /* rules_apply calls */
  long evals;    /* leaf evaluations */
  double ms;     /* time spent */
  int options;   /* root options considered */
} ai_stats;

/* One search's state: deadline, stop flag, counters (ai_run owns it). */
/* Score of a position for player 0 (ai_eval or a search's own). */
typedef double (*ai_eval_fn)(const rules_game *g);

typedef struct ai_ctx {
  deadline_t dl;
  int stop;
  long nodes, evals, calls;
  ai_eval_fn eval; /* the leaf value of ai_dfs */
} ai_ctx;

/* Value of the rest of player 0's turn from g (a search's depth-first step). */
typedef double (*ai_dfs_fn)(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth);

/* Storage of a tunables table's variables: constants in the dist build,
   variables that BOT_TUNE sets in a tuning build (-DBOT_TUNING). */
#ifdef BOT_TUNING
#define AI_TUNABLE_CONST
#else
#define AI_TUNABLE_CONST const
#endif

/* One tunable of a tuning build: its name and its variable. */
typedef tune_var ai_tunable;

#ifdef BOT_TUNING
/* Sets tab's variables from BOT_TUNE="NAME=VALUE ..."; unless quiet, a bad
   setting or an unknown name (S_, C_ and R_ names excepted: search.c's,
   clean.c's and race.c's tables) gets a message on stderr; the rest still applies.
   Once: *loaded is set. */
BOT_API void ai_tune_apply(const ai_tunable *tab, int n, int quiet, int *loaded);
#endif
/* Tuning build (-DBOT_TUNING): reads the weights from BOT_TUNE once; a
   no-op otherwise. ai_decide calls it; other searches over ai_eval must. */
BOT_API void ai_tune_load(void);
/* Player p's expected missing good skills for its two closest remaining
   applications (m1 <= m2), after an average next hand drawn from its deck
   plus its automated cards, BONUS counted as wild (m1 may be negative):
   the readiness term of ai_eval. */
BOT_API void ai_readiness(const rules_game *g, int p, double *m1, double *m2);
/* Score of a position for player 0 (higher is better). */
BOT_API double ai_eval(const rules_game *g);
/* Heuristic priority of an action for player 0 in g (orders the search). */
BOT_API double ai_prio(const rules_game *g, const rules_action *a);
/* Chooses the answer to request `in` within budget_ms. */
BOT_API rules_action ai_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                               ai_stats *st);
/* Puts the min(nk, limit) best of keep[0..nk) by pr (highest first, the
   first of equals first) at the front, pr moved along; returns that count. */
BOT_API int ai_top(rules_action *keep, double *pr, int nk, int limit);
/* The depth-first step both searches share: puts the limit best of
   keep[0..nk) by pr first, applies each (nk > 0) and values it with dfs at
   depth + 1; returns the best value (stops early on c->stop). */
BOT_API double ai_expand(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth, rules_action *keep, double *pr,
                         int nk, int limit, ai_dfs_fn dfs);
/* The sample loop both searches share: root options = opts without RANDOM
   and duplicates; per sample (at most max_samples) determinize the hidden
   cards if resample, apply every root option on the same draws and value the
   rest of the turn with dfs; a sample cut by the deadline is dropped; the
   best sum wins (ai_prio's order if no sample ended). */
/* With samples > 0, every later ai_run (ai_decide, search_decide,
   clean_decide, race_decide) and mc_run (mc_decide) ignores its clock and runs at most that many
   samples: the same answer on any machine at any load (tests, issue 34).
   0 restores the clock. */
BOT_API void ai_set_sample_limit(long samples);
/* For a search loop (ai_run, mc_run): under a sample limit, caps
   *max_samples and returns a budget never reached; else budget_ms. */
BOT_API double ai_sample_budget(long *max_samples, double budget_ms);
BOT_API rules_action ai_run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                            int resample, long max_samples, ai_dfs_fn dfs, ai_eval_fn eval, ai_stats *st);
/* The rest of player 0's turn from g, depth-first over the AI_BRANCH
   options ai_prio ranks best (every RELEASE kept) up to AI_MAX_DEPTH,
   leaves valued by c->eval: the dfs of ai_decide, clean_decide and
   race_decide, which differ only in their eval (ai_run's argument; NULL
   is ai_eval). */
BOT_API double ai_dfs(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth);
/* Same on an explicit game (player 0 active), for tests and benches. */
BOT_API rules_action ai_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st);

/* A search that answers one request (ai_decide, search_decide). */
typedef rules_action (*ai_decide_fn)(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                     ai_stats *st);
typedef struct ai_bot {
  ai_decide_fn decide;
  double first_ms, budget_ms; /* budget of the first request, of the others */
  uint64_t seed;
} ai_bot;
/* A whole bot on stdin/stdout (proto_run) answering with decide, a debug
   line per request on stderr. Returns 0 at end of input. */
BOT_API int ai_bot_main(ai_decide_fn decide, double first_ms, double budget_ms);

#endif /* AI_H */
