/*
** test_search.c -- the whole-turn search (games/greencircle/search.h): the
** opponent model (what the opponent can release next turn, with the card its
** move takes), the evaluation's opponent terms (a releasable application, a
** finishing fifth, denial by releasing what it needs, the deck's share of
** debt, the tie-break debt), and the search: a
** listed answer within its budget, the winning release, the denying release.
*/
#include <stdio.h>
#include <string.h>

#include "deadline.h"
#include "proto.h"
#include "search.h"
#include "testhelp.h"

/* a search sample is a deep tree (about 50 ms under the sanitizers): few */
#define FX_SAMPLES 4
#include "fixtures.h"

static void base(rules_game *g) { fx_base(g, "0011882233", "4455667799"); }

static void test_opp_release_with_desk_card(void) {
  rules_game g;
  base(&g);
  put(&g.p[1].hand, "9999");
  TH_EQ_INT(search_opp_release(&g), -1); /* nothing in hand: out of reach */
  put(&g.p[1].hand, "0001");               /* TR 6 + CO 2; a CO from desk 1: free */
  TH_EQ_INT(search_opp_release(&g), 0);
  g.desk[1] = 0; /* desk empty: a BONUS instead (one wildcard skill): 1 missing */
  TH_EQ_INT(search_opp_release(&g), 1);
  g.bonus = 0; /* neither: 2 missing, payable in debt below four */
  TH_EQ_INT(search_opp_release(&g), 2);
  g.p[1].score = 4; /* the fifth must be clean */
  TH_EQ_INT(search_opp_release(&g), -1);
  g.desk[1] = 3;
  TH_EQ_INT(search_opp_release(&g), 0);
  /* automated cards count */
  put(&g.p[1].hand, "9999");
  put(&g.p[1].automated, "0001");
  TH_EQ_INT(search_opp_release(&g), 0);
}

/* Opponent terms only: the same opponent cards, in hand or in the draw pile
   (ai_eval sees only the composition). */
static double opp_term(rules_game g, const char *hand, const char *draw) {
  put(&g.p[1].hand, hand);
  put(&g.p[1].draw, draw);
  return search_eval(&g);
}

static void test_eval_opponent_terms(void) {
  rules_game g;
  base(&g);
  /* TR 6 in hand: with a CO from the desk, app 0 is free for the opponent */
  double threat = opp_term(g, "0009", "4455667799") - opp_term(g, "9994", "0004556677");
  TH_ASSERT(threat < 0);
  g.p[1].score = 4; /* a clean fifth in hand finishes the game */
  double fin = opp_term(g, "0011", "4455667799") - opp_term(g, "9994", "00114556677");
  TH_ASSERT(fin < threat);
  g.p[1].score = 0;
  /* denial: app 0 gone (player 0 released it): no threat left */
  g.apps[0] = 7;
  g.apps[1] = 27;
  g.napps = 2;
  double denied = opp_term(g, "0009", "4455667799") - opp_term(g, "9994", "0004556677");
  TH_NEAR(denied, 0.0, 1e-9);
}

/* One more DEBT costs more in a small deck than in a big one. */
static void test_eval_debt_share(void) {
  rules_game g;
  base(&g);
  rules_game h = g;
  h.p[0].discard.c[h.p[0].discard.n++] = 9;
  double big = search_eval(&g) - search_eval(&h);
  put(&g.p[0].draw, "0018");
  put(&h.p[0].draw, "0018");
  double small = search_eval(&g) - search_eval(&h);
  TH_ASSERT(big > 0);
  TH_ASSERT(small > big);
}

/* The tie-break exposure: my DEBT over the opponent's, clamped, times the
   lower score over four; nothing while either side has released nothing. */
static void test_tie_debt(void) {
  rules_game g;
  base(&g);
  put(&g.p[1].draw, "44556677"); /* its only DEBT is in the discard */
  put(&g.p[0].discard, "99999");
  put(&g.p[1].discard, "9");
  TH_ASSERT(search_tie_debt(&g) == 0.0); /* scores 0 */
  g.p[0].score = 4;
  g.p[1].score = 2;
  TH_ASSERT(search_tie_debt(&g) == 0.5 * 4); /* 4 more, lower score 2 */
  g.p[1].score = 4;
  TH_ASSERT(search_tie_debt(&g) == 4.0);
  put(&g.p[1].discard, "999999999");
  TH_ASSERT(search_tie_debt(&g) == -2.0); /* 4 fewer: clamped at 2 */
  put(&g.p[0].discard, "99999999999999999999");
  put(&g.p[1].discard, "");
  TH_ASSERT(search_tie_debt(&g) == 12.0); /* 20 more: clamped at 12 */
}

