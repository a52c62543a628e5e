/*
** test_clean.c -- the clean-hand odds and the candidate bot's search
** (games/greencircle/clean.h): hand-counted cases, an exhaustive check of
** clean_odds against every hand of random small decks valued by the rules'
** own release cost, the ordering the odds must give (debt dilutes, an
** automated card helps, the card taken helps), clean_best over the
** remaining applications, clean_eval's terms (the own odds, the
** opponent's clean fifth denied), and the search: a listed answer, the
** winning release.
*/
#include <stdio.h>
#include <string.h>

#include "clean.h"
#include "proto.h"
#include "rng.h"
#include "testhelp.h"

#include "fixtures.h"

/* Application 0 needs TRAINING 4 and CODING 4 (rules_app_need). */
static void test_odds_counted_by_hand(void) {
  int cnt[RULES_NTYPES] = {0}, aut[RULES_NTYPES] = {0};
  cnt[RULES_TR] = 4;
  cnt[RULES_CO] = 4;
  /* 4 of 8: clean only with two of each: C(4,2)^2 / C(8,4) = 36/70 */
  TH_NEAR(clean_odds(0, cnt, aut, 4, 0), 36.0 / 70.0, 1e-12);
  /* a free card of the short type: also 1+3 and 3+1 (16 hands each) */
  TH_NEAR(clean_odds(0, cnt, aut, 4, 1), 68.0 / 70.0, 1e-12);
  /* two automated TRAINING: both cards of two drawn from 8 must be CODING */
  aut[RULES_TR] = 2;
  TH_NEAR(clean_odds(0, cnt, aut, 2, 0), 6.0 / 28.0, 1e-12);
  /* and with both types automated nothing needs drawing */
  aut[RULES_CO] = 2;
  TH_NEAR(clean_odds(0, cnt, aut, 4, 0), 1.0, 1e-12);
  /* TRAINING automated, CODING's two missing cards (four skills) come from
     four automated BONUS, not from three */
  memset(aut, 0, sizeof aut);
  aut[RULES_TR] = 2;
  aut[RULES_BONUS] = 4;
  cnt[RULES_TR] = cnt[RULES_CO] = 0;
  cnt[RULES_DEBT] = 5;
  TH_NEAR(clean_odds(0, cnt, aut, 4, 0), 1.0, 1e-12);
  aut[RULES_BONUS] = 3;
  TH_NEAR(clean_odds(0, cnt, aut, 4, 0), 0.0, 1e-12);
  /* a deck smaller than the hand: all of it is drawn */
  memset(cnt, 0, sizeof cnt);
  cnt[RULES_TR] = 2;
  cnt[RULES_CO] = 2;
  memset(aut, 0, sizeof aut);
  TH_NEAR(clean_odds(0, cnt, aut, 6, 0), 1.0, 1e-12);
  cnt[RULES_CO] = 1;
  TH_NEAR(clean_odds(0, cnt, aut, 6, 0), 0.0, 1e-12);
  TH_NEAR(clean_odds(0, cnt, aut, 6, 1), 1.0, 1e-12);
}

/* Every hand of a random small deck (bitmask over its cards), valued by
   rules_cost_with with the free card added as the application's short type:
   the share of hands that release at most maxdebt DEBT (0: clean) equals
   clean_odds_debt (and clean_odds at 0). */
static void test_odds_exhaustive(void) {
  rng_t x;
  rng_seed(&x, th_seed());
  for (int it = 0; it < 400; it++) {
    int cnt[RULES_NTYPES] = {0}, aut[RULES_NTYPES] = {0}, deck[14];
    int n = 4 + (int)rng_below(&x, 11), id = (int)rng_below(&x, RULES_NAPP_ALL);
    int need[RULES_NSKILL];
    rules_app_need(id, need);
    int ty[2], nt = 0;
    for (int k = 0; k < RULES_NSKILL; k++)
      if (need[k]) ty[nt++] = k;
    for (int i = 0; i < n; i++) {
      int r = (int)rng_below(&x, 6); /* the app's types, BONUS, DEBT, others */
      int t = r < 2 ? ty[r] : r == 2 ? RULES_BONUS : r == 3 ? RULES_DEBT : (int)rng_below(&x, RULES_NSKILL);
      deck[i] = t;
      cnt[t]++;
    }
    for (int k = 0; k < 4; k++)
      if (rng_below(&x, 3) == 0) aut[k == 2 ? RULES_BONUS : k == 3 ? (int)rng_below(&x, RULES_NSKILL) : ty[k]]++;
    int hand = 1 + (int)rng_below(&x, 6), take = (int)rng_below(&x, 2), maxdebt = (int)rng_below(&x, 6);
    if (hand > n) hand = n;
    long clean = 0, all = 0;
    for (int m = 0; m < (1 << n); m++) {
      if (__builtin_popcount((unsigned)m) != hand) continue;
      int good[RULES_NSKILL] = {0}, wild = 0, skills = 0;
      for (int i = 0; i < n; i++)
        if (m >> i & 1) {
          if (deck[i] < RULES_NSKILL) good[deck[i]] += 2, skills++;
          else if (deck[i] == RULES_BONUS) wild++;
        }
      for (int k = 0; k < RULES_NSKILL; k++) good[k] += 2 * aut[k], skills += aut[k];
      wild += aut[RULES_BONUS];
      for (int f = 0; f < take; f++) { /* the free card: the more short type */
        int s0 = need[ty[0]] - good[ty[0]], s1 = need[ty[1]] - good[ty[1]];
        good[s0 >= s1 ? ty[0] : ty[1]] += 2;
        skills++;
      }
      all++;
      int cost = rules_cost_with(id, good, wild, skills, 0); /* debt allowed */
      clean += cost >= 0 && cost <= maxdebt;
    }
    double want = (double)clean / (double)all, got = clean_odds_debt(id, cnt, aut, hand, take, maxdebt);
    TH_ASSERT_MSG(got > want - 1e-9 && got < want + 1e-9, "iteration %d: odds %.6f, counted %.6f", it, got, want);
    if (maxdebt == 0) TH_NEAR(clean_odds(id, cnt, aut, hand, take), got, 1e-12);
  }
}

