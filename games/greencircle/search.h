/*
** search.h -- Green Circle whole-turn search with an opponent model: chooses
** the answer to one request of the bot's own turn.
**
** Method (the numbered steps of search.c): every sample determinizes what
** the bot cannot see -- its draw order from the draw pile's known
** composition, the opponent's hand and piles from its tracked composition --
** then plays every root option followed by the rest of the bot's own turn
** (MOVE, GIVE/THROW, the plays with their draws, RELEASE: one sequence)
** depth-first over the most promising options of each later request, and
** scores the end-of-turn position with search_eval: the position value of
** ai_eval, plus what the opponent can release on its next turn with the
** hand it holds in that sample (a finishing fifth weighs most; releasing the
** application it needs denies it), plus the debt that stands between the bot
** and its clean fifth. The option with the best mean over samples wins.
**
** Invariants: no allocation; the answer is always one of the listed options
** (RANDOM only if nothing else is listed); stops on a monotonic deadline.
*/
#ifndef SEARCH_H
#define SEARCH_H

#include <stdint.h>

#include "ai.h"
#include "common.h"
#include "proto.h"
#include "rules.h"

typedef ai_stats search_stats; /* same counters as ai.c's search */

/* The opponent's best release on its next turn from g (player 1, its hand as
   it stands plus the best desk card it can take): the debt it costs, or -1
   if none is within reach. */
BOT_API int search_opp_release(const rules_game *g);
/* The debt that would decide a tie at five releases: player 0's DEBT cards
   minus the opponent's, clamped, times the lower score over four (0 when
   either side has released nothing). */
BOT_API double search_tie_debt(const rules_game *g);
/* Value of an end-of-turn position for player 0 (higher is better). */
BOT_API double search_eval(const rules_game *g);
/* Chooses the answer to request `in` within budget_ms. */
BOT_API rules_action search_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                   search_stats *st);
/* Same on an explicit game (player 0 active, nothing resampled). */
BOT_API rules_action search_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, search_stats *st);

#endif /* SEARCH_H */
