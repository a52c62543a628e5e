/*
** engine.h -- Green Circle "engine builder" heuristic (sparring bot
** `engine`, bot_engine.c), written from issue 36's description of the
** strongest outside bot we met (nothing else of it was seen):
**   - automate BONUS cards early with CONTINUOUS_INTEGRATION (its desk's
**     cards are sought first; CI on a BONUS is its first play);
**   - play DAILY_ROUTINE (wider moves: more desks reachable without
**     passing the administrative desk or standing next to the opponent);
**   - never move next to the opponent (so it never gives a card) unless
**     every listed move does, and avoid the administrative desk;
**   - release only clean (no debt), so automated cards and a deck kept
**     free of debt release several applications in a burst; REFACTORING
**     removes the starting debt.
** One-step rules, the same for either seat (the active player of the
** game), no search, no clock.
** Invariants: no allocation; pure functions of their arguments; the
** choice is always one of the listed options (RANDOM only if nothing else
** is listed).
*/
#ifndef ENGINE_H
#define ENGINE_H

#include "common.h"
#include "rules.h"

/* The heuristic's score of action a for the active player of g (higher is
   better; < 0 in PLAY/RELEASE means "rather WAIT"). */
BOT_API double engine_score(const rules_game *g, const rules_action *a);
/* The index in opts[0..n) of the active player's choice. */
BOT_API int engine_choose(const rules_game *g, const rules_action *opts, int n);

#endif /* ENGINE_H */