/* Debt dilutes, an automated needed card and the taken card help. */
static void test_odds_order(void) {
  int cnt[RULES_NTYPES] = {0}, aut[RULES_NTYPES] = {0};
  cnt[RULES_TR] = 3;
  cnt[RULES_CO] = 3;
  cnt[RULES_DR] = 4;
  double base = clean_odds(0, cnt, aut, 4, 1);
  TH_ASSERT(base > 0.0 && base < 1.0);
  cnt[RULES_DEBT] = 6;
  double diluted = clean_odds(0, cnt, aut, 4, 1);
  TH_ASSERT(diluted < base);
  cnt[RULES_TR]--; /* the same card automated instead */
  aut[RULES_TR]++;
  TH_ASSERT(clean_odds(0, cnt, aut, 4, 1) > diluted);
  TH_ASSERT(clean_odds(0, cnt, aut, 4, 0) < clean_odds(0, cnt, aut, 4, 1));
  TH_ASSERT(clean_odds(0, cnt, aut, 5, 1) > clean_odds(0, cnt, aut, 4, 1)); /* a permanent AS: one card more */
}

static void base(rules_game *g) { fx_base(g, "0011223344", "4455667799"); }

static void test_best_and_eval(void) {
  rules_game g;
  base(&g);
  double b = clean_best(&g, 0, 0);
  TH_ASSERT(b > 0.0 && b < 1.0);
  TH_NEAR(b, clean_odds(0, (int[RULES_NTYPES]){2, 2, 2, 2, 2, 0, 0, 0, 0, 0}, (int[RULES_NTYPES]){0}, 4, 1), 1e-12);
  /* the applications it counts on are gone: none left within reach */
  rules_game h = g;
  h.apps[0] = 27;
  h.napps = 1;
  TH_ASSERT(clean_best(&h, 0, 0) < b);
  /* at four releases a deck of DEBT cannot make the fifth: the evaluation
     falls by more than ai_eval's per-card debt weight alone */
  g.p[0].score = 4;
  h = g;
  put(&h.p[0].discard, "99999999");
  TH_ASSERT(clean_best(&h, 0, 0) < 0.5 * clean_best(&g, 0, 0));
  TH_ASSERT(clean_eval(&g) - clean_eval(&h) > ai_eval(&g) - ai_eval(&h) + 1.0);
  /* an automated card of the needed type raises the evaluation more than
     ai_eval alone */
  h = g;
  put(&h.p[0].draw, "011223344");
  put(&h.p[0].automated, "0");
  TH_ASSERT(clean_eval(&h) - clean_eval(&g) > ai_eval(&h) - ai_eval(&g));
}

/* The opponent at four with a deck that covers application 0: releasing
   application 0 (denying its clean fifth) is worth more than releasing
   application 7 (the same odds for player 0), by more than ai_eval's own
   opponent term. */
static void test_eval_denies_opponent_fifth(void) {
  rules_game g;
  base(&g);
  g.p[1].score = 4;
  put(&g.p[1].draw, "0000111199");
  TH_ASSERT(clean_best(&g, 1, 0) > 0.5);
  rules_game h0 = g, h7 = g;
  h0.apps[0] = 7;
  h0.napps = 2; /* apps 7, 27 left */
  h7.apps[1] = 27;
  h7.napps = 2; /* apps 0, 27 left */
  TH_NEAR(clean_best(&h0, 0, 0), clean_best(&h7, 0, 0), 1e-12);
  TH_ASSERT(clean_best(&h0, 1, 0) < 0.01);
  TH_ASSERT(clean_eval(&h0) - clean_eval(&h7) > ai_eval(&h0) - ai_eval(&h7) + 5.0);
}

static rules_action decide(const rules_game *g, double budget_ms, uint64_t seed) {
  ai_stats st;
  ai_set_sample_limit(FX_SAMPLES);
  rules_action a = clean_decide_game(g, budget_ms, seed, &st);
  ai_set_sample_limit(0);
  return a;
}

static void test_search_answers(void) { fx_check_answers(decide, "0011223344", "4455667799"); }

static const th_test TESTS[] = {
    TH_ENTRY(test_odds_counted_by_hand), TH_ENTRY(test_odds_exhaustive), TH_ENTRY(test_odds_order),
    TH_ENTRY(test_best_and_eval),        TH_ENTRY(test_eval_denies_opponent_fifth), TH_ENTRY(test_search_answers),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
