/*
** rules.c -- Spring Challenge 2021 rules, bit-exact with the official referee
** (rules and quirks: games/spring2021/README.md; "spec" section numbers
** below refer to the rules write-up the README describes).
**
** Invariants: see rules.h. Nothing here allocates; the only global is the
** board table rules_tab, filled once by rules_init().
*/
#include "rules.h"

#include <stdio.h>
#include <string.h>

rules_tables rules_tab;

static const int8_t rules__dirs[6][3] = {
  {1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}};

/* Iteration order of the referee's HashMap of cells (README: What the
   simulator reproduces). */
static const int8_t rules__hash_order[RULES_CELLS] = {
  1, 6, 8, 16, 21, 32, 19, 34, 35, 36, 11, 12, 13, 24, 29, 0, 2, 5, 9,
  15, 22, 31, 7, 17, 18, 20, 33, 25, 26, 27, 28, 3, 4, 10, 14, 23, 30};

static const int rules__grow_base[4] = {0, 1, 3, 7};

static int rules__abs(int v) { return v < 0 ? -v : v; }

static int rules__find(int x, int y, int z) {
  for (int i = 0; i < RULES_CELLS; i++)
    if (rules_tab.cube[i][0] == x && rules_tab.cube[i][1] == y && rules_tab.cube[i][2] == z)
      return i;
  return -1;
}

BOT_API void rules_init(void) {
  if (rules_tab.ready) return;
  rules_tables *t = &rules_tab;
  memset(t, 0, sizeof *t);
  /* index layout */
  int idx = 1;
  for (int r = 1; r <= 3; r++) {
    int x = r, y = -r, z = 0;
    for (int o = 0; o < 6; o++) {
      int d = (o + 2) % 6;
      for (int k = 0; k < r; k++) {
        t->cube[idx][0] = (int8_t)x;
        t->cube[idx][1] = (int8_t)y;
        t->cube[idx][2] = (int8_t)z;
        t->ring[idx] = (int8_t)r;
        idx++;
        x += rules__dirs[d][0];
        y += rules__dirs[d][1];
        z += rules__dirs[d][2];
      }
    }
  }
  for (int i = 0; i < RULES_CELLS; i++) {
    int x = t->cube[i][0], y = t->cube[i][1], z = t->cube[i][2];
    for (int d = 0; d < 6; d++)
      t->neigh[i][d] = (int8_t)rules__find(x + rules__dirs[d][0], y + rules__dirs[d][1],
                                           z + rules__dirs[d][2]);
    t->opposite[i] = (int8_t)rules__find(-x, -y, -z);
  }
  for (int i = 0; i < RULES_CELLS; i++) {
    int x = t->cube[i][0], y = t->cube[i][1], z = t->cube[i][2];
    for (int j = 0; j < RULES_CELLS; j++) {
      int dd = (rules__abs(x - t->cube[j][0]) + rules__abs(y - t->cube[j][1]) +
                rules__abs(z - t->cube[j][2])) / 2;
      t->dist[i][j] = (int8_t)dd;
      for (int n = 1; n <= 3; n++)
        if (dd >= 1 && dd <= n) t->range[i][n] |= 1ULL << j;
    }
    for (int d = 0; d < 6; d++) {
      uint64_t m = 0;
      int c = i;
      for (int s = 1; s <= 3; s++) {
        if (c >= 0) c = t->neigh[c][d];
        if (c >= 0) m |= 1ULL << c;
        t->ray[i][d][s] = m;
      }
    }
    for (int n = 0; n <= 3; n++) {
      int cnt = 0;
      for (int dx = -n; dx <= n; dx++) {
        int lo = -n > -dx - n ? -n : -dx - n, hi = n < -dx + n ? n : -dx + n;
        for (int dy = lo; dy <= hi; dy++) {
          int dz = -dx - dy;
          int c = rules__find(x + dx, y + dy, z + dz);
          if (c >= 0) t->seed_order[i][n][cnt++] = (int8_t)c;
        }
      }
      t->seed_count[i][n] = (int8_t)cnt;
    }
  }
  for (int v = 0; v < 256; v++)
    for (int k = 0; k < 8; k++) {
      t->select8[v][k] = -1;
      for (int bit = 0, n = 0; bit < 8; bit++)
        if ((v >> bit) & 1 && n++ == k) t->select8[v][k] = (int8_t)bit;
    }
  t->ready = 1;
}

