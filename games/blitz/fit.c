/*
** fit.c -- a general opponent model fitted during the game (see fit.h).
*/
#include "fit.h"

#include <stdio.h>
#include <string.h>

#define FIT_DECAY 0.9f    /* per round scored, on the misses */
#define FIT_MIN_OBS 8     /* rounds scored before a fit is trusted */
#define FIT_MAX_MISS 1.0f /* trusted while its decayed misses stay below (~90 % foretold) */
#define FIT_LOOSE_MISS 2.5f /* loose (fit_loose) while they stay below (~75 % foretold) */
#define FIT__INF (1 << 20)
/* 1: fit_prepare draws the ways of every loose fit (fit_loose), which
   fit_predict_loose plays, not only of the trusted ones (0, before: a
   loose fit never trusted walked on ways of zeros and stood still). */
#ifndef FIT_PREP_LOOSE
#define FIT_PREP_LOOSE 1
#endif

/* The grid's values; point i reads them as digits (fit_point), goal
   slowest, so ties go to mining, then to the first values listed. */
static const int fit__heal[] = {20, 35, 50, 0};
static const int fit__heal_to[] = {0, 75, 95}; /* 0: no more than `heal` asks */
static const int fit__attack[] = {0, 2, 5};
static const int fit__risk[] = {25, 50, 0};
static const int fit__spikes[] = {0, 6};
static const int fit__block[] = {0, 1};
#define FIT__COUNT(a) ((int)(sizeof a / sizeof a[0]))

BOT_API void fit_point(int i, fit_params *p) {
  if (i < 0 || i >= FIT_N) i = 0;
  p->block = fit__block[i % FIT__COUNT(fit__block)];
  i /= FIT__COUNT(fit__block);
  p->spikes = fit__spikes[i % FIT__COUNT(fit__spikes)];
  i /= FIT__COUNT(fit__spikes);
  p->risk = fit__risk[i % FIT__COUNT(fit__risk)];
  i /= FIT__COUNT(fit__risk);
  p->attack = fit__attack[i % FIT__COUNT(fit__attack)];
  i /= FIT__COUNT(fit__attack);
  p->heal_to = fit__heal_to[i % FIT__COUNT(fit__heal_to)];
  i /= FIT__COUNT(fit__heal_to);
  p->heal = fit__heal[i % FIT__COUNT(fit__heal)];
  i /= FIT__COUNT(fit__heal);
  p->goal = i % FIT_GOALS;
}

static int fit__walkable(const rules_state *s, int c) {
  return s->terrain[c] == RULES_AIR || s->terrain[c] == RULES_SPIKES;
}

/* dist[c]: moves from c to act on a target (1: beside it), spike entries
   costing `spike` more; targets are taverns (id 0) or mines not hero id's;
   walker (or 0): the hero whose ways go around the other heroes' cells.
   Relaxation sweeps until stable (the board is small). */
static void fit__ways(const rules_state *s, int *dist, int id, int spike, int walker) {
  static uint8_t open[RULES_CELLS];
  int n = s->n;
  for (int c = 0; c < n * n; c++) open[c] = (uint8_t)fit__walkable(s, c);
  for (int k = 1; k <= RULES_HEROES && walker > 0; k++)
    if (k != walker) open[s->heroes[k - 1].x * n + s->heroes[k - 1].y] = 0;
  for (int c = 0; c < n * n; c++) {
    dist[c] = FIT__INF;
    if (!open[c]) continue;
    for (int d = 0; d < 4; d++) {
      int x = c / n + rules_dx(d), y = c % n + rules_dy(d);
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int t = s->terrain[x * n + y];
      if ((id == 0 && t == RULES_TAVERN) || (id > 0 && t == RULES_MINE && s->owner[x * n + y] != id)) dist[c] = 1;
    }
  }
  for (int pass = 0, changed = 1; changed && pass < 4 * RULES_MAXN * RULES_MAXN; pass++) {
    changed = 0;
    for (int i = 0; i < n * n; i++) {
      int c = (pass & 1) ? n * n - 1 - i : i;
      if (!open[c]) continue;
      for (int d = 0; d < 4; d++) {
        int x = c / n + rules_dx(d), y = c % n + rules_dy(d);
        if (x < 0 || y < 0 || x >= n || y >= n) continue;
        int nc = x * n + y;
        if (!open[nc] || dist[nc] >= FIT__INF) continue;
        int nd = dist[nc] + 1 + (s->terrain[nc] == RULES_SPIKES ? spike : 0);
        if (nd < dist[c]) {
          dist[c] = nd;
          changed = 1;
        }
      }
    }
  }
}

