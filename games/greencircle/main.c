/*
** main.c -- Green Circle bot (CodinGame, stdin/stdout): reads each request,
** tracks what the input hides (plays left, throws left, pending desk), asks
** ai_decide for an answer within the time budget and prints it, flushed.
** Bad input: a message on stderr and RANDOM (junk before the next phase
** line is skipped without answering). Debug goes to stderr only.
** Budget: 15 ms a decision (limit 50 ms), 150 ms for the first (limit 1 s);
** small because shared, loaded machines deschedule a busy bot for tens of ms.
*/
#include <stdio.h>

#include "ai.h"

#define GC_MAIN_BUDGET_MS 15.0
#define GC_MAIN_FIRST_MS 150.0

int main(void) { return ai_bot_main(ai_decide, GC_MAIN_FIRST_MS, GC_MAIN_BUDGET_MS); }