BOT_API void rules_board_default(rules_board *b, int league) {
  rules_init();
  memset(b, 0, sizeof *b);
  if (league < 1) league = 1;
  if (league > 3) league = 3;
  b->league = league;
  b->days = league == 1 ? 1 : league == 2 ? 6 : 24;
  b->shadows = league >= 3;
  b->grow_on = league >= 2;
  b->seed_on = league >= 3;
  for (int i = 0; i < RULES_CELLS; i++) {
    int r = rules_tab.ring[i];
    b->richness[i] = (int8_t)(r <= 1 ? 3 : r == 2 ? 2 : 1);
  }
  b->usable = RULES_ALL;
  for (int i = 0; i < RULES_CELLS; i++) b->rich[b->richness[i]] |= 1ULL << i;
}

BOT_API void rules_state_empty(rules_state *s) {
  memset(s, 0, sizeof *s);
  s->active[0] = s->active[1] = 1;
  s->nutrients = 20;
}

BOT_API int rules_size_at(const rules_state *s, int cell) {
  if (!(((s->own[0] | s->own[1]) >> cell) & 1)) return -1;
  return (int)((((s->size[1] | s->size[3]) >> cell) & 1) | ((((s->size[2] | s->size[3]) >> cell) & 1) << 1));
}

BOT_API int rules_owner_at(const rules_state *s, int cell) {
  uint64_t bit = 1ULL << cell;
  return (s->own[0] & bit) ? 0 : (s->own[1] & bit) ? 1 : -1;
}

BOT_API void rules_put(rules_state *s, int cell, int size, int owner, int dormant) {
  rules_remove(s, cell);
  uint64_t bit = 1ULL << cell;
  s->size[size] |= bit;
  s->own[owner] |= bit;
  if (dormant) s->dormant |= bit;
}

BOT_API void rules_remove(rules_state *s, int cell) {
  uint64_t keep = ~(1ULL << cell);
  for (int k = 0; k < 4; k++) s->size[k] &= keep;
  s->own[0] &= keep;
  s->own[1] &= keep;
  s->dormant &= keep;
}

BOT_API int rules_tree_count(const rules_state *s) {
  return __builtin_popcountll(s->own[0] | s->own[1]);
}

BOT_API void rules_generate(rules_board *b, rules_state *s, javarand_t *rng, int league) {
  rules_board_default(b, league);
  rules_state_empty(s);
  int k_trees = 2, start_size = 1, dmin = 2;
  if (b->league == 1) k_trees = 6, start_size = 3, dmin = 0;
  if (b->league == 2) k_trees = 4, start_size = 1, dmin = 1;
  if (b->league >= 3) {
    int wanted = javarand_next_int_bound(rng, 11), actual = 0;
    while (actual < wanted - 1) {
      int c = rules__hash_order[javarand_next_int_bound(rng, RULES_CELLS)];
      if (b->richness[c] != 0) {
        b->richness[c] = 0;
        actual++;
        if (c != 0) {
          b->richness[rules_tab.opposite[c]] = 0;
          actual++;
        }
      }
    }
  }
  b->usable = 0;
  memset(b->rich, 0, sizeof b->rich);
  for (int i = 0; i < RULES_CELLS; i++) {
    b->rich[b->richness[i]] |= 1ULL << i;
    if (b->richness[i]) b->usable |= 1ULL << i;
  }
  int cand[RULES_CELLS], ncand = 0;
  for (int i = b->league >= 3 ? 19 : 1; i < RULES_CELLS; i++)
    if (b->richness[i] != 0) cand[ncand++] = i;
  int picked[2 * 6];
  for (;;) {
    int avail[RULES_CELLS], navail = ncand, np = 0, ok = 1;
    memcpy(avail, cand, sizeof cand);
    for (int k = 0; k < k_trees; k++) {
      if (navail == 0) {
        ok = 0;
        break;
      }
      int n = avail[javarand_next_int_bound(rng, navail)];
      int o = rules_tab.opposite[n];
      int w = 0;
      for (int i = 0; i < navail; i++) {
        int c = avail[i];
        if (rules_tab.dist[c][n] <= dmin || rules_tab.dist[c][o] <= dmin) continue;
        avail[w++] = c;
      }
      navail = w;
      picked[np++] = n;
      picked[np++] = o;
    }
    if (ok) {
      for (int i = 0; i < np; i++) rules_put(s, picked[i], start_size, i & 1, 0);
      break;
    }
  }
  s->sun_dir = 0;
}

