/*
** test_plan.c -- plan graph, best response, CFR+, plan tables and the
** deficit identity (games/gameofdrones/plan.c, strategy_profile).
**
** The best response is checked against brute force over every pure plan
** played through the rules engine; our exploitability measure is checked
** against the figures published with the spec's own equilibrium tables
** (tests/data/gameofdrones/eqplans.txt), computed by other code.
*/
#include <math.h>
#include "testhelp.h"
#include "eqtable.h"
#include "plan.h"
#include "rules.h"
#include "strategy.h"

static plan_graph g;
static plan_strat st, st2;
static plan_work w;
static plan_dist d;
static plan_pure pl[3000];
static double wt[3000];
static int npl;

static uint64_t rs;
static double urand(void *ctx) {
  (void)ctx;
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
  return (double)(rs >> 11) * (1.0 / 9007199254740992.0);
}

/* Every pure plan of a T-turn round (full capacity, split of T-1 free). */
static void enum_rec(int T, plan_pure *p, double P, int t) {
  if (t >= 1 && t <= T - 1) { plan_pure q = *p; q.attack = t; pl[npl++] = q; }
  if (t == T - 1) { plan_pure q = *p; q.attack = 0; q.x[q.len++] = 0; pl[npl++] = q; return; }
  int xmax = (t + 1 == T - 1) ? 0 : (int)P;
  for (int x = 0; x <= xmax; x++) { plan_pure q = *p; q.x[q.len++] = x; enum_rec(T, &q, P + x, t + 1); }
}
static void enumerate(int T) { plan_pure z; z.attack = 0; z.len = 0; npl = 0; enum_rec(T, &z, 1, 0); }

/* One round of two pure plans through the engine: outcome for a. */
static int duel(int T, const plan_pure *a, const plan_pure *b) {
  rules_round r;
  rules_round_start(&r, T);
  for (int t = 1; !r.over; t++) {
    double xa = t <= a->len ? a->x[t - 1] : 0, xb = t <= b->len ? b->x[t - 1] : 0;
    rules_action A = rules_act(xa, r.side[0].producers - xa, a->attack == t);
    rules_action B = rules_act(xb, r.side[1].producers - xb, b->attack == t);
    rules_round_step(&r, &A, &B);
  }
  return r.outcome;
}

static void test_graph_layers_match_independent_bfs(void) {
  static unsigned char seen[2][1100][1100];
  plan_build(&g, 10);
  TH_ASSERT(g.exact);
  int cur = 0;
  seen[0][1][0] = 1;
  for (int t = 1; t <= 9; t++) { /* states at the start of turn t+1 = nodes of turn t */
    memset(seen[1 - cur], 0, sizeof seen[0]);
    long count = 0;
    for (int p = 1; p < 600; p++)
      for (int s = 0; s < 600; s++)
        if (seen[cur][p][s]) {
          int xmax = (t == 9) ? 0 : p;
          for (int x = 0; x <= xmax; x++) seen[1 - cur][p + x][s + p - x] = 1;
        }
    cur = 1 - cur;
    for (int p = 0; p < 1100; p++)
      for (int s = 0; s < 1100; s++) count += seen[cur][p][s];
    TH_EQ_INT(g.layer[t + 1] - g.layer[t], count);
  }
  TH_EQ_INT(g.nnodes, 48919);
}

