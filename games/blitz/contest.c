/*
** contest.c -- boards of the Coveo Blitz 2016 contest server from a seed
** (see contest.h for what is reproduced).
**
** The generator, as the server runs it (positions are (x, y) with x the ROW;
** north is x-1, east y+1, south x+1, west y-1, visited in that order):
**   0. Configuration: size = 10 + 2*next(10), wall = 10 + next(32),
**      mine = 3 + next(7), spike = 2 + next(10) (next(b) = nextInt(b)).
**   1. Sector: (size/2)^2 tiles, row by row, each from next(100):
**      < mine: mine; < mine+wall: wall; < +spike: spikes; else air. The board
**      is the sector mirrored right then down.
**   2. Spawn: up to 100 draws (x = next(size/2-2), then y); accepted when
**      air and the breadth-first walk (air and spikes) from it reaches both
**      its row mirror and its column mirror. No spawn: back to step 1.
**   3. Fill: every cell the walk from the spawn misses becomes wall, except
**      mines next to a reached cell.
**   4. No mine left: back to step 1.
**   5. Taverns: the walk from the spawn over the "section" (the left half's
**      tiles, row by row, re-read as a square board of side
**      floor(sqrt(size*size/2)) -- the server's quirk, kept) gives a list of
**      cells, shuffled (for n = len..2: swap(n-1, next(n))). The first cell
**      whose four mirrors turned tavern shrink the walk by exactly 4 and keep
**      the count of mines touching air or spikes wins. None: back to step 1.
**   Steps 1-5 run at most 100 times; then the server fails.
** The walk marks a cell when it is queued (the server removes visited and
** queued cells from each cell's neighbours), and always holds its start.
*/
#include "contest.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "javarand.h"

enum { CONTEST__NONE, CONTEST__AIR, CONTEST__WALL, CONTEST__SPIKES, CONTEST__TAVERN, CONTEST__MINE };

#define CONTEST__CELLS (CONTEST_MAXN * CONTEST_MAXN)
#define CONTEST__TRIES 100 /* the server's maxAttempts, for spawns and boards */

typedef struct contest__board {
  int size; /* side used to index (x * size + y) */
  int len;  /* tiles held (>= size * size) */
  uint8_t t[CONTEST__CELLS];
} contest__board;

static const int contest__DX[4] = {-1, 0, 1, 0}; /* north, east, south, west */
static const int contest__DY[4] = {0, 1, 0, -1};

static int contest__get(const contest__board *b, int x, int y) {
  if (x < 0 || y < 0 || x >= b->size || y >= b->size) return CONTEST__NONE;
  return b->t[x * b->size + y];
}

static int contest__walkable(int t) { return t == CONTEST__AIR || t == CONTEST__SPIKES; }

/* Breadth-first walk from (fx, fy); cells in visiting order into xs/ys
** (may be NULL); returns how many. */
static int contest__walk(const contest__board *b, int fx, int fy, uint8_t *xs, uint8_t *ys) {
  static uint8_t seen[CONTEST__CELLS];
  static int16_t qx[CONTEST__CELLS], qy[CONTEST__CELLS];
  memset(seen, 0, sizeof seen);
  int head = 0, tail = 0;
  qx[tail] = (int16_t)fx;
  qy[tail++] = (int16_t)fy;
  if (fx >= 0 && fy >= 0 && fx < b->size && fy < b->size) seen[fx * b->size + fy] = 1;
  while (head < tail) {
    int x = qx[head], y = qy[head];
    if (xs) xs[head] = (uint8_t)x;
    if (ys) ys[head] = (uint8_t)y;
    head++;
    for (int d = 0; d < 4; d++) {
      int nx = x + contest__DX[d], ny = y + contest__DY[d];
      if (!contest__walkable(contest__get(b, nx, ny)) || seen[nx * b->size + ny]) continue;
      seen[nx * b->size + ny] = 1;
      qx[tail] = (int16_t)nx;
      qy[tail++] = (int16_t)ny;
    }
  }
  return head;
}

/* Mines with a neighbour of air or spikes (the server's nbReachableMines). */
static int contest__open_mines(const contest__board *b) {
  int count = 0;
  for (int x = 0; x < b->size; x++)
    for (int y = 0; y < b->size; y++) {
      if (contest__get(b, x, y) != CONTEST__MINE) continue;
      int open = 0;
      for (int d = 0; d < 4; d++) open |= contest__walkable(contest__get(b, x + contest__DX[d], y + contest__DY[d]));
      count += open;
    }
  return count;
}

/* Step 1. */
static void contest__draw_board(contest__board *b, javarand_t *r, const contest_params *p) {
  int n = p->size, h = n / 2;
  b->size = n;
  b->len = n * n;
  for (int x = 0; x < h; x++)
    for (int y = 0; y < h; y++) {
      int v = javarand_next_int_bound(r, 100), t = CONTEST__AIR;
      if (v < p->mine_percent) t = CONTEST__MINE;
      else if (v < p->mine_percent + p->wall_percent) t = CONTEST__WALL;
      else if (v < p->mine_percent + p->wall_percent + p->spike_percent) t = CONTEST__SPIKES;
      b->t[x * n + y] = b->t[x * n + (n - 1 - y)] = (uint8_t)t;
      b->t[(n - 1 - x) * n + y] = b->t[(n - 1 - x) * n + (n - 1 - y)] = (uint8_t)t;
    }
}

/* Whether (x, y) holds in a walk of LEN cells. */
static int contest__holds(const uint8_t *xs, const uint8_t *ys, int len, int x, int y) {
  for (int i = 0; i < len; i++)
    if (xs[i] == x && ys[i] == y) return 1;
  return 0;
}

