/*
** bot_engine.c -- Green Circle sparring bot `engine`: the engine builder
** of issue 36 (engine.h: automate BONUS cards with CONTINUOUS_INTEGRATION,
** play DAILY_ROUTINE, never stand next to the opponent, release only
** clean), one request at a time: build/greencircle-engine.
** Invariant: one listed option per request, flushed; RANDOM on bad input.
*/
#include <stdio.h>

#include "engine.h"
#include "proto.h"

static rules_action engine_answer(const proto_input *in, const proto_track *t, void *ctx) {
  static rules_game g;
  (void)ctx;
  proto_to_game(in, t, &g);
  if (in->nopts <= 0) {
    rules_action r = {RULES_A_RANDOM, 0, 0, 0};
    return r;
  }
  return in->opts[engine_choose(&g, in->opts, in->nopts)];
}

int main(void) { return proto_run("engine", engine_answer, NULL); }