static void test_best_response_equals_brute_force(void) {
  rs = th_seed() | 1;
  for (int T = 2; T <= 6; T++) {
    enumerate(T);
    plan_build(&g, T);
    for (int trial = 0; trial < 40; trial++) {
      int k = 1 + (int)(urand(0) * 4), idx[4];
      double m[4], tot = 0;
      for (int i = 0; i < k; i++) { idx[i] = (int)(urand(0) * npl); m[i] = 1 + (int)(urand(0) * 9); tot += m[i]; }
      plan_dist_begin(&d, T);
      for (int i = 0; i < k; i++) {
        double s[PLAN_TMAX];
        int end = plan_soldiers(&pl[idx[i]], T, s);
        plan_dist_add_path(&d, s, end, pl[idx[i]].attack, m[i] / tot);
      }
      plan_dist_finish(&d);
      double v = plan_best_response(&g, &d, &w);
      double best = -2;
      for (int a = 0; a < npl; a++) {
        double u = 0;
        for (int i = 0; i < k; i++) u += m[i] / tot * duel(T, &pl[a], &pl[idx[i]]);
        if (u > best) best = u;
      }
      plan_pure bp;
      plan_best_plan(&g, &w, &bp);
      double ub = 0;
      for (int i = 0; i < k; i++) ub += m[i] / tot * duel(T, &bp, &pl[idx[i]]);
      TH_NEAR(v, best, 1e-9);
      TH_NEAR(ub, best, 1e-9);
    }
  }
}

static void test_dist_values_match_engine_clashes(void) {
  rs = th_seed() | 1;
  for (int trial = 0; trial < 300; trial++) {
    int t = 1 + (int)(urand(0) * 9);
    double s_me = (int)(urand(0) * 12), s_op = (int)(urand(0) * 12);
    int op_att = urand(0) < 0.5;
    plan_dist_begin(&d, 10);
    plan_dist_add(&d, t, op_att, s_op, 1.0);
    plan_dist_finish(&d);
    /* we attack */
    TH_NEAR(plan_dist_attack_value(&d, t, s_me), rules_clash(s_me, s_op, RULES_FLAG_TRUE, op_att), 0);
    /* we defend (only their attack counts on turn t) */
    TH_NEAR(plan_dist_defend_value(&d, t, s_me), op_att ? rules_clash(s_me, s_op, RULES_FLAG_FALSE, 1) : 0, 0);
  }
  plan_dist_begin(&d, 10);
  plan_dist_add(&d, 10, 0, 7, 0.25);
  plan_dist_add(&d, 10, 1, 9, 0.75);
  plan_dist_finish(&d);
  TH_NEAR(plan_dist_final_value(&d, 7), 0.75 * rules_clash(7, 9, 0, 1) + 0, 1e-12);
  TH_NEAR(plan_dist_final_value(&d, 8), 0.75 * 1 + 0.25 * 1, 1e-12);
}

static void test_cfr_converges_small_rounds(void) {
  for (int T = 2; T <= 6; T++) {
    int c = 0;
    plan_build(&g, T);
    plan_cfr_init(&g, &st, &w);
    plan_cfr_iterate(&g, &st, &d, &w, 3000, &c);
    plan_cfr_average(&g, &w, &st2);
    double e = plan_exploitability(&g, &st2, &d, &w);
    TH_ASSERT_MSG(e >= -1e-9 && e < 0.01, "T=%d exploitability %.5f", T, e);
    /* the first iterate (uniform) is far more exploitable */
    plan_cfr_init(&g, &st, &w);
    if (T >= 3) TH_ASSERT(plan_exploitability(&g, &st, &d, &w) > 0.05);
  }
}

/* Parses the spec's table for T and returns its header exploitability. */
static int load_spec_table(int T, double *expl) {
  FILE *f = fopen("tests/data/gameofdrones/eqplans.txt", "r");
  if (!f) return -1;
  char line[512];
  npl = 0;
  *expl = -1;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') {
      char key[16];
      snprintf(key, sizeof key, "T%d ", T);
      char *p = strstr(line, "Exploitability");
      if (p && (p = strstr(p, key))) *expl = atof(p + strlen(key));
      continue;
    }
    char *p = line, *e;
    long t = strtol(p, &e, 10);
    if (e == p || t != T) continue;
    p = e;
    wt[npl] = strtod(p, &e); p = e;
    pl[npl].attack = (int)strtol(p, &e, 10); p = e;
    pl[npl].len = 0;
    for (;;) {
      long x = strtol(p, &e, 10);
      if (e == p) break;
      pl[npl].x[pl[npl].len++] = (int)x;
      p = e;
    }
    /* our graph keeps only "all soldiers" on turn T-1 (same final army,
       weakly better defence): map the table's turn-(T-1) split onto it */
    if (pl[npl].len >= T - 1) pl[npl].x[T - 2] = 0;
    npl++;
  }
  fclose(f);
  return npl;
}

