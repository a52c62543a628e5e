/*
** plan.c -- plan graph, best response, CFR+ and plan tables for one
** GameOfDrones round (see plan.h for the model and its invariants).
** Freestanding: no libc calls; loops instead of memset/memcpy.
*/
#include "plan.h"

/* ---------------------------------------------------------------- graph */

BOT_API int plan_act(const plan_graph *g, int n) { return g->efirst[n] + 2 * n; }

BOT_API int plan_turn(const plan_graph *g, int n) {
  int t = 0;
  while (t < g->T && g->layer[t + 1] <= n) t++;
  return t;
}

BOT_API int plan_nact(const plan_graph *g, int n) {
  int t = plan_turn(g, n);
  return 1 + (t == g->T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
}

BOT_API int plan_nactions(const plan_graph *g) { return g->nedges + 2 * g->nnodes; }

static unsigned plan__hash(double p, double s) {
  uint64_t a = (uint64_t)p, b = (uint64_t)s;
  uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  return (unsigned)(h & (PLAN_HASH - 1));
}

BOT_API void plan_build(plan_graph *g, int T) {
  if (T < 1) T = 1;
  if (T > PLAN_TMAX) T = PLAN_TMAX;
  g->T = T;
  g->exact = 1;
  g->nnodes = 1;
  g->nedges = 0;
  g->P[0] = 1;
  g->S[0] = 0;
  g->layer[0] = 0;
  g->layer[1] = 1;
  /* hash slots hold node indices; the children of layer t are numbered from
     layer[t+1] up, so a slot below that is free for this layer and the
     table is cleared once, not once a layer */
  for (int i = 0; i < PLAN_HASH; i++) g->hash[i] = -1;
  for (int t = 0; t + 1 <= T - 1; t++) {
    int lo = g->layer[t], hi = g->layer[t + 1];
    int layers_left = T - 1 - t; /* layers t+1 .. T-1 still to create */
    int node_cap = PLAN_NODES, edge_cap = PLAN_EDGES;
    if (T > PLAN_TEXACT) {
      node_cap = g->nnodes + (PLAN_NODES - g->nnodes) / layers_left;
      edge_cap = g->nedges + (PLAN_EDGES - g->nedges) / layers_left;
      if (node_cap - g->nnodes > PLAN_HASH / 2) node_cap = g->nnodes + PLAN_HASH / 2;
    }
    for (int n = lo; n < hi; n++) {
      g->efirst[n] = g->nedges;
      double P = g->P[n], S = g->S[n];
      double xmax = (t + 1 == T - 1) ? 0 : P;
      if (xmax > PLAN_MAXACT - 3) {
        xmax = PLAN_MAXACT - 3;
        g->exact = 0;
      }
      for (double x = 0; x <= xmax; x += 1) {
        double np = P + x, ns = S + P - x;
        unsigned h = plan__hash(np, ns);
        int found = -1;
        while (g->hash[h] >= hi) {
          int c = g->hash[h];
          if (g->P[c] == np && g->S[c] == ns) { found = c; break; }
          h = (h + 1) & (PLAN_HASH - 1);
        }
        /* x = 0 is always kept (it never adds more nodes than parents) */
        int reserve = hi - n - 1; /* x = 0 edges still owed to later parents */
        if (x > 0 && (g->nedges + 1 + reserve > edge_cap || (found < 0 && g->nnodes + 1 + reserve > node_cap))) {
          g->exact = 0;
          break;
        }
        if (found < 0) {
          if (g->nnodes >= PLAN_NODES || g->nedges >= PLAN_EDGES) { g->exact = 0; break; }
          found = g->nnodes++;
          g->P[found] = np;
          g->S[found] = ns;
          g->hash[h] = found;
        }
        if (g->nedges >= PLAN_EDGES) { g->exact = 0; break; }
        g->child[g->nedges++] = found;
      }
    }
    g->layer[t + 2] = g->nnodes;
  }
  for (int n = g->layer[T - 1]; n < g->nnodes; n++) g->efirst[n] = g->nedges;
  g->efirst[g->nnodes] = g->nedges;
  for (int t = T + 1; t < PLAN_TMAX + 2; t++) g->layer[t] = g->nnodes;
}

/* ---------------------------------------------------------- distributions */

BOT_API void plan_dist_begin(plan_dist *d, int T) {
  if (T < 1) T = 1;
  if (T > PLAN_TMAX) T = PLAN_TMAX;
  d->T = T;
  d->n = 0;
  d->rn = 0;
  d->total_dropped = 0;
  for (int k = 0; k < 2; k++)
    for (int t = 0; t < PLAN_TMAX + 2; t++) d->first[k][t] = 0;
  d->cum[0] = 0;
}

BOT_API void plan_dist_add(plan_dist *d, int t, int attack, double s, double m) {
  if (!(m > 0) || t < 1 || t > d->T || !(s >= 0)) return;
  if (d->rn >= PLAN_DIST_CAP) {
    d->total_dropped += m;
    return;
  }
  d->rk[d->rn] = (attack ? 1 : 0) * (PLAN_TMAX + 2) + t;
  d->rs[d->rn] = s;
  d->rm[d->rn] = m;
  d->rn++;
}

/* Stable sort of (s, m)[0, n) by s: insertion sort of runs of
   PLAN__RUN, then bottom-up merges through the scratch (ts, tm)[0, n). */
#define PLAN__RUN 8
static void plan__sort_s(double *s, double *m, double *ts, double *tm, int n) {
  for (int a = 0; a < n; a += PLAN__RUN) {
    int b = a + PLAN__RUN < n ? a + PLAN__RUN : n;
    for (int i = a + 1; i < b; i++) {
      double x = s[i], y = m[i];
      int j = i;
      for (; j > a && s[j - 1] > x; j--) {
        s[j] = s[j - 1];
        m[j] = m[j - 1];
      }
      s[j] = x;
      m[j] = y;
    }
  }
  double *as = s, *am = m, *bs = ts, *bm = tm;
  for (int w = PLAN__RUN; w < n; w *= 2) {
    for (int a = 0; a < n; a += 2 * w) {
      int mid = a + w < n ? a + w : n, b = a + 2 * w < n ? a + 2 * w : n;
      int i = a, j = mid, o = a;
      while (i < mid && j < b) {
        if (as[j] < as[i]) bs[o] = as[j], bm[o++] = am[j++];
        else bs[o] = as[i], bm[o++] = am[i++];
      }
      while (i < mid) bs[o] = as[i], bm[o++] = am[i++];
      while (j < b) bs[o] = as[j], bm[o++] = am[j++];
    }
    double *xs = as, *xm = am;
    as = bs, am = bm, bs = xs, bm = xm;
  }
  if (as != s)
    for (int i = 0; i < n; i++) s[i] = as[i], m[i] = am[i];
}
#undef PLAN__RUN

BOT_API void plan_dist_finish(plan_dist *d) {
  enum { NKEY = 2 * (PLAN_TMAX + 2) }; /* key = kind * (TMAX+2) + t */
  int n = d->rn;
  /* 1. counting sort of the raw entries by key (stable) into s/m */
  int start[NKEY + 1], pos[NKEY];
  for (int k = 0; k <= NKEY; k++) start[k] = 0;
  for (int i = 0; i < n; i++) start[d->rk[i] + 1]++;
  for (int k = 0; k < NKEY; k++) start[k + 1] += start[k];
  for (int k = 0; k < NKEY; k++) pos[k] = start[k];
  for (int i = 0; i < n; i++) {
    int p = pos[d->rk[i]]++;
    d->s[p] = d->rs[i];
    d->m[p] = d->rm[i];
  }
  /* 2. per key: sort by soldiers (rs/rm, free now, are the scratch), then
        merge equal counts in place (out never passes the entry read) */
  int out = 0;
  for (int key = 0; key < NKEY; key++) {
    int a = start[key], b = start[key + 1], seg = out;
    d->first[key / (PLAN_TMAX + 2)][key % (PLAN_TMAX + 2)] = out;
    plan__sort_s(d->s + a, d->m + a, d->rs, d->rm, b - a);
    for (int i = a; i < b; i++) {
      if (out > seg && d->s[out - 1] == d->s[i]) {
        d->m[out - 1] += d->m[i];
      } else {
        d->s[out] = d->s[i];
        d->m[out] = d->m[i];
        out++;
      }
    }
  }
  d->n = out;
  d->cum[0] = 0;
  for (int j = 0; j < out; j++) d->cum[j + 1] = d->cum[j] + d->m[j];
}

/* Segment [a, b) of kind k, turn t (empty past the last turn). */
static void plan__seg(const plan_dist *d, int k, int t, int *a, int *b) {
  *a = d->first[k][t];
  *b = d->first[k][t + 1]; /* t <= PLAN_TMAX, and no entry has t = TMAX+1 */
}

/* Mass of the segment with soldiers < x (or <= x when incl). */
static double plan__mass_below(const plan_dist *d, int a, int b, double x, int incl) {
  int lo = a, hi = b;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (d->s[mid] < x || (incl && d->s[mid] == x)) lo = mid + 1;
    else hi = mid;
  }
  return d->cum[lo] - d->cum[a];
}

