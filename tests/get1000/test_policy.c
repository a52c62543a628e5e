/*
** test_policy.c -- pins the figures of the rules write-up
** (games/get1000/README.md) on games/get1000/policy.c: exact EV values and counts over all 6^9
** roll sequences, MU1 utilities and values, head-to-head W/T/L, every state
** and round vector, and the legality guard.
*/
#include <math.h>

#include "policy.h"
#include "testhelp.h"

static policy_tables T;
static int built;

static const policy_tables *tabs(void) {
  if (!built) {
    policy_build(&T, 0);
    built = 1;
  }
  return &T;
}

static policy_grid grid(int h, int t, int o, int s) {
  policy_grid g = {{h, t, o}, s};
  return g;
}

static void test_start_values(void) {
  const policy_tables *t = tabs();
  TH_EQ_INT(policy_ev_state(t, 0, 0, 0, 0), 591766244LL);
  /* 591766244 / 6^9 reduces to 147941561 / 2519424. */
  TH_EQ_INT(591766244LL * 2519424LL, 147941561LL * POLICY_SEQS);
  TH_NEAR(policy_mu_state(t, 0, 0, 0, 0), 0.565862, 6e-7);
}

static void test_utility_and_pmf(void) {
  const policy_tables *t = tabs();
  static const struct { int d; double u; } U[] = {
      {0, 0.995171}, {1, 0.980556}, {5, 0.901549}, {10, 0.815493},
      {20, 0.683385}, {40, 0.496491}, {100, 0.151168}, {300, 0.021158}};
  for (size_t i = 0; i < COMMON_COUNT(U); i++)
    TH_ASSERT_MSG(fabs(t->util[U[i].d] - U[i].u) <= 6e-7, "u(%d)=%.7f", U[i].d, t->util[U[i].d]);
  static const struct { int d; double h; } H[] = {
      {0, 0.009657}, {1, 0.019574}, {2, 0.020378}, {5, 0.018641}, {10, 0.016132}};
  for (size_t i = 0; i < COMMON_COUNT(H); i++) {
    double h = (double)t->ev_dist[H[i].d] / (double)POLICY_SEQS;
    TH_ASSERT_MSG(fabs(h - H[i].h) <= 6e-7, "h(%d)=%.7f", H[i].d, h);
  }
}

static long long cum(const int64_t *c, int upto) {
  long long s = 0;
  for (int d = 0; d <= upto; d++) s += c[d];
  return s;
}

static int median(const int64_t *c) {
  long long s = 0;
  for (int d = 0; d <= POLICY_DMAX; d++) {
    s += c[d];
    if (2 * s >= POLICY_SEQS) return d;
  }
  return -1;
}

static double mean(const int64_t *c) {
  long long s = 0;
  for (int d = 0; d <= POLICY_DMAX; d++) s += (long long)d * c[d];
  return (double)s / (double)POLICY_SEQS;
}

static void test_ev_exact_distribution(void) {
  tabs();
  static int64_t c[POLICY_DMAX + 1];
  TH_EQ_INT(policy_distance_counts(&T, POLICY_EV, c), POLICY_SEQS);
  long long sum = 0;
  for (int d = 0; d <= POLICY_DMAX; d++) sum += (long long)d * c[d];
  TH_EQ_INT(sum, 591766244LL); /* mean = 147941561 / 2519424 exactly */
  TH_EQ_INT(c[0], 97324);
  TH_EQ_INT(cum(c, 10), 1940687);
  TH_EQ_INT(cum(c, 50), 6003180);
  TH_EQ_INT(median(c), 40);
}

static void test_mu1_distribution(void) {
  tabs();
  static int64_t c[POLICY_DMAX + 1];
  TH_EQ_INT(policy_distance_counts(&T, POLICY_MU1, c), POLICY_SEQS);
  TH_NEAR(mean(c), 78.8314, 6e-5);
  TH_NEAR((double)c[0] / POLICY_SEQS, 0.01927, 6e-6);
  TH_NEAR((double)cum(c, 10) / POLICY_SEQS, 0.37445, 6e-6);
  TH_NEAR((double)cum(c, 50) / POLICY_SEQS, 0.66717, 6e-6);
  TH_EQ_INT(median(c), 17);
}

