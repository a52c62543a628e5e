/*
** strategy.c -- GameOfDrones player (see strategy.h): equilibrium sampling,
** opponent scenarios from round ends, reactive hypotheses, best response.
** Freestanding: no libc; all state inside strategy_t.
*/
#include "strategy.h"
#include "eqtable.h"

#define STRATEGY_DECAY 0.8      /* recency weight of hypothesis scores */
#define STRATEGY_TDEFAULT 10    /* turns assumed when never told */
#define STRATEGY_OPTIMISM 0.2   /* initial mean outcome credited to BR rounds */
#define STRATEGY_PERF_DECAY 0.99
#define STRATEGY_MARGIN 0.05    /* BR must beat the equilibrium rounds by this */
#define STRATEGY__LONG (EQTABLE_TMAX - STRATEGY_SHORT + 1) /* first slot for T > EQTABLE_TMAX */

/* at least one slot for rounds longer than the tables */
typedef char strategy__slots_check[STRATEGY_SLOTS > STRATEGY__LONG ? 1 : -1];

static uint64_t strategy__next(strategy_t *s) {
  uint64_t x = s->rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  s->rng = x;
  return x * 0x2545F4914F6CDD1Dull;
}

BOT_API double strategy_uniform(void *ctx) {
  return (double)(strategy__next((strategy_t *)ctx) >> 11) * (1.0 / 9007199254740992.0);
}

static void strategy__seed(strategy_t *s, uint64_t seed) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  s->rng = z ? z : 0x1234567u;
  s->seeded = 1;
}

/* One pseudo-round per mode: BR modes start slightly optimistic. */
static void strategy__perf_reset(strategy_t *s) {
  for (int k = 0; k < 3; k++) {
    s->perf_num[k] = k == 0 ? 0 : STRATEGY_OPTIMISM - 0.01 * (k - 1);
    s->perf_den[k] = 1;
    s->perf[k] = s->perf_num[k];
  }
  s->mode = 0;
}

BOT_API void strategy_init(strategy_t *s, uint32_t seed) {
  strategy__seed(s, seed);
  s->T = STRATEGY_TDEFAULT;
  s->turn = 0;
  s->slot_cur = 0;
  s->clock = 0;
  for (int k = 0; k < STRATEGY_SLOTS; k++) {
    s->slot[k].T = 0;
    s->slot[k].from_table = 0;
    s->slot[k].expl = -1;
  }
  s->cur.attack = 0;
  s->cur.len = 0;
  s->cur_is_eq = 1;
  s->nhist = s->hist_pos = 0;
  for (int h = 0; h < STRATEGY_HYP; h++) {
    s->hyp_score[h] = 0;
    s->hyp_pred[h] = -1;
  }
  s->hyp_norm = 0;
  s->rounds_seen = s->wins = s->losses = s->draws = 0;
  s->unusable = 0;
  s->last_br_value = 0;
  s->planned = 0;
  strategy__perf_reset(s);
}

BOT_API void strategy_match_start(strategy_t *s, double rounds, double seed) {
  (void)rounds;
  if (seed == seed && seed >= 0 && seed < 1.8e19) strategy__seed(s, (uint64_t)seed);
  s->nhist = s->hist_pos = 0;
  for (int h = 0; h < STRATEGY_HYP; h++) s->hyp_score[h] = 0;
  s->hyp_norm = 0;
  s->rounds_seen = s->wins = s->losses = s->draws = 0;
  s->unusable = 0;
  s->turn = 0;
  s->planned = 0;
  strategy__perf_reset(s);
}

static double strategy__floor(double x) {
  if (!(x >= 0)) return 0;
  if (x >= 9.0e18) return x;
  return (double)(uint64_t)x;
}

/* 2^k for k >= 0 (1 for k < 0); k is capped at 1024, where the double is
   already infinite, so the loop is bounded (gcc -O2 proved the unbounded
   one overflowed its counter). */
static double strategy__pow2(int k) {
  double v = 1;
  if (k > 1024) k = 1024;
  for (int i = 0; i < k; i++) v *= 2;
  return v;
}