BOT_API void rules_shadows(const rules_state *s, int dir, uint64_t out[4]) {
  out[0] = 0;
  uint64_t m3 = 0, m2 = 0, m1 = 0, t;
  for (t = s->size[3]; t; t &= t - 1) m3 |= rules_tab.ray[__builtin_ctzll(t)][dir][3];
  for (t = s->size[2]; t; t &= t - 1) m2 |= rules_tab.ray[__builtin_ctzll(t)][dir][2];
  for (t = s->size[1]; t; t &= t - 1) m1 |= rules_tab.ray[__builtin_ctzll(t)][dir][1];
  out[3] = m3;
  out[2] = m3 | m2;
  out[1] = m3 | m2 | m1;
}

BOT_API int rules_harvest_of(const rules_board *b, const rules_state *s, int p) {
  uint64_t sh[4] = {0, 0, 0, 0};
  if (b->shadows) rules_shadows(s, s->sun_dir, sh);
  int sun = 0;
  for (int k = 1; k <= 3; k++) sun += k * __builtin_popcountll(s->size[k] & s->own[p] & ~sh[k]);
  return sun;
}

BOT_API void rules_gather(const rules_board *b, rules_state *s) {
  s->waiting[0] = s->waiting[1] = 0;
  s->dormant = 0;
  uint64_t sh[4] = {0, 0, 0, 0};
  if (b->shadows) rules_shadows(s, s->sun_dir, sh);
  for (int p = 0; p < 2; p++) {
    int sun = 0;
    for (int k = 1; k <= 3; k++)
      sun += k * __builtin_popcountll(s->size[k] & s->own[p] & ~sh[k]);
    s->sun[p] += sun;
  }
}

BOT_API void rules_sun_move(const rules_board *b, rules_state *s) {
  s->day++;
  if (s->day < b->days) s->sun_dir = (s->sun_dir + 1) % 6;
}

BOT_API int rules_grow_cost(const rules_state *s, int p, int from_size) {
  if (from_size >= 3) return 4;
  return rules__grow_base[from_size + 1] +
         __builtin_popcountll(s->size[from_size + 1] & s->own[p]);
}

BOT_API int rules_seed_cost(const rules_state *s, int p) {
  return __builtin_popcountll(s->size[0] & s->own[p]);
}

BOT_API int rules_valid(const rules_board *b, const rules_state *s, int p, int a, int sun) {
  int kind = RULES_KIND(a);
  if (kind == RULES_WAIT) return 1;
  if (kind == RULES_GROW || kind == RULES_COMPLETE) {
    int i = RULES_DST(a);
    if (i >= RULES_CELLS) return 0;
    uint64_t bit = 1ULL << i;
    if (!(s->own[p] & bit) || (s->dormant & bit)) return 0;
    int sz = rules_size_at(s, i);
    if (kind == RULES_GROW) return sz < 3 && rules_grow_cost(s, p, sz) <= sun;
    return sz == 3 && sun >= 4;
  }
  int src = RULES_SRC(a), dst = RULES_DST(a);
  if (src >= RULES_CELLS || dst >= RULES_CELLS) return 0;
  uint64_t sb = 1ULL << src, db = 1ULL << dst;
  if ((s->own[0] | s->own[1]) & db) return 0;
  if (!(s->own[p] & sb) || (s->dormant & sb)) return 0;
  int sz = rules_size_at(s, src);
  if (sz < 1 || rules_tab.dist[src][dst] > sz) return 0;
  if (b->richness[dst] == 0) return 0;
  return rules_seed_cost(s, p) <= sun;
}

static void rules__shuffle(int *v, int n, javarand_t *rng) {
  for (int i = n; i > 1; i--) {
    int j = javarand_next_int_bound(rng, i);
    int t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
  }
}