static void test_naive_distributions(void) {
  tabs();
  static int64_t c[POLICY_DMAX + 1];
  TH_EQ_INT(policy_distance_counts(&T, POLICY_GREEDY, c), POLICY_SEQS);
  TH_NEAR(mean(c), 152.4603, 6e-5);
  TH_NEAR((double)cum(c, 10) / POLICY_SEQS, 0.08356, 6e-6);
  TH_EQ_INT(median(c), 124);
  TH_EQ_INT(policy_distance_counts(&T, POLICY_SEQUENTIAL, c), POLICY_SEQS);
  TH_NEAR(mean(c), 275.4756, 6e-5);
  TH_EQ_INT(median(c), 236);
  TH_EQ_INT(policy_distance_counts(&T, POLICY_RANDOM, c), -1);
}

static void test_head_to_head_mu1_ev(void) {
  const policy_tables *t = tabs();
  long long wtl[3];
  TH_EQ_INT(policy_head_to_head(t, POLICY_MU1, POLICY_EV, wtl), 0);
  TH_EQ_INT(wtl[0] + wtl[1] + wtl[2], POLICY_SEQS);
  double w = (double)wtl[0] / POLICY_SEQS, tie = (double)wtl[1] / POLICY_SEQS,
         l = (double)wtl[2] / POLICY_SEQS;
  TH_NEAR(w, 0.4058, 6e-5);
  TH_NEAR(tie, 0.2809, 6e-5);
  TH_NEAR(l, 0.3133, 6e-5);
  /* First to 20, ties for nobody: about 0.79. */
  TH_NEAR(policy_match_win(w / (w + l), 20), 0.79, 0.01);
}

static void test_head_to_head_greedy(void) {
  const policy_tables *t = tabs();
  long long wtl[3];
  TH_EQ_INT(policy_head_to_head(t, POLICY_EV, POLICY_GREEDY, wtl), 0);
  TH_NEAR((double)wtl[0] / POLICY_SEQS, 0.7289, 6e-5);
  TH_NEAR((double)wtl[1] / POLICY_SEQS, 0.0495, 6e-5);
  TH_NEAR((double)wtl[2] / POLICY_SEQS, 0.2217, 6e-5);
  TH_EQ_INT(policy_head_to_head(t, POLICY_EV, POLICY_RANDOM, wtl), -1);
}

static void test_head_to_head_table(void) {
  /* more cells of spec table 7.1 */
  static const struct { policy_kind a, b; double w, t, l; } C[] = {
      {POLICY_MU1, POLICY_GREEDY, .7109, .0588, .2304},
      {POLICY_EV, POLICY_SEQUENTIAL, .9005, .0318, .0677},
      {POLICY_MU1, POLICY_SEQUENTIAL, .8535, .0332, .1134},
  };
  const policy_tables *t = tabs();
  for (size_t i = 0; i < COMMON_COUNT(C); i++) {
    long long wtl[3];
    TH_EQ_INT(policy_head_to_head(t, C[i].a, C[i].b, wtl), 0);
    TH_NEAR((double)wtl[0] / POLICY_SEQS, C[i].w, 6e-5);
    TH_NEAR((double)wtl[1] / POLICY_SEQS, C[i].t, 6e-5);
    TH_NEAR((double)wtl[2] / POLICY_SEQS, C[i].l, 6e-5);
  }
}

static void test_match_win_formula(void) {
  TH_NEAR(policy_match_win(0.5, 20), 0.5, 1e-12);
  TH_NEAR(policy_match_win(1.0, 20), 1.0, 1e-12);
  TH_NEAR(policy_match_win(0.6, 1), 0.6, 1e-12);
  /* first to 2: p^2 + 2 p^2 q */
  TH_NEAR(policy_match_win(0.6, 2), 0.36 + 2 * 0.36 * 0.4, 1e-12);
}

/* One vector row: state, roll, E after H/T/O in units 6^(8-k) (-1 = full,
   0 = only the decimal is given), decimals, MU U values, picks. */