static void test_exploitability_agrees_with_spec_tables(void) {
  for (int T = 5; T <= 10; T++) {
    double published;
    TH_ASSERT_MSG(load_spec_table(T, &published) > 0, "cannot read the spec's table for T=%d", T);
    plan_build(&g, T);
    double used = plan_strat_from_plans(&g, &st, pl, wt, npl, &w);
    TH_NEAR(used, 1.0, 1e-4);
    double e = plan_exploitability(&g, &st, &d, &w);
    printf("    T=%d: spec table exploitability published %.4f, ours %.5f\n", T, published, e);
    TH_ASSERT_MSG(fabs(e - published) < 0.0006, "T=%d ours %.5f published %.4f", T, e, published);
  }
}

static void test_shipped_table_exploitability(void) {
  for (int T = EQTABLE_TMIN; T <= EQTABLE_TMAX; T++) {
    plan_build(&g, T);
    npl = eqtable_count(T);
    TH_ASSERT_MSG(npl >= 1 && npl <= 3000, "T=%d: %d plans", T, npl);
    double tot = 0;
    for (int i = 0; i < npl; i++) {
      TH_EQ_INT(eqtable_get(T, i, &pl[i], &wt[i]), 0);
      TH_ASSERT(wt[i] > 0);
      TH_ASSERT(pl[i].attack >= 0 && pl[i].attack < T && pl[i].len <= T);
      tot += wt[i];
    }
    TH_EQ_INT(eqtable_get(T, npl, &pl[0], &wt[0]), -1);
    TH_NEAR(tot, 1.0, 1e-6);
    TH_NEAR(plan_strat_from_plans(&g, &st, pl, wt, npl, &w), 1.0, 1e-6);
    double e = plan_exploitability(&g, &st, &d, &w);
    printf("    T=%d: %d plans, exploitability %.5f\n", T, npl, e);
    TH_ASSERT_MSG(e <= (g.exact ? 0.01 : 0.03), "T=%d shipped table exploitability %.5f", T, e);
    TH_NEAR(e, eqtable_exploitability(T), 1e-5);
  }
  TH_EQ_INT(eqtable_count(0), 0);
  TH_EQ_INT(eqtable_count(EQTABLE_TMAX + 1), 0);
  /* and T=10's is a real mixture: no pure plan is unexploitable */
  plan_build(&g, 10);
  TH_EQ_INT(eqtable_get(10, 0, &pl[0], &wt[0]), 0);
  plan_pure one = pl[0];
  double w1 = 1;
  plan_strat_from_plans(&g, &st2, &one, &w1, 1, &w);
  TH_ASSERT(plan_exploitability(&g, &st2, &d, &w) > 0.5);
}

static void test_decompose_and_sample_preserve_the_strategy(void) {
  plan_build(&g, 6);
  int c = 0;
  plan_cfr_init(&g, &st, &w);
  plan_cfr_iterate(&g, &st, &d, &w, 1500, &c);
  plan_cfr_average(&g, &w, &st);
  int n = plan_decompose(&g, &st, pl, wt, 3000, 1e-7, &w);
  double tot = 0;
  for (int i = 0; i < n; i++) tot += wt[i];
  TH_ASSERT(n > 3 && tot <= 1.0 + 1e-6 && tot > 0.999);
  plan_strat_from_plans(&g, &st2, pl, wt, n, &w);
  /* both strategies score the same against a fixed opponent mix */
  plan_dist_begin(&d, 6);
  plan_dist_add_strat(&d, &g, &st, 1.0, &w);
  plan_dist_finish(&d);
  static plan_dist d2;
  plan_dist_begin(&d2, 6);
  plan_dist_add(&d2, 2, 1, 2, 0.5);
  plan_dist_add(&d2, 6, 0, 20, 0.5);
  plan_dist_add(&d2, 1, 0, 0, 0.5);
  plan_dist_finish(&d2);
  TH_NEAR(plan_strat_value(&g, &st, &d2, &w), plan_strat_value(&g, &st2, &d2, &w), 1e-4);
  /* sampling reproduces the attack-turn marginals */
  double want[8] = {0}, got[8] = {0};
  for (int i = 0; i < n; i++) want[pl[i].attack] += wt[i] / tot;
  rs = th_seed() | 1;
  plan_pure p;
  for (int i = 0; i < 20000; i++) {
    plan_sample(&g, &st2, urand, 0, &p);
    TH_ASSERT(p.attack >= 0 && p.attack < 6);
    got[p.attack] += 1.0 / 20000;
  }
  for (int a = 0; a < 6; a++) TH_NEAR(got[a], want[a], 0.015);
}

