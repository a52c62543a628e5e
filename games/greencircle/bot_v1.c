/*
** bot_v1.c -- Green Circle sparring bot: the dist bot as it stood before
** issue 13's work (ai.c's per-request search, ai_decide, at 15 ms a
** decision, 150 ms for the first; main.c now ships race_decide, race.h, the
** same search with the opponent's readiness weighed more). It follows
** ai.c's weights, so ai.c's evaluation and search stay as they are; the
** other bots build on top of them (search.c, clean.c for the candidate
** bot_clean.c, race.c for the dist bot).
** Like main.c, it reads each request, tracks what the input hides (plays
** left, throws left, pending desk) and prints the answer flushed; bad input:
** a message on stderr and RANDOM.
*/
#include <stdio.h>

#include "ai.h"

#define BOT_V1_BUDGET_MS 15.0
#define BOT_V1_FIRST_MS 150.0

int main(void) { return ai_bot_main(ai_decide, BOT_V1_FIRST_MS, BOT_V1_BUDGET_MS); }