static int fit__spike_i(int spikes) { return spikes > 0; }

/* The moves (bit d for direction d) one step down dist from hero id's
   cell, every one of the shortest ways: into an adjacent target when dist
   is 1 there (want_tavern: a tavern; else a mine not its own); Stay when
   none leads down. */
static int fit__down(const rules_state *s, int id, const int *dist, int want_tavern) {
  const rules_hero *h = &s->heroes[id - 1];
  int n = s->n, here = dist[h->x * n + h->y], best = here, mask = 0, into = 0;
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x < 0 || y < 0 || x >= n || y >= n) continue;
    int c = x * n + y, t = s->terrain[c];
    if (here == 1 && ((want_tavern && t == RULES_TAVERN) || (!want_tavern && t == RULES_MINE && s->owner[c] != id)))
      into |= 1 << d;
    if (fit__walkable(s, c) && !rules_hero_at(s, x, y) && dist[c] <= best && dist[c] < here) {
      if (dist[c] < best) mask = 0;
      best = dist[c];
      mask |= 1 << d;
    }
  }
  if (into) return into;
  return mask ? mask : 1 << RULES_STAY;
}

static int fit__manhattan(const rules_hero *a, const rules_hero *b) {
  return (a->x > b->x ? a->x - b->x : b->x - a->x) + (a->y > b->y ? a->y - b->y : b->y - a->y);
}

static int fit__hits(int life) { return (life + 24) / 25; }

/* The steps (bit d for direction d) that bring hero id nearer
   (manhattan) to hero k; Stay beside it (it hits) or when none does. */
static int fit__toward(const rules_state *s, int id, int k) {
  const rules_hero *h = &s->heroes[id - 1], *o = &s->heroes[k - 1];
  int bd = fit__manhattan(h, o), mask = 0;
  if (bd <= 1) return 1 << RULES_STAY;
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x < 0 || y < 0 || x >= s->n || y >= s->n || !fit__walkable(s, x * s->n + y) || rules_hero_at(s, x, y)) continue;
    int dd = (x > o->x ? x - o->x : o->x - x) + (y > o->y ? y - o->y : o->y - y);
    if (dd < bd) mask |= 1 << d;
  }
  return mask ? mask : 1 << RULES_STAY;
}

static int fit__beside_tavern(const rules_state *s, const rules_hero *h) {
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x >= 0 && y >= 0 && x < s->n && y < s->n && s->terrain[x * s->n + y] == RULES_TAVERN) return 1;
  }
  return 0;
}

/* The family's moves (fit.h, steps 1-4; bit d for direction d: the
   policy is indifferent among them) for hero id in s with parameters p;
   dmine: its ways to a mine not its own, dtav: to a tavern (both for
   p->spikes). */
static int fit__move(const fit_params *p, const rules_state *s, int id, const int *dmine, const int *dtav) {
  const rules_hero *h = &s->heroes[id - 1];
  int n = s->n, c = h->x * n + h->y;
  if (h->crashed) return 1 << RULES_STAY; /* 1. */
  if (h->gold > 0 && dtav[c] < FIT__INF) { /* 2. */
    if (h->life < p->heal) return fit__down(s, id, dtav, 1);
    if (h->life < p->heal_to && fit__beside_tavern(s, h)) return fit__down(s, id, dtav, 1);
  }
  if (p->attack > 0) { /* 3. the nearest hero it beats */
    int k = 0, kd = p->attack + 1;
    for (int j = 1; j <= RULES_HEROES; j++) {
      const rules_hero *o = &s->heroes[j - 1];
      if (j == id || o->crashed || fit__hits(o->life) >= fit__hits(h->life)) continue;
      if (fit__manhattan(h, o) < kd) {
        kd = fit__manhattan(h, o);
        k = j;
      }
    }
    if (k) return fit__toward(s, id, k);
  }
  if (p->goal == FIT_HUNT) { /* 4. the weakest other hero */
    int k = 0;
    for (int j = 1; j <= RULES_HEROES; j++)
      if (j != id && !s->heroes[j - 1].crashed && (!k || s->heroes[j - 1].life < s->heroes[k - 1].life)) k = j;
    if (k) return fit__toward(s, id, k);
  }
  if (p->goal == FIT_CAMP) return fit__beside_tavern(s, h) ? 1 << RULES_STAY : fit__down(s, id, dtav, 1);
  if (h->life <= p->risk && h->gold > 0 && dtav[c] < FIT__INF) return fit__down(s, id, dtav, 1);
  return fit__down(s, id, dmine, 0);
}