BOT_API double plan_dist_attack_value(const plan_dist *d, int t, double s) {
  int a, b;
  double v = 0;
  plan__seg(d, 0, t, &a, &b);
  if (b > a) {
    double tot = d->cum[b] - d->cum[a];
    double win = plan__mass_below(d, a, b, s - 1, 0); /* s > s' + 1 */
    v += win - (tot - win);
  }
  plan__seg(d, 1, t, &a, &b);
  if (b > a) {
    double tot = d->cum[b] - d->cum[a];
    double win = plan__mass_below(d, a, b, s, 0);
    double lose = tot - plan__mass_below(d, a, b, s, 1);
    v += win - lose;
  }
  return v;
}

BOT_API double plan_dist_defend_value(const plan_dist *d, int t, double s) {
  int a, b;
  plan__seg(d, 1, t, &a, &b);
  if (b <= a) return 0;
  double tot = d->cum[b] - d->cum[a];
  double lose = tot - plan__mass_below(d, a, b, s + 1, 1); /* s' > s + 1 */
  return tot - 2 * lose;
}

BOT_API double plan_dist_final_value(const plan_dist *d, double s) {
  int T = d->T, a, b;
  double v = plan_dist_defend_value(d, T, s);
  plan__seg(d, 0, T, &a, &b);
  if (b > a) {
    double tot = d->cum[b] - d->cum[a];
    double win = plan__mass_below(d, a, b, s, 0);
    double lose = tot - plan__mass_below(d, a, b, s, 1);
    v += win - lose;
  }
  return v;
}

