/*
** ai.c -- Green Circle search and evaluation (see ai.h for the method).
**
** Evaluation (player 0's view, at the end of its turn):
**   race:     applications released, mine minus the opponent's, and the
**             end of the game when one side has five (debt tie-break);
**   deck:     for every remaining application, the skills still missing
**             after an average next hand drawn from the deck plus the
**             automated cards; the two closest applications count; the
**             fifth must be clean, so missing skills weigh more at four;
**   debt:     every DEBT card in the deck (it dilutes draws and decides ties);
**   the next hand actually drawn (release cost it allows), permanents, and
**   the opponent's closest application (releasing what they aim at hurts).
** Invariants: pure functions of the position; the search copies positions
** and never mutates the caller's.
*/
#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deadline.h"

#ifdef BOT_TUNING
BOT_API void ai_tune_apply(const ai_tunable *tab, int n, int quiet, int *loaded) {
  if (*loaded) return;
  *loaded = 1;
  /* S_, C_ and R_ names belong to search.c's, clean.c's and race.c's
     tables (each reads its own) */
  tune_apply("greencircle", getenv("BOT_TUNE"), tab, n, "S_ C_ R_", quiet);
}
#endif

/* Tunables: the evaluation weights, one table of name, value and the range
   that ./tune.py explores. The dist build compiles them as constants; a
   tuning build (-DBOT_TUNING: build/greencircle-tune) makes them variables
   that the environment's BOT_TUNE="NAME=VALUE ..." sets at the first
   decision (an unknown name or a bad value: a message on stderr, the rest
   still applies). */
#define AI_TUNABLES(X)             \
  X(W_SCORE, 20.0, 5.0, 60.0)      \
  X(W_M1, 3.0, 0.5, 10.0)          \
  X(W_M2, 1.0, 0.0, 4.0)           \
  X(W_M1_LAST, 6.0, 1.0, 20.0)     \
  X(W_DEBT, 0.8, 0.0, 4.0)         \
  X(W_NEXT, 1.0, 0.0, 4.0)         \
  X(W_OPP, 1.5, 0.0, 6.0)          \
  X(W_DR, 1.0, 0.0, 4.0)           \
  X(W_AS, 2.0, 0.0, 6.0)           \
  X(W_AUTO, 1.0, 0.0, 4.0)

#define AI_TUNABLE_DEF(name, value, lo, hi) static AI_TUNABLE_CONST double AI_##name = value;
AI_TUNABLES(AI_TUNABLE_DEF)
#undef AI_TUNABLE_DEF

#ifdef BOT_TUNING
#define AI_TUNABLE_REF(name, value, lo, hi) {#name, &AI_##name},
static const ai_tunable ai__tunables[] = {AI_TUNABLES(AI_TUNABLE_REF)};
#undef AI_TUNABLE_REF
static void ai__tune_load(void) {
  static int loaded;
  ai_tune_apply(ai__tunables, (int)(sizeof ai__tunables / sizeof ai__tunables[0]), 0, &loaded);
}
#else
static void ai__tune_load(void) {}
#endif

BOT_API void ai_tune_load(void) { ai__tune_load(); }

#define AI_MAX_SAMPLES 4000

#ifndef AI_BRANCH
#define AI_BRANCH 3
#endif
#ifndef AI_MAX_DEPTH
#define AI_MAX_DEPTH 12
#endif

typedef struct ai__deck {
  int cnt[RULES_NTYPES];  /* hand + draw + discard + played */
  int aut[RULES_NTYPES];  /* automated */
  int n;
} ai__deck;

static void ai__deck_of(const rules_player *P, ai__deck *d) {
  memset(d, 0, sizeof *d);
  const rules_pile *ps[4] = {&P->hand, &P->draw, &P->discard, &P->played};
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < ps[j]->n; i++) d->cnt[ps[j]->c[i]]++;
  for (int k = 0; k < RULES_NTYPES; k++) d->n += d->cnt[k];
  for (int i = 0; i < P->automated.n; i++) d->aut[P->automated.c[i]]++;
}

