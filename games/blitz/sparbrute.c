/*
** sparbrute.c -- the brute_force_it model (see sparbrute.h for what it
** does). One move: read the board as the bot's tile grid (a hero's cell
** shows the hero, not what lies under it), run its path search once from
** the hero's cell, build its target sets and pick.
**
** Invariants: the search's scratch arrays are static (the model is not
** reentrant across threads); each call recomputes them from the state, so
** nothing but the rng and counters carries over between moves.
*/
#include "sparbrute.h"

#include <string.h>

#define SPARBRUTE_AIR_COST 1
#define SPARBRUTE_SPIKE_COST 11
#define SPARBRUTE_SOLID_COST 25    /* wall, tavern, mine or hero: ends a path */
#define SPARBRUTE_LOW_LIFE 36      /* mines only above; below, first steps cost this */
#define SPARBRUTE_BEER_MARGIN 10   /* go drink when the tavern costs more than life - this */
#define SPARBRUTE_FULL_LIFE 85     /* stay at this life when nothing else is found */
#define SPARBRUTE_KILL_LIFE 25     /* a hero this weak, with mines, within ... */
#define SPARBRUTE_KILL_STEPS 2     /* ... this many steps (Manhattan) is a target */
#define SPARBRUTE_WAVES 16         /* rings scanned for targets */
#define SPARBRUTE_HASH_BUCKETS 16  /* a small Java HashSet's table */
#define SPARBRUTE_STACK (2 * RULES_CELLS) /* search stack entries (compacted when full) */

/* Tile kinds of the bot's grid: air, wall, spikes, tavern, then
   SPARBRUTE__HERO + id (1..4), SPARBRUTE__MINE + owner (0..4). */
enum { SPARBRUTE__AIR, SPARBRUTE__WALL, SPARBRUTE__SPIKES, SPARBRUTE__TAVERN, SPARBRUTE__HERO = 10,
       SPARBRUTE__MINE = 20 };

static uint8_t sparbrute__tile[RULES_CELLS];
static uint8_t sparbrute__known[RULES_CELLS];  /* the search reached it */
static uint8_t sparbrute__ends[RULES_CELLS];   /* its path ends there */
static int sparbrute__cost[RULES_CELLS];
static int16_t sparbrute__prev[RULES_CELLS];   /* -1 at the start */
static int32_t sparbrute__stack[SPARBRUTE_STACK]; /* cost << 11 | cell */

BOT_API void sparbrute_init(sparbrute *b, uint64_t seed) {
  memset(b, 0, sizeof *b);
  rng_seed(&b->rng, seed);
}

static int sparbrute__is_hero(int t) { return t > SPARBRUTE__HERO && t <= SPARBRUTE__HERO + RULES_HEROES; }

static void sparbrute__read(const rules_state *s) {
  for (int c = 0; c < s->n * s->n; c++) {
    int t = s->terrain[c];
    sparbrute__tile[c] = t == RULES_WALL     ? SPARBRUTE__WALL
                         : t == RULES_SPIKES ? SPARBRUTE__SPIKES
                         : t == RULES_TAVERN ? SPARBRUTE__TAVERN
                         : t == RULES_MINE   ? (uint8_t)(SPARBRUTE__MINE + s->owner[c])
                                             : SPARBRUTE__AIR;
  }
  /* drawn last id first, so the lowest id shows on a shared cell */
  for (int k = RULES_HEROES - 1; k >= 0; k--) {
    const rules_hero *h = &s->heroes[k];
    if (h->x >= 0 && h->y >= 0 && h->x < s->n && h->y < s->n)
      sparbrute__tile[h->x * s->n + h->y] = (uint8_t)(SPARBRUTE__HERO + k + 1);
  }
}

/* The bot's test for danger next to a cell: a hero tile whose digit is not
   me + 1 (its id test is off by one, so its own tile counts too). */
