/*
** mc.c -- Green Circle rollout search (see mc.h for the method).
**
** Search, as numbered steps (mc_run):
**   1. candidates: the listed options without RANDOM and exact duplicates;
**      if more than MC_MAX_CAND, the MC_MAX_CAND the default policy scores
**      best (a RELEASE and WAIT are always kept).
**   2. one sample: determinize the hidden cards (proto_sample_hidden) and
**      draw one fast generator seed, shared by every candidate (common
**      random numbers).
**   3. per surviving candidate: apply it, play on with mc_policy for both
**      players (mc_playout) to the game's end or the end of the bot's
**      cf->horizon-th next turn, and add mc_value to its sum, less
**      cf->root_card_pen per card the candidate throws or gives
**      (mc_move_cards; 0 in v2).
**   4. a sample cut by the deadline is dropped whole.
**   5. successive halving: at MC_HALVE0 samples and at every doubling after
**      it, keep the better half of the candidates (at least two).
**   6. the best sum wins; with no complete sample, the policy's choice.
** Default policy (mc_score): bot_greedy.c's one-step rule, written on the
** game for whichever player is active: card values from what its two
** closest applications miss over its whole deck; moves to the desk whose
** card is worth most, avoiding the administrative desk and the opponent
** (penalties scaled by cf->move_cost_x: 1 in v2, worth.c's own);
** plays in a fixed priority, but never a card whose loss spoils a release
** the hand allows now; releases when the debt is at most the seat's limit
** (mc_conf: v2's MC_REL_EARLY, MC_REL_LATE for both seats; worth.c's own).
** Tunables: the named constants below (each can be set with -D for a
** screening build).
** Invariants: no allocation; the caller's position is never modified.
*/
#include "mc.h"

#include <math.h>
#include <string.h>

#include "deadline.h"
#include "race.h"

#ifndef MC_MAX_CAND
#define MC_MAX_CAND 12 /* root candidates kept by the policy's score */
#endif
#ifndef MC_HORIZON
#define MC_HORIZON 6 /* own turns played out after the current one (README, Results: 2, 4, 6, 8, to the end) */
#endif
#ifndef MC_EVAL_SCALE
#define MC_EVAL_SCALE 20.0 /* race_eval points per logistic unit (a release is 20) */
#endif
#ifndef MC_HALVE0
#define MC_HALVE0 24 /* samples before the first halving */
#endif
#ifndef MC_REL_EARLY
#define MC_REL_EARLY 3 /* the policy releases paying at most this debt at score <= 1 */
#endif
#ifndef MC_REL_LATE
#define MC_REL_LATE 2 /* ... and at most this at score >= 2 */
#endif
#define MC_MAX_SAMPLES 100000
#define MC_CHECK_STEPS 32     /* playout steps between deadline reads */
#define MC_MAX_STEPS 2000     /* a playout never runs longer (the game ends sooner) */

/* ---- default policy ------------------------------------------------------ */

typedef struct mc__vals {
  double val[RULES_NTYPES]; /* value of one more card of each type */
  int deficit[RULES_NSKILL];
  int debt_in_hand;
  int rel;     /* best release cost with the hand as it is (RULES_NO_RELEASE: none) */
  int rel_thr; /* the policy's release threshold at this score */
  int good[RULES_NSKILL], wild, skills; /* rules_skills_held of the hand */
} mc__vals;

static void mc__values(const mc_conf *cf, const rules_game *g, int p, mc__vals *v) {
  const rules_player *P = &g->p[p];
  int debt, deck;
  rules_deck_deficit(g, p, v->deficit, &debt, &deck);
  v->debt_in_hand = 0;
  for (int i = 0; i < P->hand.n; i++) v->debt_in_hand += P->hand.c[i] == RULES_DEBT;
  static const double base[RULES_NTYPES] = {1.5, 1.5, 1.0, 0.5, 1.0, 2.5, 1.0, 1.0, 1.5, -2.0};
  for (int k = 0; k < RULES_NTYPES; k++) v->val[k] = base[k];
  for (int k = 0; k < RULES_NSKILL; k++)
    if (v->deficit[k] > 0) v->val[k] += 3.0;
  if (deck > 0) v->val[RULES_RF] += 4.0 * debt / deck;
  v->rel_thr = P->score <= 1 ? cf->rel_early[p] : cf->rel_late[p];
  if (g->p[1 - p].score >= cf->race_at && cf->rel_race > v->rel_thr) v->rel_thr = cf->rel_race;
  v->rel = RULES_NO_RELEASE;
  if (g->phase == RULES_PH_PLAY) {
    rules_skills_held(P, v->good, &v->wild, &v->skills);
    v->rel = rules_best_cost(g, P->score, v->good, v->wild, v->skills);
  }
}