BOT_API void strategy_profile(int tau, double p, double s, double *out) {
  if (tau < 1) return;
  double deficit = strategy__pow2(tau) - (p + s);
  if (!(deficit >= 0)) deficit = 0;
  for (int t = 1; t < tau; t++) {
    double ub = strategy__floor(deficit / (strategy__pow2(tau - t) - 1));
    double mx = strategy__pow2(t - 1);
    if (ub > mx) ub = mx;
    if (ub > s) ub = s;
    out[t - 1] = ub >= 0 ? ub : 0;
  }
  out[tau - 1] = s >= 0 ? s : 0;
}

/* Caches the distribution slot sl's equilibrium induces as an opponent. */
static void strategy__cache_eq(strategy_t *s, strategy_slot *sl) {
  plan_dist *d = &s->d;
  plan_dist_begin(d, sl->g.T);
  plan_dist_add_strat(d, &sl->g, &sl->eq, 1.0, &s->w);
  plan_dist_finish(d);
  sl->eqd_n = 0;
  for (int k = 0; k < 2; k++)
    for (int t = 1; t <= sl->g.T; t++)
      for (int i = d->first[k][t]; i < d->first[k][t + 1] && sl->eqd_n < PLAN_DIST_CAP; i++) {
        sl->eqd_k[sl->eqd_n] = k;
        sl->eqd_t[sl->eqd_n] = t;
        sl->eqd_s[sl->eqd_n] = d->s[i];
        sl->eqd_m[sl->eqd_n] = d->m[i];
        sl->eqd_n++;
      }
}

/* Builds slot sl for T: graph, equilibrium, its distribution. */
static void strategy__build(strategy_t *s, strategy_slot *sl, int T) {
  plan_build(&sl->g, T);
  sl->T = T;
  sl->from_table = 0;
  sl->expl = -1;
  /* 1. the shipped table of T; rounds longer than the tables get the
        longest table's plans (same attacks and armies; a plan that never
        attacks keeps making soldiers to the end): a table load costs a
        few ms, CFR+ at start-up 100-500 ms */
  int tt = T < EQTABLE_TMAX ? T : EQTABLE_TMAX;
  int n = eqtable_count(tt);
  if (n > STRATEGY_TABLE) n = STRATEGY_TABLE;
  for (int i = 0; i < n; i++) eqtable_get(tt, i, &s->tplans[i], &s->tweight[i]);
  if (n > 0 && plan_strat_from_plans(&sl->g, &sl->eq, s->tplans, s->tweight, n, &s->w) > 0.5) {
    sl->from_table = tt == T;
    if (tt == T) sl->expl = eqtable_exploitability(T);
    strategy__cache_eq(s, sl);
    return;
  }
  /* 2. no usable table (not expected): a few CFR+ iterations, bounded to
        about 2 M action updates */
  int na = plan_nactions(&sl->g);
  int iters = 2000000 / (na > 0 ? na : 1);
  if (iters > 300) iters = 300;
  if (iters < 1) iters = 1;
  int counter = 0;
  plan_cfr_init(&sl->g, &sl->eq, &s->w);
  plan_cfr_iterate(&sl->g, &sl->eq, &s->d, &s->w, iters, &counter);
  plan_cfr_average(&sl->g, &s->w, &sl->eq);
  strategy__cache_eq(s, sl);
}

BOT_API void strategy_prepare(strategy_t *s, int T) {
  if (T < 1) T = 1;
  if (T > PLAN_TMAX) T = PLAN_TMAX;
  if (s->slot[s->slot_cur].T == T) return;
  /* 1. a slot already holds T: switch to it */
  int k = -1;
  for (int i = 0; i < STRATEGY_SLOTS && k < 0; i++)
    if (s->slot[i].T == T) k = i;
  /* 2. else rebuild: slot 0 for short rounds, one slot of its own for
        each longer length with a table (no longer rounds evict them),
        else an empty or the least recently used one of the rest */
  if (k < 0) {
    k = 0;
    if (T > STRATEGY_SHORT && T <= EQTABLE_TMAX) k = T - STRATEGY_SHORT;
    if (T > EQTABLE_TMAX) {
      k = STRATEGY__LONG;
      for (int i = k + 1; i < STRATEGY_SLOTS; i++)
        if (s->slot[k].T != 0 && (s->slot[i].T == 0 || s->slot[i].used < s->slot[k].used)) k = i;
    }
    strategy__build(s, &s->slot[k], T);
  }
  strategy_slot *sl = &s->slot[k];
  sl->used = ++s->clock;
  s->slot_cur = k;
}

