/*
** bot_mcts.c -- Spring Challenge 2021 sparring bot "mcts": the shipped bot
** before the beam search (flat Monte Carlo with UCB over the root actions,
** heuristic playouts to the end: ai_search), on the same protocol loop
** (play.h) and at the budgets it shipped with (50 ms a turn, 600 ms first).
**
** Invariants: those of play.h.
*/
#include "ai.h"
#include "play.h"

int main(void) {
  static const play_config cfg = {AI_MCTS, 600.0, 50.0, 40.0, 30.0, "spring2021-mcts",
                                  BEAM_SHIPPED};
  return play_run(&cfg);
}