BOT_API int plan_soldiers(const plan_pure *p, int T, double *out) {
  double P = 1, S = 0;
  for (int t = 1; t <= T; t++) {
    double x = (t <= p->len) ? p->x[t - 1] : 0;
    if (x < 0) x = 0;
    if (x > P) x = P;
    S += P - x;
    P += x;
    out[t - 1] = S;
    if (p->attack == t) return t;
  }
  return T;
}

BOT_API void plan_dist_add_path(plan_dist *d, const double *soldiers, int len, int attack, double m) {
  if (len < 1) return;
  for (int t = 1; t <= d->T; t++) {
    double s = soldiers[(t <= len ? t : len) - 1];
    if (attack == t) {
      plan_dist_add(d, t, 1, s, m);
      return;
    }
    plan_dist_add(d, t, 0, s, m);
  }
}

/* Soldier bins for aggregating a layer: exact below 2048, then 64 bins per
   power of two (the bin's smallest count stands for it). */
static int plan__bin(double s) {
  if (s < 2048) return (int)s;
  int e = 0;
  double v = s;
  while (v >= 4096 && e < 30) { v /= 2; e++; }
  int b = 2048 + e * 64 + (int)((v - 2048) / 32);
  return b < PLAN_DIST_BINS ? b : PLAN_DIST_BINS - 1;
}

static double plan__binval(int b) {
  if (b < 2048) return b;
  int e = (b - 2048) / 64, r = (b - 2048) % 64;
  double v = 2048 + r * 32.0;
  for (int i = 0; i < e; i++) v *= 2;
  return v;
}

