/*
** bench.c -- build/blitz-bench: prints `bench blitz <metric>=<value>` lines.
**
**   hero_moves_per_s   rules_move calls per second on one core, random
**                      moves on generated boards (state copied per game)
**   search_nodes_per_s simulated moves per second inside ai_choose
**   search_depth_mean  mean completed depth (plies) at a 100 ms budget
**   search_ms_mean/max time ai_choose used against that budget
*/
#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "deadline.h"
#include "rng.h"
#include "rules.h"

static rules_state bench__boards[8];

int main(void) {
  char err[100];
  for (int b = 0; b < 8; b++)
    if (rules_generate(&bench__boards[b], 1000 + (uint64_t)b, 10 + 2 * (b % 10), err, sizeof err) < 0) {
      fprintf(stderr, "blitz-bench: %s\n", err);
      return 1;
    }
  rng_t r;
  rng_seed(&r, 42);
  static rules_state s;
  long moves = 0;
  deadline_t d;
  deadline_start(&d, 1500);
  while (!deadline_passed(&d)) {
    memcpy(&s, &bench__boards[moves / 1200 % 8], sizeof s);
    while (!rules_finished(&s)) {
      rules_move(&s, (int)rng_below(&r, 5));
      moves++;
    }
  }
  printf("bench blitz hero_moves_per_s=%.0f\n", moves / (deadline_elapsed_ms(&d) / 1000.0));
  /* search: positions from games where the AI plays all heroes */
  long nodes = 0;
  double ms_sum = 0, ms_max = 0, depth_sum = 0;
  int searches = 0;
  for (int b = 0; b < 4; b++) {
    memcpy(&s, &bench__boards[b * 2], sizeof s);
    s.max_turns = 400;
    while (!rules_finished(&s)) {
      int me = s.turn % 4 + 1;
      deadline_t sd;
      if (s.turn % 40 == 0) {
        deadline_start(&sd, 100);
        ai_stats st;
        int dir = ai_choose(&s, me, &sd, &st);
        nodes += st.nodes;
        ms_sum += st.ms;
        if (st.ms > ms_max) ms_max = st.ms;
        depth_sum += st.depth;
        searches++;
        rules_move(&s, dir);
      } else {
        deadline_start(&sd, 2);
        rules_move(&s, ai_choose(&s, me, &sd, NULL));
      }
    }
  }
  printf("bench blitz search_nodes_per_s=%.0f\n", nodes / (ms_sum / 1000.0));
  printf("bench blitz search_depth_mean=%.1f\n", depth_sum / searches);
  printf("bench blitz search_ms_mean=%.1f\n", ms_sum / searches);
  printf("bench blitz search_ms_max=%.1f\n", ms_max);
  return 0;
}
