/*
** race.c -- Green Circle: the dist bot's search, the opponent's readiness
** weighed more, and the fifth within reach next turn as a tuning option
** (see race.h for the evaluation and why).
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
   the dist build, variables that BOT_TUNE sets in a tuning build. R_OPP
   and R_OPP_LAST are added to ai_eval's own weight of the same quantity
   (W_OPP, 1.5): 6.5 makes it 8, the weight that measured stronger against
   v1 (README, Results: W_OPP 4 and 8 against v1 and greedy); R_OPP_LAST
   alone (6.5 at four only, 1.5 below) measured no gain against v1. R_NEXT5
   and R_OPP5 weigh the fifth within reach (race.h); 0 in the dist build:
   at 30 each, with R_OPP 6.5 or 4, they screened well on one seed set and
   then measured no gain on fresh seeds against v1 or greedy (README,
   Results), so they stay for screening with BOT_TUNE only. */
#define RACE_TUNABLES(X)          \
  X(R_OPP, 6.5, 0.0, 16.0)        \
  X(R_OPP_LAST, 6.5, 0.0, 16.0)   \
  X(R_NEXT5, 0.0, 0.0, 60.0)      \
  X(R_OPP5, 0.0, 0.0, 60.0)

#define RACE_TUNABLE_DEF(name, value, lo, hi) static AI_TUNABLE_CONST double RACE_##name = value;
RACE_TUNABLES(RACE_TUNABLE_DEF)
#undef RACE_TUNABLE_DEF

#ifdef BOT_TUNING
#define RACE_TUNABLE_REF(name, value, lo, hi) {#name, &RACE_##name},
static const ai_tunable race__tunables[] = {RACE_TUNABLES(RACE_TUNABLE_REF)};
#undef RACE_TUNABLE_REF
BOT_API void race_tune_load(void) {
  static int loaded;
  ai_tune_apply(race__tunables, (int)(sizeof race__tunables / sizeof race__tunables[0]), 1, &loaded);
}
#else
BOT_API void race_tune_load(void) {}
#endif

#define RACE_MAX_SAMPLES 4000
#define RACE_OPP_CAP 12.0 /* ai_eval's cap on the opponent's readiness */

/* ---- evaluation --------------------------------------------------------- */

/* Player p, at four releases, can release its fifth (cleanly) on its next
   turn: with the hand it holds (and its automated cards) alone, or with
   the card of one desk ahead of it (a BONUS from an empty desk) whose move
   neither passes the administrative desk nor ends next to or on the other
   player's desk (moves that would cost it cards). Optimistic where the
   hand alone suffices (any move is assumed free), pessimistic elsewhere
   (DAILY_ROUTINE reach, wrapping with spare cards, the card it may play
   are not counted); the version that counted the moves' costs exactly
   measured weaker (README, Results). */
BOT_API int race_can_finish(const rules_game *g, int p) {
  const rules_player *P = &g->p[p];
  if (P->score != RULES_WIN_APPS - 1) return 0;
  int good[RULES_NSKILL], wild, skills;
  rules_skills_held(P, good, &wild, &skills);
  int cand[RULES_NDESK + 1], nc = 0;
  cand[nc++] = -1; /* no card */
  int other = g->p[1 - p].loc;
  for (int k = P->loc + 1; k < RULES_NDESK; k++) {
    if (k == other || (k + 1) % RULES_NDESK == other || (k + RULES_NDESK - 1) % RULES_NDESK == other) continue;
    int c = g->desk[k] > 0 ? k : g->bonus > 0 ? RULES_BONUS : -1;
    if (c >= 0) cand[nc++] = c;
  }
  for (int j = 0; j < nc; j++) {
    int c = cand[j];
    if (c >= 0 && c < RULES_NSKILL) good[c] += 2;
    int w = wild + (c == RULES_BONUS), sk = skills + (c >= 0 && c < RULES_NSKILL);
    int ok = rules_best_cost(g, P->score, good, w, sk) == 0;
    if (c >= 0 && c < RULES_NSKILL) good[c] -= 2;
    if (ok) return 1;
  }
  return 0;
}

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
  if (g->active != 0) { /* the end of player 0's turn: the hands of the next turns are drawn */
    if (RACE_R_NEXT5 != 0.0 && race_can_finish(g, 0)) v += RACE_R_NEXT5;
    if (RACE_R_OPP5 != 0.0 && race_can_finish(g, 1)) v -= RACE_R_OPP5;
  }
  return v;
}

/* ---- search ------------------------------------------------------------ */

static rules_action race__run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                              int resample, ai_stats *st) {
  race_tune_load();
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