typedef struct vec {
  int h, t, o, s, roll;
  long long e[3];
  double ed[3];
  double mu[3];
  char ev_pick, mu_pick;
} vec;

static const vec VECS[] = {
    {0, 0, 0, 0, 1, {86288030, 116168121, 121442558}, {51.3737, 69.1635, 72.3038}, {.60198, .54502, .50329}, 'H', 'H'},
    {0, 0, 0, 0, 2, {84741438, 117612646, 121383898}, {50.4529, 70.0235, 72.2688}, {.60587, .54090, .50198}, 'H', 'H'},
    {0, 0, 0, 0, 3, {86415457, 119063128, 121323170}, {51.4495, 70.8871, 72.2327}, {.59123, .53553, .50040}, 'H', 'H'},
    {0, 0, 0, 0, 4, {98800385, 118773737, 121239385}, {58.8232, 70.7148, 72.1828}, {.56774, .52149, .49871}, 'H', 'H'},
    {0, 0, 0, 0, 5, {122566997, 117970547, 121163614}, {72.9732, 70.2366, 72.1377}, {.53233, .50024, .49722}, 'T', 'H'},
    {0, 0, 0, 0, 6, {181633454, 117550387, 121075544}, {108.1399, 69.9865, 72.0853}, {.46940, .48315, .49602}, 'T', 'O'},
    {1, 0, 0, 300, 4, {13864839, 17068140, 17400728}, {49.5286, 60.9716, 62.1597}, {.60156, .55046, .52666}, 'H', 'H'},
    {1, 0, 0, 300, 1, {0, 0, 0}, {48.6029, 61.0140, 62.3736}, {.61480, .57066, .53115}, 'H', 'H'},
    {1, 1, 0, 350, 2, {2369336, 0, 0}, {50.7831, 73.1591, 73.8020}, {.56258, .51650, .46355}, 'H', 'H'},
    {2, 1, 0, 620, 5, {1388988, 489649, 0}, {178.6250, 62.9693, 63.4738}, {.05538, .54121, .52040}, 'T', 'T'},
    {3, 0, 0, 900, 6, {-1, 158466, 117300}, {-1, 20.3789, 15.0849}, {-1, .71469, .77290}, 'O', 'O'},
    {3, 0, 0, 900, 1, {-1, 76730, 109297}, {-1, 9.8675, 14.0557}, {-1, .83598, .78567}, 'T', 'T'},
    {3, 2, 0, 990, 1, {-1, 2268, 4860}, {-1, 10.5, 22.5}, {-1, .80709, .67701}, 'T', 'T'},
    {3, 2, 0, 990, 6, {-1, 13068, 5940}, {-1, 60.5, 27.5}, {-1, .32569, .61876}, 'O', 'O'},
    {2, 2, 2, 744, 3, {2727, 4509, 4618}, {75.75, 125.25, 128.2778}, {.24934, .26839, .28638}, 'H', 'O'},
    {3, 2, 2, 1075, 4, {-1, 711, 684}, {-1, 118.5, 114.0}, {-1, .10990, .12515}, 'O', 'O'},
    {3, 3, 2, 990, 5, {-1, -1, 5}, {-1, -1, 5}, {-1, -1, .90155}, 'O', 'O'},
    {2, 3, 3, 812, 2, {12, -1, -1}, {12, -1, -1}, {.78134, -1, -1}, 'H', 'H'},
    /* section 7.4: exact EV ties, canonical H>T>O */
    {2, 2, 2, 402, 4, {0, 0, 0}, {152.75, 152.75, 159.5}, {-2, -2, -2}, 'H', 0},
    {2, 2, 2, 525, 3, {0, 0, 0}, {129.75, 121.5, 121.5}, {-2, -2, -2}, 'T', 0},
    {2, 2, 3, 615, 2, {0, 0, -1}, {150.0, 150.0, -1}, {-2, -2, -1}, 'H', 0},
    {2, 2, 3, 615, 5, {0, 0, -1}, {150.0, 150.0, -1}, {-2, -2, -1}, 'H', 0},
};

