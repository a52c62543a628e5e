/*
** policy.c -- the Get1000 dynamic programmes and policies (see policy.h).
**
** Backward pass for ev: level k = h+t+o from 9 down to 0; a state's S runs
** over 0..6*(100h+10t+o), so every successor total stays within
** 0..POLICY_SMAX (totals below the minimum are unreachable but computed
** anyway: harmless). E_9 = |1000 - S|, E_k = sum over d of min over legal c
** of E_{k+1}(next), exact in int64 (the largest value is 6^9 * 1000).
** Then the EV-opt policy is pushed forward with integer sequence counts to
** get the exact distance distribution, which gives the MU1 utility u(d), and
** a second backward pass in doubles gives mu.
** Lookups clamp the total into 0..POLICY_SMAX, so no input can index out of
** the tables.
*/
#include "policy.h"

#include <stdlib.h>
#include <string.h>

static const int policy__w[3] = {100, 10, 1};

static int policy__idx(int h, int t, int o) { return h * 16 + t * 4 + o; }

static int policy__clamp_s(long long s) {
  if (s < 0) return 0;
  if (s > POLICY_SMAX) return POLICY_SMAX;
  return (int)s;
}

BOT_API int policy_weight(int col) { return (col >= 0 && col < 3) ? policy__w[col] : 0; }

BOT_API long long policy_distance(long long total) {
  return total > 1000 ? total - 1000 : 1000 - total;
}

BOT_API char policy_letter(int col) {
  return col == POLICY_COL_H ? 'H' : col == POLICY_COL_T ? 'T' : col == POLICY_COL_O ? 'O' : '?';
}

BOT_API const char *policy_wire_name(int col) {
  return col == POLICY_COL_H ? "HUNDREDS" : col == POLICY_COL_T ? "TENS" : col == POLICY_COL_O ? "ONES" : "?";
}

BOT_API const char *policy_kind_name(policy_kind k) {
  switch (k) {
  case POLICY_MU1: return "mu1";
  case POLICY_EV: return "ev";
  case POLICY_GREEDY: return "greedy";
  case POLICY_RANDOM: return "random";
  case POLICY_SEQUENTIAL: return "sequential";
  }
  return "?";
}

BOT_API int policy_parse_kind(const char *s) {
  static const char *const names[] = {"mu1", "ev", "greedy", "random", "sequential"};
  for (int i = 0; i < 5; i++)
    if (s && strcmp(s, names[i]) == 0) return i;
  return -1;
}

BOT_API void policy_reset(policy_grid *g) { memset(g, 0, sizeof *g); }

BOT_API int policy_placed(const policy_grid *g) { return g->n[0] + g->n[1] + g->n[2]; }

BOT_API int policy_legal(const policy_grid *g, int col) {
  return col >= 0 && col < 3 && g->n[col] >= 0 && g->n[col] < 3;
}

BOT_API int policy_guard(const policy_grid *g, int col) {
  if (policy_legal(g, col)) return col;
  for (int c = 0; c < 3; c++)
    if (policy_legal(g, c)) return c;
  return -1;
}

BOT_API int policy_place(policy_grid *g, int col, int v) {
  if (!policy_legal(g, col)) return -1;
  g->n[col]++;
  g->s += (long long)v * policy__w[col];
  return 0;
}

/* Index of the grid after placing in col (col legal). */
static int policy__next_idx(const policy_grid *g, int col) {
  int n[3] = {g->n[0], g->n[1], g->n[2]};
  n[col]++;
  return policy__idx(n[0], n[1], n[2]);
}

static int policy__grid_ok(const policy_grid *g) {
  for (int c = 0; c < 3; c++)
    if (g->n[c] < 0 || g->n[c] > 3) return 0;
  return 1;
}

BOT_API int64_t policy_ev_after(const policy_tables *t, const policy_grid *g, int v, int col) {
  if (!policy__grid_ok(g) || !policy_legal(g, col) || v < 1 || v > 6) return -1;
  return t->ev[policy__next_idx(g, col)][policy__clamp_s(g->s + (long long)v * policy__w[col])];
}

