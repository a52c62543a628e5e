/*
** test_worth.c -- the dist bot's decision (games/greencircle/worth.h)
** against v2's (mc_conf_v2), each test a situation where v2 errs and
** worth does not: its default policy declines a release for debt that v2's
** takes; an opponent that shows no debt beyond its starting deck is
** played out clean only, one that does at v2's limits; worth_eval
** counts an automated card and a DEBT card per release still needed, and
** the opponent's against us; an opening release for four DEBT that v2's
** search takes and worth's declines; a move that throws or gives cards
** that the search takes without the root's charge on cards and declines
** with it. Searches run on samples, not the
** clock (FX_SAMPLES-style caps), so every answer is the same on any
** machine at any load.
*/
#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "mc.h"
#include "race.h"
#include "rules.h"
#include "testhelp.h"
#include "worth.h"

static mc_conf V2, W; /* set by main */

/* The search of configuration cf on g (player 0 active), on `samples`
   samples from seed. */
static rules_action run(const mc_conf *cf, const rules_game *g, long samples, uint64_t seed) {
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(g, o, RULES_MAX_OPTS);
  ai_stats st;
  rules_action a = mc_run(cf, g, o, n, FX_NO_CLOCK_MS, seed, 0, samples, &st);
  TH_EQ_INT(st.samples, samples);
  return a;
}

static rules_action policy(const mc_conf *cf, const rules_game *g) {
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(g, o, RULES_MAX_OPTS);
  return o[mc_policy(cf, g, o, n)];
}

/* At two releases, application 0 (TRAINING + CODING) for two DEBT: v2's
   default policy releases it (its limit at two is MC_REL_LATE, 2); worth's
   (W: worth_conf, the opponent's seat at v2's limits) waits for a clean
   hand on the bot's seat, and on the opponent's seat still releases. A
   clean release is taken by both. */
static void test_policy_clean_only(void) {
  for (int p = 0; p < 2; p++) {
    rules_game g;
    fx_base(&g, "3344556677", "3344556677");
    g.active = (int8_t)p;
    g.phase = RULES_PH_RELEASE;
    g.p[p].score = 2;
    put(&g.p[p].hand, "0012");
    TH_EQ_INT(rules_release_cost(&g, p, 0), 2);
    rules_action a = policy(&V2, &g);
    TH_EQ_INT(a.kind, RULES_A_RELEASE);
    TH_EQ_INT(a.x, 0);
    a = policy(&W, &g);
    TH_EQ_INT(a.kind, p == 0 ? RULES_A_WAIT : RULES_A_RELEASE);
    put(&g.p[p].hand, "0011");
    a = policy(&W, &g);
    TH_EQ_INT(a.kind, RULES_A_RELEASE);
    TH_EQ_INT(a.x, 0);
  }
}

/* The opponent's clock read from what it shows: with only its starting
   four DEBT it has never paid for a release, and the playouts give it
   clean releases only (v2 gives every opponent its own limits, so an
   engine builder seems to release sooner than it will); with more DEBT,
   v2's limits. On the opponent's seat with application 0 for two DEBT in
   hand: the clean model waits, the other releases. */
static void test_opponent_model(void) {
  mc_conf clean, paid;
  worth_conf_seen(&clean, 4);
  worth_conf_seen(&paid, 5);
  TH_EQ_INT(clean.rel_early[1], 0);
  TH_EQ_INT(clean.rel_late[1], 0);
  TH_EQ_INT(paid.rel_early[1], V2.rel_early[1]);
  TH_EQ_INT(paid.rel_late[1], V2.rel_late[1]);
  TH_EQ_INT(clean.rel_late[0], 0); /* the bot's own seat: clean either way */
  TH_EQ_INT(paid.rel_late[0], 0);
  rules_game g;
  fx_base(&g, "3344556677", "3344556677");
  g.phase = RULES_PH_RELEASE;
  g.p[1].score = 2;
  put(&g.p[1].hand, "0012");
  TH_EQ_INT(policy(&clean, &g).kind, RULES_A_WAIT);
  TH_EQ_INT(policy(&paid, &g).kind, RULES_A_RELEASE);
  TH_EQ_INT(policy(&V2, &g).kind, RULES_A_RELEASE);
}

/* A move that costs cards: player 0 on desk 6 holding four cards no
   application needs (TASK_PRIORITIZATION, ARCHITECTURE_STUDY), the
   TRAINING and CODING its applications miss on desks 0 and 1, behind it:
   reaching them passes the administrative desk and throws two cards.
   v2's default policy (a 2.5 penalty) goes back for them; worth's
   (WORTH_MOVE_COST_X times that) keeps its cards and moves on to desk 7.
   Next to the other player (desks 2-4 with it on 3) the same: v2's
   policy gives a card for a needed one, worth's does not. */
