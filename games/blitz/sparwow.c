/*
** sparwow.c -- the model of wowblitzawesome (see sparwow.h for what it
** plays). One Dijkstra from the hero's cell labels every cell it can reach
** (its own cell 1, 0 for a cell never reached); each target's cost and
** first step are then read off those labels. The original searches once
** per target and stops at the target, but its labels are final when set
** and the walk back only reads labels below the target's, so one full
** search gives the same answers (and, for a target it cannot reach, the
** original's search also runs to the end).
**
** Invariants: no allocation; the static scratch arrays are rewritten by
** every sparwow_move before they are read; the tie orders (walk back N, W,
** E, S; targets row-major, then .NET's introspective sort) are the
** original's, so the same state gives its move.
*/
#include "sparwow.h"

#include <stdlib.h>
#include <string.h>

#define SPARWOW_MINE_LIFE 35      /* seek mines only with this much life */
#define SPARWOW_MINE_COST 25      /* added to a mine's path cost */
#define SPARWOW_STEP_COST 1       /* entering an empty cell */
#define SPARWOW_SLOW_COST 11      /* entering spikes or a hero's cell */
#define SPARWOW_FAR 1000          /* a target this costly is no target */
#define SPARWOW_UNSEEN 10000      /* the walk's reading of an unlabelled cell */
#define SPARWOW_OFFBOARD 99999    /* ... of a cell off the board */
#define SPARWOW_TAKEN 123456789   /* ... of a cell the walk went through */
#define SPARWOW_SORT_SMALL 16     /* .NET sorts partitions this small by insertion */
#define SPARWOW_NO_STEP (-1)      /* a walk that ran off the board */
#define SPARWOW_HANG (-2)         /* a walk that would loop (the original times out) */

typedef struct sparwow__target {
  int cost; /* path cost (plus the tile's cost) */
  int dist; /* path cost alone, 0 when unreached */
  int step; /* first move, or SPARWOW_NO_STEP / SPARWOW_HANG */
} sparwow__target;

static int sparwow__label[RULES_CELLS];
static int sparwow__walkv[RULES_CELLS];
static sparwow__target sparwow__list[RULES_CELLS];

BOT_API void sparwow_init(sparwow *b, uint64_t seed) {
  (void)seed;
  memset(b, 0, sizeof *b);
}

static int sparwow__is(const rules_state *s, int x, int y, int terrain) {
  return x >= 0 && y >= 0 && x < s->n && y < s->n && s->terrain[x * s->n + y] == terrain;
}

/* Labels every reachable cell: its own cell 1, then the cheapest path. */
static void sparwow__paths(const rules_state *s, int me) {
  static unsigned char done[RULES_CELLS];
  static const int dx[4] = {0, 1, -1, 0}, dy[4] = {1, 0, 0, -1};
  int n = s->n, cells = n * n;
  const rules_hero *h = &s->heroes[me - 1];
  for (int c = 0; c < cells; c++) {
    sparwow__label[c] = 0;
    done[c] = 0;
  }
  sparwow__label[h->x * n + h->y] = 1;
  for (;;) {
    int u = -1;
    for (int c = 0; c < cells; c++)
      if (!done[c] && sparwow__label[c] > 0 && (u < 0 || sparwow__label[c] < sparwow__label[u])) u = c;
    if (u < 0) break;
    done[u] = 1;
    int ux = u / n, uy = u % n;
    for (int d = 0; d < 4; d++) {
      int x = ux + dx[d], y = uy + dy[d];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int c = x * n + y, t = s->terrain[c], cost;
      if (rules_hero_at(s, x, y)) cost = SPARWOW_SLOW_COST;
      else if (t == RULES_AIR) cost = SPARWOW_STEP_COST;
      else if (t == RULES_SPIKES) cost = SPARWOW_SLOW_COST;
      else continue;
      if (sparwow__label[c] == 0) sparwow__label[c] = sparwow__label[u] + cost;
    }
  }
}

/* The first step toward cell `target`, read back from it: each time to
   the neighbour of least reading (ties N, W, E, S), until next to the
   start. Runs over unlabelled cells too, as the original does. */
