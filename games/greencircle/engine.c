/*
** engine.c -- Green Circle "engine builder" heuristic (see engine.h for
** the plan it follows and where it comes from).
**
** Choice, as numbered steps (engine_choose):
**   1. the active player's view (engine__view): what its two closest
**      applications still miss over its whole deck (automated cards
**      included), its debt, its BONUS cards not yet automated, and whether
**      it is still building (fewer than ENGINE_BONUS_TARGET BONUS cards
**      automated and fewer than ENGINE_BUILD_SCORE releases);
**   2. every listed option scored (engine_score): moves by the card they
**      take, minus ENGINE_ADJ_PENALTY next to the opponent and
**      ENGINE_WRAP_PENALTY past the administrative desk; plays in the
**      engine's priority (automate, clean debt, DAILY_ROUTINE, draw, BONUS),
**      never one that spoils a clean release the hand allows now; a
**      RELEASE only when clean;
**   3. the best score wins; in PLAY or RELEASE a best score below 0 is WAIT.
** Tunables: the ENGINE_ constants below.
** Invariants: no allocation; pure functions of the position.
*/
#include "engine.h"

#include <string.h>

#define ENGINE_BONUS_TARGET 4   /* automated BONUS cards that end the build (the start deck holds 4) */
#define ENGINE_BUILD_SCORE 2    /* ... or this many releases */
#define ENGINE_ADJ_PENALTY 100.0 /* a move next to the opponent: only when every move is */
#define ENGINE_WRAP_PENALTY 6.0 /* a move past the administrative desk (two cards or debt) */
#define ENGINE_DR_KEEP 2        /* DAILY_ROUTINE permanents worth having */

typedef struct engine__view {
  int p;
  int deficit[RULES_NSKILL]; /* rules_nearest_deficit over the whole deck */
  int debt_deck, deck, debt_hand;
  int free_bonus; /* BONUS cards not automated */
  int ci_deck;    /* CONTINUOUS_INTEGRATION cards in the deck */
  int dr_deck;    /* DAILY_ROUTINE cards in the deck */
  int building;   /* still automating */
  int clean_now;  /* the hand (with automated cards) releases an application clean */
} engine__view;

/* Step 1. */
static void engine__view_of(const rules_game *g, engine__view *v) {
  memset(v, 0, sizeof *v);
  v->p = g->active;
  const rules_player *P = &g->p[v->p];
  rules_deck_deficit(g, v->p, v->deficit, &v->debt_deck, &v->deck);
  int auto_bonus = 0;
  for (int i = 0; i < P->automated.n; i++) auto_bonus += P->automated.c[i] == RULES_BONUS;
  const rules_pile *ps[4] = {&P->hand, &P->draw, &P->discard, &P->played};
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < ps[j]->n; i++) {
      int c = ps[j]->c[i];
      v->free_bonus += c == RULES_BONUS, v->ci_deck += c == RULES_CI, v->dr_deck += c == RULES_DR;
      v->debt_hand += j == 0 && c == RULES_DEBT;
    }
  v->building = auto_bonus < ENGINE_BONUS_TARGET && P->score < ENGINE_BUILD_SCORE;
  int good[RULES_NSKILL], w, sk;
  rules_skills_held(P, good, &w, &sk);
  v->clean_now = rules_best_cost(g, P->score, good, w, sk) == 0;
}

/* Value of one more card of type c in the deck. */
static double engine__card(const rules_game *g, const engine__view *v, int c) {
  const rules_player *P = &g->p[v->p];
  double s = 0.0;
  switch (c) {
  case RULES_CI: s = v->building && v->ci_deck < v->free_bonus ? 8.0 : 1.5; break;
  case RULES_DR: s = P->ndr + v->dr_deck < ENGINE_DR_KEEP ? 5.0 : 1.0; break;
  case RULES_CR: s = v->building ? 4.0 : 2.0; break;
  case RULES_RF: s = 1.0 + (v->deck > 0 ? 10.0 * v->debt_deck / v->deck : 0.0); break;
  case RULES_TR:
  case RULES_CO: s = 3.0; break;
  case RULES_AS: s = 1.5; break;
  case RULES_TP: s = 1.0; break;
  case RULES_BONUS: return 3.5;
  case RULES_DEBT: return -3.0;
  default: return 0.0;
  }
  if (v->deficit[c] > 0) s += 4.0;
  return s;
}

