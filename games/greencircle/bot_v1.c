/*
** bot_v1.c -- Green Circle sparring bot: the first submitted bot, kept as
** it was before the whole-turn search (search.c): the per-request search of
** ai.c (ai_decide) at 15 ms a decision, 150 ms for the first. It follows
** ai.c's weights, so a retuned ai.c retunes v1 too.
** Reads each request, tracks what the input hides (plays left, throws left,
** pending desk), prints the answer flushed; bad input: a message on stderr
** and RANDOM (junk before the next phase line is skipped without answering).
*/
#include <stdio.h>

#include "ai.h"
#include "deadline.h"
#include "proto.h"

#define BOT_V1_BUDGET_MS 15.0
#define BOT_V1_FIRST_MS 150.0

int main(void) {
  static reader_t r;
  static proto_input in;
  proto_track t;
  proto_track_init(&t);
  reader_init(&r, 0);
  uint64_t seed = (uint64_t)deadline_now_ns() ^ 0x9e3779b97f4a7c15ULL;
  for (int n = 0;; n++) {
    int rc = proto_read(&r, &in);
    if (rc == -1) return 0;
    if (rc == -2 || in.nopts == 0) {
      fprintf(stderr, "greencircle: %s\n", in.err[0] ? in.err : "no options listed");
      if (rc == -2 && in.bad_phase) continue;
      printf("RANDOM\n");
      fflush(stdout);
      continue;
    }
    proto_track_request(&t, &in);
    ai_stats st;
    rules_action a = ai_decide(&in, &t, t.requests == 0 ? BOT_V1_FIRST_MS : BOT_V1_BUDGET_MS,
                               seed + (uint64_t)n * 0x2545f4914f6cdd1dULL, &st);
    fprintf(stderr, "req %d %s: %d options, %ld samples, %ld nodes, %.1f ms\n", n, rules_phase_name(in.phase),
            st.options, st.samples, st.nodes, st.ms);
    proto_answer(&t, &in, &a, NULL);
  }
}
