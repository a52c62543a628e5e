/*
** bot_miner.c -- sparring bot "miner": walks to the nearest mine it does not
** own (spikes cost 10 extra steps, so it avoids them where it can); below 35
** life it heals at the nearest tavern up to 90 while it has gold. 5 % of its
** moves are random, like the traces' scripted miner.
*/
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "nav.h"
#include "rng.h"

static rng_t botminer__rng;
static nav_map botminer__nav;
static int botminer__healing;

static int botminer__policy(const client_view *v, void *ctx) {
  (void)ctx;
  const rules_state *s = &v->st;
  const rules_hero *h = &s->heroes[v->me - 1];
  int n = s->n;
  if (rng_below(&botminer__rng, 100) < 5) return (int)rng_below(&botminer__rng, 5);
  nav_compute(&botminer__nav, s, h->x, h->y, 10, 1, v->me);
  if (h->life < 35 && h->gold > 0) botminer__healing = 1;
  if (h->life >= 90 || h->gold == 0) botminer__healing = 0;
  int best = NAV_INF, bdir = RULES_STAY;
  for (int c = 0; c < n * n; c++) {
    int want = botminer__healing ? s->terrain[c] == RULES_TAVERN
                                 : (s->terrain[c] == RULES_MINE && s->owner[c] != v->me);
    if (!want) continue;
    int dir;
    int d = nav_target(&botminer__nav, c, &dir);
    if (d < best) {
      best = d;
      bdir = dir;
    }
  }
  return bdir;
}

int main(int argc, char **argv) {
  rng_seed(&botminer__rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20));
  return client_run(argc, argv, "blitz-miner", botminer__policy, NULL);
}
