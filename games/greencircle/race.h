/*
** race.h -- Green Circle: the dist bot's search (race_decide), ai_decide's
** per-request search with the opponent's readiness weighed more to its
** evaluation, and a tuning option: the fifth release within reach next
** turn (its own and the opponent's; weights 0 in the dist build).
**
** Why: against v1 (the same search with ai_eval alone) most games are a
** race to five decided by one turn (4-5 or 5-4), and the applications are
** shared: ten releases leave two to four of the twelve, and the fifth must
** be clean. ai_eval weighs the opponent's readiness (its closest
** application's missing skills after an average hand) at 1.5 a skill
** (a release is worth 20, a DEBT card 0.8); here it weighs 8
** (R_OPP, R_OPP_LAST add 6.5): releasing the application the opponent is
** closest to, or not handing it the cards it lacks, slows its race. It
** gains against v1 and costs a little against greedy, whose clean, slow
** releases leave less to deny (README, Results).
** The fifth: ai_eval sees the next hand only as its release cost (W_NEXT,
** 1 a skill, at most 8), the same at four releases as below, while at four
** a hand that covers the fifth cleanly with the card its move takes is the
** game. R_NEXT5 and R_OPP5 weigh that (race_can_finish) at the end of the
** bot's turn, when the next hands are drawn (the opponent's sampled from
** its unseen cards). At 30 each they cut the 3-5 losses against v1 but
** measured no gain on fresh seeds (README, Results): 0 in the dist build.
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
/* In a tuning build (-DBOT_TUNING), sets the R_ weights from BOT_TUNE once
   (ai_tune_load sets ai.c's); a no-op otherwise. Searches that call
   race_eval without race_decide (mc.c) call both first. */
BOT_API void race_tune_load(void);
/* Player p, at four releases, can release its fifth cleanly next turn
   with the hand it holds and one desk's card (race.c says which moves). */
BOT_API int race_can_finish(const rules_game *g, int p);
/* Chooses the answer to request `in` within budget_ms. */
BOT_API rules_action race_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                 ai_stats *st);
/* Same on an explicit game (player 0 active, nothing resampled). */
BOT_API rules_action race_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st);

#endif /* RACE_H */
