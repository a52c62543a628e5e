/*
** bot_random.c -- tic-tac-toe sparring bot "random": answers a uniformly
** random cell of the referee's list (always legal). Seeded from the clock,
** or from the environment variable TICTACTOE_SEED when set (replays).
** Bad input: a message on stderr and an answer anyway ("1 1" without a
** list).
*/
#include <stdio.h>
#include <stdlib.h>

#include "deadline.h"
#include "proto.h"
#include "rng.h"

int main(void) {
  static reader_t in;
  proto_turn t;
  rng_t g;
  const char *seed = getenv("TICTACTOE_SEED");
  rng_seed(&g, seed ? strtoull(seed, NULL, 0) : (uint64_t)deadline_now_ns());
  reader_init(&in, 0);
  for (;;) {
    int rc = proto_read(&in, &t);
    if (rc == PROTO_END) return 0;
    if (rc == PROTO_BAD) fprintf(stderr, "random: %s\n", t.err);
    proto_answer(t.nvalid > 0 ? t.valid[rng_below(&g, (uint32_t)t.nvalid)] : RULES_CELLS / 2);
  }
}
