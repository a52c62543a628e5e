/*
** clean.h -- Green Circle: the odds that a hand covers an application
** cleanly, and the candidate bot's search built on them (bot_clean.c).
**
** The odds (clean_odds): the next hands are drawn from the whole deck
** (hand, draw, discard and played piles: a stationary view of the
** reshuffles), HAND cards without replacement, plus the automated cards and
** the card the move takes (of the type the bot lacks most). An application
** needs 4 skills of two types; a skill card gives 2, a BONUS 1 of any type;
** clean = no skill missing. The probability is exact for that model (a sum
** over the multivariate hypergeometric law of the drawn cards of the
** application's two types, of BONUS, and of the rest).
**
** Why: the fifth release must be clean, and a release below it costs a
** DEBT card per missing skill. The average-hand readiness of ai_eval does
** not see that a deck full of DEBT rarely draws a clean hand, nor what an
** automated card is worth for every later hand; the odds value debt,
** automation and the cards taken by what they do to the chance of a clean
** release.
**
** The search (clean_decide) is ai_decide's (ai.h: determinized samples, the
** rest of the own turn depth-first) with clean_eval at the leaves.
**
** Invariants: no allocation; pure functions of their arguments; the answer
** is always one of the listed options (RANDOM only if nothing else is).
*/
#ifndef CLEAN_H
#define CLEAN_H

#include <stdint.h>

#include "ai.h"
#include "common.h"
#include "proto.h"
#include "rules.h"

/* Probability that `hand` cards drawn without replacement from a deck of
   cnt[] cards (cnt[t] of type t, 10 types), plus aut[] automated cards and
   `take` free cards of the type the application lacks, release application
   id with no skill missing. */
BOT_API double clean_odds(int id, const int cnt[RULES_NTYPES], const int aut[RULES_NTYPES], int hand, int take);
/* The same for a release that costs at most maxdebt DEBT cards (below four
   releases: each missing skill paid with a shoddy one, 2 per skill card and
   1 per BONUS held, taken card included); maxdebt 0 is clean_odds. */
BOT_API double clean_odds_debt(int id, const int cnt[RULES_NTYPES], const int aut[RULES_NTYPES], int hand, int take,
                               int maxdebt);
/* Player p's chance of a hand that releases at a cost of at most maxdebt
   (0: clean) next turns: the best clean_odds_debt over the remaining
   applications (hand 4 + ARCHITECTURE_STUDY permanents, one card taken). */
BOT_API double clean_best(const rules_game *g, int p, int maxdebt);
/* Value of a position for player 0 (ai_eval plus the clean-hand terms). */
BOT_API double clean_eval(const rules_game *g);
/* Chooses the answer to request `in` within budget_ms. */
BOT_API rules_action clean_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                  ai_stats *st);
/* Same on an explicit game (player 0 active, nothing resampled). */
BOT_API rules_action clean_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st);

#endif /* CLEAN_H */
