/*
** bot_v2.c -- Green Circle sparring bot `v2`: the dist bot as it stood
** before issue 36's engine valuation (the rollout search mc_decide, mc.h,
** with its issue-13 default policy, horizon and race_eval leaf, at 30 ms
** a decision, 150 ms for the first), build/greencircle-v2. mc_decide keeps
** that decision unchanged; the dist bot's newer search is built beside it.
** Like main.c, it reads each request, tracks what the input hides (plays
** left, throws left, pending desk) and prints the answer flushed; bad input:
** a message on stderr and RANDOM.
*/
#include <stdio.h>

#include "ai.h"
#include "mc.h"

#define BOT_V2_BUDGET_MS 30.0
#define BOT_V2_FIRST_MS 150.0

int main(void) { return ai_bot_main(mc_decide, BOT_V2_FIRST_MS, BOT_V2_BUDGET_MS); }
