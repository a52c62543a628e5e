/*
** bench.c -- Green Circle speed figures (a tool): prints
**   bench greencircle phases_per_s=N      referee turns applied per second
**   bench greencircle playouts_per_s=N    whole games (uniform listed options)
**   bench greencircle ai_decisions=N, ai_samples_per_decision=N,
**         ai_nodes_per_s=N, ai_ms_per_decision=N (one line each)
**                                         the bot's search per 30 ms decision
** on one core, one `bench <game> <metric>=<value>` a line like every game's
** bench. Each measurement runs for a fixed wall time.
*/
#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "deadline.h"
#include "rules.h"

static long bench_playout(rules_game *g, rules_rng *r) {
  long phases = 0;
  rules_action o[RULES_MAX_OPTS];
  while (!g->over) {
    int n = rules_options(g, o, RULES_MAX_OPTS);
    int k;
    do k = rules_rng_int(r, n);
    while (o[k].kind == RULES_A_RANDOM && n > 1);
    rules_apply(g, r, &o[k]);
    phases++;
  }
  return phases;
}

int main(void) {
  rules_rng r, setup;
  rules_rng_fast(&r, 12345);
  long games = 0, phases = 0;
  deadline_t d;
  deadline_start(&d, 1000.0);
  while (!deadline_passed(&d)) {
    rules_game g;
    rules_rng_exact(&setup, (int64_t)(games + 1));
    rules_setup(&g, &setup);
    phases += bench_playout(&g, &r);
    games++;
  }
  double s = deadline_elapsed_ms(&d) / 1000.0;
  printf("bench greencircle phases_per_s=%.0f\n", phases / s);
  printf("bench greencircle playouts_per_s=%.0f\n", games / s);
  /* the search on positions reached by uniform play, 30 ms each */
  long samples = 0, nodes = 0, decisions = 0;
  double ms = 0;
  for (int i = 0; i < 20; i++) {
    rules_game g;
    rules_rng_exact(&setup, 1000 + i);
    rules_setup(&g, &setup);
    rules_action o[RULES_MAX_OPTS];
    for (int k = 0; k < 20 + 3 * i && !g.over; k++) {
      int n = rules_options(&g, o, RULES_MAX_OPTS);
      rules_apply(&g, &r, &o[rules_rng_int(&r, n - 1)]);
    }
    if (g.over || g.active != 0) continue;
    ai_stats st;
    ai_decide_game(&g, 30.0, (uint64_t)i, &st);
    samples += st.samples;
    nodes += st.nodes;
    ms += st.ms;
    decisions++;
  }
  if (decisions > 0 && ms > 0) {
    printf("bench greencircle ai_decisions=%ld\n", decisions);
    printf("bench greencircle ai_samples_per_decision=%.0f\n", (double)samples / decisions);
    printf("bench greencircle ai_nodes_per_s=%.0f\n", nodes / (ms / 1000.0));
    printf("bench greencircle ai_ms_per_decision=%.1f\n", ms / decisions);
  }
  return 0;
}