BOT_API void fit_reset(fit *f) { memset(f, 0, sizeof *f); }

/* The replay's working set (one round: the 3 other heroes' moves). */
#define FIT__LEVELS 3
static rules_state fit__st[FIT__LEVELS + 1]; /* [0]: after our move */
static rules_state fit__alt;
static int fit__dm[2][2][RULES_CELLS]; /* [block][spike index]: ways to a mine */
static int fit__dt[2][RULES_CELLS];    /* [spike index]: to a tavern, around heroes */

/* Depth-first: moves of the heroes at levels lev.. from fit__st[lev] to now. */
static int fit__dfs(int lev, const rules_state *now) {
  if (lev == FIT__LEVELS) return rules_same_shown(&fit__st[lev], now);
  for (int d = 0; d <= RULES_STAY; d++) {
    memcpy(&fit__st[lev + 1], &fit__st[lev], sizeof fit__st[0]);
    rules_move(&fit__st[lev + 1], d);
    if (fit__dfs(lev + 1, now)) return 1;
  }
  return 0;
}

/* The move a prediction plays among mask's equal moves: the first
   (north, east, south, west, stay). */
static int fit__pick(int mask) {
  for (int d = 0; d <= RULES_STAY; d++)
    if (mask & (1 << d)) return d;
  return RULES_STAY;
}

/* Scores every point on hero id's move from fit__st[lev] to fit__st[lev + 1]. */
static void fit__score(fit *f, int lev) {
  const rules_state *s = &fit__st[lev];
  int id = rules_to_move(s), seen = 0; /* the moves with the outcome seen */
  if (id < 1 || id > RULES_HEROES || s->heroes[id - 1].crashed) return;
  for (int d = 0; d <= RULES_STAY; d++) {
    memcpy(&fit__alt, s, sizeof fit__alt);
    rules_move(&fit__alt, d);
    if (rules_same_shown(&fit__alt, &fit__st[lev + 1])) seen |= 1 << d;
  }
  for (int k = 0; k < 2; k++) {
    fit__ways(s, fit__dm[0][k], id, fit__spikes[k], 0);
    fit__ways(s, fit__dm[1][k], id, fit__spikes[k], id);
    fit__ways(s, fit__dt[k], 0, fit__spikes[k], id);
  }
  float *miss = f->miss[id - 1];
  int best = 0, was = f->best[id - 1], was_mask = 0;
  for (int i = 0; i < FIT_N; i++) {
    fit_params p;
    fit_point(i, &p);
    int k = fit__spike_i(p.spikes);
    int mask = fit__move(&p, s, id, fit__dm[p.block][k], p.block ? fit__dt[k] : f->dtav[k]);
    int hit = (mask & seen) != 0;
    miss[i] = miss[i] * FIT_DECAY + (hit ? 0.0f : 1.0f);
    f->hits[id - 1][i] = (uint16_t)(f->hits[id - 1][i] + hit);
    if (miss[i] < miss[best]) best = i;
    if (i == was) was_mask = mask;
  }
  if (seen & (1 << fit__pick(was_mask))) f->played[id - 1]++;
  f->best[id - 1] = best;
  f->obs[id - 1]++;
}