/* Expected missing skills of the two closest applications. */
static void ai__readiness(const rules_game *g, const rules_player *P, const ai__deck *d, double *m1, double *m2) {
  double h = 5.0 + P->nas;
  double f = d->n > 0 ? (h < d->n ? h : d->n) / d->n : 0.0;
  double good[RULES_NSKILL];
  for (int k = 0; k < RULES_NSKILL; k++) good[k] = 2.0 * d->aut[k] + 2.0 * f * d->cnt[k];
  double wild = d->aut[RULES_BONUS] + f * d->cnt[RULES_BONUS];
  *m1 = *m2 = 16.0;
  for (int i = 0; i < g->napps; i++) {
    int need[RULES_NSKILL];
    rules_app_need(g->apps[i], need);
    double m = -wild;
    for (int k = 0; k < RULES_NSKILL; k++)
      if (need[k] > good[k]) m += need[k] - good[k];
    if (m < *m1) {
      *m2 = *m1;
      *m1 = m;
    } else if (m < *m2) {
      *m2 = m;
    }
  }
}

BOT_API void ai_readiness(const rules_game *g, int p, double *m1, double *m2) {
  ai__deck d;
  ai__deck_of(&g->p[p], &d);
  ai__readiness(g, &g->p[p], &d, m1, m2);
}

/* Lowest release cost with the current hand (RULES_NO_RELEASE if none). */
static int ai__best_cost(const rules_game *g, int p) {
  int good[RULES_NSKILL], wild, skills;
  rules_skills_held(&g->p[p], good, &wild, &skills);
  return rules_best_cost(g, g->p[p].score, good, wild, skills);
}

static double ai__final(const rules_game *g) {
  int d0 = rules_debt_count(g, 0), d1 = rules_debt_count(g, 1);
  int s0 = g->p[0].score, s1 = g->p[1].score;
  if (s0 != s1) return s0 > s1 ? 10000.0 + 10.0 * (s0 - s1) : -10000.0 + 10.0 * (s0 - s1);
  if (d0 != d1) return d0 < d1 ? 5000.0 + (d1 - d0) : -5000.0 + (d1 - d0);
  return 0.0;
}

BOT_API double ai_eval(const rules_game *g) {
  const rules_player *M = &g->p[0], *O = &g->p[1];
  if (g->over || O->score >= RULES_WIN_APPS) return ai__final(g);
  double v = AI_W_SCORE * (M->score - O->score);
  if (M->score >= RULES_WIN_APPS) v += 2000.0;
  ai__deck dm, dop;
  ai__deck_of(M, &dm);
  ai__deck_of(O, &dop);
  double m1, m2, o1, o2;
  ai__readiness(g, M, &dm, &m1, &m2);
  ai__readiness(g, O, &dop, &o1, &o2);
  if (M->score < RULES_WIN_APPS) {
    if (m1 < 0) m1 = 0;
    if (m2 < 0) m2 = 0;
    v -= (M->score >= RULES_WIN_APPS - 1 ? AI_W_M1_LAST : AI_W_M1) * m1 + AI_W_M2 * m2;
  }
  if (o1 < 0) o1 = 0;
  v += AI_W_OPP * (o1 > 12 ? 12 : o1);
  v -= AI_W_DEBT * dm.cnt[RULES_DEBT];
  v += AI_W_DR * M->ndr + AI_W_AS * M->nas;
  int na = 0;
  for (int k = 0; k < RULES_NTYPES; k++) na += dm.aut[k];
  v += AI_W_AUTO * na;
  if (g->active != 0) {
    int c = ai__best_cost(g, 0);
    v -= AI_W_NEXT * (c > 8 ? 8 : c);
  }
  return v;
}

/* ---- move ordering ----------------------------------------------------- */

BOT_API double ai_prio(const rules_game *g, const rules_action *a) {
  const rules_player *M = &g->p[0];
  switch (a->kind) {
  case RULES_A_WAIT: return 0.0;
  case RULES_A_RELEASE: return 10.0 - rules_release_cost(g, 0, a->x);
  case RULES_A_GIVE:
  case RULES_A_THROW:
    return a->x == RULES_BONUS ? -3.0 : a->x == RULES_CI ? -2.0 : -1.0;
  case RULES_A_PLAY:
    switch (a->card) {
    case RULES_CI: return a->x == RULES_BONUS ? 9.0 : 6.0;
    case RULES_TR: return 8.0;
    case RULES_CO: return 7.5;
    case RULES_RF: return rules_release_cost(g, 0, g->apps[0]) >= 0 ? 3.0 : 5.0;
    case RULES_CR: return 5.5;
    case RULES_AS: return M->score <= 2 ? 5.0 : 1.0;
    case RULES_DR: return M->score <= 2 ? 4.0 : 1.0;
    case RULES_TP: return a->y == RULES_BONUS ? 3.0 : 2.0;
    default: return 1.0;
    }
  default: return 0.0;
  }
}

