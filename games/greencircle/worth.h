/*
** worth.h -- Green Circle: the dist bot's decision (worth_decide), the
** rollout search of mc.h configured to value an engine (issue 36).
**
** Why: an engine builder (sparring bot `engine`, engine.h) automates its
** BONUS cards, keeps its deck free of debt and releases five times in a
** burst; v2 (mc_decide) lost to it mostly 4-5: its rollouts released for
** debt (up to 3 early, 2 later), so the search saw a shoddy release as a
** release gained and its debt as a small tax (ai_eval's 0.8 a card), then
** at four its deck could not make the clean fifth.
**
** What changes against v2 (worth.c's tunables):
**   policy:  the bot's default policy releases clean only (WORTH_REL);
**            the opponent's is read from what it shows (worth_conf_seen):
**            clean only while it holds no more DEBT than its starting
**            deck (an engine builder's way), else v2's limits, 3 and 2
**            (it pays debt for its releases, so its clock runs faster);
**            both seats' moves that cost cards (past the administrative
**            desk: two thrown; next to the other player: one given) weigh
**            WORTH_MOVE_COST_X times v2's penalty, so the playouts move
**            the way an engine builder does (it never stands next to its
**            opponent and seldom passes the administrative desk): the
**            opponent's seat as the engine it may be, the bot's own
**            continuation as the engine it builds. Measured, not derived
**            (games/greencircle/README.md, Results): the root search
**            itself then throws more cards, not fewer (on 20 traced games
**            against engine 5.9 a game against 3.7), and holds less DEBT
**            (2.4 at turn 50 in its wins against 6.9);
**   root:    a candidate MOVE that throws or gives cards is charged
**            WORTH_ROOT_CARD (win probability) per card on every sample
**            (mc_conf.root_card_pen): the rollouts value the card it
**            fetches, but not the cards the deck loses for the rest of
**            the game, so without the charge the search passed the
**            administrative desk again and again, throwing its BONUS
**            cards (seen in lost games against engine: six passes in
**            one game, its first release on turn 87);
**   horizon: WORTH_HORIZON own turns;
**   leaf:    worth_eval = race_eval plus, for each player still short of
**            five, what its deck is worth for the releases it still needs
**            (left = 5 - score): + WORTH_CAP x automated cards x left (an
**            automated card is in every later hand, the clean fifth's
**            included) and - WORTH_TAX x DEBT cards x left (a DEBT card
**            dilutes every later draw); the opponent's counts with
**            WORTH_OPP's weight against us (its engine is our clock).
**            WORTH_TAX_FLOOR (off in the dist build) keeps the tax's count
**            of releases from falling below a floor near the end.
**
** Invariants: no allocation; pure functions of their arguments apart from
** the clock; the answer is always one of the listed options.
*/
#ifndef WORTH_H
#define WORTH_H

#include <stdint.h>

#include "ai.h"
#include "common.h"
#include "mc.h"
#include "proto.h"
#include "rules.h"

#ifndef WORTH_TAX_FLOOR
/* The debt tax (worth_eval) counts at least this many releases still
   needed (0: off; worth.c's worth__engine says why). */
#define WORTH_TAX_FLOOR 0
#endif

/* The dist bot's configuration of the rollout search. */
BOT_API void worth_conf(mc_conf *cf);
/* worth_conf with the opponent's release limits read from what it shows:
   holding no more DEBT (opp_debt, all its cards) than a starting deck, it
   has never paid debt for a release and is modelled clean only; else at
   v2's limits (WORTH_OPP_REL_EARLY, WORTH_OPP_REL_LATE). */
BOT_API void worth_conf_seen(mc_conf *cf, int opp_debt);
/* Value of a position for player 0: race_eval plus the engine terms. */
BOT_API double worth_eval(const rules_game *g);
/* Chooses the answer to request `in` within budget_ms (ai_decide_fn). */
BOT_API rules_action worth_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                  ai_stats *st);

#endif /* WORTH_H */
