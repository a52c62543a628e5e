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
#include "deadline.h"
#include "proto.h"

#define GC_MAIN_BUDGET_MS 15.0
#define GC_MAIN_FIRST_MS 150.0

/* One request: the budget, a fresh seed, a debug line on stderr. */
static rules_action main_decide(const proto_input *in, const proto_track *t, void *ctx) {
  uint64_t seed = *(uint64_t *)ctx + (uint64_t)t->requests * 0x2545f4914f6cdd1dULL;
  ai_stats st;
  rules_action a = ai_decide(in, t, t->requests == 0 ? GC_MAIN_FIRST_MS : GC_MAIN_BUDGET_MS, seed, &st);
  fprintf(stderr, "req %d %s: %d options, %ld samples, %ld nodes, %.1f ms\n", t->requests, rules_phase_name(in->phase),
          st.options, st.samples, st.nodes, st.ms);
  return a;
}

int main(void) {
  uint64_t seed = (uint64_t)deadline_now_ns() ^ 0x9e3779b97f4a7c15ULL;
  return proto_run("greencircle", main_decide, &seed);
}
