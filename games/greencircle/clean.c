/*
** clean.c -- Green Circle clean-hand odds and the candidate bot's search
** (bot_clean.c; see clean.h for the model).
**
** Evaluation (clean_eval, player 0's view): ai_eval, plus
**   clean:  CLEAN_C_W_CLEAN x clean_best(me, 0) while below four releases
**           (a clean hand releases without debt), CLEAN_C_W_LAST x the same
**           at four (the fifth must be clean: the chance per turn of
**           finishing);
**   cheap:  below four, CLEAN_C_W_REL x clean_best(me, CLEAN_C_REL_DEBT):
**           the chance of a release paying at most that much debt (a deck
**           full of DEBT draws too few skill cards to release at all, where
**           the clean odds are already flat at zero). Off (weight 0): at
**           20 with debt 2 it scored 94.9% against greedy over 177 games,
**           where the weights below without it scored 96.5% over 200;
**   rival:  minus CLEAN_C_W_OPP x clean_best(opponent, 0), or
**           CLEAN_C_W_OPP_LAST x it when the opponent stands at four (its
**           clean fifth: releasing the application its deck covers best,
**           denies it).
** Search, as numbered steps (clean_decide): ai_run's steps 1, 2 and 5
** (ai.h: root options, determinized samples with common random numbers,
** the best sum wins); steps 3-4 are ai_dfs (ai.h): the rest of the own
** turn depth-first over the AI_BRANCH options ai_prio ranks best (every
** RELEASE kept), the leaves scored by clean_eval.
** Tunables: the CLEAN_TUNABLES table below (C_ names in BOT_TUNE).
** Invariants: pure functions of the position; the binomial table is filled
** once, before its first use, and never changes after.
*/
#include "clean.h"

#include <string.h>


/* Tunables: name, value and the range a tuner may explore; constants in
   the dist build, variables that BOT_TUNE sets in a tuning build. */
#define CLEAN_TUNABLES(X)          \
  X(C_W_CLEAN, 12.0, 0.0, 30.0)    \
  X(C_W_LAST, 50.0, 0.0, 100.0)   \
  X(C_W_OPP, 0.0, 0.0, 30.0)       \
  X(C_W_OPP_LAST, 25.0, 0.0, 60.0) \
  X(C_W_REL, 0.0, 0.0, 30.0)       \
  X(C_REL_DEBT, 2.0, 1.0, 6.0)     \
  X(C_TAKE, 1.0, 0.0, 1.0)

#define CLEAN_TUNABLE_DEF(name, value, lo, hi) static AI_TUNABLE_CONST double CLEAN_##name = value;
CLEAN_TUNABLES(CLEAN_TUNABLE_DEF)
#undef CLEAN_TUNABLE_DEF

#ifdef BOT_TUNING
#define CLEAN_TUNABLE_REF(name, value, lo, hi) {#name, &CLEAN_##name},
static const ai_tunable clean__tunables[] = {CLEAN_TUNABLES(CLEAN_TUNABLE_REF)};
#undef CLEAN_TUNABLE_REF
static void clean__tune_load(void) {
  static int loaded;
  ai_tune_apply(clean__tunables, (int)(sizeof clean__tunables / sizeof clean__tunables[0]), 1, &loaded);
}
#else
static void clean__tune_load(void) {}
#endif

#define CLEAN_MAX_HAND 16 /* drawn cards counted (4 + permanents, capped) */
#define CLEAN_MAX_SAMPLES 4000

/* ---- odds --------------------------------------------------------------- */

static double clean__binom[RULES_PILE + 1][CLEAN_MAX_HAND + 1];
static int clean__binom_ready;

static void clean__binom_init(void) {
  if (clean__binom_ready) return;
  for (int n = 0; n <= RULES_PILE; n++) {
    clean__binom[n][0] = 1.0;
    for (int k = 1; k <= CLEAN_MAX_HAND; k++)
      clean__binom[n][k] = n == 0 ? 0.0 : clean__binom[n - 1][k - 1] + clean__binom[n - 1][k];
  }
  clean__binom_ready = 1;
}

static double clean__c(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0.0;
  return clean__binom[n][k];
}

