/*
** sparbrute.h -- the lab's model of the 2016 contest bot
** coveoblitz2016/brute_force_it (Java), from what its public code does,
** written anew (its code never enters this repository). sparring.c plays
** it as the sparring kind "brute".
**
** What the bot does each turn, with L its life:
**   - Targets: a scan of square rings around the hero (Chebyshev radius
**     1..16, each ring row by row, columns ascending) keeps only the FIRST
**     cell of the wanted kind (a tavern, or a mine not its own); the scan
**     stops at once, adding that cell, on a tavern in ring 1 whose row
**     differs from its column (absolute coordinates, a quirk; diagonal cells
**     included) while L < 85, or on a hero within 2 steps (Manhattan) that is
**     not on another hero's spawn, has life <= 25, mines and is not crashed.
**     So a target set holds one or two cells; ties between them go to the
**     one first in a Java HashSet's order (bucket (31*row + col) & 15).
**   - Paths: a label-correcting search from its cell with a LIFO stack
**     (neighbours pushed west, east, north, south; a cell is replaced only
**     by a strictly cheaper path). Entering air costs 1, spikes 11,
**     anything else (wall, tavern, mine, hero) 25 and ends the path there.
**     Below 36 life every first step costs 36. With mines, spikes that
**     would leave it at or below 0 life (path cost >= L) end the path too.
**     A target the search never reaches makes the whole choice fail.
**   - Choice: if the cheapest tavern target costs more than L - 10, go
**     there. Else above 36 life take the cheapest mine target (none if
**     the cheapest costs more than L), at most 36 take the tavern target;
**     with none, stay at 85+ life, else the tavern target; with none
**     either, a uniform random move among the five (Stay included).
** No memory between turns besides the random stream.
**
** Invariants: a sparbrute is a fixed-size struct (copy with memcpy); its
** moves depend only on the states it is shown (and its seed).
*/
#ifndef SPARBRUTE_H
#define SPARBRUTE_H

#include <stdint.h>
#include "common.h"
#include "rng.h"
#include "rules.h"

typedef struct sparbrute {
  int turns;   /* moves asked of it so far */
  int randoms; /* of which random fallbacks */
  rng_t rng;   /* its random fallback */
} sparbrute;

BOT_API void sparbrute_init(sparbrute *b, uint64_t seed);
/* The move (RULES_NORTH..RULES_STAY) of hero `me` (1..4) in s. */
BOT_API int sparbrute_move(sparbrute *b, const rules_state *s, int me);

#endif
