/*
** sparring.c -- the sparring policies (see sparring.h). Each walks along
** nav.c's shortest paths (heroes are walls, spikes cost 10 extra steps) to
** the nearest target of its current goal.
*/
#include "sparring.h"

#include <string.h>

#define SPARRING_RANDOM_PCT 5 /* miner and hunter: share of random moves */

static const char *const sparring__names[SPARRING_KINDS] = {"random", "miner", "hunter"};

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

BOT_API int sparring_move(sparring_bot *b, const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  int best = NAV_INF;
  if (b->kind == SPARRING_RANDOM) return (int)rng_below(&b->rng, 4);
  if (rng_below(&b->rng, 100) < SPARRING_RANDOM_PCT) return (int)rng_below(&b->rng, 5);
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
