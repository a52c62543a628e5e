/*
** mc.h -- Green Circle rollout search (mc_decide): chooses the answer to
** one request by playing each candidate out.
**
** Method (the numbered steps of mc.c): each sample determinizes what the
** bot cannot see (its draw order, the opponent's hand and piles, proto.c's
** proto_sample_hidden) and fixes one fast generator seed; every surviving
** candidate (the listed options without RANDOM and duplicates, at most
** MC_MAX_CAND by the default policy's own score) is applied to that same
** sample, then both players follow the default policy (mc_policy: a
** one-step greedy rule, the same for both seats) to the end of the game or
** to the end of the bot's MC_HORIZON-th next turn, where race_eval scores
** the position. Each playout's value is a win probability (1 win, 0 loss,
** 0.5 tie at the end; a logistic of race_eval at the horizon). Successive
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

/* The default policy's score of action a for the active player of g
   (higher is better; < 0 in PLAY/RELEASE means "rather WAIT"). */
BOT_API double mc_score(const rules_game *g, const rules_action *a);
/* The default policy: the index in opts[0..n) of the active player's
   choice (never RANDOM unless it is the only option). */
BOT_API int mc_policy(const rules_game *g, const rules_action *opts, int n);
/* Value for player 0 of g, in [0, 1]: the result if the game is over,
   else a logistic of race_eval. */
BOT_API double mc_value(const rules_game *g);
/* Plays g on with mc_policy for both players until the game ends or
   player 0 has ended `horizon` more turns (or *stop is set by the
   deadline, checked every few steps when dl is not NULL); returns
   mc_value of where it stopped. *steps counts rules_apply calls. */
BOT_API double mc_playout(rules_game *g, rules_rng *r, int horizon, const deadline_t *dl, int *stop, long *steps);
/* The search on an explicit position (player 0 active): opts[0..n) are the
   listed options; resample: determinize the hidden cards per sample; at
   most max_samples samples. */
BOT_API rules_action mc_run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                            int resample, long max_samples, ai_stats *st);
/* Chooses the answer to request `in` within budget_ms (ai_decide_fn). */
BOT_API rules_action mc_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                               ai_stats *st);

#endif /* MC_H */
