/*
** ai.c -- Blitz move choice (see ai.h): distance maps, leaf evaluation and
** an iterative-deepening paranoid alpha-beta over the exact simulator.
**
** The search always stops at a ply where it is our move again, so every
** leaf is valued at the same phase of the round. Moves that cannot change
** anything but the direction shown (into walls, the border, a hero, our own
** mine, a tavern without gold) are pruned as duplicates of Stay.
*/
#include "ai.h"

#include <string.h>

#define AI__SPIKE_STEPS 3 /* a spike entry (10 life) counts as this many extra steps */

static int ai__dmine[RULES_CELLS]; /* moves from a cell to take the nearest mine not ours */
static int ai__dtav[RULES_CELLS];  /* moves from a cell to drink at the nearest tavern */
static int ai__dvia[RULES_CELLS];  /* moves from a cell to a tavern's side, then to a mine */
static int ai__dspk[RULES_CELLS];  /* fewest spike entries on a way to a tavern */
static int ai__me;
static int ai__near[RULES_HEROES + 1];
static long ai__nodes;
static int ai__abort;
static const deadline_t *ai__dl;

/* Multi-source Dijkstra: dist[c] = moves from c to act on a target cell. */
static void ai__distmap(const rules_state *s, int *dist, int want_mine, int me) {
  int n = s->n;
  static int16_t bucket[16][RULES_CELLS];
  static int bsize[16];
  memset(bsize, 0, sizeof bsize);
  for (int c = 0; c < n * n; c++) dist[c] = 1 << 20;
  int pending = 0;
  for (int c = 0; c < n * n; c++) {
    int t = s->terrain[c];
    int target = want_mine ? (t == RULES_MINE && s->owner[c] != me) : t == RULES_TAVERN;
    if (!target) continue;
    for (int d = 0; d < 4; d++) {
      int x = c / n + rules_dx(d), y = c % n + rules_dy(d);
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int nc = x * n + y;
      if (s->terrain[nc] != RULES_AIR && s->terrain[nc] != RULES_SPIKES) continue;
      if (dist[nc] > 1) {
        dist[nc] = 1;
        bucket[1][bsize[1]++] = (int16_t)nc;
        pending++;
      }
    }
  }
  for (int d = 1; pending > 0 && d < (1 << 20); d++) {
    int b = d % 16;
    for (int i = 0; i < bsize[b]; i++) {
      int c = bucket[b][i];
      if (dist[c] != d) continue;
      int cx = c / n, cy = c % n;
      for (int k = 0; k < 4; k++) {
        int x = cx + rules_dx(k), y = cy + rules_dy(k);
        if (x < 0 || y < 0 || x >= n || y >= n) continue;
        int pc = x * n + y; /* a walker at pc steps into c */
        if (s->terrain[pc] != RULES_AIR && s->terrain[pc] != RULES_SPIKES) continue;
        int nd = d + 1 + (s->terrain[c] == RULES_SPIKES ? AI__SPIKE_STEPS : 0);
        if (nd >= dist[pc]) continue;
        dist[pc] = nd;
        int nb = nd % 16;
        if (bsize[nb] < RULES_CELLS) {
          bucket[nb][bsize[nb]++] = (int16_t)pc;
          pending++;
        }
      }
    }
    pending -= bsize[b];
    bsize[b] = 0;
  }
}

/* Relaxation sweeps until nothing changes (the grid is small): dist[c]
   becomes the least, over walkable neighbours nc, of dist[nc] + step, plus
   spike when nc is a spike cell. dist holds the seeds, 1 << 20 elsewhere. */
static void ai__relax(const rules_state *s, int *dist, int step, int spike) {
  int n = s->n;
  for (int pass = 0, changed = 1; changed && pass < 4 * RULES_MAXN * RULES_MAXN; pass++) {
    changed = 0;
    for (int i = 0; i < n * n; i++) {
      int c = (pass & 1) ? n * n - 1 - i : i;
      if (s->terrain[c] != RULES_AIR && s->terrain[c] != RULES_SPIKES) continue;
      for (int k = 0; k < 4; k++) {
        int x = c / n + rules_dx(k), y = c % n + rules_dy(k);
        if (x < 0 || y < 0 || x >= n || y >= n) continue;
        int nc = x * n + y;
        if (s->terrain[nc] != RULES_AIR && s->terrain[nc] != RULES_SPIKES) continue;
        if (dist[nc] >= (1 << 20)) continue;
        int nd = dist[nc] + step + (s->terrain[nc] == RULES_SPIKES ? spike : 0);
        if (nd < dist[c]) {
          dist[c] = nd;
          changed = 1;
        }
      }
    }
  }
}

/* dvia[c] = min over cells t beside a tavern of (path c -> t) + dmine[t]. */
static void ai__via(const rules_state *s) {
  for (int c = 0; c < s->n * s->n; c++)
    ai__dvia[c] = (ai__dtav[c] == 1 && ai__dmine[c] < (1 << 20)) ? ai__dmine[c] : 1 << 20;
  ai__relax(s, ai__dvia, 1, AI__SPIKE_STEPS);
}