static void test_state_vectors(void) {
  const policy_tables *t = tabs();
  for (size_t i = 0; i < COMMON_COUNT(VECS); i++) {
    const vec *v = &VECS[i];
    policy_grid g = grid(v->h, v->t, v->o, v->s);
    int k = v->h + v->t + v->o;
    double unit = 1;
    for (int j = 0; j < 8 - k; j++) unit *= 6;
    for (int c = 0; c < 3; c++) {
      int64_t e = policy_ev_after(t, &g, v->roll, c);
      double m = policy_mu_after(t, &g, v->roll, c);
      if (v->e[c] < 0) {
        TH_ASSERT_MSG(e == -1 && m == -1.0, "row %zu col %d should be full", i, c);
        continue;
      }
      if (v->e[c] > 0) TH_ASSERT_MSG(e == v->e[c], "row %zu col %d: E %lld", i, c, (long long)e);
      TH_ASSERT_MSG(fabs((double)e / unit - v->ed[c]) <= 6e-5, "row %zu col %d: E %.6f", i, c,
                    (double)e / unit);
      if (v->mu[c] >= 0)
        TH_ASSERT_MSG(fabs(m - v->mu[c]) <= 6e-6, "row %zu col %d: U %.6f", i, c, m);
    }
    TH_ASSERT_MSG(policy_letter(policy_choose(t, POLICY_EV, &g, v->roll, NULL)) == v->ev_pick,
                  "row %zu ev pick", i);
    if (v->mu_pick)
      TH_ASSERT_MSG(policy_letter(policy_choose(t, POLICY_MU1, &g, v->roll, NULL)) == v->mu_pick,
                    "row %zu mu1 pick", i);
  }
}

typedef struct round_vec {
  const char *rolls, *ev, *mu;
  int ev_total, mu_total;
} round_vec;

static const round_vec ROUNDS[] = {
    {"352614426", "HTHOOHTTO", "HHTOHTOTO", 1023, 996},
    {"123456123", "HHTTHTOOO", "HHTTOHTOO", 936, 990},
    {"654321654", "TOHHHTOOT", "OHTHTHOOT", 1026, 1017},
    {"516233412", "THHHTOOTO", "HHOTHTTOO", 999, 999},
    {"112342234", "HTTHOOOTH", "HTHTOOOTH", 868, 778},
    {"222222222", "HHOTTOOTH", "HHTTOOOTH", 666, 666},
    {"444444444", "HTTOHOTOH", "HHTOTOOTH", 1332, 1332},
    {"111111111", "HTTOOOTHH", "HTOOOTTHH", 333, 333},
    {"666666666", "TOOTTOHHH", "OTTTOOHHH", 1998, 1998},
};

static void play(const char *rolls, policy_kind k, char *out, long long *total) {
  policy_grid g;
  policy_reset(&g);
  for (int i = 0; i < 9; i++) {
    int v = rolls[i] - '0';
    int c = policy_choose(tabs(), k, &g, v, NULL);
    out[i] = policy_letter(c);
    TH_EQ_INT(policy_place(&g, c, v), 0);
  }
  out[9] = 0;
  *total = g.s;
}

static void test_round_vectors(void) {
  for (size_t i = 0; i < COMMON_COUNT(ROUNDS); i++) {
    char s[10];
    long long tot;
    play(ROUNDS[i].rolls, POLICY_EV, s, &tot);
    TH_EQ_STR(s, ROUNDS[i].ev);
    TH_EQ_INT(tot, ROUNDS[i].ev_total);
    play(ROUNDS[i].rolls, POLICY_MU1, s, &tot);
    TH_EQ_STR(s, ROUNDS[i].mu);
    TH_EQ_INT(tot, ROUNDS[i].mu_total);
  }
}