/* Adds a past round of the opponent, seen for a round of T turns, to d
   with mass m: exact attack turn and army at its end, deficit bounds on
   earlier turns. A censored round (we attacked first on tau < T) says
   nothing about later turns: its mass is spread evenly over "attacks on
   a = tau+1 .. T-1 with the largest army it could have (producers until
   a-1, all soldiers on a)" and "never attacks, largest final army". */
static void strategy__add_round(plan_dist *d, const strategy_round *r, int T, double m) {
  int tau = r->tau < 1 ? 1 : r->tau;
  if (tau > PLAN_TMAX) tau = PLAN_TMAX;
  double prof[PLAN_TMAX];
  strategy_profile(tau, r->their_p, r->their_s, prof);
  if (tau >= T || r->their_attack) {
    int end = tau < T ? tau : T;
    int att = r->their_attack && tau <= T ? tau : 0;
    for (int t = 1; t <= T; t++) {
      double v = prof[(t <= end ? t : end) - 1];
      plan_dist_add(d, t, t == att, v, m);
      if (t == att) break;
    }
    return;
  }
  for (int t = 1; t <= tau; t++) plan_dist_add(d, t, 0, prof[t - 1], m);
  double mc = m / (T - tau), P0 = r->their_p, S0 = r->their_s;
  for (int a = tau + 1; a <= T - 1; a++) {
    double army = S0 + P0 * strategy__pow2(a - tau - 1);
    for (int t = tau + 1; t <= a; t++) plan_dist_add(d, t, t == a, t < a ? S0 : army, mc);
  }
  double P = P0, S = S0;
  for (int t = tau + 1; t <= T; t++) {
    if (t <= T - 2) P *= 2;
    else S += P;
    plan_dist_add(d, t, 0, S, mc);
  }
}

/* Shifts the soldiers profile of a round where they attacked on turn a0 so
   the attack falls on turn a; capped by the most a player can have. */
static void strategy__shift(const strategy_round *r, int a, double *out) {
  int a0 = r->tau;
  double prof[PLAN_TMAX];
  strategy_profile(a0, r->their_p, r->their_s, prof);
  for (int t = 1; t <= a; t++) {
    int src = t + (a0 - a);
    double v = src >= 1 ? prof[(src <= a0 ? src : a0) - 1] : 0;
    double mx = strategy__pow2(t - 1);
    out[t - 1] = v < mx ? v : mx;
  }
}

static const strategy_round *strategy__hist(const strategy_t *s, int age) {
  int i = s->hist_pos - 1 - age;
  while (i < 0) i += STRATEGY_HIST;
  return &s->hist[i % STRATEGY_HIST];
}

/* Predictions of their attack turn this round (-1: no opinion, 0 never). */
static void strategy__predict(strategy_t *s) {
  for (int h = 0; h < STRATEGY_HYP; h++) s->hyp_pred[h] = -1;
  if (s->nhist == 0) return;
  const strategy_round *last = strategy__hist(s, 0);
  int T = s->T;
  if (last->their_attack) s->hyp_pred[0] = last->tau;
  else if (last->tau >= last->T) s->hyp_pred[0] = 0;
  if (last->our_attack > 0) {
    s->hyp_pred[1] = last->our_attack;
    s->hyp_pred[2] = last->our_attack > 1 ? last->our_attack - 1 : 1;
  }
  if (last->their_attack) s->hyp_pred[3] = last->tau > 1 ? last->tau - 1 : 1;
  for (int h = 0; h < STRATEGY_HYP_DEFEND; h++)
    if (s->hyp_pred[h] >= T) s->hyp_pred[h] = 0;
  for (int age = 0; age < s->nhist && age < STRATEGY_HIST; age++) /* our latest attack */
    if (strategy__hist(s, age)->our_attack > 0) {
      s->hyp_pred[STRATEGY_HYP_DEFEND] = strategy__hist(s, age)->our_attack;
      break;
    }
}

/* Soldiers on turn t of "producers until turn a-1, then all soldiers". */
static double strategy__defence(int a, int t) {
  return t < a ? 0 : strategy__pow2(a - 1) * (t - a + 1);
}

static int strategy__hit(int h, int pred, const strategy_round *r) {
  if (pred < 0) return 0;
  if (h == STRATEGY_HYP_DEFEND) {
    double d = r->their_s - strategy__defence(pred, r->tau);
    return !r->their_attack && d < 0.5 && d > -0.5;
  }
  if (r->their_attack) return pred == r->tau;
  return pred == 0 || pred > r->tau;
}