/* 1 if playing a loses the clean release the hand allows now. */
static int engine__spoils(const rules_game *g, const engine__view *v, const rules_action *a) {
  if (!v->clean_now || a->card == RULES_CI) return 0; /* CI keeps the card (automated) */
  const rules_player *P = &g->p[v->p];
  int good[RULES_NSKILL], wild, skills;
  rules_skills_held(P, good, &wild, &skills);
  rules_skills_after_play(g, a, good, &wild, &skills);
  return rules_best_cost(g, P->score, good, wild, skills) != 0;
}

static double engine__play(const rules_game *g, const engine__view *v, const rules_action *a) {
  const rules_player *P = &g->p[v->p];
  if (engine__spoils(g, v, a)) return -1.0;
  switch (a->card) {
  case RULES_CI:
    if (a->x == RULES_BONUS) return 10.0;
    return a->x < RULES_NSKILL && v->deficit[a->x] > 0 ? 7.0 : -1.0;
  case RULES_RF: return v->debt_hand > 0 ? 8.5 : -1.0;
  case RULES_DR: return P->ndr < ENGINE_DR_KEEP ? 7.5 : -1.0;
  case RULES_TR: return 6.0;
  case RULES_CO: return 5.5;
  case RULES_CR: return 5.0;
  case RULES_AS: return P->nas < 1 ? 4.0 : -1.0;
  case RULES_TP: {
    int y = a->y == RULES_BONUS || g->desk[a->y] == 0 ? RULES_BONUS : a->y;
    double gain = engine__card(g, v, y) - engine__card(g, v, a->x);
    return gain > 0.5 ? 2.0 + gain : -1.0;
  }
  default: return -1.0;
  }
}

static double engine__score_v(const rules_game *g, const engine__view *v, const rules_action *a) {
  const rules_player *P = &g->p[v->p];
  switch (a->kind) {
  case RULES_A_MOVE: {
    int t = a->y;
    double s = g->desk[t] > 0 ? engine__card(g, v, t) : g->bonus > 0 ? engine__card(g, v, RULES_BONUS) : 0.0;
    if (a->x < P->loc) s -= ENGINE_WRAP_PENALTY;
    if (rules_desks_adjacent(a->x, g->p[1 - v->p].loc)) s -= ENGINE_ADJ_PENALTY;
    return s;
  }
  case RULES_A_GIVE:
  case RULES_A_THROW: return -engine__card(g, v, a->x);
  case RULES_A_WAIT: return 0.0;
  case RULES_A_RELEASE: return rules_release_cost(g, v->p, a->x) == 0 ? 10.0 : -1e9;
  case RULES_A_PLAY: return engine__play(g, v, a);
  default: return -1e18; /* RANDOM */
  }
}

BOT_API double engine_score(const rules_game *g, const rules_action *a) {
  engine__view v;
  engine__view_of(g, &v);
  return engine__score_v(g, &v, a);
}

BOT_API int engine_choose(const rules_game *g, const rules_action *opts, int n) {
  engine__view v;
  engine__view_of(g, &v); /* step 1 */
  int pick = 0, wait = -1;
  double best = -1e30;
  for (int i = 0; i < n; i++) { /* step 2 */
    if (opts[i].kind == RULES_A_WAIT) wait = i;
    double s = engine__score_v(g, &v, &opts[i]);
    if (s > best) best = s, pick = i;
  }
  /* step 3 */
  if (best < 0 && wait >= 0 && (g->phase == RULES_PH_PLAY || g->phase == RULES_PH_RELEASE)) pick = wait;
  return pick;
}