static int sparbrute__danger(int n, int x, int y, int me) {
  static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
  for (int k = 0; k < 4; k++) {
    int a = x + dx[k], c = y + dy[k];
    if (a < 0 || c < 0 || a >= n || c >= n) continue;
    int t = sparbrute__tile[a * n + c];
    if (sparbrute__is_hero(t) && t != SPARBRUTE__HERO + me + 1) return 1;
  }
  return 0;
}

/* Drops the stack entries that can never be expanded again (a cell's cost
   only falls, and an end stays one), keeping the order of the others: the
   pops that matter are unchanged. At most one live entry a cell remains. */
static int sparbrute__compact(int size) {
  int kept = 0;
  for (int i = 0; i < size; i++) {
    int32_t e = sparbrute__stack[i];
    int u = e & 2047;
    if (!sparbrute__ends[u] && sparbrute__cost[u] == e >> 11) sparbrute__stack[kept++] = e;
  }
  return kept;
}

/* The search from cell `from`, run to exhaustion (the bot's stop test
   never matches). */
static void sparbrute__search(const rules_state *s, int me, int from) {
  static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0}; /* W, E, N, S */
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n, size = 0;
  memset(sparbrute__known, 0, sizeof sparbrute__known);
  sparbrute__known[from] = 1;
  sparbrute__ends[from] = 0;
  sparbrute__cost[from] = 0;
  sparbrute__prev[from] = -1;
  sparbrute__stack[size++] = from;
  while (size > 0) {
    int32_t e = sparbrute__stack[--size];
    int u = e & 2047, cu = e >> 11;
    if (sparbrute__ends[u] || sparbrute__cost[u] != cu) continue; /* a stale or final entry */
    for (int k = 0; k < 4; k++) {
      int x = u / n + dx[k], y = u % n + dy[k];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int v = x * n + y, t = sparbrute__tile[v];
      int ends = t != SPARBRUTE__AIR && t != SPARBRUTE__SPIKES;
      int cost = t == SPARBRUTE__AIR ? SPARBRUTE_AIR_COST : t == SPARBRUTE__SPIKES ? SPARBRUTE_SPIKE_COST : SPARBRUTE_SOLID_COST;
      if (u == from && h->life < SPARBRUTE_LOW_LIFE && sparbrute__danger(n, x, y, me)) cost = SPARBRUTE_LOW_LIFE;
      if (h->mines > 0 && t == SPARBRUTE__SPIKES && cu + cost >= h->life) ends = 1;
      if (sparbrute__known[v] && cu + cost >= sparbrute__cost[v]) continue;
      sparbrute__known[v] = 1;
      sparbrute__ends[v] = (uint8_t)ends;
      sparbrute__cost[v] = cu + cost;
      sparbrute__prev[v] = (int16_t)u;
      if (size == SPARBRUTE_STACK) size = sparbrute__compact(size);
      sparbrute__stack[size++] = (int32_t)(((cu + cost) << 11) | v);
    }
  }
}

/* The bot's target set, in its HashSet's iteration order; returns its size
   (0..2). beer: taverns, else mines not its own. */
static int sparbrute__targets(const rules_state *s, int me, int beer, int out[2]) {
  static uint8_t seen[RULES_CELLS];
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n, hx = h->x, hy = h->y, count = 0, done = 0;
  memset(seen, 0, sizeof seen);
  for (int w = 1; w <= SPARBRUTE_WAVES && !done; w++) {
    for (int x = hx - w; x <= hx + w && !done; x++) {
      if (x < 0 || x >= n) continue;
      for (int y = hy - w; y <= hy + w; y++) {
        if (y < 0 || y >= n || (x == hx && y == hy) || seen[x * n + y]) continue;
        int c = x * n + y, t = sparbrute__tile[c];
        seen[c] = 1;
        if (w == 1 && x != y && t == SPARBRUTE__TAVERN && h->life < SPARBRUTE_FULL_LIFE) {
          out[count++] = c;
          done = 1;
          break;
        }
        int steps = (x > hx ? x - hx : hx - x) + (y > hy ? y - hy : hy - y);
        if (steps <= SPARBRUTE_KILL_STEPS && sparbrute__is_hero(t)) {
          const rules_hero *e = &s->heroes[t - SPARBRUTE__HERO - 1];
          int spawn = 0;
          for (int k = 0; k < RULES_HEROES; k++)
            if (k + 1 != me && s->heroes[k].spawn_x == x && s->heroes[k].spawn_y == y) spawn = 1;
          if (!spawn && e->life <= SPARBRUTE_KILL_LIFE && !e->crashed && e->mines > 0) {
            out[count++] = c;
            done = 1;
            break;
          }
        }
        int want = beer ? t == SPARBRUTE__TAVERN : t >= SPARBRUTE__MINE && t != SPARBRUTE__MINE + me;
        if (want && count == 0) out[count++] = c;
      }
    }
  }
  if (count == 2) {
    int b0 = (31 * (out[0] / n) + out[0] % n) & (SPARBRUTE_HASH_BUCKETS - 1);
    int b1 = (31 * (out[1] / n) + out[1] % n) & (SPARBRUTE_HASH_BUCKETS - 1);
    if (b1 < b0) {
      int t = out[0];
      out[0] = out[1];
      out[1] = t;
    }
  }
  return count;
}

