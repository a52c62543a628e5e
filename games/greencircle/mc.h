/*
** mc.h -- Green Circle rollout search (mc_run): chooses the answer to one
** request by playing each candidate out. A configuration (mc_conf) says
** how far, with which release limits, and how the horizon is scored:
** mc_decide runs v2's (the dist bot of issue 13, bot_v2.c), worth.h the
** dist bot's.
**
** Method (the numbered steps of mc.c): each sample determinizes what the
** bot cannot see (its draw order, the opponent's hand and piles, proto.c's
** proto_sample_hidden) and fixes one fast generator seed; every surviving
** candidate (the listed options without RANDOM and duplicates, at most
** MC_MAX_CAND by the default policy's own score) is applied to that same
** sample, then both players follow the default policy (mc_policy: a
** one-step greedy rule, the same for both seats but for each seat's
** release limits) to the end of the game or to the end of the bot's
** cf->horizon-th next turn, where cf->eval scores the position. Each
** playout's value is a win probability (1 win, 0 loss, 0.5 tie at the
** end; a logistic of cf->eval at the horizon). Successive
** halving: once every candidate has MC_HALVE0 samples, and again each time
** the sample count doubles, the worse half (by the sum over the same
** samples) is dropped. The best sum wins.
**
** Invariants: no allocation; pure functions of their arguments apart from
** the clock; the answer is always one of the listed options (RANDOM only
** if nothing else is listed); stops on a monotonic deadline checked inside
** every playout (a sample cut by the deadline is dropped).
*/
#ifndef MC_H
#define MC_H

#include <stdint.h>

#include "ai.h"
#include "common.h"
#include "proto.h"
#include "rules.h"

/* What a rollout search plays out and how it scores the horizon: v2's
   (mc_conf_v2, mc_decide) or the dist bot's (worth.h). */
typedef struct mc_conf {
  int horizon;             /* own turns played out after the current one */
  int rel_early[2];        /* the default policy releases paying at most this debt at score <= 1 */
  int rel_late[2];         /* ... and at score >= 2 ([0] the bot, player 0; [1] the opponent) */
  int rel_race, race_at;   /* ... or at most rel_race once the other player has race_at releases */
  ai_eval_fn eval;         /* the horizon's value for player 0 (race_eval in v2) */
  double move_cost_x;      /* scale of the default policy's penalties on a move that costs cards: past the
                              administrative desk (two thrown) or next to the other player (one given); 1 in v2 */
  double root_card_pen;    /* the root's charge, in win probability, per card a candidate MOVE throws or gives
                              (mc_move_cards); 0 in v2 */
} mc_conf;
/* Cards a MOVE a of g's active player costs: 2 past the administrative desk
   (thrown), 1 next to the other player (given); 0 for any other action. */
BOT_API int mc_move_cards(const rules_game *g, const rules_action *a);
/* v2's configuration: MC_HORIZON, MC_REL_EARLY, MC_REL_LATE, race_eval. */
BOT_API void mc_conf_v2(mc_conf *cf);
/* The default policy's score of action a for the active player of g
   (higher is better; < 0 in PLAY/RELEASE means "rather WAIT"). */
BOT_API double mc_score(const mc_conf *cf, const rules_game *g, const rules_action *a);
/* The default policy: the index in opts[0..n) of the active player's
   choice (never RANDOM unless it is the only option). */
BOT_API int mc_policy(const mc_conf *cf, const rules_game *g, const rules_action *opts, int n);
/* Value for player 0 of g, in [0, 1]: the result if the game is over,
   else a logistic of cf->eval. */
BOT_API double mc_value(const mc_conf *cf, const rules_game *g);
/* Plays g on with mc_policy for both players until the game ends or
   player 0 has ended `horizon` more turns (or *stop is set by the
   deadline, checked every few steps when dl is not NULL); returns
   mc_value of where it stopped. *steps counts rules_apply calls. */
BOT_API double mc_playout(const mc_conf *cf, rules_game *g, rules_rng *r, int horizon, const deadline_t *dl, int *stop,
                          long *steps);
/* The search on an explicit position (player 0 active): opts[0..n) are the
   listed options; resample: determinize the hidden cards per sample; at
   most max_samples samples. */
BOT_API rules_action mc_run(const mc_conf *cf, const rules_game *g0, const rules_action *opts, int n, double budget_ms,
                            uint64_t seed, int resample, long max_samples, ai_stats *st);
/* Chooses the answer to request `in` within budget_ms with configuration cf
   (the hidden cards resampled, at most MC_MAX_SAMPLES samples). */
BOT_API rules_action mc_decide_conf(const mc_conf *cf, const proto_input *in, const proto_track *t, double budget_ms,
                                    uint64_t seed, ai_stats *st);
/* Chooses the answer to request `in` within budget_ms (ai_decide_fn) with
   v2's configuration (bot_v2.c). */
BOT_API rules_action mc_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                               ai_stats *st);

#endif /* MC_H */