static void test_guard_redirects(void) {
  /* Spec 8.5: a stub that always says H; the guard sends moves 4-9 on. */
  policy_grid g;
  policy_reset(&g);
  char got[10];
  for (int i = 0; i < 9; i++) {
    int c = policy_guard(&g, POLICY_COL_H);
    got[i] = policy_letter(c);
    TH_EQ_INT(policy_place(&g, c, 1), 0);
  }
  got[9] = 0;
  TH_EQ_STR(got, "HHHTTTOOO");
  TH_EQ_INT(policy_guard(&g, POLICY_COL_H), -1);
  TH_EQ_INT(policy_place(&g, POLICY_COL_O, 1), -1);
  TH_EQ_INT(g.s, 333);
  TH_EQ_INT(policy_choose(tabs(), POLICY_MU1, &g, 3, NULL), -1);
}

static void test_always_legal_fuzz(void) {
  /* Any policy, any roll (in or far out of range), any tie-break: legal. */
  rng_t r;
  rng_seed(&r, th_seed());
  for (int round = 0; round < 20000; round++) {
    policy_grid g;
    policy_reset(&g);
    policy_kind k = (policy_kind)rng_below(&r, 5);
    int use_rng = (int)rng_below(&r, 2);
    for (int i = 0; i < 9; i++) {
      int v;
      switch (rng_below(&r, 4)) {
      case 0: v = (int)rng_below(&r, 2000000001u) - 1000000000; break;
      case 1: v = (int)rng_below(&r, 20) - 7; break;
      default: v = 1 + (int)rng_below(&r, 6);
      }
      int c = policy_choose(tabs(), k, &g, v, use_rng ? &r : NULL);
      TH_ASSERT_MSG(policy_legal(&g, c), "kind %d roll %d move %d: col %d", k, v, i, c);
      policy_place(&g, c, v);
    }
    TH_EQ_INT(g.n[0] * 100 + g.n[1] * 10 + g.n[2], 333);
  }
}

static void test_random_tie_break(void) {
  /* H2 T2 O2 S=402 roll 4: H and T tie exactly under ev, O is worse. */
  policy_grid g = grid(2, 2, 2, 402);
  rng_t r;
  rng_seed(&r, th_seed());
  int seen[3] = {0, 0, 0};
  for (int i = 0; i < 200; i++) seen[policy_choose(tabs(), POLICY_EV, &g, 4, &r)]++;
  TH_ASSERT(seen[POLICY_COL_H] > 0 && seen[POLICY_COL_T] > 0 && seen[POLICY_COL_O] == 0);
  /* No tie: the rng never changes the choice. */
  policy_grid g2 = grid(0, 0, 0, 0);
  for (int i = 0; i < 50; i++)
    TH_EQ_INT(policy_choose(tabs(), POLICY_MU1, &g2, 6, &r), POLICY_COL_O);
  /* random policy spreads over all legal columns */
  int rs[3] = {0, 0, 0};
  for (int i = 0; i < 300; i++) rs[policy_choose(tabs(), POLICY_RANDOM, &g2, 3, &r)]++;
  TH_ASSERT(rs[0] > 50 && rs[1] > 50 && rs[2] > 50);
}

static void test_ties_win_utility(void) {
  static policy_tables t2;
  policy_build(&t2, 1);
  /* u(d) = P(opponent distance >= d): u(0) = 1, and it exceeds the
     ties-half utility by h(d)/2 everywhere. */
  TH_NEAR(t2.util[0], 1.0, 1e-12);
  const policy_tables *t = tabs();
  for (int d = 0; d <= POLICY_DMAX; d += 37)
    TH_NEAR(t2.util[d] - t->util[d], 0.5 * (double)t->ev_dist[d] / POLICY_SEQS, 1e-12);
}