BOT_API void plan_dist_add_strat(plan_dist *d, const plan_graph *g, const plan_strat *st, double m, plan_work *w) {
  int T = g->T;
  for (int n = 0; n < g->nnodes; n++) w->reach[n] = 0;
  w->reach[0] = 1;
  /* the bins are cleared once; each layer then reads and clears only the
     range [blo, bhi] it touched (was: all PLAN_DIST_BINS of both kinds
     cleared and scanned every layer, T x 16384 steps whatever the graph) */
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < PLAN_DIST_BINS; i++) d->bin[k][i] = 0;
  for (int t = 0; t <= T - 1; t++) {
    int lo = g->layer[t], hi = g->layer[t + 1];
    int blo = PLAN_DIST_BINS, bhi = -1;
    for (int n = lo; n < hi; n++) {
      double r = w->reach[n];
      if (r <= 0) continue;
      int a0 = plan_act(g, n);
      double pa = t >= 1 ? st->w[a0] : 0;
      if (t >= 1) {
        int b = plan__bin(g->S[n]);
        d->bin[1][b] += r * pa;
        d->bin[0][b] += r * (1 - pa);
        if (b < blo) blo = b;
        if (b > bhi) bhi = b;
      }
      if (t < T - 1) {
        int e0 = g->efirst[n], e1 = g->efirst[n + 1];
        for (int e = e0; e < e1; e++) w->reach[g->child[e]] += r * st->w[a0 + 1 + (e - e0)];
      }
    }
    for (int k = 0; k < 2; k++)
      for (int i = blo; i <= bhi; i++) {
        if (d->bin[k][i] > 0) plan_dist_add(d, t, k, plan__binval(i), m * d->bin[k][i]);
        d->bin[k][i] = 0;
      }
  }
  /* final turn: every node of turn T-1 that does not attack keeps S + P */
  {
    int lo = g->layer[T - 1], hi = g->layer[T];
    int blo = PLAN_DIST_BINS, bhi = -1;
    for (int n = lo; n < hi; n++) {
      double r = w->reach[n];
      if (r <= 0) continue;
      double pa = T - 1 >= 1 ? st->w[plan_act(g, n)] : 0;
      int b = plan__bin(g->S[n] + g->P[n]);
      d->bin[0][b] += r * (1 - pa);
      if (b < blo) blo = b;
      if (b > bhi) bhi = b;
    }
    for (int i = blo; i <= bhi; i++) {
      if (d->bin[0][i] > 0) plan_dist_add(d, T, 0, plan__binval(i), m * d->bin[0][i]);
      d->bin[0][i] = 0;
    }
  }
}

/* ---------------------------------------------------------------- solvers */

/* masses of segment [a, b) below S + off (strict, or <= when incl) for
   S = 0..n, by one merge sweep */
static void plan__sweep(const plan_dist *d, int a, int b, double off, int incl, double *out, int n) {
  int i = a;
  for (int S = 0; S <= n; S++) {
    double x = S + off;
    while (i < b && (d->s[i] < x || (incl && d->s[i] == x))) i++;
    out[S] = d->cum[i] - d->cum[a];
  }
}

/* Tabulates attack/defend values per turn and the final value for integer
   soldier counts up to PLAN_VMAX (and the graph's largest count). */
static void plan__tables(const plan_graph *g, const plan_dist *d, plan_work *w) {
  static double lo[PLAN_VMAX + 1], le[PLAN_VMAX + 1];
  int T = g->T;
  for (int t = 1; t <= T; t++) {
    double mx = 0;
    int hi = t <= T - 1 ? g->layer[t + 1] : g->layer[T];
    for (int n = t <= T - 1 ? g->layer[t] : g->layer[T - 1]; n < hi; n++) {
      double v = (t <= T - 1) ? g->S[n] : g->S[n] + g->P[n];
      if (v > mx) mx = v;
    }
    int N = mx < PLAN_VMAX ? (int)mx : PLAN_VMAX;
    w->vt_n[t] = N;
    int a, b;
    double *A = t <= T - 1 ? w->vt_att[t] : w->vt_fin, *D = w->vt_def[t];
    for (int S = 0; S <= N; S++) A[S] = D[S] = 0;
    /* their attacks on t: we defend (D) or meet them in the field (A) */
    plan__seg(d, 1, t, &a, &b);
    if (b > a) {
      double tot = d->cum[b] - d->cum[a];
      plan__sweep(d, a, b, 1, 1, le, N); /* s' <= S + 1 */
      for (int S = 0; S <= N; S++) D[S] = tot - 2 * (tot - le[S]);
      if (t <= T - 1) {
        plan__sweep(d, a, b, 0, 0, lo, N);
        plan__sweep(d, a, b, 0, 1, le, N);
        for (int S = 0; S <= N; S++) A[S] += lo[S] - (tot - le[S]);
      }
    }
    plan__seg(d, 0, t, &a, &b);
    if (b > a) {
      double tot = d->cum[b] - d->cum[a];
      if (t <= T - 1) {
        plan__sweep(d, a, b, -1, 0, lo, N); /* s' < S - 1: our attack wins */
        for (int S = 0; S <= N; S++) A[S] += lo[S] - (tot - lo[S]);
      } else {
        plan__sweep(d, a, b, 0, 0, lo, N);
        plan__sweep(d, a, b, 0, 1, le, N);
        for (int S = 0; S <= N; S++) A[S] += lo[S] - (tot - le[S]);
      }
    }
    if (t == T)
      for (int S = 0; S <= N; S++) A[S] += D[S]; /* final = defend + field */
  }
}

