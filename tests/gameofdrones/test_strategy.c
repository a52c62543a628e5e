/*
** test_strategy.c -- the GameOfDrones player (strategy.c) against the
** sparring bots (spar.c) through the rules engine: legal actions on any
** input, no attack on the last turn, rounds of changing length, missing
** hooks, and round win rates in short matches (the 1000-round figures come
** from the referee and are reported, not asserted here).
*/
#include <math.h>
#include "testhelp.h"
#include "rules.h"
#include "spar.h"
#include "strategy.h"

static strategy_t A, B;

/* Plays `rounds` rounds of A (seat 0) against sparring bot `name` (or B
   when name is NULL); returns A's round wins and checks every action. */
static int play(const char *name, int rounds, int turns, uint32_t seed, int *losses) {
  spar_t sp;
  strategy_init(&A, seed);
  strategy_match_start(&A, rounds, seed);
  if (name) TH_EQ_INT(spar_init(&sp, name, seed + 7), 0);
  else {
    strategy_init(&B, seed + 1);
    strategy_match_start(&B, rounds, seed + 1);
  }
  int wins = 0;
  *losses = 0;
  for (int r = 0; r < rounds; r++) {
    int T = turns > 0 ? turns : 2 + r % 11; /* turns <= 0: changing lengths */
    rules_round rd;
    rules_round_start(&rd, T);
    strategy_round_start(&A, T, 1);
    if (name) spar_round_start(&sp, T);
    else strategy_round_start(&B, T, 1);
    while (!rd.over) {
      rules_action a, b;
      int att;
      double P = rd.side[0].producers;
      strategy_turn(&A, P, rd.side[0].soldiers, &a.np, &a.ns, &att);
      a.flag = att ? RULES_FLAG_TRUE : RULES_FLAG_FALSE;
      TH_ASSERT(a.np >= 0 && a.ns >= 0 && a.np + a.ns <= P);
      TH_ASSERT(a.np + a.ns == P); /* full use of the capacity */
      TH_ASSERT(!(att && rd.turn + 1 == T));
      if (name) b = spar_turn(&sp, rd.side[1].producers, rd.side[1].soldiers);
      else {
        strategy_turn(&B, rd.side[1].producers, rd.side[1].soldiers, &b.np, &b.ns, &att);
        b.flag = att ? RULES_FLAG_TRUE : RULES_FLAG_FALSE;
      }
      rules_round_step(&rd, &a, &b);
    }
    if (rd.outcome > 0) wins++;
    if (rd.outcome < 0) (*losses)++;
    int ya = rd.flag[0] == RULES_FLAG_TRUE, ta = rd.flag[1] == RULES_FLAG_TRUE;
    strategy_round_end(&A, rd.outcome, rd.turn, rd.side[0].producers, rd.side[0].soldiers, ya, rd.side[1].producers,
                       rd.side[1].soldiers, ta);
    if (name) spar_round_end(&sp, -rd.outcome, rd.turn, ta, ya);
    else
      strategy_round_end(&B, -rd.outcome, rd.turn, rd.side[1].producers, rd.side[1].soldiers, ta,
                         rd.side[0].producers, rd.side[0].soldiers, ya);
  }
  return wins;
}

static void test_beats_deterministic_bots(void) {
  const char *names[] = {"rush", "zerg", "turtle", "grow", "timing3", "timing4", "timing5", "timing6", "timing7",
                         "timing8", "timing9", "copy", "earlier", "defender", "bye"};
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
    int losses, wins = play(names[i], 150, 10, (uint32_t)th_seed() + i, &losses);
    printf("    vs %-8s %3d won, %3d lost of 150\n", names[i], wins, losses);
    TH_ASSERT_MSG(wins >= 0.85 * 150, "vs %s only %d of 150 rounds", names[i], wins);
  }
}

static void test_beats_random_bot(void) {
  int losses, wins = play("random", 300, 10, (uint32_t)th_seed(), &losses);
  printf("    vs random   %3d won, %3d lost of 300\n", wins, losses);
  TH_ASSERT(wins > 2 * losses);
}

static void test_self_play_is_balanced_and_legal(void) {
  int losses, wins = play(NULL, 300, 10, (uint32_t)th_seed(), &losses);
  printf("    vs itself   %3d won, %3d lost of 300\n", wins, losses);
  TH_ASSERT(wins > 90 && losses > 90);
}