/* dspk[c]: fewest spike cells entered on a walk from c to a tavern's side. */
static void ai__spikes(const rules_state *s) {
  for (int c = 0; c < s->n * s->n; c++) ai__dspk[c] = ai__dtav[c] == 1 ? 0 : 1 << 20;
  ai__relax(s, ai__dspk, 0, 1);
}

BOT_API void ai_prepare(const rules_state *s, int me) {
  ai__me = me;
  ai__distmap(s, ai__dmine, 1, me);
  ai__distmap(s, ai__dtav, 0, me);
  ai__spikes(s);
  ai__via(s);
}

/* Own moves left for hero k (1..4) from the current turn on. */
static int ai__left(const rules_state *s, int k) {
  int off = (k - 1 - s->turn % 4 + 4) % 4;
  int span = s->max_turns - 1 - s->turn - off;
  return span < 0 ? 0 : span / 4 + 1;
}

static double ai__life_value(int l) {
  double v = 0.4 * (l < 40 ? l : 40);
  if (l > 40) v += 0.1 * ((l < 70 ? l : 70) - 40);
  if (l > 70) v += 0.02 * (l - 70);
  return v;
}

BOT_API double ai_evaluate(const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n;
  double mat[RULES_HEROES];
  for (int k = 0; k < RULES_HEROES; k++)
    mat[k] = s->heroes[k].gold + (double)s->heroes[k].mines * ai__left(s, k + 1);
  double best_other = -1e9;
  for (int k = 0; k < RULES_HEROES; k++)
    if (k != me - 1 && mat[k] > best_other) best_other = mat[k];
  int left = ai__left(s, me);
  double v = mat[me - 1] - 0.5 * best_other + ai__life_value(h->life);
  int c = h->x * n + h->y;
  int dm = ai__dmine[c];
  if (dm < (1 << 20)) {
    int d_eff = dm;
    if (h->life - dm - 25 < 20) {
      if (h->gold > 0 && ai__dvia[c] < (1 << 20)) {
        int need = (45 + dm - h->life + 24) / 25;
        if (need < 1) need = 1;
        d_eff = ai__dvia[c] + need;
      } else {
        d_eff = dm + 8;
      }
    }
    if (d_eff > left) d_eff = left;
    v -= 1.0 * d_eff;
  }
  /* risk: low life puts every owned mine one or two hits from a killer */
  if (h->mines > 0) {
    double f = h->life <= 25 ? 0.25 : h->life <= 50 ? 0.12 : h->life <= 75 ? 0.05 : 0.0;
    v -= f * h->mines * (left < 60 ? left : 60);
  }
  /* trapped: too weak to cross the spikes between us and any tavern. Such
     a hero takes no more mines and can only keep what it has until it is
     robbed, so this costs nearly its mines and a gold per turn left: worse
     than dying on purpose, far worse than staying out. */
  if (ai__dspk[c] < (1 << 20) && h->life <= 10 * ai__dspk[c])
    v -= 0.9 * h->mines * left + 1.0 * left;
  /* standing on an enemy's spawn: its death telefrags us */
  for (int k = 0; k < RULES_HEROES; k++) {
    if (k == me - 1) continue;
    if (s->heroes[k].spawn_x == h->x && s->heroes[k].spawn_y == h->y)
      v -= 3.0 + 0.5 * h->mines * (left < 10 ? left : 10);
  }
  return v;
}

/* Distinct moves of hero id in s; Stay first. */
static int ai__moves(const rules_state *s, int id, int *out) {
  const rules_hero *h = &s->heroes[id - 1];
  int n = s->n, m = 0;
  out[m++] = RULES_STAY;
  if (h->crashed) return m;
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x < 0 || y < 0 || x >= n || y >= n) continue;
    int c = x * n + y;
    int t = s->terrain[c];
    if (t == RULES_WALL) continue;
    if (t == RULES_TAVERN && h->gold < 1) continue;
    if (t == RULES_MINE && s->owner[c] == id) continue;
    if ((t == RULES_AIR || t == RULES_SPIKES) && rules_hero_at(s, x, y)) continue;
    out[m++] = d;
  }
  return m;
}