static int plan__tabbed(const plan_work *w, int t, double S) {
  return S >= 0 && S <= w->vt_n[t] && S == (double)(int)S;
}

/* Values of node n's actions against d into u[] (u[0] = attack, or a very
   low value where attacking is not allowed); returns the action count.
   plan__tables must have been called for this d. */
static int plan__action_values(const plan_graph *g, const plan_dist *d, const plan_work *w, int n, int t, double *u,
                               int cap) {
  int T = g->T;
  double S = g->S[n];
  double def = 0;
  u[0] = -1e300;
  if (t >= 1) {
    if (plan__tabbed(w, t, S)) {
      def = w->vt_def[t][(int)S];
      u[0] = w->vt_att[t][(int)S];
    } else {
      def = plan_dist_defend_value(d, t, S);
      u[0] = plan_dist_attack_value(d, t, S);
    }
  }
  if (t == T - 1) {
    double F = S + g->P[n];
    u[1] = def + (plan__tabbed(w, T, F) ? w->vt_fin[(int)F] : plan_dist_final_value(d, F));
    return 2;
  }
  int e0 = g->efirst[n], e1 = g->efirst[n + 1], k = 1;
  for (int e = e0; e < e1 && k < cap; e++) u[k++] = def + w->val[g->child[e]];
  return k;
}

static double plan__u[PLAN_MAXACT]; /* action values of one node */

BOT_API double plan_best_response(const plan_graph *g, const plan_dist *d, plan_work *w) {
  plan__tables(g, d, w);
  for (int t = g->T - 1; t >= 0; t--) {
    for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
      int k = plan__action_values(g, d, w, n, t, plan__u, PLAN_MAXACT);
      int b = 0;
      for (int a = 1; a < k; a++)
        if (plan__u[a] > plan__u[b] + 1e-12) b = a;
      w->best[n] = b;
      w->val[n] = plan__u[b];
    }
  }
  return w->val[0];
}

BOT_API void plan_best_plan(const plan_graph *g, const plan_work *w, plan_pure *out) {
  int n = 0, t = 0;
  out->attack = 0;
  out->len = 0;
  for (;;) {
    int b = w->best[n];
    if (b == PLAN_ATTACK && t >= 1) {
      out->attack = t;
      return;
    }
    if (t == g->T - 1) {
      out->x[out->len++] = 0; /* FINAL: all soldiers on turn T */
      return;
    }
    int c = g->child[g->efirst[n] + b - 1];
    out->x[out->len++] = (int)(g->P[c] - g->P[n]);
    n = c;
    t++;
  }
}

BOT_API double plan_strat_value(const plan_graph *g, const plan_strat *s, const plan_dist *d, plan_work *w) {
  plan__tables(g, d, w);
  for (int t = g->T - 1; t >= 0; t--) {
    for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
      int k = plan__action_values(g, d, w, n, t, plan__u, PLAN_MAXACT);
      int a0 = plan_act(g, n);
      double v = 0;
      for (int a = (t >= 1 ? 0 : 1); a < k; a++) v += s->w[a0 + a] * plan__u[a];
      w->val[n] = v;
    }
  }
  return w->val[0];
}

BOT_API double plan_exploitability(const plan_graph *g, const plan_strat *s, plan_dist *d, plan_work *w) {
  plan_dist_begin(d, g->T);
  plan_dist_add_strat(d, g, s, 1.0, w);
  plan_dist_finish(d);
  return plan_best_response(g, d, w);
}

