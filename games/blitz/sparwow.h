/*
** sparwow.h -- the lab's model of the 2016 contest bot wowblitzawesome (C#, BestBot + EvenBestChoice),
** from what its public code does, written anew (its code never enters
** this repository). sparring.c plays it as the sparring kind "wow".
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
