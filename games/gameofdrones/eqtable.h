/*
** eqtable.h -- the shipped round equilibria (engine bonus 1) for round
** lengths T = EQTABLE_TMIN..EQTABLE_TMAX, as weighted pure plans, generated
** by build/gameofdrones-solve (games/gameofdrones/solve.c) into eqtable.c.
** Shipping them makes a round length change cost a table load (the plan
** graph, a few ms) instead of CFR+ at start-up (100-500 ms).
**
** Invariants: for every T in range the weights are positive and sum to 1
** (within rounding); every plan uses full capacity, attacks on 1..T-1 or
** never, and has len <= T.
*/
#ifndef EQTABLE_H
#define EQTABLE_H

#include "common.h"
#include "plan.h"

#define EQTABLE_TMIN 1
#define EQTABLE_TMAX 12

/* Plans of the table for T (0 if T has no table). */
BOT_API int eqtable_count(int T);
/* Plan i (0 <= i < eqtable_count(T)) and its weight; returns 0, or -1 if
   T or i is out of range. */
BOT_API int eqtable_get(int T, int i, plan_pure *out, double *weight);
/* Exploitability of the table for T as the generator measured it (-1 if
   there is none). */
BOT_API double eqtable_exploitability(int T);

#endif /* EQTABLE_H */
