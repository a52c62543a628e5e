/*
** search.c -- Green Circle whole-turn search (see search.h for the method).
**
** Search, as numbered steps (search__run):
**   1. rebuild the position from the input; root options = the listed ones
**      without RANDOM and duplicates;
**   2. per sample: determinize the hidden cards (proto_sample_hidden), draw
**      one generator seed for the sample (every root option sees the same
**      draws: common random numbers);
**   3. per root option: apply it, then search the rest of the own turn
**      depth-first (search__dfs): at each later request keep the
**      SEARCH_S_BRANCH options ai_prio ranks best (every RELEASE and WAIT kept);
**   4. score the end-of-turn position (search_eval), keep the best line;
**   5. add each option's value to its sum; a sample cut by the deadline is
**      dropped whole; the best sum wins (heuristic order if no sample ended).
** Evaluation (search_eval, player 0 just ended its turn):
**   ai_eval (race, readiness, debt, permanents, automation), plus
**   opponent:  search_opp_release in the sample: a releasable application
**              costs SEARCH_S_W_OPP_REL (less SEARCH_S_W_OPP_DEBT per debt it
**              would pay), a finishing fifth SEARCH_S_W_OPP_FIN;
**   fifth:     at four releases, SEARCH_S_W_FIFTH when the hand already
**              drawn for the next turn (plus automated cards and a desk
**              card) makes the clean fifth;
**   urgency:   under a finishing threat the released applications weigh
**              SEARCH_S_W_URGENT more each (release early when the opponent
**              threatens to finish);
**   debt:      SEARCH_S_W_DEBT per DEBT card in the deck, more per card as
**              the clean fifth comes closer (SEARCH_S_W_DEBT_LATE x score),
**              and SEARCH_S_W_DEBT_FRAC x the deck's share of DEBT (the same
**              debt clogs a small deck's hands more);
**   tie-break: SEARCH_S_W_TIE x search_tie_debt: the DEBT cards above the
**              opponent's count, weighed by how near both sides are to five
**              (equal releases go to the side with less debt: 5 of v1's
**              13 losses in 200 games against greedy were such ties, each
**              with 20-23 DEBT against 2-13). Off (weight 0): at 3 it
**              gained nothing measurable (vs greedy 93.5% over 200 games,
**              the same as v1 on the same seeds; vs v1 45.3% over 53).
** Tunables: the SEARCH_TUNABLES table below (S_ names in BOT_TUNE).
** Invariants: pure functions of the position; the caller's game is never
** mutated.
*/
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "deadline.h"

/* Tunables: one table of name, value and the range a tuner may explore.
   The dist build compiles them as constants; a tuning build (-DBOT_TUNING)
   makes them variables that the environment's BOT_TUNE="NAME=VALUE ..."
   sets at the first decision (names of other tables are skipped silently,
   so one BOT_TUNE can hold ai.c's weights and these). */
#define SEARCH_TUNABLES(X)            \
  X(S_BRANCH, 4.0, 2.0, 8.0)          \
  X(S_MAX_DEPTH, 14.0, 6.0, 20.0)     \
  X(S_W_OPP_REL, 6.0, 0.0, 20.0)      \
  X(S_W_OPP_DEBT, 1.0, 0.0, 4.0)      \
  X(S_W_OPP_FIN, 30.0, 0.0, 100.0)    \
  X(S_W_URGENT, 10.0, 0.0, 30.0)      \
  X(S_OPP_MAX_COST, 3.0, 0.0, 8.0)    \
  X(S_W_DEBT, 0.0, 0.0, 4.0)          \
  X(S_W_DEBT_LATE, 0.0, 0.0, 2.0)     \
  X(S_W_DEBT_FRAC, 30.0, 0.0, 60.0)    \
  X(S_W_FIFTH, 0.0, 0.0, 40.0)       \
  X(S_W_TIE, 0.0, 0.0, 8.0)

#define SEARCH_TUNABLE_DEF(name, value, lo, hi) static AI_TUNABLE_CONST double SEARCH_##name = value;
SEARCH_TUNABLES(SEARCH_TUNABLE_DEF)
#undef SEARCH_TUNABLE_DEF

#define SEARCH_MAX_SAMPLES 4000

#ifdef BOT_TUNING
#define SEARCH_TUNABLE_REF(name, value, lo, hi) {#name, &SEARCH_##name},
static const ai_tunable search__tunables[] = {SEARCH_TUNABLES(SEARCH_TUNABLE_REF)};
#undef SEARCH_TUNABLE_REF
static void search__tune_load(void) {
  static int loaded;
  ai_tune_apply(search__tunables, (int)(sizeof search__tunables / sizeof search__tunables[0]), 1, &loaded);
}
#else
static void search__tune_load(void) {}
#endif

/* ---- opponent model ---------------------------------------------------- */