static int sparwow__walk(const rules_state *s, int start, int target) {
  /* neighbours in reading order and the move from the start when the
     start is that neighbour */
  static const int dx[4] = {-1, 0, 0, 1}, dy[4] = {0, -1, 1, 0};
  static const int from[4] = {RULES_SOUTH, RULES_EAST, RULES_WEST, RULES_NORTH};
  int n = s->n, cells = n * n, cur = target;
  memcpy(sparwow__walkv, sparwow__label, sizeof(int) * (size_t)cells);
  for (int steps = 0; steps <= 4 * cells; steps++) {
    int cx = cur / n, cy = cur % n, val[4], best = 0;
    for (int d = 0; d < 4; d++) {
      int x = cx + dx[d], y = cy + dy[d];
      val[d] = SPARWOW_OFFBOARD;
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      if (x * n + y == start) return from[d];
      val[d] = sparwow__walkv[x * n + y];
    }
    for (int d = 0; d < 4; d++) {
      if (val[d] == 0) val[d] = SPARWOW_UNSEEN;
      if (val[d] < val[best]) best = d;
    }
    int x = cx + dx[best], y = cy + dy[best];
    if (x < 0 || y < 0 || x >= n || y >= n) return SPARWOW_NO_STEP;
    cur = x * n + y;
    sparwow__walkv[cur] = SPARWOW_TAKEN;
  }
  return SPARWOW_HANG;
}

/* .NET's introspective sort (insertion sort at 16 or fewer, median of
   three partitions, heapsort past the depth limit), by cost. */
static void sparwow__swap(sparwow__target *a, int i, int j) {
  sparwow__target t = a[i];
  a[i] = a[j];
  a[j] = t;
}

static void sparwow__order(sparwow__target *a, int i, int j) {
  if (i != j && a[i].cost > a[j].cost) sparwow__swap(a, i, j);
}

static void sparwow__sift(sparwow__target *a, int i, int n, int lo) {
  sparwow__target d = a[lo + i - 1];
  while (i <= n / 2) {
    int c = 2 * i;
    if (c < n && a[lo + c - 1].cost < a[lo + c].cost) c++;
    if (!(d.cost < a[lo + c - 1].cost)) break;
    a[lo + i - 1] = a[lo + c - 1];
    i = c;
  }
  a[lo + i - 1] = d;
}

static void sparwow__sort(sparwow__target *a, int lo, int hi, int depth) {
  while (hi > lo) {
    int size = hi - lo + 1;
    if (size <= SPARWOW_SORT_SMALL) {
      if (size == 2) {
        sparwow__order(a, lo, hi);
      } else if (size == 3) {
        sparwow__order(a, lo, hi - 1);
        sparwow__order(a, lo, hi);
        sparwow__order(a, hi - 1, hi);
      } else {
        for (int i = lo; i < hi; i++) {
          sparwow__target t = a[i + 1];
          int j = i;
          for (; j >= lo && t.cost < a[j].cost; j--) a[j + 1] = a[j];
          a[j + 1] = t;
        }
      }
      return;
    }
    if (depth == 0) {
      for (int i = size / 2; i >= 1; i--) sparwow__sift(a, i, size, lo);
      for (int i = size; i > 1; i--) {
        sparwow__swap(a, lo, lo + i - 1);
        sparwow__sift(a, 1, i - 1, lo);
      }
      return;
    }
    depth--;
    int mid = lo + ((hi - lo) >> 1);
    sparwow__order(a, lo, mid);
    sparwow__order(a, lo, hi);
    sparwow__order(a, mid, hi);
    int pivot = a[mid].cost, l = lo, r = hi - 1;
    sparwow__swap(a, mid, hi - 1);
    while (l < r) {
      while (a[++l].cost < pivot) {}
      while (pivot < a[--r].cost) {}
      if (l >= r) break;
      sparwow__swap(a, l, r);
    }
    if (l != hi - 1) sparwow__swap(a, l, hi - 1);
    sparwow__sort(a, l + 1, hi, depth);
    hi = l - 1;
  }
}

/* The cheapest target (a mine not ours when `mines`, else a tavern) into
   *out: 1, or 0 when there is none (or the cheapest is SPARWOW_FAR away),
   or -1 when a walk back would loop (the original then runs out of time,
   whichever target it was for). */