/* Step 2: 0 and the spawn, or -1. */
static int contest__spawn(const contest__board *b, javarand_t *r, int *sx, int *sy) {
  static uint8_t xs[CONTEST__CELLS], ys[CONTEST__CELLS];
  int n = b->size;
  for (int tries = 0; tries < CONTEST__TRIES; tries++) {
    int x = javarand_next_int_bound(r, n / 2 - 2);
    int y = javarand_next_int_bound(r, n / 2 - 2);
    if (contest__get(b, x, y) != CONTEST__AIR) continue;
    int len = contest__walk(b, x, y, xs, ys);
    if (contest__holds(xs, ys, len, n - 1 - x, y) && contest__holds(xs, ys, len, x, n - 1 - y)) {
      *sx = x;
      *sy = y;
      return 0;
    }
  }
  return -1;
}

/* Step 3. */
static void contest__fill(contest__board *b, int sx, int sy) {
  static uint8_t xs[CONTEST__CELLS], ys[CONTEST__CELLS], reached[CONTEST__CELLS];
  int n = b->size, len = contest__walk(b, sx, sy, xs, ys);
  memset(reached, 0, sizeof reached);
  for (int i = 0; i < len; i++) reached[xs[i] * n + ys[i]] = 1;
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++) {
      if (reached[x * n + y]) continue;
      int keep = 0;
      if (b->t[x * n + y] == CONTEST__MINE)
        for (int d = 0; d < 4; d++) {
          int nx = x + contest__DX[d], ny = y + contest__DY[d];
          if (nx >= 0 && ny >= 0 && nx < n && ny < n && reached[nx * n + ny]) keep = 1;
        }
      if (!keep) b->t[x * n + y] = CONTEST__WALL;
    }
}

/* Step 5: 0 with the taverns placed, or -1. */
static int contest__taverns(contest__board *b, javarand_t *r, int sx, int sy) {
  static contest__board section, trial;
  static uint8_t xs[CONTEST__CELLS], ys[CONTEST__CELLS];
  int n = b->size, h = n / 2;
  int reach = contest__walk(b, sx, sy, NULL, NULL), mines = contest__open_mines(b);
  section.len = 0;
  for (int i = 0; i < n * n; i++)
    if (i % n < h) section.t[section.len++] = b->t[i];
  section.size = (int)sqrt((double)section.len);
  int len = contest__walk(&section, sx, sy, xs, ys);
  for (int m = len; m >= 2; m--) {
    int k = javarand_next_int_bound(r, m);
    uint8_t tx = xs[m - 1], ty = ys[m - 1];
    xs[m - 1] = xs[k];
    ys[m - 1] = ys[k];
    xs[k] = tx;
    ys[k] = ty;
  }
  for (int i = 0; i < len; i++) {
    int x = xs[i], y = ys[i];
    trial = *b;
    trial.t[x * n + y] = trial.t[(n - 1 - x) * n + y] = CONTEST__TAVERN;
    trial.t[(n - 1 - x) * n + (n - 1 - y)] = trial.t[x * n + (n - 1 - y)] = CONTEST__TAVERN;
    if (contest__walk(&trial, sx, sy, NULL, NULL) == reach - 4 && contest__open_mines(&trial) == mines) {
      *b = trial;
      return 0;
    }
  }
  return -1;
}

static void contest__err(char *err, size_t cap, const char *msg) {
  if (err && cap) snprintf(err, cap, "%s", msg);
}

BOT_API int contest_board(int64_t seed, char *text, size_t cap, contest_params *p, char *err,
                          size_t errcap) {
  static contest__board b;
  contest_params cfg;
  javarand_t r;
  javarand_seed(&r, seed);
  /* 0. */
  cfg.size = 10 + 2 * javarand_next_int_bound(&r, 10);
  cfg.wall_percent = 10 + javarand_next_int_bound(&r, 32);
  cfg.mine_percent = 3 + javarand_next_int_bound(&r, 7);
  cfg.spike_percent = 2 + javarand_next_int_bound(&r, 10);
  cfg.attempts = 0;
  if (p) *p = cfg;
  if (!text || cap < CONTEST_TEXT_CAP) {
    contest__err(err, errcap, "contest board: text buffer too small");
    return -1;
  }
  int n = cfg.size, sx = 0, sy = 0, ok = 0;
  for (int attempt = 1; attempt <= CONTEST__TRIES && !ok; attempt++) {
    cfg.attempts = attempt;
    contest__draw_board(&b, &r, &cfg);                 /* 1. */
    if (contest__spawn(&b, &r, &sx, &sy) < 0) continue; /* 2. */
    contest__fill(&b, sx, sy);                         /* 3. */
    int mines = 0;
    for (int i = 0; i < n * n; i++) mines += b.t[i] == CONTEST__MINE;
    if (mines == 0) continue; /* 4. */
    ok = contest__taverns(&b, &r, sx, sy) == 0; /* 5. */
  }
  if (p) *p = cfg;
  if (!ok) {
    contest__err(err, errcap, "Blitz - Unable to generate a map");
    return -1;
  }
  char *o = text;
  for (int x = 0; x < n; x++) {
    for (int y = 0; y < n; y++) {
      int hero = 0;
      if (x == sx && y == sy) hero = 1;
      else if (x == n - 1 - sx && y == sy) hero = 2;
      else if (x == n - 1 - sx && y == n - 1 - sy) hero = 3;
      else if (x == sx && y == n - 1 - sy) hero = 4;
      static const char *const tile[] = {"##", "  ", "##", "^^", "[]", "$-"};
      if (hero) {
        *o++ = '@';
        *o++ = (char)('0' + hero);
      } else {
        memcpy(o, tile[b.t[x * n + y]], 2);
        o += 2;
      }
    }
    *o++ = '\n';
  }
  *o = 0;
  return 0;
}
