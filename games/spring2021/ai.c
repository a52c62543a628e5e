/*
** ai.c -- Spring Challenge 2021 search (see ai.h): UCB1 over the root
** actions, each sample a whole-game playout with the randomised heuristic
** policy ai_policy for both players, valued by the exact final score.
**
** Data flow: ai_search (steps 1-4 above it) -> ai_candidates (root moves)
** -> ai_playout (both sides follow ai_policy to the end) -> ai_value.
**
** Invariants: the policy only returns actions rules_valid accepts for the
** current state (WAIT otherwise), so playouts never need the referee's
** validation path to reject anything; playouts copy the state (no shared
** mutation); the root loop checks the deadline every AI_CLOCK_EVERY samples.
*/
#include "ai.h"

#include <math.h>
#include <string.h>

/* Size-3 trees a player keeps (does not complete) by day; later days keep
   fewer. Index = 23 - days left (the day itself in the 24-day leagues). */
static const int8_t ai__keep[24] = {99, 99, 99, 99, 99, 99, 99, 99, 6, 5, 5, 5,
                                    4,  4,  4,  3,  3,  2,  1,  0,  0, 0, 0, 0};

/* Cells a new seed of player p should avoid: within two cells of an own tree
   in one of the six straight lines (they would shade each other). */
static uint64_t ai__crowded(uint64_t mine) {
  uint64_t near = 0;
  for (uint64_t t = mine; t; t &= t - 1) {
    int c = __builtin_ctzll(t);
    for (int d = 0; d < 6; d++) near |= rules_tab.ray[c][d][2];
  }
  return near;
}

/* Tunables of the search and of a playout's value. */
#define AI_UCB_C 0.35         /* UCB1 exploration constant */
#define AI_WIN_WEIGHT 0.25    /* weight of win/draw/loss in a playout's value */
#define AI_DIFF_SCALE 15.0    /* score difference scale of the rest (tanh) */
#define AI_SEED_CANDIDATES 6  /* seed targets kept at the root */

static int ai__pick(uint64_t m, rng_t *r) {
  int n = __builtin_popcountll(m);
  int k = n > 1 ? (int)rng_below(r, (uint32_t)n) : 0;
  while (k-- > 0) m &= m - 1;
  return __builtin_ctzll(m);
}

/* Richest cells of m (richness 3, then 2, then 1), one at random. */
static int ai__pick_rich(const rules_board *b, uint64_t m, rng_t *r) {
  for (int k = 3; k >= 1; k--)
    if (m & b->rich[k]) return ai__pick(m & b->rich[k], r);
  return ai__pick(m, r);
}

BOT_API int ai_policy(const rules_board *b, const rules_state *s, int p, rng_t *r) {
  const int day = s->day, left = b->days - 1 - day;
  const uint64_t mine = s->own[p], occ = s->own[0] | s->own[1];
  const uint64_t ready = mine & ~s->dormant;
  const int sun = s->sun[p];
  uint32_t coin = (uint32_t)rng_next(r);

  /* COMPLETE */
  uint64_t c3 = ready & s->size[3];
  if (c3 && sun >= 4) {
    int n3 = __builtin_popcountll(mine & s->size[3]);
    int kd = day + (24 - b->days); /* by days left: wood 1 has 6 */
    int keep = kd < 0 ? 99 : kd < 24 ? ai__keep[kd] + (int)(coin & 1) : 0;
    if (left <= 0 || n3 > keep) {
      /* prefer a tree that tomorrow's shadows would block anyway */
      if (left > 0) {
        uint64_t sh[4];
        rules_shadows(s, (day + 1) % 6, sh);
        if (c3 & sh[3]) return RULES_ACT(RULES_COMPLETE, 0, ai__pick_rich(b, c3 & sh[3], r));
      }
      return RULES_ACT(RULES_COMPLETE, 0, ai__pick_rich(b, c3, r));
    }
  }
  coin >>= 1;
  /* GROW, largest first; each size skipped now and then (1 in 64) for variety */
  for (int sz = 2; sz >= 0 && b->grow_on; sz--, coin >>= 6) {
    if (left < 3 - sz) continue;
    uint64_t m = ready & s->size[sz];
    if (!m || (coin & 63) == 0) continue;
    if (rules_grow_cost(s, p, sz) > sun) continue;
    if (left > 0) { /* prefer trees that will harvest tomorrow at their new size */
      uint64_t sh[4];
      rules_shadows(s, (day + 1) % 6, sh);
      if (m & ~sh[sz + 1]) m &= ~sh[sz + 1];
    }
    return RULES_ACT(RULES_GROW, 0, ai__pick_rich(b, m, r));
  }
  /* SEED: free seed onto a rich cell out of the lines of own trees */
  if (b->seed_on && left >= 4 && rules_seed_cost(s, p) == 0) {
    uint64_t near = ai__crowded(mine), targets = 0;
    uint64_t src = ready & ~s->size[0];
    for (int k = 1; k <= 3; k++)
      for (uint64_t t = src & s->size[k]; t; t &= t - 1)
        targets |= rules_tab.range[__builtin_ctzll(t)][k];
    targets &= b->usable & ~occ & ~near;
    /* and, when possible, not right next to a big opponent tree's line */
    uint64_t bad = 0;
    for (uint64_t t = s->own[1 - p] & (s->size[2] | s->size[3]); t; t &= t - 1) {
      int c = __builtin_ctzll(t);
      for (int d = 0; d < 6; d++) bad |= rules_tab.ray[c][d][1];
    }
    if (targets & ~bad) targets &= ~bad;
    if (targets) {
      int tg = ai__pick_rich(b, targets, r);
      for (int k = 1; k <= 3; k++)
        for (uint64_t t = src & s->size[k]; t; t &= t - 1) {
          int c = __builtin_ctzll(t);
          if (rules_tab.range[c][k] >> tg & 1) return RULES_ACT(RULES_SEED, c, tg);
        }
    }
  }
  return RULES_WAIT;
}