BOT_API void fit_observe(fit *f, const rules_state *now, int me) {
  if (!f->valid || now->turn <= f->prev.turn || now->n != f->prev.n || me != f->me) {
    fit_reset(f);
  } else if (now->turn == f->prev.turn + 4 && f->move >= 0) {
    memcpy(&fit__st[0], &f->prev, sizeof fit__st[0]);
    rules_move(&fit__st[0], f->move);
    f->rounds++;
    if (!fit__dfs(0, now)) f->unexplained++;
    else
      for (int lev = 0; lev < FIT__LEVELS; lev++) fit__score(f, lev);
  }
  memcpy(&f->prev, now, sizeof f->prev);
  f->valid = 1;
  f->me = me;
  f->move = -1;
  if (f->tav_n != now->n) { /* the tavern ways: terrain alone */
    for (int k = 0; k < 2; k++) fit__ways(now, f->dtav[k], 0, fit__spikes[k], 0);
    f->tav_n = now->n;
  }
}

BOT_API void fit_moved(fit *f, int dir) { f->move = dir; }

BOT_API void fit_prepare(fit *f, const rules_state *s) {
  for (int id = 1; id <= RULES_HEROES; id++) {
    if (id == f->me || !(FIT_PREP_LOOSE ? fit_loose(f, id) : fit_trusted(f, id))) continue;
    fit_params p;
    fit_point(f->best[id - 1], &p);
    int k = fit__spike_i(p.spikes);
    fit__ways(s, f->dmine[id - 1][k], id, fit__spikes[k], p.block ? id : 0);
    if (p.block) fit__ways(s, f->dtav_block[id - 1], 0, fit__spikes[k], id);
  }
}

BOT_API int fit_trusted(const fit *f, int id) {
  if (!f->valid || id < 1 || id > RULES_HEROES || id == f->me) return 0;
  return f->obs[id - 1] >= FIT_MIN_OBS && f->miss[id - 1][f->best[id - 1]] < FIT_MAX_MISS;
}

BOT_API double fit_get(const fit *f, int id, fit_params *p) {
  if (id < 1 || id > RULES_HEROES) id = 1;
  fit_point(f->best[id - 1], p);
  return f->miss[id - 1][f->best[id - 1]];
}

BOT_API int fit_loose(const fit *f, int id) {
  if (!f->valid || id < 1 || id > RULES_HEROES || id == f->me) return 0;
  return f->obs[id - 1] >= FIT_MIN_OBS && f->miss[id - 1][f->best[id - 1]] < FIT_LOOSE_MISS;
}

/* The fitted point's move for hero id in s (the first of equal moves). */
static int fit__predicted(const fit *f, const rules_state *s, int id) {
  fit_params p;
  fit_point(f->best[id - 1], &p);
  int k = fit__spike_i(p.spikes);
  int mask = fit__move(&p, s, id, f->dmine[id - 1][k], p.block ? f->dtav_block[id - 1] : f->dtav[k]);
  return fit__pick(mask);
}

BOT_API int fit_predict(void *ctx, const rules_state *s, int id) {
  const fit *f = ctx;
  return fit_trusted(f, id) ? fit__predicted(f, s, id) : -1;
}

BOT_API int fit_predict_loose(const fit *f, const rules_state *s, int id) {
  return fit_loose(f, id) ? fit__predicted(f, s, id) : -1;
}

BOT_API char *fit_describe(const fit *f, int id, char *buf, size_t cap) {
  static const char *goals[] = {"mine", "hunt", "camp"};
  fit_params p;
  double miss = fit_get(f, id, &p);
  int obs = id >= 1 && id <= RULES_HEROES ? f->obs[id - 1] : 0;
  int hits = obs ? f->hits[id - 1][f->best[id - 1]] : 0;
  int played = obs ? f->played[id - 1] : 0;
  snprintf(buf, cap,
           "goal %s heal<%d to %d attack %d risk %d spikes %d block %d: %d/%d foretold, %d played, recent miss %.2f%s",
           goals[p.goal], p.heal, p.heal_to > p.heal ? p.heal_to : p.heal, p.attack, p.risk, p.spikes, p.block, hits,
           obs, played, miss, fit_trusted(f, id) ? " (trusted)" : "");
  return buf;
}

#undef FIT_DECAY
#undef FIT_MIN_OBS
#undef FIT_MAX_MISS
#undef FIT_LOOSE_MISS
#undef FIT__INF
#undef FIT_PREP_LOOSE
#undef FIT__COUNT
#undef FIT__LEVELS
