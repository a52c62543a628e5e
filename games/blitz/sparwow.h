/*
** sparwow.h -- the lab's model of the 2016 contest bot wowblitzawesome
** (C#, BestBot + EvenBestChoice),
** from what its public code does, written anew (its code never enters
** this repository). sparring.c plays it as the sparring kind "wow".
**
** What it plays, each move, in this order:
**   1. assault: for each hero by id that is not next to a tavern, not on
**      its spawn cell and has less life than ours: two cells away
**      (Manhattan) it steps toward it (vertical first, walls ignored); one
**      cell away it steps into a tavern next to itself (South, East, North,
**      West) or else stays. The first such hero decides.
**   2. with 35 life or more, the mine not its own whose path cost plus 25
**      is least, unless that sum reaches its life;
**   3. otherwise the tavern of least path cost.
** Path cost: a Dijkstra from its cell where entering an empty cell costs
** 1, spikes or a hero's cell 11 (a hero hides the spikes under it), and
** walls, mines and taverns cannot be entered; a target costs the least
** label among its neighbours (its own cell counts 1). The first step is
** read back from the target, each time to the neighbour of least label,
** ties North, West, East, South. Targets are listed in row-major order and
** sorted by cost with .NET's introspective sort (unstable: the order of
** equal costs is the sort's, reproduced exactly). A target with no
** entered neighbour costs 0 (plus 25 for a mine) and its step comes from
** the same walk over unlabelled cells, as the original's does.
** The original keeps a "current target" between moves but never sets it,
** so its moves depend on the current state alone; no randomness.
**
** Invariants: a sparwow is a fixed-size struct (copy with memcpy); its
** moves depend only on the states it is shown (and its seed).
*/
#ifndef SPARWOW_H
#define SPARWOW_H

#include <stdint.h>
#include "common.h"
#include "rules.h"

typedef struct sparwow {
  int turns; /* moves asked of it so far */
} sparwow;

BOT_API void sparwow_init(sparwow *b, uint64_t seed);
/* The move (RULES_NORTH..RULES_STAY) of hero `me` (1..4) in s. */
BOT_API int sparwow_move(sparwow *b, const rules_state *s, int me);

#endif