static void test_deficit_identity_profiles(void) {
  double out[PLAN_TMAX];
  strategy_profile(2, 1, 2, out); /* zerg */
  TH_NEAR(out[0], 1, 0); TH_NEAR(out[1], 2, 0);
  strategy_profile(10, 512, 512, out); /* pacifist: nothing before turn 10 */
  for (int t = 1; t <= 9; t++) TH_NEAR(out[t - 1], 0, 0);
  TH_NEAR(out[9], 512, 0);
  /* upper bounds hold (and are exact at the end) for every plan of T=7 */
  enumerate(7);
  for (int i = 0; i < npl; i++) {
    double s[PLAN_TMAX], P = 1;
    int end = plan_soldiers(&pl[i], 7, s);
    for (int t = 1; t <= end; t++) P += (t <= pl[i].len ? pl[i].x[t - 1] : 0);
    strategy_profile(end, P, s[end - 1], out);
    for (int t = 1; t <= end; t++) TH_ASSERT_MSG(out[t - 1] >= s[t - 1], "plan %d turn %d", i, t);
    TH_NEAR(out[end - 1], s[end - 1], 0);
  }
}

static void test_long_round_graph_is_capped_and_legal(void) {
  plan_build(&g, 14);
  TH_ASSERT(!g.exact);
  TH_ASSERT(g.nnodes <= PLAN_NODES && g.nedges <= PLAN_EDGES);
  for (int t = 0; t < 13; t++) TH_ASSERT(g.layer[t + 1] > g.layer[t]); /* every turn reachable */
  for (int n = 0; n < g.layer[12]; n++) TH_ASSERT(g.efirst[n + 1] > g.efirst[n]); /* x = 0 kept */
  plan_dist_begin(&d, 14);
  plan_dist_add(&d, 3, 1, 4, 1.0);
  plan_dist_finish(&d);
  TH_NEAR(plan_best_response(&g, &d, &w), 1.0, 1e-12); /* defend turn 3 with >= 3 */
}

/* The distribution a mixed strategy induces as an opponent: every plan
   attacks once or reaches the last turn, so the attack masses and the
   last turn's mass sum to the strategy's mass; two calls of masses 0.7 and
   0.3 give the entries of one call of mass 1 (add_strat reuses its
   per-layer bins and clears only the range a layer touched). */
static void test_dist_add_strat_masses(void) {
  static plan_dist d2;
  for (int T = 2; T <= 14; T++) {
    plan_build(&g, T);
    int tt = T < EQTABLE_TMAX ? T : EQTABLE_TMAX, n = eqtable_count(tt);
    if (n > 3000) n = 3000;
    for (int i = 0; i < n; i++) eqtable_get(tt, i, &pl[i], &wt[i]);
    TH_ASSERT(plan_strat_from_plans(&g, &st, pl, wt, n, &w) > 0.5);
    plan_dist_begin(&d, T);
    plan_dist_add_strat(&d, &g, &st, 0.7, &w);
    plan_dist_add_strat(&d, &g, &st, 0.3, &w);
    plan_dist_finish(&d);
    plan_dist_begin(&d2, T);
    plan_dist_add_strat(&d2, &g, &st, 1.0, &w);
    plan_dist_finish(&d2);
    double mass = 0;
    for (int t = 1; t <= T; t++)
      for (int i = d2.first[1][t]; i < d2.first[1][t + 1]; i++) mass += d2.m[i];
    for (int i = d2.first[0][T]; i < d2.first[0][T + 1]; i++) mass += d2.m[i];
    TH_ASSERT_MSG(fabs(mass - 1.0) < 1e-6, "T=%d total mass %.12f", T, mass); /* tables: 6 digits */
    TH_EQ_INT(d.n, d2.n);
    for (int i = 0; i < d.n && i < d2.n; i++) {
      TH_ASSERT_MSG(d.s[i] == d2.s[i], "T=%d entry %d soldiers %g vs %g", T, i, d.s[i], d2.s[i]);
      TH_ASSERT_MSG(fabs(d.m[i] - d2.m[i]) < 1e-12, "T=%d entry %d mass %g vs %g", T, i, d.m[i], d2.m[i]);
    }
  }
}

