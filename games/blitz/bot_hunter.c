/*
** bot_hunter.c -- sparring bot "hunter": chases the nearest hero that owns
** mines and that it can beat (its life not above ours); otherwise mines like
** the miner. Heals at a tavern from below 40 up to 85 while it has gold.
** 5 % of its moves are random.
*/
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "nav.h"
#include "rng.h"

static rng_t bothunter__rng;
static nav_map bothunter__nav;
static int bothunter__healing;

static int bothunter__policy(const client_view *v, void *ctx) {
  (void)ctx;
  const rules_state *s = &v->st;
  const rules_hero *h = &s->heroes[v->me - 1];
  int n = s->n;
  if (rng_below(&bothunter__rng, 100) < 5) return (int)rng_below(&bothunter__rng, 5);
  nav_compute(&bothunter__nav, s, h->x, h->y, 10, 1, v->me);
  if (h->life < 40 && h->gold > 0) bothunter__healing = 1;
  if (h->life >= 85 || h->gold == 0) bothunter__healing = 0;
  int best = NAV_INF, bdir = RULES_STAY;
  if (bothunter__healing) {
    for (int c = 0; c < n * n; c++) {
      if (s->terrain[c] != RULES_TAVERN) continue;
      int dir, d = nav_target(&bothunter__nav, c, &dir);
      if (d < best) {
        best = d;
        bdir = dir;
      }
    }
    return bdir;
  }
  for (int k = 0; k < RULES_HEROES; k++) {
    const rules_hero *e = &s->heroes[k];
    if (k + 1 == v->me || e->mines == 0 || e->life > h->life) continue;
    int dir, d = nav_target(&bothunter__nav, e->x * n + e->y, &dir);
    if (d < best) {
      best = d;
      bdir = dir;
    }
  }
  if (best < NAV_INF) return bdir;
  for (int c = 0; c < n * n; c++) {
    if (s->terrain[c] != RULES_MINE || s->owner[c] == v->me) continue;
    int dir, d = nav_target(&bothunter__nav, c, &dir);
    if (d < best) {
      best = d;
      bdir = dir;
    }
  }
  return bdir;
}

int main(int argc, char **argv) {
  rng_seed(&bothunter__rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20));
  return client_run(argc, argv, "blitz-hunter", bothunter__policy, NULL);
}