/* Uniform over the allowed actions of every node. */
static void plan__uniform(const plan_graph *g, plan_strat *s) {
  for (int t = 0; t <= g->T - 1; t++) {
    for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
      int a0 = plan_act(g, n);
      int k = 1 + (t == g->T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
      int first = t >= 1 ? 0 : 1;
      s->w[a0] = 0;
      for (int a = first; a < k; a++) s->w[a0 + a] = 1.0f / (float)(k - first);
    }
  }
}

BOT_API void plan_cfr_init(const plan_graph *g, plan_strat *cur, plan_work *w) {
  int na = plan_nactions(g);
  for (int i = 0; i < na; i++) {
    w->regret[i] = 0;
    w->sum[i] = 0;
  }
  plan__uniform(g, cur);
}

BOT_API void plan_cfr_iterate(const plan_graph *g, plan_strat *cur, plan_dist *d, plan_work *w, int iters, int *counter) {
  for (int it = 0; it < iters; it++) {
    plan_dist_begin(d, g->T);
    plan_dist_add_strat(d, g, cur, 1.0, w); /* also leaves our reach in w->reach */
    plan_dist_finish(d);
    plan__tables(g, d, w);
    double weight = (double)(++*counter);
    for (int t = g->T - 1; t >= 0; t--) {
      for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
        int k = plan__action_values(g, d, w, n, t, plan__u, PLAN_MAXACT);
        int a0 = plan_act(g, n), first = t >= 1 ? 0 : 1;
        double v = 0, r = w->reach[n];
        for (int a = first; a < k; a++) {
          v += cur->w[a0 + a] * plan__u[a];
          w->sum[a0 + a] += (float)(weight * r * cur->w[a0 + a]);
        }
        w->val[n] = v;
        double pos = 0;
        for (int a = first; a < k; a++) {
          double rg = w->regret[a0 + a] + (plan__u[a] - v);
          if (rg < 0) rg = 0;
          w->regret[a0 + a] = (float)rg;
          pos += rg;
        }
        for (int a = first; a < k; a++)
          cur->w[a0 + a] = pos > 0 ? (float)(w->regret[a0 + a] / pos) : 1.0f / (float)(k - first);
      }
    }
  }
}

BOT_API void plan_cfr_average(const plan_graph *g, const plan_work *w, plan_strat *out) {
  for (int t = 0; t <= g->T - 1; t++) {
    for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
      int a0 = plan_act(g, n);
      int k = 1 + (t == g->T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
      int first = t >= 1 ? 0 : 1;
      double tot = 0;
      for (int a = first; a < k; a++) tot += w->sum[a0 + a];
      out->w[a0] = 0;
      for (int a = first; a < k; a++)
        out->w[a0 + a] = tot > 0 ? (float)(w->sum[a0 + a] / tot) : 1.0f / (float)(k - first);
    }
  }
}

/* Follows a pure plan through the graph: the action index taken at each
   node on the path (nodes[i], acts[i]); returns the path length or -1 if
   the plan leaves the graph. */
static int plan__trace(const plan_graph *g, const plan_pure *p, int *nodes, int *acts) {
  int n = 0, len = 0;
  for (int t = 0;; t++) {
    nodes[len] = n;
    if (t >= 1 && p->attack == t) {
      acts[len++] = 0;
      return len;
    }
    if (t == g->T - 1) {
      acts[len++] = 1;
      return len;
    }
    int x = (t + 1 <= p->len) ? p->x[t] : 0;
    int e0 = g->efirst[n], e1 = g->efirst[n + 1], found = -1;
    for (int e = e0; e < e1; e++)
      if (g->P[g->child[e]] - g->P[n] == x) { found = e; break; }
    if (found < 0) return -1;
    acts[len++] = 1 + found - e0;
    n = g->child[found];
  }
}

