/*
** bot_mc.c -- Green Circle candidate bot: the rollout search (mc.h,
** mc_decide) at MC_BOT_BUDGET_MS a decision, MC_BOT_FIRST_MS for the first
** request: build/greencircle-mc. Not the dist bot (main.c decides what
** ships; README, Results).
** Budget and margin: the judge allows 50 ms a turn (1 s for the first);
** the search reads the monotonic clock inside every playout (every
** MC_CHECK_STEPS steps, a few microseconds apart), so its own time ends
** within a fraction of a millisecond of the budget; the rest is margin for
** reading the input, writing the answer and the host's unreported stalls
** (README: stalls of up to 21 ms were seen on the development machine).
** Like main.c, it reads each request, tracks what the input hides (plays
** left, throws left, pending desk) and prints the answer flushed; bad
** input: a message on stderr and RANDOM.
*/
#include <stdio.h>

#include "ai.h"
#include "mc.h"

#ifndef MC_BOT_BUDGET_MS
#define MC_BOT_BUDGET_MS 30.0
#endif
#ifndef MC_BOT_FIRST_MS
#define MC_BOT_FIRST_MS 150.0
#endif

int main(void) { return ai_bot_main(mc_decide, MC_BOT_FIRST_MS, MC_BOT_BUDGET_MS); }