static void strategy__choose(strategy_t *s) {
  int T = s->T > PLAN_TMAX ? PLAN_TMAX : s->T;
  strategy_prepare(s, T);
  const strategy_slot *sl = &s->slot[s->slot_cur];
  strategy__predict(s);
  s->planned = 1;
  static const double decay[3] = {0, 0.8, 0.98};
  static const int scen[3] = {0, 24, 120};
  int cand = s->perf[1] >= s->perf[2] ? 1 : 2;
  /* the equilibrium is worth >= 0 (minus its exploitability) against any
     opponent whatever its record says: a best response must beat that */
  double eqv = s->perf[0] > 0 ? s->perf[0] : 0;
  int mode = s->perf[cand] > eqv + STRATEGY_MARGIN ? cand : 0;
  /* try the other modes now and then; less often while this one wins */
  double explore = STRATEGY_EXPLORE * 2 * (1 - s->perf[mode]);
  if (explore > STRATEGY_EXPLORE) explore = STRATEGY_EXPLORE;
  if (explore < STRATEGY_EXPLORE / 10) explore = STRATEGY_EXPLORE / 10;
  if (strategy_uniform(s) < explore) mode = (mode + 1 + (strategy_uniform(s) < 0.5)) % 3;
  if (s->nhist == 0) mode = 0;
  s->mode = mode;
  s->cur_is_eq = mode == 0;
  if (mode == 0) {
    plan_sample(&sl->g, &sl->eq, strategy_uniform, s, &s->cur);
    return;
  }
  double we = 0.05 + 0.5 / (1.0 + s->nhist);
  plan_dist *d = &s->d;
  plan_dist_begin(d, T);
  /* hypothesis weights: the stationary model always keeps a share */
  double rate[STRATEGY_HYP], wh[STRATEGY_HYP], wstat, tot;
  for (int h = 0; h < STRATEGY_HYP; h++) rate[h] = s->hyp_norm > 0 ? s->hyp_score[h] / s->hyp_norm : 0;
  wstat = 0.3 + rate[0];
  tot = wstat;
  const strategy_round *att = 0; /* most recent round where they attacked */
  for (int age = 0; age < s->nhist && age < STRATEGY_HIST; age++)
    if (strategy__hist(s, age)->their_attack) {
      att = strategy__hist(s, age);
      break;
    }
  for (int h = 1; h < STRATEGY_HYP; h++) {
    wh[h] = 0;
    if (s->hyp_pred[h] >= 1 && rate[h] >= 0.5 && rate[h] > rate[0]) wh[h] = 3 * rate[h] * rate[h];
    tot += wh[h];
  }
  double scale = (1 - we) / tot;
  double path[PLAN_TMAX];
  /* stationary: recency-weighted scenarios */
  int k = s->nhist < scen[mode] ? s->nhist : scen[mode];
  double wsum = 0, wa = 1;
  for (int age = 0; age < k; age++, wa *= decay[mode]) wsum += wa;
  wa = 1;
  for (int age = 0; age < k; age++, wa *= decay[mode]) {
    strategy__add_round(d, strategy__hist(s, age), T, wstat * scale * wa / wsum);
  }
  /* reactive hypotheses */
  for (int h = 1; h < STRATEGY_HYP; h++) {
    if (wh[h] <= 0) continue;
    int a = s->hyp_pred[h];
    if (h == STRATEGY_HYP_DEFEND) {
      for (int t = 1; t <= T; t++) path[t - 1] = strategy__defence(a, t);
      plan_dist_add_path(d, path, T, 0, wh[h] * scale);
      continue;
    }
    if (att) strategy__shift(att, a, path);
    else {
      for (int t = 1; t < a; t++) path[t - 1] = 0;
      path[a - 1] = strategy__pow2(a - 1);
    }
    plan_dist_add_path(d, path, a, a, wh[h] * scale);
  }
  /* the equilibrium prior last: in long rounds its distribution can fill
     the whole plan_dist, and what does not fit is dropped; the opponent's
     own rounds above must never be what is lost (the zerg bug at T=63) */
  for (int i = 0; i < sl->eqd_n; i++) plan_dist_add(d, sl->eqd_t[i], sl->eqd_k[i], sl->eqd_s[i], we * sl->eqd_m[i]);
  plan_dist_finish(d);
  s->last_br_value = plan_best_response(&sl->g, d, &s->w);
  plan_best_plan(&sl->g, &s->w, &s->cur);
}

