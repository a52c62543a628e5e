/*
** fuzz_greencircle.c -- the Green Circle bot's input blocks and decision,
** as games/greencircle/main.c runs them on the input as stdin: proto_read,
** proto_track_request, worth_decide (the shipped decision: the rollout
** search of mc.c, playouts scored by worth.c's evaluation) with a 0.2 ms budget on
** the counting clock (fuzz_clock.c: 2 clock checks, MC_CHECK_STEPS playout
** steps each), proto_answer (stdout goes to /dev/null).
** Checks: a block read without error lists at least one option when the
** bot decides, and the decision is one of the listed options.
*/
#include "fuzz.h"
#include "fuzz_clock.h"
#include "worth.h"
#include "proto.h"

FUZZ_STDOUT_TO_NULL

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static reader_t r;
  static proto_input in;
  proto_track t;
  const char *text = fuzz_cstr(data, size, NULL);
  fuzz_clock_reset();
  proto_track_init(&t);
  reader_init_str(&r, text);
  for (int n = 0; n < 40; n++) {
    int rc = proto_read(&r, &in);
    if (rc == -1) break;
    FUZZ_CHECK(rc == 0 || rc == -2);
    if (rc == -2 || in.nopts == 0) {
      FUZZ_CHECK(rc == 0 || in.err[0]);
      continue;
    }
    FUZZ_CHECK(in.nopts > 0 && in.nopts <= PROTO_MAX_OPTS);
    proto_track_request(&t, &in);
    ai_stats st;
    rules_action a = worth_decide(&in, &t, 0.2, 7u + (uint64_t)n, &st);
    int listed = 0;
    for (int i = 0; i < in.nopts; i++)
      listed |= in.opts[i].kind == a.kind && in.opts[i].card == a.card && in.opts[i].x == a.x && in.opts[i].y == a.y;
    FUZZ_CHECK(listed);
    proto_answer(&t, &in, &a, NULL);
  }
  return 0;
}
