/*
** test_mc.c -- the rollout search (games/greencircle/mc.h): the playout
** value of finished games, the default policy on either seat, the search
** finding a release its own default policy would not take (denying the
** opponent's winning fifth), the winning fifth listed after WAIT, answers
** that are always listed options over self-played positions, and the
** sample cap and an expired deadline (no timing: counters only).
*/
#include <string.h>

#include "deadline.h"
#include "fixtures.h"
#include "mc.h"
#include "rules.h"
#include "testhelp.h"

/* v2's configuration (mc_conf_v2), set by main before the tests. */
static mc_conf V2;

/* fx_base with player 0 to play its RELEASE. */
static void base(rules_game *g) {
  fx_base(g, "3344556677", "1122112211");
  g->active = 0;
  g->phase = RULES_PH_RELEASE;
}

static int listed(const rules_action *a, const rules_action *o, int n) {
  for (int i = 0; i < n; i++)
    if (memcmp(a, &o[i], sizeof *a) == 0) return 1;
  return 0;
}

/* A finished game is worth 1, 0 or 0.5 to player 0; releases first, then
   debt. */
static void test_value_final(void) {
  rules_game g;
  base(&g);
  g.over = 1;
  g.p[0].score = 5;
  g.p[1].score = 4;
  TH_NEAR(mc_value(&V2, &g), 1.0, 1e-12);
  g.p[0].score = 3;
  TH_NEAR(mc_value(&V2, &g), 0.0, 1e-12);
  g.p[0].score = 4;
  put(&g.p[0].discard, "99");
  TH_NEAR(mc_value(&V2, &g), 0.0, 1e-12); /* a tie at four: more debt loses */
  g.p[0].discard.n = 0;
  TH_NEAR(mc_value(&V2, &g), 0.5, 1e-12);
  /* not over: a logistic of the evaluation, strictly inside (0, 1) and
     higher with a release more */
  g.over = 0;
  g.p[0].score = 2;
  g.p[1].score = 2;
  double v2 = mc_value(&V2, &g);
  g.p[0].score = 3;
  double v3 = mc_value(&V2, &g);
  TH_ASSERT(v2 > 0.0 && v2 < 1.0);
  TH_ASSERT_MSG(v3 > v2 + 0.1, "%.3f vs %.3f", v3, v2);
}

/* The default policy plays for whichever seat is active: a clean release
   over WAIT, CONTINUOUS_INTEGRATION on a BONUS first, WAIT over a useless
   play. */
static void test_policy_either_seat(void) {
  for (int p = 0; p < 2; p++) {
    rules_game g;
    base(&g);
    g.active = (int8_t)p;
    put(&g.p[p].hand, "0011");
    rules_action o[RULES_MAX_OPTS];
    int n = rules_options(&g, o, RULES_MAX_OPTS);
    rules_action a = o[mc_policy(&V2, &g, o, n)];
    TH_EQ_INT(a.kind, RULES_A_RELEASE);
    TH_EQ_INT(a.x, 0);
    g.phase = RULES_PH_PLAY;
    g.p[p].plays = 1;
    put(&g.p[p].hand, "5839");
    n = rules_options(&g, o, RULES_MAX_OPTS);
    a = o[mc_policy(&V2, &g, o, n)];
    TH_EQ_INT(a.kind, RULES_A_PLAY);
    TH_EQ_INT(a.card, RULES_CI);
    TH_EQ_INT(a.x, RULES_BONUS);
    put(&g.p[p].hand, "9993"); /* TASK_PRIORITIZATION with nothing to throw */
    n = rules_options(&g, o, RULES_MAX_OPTS);
    a = o[mc_policy(&V2, &g, o, n)];
    TH_EQ_INT(a.kind, RULES_A_WAIT);
  }
}

/* Player 0 at two can release application 0 clean or application 7 for
   DEBT; the opponent, at four, holds and draws only CODING and
   DAILY_ROUTINE: application 7 is its clean fifth next turn. The default
   policy takes the clean release (and a stub the first listed); the
   rollouts see the opponent's fifth and deny it. */
static void test_denies_fifth(void) {
  rules_game g;
  base(&g);
  g.p[0].score = 2;
  g.p[1].score = 4;
  put(&g.p[0].hand, "0011");
  put(&g.p[1].hand, "1122");
  TH_EQ_INT(rules_release_cost(&g, 0, 0), 0);
  int c7 = rules_release_cost(&g, 0, 7);
  TH_ASSERT_MSG(c7 > 0, "cost %d", c7);
  TH_EQ_INT(rules_release_cost(&g, 1, 7), 0);
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(&g, o, RULES_MAX_OPTS);
  rules_action pol = o[mc_policy(&V2, &g, o, n)];
  TH_EQ_INT(pol.kind, RULES_A_RELEASE);
  TH_EQ_INT(pol.x, 0);
  TH_EQ_INT(o[0].x, 0);
  ai_stats st;
  rules_action a = mc_run(&V2, &g, o, n, 1e6, th_seed(), 0, 400, &st);
  TH_EQ_INT(st.samples, 400);
  TH_EQ_INT(a.kind, RULES_A_RELEASE);
  TH_EQ_INT(a.x, 7);
}