BOT_API void strategy_round_start(strategy_t *s, double turns, double bonus) {
  (void)bonus; /* the engine uses 1 whatever is reported */
  int T = STRATEGY_TDEFAULT;
  if (turns == turns && turns >= 1) T = turns > 100000 ? 100000 : (int)turns;
  s->T = T;
  s->turn = 0;
  s->planned = 0;
  /* the round length's slot now, so a rebuild (a length not met before)
     and the first turn's best response fall in two hook calls */
  strategy_prepare(s, T > PLAN_TMAX ? PLAN_TMAX : T);
}

BOT_API void strategy_turn(strategy_t *s, double producers, double soldiers, double *np, double *ns, int *attack) {
  if (!(producers >= 0) || producers > 1e300) producers = 0;
  /* a new round without onRoundStart: the start state or a finished round */
  if (s->turn >= s->T || (s->turn > 0 && producers == 1 && soldiers == 0)) {
    s->turn = 0;
    s->planned = 0;
  }
  if (!s->planned) strategy__choose(s);
  int t = ++s->turn;
  double x = (t <= s->cur.len) ? s->cur.x[t - 1] : 0;
  if (x > producers) x = producers;
  if (!(x >= 0)) x = 0;
  *np = x;
  *ns = producers - x;
  *attack = (s->cur.attack == t && t < s->T) ? 1 : 0;
}

BOT_API void strategy_round_end(strategy_t *s, int outcome, double turns_played, double you_p, double you_s,
                                int you_attacked, double them_p, double them_s, int them_attacked) {
  (void)you_p;
  (void)you_s;
  int tau = s->turn;
  if (turns_played == turns_played && turns_played >= 1) tau = turns_played > PLAN_TMAX ? PLAN_TMAX : (int)turns_played;
  if (tau < 1) tau = 1;
  /* An end state no player can reach (P >= 1, S >= 0, P + S <= 2^tau;
     fractions are legal) comes from an opponent whose numeric strings the
     engine concatenated, or from a broken caller: such a round says nothing
     a plan could use, so it stays out of the history and the hypothesis
     scores (its outcome still counts for the mode that played it). */
  int feasible = them_p == them_p && them_s == them_s && them_p >= 1 && them_s >= 0 &&
                 them_p + them_s <= strategy__pow2(tau) * (1 + 1e-9);
  if (feasible) {
    strategy_round *r = &s->hist[s->hist_pos];
    r->T = s->T > PLAN_TMAX ? PLAN_TMAX : s->T;
    r->tau = tau;
    r->their_attack = them_attacked ? 1 : 0;
    r->our_attack = you_attacked ? tau : 0;
    r->their_p = them_p;
    r->their_s = them_s;
    r->outcome = outcome;
    s->hist_pos = (s->hist_pos + 1) % STRATEGY_HIST;
    if (s->nhist < STRATEGY_HIST) s->nhist++;
    if (s->planned) {
      for (int h = 0; h < STRATEGY_HYP; h++) s->hyp_score[h] = STRATEGY_DECAY * s->hyp_score[h] + strategy__hit(h, s->hyp_pred[h], r);
      s->hyp_norm = STRATEGY_DECAY * s->hyp_norm + 1;
    }
  } else {
    s->unusable++;
  }
  if (s->planned && s->nhist > 1) {
    int k = s->mode;
    s->perf_num[k] = STRATEGY_PERF_DECAY * s->perf_num[k] + outcome;
    s->perf_den[k] = STRATEGY_PERF_DECAY * s->perf_den[k] + 1;
    s->perf[k] = s->perf_num[k] / s->perf_den[k];
  }
  s->rounds_seen++;
  if (outcome > 0) s->wins++;
  else if (outcome < 0) s->losses++;
  else s->draws++;
  s->turn = 0;
  s->planned = 0;
}

#undef STRATEGY_DECAY
#undef STRATEGY_TDEFAULT
#undef STRATEGY_OPTIMISM
#undef STRATEGY_PERF_DECAY
#undef STRATEGY_MARGIN
#undef STRATEGY__LONG
