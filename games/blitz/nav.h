/*
** nav.h -- shortest paths on a Blitz board for bots: Dijkstra with small
** integer step costs (bucket queue) from one cell over walkable cells (open
** ground, spikes), optionally treating heroes as walls, and the first move
** of a best path to any cell or to an "interaction target" (mine, tavern,
** hero: reach a neighbour, then move into it).
**
** Invariants: dist[c] = NAV_INF for unreachable cells; first[c] is the
** direction (RULES_NORTH..RULES_WEST) of the first step of a best path, or
** RULES_STAY for the source itself. Arrays are caller-owned, RULES_CELLS long.
*/
#ifndef NAV_H
#define NAV_H

#include <stdint.h>
#include "common.h"
#include "rules.h"

#define NAV_INF 1000000

typedef struct nav_map {
  int n;
  int src;
  int dist[RULES_CELLS];
  uint8_t first[RULES_CELLS];
} nav_map;

/* spike_cost: extra cost of entering spikes (0 = plain BFS). block_heroes:
   cells with heroes other than `self` (1..4, 0 = none) are walls. */
BOT_API void nav_compute(nav_map *m, const rules_state *s, int x, int y, int spike_cost,
                         int block_heroes, int self);
/* Cost to stand next to cell c and act on it (c itself need not be
   walkable); *dir gets the first move (the move into c when adjacent).
   Returns NAV_INF if no neighbour of c is reachable. */
BOT_API int nav_target(const nav_map *m, int c, int *dir);

#endif /* NAV_H */
