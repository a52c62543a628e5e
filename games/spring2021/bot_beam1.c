/*
** bot_beam1.c -- Spring Challenge 2021 sparring bot "beam1": the first
** shipped beam bot (until issue 37), on today's search code with its
** tunables frozen (beam.h, BEAM_V1) and at the budgets it shipped with
** (65 ms a turn, 700 ms first; 50 and 35 ms on a loaded machine).
**
** Invariants: those of play.h.
*/
#include "ai.h"
#include "play.h"

int main(void) {
  static const play_config cfg = {AI_BEAM, 700.0, 65.0, 50.0, 35.0, "spring2021-beam1", BEAM_V1};
  return play_run(&cfg);
}