BOT_API double policy_mu_after(const policy_tables *t, const policy_grid *g, int v, int col) {
  if (!policy__grid_ok(g) || !policy_legal(g, col) || v < 1 || v > 6) return -1.0;
  return t->mu[policy__next_idx(g, col)][policy__clamp_s(g->s + (long long)v * policy__w[col])];
}

BOT_API int64_t policy_ev_state(const policy_tables *t, int h, int tt, int o, int s) {
  if (h < 0 || h > 3 || tt < 0 || tt > 3 || o < 0 || o > 3) return -1;
  return t->ev[policy__idx(h, tt, o)][policy__clamp_s(s)];
}

BOT_API double policy_mu_state(const policy_tables *t, int h, int tt, int o, int s) {
  if (h < 0 || h > 3 || tt < 0 || tt > 3 || o < 0 || o > 3) return -1.0;
  return t->mu[policy__idx(h, tt, o)][policy__clamp_s(s)];
}

/* The column counts (h, t, o) with k columns filled, k from 9 down to 0:
   the order of a backward pass (a state after every state it leads to).
   Fills n[][3] and returns how many there are. */
static int policy__backward_order(int n[POLICY_NIDX][3]) {
  int count = 0;
  for (int k = 9; k >= 0; k--)
    for (int h = 0; h <= 3; h++)
      for (int tt = 0; tt <= 3; tt++) {
        int o = k - h - tt;
        if (o < 0 || o > 3) continue;
        n[count][0] = h;
        n[count][1] = tt;
        n[count][2] = o;
        count++;
      }
  return count;
}

/* The state index after a die goes into column c of counts n, or -1 when
   that column is full. */
static int policy__child(const int n[3], int c) {
  if (n[c] >= 3) return -1;
  int m[3] = {n[0], n[1], n[2]};
  m[c]++;
  return policy__idx(m[0], m[1], m[2]);
}

/* Backward pass into tab: terminal value util[distance], best = max
   (maximise) or min over legal columns, then the sum over the six rolls,
   divided by 6 when mean (an expectation) or kept whole (6^(9-k) times
   it, ev's exact scale). */
static void policy__backward(double tab[POLICY_NIDX][POLICY_NS], const double util[POLICY_DMAX + 1],
                             int maximise, int mean) {
  static int order[POLICY_NIDX][3];
  int count = policy__backward_order(order);
  for (int q = 0; q < count; q++) {
    const int *n = order[q];
    int i = policy__idx(n[0], n[1], n[2]), smax = 6 * (100 * n[0] + 10 * n[1] + n[2]);
    int last = n[0] + n[1] + n[2] == 9;
    for (int s = 0; s < POLICY_NS; s++) {
      if (last || s > smax) {
        tab[i][s] = last ? util[policy_distance(s)] : 0.0;
        continue;
      }
      double sum = 0.0;
      for (int d = 1; d <= 6; d++) {
        double best = 0.0;
        int any = 0;
        for (int c = 0; c < 3; c++) {
          int j = policy__child(n, c);
          if (j < 0) continue;
          double v = tab[j][s + d * policy__w[c]];
          if (!any || (maximise ? v > best : v < best)) best = v;
          any = 1;
        }
        sum += best;
      }
      tab[i][s] = mean ? sum / 6.0 : sum;
    }
  }
}

/* ev: the least expected distance, exact. The pass runs in doubles with
   the sums kept whole: every value is an integer below 6^9 x 1000 < 2^53,
   so each one is exact and converts to int64_t without loss. */
static void policy__backward_ev(policy_tables *t) {
  static double dist[POLICY_DMAX + 1];
  for (int d = 0; d <= POLICY_DMAX; d++) dist[d] = (double)d;
  policy__backward(t->aux, dist, 0, 0);
  for (int i = 0; i < POLICY_NIDX; i++)
    for (int s = 0; s < POLICY_NS; s++) t->ev[i][s] = (int64_t)t->aux[i][s];
}

