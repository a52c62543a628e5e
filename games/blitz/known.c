/*
** known.c -- recognising known bots from their moves (see known.h).
*/
#include "known.h"

#include <string.h>

#define KNOWN_DECAY 0.9   /* per observation, on the misses */
#define KNOWN_MIN_OBS 6   /* rounds scored before a model is trusted */
#define KNOWN_MAX_MISS 0.5 /* trusted while the decayed misses stay below */
/* ... or below this for hunter and miner, whose 5 % of random moves (1 in
   25 a miss) would otherwise leave them untrusted a third of the time */
#define KNOWN_MAX_MISS_NOISY 1.5

/* Ties (as few misses, as many hits) go to the first: the hunter before
   the miner, since a hunter mining plays the miner's moves until it chases,
   and a miner taken for a hunter costs a careful move, not a death. */
static const int known__kinds[] = {SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW, SPARRING_HUNTER, SPARRING_MINER};

/* The replay's working set (one round: at most 3 other heroes moved). */
#define KNOWN__LEVELS 3
static rules_state known__st[KNOWN__LEVELS + 1]; /* [0]: after our move */
static int known__path[KNOWN__LEVELS];
static int known__pred[KNOWN__LEVELS][KNOWN_MODELS];
static sparring_bot known__botc[KNOWN__LEVELS][KNOWN_MODELS]; /* the models' memory after predicting */
static sparring_bot known__tmp;

BOT_API int known_kind(int m) { return m >= 0 && m < KNOWN_MODELS ? known__kinds[m] : -1; }

BOT_API int known_sparring(int m) { return known_kind(m) == SPARRING_HUNTER || known_kind(m) == SPARRING_MINER; }

BOT_API void known_reset(known *k) {
  memset(k, 0, sizeof *k);
  for (int h = 0; h < RULES_HEROES; h++)
    for (int m = 0; m < KNOWN_MODELS; m++) {
      sparring_init(&k->bot[h][m], known__kinds[m], (uint64_t)(h * 8 + m + 1));
      k->bot[h][m].pure = 1;
    }
}

/* Depth-first: the moves of the heroes at levels lev.. that lead from
   known__st[lev] to now; the models' predictions are tried first. */
static int known__dfs(known *k, int lev, int levels, const rules_state *now) {
  const rules_state *s = &known__st[lev];
  if (lev == levels) return rules_same_shown(s, now);
  int id = rules_to_move(s), tried = 0;
  for (int m = 0; m < KNOWN_MODELS; m++) {
    memcpy(&known__botc[lev][m], &k->bot[id - 1][m], sizeof known__tmp);
    known__pred[lev][m] = sparring_move(&known__botc[lev][m], s, id);
  }
  for (int i = 0; i < KNOWN_MODELS + 5; i++) {
    int d = i < KNOWN_MODELS ? known__pred[lev][i] : i - KNOWN_MODELS;
    if (d < 0 || d > RULES_STAY || (tried & (1 << d))) continue;
    tried |= 1 << d;
    memcpy(&known__st[lev + 1], s, sizeof *s);
    rules_move(&known__st[lev + 1], d);
    known__path[lev] = d;
    if (known__dfs(k, lev + 1, levels, now)) return 1;
  }
  return 0;
}

BOT_API void known_observe(known *k, const rules_state *now, int me) {
  if (!k->valid || now->turn <= k->prev.turn || now->n != k->prev.n || me != k->me) {
    known_reset(k);
  } else if (now->turn == k->prev.turn + 4 && k->move >= 0) {
    memcpy(&known__st[0], &k->prev, sizeof known__st[0]);
    rules_move(&known__st[0], k->move);
    k->rounds++;
    if (!known__dfs(k, 0, KNOWN__LEVELS, now)) {
      k->unexplained++;
    } else {
      for (int lev = 0; lev < KNOWN__LEVELS; lev++) { /* the three heroes after us */
        int id = rules_to_move(&known__st[lev]);
        for (int m = 0; m < KNOWN_MODELS; m++) {
          int p = known__pred[lev][m], hit = p == known__path[lev];
          if (!hit) { /* another move with the same outcome (Stay or a bump) */
            static rules_state alt;
            memcpy(&alt, &known__st[lev], sizeof alt);
            rules_move(&alt, p);
            hit = rules_same_shown(&alt, &known__st[lev + 1]);
          }
          k->miss[id - 1][m] = k->miss[id - 1][m] * KNOWN_DECAY + (hit ? 0 : 1);
          k->obs[id - 1][m]++;
          k->hits[id - 1][m] += hit;
          memcpy(&k->bot[id - 1][m], &known__botc[lev][m], sizeof known__tmp);
        }
      }
    }
  }
  memcpy(&k->prev, now, sizeof k->prev);
  k->valid = 1;
  k->me = me;
  k->move = -1;
}

BOT_API void known_moved(known *k, int dir) { k->move = dir; }

BOT_API int known_model(const known *k, int id) {
  int best = -1;
  if (!k->valid || id < 1 || id > RULES_HEROES || id == k->me) return -1;
  for (int m = 0; m < KNOWN_MODELS; m++) {
    double max_miss = known_sparring(m) ? KNOWN_MAX_MISS_NOISY : KNOWN_MAX_MISS;
    if (k->obs[id - 1][m] < KNOWN_MIN_OBS || k->miss[id - 1][m] >= max_miss) continue;
    if (best < 0 || k->miss[id - 1][m] < k->miss[id - 1][best] ||
        (k->miss[id - 1][m] == k->miss[id - 1][best] && k->hits[id - 1][m] > k->hits[id - 1][best]))
      best = m;
  }
  return best;
}

BOT_API int known_predict(void *ctx, const rules_state *s, int id) {
  const known *k = ctx;
  int m = known_model(k, id);
  if (m < 0) return -1;
  memcpy(&known__tmp, &k->bot[id - 1][m], sizeof known__tmp);
  return sparring_move(&known__tmp, s, id);
}

#undef KNOWN_DECAY
#undef KNOWN_MIN_OBS
#undef KNOWN_MAX_MISS
#undef KNOWN_MAX_MISS_NOISY
#undef KNOWN__LEVELS