BOT_API void ai_playout(const rules_board *b, rules_state *s, const int first[2], rng_t *r) {
  int forced = 1;
  while (s->day < b->days) {
    while (!(s->waiting[0] && s->waiting[1])) {
      int act[2];
      for (int p = 0; p < 2; p++) {
        if (s->waiting[p]) act[p] = RULES_WAIT;
        else if (forced && first[p] >= 0) act[p] = first[p];
        else act[p] = ai_policy(b, s, p, r);
      }
      forced = 0;
      rules_apply(b, s, act);
    }
    rules_sun_move(b, s);
    if (s->day >= b->days) break;
    rules_gather(b, s);
  }
  rules_finish(s);
}

BOT_API void ai_policy_day(const rules_board *b, rules_state *s, rng_t *r) {
  while (!(s->waiting[0] && s->waiting[1])) {
    int act[2] = {ai_policy(b, s, 0, r), ai_policy(b, s, 1, r)};
    if (s->waiting[0]) act[0] = RULES_WAIT;
    if (s->waiting[1]) act[1] = RULES_WAIT;
    rules_resolve(b, s, act);
  }
  rules_sun_move(b, s);
  if (s->day < b->days) rules_gather(b, s);
}

BOT_API double ai_value(const rules_state *s, int p) {
  int diff = s->score[p] - s->score[1 - p];
  double win = diff > 0 ? 1.0 : diff < 0 ? 0.0 : 0.5;
  return AI_WIN_WEIGHT * win + (1.0 - AI_WIN_WEIGHT) * (0.5 + 0.5 * tanh((double)diff / AI_DIFF_SCALE));
}

BOT_API int ai_candidates(const rules_board *b, const rules_state *s, int p, int out[AI_MAX_ROOT]) {
  int all[RULES_MAX_ACTIONS];
  int n = rules_possible(b, s, p, NULL, all), k = 0;
  /* best seed source per target: the smallest tree in range */
  int src_of[RULES_CELLS], src_size[RULES_CELLS];
  for (int i = 0; i < RULES_CELLS; i++) src_of[i] = -1, src_size[i] = 9;
  uint64_t near = ai__crowded(s->own[p]);
  for (int i = 0; i < n; i++) {
    int a = all[i];
    if (RULES_KIND(a) != RULES_SEED) {
      if (k < AI_MAX_ROOT) out[k++] = a;
      continue;
    }
    int src = RULES_SRC(a), dst = RULES_DST(a), sz = rules_size_at(s, src);
    if (sz < src_size[dst]) src_of[dst] = src, src_size[dst] = sz;
  }
  /* keep the best seed targets by richness, away from own trees first */
  int score[RULES_CELLS], cells[RULES_CELLS], nc = 0;
  for (int c = 0; c < RULES_CELLS; c++) {
    if (src_of[c] < 0) continue;
    score[nc] = b->richness[c] * 4 - ((near >> c & 1) ? 8 : 0) +
                (rules_tab.ring[c] == 3 ? 0 : 1);
    cells[nc++] = c;
  }
  for (int want = 0; want < AI_SEED_CANDIDATES && nc > 0; want++) {
    int bi = 0;
    for (int i = 1; i < nc; i++)
      if (score[i] > score[bi]) bi = i;
    if (k < AI_MAX_ROOT) out[k++] = RULES_ACT(RULES_SEED, src_of[cells[bi]], cells[bi]);
    score[bi] = score[nc - 1];
    cells[bi] = cells[nc - 1];
    nc--;
  }
  return k;
}