BOT_API double policy_optimum(policy_tables *t, const double util[POLICY_DMAX + 1], int maximise) {
  policy__backward(t->aux, util, maximise, 1);
  return t->aux[0][0];
}

/* Certainty-equivalent choice (greedy policy and out-of-range rolls):
   minimise |1000 - (S' + 3.5 * remaining weight)|, in doubled integers so
   ties are exact; H before T before O. */
static int policy__certainty(const policy_grid *g, long long v) {
  if (v > 1000000) v = 1000000;
  if (v < -1000000) v = -1000000;
  int best = -1;
  long long bestv = 0;
  for (int c = 0; c < 3; c++) {
    if (!policy_legal(g, c)) continue;
    long long rem = 0;
    for (int e = 0; e < 3; e++) rem += (long long)(3 - g->n[e] - (e == c)) * policy__w[e];
    long long s2 = g->s + v * policy__w[c];
    long long x = 2000 - (2 * s2 + 7 * rem);
    if (x < 0) x = -x;
    if (best < 0 || x < bestv) {
      best = c;
      bestv = x;
    }
  }
  return best;
}

BOT_API int policy_choose(const policy_tables *t, policy_kind k, const policy_grid *g, int v,
                          rng_t *rng) {
  return policy_choose_eps(t, k, g, v, rng, 1e-9);
}

BOT_API int policy_choose_eps(const policy_tables *t, policy_kind k, const policy_grid *g, int v,
                              rng_t *rng, double tie_eps) {
  if (!policy__grid_ok(g)) return policy_guard(g, POLICY_COL_H);
  if (policy_placed(g) >= 9) return -1;
  int col = -1;
  if (k == POLICY_RANDOM) {
    int legal[3], nl = 0;
    for (int c = 0; c < 3; c++)
      if (policy_legal(g, c)) legal[nl++] = c;
    col = (rng && nl > 0) ? legal[rng_below(rng, (uint32_t)nl)] : -1;
  } else if (k == POLICY_SEQUENTIAL) {
    col = POLICY_COL_H; /* the guard fills H, then T, then O */
  } else if (k == POLICY_GREEDY || v < 1 || v > 6) {
    col = policy__certainty(g, v);
  } else {
    /* ev or mu1: compare successor values. */
    int cand[3], nc = 0;
    int best = -1;
    int64_t ebest = 0;
    double mbest = 0.0;
    double eps = rng ? tie_eps : 1e-12;
    for (int c = 0; c < 3; c++) {
      if (!policy_legal(g, c)) continue;
      if (k == POLICY_EV) {
        int64_t e = policy_ev_after(t, g, v, c);
        if (best < 0 || e < ebest) {
          best = c;
          ebest = e;
        }
      } else {
        double m = policy_mu_after(t, g, v, c);
        if (best < 0 || m > mbest + eps) {
          best = c;
          mbest = m;
        }
      }
    }
    col = best;
    if (rng && best >= 0) {
      for (int c = 0; c < 3; c++) {
        if (!policy_legal(g, c)) continue;
        int tied = (k == POLICY_EV) ? policy_ev_after(t, g, v, c) == ebest
                                    : policy_mu_after(t, g, v, c) >= mbest - eps;
        if (tied) cand[nc++] = c;
      }
      if (nc > 1) col = cand[rng_below(rng, (uint32_t)nc)];
    }
  }
  return policy_guard(g, col);
}

