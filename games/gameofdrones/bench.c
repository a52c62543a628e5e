/*
** bench.c -- build/gameofdrones-bench: prints `bench gameofdrones k=v`
** lines: CFR+ time and exploitability at T = 10, start-up equilibrium for
** another T, best-response time, per-turn cost of the full player in a
** match, and the exploitability of the shipped table.
*/
#include <stdio.h>
#include <time.h>
#include "eqtable.h"
#include "plan.h"
#include "rules.h"
#include "spar.h"
#include "strategy.h"

static plan_graph bench_g;
static plan_strat bench_cur, bench_avg;
static plan_work bench_w;
static plan_dist bench_d;
static plan_pure bench_plans[1024];
static double bench_wt[1024];
static strategy_t bench_s;

static double bench_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
  /* shipped table */
  double t0 = bench_ms();
  plan_build(&bench_g, 10);
  double tbuild = bench_ms() - t0;
  int n = eqtable_count(10);
  for (int i = 0; i < n && i < 1024; i++) eqtable_get(10, i, &bench_plans[i], &bench_wt[i]);
  plan_strat_from_plans(&bench_g, &bench_cur, bench_plans, bench_wt, n, &bench_w);
  t0 = bench_ms();
  double e = plan_exploitability(&bench_g, &bench_cur, &bench_d, &bench_w);
  double tbr = bench_ms() - t0;
  printf("bench gameofdrones graph_T10_nodes=%d\n", bench_g.nnodes);
  printf("bench gameofdrones graph_T10_edges=%d\n", bench_g.nedges);
  printf("bench gameofdrones graph_build_ms=%.2f\n", tbuild);
  printf("bench gameofdrones table_plans=%d\n", n);
  printf("bench gameofdrones table_exploitability=%.5f\n", e);
  printf("bench gameofdrones best_response_ms=%.2f\n", tbr);
  /* CFR+ from scratch at T = 10 */
  int iters = 1000, c = 0;
  t0 = bench_ms();
  plan_cfr_init(&bench_g, &bench_cur, &bench_w);
  plan_cfr_iterate(&bench_g, &bench_cur, &bench_d, &bench_w, iters, &c);
  plan_cfr_average(&bench_g, &bench_w, &bench_avg);
  double tcfr = bench_ms() - t0;
  printf("bench gameofdrones cfr_T10_iters=%d\n", iters);
  printf("bench gameofdrones cfr_T10_ms=%.0f\n", tcfr);
  printf("bench gameofdrones cfr_T10_exploitability=%.5f\n", plan_exploitability(&bench_g, &bench_avg, &bench_d, &bench_w));
  /* start-up equilibrium for a round length without a table */
  strategy_init(&bench_s, 1);
  t0 = bench_ms();
  strategy_prepare(&bench_s, 9);
  printf("bench gameofdrones startup_eq_T9_ms=%.0f\n", bench_ms() - t0);
  printf("bench gameofdrones startup_eq_T9_exploitability=%.5f\n",
         plan_exploitability(&bench_s.slot[bench_s.slot_cur].g, &bench_s.slot[bench_s.slot_cur].eq, &bench_d, &bench_w));
  /* the rules engine alone: rounds of two random bots */
  {
    spar_t r0, r1;
    spar_init(&r0, "random", 1);
    spar_init(&r1, "random", 2);
    long rounds = 0, steps = 0;
    int sum = 0;
    t0 = bench_ms();
    while (bench_ms() - t0 < 300) {
      for (int k = 0; k < 1000; k++, rounds++) {
        rules_round rd;
        rules_round_start(&rd, 10);
        spar_round_start(&r0, 10);
        spar_round_start(&r1, 10);
        while (!rd.over) {
          rules_action a = spar_turn(&r0, rd.side[0].producers, rd.side[0].soldiers);
          rules_action b = spar_turn(&r1, rd.side[1].producers, rd.side[1].soldiers);
          rules_round_step(&rd, &a, &b);
          steps++;
        }
        sum += rd.outcome;
      }
    }
    double dt = (bench_ms() - t0) / 1e3;
    printf("bench gameofdrones sim_rounds_per_s=%.0f\n", rounds / dt);
    printf("bench gameofdrones sim_turns_per_s=%.0f\n", steps / dt);
    if (sum == 1 << 30) printf("(unreachable)\n"); /* keeps the loop observable */
  }
  /* the full player in a 1000-round match against the random bot */
  spar_t sp;
  spar_init(&sp, "random", 7);
  strategy_init(&bench_s, 2);
  strategy_match_start(&bench_s, 1000, 2);
  long turns = 0;
  int wins = 0;
  double worst = 0, total = 0;
  for (int r = 0; r < 1000; r++) {
    rules_round rd;
    rules_round_start(&rd, 10);
    strategy_round_start(&bench_s, 10, 1);
    spar_round_start(&sp, 10);
    while (!rd.over) {
      rules_action a, b;
      int att;
      double t1 = bench_ms();
      strategy_turn(&bench_s, rd.side[0].producers, rd.side[0].soldiers, &a.np, &a.ns, &att);
      double dt = bench_ms() - t1;
      total += dt;
      if (dt > worst) worst = dt;
      turns++;
      a.flag = att;
      b = spar_turn(&sp, rd.side[1].producers, rd.side[1].soldiers);
      rules_round_step(&rd, &a, &b);
    }
    wins += rd.outcome > 0;
    double t1 = bench_ms();
    strategy_round_end(&bench_s, rd.outcome, rd.turn, rd.side[0].producers, rd.side[0].soldiers, rd.flag[0] == 1,
                       rd.side[1].producers, rd.side[1].soldiers, rd.flag[1] == 1);
    total += bench_ms() - t1;
    spar_round_end(&sp, -rd.outcome, rd.turn, rd.flag[1] == 1, rd.flag[0] == 1);
  }
  printf("bench gameofdrones turn_mean_ms=%.4f\n", total / turns);
  printf("bench gameofdrones turn_max_ms=%.2f\n", worst);
  printf("bench gameofdrones round_mean_ms=%.3f\n", total / 1000);
  printf("bench gameofdrones vs_random_rounds_won=%d/1000\n", wins);
  return 0;
}