/* ---- search ------------------------------------------------------------ */

BOT_API int ai_top(rules_action *keep, double *pr, int nk, int limit) {
  for (int i = 0; i < nk && i < limit; i++) {
    int b = i;
    for (int j = i + 1; j < nk; j++)
      if (pr[j] > pr[b]) b = j;
    rules_action ta = keep[i];
    keep[i] = keep[b];
    keep[b] = ta;
    double tp = pr[i];
    pr[i] = pr[b];
    pr[b] = tp;
  }
  return nk < limit ? nk : limit;
}

BOT_API double ai_expand(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth, rules_action *keep, double *pr,
                         int nk, int limit, ai_dfs_fn dfs) {
  nk = ai_top(keep, pr, nk, limit);
  double best = -1e18;
  for (int i = 0; i < nk; i++) {
    rules_game g2 = *g;
    rules_rng r2 = *r;
    rules_apply(&g2, &r2, &keep[i]);
    c->nodes++;
    double v = dfs(c, &g2, &r2, depth + 1);
    if (v > best) best = v;
    if (c->stop) break;
  }
  return best;
}

/* Value of the best continuation of player 0's turn from g (ai.h). */
BOT_API double ai_dfs(ai_ctx *c, const rules_game *g, const rules_rng *r, int depth) {
  if ((++c->calls & 7) == 0 && deadline_passed(&c->dl)) c->stop = 1;
  if (c->stop) return 0.0;
  if (g->over || g->active != 0 || depth >= AI_MAX_DEPTH) {
    c->evals++;
    return c->eval(g);
  }
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g, opts, RULES_MAX_OPTS);
  /* keep the AI_BRANCH best by priority (RANDOM excluded); releases all kept */
  rules_action keep[RULES_MAX_OPTS];
  double pr[RULES_MAX_OPTS];
  int nk = 0;
  for (int i = 0; i < n; i++) {
    if (opts[i].kind == RULES_A_RANDOM) continue;
    keep[nk] = opts[i];
    pr[nk] = ai_prio(g, &opts[i]);
    nk++;
  }
  if (nk == 0) {
    c->evals++;
    return c->eval(g);
  }
  int limit = g->phase == RULES_PH_RELEASE ? nk : AI_BRANCH;
  return ai_expand(c, g, r, depth, keep, pr, nk, limit, ai_dfs);
}

static long ai__sample_limit; /* ai_set_sample_limit's; 0: none */

BOT_API void ai_set_sample_limit(long samples) { ai__sample_limit = samples > 0 ? samples : 0; }

BOT_API double ai_sample_budget(long *max_samples, double budget_ms) {
  if (ai__sample_limit <= 0) return budget_ms;
  if (*max_samples > ai__sample_limit) *max_samples = ai__sample_limit;
  return 1e12; /* never reached: the samples decide */
}

