/*
** sparring.c -- the sparring policies (see sparring.h). Each walks along
** nav.c's shortest paths (heroes are walls, spikes cost 10 extra steps) to
** the nearest target of its current goal.
*/
#include "sparring.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SPARRING_RANDOM_PCT 5 /* miner and hunter: share of random moves */

static const char *const sparring__names[SPARRING_KINDS] = {"random", "miner", "hunter", "killer", "brute", "wow"};

/* killer's tunables (its plan names and thresholds) */
enum { SPARRING__NONE, SPARRING__MINE, SPARRING__BEER, SPARRING__KILL };
#define SPARRING_KILL_STEPS 5      /* chase a hero fewer path steps away than this */
#define SPARRING_KILL_MARGIN 25    /* ... whose life is more than this below ours */
#define SPARRING_COCKY_LOW 30      /* mine while life is above this ... */
#define SPARRING_COCKY_HIGH 50     /* ... or this with more than SPARRING_COCKY_MINES mines */
#define SPARRING_COCKY_MINES 4
#define SPARRING_BEER_UNTIL 75     /* drink until life is above this */
#define SPARRING_SOLID_COST 100    /* entering a wall, mine or tavern on a path */
#define SPARRING_SPIKE_COST 5

BOT_API int sparring_kind(const char *name) {
  for (int k = 0; k < SPARRING_KINDS; k++)
    if (name && strcmp(name, sparring__names[k]) == 0) return k;
  return -1;
}

BOT_API const char *sparring_name(int kind) {
  return kind >= 0 && kind < SPARRING_KINDS ? sparring__names[kind] : "?";
}

BOT_API void sparring_init(sparring_bot *b, int kind, uint64_t seed) {
  memset(b, 0, sizeof *b);
  b->kind = kind;
  rng_seed(&b->rng, seed);
  if (kind == SPARRING_BRUTE) sparbrute_init(&b->brute, seed);
  if (kind == SPARRING_WOW) sparwow_init(&b->wow, seed);
}

BOT_API uint64_t sparring_process_seed(void) {
  const char *e = getenv("BLITZ_BOT_SEED");
  if (e && *e) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(e, &end, 10);
    if (!*end && !errno && *e != '-') return v;
    fprintf(stderr, "blitz sparring bot: BLITZ_BOT_SEED \"%s\" is not a number: seeded from the clock\n", e);
  }
  return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
}

/* First move toward the nearest tavern (want 0), mine not ours (1). */
static int sparring__nearest(const sparring_bot *b, const rules_state *s, int me, int want, int *best) {
  int dir = RULES_STAY;
  for (int c = 0; c < s->n * s->n; c++) {
    int t = s->terrain[c];
    if (want == 0 ? t != RULES_TAVERN : (t != RULES_MINE || s->owner[c] == me)) continue;
    int d0, d = nav_target(&b->nav, c, &d0);
    if (d < *best) {
      *best = d;
      dir = d0;
    }
  }
  return dir;
}

/* killer's paths: Dijkstra over every cell (walls included, at their
   cost), the cheapest unsettled cell first and the lowest index among
   equals; neighbours relaxed south, north, east, west. A cell a hero
   stands on costs 1 whatever lies under it: killer reads the board
   string, where that cell shows the hero ("@2"), not its spikes. */
