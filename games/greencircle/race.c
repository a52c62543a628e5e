/*
** race.c -- Green Circle: the dist bot's search, the opponent's readiness
** weighed more (see race.h for the evaluation and why).
**
** Search, as numbered steps (race_decide): ai_run's steps 1, 2 and 5
** (ai.h: root options, determinized samples with common random numbers,
** the best sum wins); steps 3-4 are ai_dfs (ai.h): the rest of the own
** turn depth-first over the AI_BRANCH options ai_prio ranks best (every
** RELEASE kept), the leaves scored by race_eval.
** Tunables: the RACE_TUNABLES table below (R_ names in BOT_TUNE).
** Invariants: pure functions of the position.
*/
#include "race.h"


/* Tunables: name, value and the range a tuner may explore; constants in
   the dist build, variables that BOT_TUNE sets in a tuning build. Each is
   added to ai_eval's own weight of the same quantity (W_OPP, 1.5): 6.5
   makes it 8, the weight that measured stronger against v1 (README,
   Results: W_OPP 4 and 8 against v1 and greedy); R_OPP_LAST alone (6.5
   at four only, 1.5 below) measured no gain against v1. */
#define RACE_TUNABLES(X)          \
  X(R_OPP, 6.5, 0.0, 16.0)        \
  X(R_OPP_LAST, 6.5, 0.0, 16.0)

#define RACE_TUNABLE_DEF(name, value, lo, hi) static AI_TUNABLE_CONST double RACE_##name = value;
RACE_TUNABLES(RACE_TUNABLE_DEF)
#undef RACE_TUNABLE_DEF

#ifdef BOT_TUNING
#define RACE_TUNABLE_REF(name, value, lo, hi) {#name, &RACE_##name},
static const ai_tunable race__tunables[] = {RACE_TUNABLES(RACE_TUNABLE_REF)};
#undef RACE_TUNABLE_REF
static void race__tune_load(void) {
  static int loaded;
  ai_tune_apply(race__tunables, (int)(sizeof race__tunables / sizeof race__tunables[0]), 1, &loaded);
}
#else
static void race__tune_load(void) {}
#endif

#define RACE_MAX_SAMPLES 4000
#define RACE_OPP_CAP 12.0 /* ai_eval's cap on the opponent's readiness */

/* ---- evaluation --------------------------------------------------------- */

BOT_API double race_eval(const rules_game *g) {
  double v = ai_eval(g);
  const rules_player *M = &g->p[0], *O = &g->p[1];
  if (g->over || M->score >= RULES_WIN_APPS || O->score >= RULES_WIN_APPS) return v;
  double m1, m2;
  double wo = O->score >= RULES_WIN_APPS - 1 ? RACE_R_OPP_LAST : RACE_R_OPP;
  if (wo != 0.0) {
    ai_readiness(g, 1, &m1, &m2);
    if (m1 < 0) m1 = 0;
    v += wo * (m1 > RACE_OPP_CAP ? RACE_OPP_CAP : m1);
  }
  return v;
}

/* ---- search ------------------------------------------------------------ */

static rules_action race__run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                              int resample, ai_stats *st) {
  race__tune_load();
  return ai_run(g0, opts, n, budget_ms, seed, resample, RACE_MAX_SAMPLES, ai_dfs, race_eval, st);
}

BOT_API rules_action race_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st) {
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g0, opts, RULES_MAX_OPTS);
  return race__run(g0, opts, n, budget_ms, seed, 0, st);
}

BOT_API rules_action race_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                 ai_stats *st) {
  static rules_game g;
  proto_to_game(in, t, &g);
  return race__run(&g, in->opts, in->nopts, budget_ms, seed, 1, st);
}