BOT_API long long policy_distance_counts(policy_tables *t, policy_kind k,
                                         int64_t out[POLICY_DMAX + 1]) {
  if (k == POLICY_RANDOM) return -1;
  memset(t->cnt, 0, sizeof t->cnt);
  memset(out, 0, sizeof(int64_t) * (POLICY_DMAX + 1));
  t->cnt[0][0] = 1;
  for (int kk = 0; kk < 9; kk++) {
    for (int h = 0; h <= 3; h++)
      for (int tt = 0; tt <= 3; tt++) {
        int o = kk - h - tt;
        if (o < 0 || o > 3) continue;
        int i = policy__idx(h, tt, o);
        for (int s = 0; s < POLICY_NS; s++) {
          int64_t m = t->cnt[i][s];
          if (m == 0) continue;
          policy_grid g = {{h, tt, o}, s};
          for (int d = 1; d <= 6; d++) {
            int c = policy_choose(t, k, &g, d, NULL);
            t->cnt[policy__next_idx(&g, c)][s + d * policy__w[c]] += m;
          }
        }
      }
  }
  long long total = 0;
  int fin = policy__idx(3, 3, 3);
  for (int s = 0; s < POLICY_NS; s++) {
    out[policy_distance(s)] += t->cnt[fin][s];
    total += t->cnt[fin][s];
  }
  return total;
}

BOT_API void policy_build_n(policy_tables *t, int ties_win, int n) {
  if (n < 1) n = 1;
  if (n > 16) n = 16;
  t->ties_win = ties_win ? 1 : 0;
  t->opponents = n;
  policy__backward_ev(t);
  /* util needs the EV-opt distance distribution: ev, counts, util, mu. */
  policy_distance_counts(t, POLICY_EV, t->ev_dist);
  double above = 0.0; /* G(d) = P(distance > d) */
  for (int d = POLICY_DMAX; d >= 0; d--) {
    double h = (double)t->ev_dist[d] / (double)POLICY_SEQS;
    double u = 0.0;
    if (t->ties_win) {
      u = 1.0;
      for (int j = 0; j < n; j++) u *= above + h;
    } else {
      double binom = 1.0; /* C(n, j) */
      for (int j = 0; j <= n; j++) {
        double term = binom / (double)(j + 1);
        for (int e = 0; e < j; e++) term *= h;
        for (int e = 0; e < n - j; e++) term *= above;
        u += term;
        binom = binom * (double)(n - j) / (double)(j + 1);
      }
    }
    t->util[d] = u;
    above += h;
  }
  policy__backward(t->mu, t->util, 1, 1);
}

BOT_API void policy_build(policy_tables *t, int ties_win) { policy_build_n(t, ties_win, 1); }

/* Depth-first walk of all roll sequences with both grids. */
static void policy__h2h(const policy_tables *t, policy_kind a, policy_kind b, policy_grid *ga,
                        policy_grid *gb, int depth, long long wtl[3]) {
  if (depth == 9) {
    long long da = policy_distance(ga->s), db = policy_distance(gb->s);
    wtl[da < db ? 0 : da == db ? 1 : 2]++;
    return;
  }
  for (int d = 1; d <= 6; d++) {
    policy_grid na = *ga, nb = *gb;
    policy_place(&na, policy_choose(t, a, ga, d, NULL), d);
    policy_place(&nb, policy_choose(t, b, gb, d, NULL), d);
    policy__h2h(t, a, b, &na, &nb, depth + 1, wtl);
  }
}

BOT_API int policy_head_to_head(const policy_tables *t, policy_kind a, policy_kind b,
                                long long wtl[3]) {
  wtl[0] = wtl[1] = wtl[2] = 0;
  if (a == POLICY_RANDOM || b == POLICY_RANDOM) return -1;
  policy_grid ga, gb;
  policy_reset(&ga);
  policy_reset(&gb);
  policy__h2h(t, a, b, &ga, &gb, 0, wtl);
  return 0;
}

BOT_API double policy_match_win(double p, int target) {
  /* P(reach target wins first) = sum over j < target opponent wins of
     C(target-1+j, j) p^target (1-p)^j. */
  if (target < 1) return 0.0;
  double q = 1.0 - p, sum = 0.0, coef = 1.0, pt = 1.0, qj = 1.0;
  for (int i = 0; i < target; i++) pt *= p;
  for (int j = 0; j < target; j++) {
    if (j > 0) coef = coef * (double)(target - 1 + j) / (double)j;
    sum += coef * pt * qj;
    qj *= q;
  }
  return sum;
}