BOT_API double clean_odds_debt(int id, const int cnt[RULES_NTYPES], const int aut[RULES_NTYPES], int hand, int take,
                               int maxdebt) {
  clean__binom_init();
  int need[RULES_NSKILL], ty[2], nt = 0;
  rules_app_need(id, need);
  for (int k = 0; k < RULES_NSKILL && nt < 2; k++)
    if (need[k] > 0) ty[nt++] = k;
  int n = 0, askills = 0;
  for (int k = 0; k < RULES_NTYPES; k++) n += cnt[k];
  for (int k = 0; k < RULES_NSKILL; k++) askills += aut[k];
  if (hand > n) hand = n;
  if (hand > CLEAN_MAX_HAND) hand = CLEAN_MAX_HAND;
  if (hand < 0) hand = 0;
  /* cards still short per type (2 skills a card), wildcards already held */
  int da = (need[ty[0]] - 2 * aut[ty[0]] + 1) / 2, db = (need[ty[1]] - 2 * aut[ty[1]] + 1) / 2;
  if (da < 0) da = 0;
  if (db < 0) db = 0;
  int w0 = aut[RULES_BONUS];
  int ca = cnt[ty[0]], cb = cnt[ty[1]], cw = cnt[RULES_BONUS];
  /* the rest: other skill cards (shoddy skills) and the others (DEBT) */
  int cs = 0;
  for (int k = 0; k < RULES_NSKILL; k++)
    if (k != ty[0] && k != ty[1]) cs += cnt[k];
  int cd = n - ca - cb - cw - cs;
  if (maxdebt <= 0) { /* clean: other skill cards and DEBT alike do nothing */
    cs += cd;
    cd = 0;
  }
  double sum = 0.0;
  for (int a = 0; a <= hand && a <= ca; a++)
    for (int b = 0; a + b <= hand && b <= cb; b++) {
      double pab = clean__c(ca, a) * clean__c(cb, b);
      int shortc = (da > a ? da - a : 0) + (db > b ? db - b : 0);
      shortc -= take;
      if (shortc < 0) shortc = 0;
      for (int w = 0; a + b + w <= hand && w <= cw; w++) {
        int missing = 2 * shortc - w0 - w;
        if (missing > (maxdebt > 0 ? maxdebt : 0)) continue;
        double pabw = pab * clean__c(cw, w);
        if (missing <= 0) { /* clean whatever the rest */
          sum += pabw * clean__c(cs + cd, hand - a - b - w);
          continue;
        }
        /* shoddy skills: 2 per skill card held (the taken card included),
           1 per wildcard */
        for (int sk = 0; a + b + w + sk <= hand && sk <= cs; sk++)
          if (missing <= 2 * (a + b + sk + askills + take) + w + w0)
            sum += pabw * clean__c(cs, sk) * clean__c(cd, hand - a - b - w - sk);
      }
    }
  double all = clean__c(n, hand);
  return all > 0.0 ? sum / all : 0.0;
}

BOT_API double clean_odds(int id, const int cnt[RULES_NTYPES], const int aut[RULES_NTYPES], int hand, int take) {
  return clean_odds_debt(id, cnt, aut, hand, take, 0);
}

BOT_API double clean_best(const rules_game *g, int p, int maxdebt) {
  const rules_player *P = &g->p[p];
  int cnt[RULES_NTYPES] = {0}, aut[RULES_NTYPES] = {0};
  const rules_pile *ps[4] = {&P->hand, &P->draw, &P->discard, &P->played};
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < ps[j]->n; i++) cnt[ps[j]->c[i]]++;
  for (int i = 0; i < P->automated.n; i++) aut[P->automated.c[i]]++;
  int take = (int)CLEAN_C_TAKE;
  double best = 0.0;
  for (int i = 0; i < g->napps && best < 1.0; i++) {
    double o = clean_odds_debt(g->apps[i], cnt, aut, 4 + P->nas, take, maxdebt);
    if (o > best) best = o;
  }
  return best;
}

/* ---- evaluation --------------------------------------------------------- */

BOT_API double clean_eval(const rules_game *g) {
  double v = ai_eval(g);
  const rules_player *M = &g->p[0], *O = &g->p[1];
  if (g->over || M->score >= RULES_WIN_APPS || O->score >= RULES_WIN_APPS) return v;
  double wm = M->score >= RULES_WIN_APPS - 1 ? CLEAN_C_W_LAST : CLEAN_C_W_CLEAN;
  if (wm != 0.0) v += wm * clean_best(g, 0, 0);
  if (M->score < RULES_WIN_APPS - 1 && CLEAN_C_W_REL != 0.0)
    v += CLEAN_C_W_REL * clean_best(g, 0, (int)CLEAN_C_REL_DEBT);
  double wo = O->score >= RULES_WIN_APPS - 1 ? CLEAN_C_W_OPP_LAST : CLEAN_C_W_OPP;
  if (wo != 0.0) v -= wo * clean_best(g, 1, 0);
  return v;
}

/* ---- search ------------------------------------------------------------ */

static rules_action clean__run(const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                               int resample, ai_stats *st) {
  clean__tune_load();
  clean__binom_init();
  return ai_run(g0, opts, n, budget_ms, seed, resample, CLEAN_MAX_SAMPLES, ai_dfs, clean_eval, st);
}

BOT_API rules_action clean_decide_game(const rules_game *g0, double budget_ms, uint64_t seed, ai_stats *st) {
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g0, opts, RULES_MAX_OPTS);
  return clean__run(g0, opts, n, budget_ms, seed, 0, st);
}

BOT_API rules_action clean_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                                  ai_stats *st) {
  static rules_game g;
  proto_to_game(in, t, &g);
  return clean__run(&g, in->opts, in->nopts, budget_ms, seed, 1, st);
}