static int sparwow__seek(const rules_state *s, int me, int mines, sparwow__target *out) {
  static const int dx[4] = {0, 1, -1, 0}, dy[4] = {1, 0, 0, -1};
  int n = s->n, count = 0;
  const rules_hero *h = &s->heroes[me - 1];
  int start = h->x * n + h->y;
  for (int c = 0; c < n * n; c++) {
    int t = s->terrain[c];
    if (mines ? t != RULES_MINE || s->owner[c] == me : t != RULES_TAVERN) continue;
    int cx = c / n, cy = c % n, dist = 0;
    for (int d = 0; d < 4; d++) {
      int x = cx + dx[d], y = cy + dy[d];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int v = sparwow__label[x * n + y];
      if (v > 0 && (dist == 0 || v < dist)) dist = v;
    }
    sparwow__target *g = &sparwow__list[count++];
    g->dist = dist;
    g->cost = dist + (mines ? SPARWOW_MINE_COST : 0);
    g->step = sparwow__walk(s, start, c);
    if (g->step == SPARWOW_HANG) return -1;
  }
  if (count == 0) return 0;
  int lg = 0;
  while ((1 << (lg + 1)) <= count) lg++;
  sparwow__sort(sparwow__list, 0, count - 1, 2 * (lg + 1));
  if (sparwow__list[0].dist >= SPARWOW_FAR) return 0;
  *out = sparwow__list[0];
  return 1;
}

/* The assault rule: a move, or -1 when no hero calls for one. */
static int sparwow__assault(const rules_state *s, int me) {
  const rules_hero *m = &s->heroes[me - 1];
  for (int k = 0; k < RULES_HEROES; k++) {
    const rules_hero *h = &s->heroes[k];
    if (sparwow__is(s, h->x + 1, h->y, RULES_TAVERN) || sparwow__is(s, h->x, h->y + 1, RULES_TAVERN) ||
        sparwow__is(s, h->x - 1, h->y, RULES_TAVERN) || sparwow__is(s, h->x, h->y - 1, RULES_TAVERN))
      continue;
    if (h->x == h->spawn_x && h->y == h->spawn_y) continue;
    if (h->life >= m->life) continue;
    int md = abs(m->x - h->x) + abs(m->y - h->y);
    if (md == 2) {
      if (m->x > h->x) return RULES_NORTH;
      if (m->x < h->x) return RULES_SOUTH;
      return m->y > h->y ? RULES_WEST : RULES_EAST;
    }
    if (md == 1) {
      if (sparwow__is(s, m->x + 1, m->y, RULES_TAVERN)) return RULES_SOUTH;
      if (sparwow__is(s, m->x, m->y + 1, RULES_TAVERN)) return RULES_EAST;
      if (sparwow__is(s, m->x - 1, m->y, RULES_TAVERN)) return RULES_NORTH;
      if (sparwow__is(s, m->x, m->y - 1, RULES_TAVERN)) return RULES_WEST;
      return RULES_STAY;
    }
  }
  return -1;
}

BOT_API int sparwow_move(sparwow *b, const rules_state *s, int me) {
  b->turns++;
  int dir = sparwow__assault(s, me);
  if (dir >= 0) return dir;
  int life = s->heroes[me - 1].life;
  sparwow__paths(s, me);
  sparwow__target t;
  int found = 0;
  if (life >= SPARWOW_MINE_LIFE) found = sparwow__seek(s, me, 1, &t);
  if (found == 0 || (found > 0 && t.cost >= life)) found = sparwow__seek(s, me, 0, &t);
  if (found <= 0 || t.step < 0) return RULES_STAY;
  return t.step;
}

#undef SPARWOW_MINE_LIFE
#undef SPARWOW_MINE_COST
#undef SPARWOW_STEP_COST
#undef SPARWOW_SLOW_COST
#undef SPARWOW_FAR
#undef SPARWOW_UNSEEN
#undef SPARWOW_OFFBOARD
#undef SPARWOW_TAKEN
#undef SPARWOW_SORT_SMALL
#undef SPARWOW_NO_STEP
#undef SPARWOW_HANG