static void test_policy_move_costs(void) {
  rules_game g;
  fx_base(&g, "", "3344556677");
  g.active = 0;
  g.phase = RULES_PH_MOVE;
  g.p[0].loc = 6;
  g.p[1].loc = 3;
  put(&g.p[0].hand, "3344");
  rules_action a = policy(&V2, &g);
  TH_EQ_INT(a.kind, RULES_A_MOVE);
  TH_ASSERT_MSG(a.x < 6, "v2 moves to %d", a.x);
  a = policy(&W, &g);
  TH_EQ_INT(a.kind, RULES_A_MOVE);
  TH_EQ_INT(a.x, 7);
  /* next to the other player: from desk 0, CODING on desk 2 (next to it on 3) */
  g.p[0].loc = 0;
  for (int k = 0; k < RULES_NDESK; k++) g.desk[k] = k == 2 || k == 5 ? 3 : 0;
  g.bonus = 0;
  a = policy(&V2, &g);
  TH_EQ_INT(a.kind, RULES_A_MOVE);
  TH_EQ_INT(a.x, 2);
  a = policy(&W, &g);
  TH_EQ_INT(a.kind, RULES_A_MOVE);
  TH_ASSERT_MSG(!rules_desks_adjacent(a.x, 3), "worth moves next to the opponent, to %d", a.x);
}

/* worth_eval minus race_eval when card c of player p lies in pile `to`
   instead of its discard pile, at player p's score s. */
static double extra(int p, int s, int c, int automated) {
  rules_game g;
  fx_base(&g, "0011223344", "0011223344");
  g.p[p].score = (int8_t)s;
  char one[2] = {(char)('0' + c), 0};
  put(automated ? &g.p[p].automated : &g.p[p].discard, one);
  double with = worth_eval(&g) - race_eval(&g);
  g.p[p].automated.n = g.p[p].discard.n = 0;
  return with - (worth_eval(&g) - race_eval(&g));
}

/* race_eval (v2's leaf) counts an automated card and a DEBT card the same
   whatever the releases still needed; worth_eval adds more for each
   release still needed: an automated BONUS is lasting capacity (it is in
   every later hand, the clean fifth's included), a DEBT card a tax on
   every later draw; the opponent's count against us. */
static void test_eval_engine(void) {
  double a1 = extra(0, 1, RULES_BONUS, 1), a3 = extra(0, 3, RULES_BONUS, 1);
  TH_ASSERT_MSG(a1 > a3 && a3 > 0.0, "automated BONUS: %.2f at one, %.2f at three", a1, a3);
  double d1 = extra(0, 1, RULES_DEBT, 0), d3 = extra(0, 3, RULES_DEBT, 0);
  TH_ASSERT_MSG(d1 < d3 && d3 < 0.0, "DEBT: %.2f at one, %.2f at three", d1, d3);
  double o1 = extra(1, 1, RULES_BONUS, 1), od = extra(1, 1, RULES_DEBT, 0);
  TH_ASSERT_MSG(o1 < 0.0 && od > 0.0, "the opponent's: automated %.2f, DEBT %.2f", o1, od);
}

/* WORTH_TAX_FLOOR: a DEBT card costs at least as much at four releases
   as at three, so a shoddy fourth release no longer lowers the tax on the
   DEBT cards already held (the fifth must be clean). Above the floor the
   tax still grows with the releases still needed. */
static void test_tax_floor(void) {
  double d1 = extra(0, 1, RULES_DEBT, 0), d3 = extra(0, 3, RULES_DEBT, 0), d4 = extra(0, 4, RULES_DEBT, 0);
  if (WORTH_TAX_FLOOR >= 3) {
    TH_ASSERT_MSG(d4 <= d3 + 1e-9 && d4 < 0.0, "DEBT: %.2f at three, %.2f at four", d3, d4);
    TH_ASSERT_MSG(d1 < d3 || WORTH_TAX_FLOOR >= 4, "DEBT: %.2f at one, %.2f at three", d1, d3);
  } else {
    TH_ASSERT_MSG(d4 > d3, "floor off: DEBT %.2f at three, %.2f at four", d3, d4);
  }
}