BOT_API double plan_strat_from_plans(const plan_graph *g, plan_strat *s, const plan_pure *plans, const double *weight,
                                     int n, plan_work *w) {
  int na = plan_nactions(g);
  for (int i = 0; i < na; i++) w->sum[i] = 0;
  double used = 0;
  int nodes[PLAN_TMAX + 1], acts[PLAN_TMAX + 1];
  for (int i = 0; i < n; i++) {
    int len = plan__trace(g, &plans[i], nodes, acts);
    if (len < 0 || !(weight[i] > 0)) continue;
    used += weight[i];
    for (int j = 0; j < len; j++) w->sum[plan_act(g, nodes[j]) + acts[j]] += (float)weight[i];
  }
  for (int t = 0; t <= g->T - 1; t++) {
    for (int m = g->layer[t]; m < g->layer[t + 1]; m++) {
      int a0 = plan_act(g, m);
      int k = 1 + (t == g->T - 1 ? 1 : g->efirst[m + 1] - g->efirst[m]);
      double tot = 0;
      for (int a = 0; a < k; a++) tot += w->sum[a0 + a];
      for (int a = 0; a < k; a++) s->w[a0 + a] = tot > 0 ? (float)(w->sum[a0 + a] / tot) : (a == 1 ? 1.0f : 0.0f);
    }
  }
  return used;
}

BOT_API void plan_sample(const plan_graph *g, const plan_strat *s, double (*u)(void *), void *ctx, plan_pure *out) {
  int n = 0;
  out->attack = 0;
  out->len = 0;
  for (int t = 0;; t++) {
    int a0 = plan_act(g, n);
    int k = 1 + (t == g->T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
    double r = u(ctx), acc = 0;
    int pick = k - 1;
    for (int a = (t >= 1 ? 0 : 1); a < k; a++) {
      acc += s->w[a0 + a];
      if (r < acc) { pick = a; break; }
    }
    if (pick == 0 && t >= 1) {
      out->attack = t;
      return;
    }
    if (t == g->T - 1) {
      out->x[out->len++] = 0;
      return;
    }
    if (pick < 1) pick = 1;
    int c = g->child[g->efirst[n] + pick - 1];
    out->x[out->len++] = (int)(g->P[c] - g->P[n]);
    n = c;
  }
}

BOT_API int plan_decompose(const plan_graph *g, const plan_strat *s, plan_pure *plans, double *weight, int cap,
                           double min_weight, plan_work *w) {
  int T = g->T, count = 0;
  float *flow = w->regret;
  /* flows: own reach times action probability */
  for (int n = 0; n < g->nnodes; n++) w->reach[n] = 0;
  w->reach[0] = 1;
  for (int t = 0; t <= T - 1; t++)
    for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
      int a0 = plan_act(g, n);
      int k = 1 + (t == T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
      for (int a = 0; a < k; a++) {
        flow[a0 + a] = (float)(w->reach[n] * (a == 0 && t == 0 ? 0 : s->w[a0 + a]));
        if (a >= 1 && t < T - 1) w->reach[g->child[g->efirst[n] + a - 1]] += flow[a0 + a];
      }
    }
  while (count < cap) {
    /* widest path: val = bottleneck from the node to a terminal action */
    for (int t = T - 1; t >= 0; t--)
      for (int n = g->layer[t]; n < g->layer[t + 1]; n++) {
        int a0 = plan_act(g, n);
        int k = 1 + (t == T - 1 ? 1 : g->efirst[n + 1] - g->efirst[n]);
        double bw = 0;
        int ba = -1;
        for (int a = 0; a < k; a++) {
          double f = flow[a0 + a];
          if (!(f > 0)) continue;
          if (a >= 1 && t < T - 1) {
            double c = w->val[g->child[g->efirst[n] + a - 1]];
            if (c < f) f = c;
          }
          if (f > bw) { bw = f; ba = a; }
        }
        w->val[n] = bw;
        w->best[n] = ba;
      }
    double b = w->val[0];
    if (!(b >= min_weight) || w->best[0] < 0) break;
    plan_pure *p = &plans[count];
    p->attack = 0;
    p->len = 0;
    int n = 0;
    for (int t = 0;; t++) {
      int a = w->best[n], a0 = plan_act(g, n);
      flow[a0 + a] -= (float)b;
      if (a == 0) { p->attack = t; break; }
      if (t == T - 1) { p->x[p->len++] = 0; break; }
      int c = g->child[g->efirst[n] + a - 1];
      p->x[p->len++] = (int)(g->P[c] - g->P[n]);
      n = c;
    }
    weight[count++] = b;
  }
  return count;
}
