/*
** play.h -- Spring Challenge 2021 protocol loop shared by the shipped bot
** (main.c) and the sparring bots of other designs (bot_mcts.c): reads the
** referee's input turn by turn, asks ai_choose, prints one line a turn.
**
** Invariants: exactly one line on stdout per recognised turn, flushed;
** debug only on stderr; the line is one of the actions the referee listed,
** as it listed it, or WAIT. A turn is recognised by its header (day,
** nutrients, our sun and score, the opponent's sun, score and waiting
** flag: four lines of the right shape); a corrupt line later in the turn
** gives WAIT for that turn, and the loop then skips lines until the next
** header, so it never answers twice for one turn. End of input ends the
** program (exit status 0).
*/
#ifndef PLAY_H
#define PLAY_H

#include "common.h"

typedef struct play_config {
  int design;       /* AI_MCTS or AI_BEAM (ai.h) */
  double first_ms;  /* budget of the first turn */
  double turn_ms;   /* budget of later turns with the CPU to ourselves */
  double busy_ms;   /* CPU share between 0.7 and 0.9 */
  double loaded_ms; /* CPU share below 0.7 */
  const char *name; /* for stderr lines */
  int beam_version; /* AI_BEAM's tunables: BEAM_SHIPPED (0) or a frozen
                       version (beam.h, beam_params_init) */
} play_config;

/* Runs the bot on stdin/stdout until end of input; returns the exit status. */
BOT_API int play_run(const play_config *cfg);

#endif /* PLAY_H */