/* The game of setup seed 1002 (fast generator) at player 0's first
   RELEASE request, its first turn: four BONUS and two DEBT in hand,
   application 3 (TRAINING + ARCHITECTURE_STUDY) for four DEBT. v2's
   search releases it on every seed tried: a release now outweighs four
   DEBT cards at 0.8 each in race_eval. worth's waits: four DEBT cards in a
   deck of ten are a tax on every draw of the four releases still to make
   (and its rollouts build on the BONUS cards instead). */
static void test_declines_opening_debt(void) {
  rules_game g;
  rules_rng gr;
  rules_rng_fast(&gr, 1002);
  rules_setup(&g, &gr);
  while (!(g.active == 0 && g.phase == RULES_PH_RELEASE)) {
    rules_action o[RULES_MAX_OPTS];
    int n = rules_options(&g, o, RULES_MAX_OPTS);
    rules_apply(&g, &gr, &o[mc_policy(&W, &g, o, n)]);
  }
  TH_EQ_INT(g.p[0].score, 0);
  TH_EQ_INT(rules_release_cost(&g, 0, 3), 4);
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rules_action a = run(&V2, &g, 300, seed);
    TH_EQ_INT(a.kind, RULES_A_RELEASE);
    TH_EQ_INT(a.x, 3);
    a = run(&W, &g, 300, seed);
    TH_EQ_INT(a.kind, RULES_A_WAIT);
  }
}

/* The game of setup seed 1000 (fast generator) after 22 actions of
   worth's default policy: player 0 to move, on desk 6, the opponent on
   desk 1, one release each. Without the root's charge on cards (root_card_pen
   0) the search takes a move that throws or gives cards on every seed
   tried: its rollouts never pay such a move again, so the card it fetches
   looks cheap. With the charge (worth_conf: WORTH_ROOT_CARD per card) it
   keeps its cards. */
static void test_root_keeps_cards(void) {
  rules_game g;
  rules_rng gr;
  rules_rng_fast(&gr, 1000);
  rules_setup(&g, &gr);
  for (int step = 0; step < 22; step++) {
    rules_action o[RULES_MAX_OPTS];
    int n = rules_options(&g, o, RULES_MAX_OPTS);
    rules_apply(&g, &gr, &o[mc_policy(&W, &g, o, n)]);
  }
  TH_EQ_INT(g.active, 0);
  TH_EQ_INT(g.phase, RULES_PH_MOVE);
  TH_EQ_INT(g.p[0].loc, 6);
  TH_EQ_INT(g.p[1].loc, 1);
  mc_conf free_cards = W;
  free_cards.root_card_pen = 0.0;
  TH_ASSERT(W.root_card_pen > 0.0);
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rules_action a = run(&free_cards, &g, 300, seed);
    TH_ASSERT_MSG(mc_move_cards(&g, &a) > 0, "seed %d: a free move to %d", (int)seed, a.x);
    a = run(&W, &g, 300, seed);
    TH_EQ_INT(a.kind, RULES_A_MOVE);
    TH_ASSERT_MSG(mc_move_cards(&g, &a) == 0, "seed %d: a move to %d costs %d cards", (int)seed, a.x, mc_move_cards(&g, &a));
  }
  /* the count itself, from desk 6 with the opponent on desk 1: to desk 7
     free; to desk 3 past the administrative desk (2 thrown); to desk 0
     past it and next to the opponent (2 + 1) */
  rules_action m = {0};
  m.kind = RULES_A_MOVE;
  m.x = 7;
  TH_EQ_INT(mc_move_cards(&g, &m), 0);
  m.x = 0;
  TH_EQ_INT(mc_move_cards(&g, &m), 3);
  m.x = 3;
  TH_EQ_INT(mc_move_cards(&g, &m), 2);
}

/* What every search must do (fixtures.h), on FX_SAMPLES samples. */
static rules_action decide(const rules_game *g, double budget_ms, uint64_t seed) {
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(g, o, RULES_MAX_OPTS);
  return mc_run(&W, g, o, n, budget_ms, seed, 0, FX_SAMPLES, NULL);
}

static void test_search_answers(void) { fx_check_answers(decide, "0011223344", "0000111199"); }

static const th_test TESTS[] = {TH_ENTRY(test_policy_clean_only), TH_ENTRY(test_opponent_model), TH_ENTRY(test_policy_move_costs), TH_ENTRY(test_eval_engine), TH_ENTRY(test_tax_floor), TH_ENTRY(test_declines_opening_debt), TH_ENTRY(test_root_keeps_cards),
                                TH_ENTRY(test_search_answers)};

int main(int argc, char **argv) {
  mc_conf_v2(&V2);
  worth_conf(&W);
  return th_main(argc, argv, TESTS, TH_COUNT(TESTS));
}