/* At four with a clean release in hand and the opponent about to finish:
   the search releases the fifth even when WAIT is listed first. */
static void test_winning_fifth(void) {
  rules_game g;
  base(&g);
  g.p[0].score = 4;
  g.p[1].score = 4;
  put(&g.p[0].hand, "0011");
  put(&g.p[1].hand, "1122");
  rules_action o[3];
  memset(o, 0, sizeof o);
  o[0].kind = RULES_A_WAIT;
  o[1].kind = RULES_A_RANDOM;
  o[2].kind = RULES_A_RELEASE;
  o[2].x = 0;
  ai_stats st;
  rules_action a = mc_run(&V2, &g, o, 3, 1e6, th_seed(), 0, 200, &st);
  TH_EQ_INT(a.kind, RULES_A_RELEASE);
  TH_EQ_INT(a.x, 0);
  TH_EQ_INT(st.options, 2); /* RANDOM is never a candidate */
}

/* Self-played positions (random games from random seeds): every answer of
   the search, with the hidden cards resampled, is a listed option and not
   RANDOM; the sample cap holds. */
static void test_answers_listed(void) {
  rules_rng r;
  rules_rng_fast(&r, th_seed());
  int checked = 0;
  for (int game = 0; game < 3; game++) {
    rules_game g;
    rules_rng gr;
    rules_rng_fast(&gr, th_seed() + 17u * (unsigned)game + 1u);
    rules_setup(&g, &gr);
    for (int step = 0; step < 400 && !g.over; step++) {
      rules_action o[RULES_MAX_OPTS];
      int n = rules_options(&g, o, RULES_MAX_OPTS);
      if (g.active == 0 && step % 3 == 0) {
        ai_stats st;
        rules_action a = mc_run(&V2, &g, o, n, 1e6, rng_next(&r.x), 1, 3, &st);
        TH_ASSERT(listed(&a, o, n));
        TH_ASSERT(a.kind != RULES_A_RANDOM || n == 1);
        TH_ASSERT(st.samples <= 3);
        checked++;
      }
      rules_apply(&g, &gr, &o[mc_policy(&V2, &g, o, n)]);
    }
  }
  TH_ASSERT_MSG(checked > 30, "%d positions", checked);
}

/* An expired deadline: no complete sample, and the answer is still a
   listed option (the default policy's); a playout told to stop by the
   deadline says so. */
static void test_deadline_counter(void) {
  rules_game g;
  rules_rng gr;
  rules_rng_fast(&gr, th_seed());
  rules_setup(&g, &gr);
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(&g, o, RULES_MAX_OPTS);
  ai_stats st;
  rules_action a = mc_run(&V2, &g, o, n, 0.0, th_seed(), 1, 1000, &st);
  TH_EQ_INT(st.samples, 0);
  TH_ASSERT(listed(&a, o, n));
  TH_ASSERT(a.kind != RULES_A_RANDOM);
  deadline_t dl;
  deadline_start(&dl, 0.0);
  int stop = 0;
  long steps = 0;
  rules_game h = g;
  mc_playout(&V2, &h, &gr, 1000, &dl, &stop, &steps);
  TH_EQ_INT(stop, 1);
  TH_ASSERT(!h.over);
  /* no deadline: the playout runs to the game's end */
  h = g;
  stop = 0;
  mc_playout(&V2, &h, &gr, 1000, NULL, &stop, &steps);
  TH_EQ_INT(stop, 0);
  TH_ASSERT(h.over);
}

/* What every search must do (fixtures.h): the free clean fifth, a listed
   MOVE answer; on FX_SAMPLES samples, as the budget the fixture gives is
   out of reach. */
static rules_action decide(const rules_game *g, double budget_ms, uint64_t seed) {
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(g, o, RULES_MAX_OPTS);
  return mc_run(&V2, g, o, n, budget_ms, seed, 0, FX_SAMPLES, NULL);
}

static void test_search_answers(void) { fx_check_answers(decide, "0011223344", "0000111199"); }

static const th_test TESTS[] = {
    TH_ENTRY(test_value_final),      TH_ENTRY(test_policy_either_seat), TH_ENTRY(test_denies_fifth),
    TH_ENTRY(test_winning_fifth),    TH_ENTRY(test_answers_listed),     TH_ENTRY(test_deadline_counter),
    TH_ENTRY(test_search_answers),
};

int main(int argc, char **argv) {
  mc_conf_v2(&V2);
  return th_main(argc, argv, TESTS, TH_COUNT(TESTS));
}
