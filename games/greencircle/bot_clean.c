/*
** bot_clean.c -- Green Circle candidate bot: ai_decide's per-request search
** with the clean-hand odds added to the evaluation (clean_decide, clean.h).
** Not the dist bot: over 400 games each it measured within noise of it
** (vs greedy 96.0% [93.6, 97.5] against 95.8%; vs v1, the dist bot's code
** then, 52.0% [47.1, 56.9], Elo +14 [-21, +47]; see README.md), so main.c
** kept ai_decide (it now ships race_decide, race.h, which measured stronger
** against v1).
** Like main.c, it reads each request, tracks what the input hides (plays
** left, throws left, pending desk), asks clean_decide for an answer within
** the time budget and prints it, flushed. Bad input: a message on stderr
** and RANDOM. Debug goes to stderr only.
** Budget: main.c's, 15 ms a decision (limit 50 ms), 150 ms for the first
** (limit 1 s); main.c explains the margin.
*/
#include <stdio.h>

#include "ai.h"
#include "clean.h"

#ifndef GC_MAIN_BUDGET_MS
#define GC_MAIN_BUDGET_MS 15.0
#endif
#ifndef GC_MAIN_FIRST_MS
#define GC_MAIN_FIRST_MS 150.0
#endif

int main(void) { return ai_bot_main(clean_decide, GC_MAIN_FIRST_MS, GC_MAIN_BUDGET_MS); }
