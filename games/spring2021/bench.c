/*
** bench.c -- Spring Challenge 2021 speed figures (build/spring2021-bench):
** full uniformly random playouts per second and actions applied per second
** on one core (best of five 300 ms windows, and the median window; and the
** median window's rate per second of this thread's CPU time, which load on
** the machine does not lower the way it lowers the wall-clock rates), the
** AI's policy playouts per second, the sparring bot's (bot_mcts.c)
** playouts per 50 ms turn, and the shipped beam search's children
** evaluated per second and narrowest finished width in a 65 ms turn
** (MAIN_TURN_MS in main.c), on positions of days 5, 12 and 19 (per second
** of wall clock and of CPU time).
** Prints "bench LABEL k=v" lines; LABEL is the first argument, default
** spring2021. make bench runs it twice: the -O2 tool build
** (build/spring2021-bench) and, labelled spring2021-judge, the same file
** amalgamated by merge.py and compiled as CodinGame compiles the bot (no -O,
** the generated #pragma GCC optimize prologue): build/spring2021-bench-judge.
**
** Invariants: fixed seeds, so runs differ only by machine speed.
*/
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ai.h"
#include "beam.h"
#include "deadline.h"
#include "javarand.h"
#include "rng.h"
#include "rules.h"

static long bench__actions;
static beam_work bench__beam;

#define BENCH_WINDOWS 5

static double bench__median(const double *v) {
  double t[BENCH_WINDOWS];
  memcpy(t, v, sizeof t);
  for (int i = 0; i < BENCH_WINDOWS; i++)
    for (int j = i + 1; j < BENCH_WINDOWS; j++)
      if (t[j] < t[i]) {
        double x = t[i];
        t[i] = t[j];
        t[j] = x;
      }
  return t[BENCH_WINDOWS / 2];
}

/* This thread's CPU time in seconds: what the windows got of the core,
   whatever else the machine runs (the wall-clock rates fall with load). */
static double bench__cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One full game where both players pick uniformly among the listed actions
   (rules_menu_build/nth: the same multiset as the referee's list). */
static void bench__random_game(const rules_board *b, rules_state *s, rng_t *r) {
  while (s->day < b->days) {
    while (!(s->waiting[0] && s->waiting[1])) {
      int act[2];
      for (int p = 0; p < 2; p++) {
        if (s->waiting[p]) {
          act[p] = RULES_WAIT;
          continue;
        }
        rules_menu m;
        int n = rules_menu_build(b, s, p, &m);
        act[p] = rules_menu_nth(&m, (int)rng_below(r, (uint32_t)n));
        bench__actions++;
      }
      rules_apply(b, s, act);
    }
    rules_sun_move(b, s);
    if (s->day >= b->days) break;
    rules_gather(b, s);
  }
  rules_finish(s);
}

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "spring2021";
  rules_board b;
  rules_state start;
  javarand_t jr;
  rng_t r;
  rng_seed(&r, 2021);
  javarand_seed(&jr, 42);
  rules_generate(&b, &start, &jr, 3);
  rules_gather(&b, &start);

  /* five 300 ms windows: the best is the core's speed (a virtual machine's
     host takes some windows away), the median what a busy host leaves */
  deadline_t d;
  double rate[BENCH_WINDOWS], act_rate[BENCH_WINDOWS], cpu_rate[BENCH_WINDOWS];
  for (int w = 0; w < BENCH_WINDOWS; w++) {
    long games = 0, a0 = bench__actions;
    double cpu0 = bench__cpu_s();
    deadline_start(&d, 300.0);
    while (!deadline_passed(&d)) {
      rules_state s = start;
      bench__random_game(&b, &s, &r);
      games++;
    }
    double secs = deadline_elapsed_ms(&d) / 1000.0;
    rate[w] = games / secs;
    act_rate[w] = (bench__actions - a0) / secs;
    cpu_rate[w] = games / (bench__cpu_s() - cpu0);
  }
  int best = 0;
  for (int w = 1; w < BENCH_WINDOWS; w++)
    if (rate[w] > rate[best]) best = w;
  printf("bench %s playouts_per_s=%.0f\n", label, rate[best]);
  printf("bench %s actions_per_s=%.0f\n", label, act_rate[best]);
  printf("bench %s playouts_per_s_median=%.0f\n", label, bench__median(rate));
  printf("bench %s playouts_per_cpu_s_median=%.0f\n", label, bench__median(cpu_rate));
  double secs;

  long pol = 0;
  deadline_start(&d, 1500.0);
  int first[2] = {-1, -1};
  while (!deadline_passed(&d)) {
    rules_state s = start;
    ai_playout(&b, &s, first, &r);
    pol++;
  }
  secs = deadline_elapsed_ms(&d) / 1000.0;
  printf("bench %s policy_playouts_per_s=%.0f\n", label, pol / secs);

  /* bot: positions reached by policy play at days 5, 12 and 19 */
  long total = 0, beam_states = 0;
  double beam_ms = 0.0, beam_cpu = 0.0;
  int turns = 0, beam_width = BEAM_MAX_WIDTH;
  for (int target = 5; target <= 19; target += 7) {
    rules_state s = start;
    while (s.day < target) ai_policy_day(&b, &s, &r);
    ai_stats st;
    deadline_start(&d, 50.0); /* the sparring bot's budget (bot_mcts.c) */
    ai_search(&b, &s, 0, &d, &r, &st);
    total += st.playouts;
    /* the beam search at the shipped bot's budget (MAIN_TURN_MS, main.c) */
    beam_stats bs;
    double cpu0 = bench__cpu_s();
    deadline_start(&d, 65.0);
    beam_search(NULL, &b, &s, 0, &d, &bench__beam, &bs);
    beam_states += bs.expanded;
    beam_ms += deadline_elapsed_ms(&d);
    beam_cpu += bench__cpu_s() - cpu0;
    if (bs.width < beam_width) beam_width = bs.width;
    turns++;
  }
  printf("bench %s mcts_playouts_per_turn=%ld\n", label, total / turns);
  printf("bench %s beam_states_per_s=%.0f\n", label, beam_states / (beam_ms / 1000.0));
  printf("bench %s beam_states_per_cpu_s=%.0f\n", label, beam_states / beam_cpu);
  printf("bench %s beam_min_width=%d\n", label, beam_width);
  return 0;
}