/* The cheapest of the targets (first among equals), or -1: none, one the
   search never reached, or (mine) the cheapest costs more than life. */
static int sparbrute__pick(const rules_state *s, int me, const int *targets, int count, int mine) {
  int best = -1, ok = 0;
  for (int i = 0; i < count; i++) {
    int c = targets[i];
    if (!sparbrute__known[c]) return -1;
    if (best < 0 || sparbrute__cost[c] < sparbrute__cost[best]) {
      best = c;
      ok = !(mine && sparbrute__cost[c] > s->heroes[me - 1].life);
    }
  }
  return ok ? best : -1;
}

/* The first step of the search's path to cell `to`. */
static int sparbrute__first(const rules_state *s, int from, int to) {
  int c = to;
  if (c == from) return RULES_STAY;
  while (sparbrute__prev[c] != from) c = sparbrute__prev[c];
  int n = s->n, dx = c / n - from / n, dy = c % n - from % n;
  return dy < 0 ? RULES_WEST : dy > 0 ? RULES_EAST : dx < 0 ? RULES_NORTH : RULES_SOUTH;
}

BOT_API int sparbrute_move(sparbrute *b, const rules_state *s, int me) {
  static const int random_dir[5] = {RULES_STAY, RULES_NORTH, RULES_SOUTH, RULES_EAST, RULES_WEST};
  const rules_hero *h = &s->heroes[me - 1];
  int from = h->x * s->n + h->y, beer[2], goal[2];
  b->turns++;
  sparbrute__read(s);
  sparbrute__search(s, me, from);
  int nbeer = sparbrute__targets(s, me, 1, beer);
  int pick = sparbrute__pick(s, me, beer, nbeer, 0);
  if (pick >= 0 && sparbrute__cost[pick] > h->life - SPARBRUTE_BEER_MARGIN) return sparbrute__first(s, from, pick);
  int mine = h->life > SPARBRUTE_LOW_LIFE;
  int ngoal = sparbrute__targets(s, me, !mine, goal);
  pick = sparbrute__pick(s, me, goal, ngoal, mine);
  if (pick < 0) {
    if (h->life >= SPARBRUTE_FULL_LIFE) return RULES_STAY;
    pick = sparbrute__pick(s, me, beer, nbeer, 0);
  }
  if (pick >= 0) return sparbrute__first(s, from, pick);
  b->randoms++;
  return random_dir[rng_below(&b->rng, 5)];
}

#undef SPARBRUTE_AIR_COST
#undef SPARBRUTE_SPIKE_COST
#undef SPARBRUTE_SOLID_COST
#undef SPARBRUTE_LOW_LIFE
#undef SPARBRUTE_BEER_MARGIN
#undef SPARBRUTE_FULL_LIFE
#undef SPARBRUTE_KILL_LIFE
#undef SPARBRUTE_KILL_STEPS
#undef SPARBRUTE_WAVES
#undef SPARBRUTE_HASH_BUCKETS
#undef SPARBRUTE_STACK