/* plan_dist_finish against brute force: many raw entries over a long
   round (soldier counts drawn from few values, so segments hold long runs
   of equal counts, and from many, so they need real sorting): every
   segment strictly increasing, each entry's mass the sum of its raw
   entries, as many entries as distinct (kind, turn, soldiers). */
static void test_dist_finish_sorts_and_merges(void) {
  enum { N = 6000, T = 40 };
  static int rk[N], rt[N];
  static double rsol[N], rm[N];
  rs = 0x9e3779b97f4a7c15ull;
  plan_dist_begin(&d, T);
  for (int i = 0; i < N; i++) {
    rt[i] = 1 + (int)(urand(0) * T);
    rk[i] = urand(0) < 0.3;
    rsol[i] = i % 3 ? (double)(int)(urand(0) * 6) : (double)(int)(urand(0) * 5000) / 4;
    rm[i] = urand(0) + 1e-3;
    plan_dist_add(&d, rt[i], rk[i], rsol[i], rm[i]);
  }
  plan_dist_finish(&d);
  int distinct = 0;
  for (int i = 0; i < N; i++) {
    int first = 1;
    for (int j = 0; j < i && first; j++) first = !(rk[j] == rk[i] && rt[j] == rt[i] && rsol[j] == rsol[i]);
    distinct += first;
  }
  TH_EQ_INT(d.n, distinct);
  int seen = 0;
  for (int k = 0; k < 2; k++)
    for (int t = 1; t <= T; t++) {
      int a = d.first[k][t], b = d.first[k][t + 1];
      TH_EQ_INT(a, seen);
      seen = b;
      for (int i = a; i < b; i++) {
        if (i > a) TH_ASSERT_MSG(d.s[i - 1] < d.s[i], "k=%d t=%d entry %d not increasing", k, t, i);
        double sum = 0;
        for (int j = 0; j < N; j++)
          if (rk[j] == k && rt[j] == t && rsol[j] == d.s[i]) sum += rm[j];
        TH_ASSERT_MSG(fabs(d.m[i] - sum) < 1e-9, "k=%d t=%d s=%g mass %g vs %g", k, t, d.s[i], d.m[i], sum);
        TH_ASSERT(fabs(d.cum[i + 1] - d.cum[i] - d.m[i]) < 1e-9);
      }
    }
  TH_EQ_INT(seen, d.n);
}

static const th_test TESTS[] = {
  TH_ENTRY(test_graph_layers_match_independent_bfs), TH_ENTRY(test_best_response_equals_brute_force),
  TH_ENTRY(test_dist_values_match_engine_clashes), TH_ENTRY(test_cfr_converges_small_rounds),
  TH_ENTRY(test_exploitability_agrees_with_spec_tables), TH_ENTRY(test_shipped_table_exploitability),
  TH_ENTRY(test_decompose_and_sample_preserve_the_strategy), TH_ENTRY(test_deficit_identity_profiles),
  TH_ENTRY(test_long_round_graph_is_capped_and_legal), TH_ENTRY(test_dist_add_strat_masses),
  TH_ENTRY(test_dist_finish_sorts_and_merges),
};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