/* The search, for the ACTIONS frame of s and player me:
     1. Root candidates: every listed COMPLETE and GROW, WAIT, and the seed
        targets ai_candidates keeps.
     2. A single candidate (WAIT) is the answer: no search.
     3. Until the deadline (read every AI_CLOCK_EVERY samples; without
        one, d NULL: max_playouts samples), pick the
        candidate with the best UCB1 bound (each one once first), play the
        game out from it with ai_playout, add ai_value to its sum.
     4. Answer the most visited candidate (ties: the better mean). */
static int ai__ucb(const rules_board *b, const rules_state *s, int me, const deadline_t *d,
                   long max_playouts, rng_t *r, ai_stats *st) {
  int cand[AI_MAX_ROOT];
  double sum[AI_MAX_ROOT];
  int visits[AI_MAX_ROOT];
  long total = 0;
  memset(sum, 0, sizeof sum);
  memset(visits, 0, sizeof visits);
  if (st) memset(st, 0, sizeof *st);

  /* 1. candidates */
  int nc = ai_candidates(b, s, me, cand);

  /* 2. nothing to choose */
  if (nc <= 1) {
    if (st) st->candidates = nc;
    return RULES_WAIT;
  }

  /* 3. UCB1 sampling until the deadline (or the playout budget) */
  for (;;) {
    if (d ? total % AI_CLOCK_EVERY == 0 && deadline_passed(d) : total >= max_playouts) break;
    int pick = -1;
    if (total < nc) {
      pick = (int)total;
    } else {
      double best = -1.0, lg = log((double)total);
      for (int i = 0; i < nc; i++) {
        double u = sum[i] / visits[i] + AI_UCB_C * sqrt(lg / visits[i]);
        if (u > best) best = u, pick = i;
      }
    }
    rules_state t = *s;
    int first[2] = {-1, -1};
    first[me] = cand[pick];
    ai_playout(b, &t, first, r);
    sum[pick] += ai_value(&t, me);
    visits[pick]++;
    total++;
  }

  /* 4. the most visited */
  int bi = 0;
  for (int i = 1; i < nc; i++)
    if (visits[i] > visits[bi] ||
        (visits[i] == visits[bi] && visits[i] > 0 && sum[i] / visits[i] > sum[bi] / visits[bi]))
      bi = i;
  if (st) {
    st->playouts = total;
    st->candidates = nc;
    st->best_value = visits[bi] ? sum[bi] / visits[bi] : 0.0;
  }
  return cand[bi];
}

BOT_API int ai_search(const rules_board *b, const rules_state *s, int me, const deadline_t *d,
                      rng_t *r, ai_stats *st) {
  return ai__ucb(b, s, me, d, 0, r, st);
}

BOT_API void ai_engine_init(ai_engine *e, int design, uint64_t seed) {
  e->design = design;
  e->budget = 0;
  beam_params_init(&e->beam_par, BEAM_SHIPPED);
  rng_seed(&e->rng, seed);
}

BOT_API int ai_choose(ai_engine *e, const rules_board *b, const rules_state *s, int me,
                      const deadline_t *d, ai_report *rep) {
  ai_report r;
  int a;
  if (e->design == AI_BEAM) {
    beam_stats st;
    a = e->budget > 0 ? beam_search_to(&e->beam_par, b, s, me, (int)e->budget, &e->beam, &st)
                      : beam_search(&e->beam_par, b, s, me, d, &e->beam, &st);
    r.work = st.expanded, r.unit = "states", r.breadth = st.width, r.value = st.value;
  } else {
    ai_stats st;
    a = ai__ucb(b, s, me, e->budget > 0 ? NULL : d, e->budget, &e->rng, &st);
    r.work = st.playouts, r.unit = "playouts", r.breadth = st.candidates, r.value = st.best_value;
  }
  if (rep) *rep = r;
  return a;
}