BOT_API rules_action ai_run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                            int resample, long max_samples, ai_dfs_fn dfs, ai_eval_fn eval, ai_stats *st) {
  static double sum[RULES_MAX_OPTS], vals[RULES_MAX_OPTS];
  static rules_action root[RULES_MAX_OPTS];
  ai_ctx c;
  ai_tune_load();
  memset(&c, 0, sizeof c);
  c.eval = eval ? eval : ai_eval;
  budget_ms = ai_sample_budget(&max_samples, budget_ms);
  deadline_start(&c.dl, budget_ms);
  /* step 1: root options, without RANDOM and exact duplicates (MOVE lists
     repeat with DR >= 4) */
  int nr = 0;
  for (int i = 0; i < n && nr < RULES_MAX_OPTS; i++) {
    if (opts[i].kind == RULES_A_RANDOM) continue;
    int dup = 0;
    for (int j = 0; j < nr && !dup; j++) dup = memcmp(&root[j], &opts[i], sizeof opts[i]) == 0;
    if (!dup) root[nr++] = opts[i];
  }
  rules_action pick;
  memset(&pick, 0, sizeof pick);
  pick.kind = RULES_A_RANDOM;
  if (st) {
    memset(st, 0, sizeof *st);
    st->options = nr;
  }
  if (nr == 0) return pick;
  pick = root[0];
  if (nr == 1) return pick;
  for (int i = 0; i < nr; i++) sum[i] = 0.0;
  rules_rng rs;
  rules_rng_fast(&rs, seed);
  long samples = 0;
  while (!c.stop && samples < max_samples) {
    /* step 2: one determinization, one generator seed for all options */
    rules_game gs = *g0;
    if (resample) proto_sample_hidden(&gs, &rs);
    rules_rng rsample;
    rules_rng_fast(&rsample, rng_next(&rs.x));
    /* step 3-4: every root option, then the rest of the turn */
    for (int i = 0; i < nr && !c.stop; i++) {
      rules_game g = gs;
      rules_rng r = rsample;
      rules_apply(&g, &r, &root[i]);
      c.nodes++;
      vals[i] = dfs(&c, &g, &r, 1);
    }
    if (c.stop) break; /* step 5: a sample cut by the deadline is dropped */
    for (int k = 0; k < nr; k++) sum[k] += vals[k];
    samples++;
  }
  if (samples > 0) {
    int b = 0;
    for (int i = 1; i < nr; i++)
      if (sum[i] > sum[b]) b = i;
    pick = root[b];
  } else {
    double bp = -1e18; /* no time for one sample: heuristic order */
    for (int i = 0; i < nr; i++) {
      double p = ai_prio(g0, &root[i]);
      if (p > bp) {
        bp = p;
        pick = root[i];
      }
    }
  }
  if (st) {
    st->samples = samples;
    st->nodes = c.nodes;
    st->evals = c.evals;
    st->ms = deadline_elapsed_ms(&c.dl);
  }
  return pick;
}

BOT_API rules_action ai_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st) {
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g0, opts, RULES_MAX_OPTS);
  return ai_run(g0, opts, n, budget_ms, seed, 0, AI_MAX_SAMPLES, ai_dfs, NULL, st);
}

BOT_API rules_action ai_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                               ai_stats *st) {
  static rules_game g;
  proto_to_game(in, t, &g);
  return ai_run(&g, in->opts, in->nopts, budget_ms, seed, 1, AI_MAX_SAMPLES, ai_dfs, NULL, st);
}

/* One request of main.c or bot_search.c (proto_run's callback): the budget,
   a fresh seed, a debug line on stderr. */
static rules_action ai__bot_request(const proto_input *in, const proto_track *t, void *ctx) {
  ai_bot *b = ctx;
  uint64_t seed = b->seed + (uint64_t)t->requests * 0x2545f4914f6cdd1dULL;
  ai_stats st;
  rules_action a = b->decide(in, t, t->requests == 0 ? b->first_ms : b->budget_ms, seed, &st);
  fprintf(stderr, "req %d %s: %d options, %ld samples, %ld nodes, %.1f ms\n", t->requests, rules_phase_name(in->phase),
          st.options, st.samples, st.nodes, st.ms);
  return a;
}

/* The environment variable `name` as a number in [1, 2^31), else 0 (unset,
   or not such a number: said on stderr). */
static long ai__env(const char *name) {
  const char *v = getenv(name);
  if (!v || !*v) return 0;
  char *end;
  long x = strtol(v, &end, 10);
  if (*end || x < 1 || x > 2147483647L) {
    fprintf(stderr, "greencircle: %s=%.20s ignored (want 1..2147483647)\n", name, v);
    return 0;
  }
  return x;
}

/* Tests (issue 34): GREENCIRCLE_SAMPLES=N plays every request on N samples
   instead of the clock (ai_set_sample_limit), GREENCIRCLE_SEED=N fixes the
   seeds, so a refereed game is the same on any machine at any load. Unset
   (as on CodinGame), the clock and the clock's seed. */
BOT_API int ai_bot_main(ai_decide_fn decide, double first_ms, double budget_ms) {
  long seed = ai__env("GREENCIRCLE_SEED");
  ai_set_sample_limit(ai__env("GREENCIRCLE_SAMPLES"));
  ai_bot b = {decide, first_ms, budget_ms,
              (seed ? (uint64_t)seed : (uint64_t)deadline_now_ns()) ^ 0x9e3779b97f4a7c15ULL};
  return proto_run("greencircle", ai__bot_request, &b);
}