BOT_API int rules_possible(const rules_board *b, const rules_state *s, int p, javarand_t *rng,
                           int out[RULES_MAX_ACTIONS]) {
  int comp[RULES_CELLS], grow[RULES_CELLS], seed[RULES_MAX_ACTIONS];
  int nc = 0, ng = 0, ns = 0;
  int seed_cost = rules_seed_cost(s, p), sun = s->sun[p];
  uint64_t occupied = s->own[0] | s->own[1];
  for (uint64_t t = s->own[p]; t; t &= t - 1) {
    int c = __builtin_ctzll(t);
    int sz = rules_size_at(s, c);
    int dormant = (int)((s->dormant >> c) & 1);
    if (b->seed_on && seed_cost <= sun && sz >= 1 && !dormant) {
      for (int k = 0; k < rules_tab.seed_count[c][sz]; k++) {
        int tg = rules_tab.seed_order[c][sz][k];
        if (b->richness[tg] != 0 && !((occupied >> tg) & 1) && ns < RULES_MAX_ACTIONS)
          seed[ns++] = RULES_ACT(RULES_SEED, c, tg);
      }
    }
    if (rules_grow_cost(s, p, sz) <= sun && !dormant) {
      if (sz == 3) comp[nc++] = RULES_ACT(RULES_COMPLETE, 0, c);
      else if (b->grow_on) grow[ng++] = RULES_ACT(RULES_GROW, 0, c);
    }
  }
  if (rng) {
    rules__shuffle(comp, nc, rng);
    rules__shuffle(grow, ng, rng);
    rules__shuffle(seed, ns, rng);
  }
  int n = 0;
  out[n++] = RULES_WAIT;
  for (int i = 0; i < nc && n < RULES_MAX_ACTIONS; i++) out[n++] = comp[i];
  for (int i = 0; i < ng && n < RULES_MAX_ACTIONS; i++) out[n++] = grow[i];
  for (int i = 0; i < ns && n < RULES_MAX_ACTIONS; i++) out[n++] = seed[i];
  return n;
}

/* Index of the k-th set bit of m (k < popcount(m), m below bit 56), with
   no branch: the byte that holds it by comparing k with the running
   popcount of the bytes (all bytes at once, each count below 128), then a
   table for the bit within that byte. */