static void test_mu_n(void) {
  static policy_tables t2;
  const policy_tables *t = tabs();
  policy_build_n(&t2, 0, 1);
  for (int d = 0; d <= POLICY_DMAX; d++) TH_ASSERT(fabs(t2.util[d] - t->util[d]) < 1e-12);
  policy_build_n(&t2, 0, 2);
  /* two opponents: G^2 + h G + h^2 / 3, checked at a few distances */
  long long above = 0;
  for (int d = POLICY_DMAX; d >= 0; d--) {
    double h = (double)t->ev_dist[d] / POLICY_SEQS, g = (double)above / POLICY_SEQS;
    if (d % 50 == 0 || d < 5) TH_NEAR(t2.util[d], g * g + h * g + h * h / 3, 1e-12);
    above += t->ev_dist[d];
  }
  TH_EQ_INT(t2.opponents, 2);
  /* beating two opponents is harder than one */
  TH_ASSERT(policy_mu_state(&t2, 0, 0, 0, 0) < policy_mu_state(t, 0, 0, 0, 0));
  TH_ASSERT(policy_mu_state(&t2, 0, 0, 0, 0) > 0.3);
  policy_build_n(&t2, 1, 3);
  TH_NEAR(t2.util[0], 1.0, 1e-12);
  TH_NEAR(t2.util[1000], 0.0 + pow((double)t->ev_dist[1000] / POLICY_SEQS, 3), 1e-15);
}

static void test_single_criterion_optima(void) {
  /* the best any online policy reaches per criterion */
  tabs();
  static double u[POLICY_DMAX + 1];
  static const struct { int upto; double best; } P[] = {
      {0, 0.032624}, {10, 0.399942}, {50, 0.698996}, {100, 0.889190}};
  for (size_t i = 0; i < COMMON_COUNT(P); i++) {
    for (int d = 0; d <= POLICY_DMAX; d++) u[d] = d <= P[i].upto;
    TH_NEAR(policy_optimum(&T, u, 1), P[i].best, 6e-7);
  }
  /* minimising d in doubles agrees with the exact integer DP */
  for (int d = 0; d <= POLICY_DMAX; d++) u[d] = d;
  TH_NEAR(policy_optimum(&T, u, 0), 591766244.0 / POLICY_SEQS, 1e-9);
  /* min E[d^2]: mean 61.4650 and sd 63.87 give E[d^2] = 63.87^2 + 61.465^2 */
  for (int d = 0; d <= POLICY_DMAX; d++) u[d] = (double)d * d;
  TH_NEAR(policy_optimum(&T, u, 0), 63.87 * 63.87 + 61.465 * 61.465, 0.7);
  /* the tables the bot uses are untouched */
  TH_EQ_INT(policy_ev_state(&T, 0, 0, 0, 0), 591766244LL);
  TH_NEAR(policy_mu_state(&T, 0, 0, 0, 0), 0.565862, 6e-7);
}

static void test_names(void) {
  TH_EQ_STR(policy_wire_name(POLICY_COL_H), "HUNDREDS");
  TH_EQ_STR(policy_wire_name(POLICY_COL_T), "TENS");
  TH_EQ_STR(policy_wire_name(POLICY_COL_O), "ONES");
  TH_EQ_INT(policy_parse_kind("mu1"), POLICY_MU1);
  TH_EQ_INT(policy_parse_kind("ev"), POLICY_EV);
  TH_EQ_INT(policy_parse_kind("greedy"), POLICY_GREEDY);
  TH_EQ_INT(policy_parse_kind("random"), POLICY_RANDOM);
  TH_EQ_INT(policy_parse_kind("mu2"), -1);
  TH_EQ_INT(policy_parse_kind(NULL), -1);
  TH_EQ_INT(policy_distance(985), 15);
  TH_EQ_INT(policy_distance(688), 312);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_start_values),        TH_ENTRY(test_utility_and_pmf),
    TH_ENTRY(test_ev_exact_distribution), TH_ENTRY(test_mu1_distribution),
    TH_ENTRY(test_naive_distributions), TH_ENTRY(test_head_to_head_mu1_ev),
    TH_ENTRY(test_head_to_head_greedy), TH_ENTRY(test_head_to_head_table),
    TH_ENTRY(test_match_win_formula),
    TH_ENTRY(test_state_vectors),       TH_ENTRY(test_round_vectors),
    TH_ENTRY(test_guard_redirects),     TH_ENTRY(test_always_legal_fuzz),
    TH_ENTRY(test_random_tie_break),    TH_ENTRY(test_ties_win_utility),
    TH_ENTRY(test_single_criterion_optima), TH_ENTRY(test_mu_n),                TH_ENTRY(test_names),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