/* 1 if playing a (PLAY) loses a release the hand allows now. */
static int mc__play_spoils(const rules_game *g, const mc__vals *v, const rules_action *a) {
  if (v->rel > v->rel_thr) return 0;
  int good[RULES_NSKILL], wild = v->wild, skills = v->skills;
  memcpy(good, v->good, sizeof good);
  rules_skills_after_play(g, a, good, &wild, &skills);
  return rules_best_cost(g, g->p[g->active].score, good, wild, skills) > v->rel;
}

/* What MOVE a of g's active player costs: *past, it passes the
   administrative desk (two cards thrown); *next_to, it ends next to the
   other player (one card given). The policy's penalties and the root's
   charge (mc_move_cards) both read it. */
static void mc__move_costs(const rules_game *g, const rules_action *a, int *past, int *next_to) {
  int p = g->active;
  *past = a->x < g->p[p].loc;
  *next_to = rules_desks_adjacent(a->x, g->p[1 - p].loc);
}

static double mc__score_v(const mc_conf *cf, const rules_game *g, const mc__vals *v, const rules_action *a) {
  int p = g->active;
  const rules_player *M = &g->p[p];
  switch (a->kind) {
  case RULES_A_MOVE: {
    int t = a->y, past, next_to;
    mc__move_costs(g, a, &past, &next_to);
    double s = g->desk[t] > 0 ? v->val[t] : (g->bonus > 0 ? v->val[RULES_BONUS] : 0);
    int nondebt = M->hand.n - v->debt_in_hand;
    if (past) s -= cf->move_cost_x * (nondebt <= 2 ? 1.0 + 1.5 * (2 - nondebt) : 2.5);
    if (next_to) s -= cf->move_cost_x * (nondebt == 0 ? 3.0 : 1.5);
    return s;
  }
  case RULES_A_GIVE:
  case RULES_A_THROW: return -v->val[a->x];
  case RULES_A_WAIT: return 0.0;
  case RULES_A_RELEASE: {
    int cost = rules_release_cost(g, p, a->x);
    if (cost < 0) return -1e9;
    return cost <= v->rel_thr ? 10.0 - cost : -1e9 + 10.0 - cost;
  }
  case RULES_A_PLAY:
    if (mc__play_spoils(g, v, a)) return -1.0;
    switch (a->card) {
    case RULES_CI: return a->x == RULES_BONUS ? 9.0 : (a->x < RULES_NSKILL && v->deficit[a->x] > 0 ? 8.0 : -1.0);
    case RULES_TR: return 7.0;
    case RULES_CO: return 6.5;
    case RULES_RF: return v->debt_in_hand > 0 ? 6.0 : -1.0;
    case RULES_CR: return 5.0;
    case RULES_DR: return (M->score <= 2 && M->ndr < 2) ? 4.0 : -1.0;
    case RULES_AS: return (M->score <= 2 && M->nas < 2) ? 4.5 : -1.0;
    case RULES_TP: {
      int x = a->x, y = a->y;
      double gain = (y == RULES_BONUS || g->desk[y] == 0) ? v->val[RULES_BONUS] : v->val[y];
      return gain - v->val[x] - 0.5 > 0 ? 2.0 + gain - v->val[x] : -1.0;
    }
    default: return -1.0;
    }
  default: return -1e18; /* RANDOM */
  }
}

