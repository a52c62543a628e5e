/*
** bench.c -- Green Circle speed figures (a tool): prints
**   bench greencircle phases_per_s=N      referee turns applied per second
**   bench greencircle playouts_per_s=N    whole games (uniform listed options)
**   bench greencircle ai_decisions=N, ai_samples_per_decision=N,
**         ai_nodes_per_s=N, ai_ms_per_decision=N (one line each)
**                                         the ai.c search per 30 ms decision
**   bench greencircle search_decisions=N, search_samples_per_decision=N,
**         search_wall_mean_ms, search_wall_max_ms, search_cpu_max_ms,
**         search_overrun_max_ms: the bot's whole-turn search at a 20 ms
**         budget on every request of 10 games it plays against itself; the
**         thread's CPU time max and the worst overrun of the budget (wall -
**         budget) are what the bot itself adds to a turn, the rest of a slow
**         turn is the machine's
** on one core, one `bench <game> <metric>=<value>` a line like every game's
** bench. Each measurement runs for a fixed wall time.
*/
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "deadline.h"
#include "rules.h"
#include "search.h"

#define BENCH_SEARCH_MS 20.0

static double bench_cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The search on every request of self-play games (player 0's view each time). */
static void bench_search(void) {
  long decisions = 0, samples = 0;
  double wsum = 0, wmax = 0, cmax = 0;
  for (int gi = 0; gi < 10; gi++) {
    rules_game g;
    rules_rng r;
    rules_rng_exact(&r, 5000 + gi);
    rules_setup(&g, &r);
    while (!g.over) {
      rules_game view = g;
      if (g.active == 1) { /* mirror: the active player becomes player 0 */
        view.p[0] = g.p[1];
        view.p[1] = g.p[0];
        view.active = 0;
      }
      search_stats st;
      deadline_t d;
      deadline_start(&d, 1e9);
      double c0 = bench_cpu_ms();
      rules_action a = search_decide_game(&view, BENCH_SEARCH_MS, (uint64_t)decisions, &st);
      double c = bench_cpu_ms() - c0, w = deadline_elapsed_ms(&d);
      wsum += w;
      if (w > wmax) wmax = w;
      if (c > cmax) cmax = c;
      samples += st.samples;
      decisions++;
      rules_apply(&g, &r, &a);
    }
  }
  double nd = (double)(decisions ? decisions : 1);
  printf("bench greencircle search_decisions=%ld\n", decisions);
  printf("bench greencircle search_samples_per_decision=%.0f\n", (double)samples / nd);
  printf("bench greencircle search_wall_mean_ms=%.2f\n", wsum / nd);
  printf("bench greencircle search_wall_max_ms=%.2f\n", wmax);
  printf("bench greencircle search_cpu_max_ms=%.2f\n", cmax);
  printf("bench greencircle search_overrun_max_ms=%.2f\n", wmax - BENCH_SEARCH_MS);
}

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
  bench_search();
  return 0;
}