/* Player p's best release next turn: hand + automated + one desk card. */
static int search__next_release(const rules_game *g, int p) {
  const rules_player *O = &g->p[p];
  int good[RULES_NSKILL], wild, nsk;
  rules_skills_held(O, good, &wild, &nsk);
  int best = -1;
  /* the card its move takes: any stocked desk, or a BONUS */
  for (int t = -1; t < RULES_NSKILL; t++) {
    if (t >= 0 && g->desk[t] <= 0) continue;
    if (t < 0 && g->bonus <= 0) continue;
    if (t >= 0) {
      good[t] += 2;
      nsk++;
    } else {
      wild++;
    }
    int c = rules_best_cost(g, O->score, good, wild, nsk);
    if (c < RULES_NO_RELEASE && (best < 0 || c < best)) best = c;
    if (t >= 0) {
      good[t] -= 2;
      nsk--;
    } else {
      wild--;
    }
    if (best == 0) break;
  }
  return best;
}

BOT_API int search_opp_release(const rules_game *g) { return search__next_release(g, 1); }

/* ---- evaluation --------------------------------------------------------- */

/* Tie-break exposure: equal releases at the end go to the side with less
   debt, so each DEBT card above the opponent's count (clamped to
   [-SEARCH_TIE_BELOW, SEARCH_TIE_ABOVE]) weighs by how near both sides are
   to five (the lower score over four). */
#define SEARCH_TIE_BELOW 2
#define SEARCH_TIE_ABOVE 12
BOT_API double search_tie_debt(const rules_game *g) {
  int lo = g->p[0].score < g->p[1].score ? g->p[0].score : g->p[1].score;
  int x = rules_debt_count(g, 0) - rules_debt_count(g, 1);
  if (x < -SEARCH_TIE_BELOW) x = -SEARCH_TIE_BELOW;
  if (x > SEARCH_TIE_ABOVE) x = SEARCH_TIE_ABOVE;
  return (double)lo / (RULES_WIN_APPS - 1) * x;
}

BOT_API double search_eval(const rules_game *g) {
  double v = ai_eval(g);
  if (g->over) return v;
  const rules_player *M = &g->p[0], *O = &g->p[1];
  if (O->score >= RULES_WIN_APPS) return v;
  int debt = rules_debt_count(g, 0);
  int deck = M->hand.n + M->draw.n + M->discard.n + M->played.n;
  v -= (SEARCH_S_W_DEBT + SEARCH_S_W_DEBT_LATE * M->score) * debt;
  if (deck > 0) v -= SEARCH_S_W_DEBT_FRAC * (double)debt / deck;
  v -= SEARCH_S_W_TIE * search_tie_debt(g);
  if (g->active != 1) return v;
  /* my clean fifth within reach next turn (its hand is already drawn) */
  if (M->score == RULES_WIN_APPS - 1 && search__next_release(g, 0) == 0) v += SEARCH_S_W_FIFTH;
  int c = search_opp_release(g);
  if (c >= 0 && O->score == RULES_WIN_APPS - 1) {
    v -= SEARCH_S_W_OPP_FIN;
    v += SEARCH_S_W_URGENT * M->score;
  } else if (c >= 0 && c <= (int)SEARCH_S_OPP_MAX_COST) {
    v -= SEARCH_S_W_OPP_REL - SEARCH_S_W_OPP_DEBT * c;
  }
  return v;
}

/* ---- search ------------------------------------------------------------ */

/* Step 3: the best value of the rest of player 0's turn from g. */
static double search__dfs(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth) {
  if ((++c->calls & 7) == 0 && deadline_passed(&c->dl)) c->stop = 1;
  if (c->stop) return 0.0;
  if (g->over || g->active != 0 || depth >= (int)SEARCH_S_MAX_DEPTH) {
    c->evals++;
    return search_eval(g);
  }
  rules_action opts[RULES_MAX_OPTS], keep[RULES_MAX_OPTS];
  double pr[RULES_MAX_OPTS];
  int n = rules_options(g, opts, RULES_MAX_OPTS), nk = 0;
  for (int i = 0; i < n; i++) {
    if (opts[i].kind == RULES_A_RANDOM) continue;
    keep[nk] = opts[i];
    /* RELEASE and WAIT always searched: rank them first */
    pr[nk] = (opts[i].kind == RULES_A_RELEASE || opts[i].kind == RULES_A_WAIT) ? 1e9 : ai_prio(g, &opts[i]);
    nk++;
  }
  int limit = (int)SEARCH_S_BRANCH;
  for (int i = 0; i < nk; i++)
    if (pr[i] >= 1e9) limit++;
  if (nk > 0) return ai_expand(c, g, r, depth, keep, pr, nk, limit, search__dfs);
  c->evals++;
  return search_eval(g);
}

/* Steps 1, 2 and 5 are ai_run's (shared with ai.c); step 3-4 is search__dfs. */
static rules_action search__run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                                int resample, search_stats *st) {
  search__tune_load();
  return ai_run(g0, opts, n, budget_ms, seed, resample, SEARCH_MAX_SAMPLES, search__dfs, NULL, st);
}

BOT_API rules_action search_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, search_stats *st) {
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g0, opts, RULES_MAX_OPTS);
  return search__run(g0, opts, n, budget_ms, seed, 0, st);
}

BOT_API rules_action search_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                   search_stats *st) {
  static rules_game g;
  proto_to_game(in, t, &g);
  return search__run(&g, in->opts, in->nopts, budget_ms, seed, 1, st);
}