static int rules__nth_bit(uint64_t m, int k) {
  const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
  uint64_t c = m - ((m >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL; /* popcount of each byte */
  const uint64_t upto = c * ones;              /* byte i: bits in bytes 0..i */
  /* bytes whose running count is at most k lie below the one holding it */
  const int byte = __builtin_popcountll(((((uint64_t)k * ones) | high) - upto) & high);
  const int before = (int)(((upto << 8) >> (8 * byte)) & 0xFF);
  return 8 * byte + rules_tab.select8[(m >> (8 * byte)) & 0xFF][k - before];
}

/* Size of the tree on cell c from the masks of sizes 1 or 3 (odd) and
   2 or 3 (big), as rules_menu keeps them. */
static inline int rules__menu_size(uint64_t odd, uint64_t big, int c) {
  return (int)((odd >> c) & 1) | (int)(((big >> c) & 1) << 1);
}

/* The listed actions of player p, in one pass: WAIT, COMPLETE (cells
   ascending), GROW (from size 0, 1, 2; cells ascending), SEED (sources
   ascending; targets ascending). */
BOT_API int rules_menu_build(const rules_board *b, const rules_state *s, int p, rules_menu *m) {
  const uint64_t mine = s->own[p], ready = mine & ~s->dormant;
  const int sun = s->sun[p];
  /* (branch-free where it can be: a random playout's branches are coin flips) */
  m->comp = ready & s->size[3] & -(uint64_t)(sun >= 4);
  m->ncomp = __builtin_popcountll(m->comp);
  int n = 1 + m->ncomp;
  const uint64_t grow_on = -(uint64_t)(b->grow_on != 0);
  for (int sz = 0; sz < 3; sz++) {
    int cost = rules__grow_base[sz + 1] + __builtin_popcountll(s->size[sz + 1] & mine);
    uint64_t g = ready & s->size[sz] & grow_on & -(uint64_t)(cost <= sun);
    m->grow[sz] = g;
    m->ngrow[sz] = __builtin_popcountll(g);
    n += m->ngrow[sz];
  }
  /* seed sources: every ready tree of size 1 or more when a seed is
     affordable, in cell order (one loop: its exit is a branch a random
     playout cannot predict) */
  int seeds = 0;
  const int can_seed = b->seed_on && __builtin_popcountll(s->size[0] & mine) <= sun;
  const uint64_t room = b->usable & ~(s->own[0] | s->own[1]);
  const uint64_t odd = s->size[1] | s->size[3], big = s->size[2] | s->size[3];
  const uint64_t src = ready & (odd | big) & -(uint64_t)can_seed;
  for (uint64_t t = src; t; t &= t - 1) {
    int c = __builtin_ctzll(t);
    seeds += __builtin_popcountll(rules_tab.range[c][rules__menu_size(odd, big, c)] & room);
  }
  m->src = src, m->odd = odd, m->big = big, m->room = room;
  m->n = n + seeds;
  return m->n;
}

BOT_API int rules_menu_nth(const rules_menu *m, int k) {
  if (k-- == 0) return RULES_WAIT;
  if (k < m->ncomp) return RULES_ACT(RULES_COMPLETE, 0, rules__nth_bit(m->comp, k));
  k -= m->ncomp;
  for (int sz = 0; sz < 3; sz++) {
    if (k < m->ngrow[sz]) return RULES_ACT(RULES_GROW, 0, rules__nth_bit(m->grow[sz], k));
    k -= m->ngrow[sz];
  }
  for (uint64_t t = m->src; t; t &= t - 1) {
    int c = __builtin_ctzll(t);
    uint64_t tg = rules_tab.range[c][rules__menu_size(m->odd, m->big, c)] & m->room;
    int cnt = __builtin_popcountll(tg);
    if (k < cnt) return RULES_ACT(RULES_SEED, c, rules__nth_bit(tg, k));
    k -= cnt;
  }
  return RULES_WAIT;
}

BOT_API int rules_action_count(const rules_board *b, const rules_state *s, int p) {
  rules_menu m;
  return rules_menu_build(b, s, p, &m);
}

BOT_API int rules_action_nth(const rules_board *b, const rules_state *s, int p, int k) {
  rules_menu m;
  rules_menu_build(b, s, p, &m);
  return rules_menu_nth(&m, k);
}

BOT_API void rules_resolve(const rules_board *b, rules_state *s, const int act[2]) {
  int avail[2] = {s->sun[0], s->sun[1]};
  int seed_dst[2] = {-1, -1};
  int dying[2], ndying = 0;
  for (int p = 0; p < 2; p++) {
    if (s->waiting[p]) continue;
    int a = s->active[p] ? act[p] : RULES_WAIT;
    int kind = RULES_KIND(a);
    if (kind == RULES_WAIT || !rules_valid(b, s, p, a, avail[p])) {
      s->waiting[p] = 1;
      continue;
    }
    int i = RULES_DST(a);
    uint64_t bit = 1ULL << i;
    if (kind == RULES_GROW) {
      int sz = rules_size_at(s, i);
      avail[p] -= rules_grow_cost(s, p, sz);
      s->size[sz] &= ~bit;
      s->size[sz + 1] |= bit;
      s->dormant |= bit;
    } else if (kind == RULES_COMPLETE) {
      avail[p] -= 4;
      dying[ndying++] = i;
      s->dormant |= bit;
    } else {
      avail[p] -= rules_seed_cost(s, p);
      s->dormant |= 1ULL << RULES_SRC(a);
      seed_dst[p] = i;
    }
  }
  if (seed_dst[0] >= 0 && seed_dst[0] == seed_dst[1]) {
    /* collision: nothing planted, the whole sun update is skipped */
  } else {
    for (int p = 0; p < 2; p++)
      if (seed_dst[p] >= 0) rules_put(s, seed_dst[p], 0, p, 1);
    s->sun[0] = avail[0];
    s->sun[1] = avail[1];
  }
  for (int k = 0; k < ndying; k++) {
    int i = dying[k];
    int owner = rules_owner_at(s, i);
    int r = b->richness[i];
    s->score[owner] += s->nutrients + (r == 2 ? 2 : r == 3 ? 4 : 0);
    rules_remove(s, i);
  }
  for (int k = 0; k < ndying; k++)
    if (s->nutrients > 0) s->nutrients--;
}

/* rules_resolve without the checks, on masks: a valid COMPLETE is on an own
   size-3 tree, a valid SEED lands on an empty cell, and the two players'
   actions touch different trees, so the order of the steps within a
   player's action does not matter (rules_resolve's order is kept where it
   does: costs before the changes, the seed collision, then the completes). */
BOT_API void rules_apply(const rules_board *b, rules_state *s, const int act[2]) {
  int avail[2] = {s->sun[0], s->sun[1]};
  uint64_t seed_at[2] = {0, 0}, dying[2] = {0, 0};
  for (int p = 0; p < 2; p++) {
    if (s->waiting[p]) continue;
    int a = s->active[p] ? act[p] : RULES_WAIT;
    int kind = RULES_KIND(a);
    uint64_t bit = 1ULL << RULES_DST(a);
    if (kind == RULES_GROW) {
      int sz = (int)((((s->size[1] | s->size[3]) & bit) != 0) | ((((s->size[2] | s->size[3]) & bit) != 0) << 1));
      avail[p] -= rules__grow_base[sz + 1] + __builtin_popcountll(s->size[sz + 1] & s->own[p]);
      s->size[sz] &= ~bit;
      s->size[sz + 1] |= bit;
      s->dormant |= bit;
    } else if (kind == RULES_COMPLETE) {
      avail[p] -= 4;
      dying[p] = bit;
      s->dormant |= bit;
    } else if (kind == RULES_SEED) {
      avail[p] -= __builtin_popcountll(s->size[0] & s->own[p]);
      s->dormant |= 1ULL << RULES_SRC(a);
      seed_at[p] = bit;
    } else {
      s->waiting[p] = 1;
    }
  }
  if (!(seed_at[0] && seed_at[0] == seed_at[1])) { /* a collision plants nothing, spends nothing */
    uint64_t planted = seed_at[0] | seed_at[1];
    s->size[0] |= planted;
    s->own[0] |= seed_at[0];
    s->own[1] |= seed_at[1];
    s->dormant |= planted;
    s->sun[0] = avail[0];
    s->sun[1] = avail[1];
  }
  uint64_t gone = dying[0] | dying[1];
  if (gone) {
    int nd = 0;
    for (int p = 0; p < 2; p++)
      if (dying[p]) {
        int r = b->richness[__builtin_ctzll(dying[p])];
        s->score[p] += s->nutrients + (r == 2 ? 2 : r == 3 ? 4 : 0);
        nd++;
      }
    s->size[3] &= ~gone;
    s->own[0] &= ~gone;
    s->own[1] &= ~gone;
    s->dormant &= ~gone;
    s->nutrients = s->nutrients > nd ? s->nutrients - nd : 0;
  }
}

BOT_API int rules_over(const rules_board *b, const rules_state *s) {
  return !(s->active[0] && s->active[1]) || s->day >= b->days;
}

BOT_API void rules_finish(rules_state *s) {
  int first = -1, same = 1;
  for (int p = 0; p < 2; p++) {
    if (!s->active[p]) continue;
    s->score[p] += s->sun[p] / 3;
    if (first < 0) first = s->score[p];
    else if (s->score[p] != first) same = 0;
  }
  if (same)
    for (int p = 0; p < 2; p++)
      if (s->active[p]) s->score[p] += __builtin_popcountll(s->own[p]);
}

/* Parses a decimal run at *pp (at least one ASCII digit). Returns -1 if there
   is none, -2 if the value exceeds 2^31-1, else the value. */
static long rules__digits(const char **pp) {
  const char *p = *pp;
  long v = 0;
  int n = 0, big = 0;
  while (*p >= '0' && *p <= '9') {
    if (!big) {
      v = v * 10 + (*p - '0');
      if (v > 2147483647L) big = 1;
    }
    p++;
    n++;
  }
  *pp = p;
  if (n == 0) return -1;
  return big ? -2 : v;
}

static int rules__is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* 1 if p starts with a character Java's "." does not match besides \n and
   \r: U+0085, U+2028 or U+2029 in UTF-8 (the referee decodes answers as
   UTF-8; other bytes, even invalid ones, match "."). */
static int rules__java_eol(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  if (u[0] == 0xC2 && u[1] == 0x85) return 1;
  return u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xA8 || u[2] == 0xA9);
}

/* Java "(?:\s+(?<message>.*))?$" on the rest of a line: the message may
   hold no line terminator (\n, \r, U+0085, U+2028, U+2029), except in
   the leading \s+ run, which absorbs \n and \r. */
static int rules__tail_ok(const char *p) {
  if (*p == 0) return 1;
  if (!rules__is_space(*p)) return 0;
  const char *last = NULL;
  for (const char *q = p; *q; q++) {
    if (*q == '\n' || *q == '\r') last = q;
    if (rules__java_eol(q)) return 0;
  }
  if (!last) return 1;
  for (const char *q = p; q <= last; q++)
    if (!rules__is_space(*q)) return 0;
  return 1;
}

/* The official parser (CommandManager): patterns tried in the order WAIT,
   GROW, COMPLETE, SEED, then Integer.parseInt on the numbers in the order
   of the line. Returns 0 (and *a), -1 for a line no pattern matches, -2
   when a number overflows Java's int: *bad and *nbad then give its digits,
   the first such number (for SEED, the source before the target). */
static int rules__parse(const rules_board *b, const char *line, int *a, const char **bad,
                        int *nbad) {
  const char *p = line;
  if (strncmp(p, "WAIT", 4) == 0 && rules__tail_ok(p + 4)) {
    *a = RULES_WAIT;
    return 0;
  }
  int kind = -1;
  if (b->grow_on && strncmp(p, "GROW ", 5) == 0) kind = RULES_GROW, p += 5;
  else if (strncmp(p, "COMPLETE ", 9) == 0) kind = RULES_COMPLETE, p += 9;
  else if (b->seed_on && strncmp(p, "SEED ", 5) == 0) kind = RULES_SEED, p += 5;
  if (kind < 0) return -1;
  long src = 0, dst;
  const char *src_at = p, *dst_at;
  if (kind == RULES_SEED) {
    src = rules__digits(&p);
    if (src == -1 || *p != ' ') return -1;
    p++;
  }
  dst_at = p;
  dst = rules__digits(&p);
  if (dst == -1 || !rules__tail_ok(p)) return -1;
  if (src == -2 || dst == -2) { /* Integer.parseInt overflow */
    *bad = src == -2 ? src_at : dst_at;
    *nbad = 0;
    while ((*bad)[*nbad] >= '0' && (*bad)[*nbad] <= '9') (*nbad)++;
    return -2;
  }
  /* Out-of-board cells are well formed but invalid: map them to 63, which
     rules_valid rejects. */
  if (src >= RULES_CELLS) src = 63;
  if (dst >= RULES_CELLS) dst = 63;
  *a = RULES_ACT(kind, (int)src, (int)dst);
  return 0;
}

BOT_API int rules_parse(const rules_board *b, const char *line, int *a) {
  const char *bad;
  int nbad;
  return rules__parse(b, line, a, &bad, &nbad) == 0 ? 0 : -1;
}

BOT_API int rules_reason(const rules_board *b, const char *line, char *out, int cap) {
  const char *bad;
  int nbad, a;
  int r = rules__parse(b, line, &a, &bad, &nbad);
  if (r == 0) return snprintf(out, (size_t)cap, "%s", "");
  if (r == -2)
    return snprintf(out, (size_t)cap,
                    "Invalid Input: Expected %s but got 'java.lang.NumberFormatException: For "
                    "input string: \"%.*s\"'",
                    rules_expected(b), nbad > 4000 ? 4000 : nbad, bad);
  return snprintf(out, (size_t)cap, "Invalid Input: Expected %s but got '%.4000s'",
                  rules_expected(b), line);
}

BOT_API int rules_format(int a, char *out, int cap) {
  switch (RULES_KIND(a)) {
  case RULES_GROW: return snprintf(out, (size_t)cap, "GROW %d", RULES_DST(a));
  case RULES_COMPLETE: return snprintf(out, (size_t)cap, "COMPLETE %d", RULES_DST(a));
  case RULES_SEED: return snprintf(out, (size_t)cap, "SEED %d %d", RULES_SRC(a), RULES_DST(a));
  default: return snprintf(out, (size_t)cap, "WAIT");
  }
}

BOT_API const char *rules_expected(const rules_board *b) {
  if (b->seed_on) return "SEED <from> <to> | GROW <idx> | COMPLETE <idx> | WAIT";
  if (b->grow_on) return "GROW <idx> | COMPLETE <idx> | WAIT";
  return "COMPLETE <idx> | WAIT";
}