BOT_API void mc_conf_v2(mc_conf *cf) {
  cf->horizon = MC_HORIZON;
  cf->rel_early[0] = cf->rel_early[1] = MC_REL_EARLY;
  cf->rel_late[0] = cf->rel_late[1] = MC_REL_LATE;
  cf->rel_race = 0;
  cf->race_at = RULES_WIN_APPS; /* never: the opponent's fifth ends the game */
  cf->eval = race_eval;
  cf->move_cost_x = 1.0;
  cf->root_card_pen = 0.0;
}

BOT_API int mc_move_cards(const rules_game *g, const rules_action *a) {
  if (a->kind != RULES_A_MOVE) return 0;
  int past, next_to;
  mc__move_costs(g, a, &past, &next_to);
  return 2 * past + next_to;
}

BOT_API double mc_score(const mc_conf *cf, const rules_game *g, const rules_action *a) {
  mc__vals v;
  mc__values(cf, g, g->active, &v);
  return mc__score_v(cf, g, &v, a);
}

BOT_API int mc_policy(const mc_conf *cf, const rules_game *g, const rules_action *opts, int n) {
  mc__vals v;
  mc__values(cf, g, g->active, &v);
  int pick = 0, wait = -1;
  double best = -1e30;
  for (int i = 0; i < n; i++) {
    if (opts[i].kind == RULES_A_WAIT) wait = i;
    double s = mc__score_v(cf, g, &v, &opts[i]);
    if (s > best) {
      best = s;
      pick = i;
    }
  }
  /* PLAY or RELEASE with nothing worth it: WAIT */
  if (best < 0 && wait >= 0 && (g->phase == RULES_PH_PLAY || g->phase == RULES_PH_RELEASE)) pick = wait;
  return pick;
}

/* ---- playouts ------------------------------------------------------------ */

BOT_API double mc_value(const mc_conf *cf, const rules_game *g) {
  if (g->over) {
    int ranks[2], scores[2];
    rules_result(g, ranks, scores);
    return ranks[0] == ranks[1] ? 0.5 : ranks[0] == 0 ? 1.0 : 0.0;
  }
  double e = cf->eval(g) / MC_EVAL_SCALE;
  if (e > 30) e = 30;
  if (e < -30) e = -30;
  return 1.0 / (1.0 + exp(-e));
}

BOT_API double mc_playout(const mc_conf *cf, rules_game *g, rules_rng *r, int horizon, const deadline_t *dl, int *stop,
                          long *steps) {
  rules_action opts[RULES_MAX_OPTS];
  int ended = 0;
  if (horizon < 0) return mc_value(cf, g);
  for (int s = 0; s < MC_MAX_STEPS && !g->over; s++) {
    if (dl && (s % MC_CHECK_STEPS) == MC_CHECK_STEPS - 1 && deadline_passed(dl)) {
      *stop = 1;
      return 0.0;
    }
    int n = rules_options(g, opts, RULES_MAX_OPTS);
    int was = g->active;
    rules_apply(g, r, &opts[mc_policy(cf, g, opts, n)]);
    (*steps)++;
    if (was == 0 && g->active == 1 && ++ended > horizon) break;
  }
  return mc_value(cf, g);
}

/* ---- search -------------------------------------------------------------- */

