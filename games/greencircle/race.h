/*
** race.h -- Green Circle: the dist bot's search (race_decide), ai_decide's
** per-request search with two race terms added to its evaluation: the
** opponent's readiness weighed more, and the fifth release within reach
** next turn (its own and the opponent's).
**
** Why: against v1 (the same search with ai_eval alone) most games are a
** race to five decided by one turn (4-5 or 5-4), and the applications are
** shared: ten releases leave two to four of the twelve, and the fifth must
** be clean. ai_eval weighs the opponent's readiness (its closest
** application's missing skills after an average hand) at 1.5 a skill
** (a release is worth 20, a DEBT card 0.8); here it weighs 5.5
** (R_OPP, R_OPP_LAST add 4): releasing the application the opponent is
** closest to, or not handing it the cards it lacks, slows its race.
** ai_eval sees the next hand only as its release cost (W_NEXT, 1 a skill,
** at most 8), the same at four releases as below; but at four the hand
** that covers the fifth cleanly, with the card its move takes, is the game.
** So at the end of the bot's turn (the next hands drawn; the opponent's
** sampled from its unseen cards) a fifth within reach next turn
** (race_can_finish) is worth R_NEXT5 = 30 to the bot and costs R_OPP5 = 30
** when it is the opponent's: the bot releases its fourth and shapes its
** next hand for a clean fifth, and denies the application or desk card the
** opponent's fifth needs. It gains against v1 (README, Results).
**
** Evaluation (race_eval, player 0's view): ai_eval, plus
**   rival:  R_OPP x the opponent's clipped readiness (ai_readiness, 0..12,
**           the same quantity ai_eval weighs by W_OPP) below four, or
**           R_OPP_LAST x it at four;
**   fifth:  at the end of player 0's turn (neither at five), + R_NEXT5 if
**           race_can_finish(player 0), - R_OPP5 if race_can_finish(player 1).
** With every R_ weight 0 race_eval is ai_eval and race_decide is v1.
**
** Invariants: no allocation; pure functions of their arguments; the answer
** is always one of the listed options (RANDOM only if nothing else is).
*/
#ifndef RACE_H
#define RACE_H

#include <stdint.h>

#include "ai.h"
#include "common.h"
#include "proto.h"
#include "rules.h"

/* Value of a position for player 0 (ai_eval plus the race terms). */
BOT_API double race_eval(const rules_game *g);
/* Player p, at four releases, can release its fifth cleanly next turn
   with the hand it holds and one desk's card (race.c says which moves). */
BOT_API int race_can_finish(const rules_game *g, int p);
/* Chooses the answer to request `in` within budget_ms. */
BOT_API rules_action race_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                 ai_stats *st);
/* Same on an explicit game (player 0 active, nothing resampled). */
BOT_API rules_action race_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st);

#endif /* RACE_H */