static double ai__search(const rules_state *s, int depth, double alpha, double beta) {
  if (ai__abort) return 0;
  if ((++ai__nodes & 255) == 0 && deadline_passed(ai__dl)) {
    ai__abort = 1;
    return 0;
  }
  if (depth <= 0 || rules_finished(s)) return ai_evaluate(s, ai__me);
  int id = s->turn % 4 + 1;
  rules_state child;
  if (id != ai__me && !ai__near[id]) {
    memcpy(&child, s, sizeof child);
    rules_move(&child, RULES_STAY);
    return ai__search(&child, depth - 1, alpha, beta);
  }
  int moves[5];
  int nm = ai__moves(s, id, moves);
  int maxing = id == ai__me;
  double best = maxing ? -1e18 : 1e18;
  for (int i = 0; i < nm; i++) {
    memcpy(&child, s, sizeof child);
    rules_move(&child, moves[i]);
    double v = ai__search(&child, depth - 1, alpha, beta);
    if (ai__abort) return 0;
    if (maxing) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}

BOT_API int ai_choose(const rules_state *s, int me, const deadline_t *d, ai_stats *st) {
  ai_stats local;
  if (!st) st = &local;
  memset(st, 0, sizeof *st);
  if (me < 1 || me > 4 || s->turn % 4 + 1 != me || rules_finished(s)) return RULES_STAY;
  ai_prepare(s, me);
  ai__dl = d;
  ai__abort = 0;
  ai__nodes = 0;
  /* adversaries: heroes within AI_NEAR path steps (heroes ignored), at most 2 */
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n;
  static int bfs[RULES_CELLS];
  int16_t queue[RULES_CELLS];
  for (int c = 0; c < n * n; c++) bfs[c] = -1;
  int head = 0, tail = 0;
  bfs[h->x * n + h->y] = 0;
  queue[tail++] = (int16_t)(h->x * n + h->y);
  while (head < tail) {
    int c = queue[head++];
    if (bfs[c] >= AI_NEAR + 1) continue;
    for (int k = 0; k < 4; k++) {
      int x = c / n + rules_dx(k), y = c % n + rules_dy(k);
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int nc = x * n + y;
      if (bfs[nc] >= 0) continue;
      if (s->terrain[nc] != RULES_AIR && s->terrain[nc] != RULES_SPIKES) continue;
      bfs[nc] = bfs[c] + 1;
      queue[tail++] = (int16_t)nc;
    }
  }
  memset(ai__near, 0, sizeof ai__near);
  int cand[4], cd[4], nc = 0;
  for (int k = 1; k <= 4; k++) {
    if (k == me || s->heroes[k - 1].crashed) continue;
    int dd = bfs[s->heroes[k - 1].x * n + s->heroes[k - 1].y];
    if (dd >= 0 && dd <= AI_NEAR) {
      cand[nc] = k;
      cd[nc++] = dd;
    }
  }
  for (int i = 0; i < nc; i++)
    for (int j = i + 1; j < nc; j++)
      if (cd[j] < cd[i]) {
        int t = cd[i]; cd[i] = cd[j]; cd[j] = t;
        t = cand[i]; cand[i] = cand[j]; cand[j] = t;
      }
  for (int i = 0; i < nc && i < 2; i++) ai__near[cand[i]] = 1;
  st->near = nc < 2 ? nc : 2;

  int moves[5];
  int nm = ai__moves(s, me, moves);
  double vals[5];
  int best_move = moves[0];
  double best_val = -1e18;
  /* order: greedy one-ply values first */
  rules_state child;
  for (int i = 0; i < nm; i++) {
    memcpy(&child, s, sizeof child);
    rules_move(&child, moves[i]);
    vals[i] = ai_evaluate(&child, me);
  }
  for (int depth = 4; depth <= AI_MAX_DEPTH; depth += 4) {
    /* sort moves by last values, best first */
    for (int i = 0; i < nm; i++)
      for (int j = i + 1; j < nm; j++)
        if (vals[j] > vals[i]) {
          double tv = vals[i]; vals[i] = vals[j]; vals[j] = tv;
          int tm = moves[i]; moves[i] = moves[j]; moves[j] = tm;
        }
    double iter_vals[5];
    double alpha = -1e18;
    int done = 1;
    for (int i = 0; i < nm; i++) {
      memcpy(&child, s, sizeof child);
      rules_move(&child, moves[i]);
      /* full window for the first move, then a null-ish window above alpha */
      double v = ai__search(&child, depth - 1, i == 0 ? -1e18 : alpha - 1e-9, 1e18);
      if (ai__abort) {
        done = 0;
        break;
      }
      iter_vals[i] = v;
      if (v > alpha) alpha = v;
    }
    if (!done) break;
    for (int i = 0; i < nm; i++) vals[i] = iter_vals[i];
    best_val = -1e18;
    for (int i = 0; i < nm; i++)
      if (vals[i] > best_val) {
        best_val = vals[i];
        best_move = moves[i];
      }
    st->depth = depth;
    if (s->turn + depth >= s->max_turns) break;
    if (!ai__near[1] && !ai__near[2] && !ai__near[3] && !ai__near[4] && depth >= 8) break;
  }
  if (st->depth == 0) {
    /* not even depth 4 finished: the greedy one-ply order */
    best_val = -1e18;
    for (int i = 0; i < nm; i++)
      if (vals[i] > best_val) {
        best_val = vals[i];
        best_move = moves[i];
      }
  }
  st->nodes = ai__nodes;
  st->ms = deadline_elapsed_ms(d);
  st->score = best_val;
  return best_move;
}

#undef AI__SPIKE_STEPS