BOT_API rules_action mc_run(const mc_conf *cf, const rules_game *g0, const rules_action *opts, int n, double budget_ms, uint64_t seed,
                            int resample, long max_samples, ai_stats *st) {
  static rules_action root[RULES_MAX_OPTS];
  static double prior[RULES_MAX_OPTS], sum[RULES_MAX_OPTS], vals[RULES_MAX_OPTS], pen[RULES_MAX_OPTS];
  static int alive[RULES_MAX_OPTS];
  deadline_t dl;
  ai_tune_load(); /* a tuning build's BOT_TUNE: race_eval's weights */
  race_tune_load();
  budget_ms = ai_sample_budget(&max_samples, budget_ms);
  deadline_start(&dl, budget_ms);
  if (st) memset(st, 0, sizeof *st);
  rules_action pick;
  memset(&pick, 0, sizeof pick);
  pick.kind = RULES_A_RANDOM;
  /* step 1: candidates */
  int nr = 0;
  for (int i = 0; i < n && nr < RULES_MAX_OPTS; i++) {
    if (opts[i].kind == RULES_A_RANDOM) continue;
    int dup = 0;
    for (int j = 0; j < nr && !dup; j++) dup = memcmp(&root[j], &opts[i], sizeof opts[i]) == 0;
    if (!dup) root[nr++] = opts[i];
  }
  if (st) st->options = nr;
  if (nr == 0) return pick;
  mc__vals v;
  mc__values(cf, g0, g0->active, &v);
  int bp = 0;
  for (int i = 0; i < nr; i++) {
    prior[i] = mc__score_v(cf, g0, &v, &root[i]);
    if (root[i].kind == RULES_A_RELEASE || root[i].kind == RULES_A_WAIT) prior[i] = 1e9 + prior[i];
    if (prior[i] > prior[bp]) bp = i;
  }
  pick = root[bp];
  if (nr == 1) return pick;
  /* keep the MC_MAX_CAND best by prior, best first */
  nr = ai_top(root, prior, nr, MC_MAX_CAND);
  for (int i = 0; i < nr; i++) {
    sum[i] = 0.0;
    alive[i] = 1;
    pen[i] = cf->root_card_pen * mc_move_cards(g0, &root[i]); /* step 3's charge */
  }
  int nalive = nr;
  rules_rng rs;
  rules_rng_fast(&rs, seed);
  long samples = 0, steps = 0, next_halve = MC_HALVE0;
  int stop = 0;
  while (!stop && samples < max_samples) {
    /* step 2: one determinization and one generator seed */
    rules_game gs = *g0;
    if (resample) proto_sample_hidden(&gs, &rs);
    rules_rng rsample;
    rules_rng_fast(&rsample, rng_next(&rs.x));
    /* step 3: every surviving candidate on the same sample */
    for (int i = 0; i < nr && !stop; i++) {
      if (!alive[i]) continue;
      rules_game g = gs;
      rules_rng r = rsample;
      rules_apply(&g, &r, &root[i]);
      steps++;
      /* the horizon counts own turns after the current one */
      int h = g.active != gs.active ? cf->horizon - 1 : cf->horizon;
      vals[i] = mc_playout(cf, &g, &r, h, &dl, &stop, &steps) - pen[i];
      if (deadline_passed(&dl)) stop = 1;
    }
    if (stop) break; /* step 4 */
    for (int i = 0; i < nr; i++)
      if (alive[i]) sum[i] += vals[i];
    samples++;
    /* step 5: successive halving */
    if (samples >= next_halve && nalive > 2) {
      int keep = (nalive + 1) / 2;
      if (keep < 2) keep = 2;
      while (nalive > keep) {
        int w = -1;
        for (int i = 0; i < nr; i++)
          if (alive[i] && (w < 0 || sum[i] < sum[w])) w = i;
        alive[w] = 0;
        nalive--;
      }
      next_halve *= 2;
    }
  }
  /* step 6 */
  if (samples > 0) {
    int b = -1;
    for (int i = 0; i < nr; i++)
      if (alive[i] && (b < 0 || sum[i] > sum[b])) b = i;
    pick = root[b];
  }
  if (st) {
    st->samples = samples;
    st->nodes = steps;
    st->evals = samples * nalive;
    st->ms = deadline_elapsed_ms(&dl);
  }
  return pick;
}

BOT_API rules_action mc_decide_conf(const mc_conf *cf, const proto_input *in, const proto_track *t, double budget_ms,
                                    uint64_t seed, ai_stats *st) {
  static rules_game g;
  proto_to_game(in, t, &g);
  return mc_run(cf, &g, in->opts, in->nopts, budget_ms, seed, 1, MC_MAX_SAMPLES, st);
}

BOT_API rules_action mc_decide(const proto_input *in, const proto_track *t, double budget_ms, uint64_t seed,
                               ai_stats *st) {
  mc_conf cf;
  mc_conf_v2(&cf);
  return mc_decide_conf(&cf, in, t, budget_ms, seed, st);
}
