/*
** nav.c -- bucket-queue Dijkstra for bots (see nav.h). Costs are 1 per step
** plus spike_cost for entering spikes, so buckets up to 1 + spike_cost wide
** suffice; a circular array of NAV__B buckets holds the frontier.
*/
#include "nav.h"

#include <string.h>

#define NAV__B 64

BOT_API void nav_compute(nav_map *m, const rules_state *s, int x, int y, int spike_cost,
                         int block_heroes, int self) {
  int n = s->n;
  static int16_t bucket[NAV__B][RULES_CELLS];
  static int bsize[NAV__B];
  if (spike_cost < 0) spike_cost = 0;
  if (spike_cost > NAV__B - 2) spike_cost = NAV__B - 2;
  m->n = n;
  m->src = x * n + y;
  for (int c = 0; c < n * n; c++) {
    m->dist[c] = NAV_INF;
    m->first[c] = RULES_STAY;
  }
  uint8_t blocked[RULES_CELLS];
  for (int c = 0; c < n * n; c++)
    blocked[c] = !(s->terrain[c] == RULES_AIR || s->terrain[c] == RULES_SPIKES);
  if (block_heroes)
    for (int k = 0; k < RULES_HEROES; k++)
      if (k + 1 != self) blocked[s->heroes[k].x * n + s->heroes[k].y] = 1;
  memset(bsize, 0, sizeof bsize);
  m->dist[m->src] = 0;
  bucket[0][bsize[0]++] = (int16_t)m->src;
  int pending = 1;
  for (int d = 0; pending > 0; d++) {
    int b = d % NAV__B;
    for (int i = 0; i < bsize[b]; i++) {
      int c = bucket[b][i];
      if (m->dist[c] != d) continue; /* stale */
      int cx = c / n, cy = c % n;
      for (int dir = 0; dir < 4; dir++) {
        int nx = cx + rules_dx(dir), ny = cy + rules_dy(dir);
        if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
        int nc = nx * n + ny;
        if (blocked[nc]) continue;
        int nd = d + 1 + (s->terrain[nc] == RULES_SPIKES ? spike_cost : 0);
        if (nd >= m->dist[nc]) continue;
        m->dist[nc] = nd;
        m->first[nc] = (uint8_t)(c == m->src ? dir : m->first[c]);
        int nb = nd % NAV__B;
        if (bsize[nb] < RULES_CELLS) {
          bucket[nb][bsize[nb]++] = (int16_t)nc;
          pending++;
        }
      }
    }
    pending -= bsize[b];
    bsize[b] = 0;
  }
}

BOT_API int nav_target(const nav_map *m, int c, int *dir) {
  int n = m->n, best = NAV_INF, bdir = RULES_STAY;
  int cx = c / n, cy = c % n;
  for (int d = 0; d < 4; d++) {
    int nx = cx + rules_dx(d), ny = cy + rules_dy(d);
    if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
    int nc = nx * n + ny;
    if (m->dist[nc] >= best) continue;
    best = m->dist[nc];
    /* from the neighbour nc, the move into c is the opposite of d */
    bdir = nc == m->src ? (d + 2) % 4 : m->first[nc];
  }
  if (dir) *dir = bdir;
  return best >= NAV_INF ? NAV_INF : best + 1;
}
