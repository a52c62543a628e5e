/*
** sparbrute.h -- the lab's model of the 2016 contest bot coveoblitz2016/brute_force_it (Java, SuperAwesomeBot + WaveTargetStrategy),
** from what its public code does, written anew (its code never enters
** this repository). sparring.c plays it as the sparring kind "brute".
**
** Invariants: a sparbrute is a fixed-size struct (copy with memcpy); its
** moves depend only on the states it is shown (and its seed).
*/
#ifndef SPARBRUTE_H
#define SPARBRUTE_H

#include <stdint.h>
#include "common.h"
#include "rules.h"

typedef struct sparbrute {
  int turns; /* moves asked of it so far */
} sparbrute;

BOT_API void sparbrute_init(sparbrute *b, uint64_t seed);
/* The move (RULES_NORTH..RULES_STAY) of hero `me` (1..4) in s. */
BOT_API int sparbrute_move(sparbrute *b, const rules_state *s, int me);

#endif