static void test_changing_round_lengths(void) {
  /* T = 2..12: equilibria recomputed at start-up for each T */
  int losses, wins = play("timing4", 11, 0, (uint32_t)th_seed(), &losses);
  TH_ASSERT(wins + losses <= 11);
  TH_ASSERT(wins >= 6);
}

static void test_odd_inputs_stay_legal(void) {
  strategy_init(&A, 1);
  const double vals[] = {0, 1, 2.5, -3, 1e308, __builtin_nan(""), __builtin_inf(), 512, 7};
  for (int i = 0; i < 300; i++) {
    double np, ns;
    int att;
    double P = vals[i % 9], S = vals[(i / 9) % 9];
    if (i % 17 == 0) strategy_round_start(&A, vals[(i / 3) % 9], vals[i % 9]);
    strategy_turn(&A, P, S, &np, &ns, &att);
    TH_ASSERT(np == np && ns == ns && np >= 0 && ns >= 0);
    TH_ASSERT(!(P >= 0 && P < 1e300) || np + ns <= P);
    if (i % 23 == 0)
      strategy_round_end(&A, (i % 3) - 1, vals[i % 9], P, S, i & 1, vals[(i + 1) % 9], vals[(i + 2) % 9], i & 2);
  }
}

static void test_new_round_without_round_start(void) {
  /* only playTurn: a fresh {1,0} state starts a new round */
  strategy_init(&A, 5);
  rules_round rd;
  for (int r = 0; r < 5; r++) {
    rules_round_start(&rd, 10);
    spar_t sp;
    spar_init(&sp, "turtle", 1);
    spar_round_start(&sp, 10);
    while (!rd.over) {
      rules_action a, b;
      int att;
      strategy_turn(&A, rd.side[0].producers, rd.side[0].soldiers, &a.np, &a.ns, &att);
      a.flag = att;
      TH_ASSERT(a.np + a.ns == rd.side[0].producers);
      b = spar_turn(&sp, rd.side[1].producers, rd.side[1].soldiers);
      rules_round_step(&rd, &a, &b);
    }
    TH_ASSERT(A.turn == rd.turn);
  }
}

static void test_sparring_names(void) {
  spar_t sp;
  const char *bad[] = {"", "timing", "timing1", "timing10", "timingx", "zergs", "Rush"};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) TH_EQ_INT(spar_init(&sp, bad[i], 1), -1);
  TH_EQ_INT(spar_init(&sp, "timing2", 1), 0);
  TH_EQ_INT(sp.kind, SPAR_TIMING);
  TH_EQ_INT(sp.param, 2);
  /* timing6: producers on turns 1..4, soldiers on 5 and 6, attack on 6 */
  spar_init(&sp, "timing6", 1);
  spar_round_start(&sp, 10);
  rules_side me = {1, 0};
  for (int t = 1; t <= 6; t++) {
    rules_action a = spar_turn(&sp, me.producers, me.soldiers);
    TH_EQ_INT(a.flag == RULES_FLAG_TRUE, t == 6);
    rules_produce(&me, &a);
  }
  TH_NEAR(me.soldiers, 32, 0);
  TH_NEAR(me.producers, 16, 0);
}

static void test_model_learns_one_round(void) {
  /* after one zerg round (attack turn 2 with 2), the best response wins
     with certainty in the model */
  strategy_init(&A, 9);
  strategy_round_start(&A, 10, 1);
  double np, ns;
  int att;
  strategy_turn(&A, 1, 0, &np, &ns, &att);
  strategy_turn(&A, 1 + np, ns, &np, &ns, &att);
  strategy_round_end(&A, -1, 2, 2, 1, 0, 1, 2, 1);
  int br_rounds = 0;
  for (int r = 0; r < 20; r++) {
    strategy_round_start(&A, 10, 1);
    strategy_turn(&A, 1, 0, &np, &ns, &att);
    if (!A.cur_is_eq) {
      br_rounds++;
      TH_ASSERT_MSG(A.last_br_value > 0.55, "model value %.3f", A.last_br_value);
    }
    A.turn = 0;
    A.planned = 0;
  }
  TH_ASSERT(br_rounds >= 15);
}

static const th_test TESTS[] = {
  TH_ENTRY(test_beats_deterministic_bots), TH_ENTRY(test_beats_random_bot),
  TH_ENTRY(test_self_play_is_balanced_and_legal), TH_ENTRY(test_changing_round_lengths),
  TH_ENTRY(test_odd_inputs_stay_legal), TH_ENTRY(test_new_round_without_round_start),
  TH_ENTRY(test_model_learns_one_round), TH_ENTRY(test_sparring_names),
};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
