/*
** spar.h -- GameOfDrones sparring bots for the referee and the tests: the
** behaviours of the contest's example bots (all-in rush, turtle, fixed
** timings, uniform random), the round robin's bye dummy, and two adaptive
** ones that react to the opponent's last attack.
**
** Names (spar_names lists them):
**   rush      all soldiers, attack on turn 1 (1 soldier)
**   zerg      all soldiers, attack on turn 2 (2 soldiers)
**   turtle    all soldiers every turn, never attacks
**   grow      all producers until turn T-2, then all soldiers, never attacks
**   timingA   A = 2..9: producers until turn A-2, soldiers on A-1 and A,
**             attacks on turn A (2^(A-1) soldiers)
**   random    each turn a uniformly random split, attacks with prob. 1/5
**   copy      attacks on the turn the opponent last attacked (timing
**             build), turn 5 until the opponent has attacked
**   earlier   attacks one turn before the opponent's last attack (min 2)
**   defender  never attacks; producers until the turn before the
**             opponent's last attack turn, then all soldiers (the largest
**             army on that turn; turn 5 until the opponent has attacked)
**   bye       returns no action object at all (engine quirk, section 1.3)
** Deterministic bots: all but random (copy, earlier, defender react to
** the opponent's previous rounds). Invariants: actions are legal
** (counts within the producers held) except bye's missing action.
*/
#ifndef SPAR_H
#define SPAR_H

#include <stdint.h>
#include "common.h"
#include "rules.h"

enum { SPAR_RUSH, SPAR_ZERG, SPAR_TURTLE, SPAR_GROW, SPAR_TIMING, SPAR_RANDOM, SPAR_COPY, SPAR_EARLIER, SPAR_BYE,
       SPAR_DEFENDER };

typedef struct spar_t {
  int kind, param;        /* param: timing turn */
  int T, turn;
  int attack_turn;        /* this round's attack turn, 0 = never */
  int opp_last_attack;    /* opponent's last attack turn seen, 0 = none */
  uint64_t rng;
} spar_t;

/* Returns 0, or -1 if the name is not a sparring bot. */
BOT_API int spar_init(spar_t *b, const char *name, uint64_t seed);
/* Space-separated list of the names, for usage messages. */
BOT_API const char *spar_names(void);
BOT_API void spar_round_start(spar_t *b, int turns);
BOT_API rules_action spar_turn(spar_t *b, double producers, double soldiers);
BOT_API void spar_round_end(spar_t *b, int outcome, int turns_played, int you_attacked, int them_attacked);

#endif /* SPAR_H */
