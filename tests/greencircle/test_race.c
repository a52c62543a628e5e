/*
** test_race.c -- the dist bot's search (games/greencircle/race.h): the
** race terms of race_eval (the opponent's readiness weighed more than
** ai_eval weighs it, below four and at four), a release that denies the
** opponent's closest application chosen where v1 (ai_decide) takes the
** cheaper one, the search's answers (a listed option, the winning
** release), and race_can_finish (the tuning option's fifth within reach).
** The term tests fail on v1's evaluation (race_eval == ai_eval).
*/
#include <string.h>

#include "ai.h"
#include "race.h"
#include "rules.h"
#include "testhelp.h"

#include "fixtures.h"

/* fx_base with player 1's deck covering application 0 and nothing else. */
static void base(rules_game *g) { fx_base(g, "0011223344", "0000111199"); }

/* The opponent's deck covers application 0 and nothing else. Releasing
   application 0 (its target) or application 7 leaves player 0 equally
   ready (its deck is symmetric in TRAINING and DAILY_ROUTINE); race_eval
   prefers the denial by more than ai_eval does, at every opponent score
   below five. */
static void test_eval_weighs_denial(void) {
  for (int opp = 2; opp <= 4; opp++) {
    rules_game g;
    base(&g);
    g.p[1].score = opp;
    rules_game h0 = g, h7 = g;
    h0.apps[0] = 7;
    h0.apps[1] = 27;
    h0.napps = 2; /* apps 7, 27 left: the opponent's target gone */
    h7.apps[1] = 27;
    h7.napps = 2; /* apps 0, 27 left */
    double m1a, m2a, m1b, m2b;
    ai_readiness(&h0, 0, &m1a, &m2a);
    ai_readiness(&h7, 0, &m1b, &m2b);
    TH_NEAR(m1a, m1b, 1e-9);
    TH_NEAR(m2a, m2b, 1e-9);
    ai_readiness(&h0, 1, &m1a, &m2a);
    ai_readiness(&h7, 1, &m1b, &m2b);
    TH_ASSERT_MSG(m1a > m1b + 3.0, "opponent readiness %.2f vs %.2f", m1a, m1b);
    double dr = race_eval(&h0) - race_eval(&h7), da = ai_eval(&h0) - ai_eval(&h7);
    TH_ASSERT_MSG(dr > da + 5.0, "opponent at %d: race %.2f, ai %.2f", opp, dr, da);
  }
}

/* At the end of the game race_eval is ai_eval's final score. */
static void test_eval_final_unchanged(void) {
  rules_game g;
  base(&g);
  g.p[1].score = 5;
  g.p[0].score = 4;
  TH_NEAR(race_eval(&g), ai_eval(&g), 1e-12);
  g.p[1].score = 3;
  g.p[0].score = 5;
  TH_NEAR(race_eval(&g), ai_eval(&g), 1e-12);
}

/* RELEASE request, player 0 at two: its hand releases application 7 for 2
   DEBT and application 0, the opponent's target, for 4. v1 takes the
   cheaper one; the dist bot denies. */
static void test_search_denies(void) {
  rules_game g;
  base(&g);
  g.active = 0;
  g.phase = RULES_PH_RELEASE;
  g.p[0].score = 2;
  g.p[1].score = 3;
  put(&g.p[0].hand, "1122");
  put(&g.p[0].draw, "3344556677");
  put(&g.p[1].draw, "0011199999");
  TH_EQ_INT(rules_release_cost(&g, 0, 7), 0);
  int c0 = rules_release_cost(&g, 0, 0);
  TH_ASSERT_MSG(c0 > 0, "cost %d", c0);
  ai_stats st;
  rules_action a = race_decide_game(&g, 20.0, th_seed(), &st);
  rules_action b = ai_decide_game(&g, 20.0, th_seed(), &st);
  TH_EQ_INT(a.kind, RULES_A_RELEASE);
  TH_EQ_INT(a.x, 0);
  TH_EQ_INT(b.kind, RULES_A_RELEASE);
  TH_EQ_INT(b.x, 7);
}

/* A fifth within reach next turn: the hand alone, or a desk card ahead
   (a BONUS from an empty desk); not a desk behind (the administrative
   desk), nor one next to the opponent, nor below four releases. */
static void test_can_finish(void) {
  rules_game g;
  base(&g);
  g.p[0].score = 4;
  put(&g.p[0].hand, "0011");
  TH_ASSERT(race_can_finish(&g, 0));
  g.p[0].score = 3;
  TH_ASSERT(!race_can_finish(&g, 0)); /* only the fifth */
  g.p[0].score = 4;
  put(&g.p[0].hand, "0001"); /* one CODING short; desk 1 is behind desk 2 */
  TH_ASSERT(!race_can_finish(&g, 0));
  g.p[0].loc = 0; /* desk 1 ahead */
  TH_ASSERT(race_can_finish(&g, 0));
  g.p[1].loc = 2; /* desk 1 next to the opponent */
  TH_ASSERT(!race_can_finish(&g, 0));
  g.p[1].loc = 5;
  g.desk[1] = 0; /* an empty desk gives a BONUS: one skill, not two */
  TH_ASSERT(!race_can_finish(&g, 0));
  put(&g.p[0].hand, "00018");
  TH_ASSERT(race_can_finish(&g, 0));
  g.bonus = 0; /* no BONUS left either */
  TH_ASSERT(!race_can_finish(&g, 0));
}

static rules_action decide(const rules_game *g, double budget_ms, uint64_t seed) {
  ai_stats st;
  ai_set_sample_limit(FX_SAMPLES);
  rules_action a = race_decide_game(g, budget_ms, seed, &st);
  ai_set_sample_limit(0);
  return a;
}

static void test_search_answers(void) { fx_check_answers(decide, "0011223344", "0000111199"); }

static const th_test TESTS[] = {
    TH_ENTRY(test_eval_weighs_denial),
    TH_ENTRY(test_eval_final_unchanged),
    TH_ENTRY(test_search_denies),
    TH_ENTRY(test_can_finish),
    TH_ENTRY(test_search_answers),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