static long search_samples; /* summed over the decisions */
static rules_action decide(const rules_game *g, double budget_ms, uint64_t seed) {
  search_stats st;
  ai_set_sample_limit(FX_SAMPLES);
  rules_action a = search_decide_game(g, budget_ms, seed, &st);
  ai_set_sample_limit(0);
  search_samples += st.samples;
  return a;
}

/* The free clean fifth taken, a listed MOVE answer, samples done. */
static void test_search_answers(void) {
  search_samples = 0;
  fx_check_answers(decide, "0011882233", "4455667799");
  TH_ASSERT(search_samples > 0);
}

/* RELEASE phase: two applications free for me; the opponent holds what app 27
   needs. Releasing 27 denies it. */
static void test_search_denies(void) {
  rules_game g;
  base(&g);
  g.active = 0;
  g.phase = RULES_PH_RELEASE;
  put(&g.p[0].hand, "00116677");
  put(&g.p[1].hand, "6677");
  g.p[1].score = 4;
  TH_EQ_INT(rules_release_cost(&g, 0, 0), 0);
  TH_EQ_INT(rules_release_cost(&g, 0, 27), 0);
  search_stats st;
  rules_action a = search_decide_game(&g, 10.0, th_seed(), &st);
  TH_EQ_INT(a.kind, RULES_A_RELEASE);
  TH_EQ_INT(a.x, 27);
}

/* A recorded request: the answer is a listed MOVE, and the search stops. */
static void test_search_listed_in_time(void) {
  static const char *block =
      "MOVE\n3\nAPPLICATION 0 4 4 0 0 0 0 0 0\nAPPLICATION 7 0 4 4 0 0 0 0 0\nAPPLICATION 27 0 0 0 0 0 0 4 4\n"
      "3 1 1 0\n6 2 0 1\n3\nHAND 1 0 0 1 0 1 0 0 1 1\nDRAW 2 1 0 0 0 0 1 0 2 3\n"
      "OPPONENT_CARDS 1 1 1 0 1 1 1 1 3 5\n23\nMOVE 4 3\nMOVE 4\nMOVE 4 5\nMOVE 5 4\nMOVE 5\nMOVE 5 6\n"
      "MOVE 6 5\nMOVE 6\nMOVE 6 7\nMOVE 7 6\nMOVE 7\nMOVE 7 0\nMOVE 0 7\nMOVE 0\nMOVE 0 1\nMOVE 1 0\nMOVE 1\n"
      "MOVE 1 2\nMOVE 2 1\nMOVE 2\nMOVE 2 3\nRANDOM\nWAIT\n";
  static reader_t r;
  static proto_input in;
  reader_init_str(&r, block);
  TH_EQ_INT(proto_read(&r, &in), 0);
  proto_track t;
  proto_track_init(&t);
  proto_track_request(&t, &in);
  /* with a clock (20 ms; 0: passed before the first sample) and without
     one (FX_SAMPLES samples): a listed MOVE, and the clocked search
     stops, by a bound no load on a shared machine reaches (issue 34) */
  static const double budgets[3] = {20.0, 0.0, 20.0};
  for (int k = 0; k < 3; k++) {
    search_stats st;
    deadline_t dl;
    deadline_start(&dl, 0.0);
    ai_set_sample_limit(k == 2 ? FX_SAMPLES : 0);
    rules_action a = search_decide(&in, &t, budgets[k], th_seed(), &st);
    ai_set_sample_limit(0);
    double ms = deadline_elapsed_ms(&dl);
    int listed = 0;
    for (int i = 0; i < in.nopts; i++) listed |= memcmp(&in.opts[i], &a, sizeof a) == 0;
    TH_ASSERT(listed);
    TH_ASSERT(a.kind == RULES_A_MOVE);
    if (k < 2) TH_ASSERT_MSG(ms < 30000.0, "took %.1f ms for a %.0f ms budget", ms, budgets[k]);
  }
}

static const th_test TESTS[] = {
    TH_ENTRY(test_opp_release_with_desk_card),  TH_ENTRY(test_eval_opponent_terms),
    TH_ENTRY(test_eval_debt_share),  TH_ENTRY(test_tie_debt),  TH_ENTRY(test_search_answers),
    TH_ENTRY(test_search_denies),               TH_ENTRY(test_search_listed_in_time),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