static void sparring__kpaths(sparring_bot *b, const rules_state *s, int from) {
  /* a binary heap of (cost << 11 | cell), lazily deleted: pops in the
     same order as taking the cheapest, lowest-index unsettled cell */
  static int64_t heap[4 * RULES_CELLS + 1];
  static uint8_t done[RULES_CELLS];
  static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
  int n = s->n, cells = n * n, size = 0;
  for (int c = 0; c < cells; c++) {
    b->kdist[c] = 1 << 30;
    b->kprev[c] = -1;
    done[c] = 0;
  }
  b->kdist[from] = 0;
  heap[size++] = from;
  while (size > 0) {
    int64_t top = heap[0];
    heap[0] = heap[--size];
    for (int i = 0;;) { /* sift down */
      int l = 2 * i + 1, r = l + 1, m = i;
      if (l < size && heap[l] < heap[m]) m = l;
      if (r < size && heap[r] < heap[m]) m = r;
      if (m == i) break;
      int64_t t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
    int u = (int)(top & 2047);
    if (done[u]) continue;
    done[u] = 1;
    for (int k = 0; k < 4; k++) {
      int x = u / n + dx[k], y = u % n + dy[k];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int v = x * n + y, t = s->terrain[v];
      int cost = rules_hero_at(s, x, y)                                      ? 1
                 : (t == RULES_WALL || t == RULES_MINE || t == RULES_TAVERN) ? SPARRING_SOLID_COST
                 : t == RULES_SPIKES                                       ? SPARRING_SPIKE_COST
                                                                           : 1;
      if (done[v] || b->kdist[u] + cost >= b->kdist[v]) continue;
      b->kdist[v] = b->kdist[u] + cost;
      b->kprev[v] = (int16_t)u;
      int i = size++; /* sift up */
      heap[i] = ((int64_t)b->kdist[v] << 11) | v;
      while (i > 0 && heap[(i - 1) / 2] > heap[i]) {
        int64_t t2 = heap[i];
        heap[i] = heap[(i - 1) / 2];
        heap[(i - 1) / 2] = t2;
        i = (i - 1) / 2;
      }
    }
  }
}

/* Cells on killer's path to target (the target included, the start not);
   *first gets the first of them (the target itself when adjacent). */
static int sparring__ksteps(const sparring_bot *b, int target, int *first) {
  int steps = 0;
  *first = target;
  for (int c = target; b->kprev[c] >= 0; c = b->kprev[c]) {
    steps++;
    *first = c;
  }
  return steps;
}

/* The move from `from` toward cell `to`: rows first, as killer does. */
static int sparring__toward(const rules_state *s, int from, int to) {
  int fx = from / s->n, fy = from % s->n, tx = to / s->n, ty = to % s->n;
  if (fx > tx) return RULES_NORTH;
  if (fx < tx) return RULES_SOUTH;
  if (fy > ty) return RULES_WEST;
  if (fy < ty) return RULES_EAST;
  return RULES_STAY;
}

/* killer: first step to the cheapest cell of a kind (mine not ours: 1,
   tavern: 0); -1 when there is none. */
static int sparring__kgoal(const sparring_bot *b, const rules_state *s, int me, int from, int mine) {
  int best = -1;
  for (int c = 0; c < s->n * s->n; c++) {
    int t = s->terrain[c];
    if (mine ? (t != RULES_MINE || s->owner[c] == me) : t != RULES_TAVERN) continue;
    if (best < 0 || b->kdist[c] < b->kdist[best]) best = c;
  }
  if (best < 0) return -1;
  int first;
  if (sparring__ksteps(b, best, &first) == 0) return RULES_STAY;
  return sparring__toward(s, from, first);
}

static int sparring__killer(sparring_bot *b, const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n, from = h->x * n + h->y;
  sparring__kpaths(b, s, from);
  for (int k = 0; k < RULES_HEROES; k++) {
    const rules_hero *e = &s->heroes[k];
    int first;
    if (k + 1 == me || e->mines <= h->mines || e->life + SPARRING_KILL_MARGIN >= h->life) continue;
    if (sparring__ksteps(b, e->x * n + e->y, &first) >= SPARRING_KILL_STEPS) continue;
    b->last = SPARRING__KILL;
    return sparring__toward(s, from, first);
  }
  int cocky = h->mines > SPARRING_COCKY_MINES ? SPARRING_COCKY_HIGH : SPARRING_COCKY_LOW;
  if (h->life > cocky && b->last != SPARRING__BEER) {
    b->last = SPARRING__MINE;
    int dir = sparring__kgoal(b, s, me, from, 1);
    if (dir >= 0) return dir;
  } else {
    b->last = b->last == SPARRING__BEER && h->life > SPARRING_BEER_UNTIL ? SPARRING__NONE : SPARRING__BEER;
  }
  int dir = sparring__kgoal(b, s, me, from, 0);
  return dir >= 0 ? dir : RULES_STAY;
}

BOT_API int sparring_move(sparring_bot *b, const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  int best = NAV_INF;
  if (b->kind == SPARRING_RANDOM) return (int)rng_below(&b->rng, 4);
  if (b->kind == SPARRING_KILLER) return sparring__killer(b, s, me);
  if (b->kind == SPARRING_BRUTE) return sparbrute_move(&b->brute, s, me);
  if (b->kind == SPARRING_WOW) return sparwow_move(&b->wow, s, me);
  if (!b->pure && rng_below(&b->rng, 100) < SPARRING_RANDOM_PCT) return (int)rng_below(&b->rng, 5);
  nav_compute(&b->nav, s, h->x, h->y, 10, 1, me);
  if (b->kind == SPARRING_MINER) {
    if (h->life < 35 && h->gold > 0) b->healing = 1;
    if (h->life >= 90 || h->gold == 0) b->healing = 0;
    return sparring__nearest(b, s, me, b->healing ? 0 : 1, &best);
  }
  /* hunter */
  if (h->life < 40 && h->gold > 0) b->healing = 1;
  if (h->life >= 85 || h->gold == 0) b->healing = 0;
  if (b->healing) return sparring__nearest(b, s, me, 0, &best);
  int dir = RULES_STAY;
  for (int k = 0; k < RULES_HEROES; k++) {
    const rules_hero *e = &s->heroes[k];
    if (k + 1 == me || e->mines == 0 || e->life > h->life) continue;
    int d0, d = nav_target(&b->nav, e->x * s->n + e->y, &d0);
    if (d < best) {
      best = d;
      dir = d0;
    }
  }
  if (best < NAV_INF) return dir;
  return sparring__nearest(b, s, me, 1, &best);
}

#undef SPARRING_RANDOM_PCT
#undef SPARRING_KILL_STEPS
#undef SPARRING_KILL_MARGIN
#undef SPARRING_COCKY_LOW
#undef SPARRING_COCKY_HIGH
#undef SPARRING_COCKY_MINES
#undef SPARRING_BEER_UNTIL
#undef SPARRING_SOLID_COST
#undef SPARRING_SPIKE_COST
