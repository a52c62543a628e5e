/*
** deadline.h -- monotonic-clock deadlines for searches that must stop inside
** a judge's time limit.
**
** Usage: deadline_t d; deadline_start(&d, 85.0); while (!deadline_passed(&d))
** ... . The clock is CLOCK_MONOTONIC, so wall-clock jumps do not matter.
** deadline_passed is cheap enough for every node, but callers usually check it
** every few hundred nodes.
*/
#ifndef DEADLINE_H
#define DEADLINE_H

#include <stdint.h>
#include "common.h"

typedef struct deadline_t {
  int64_t start_ns; /* when deadline_start was called */
  int64_t end_ns;   /* start_ns + budget */
} deadline_t;

/* Nanoseconds on the monotonic clock. */
BOT_API int64_t deadline_now_ns(void);
/* Starts a budget of `ms` milliseconds from now. */
BOT_API void deadline_start(deadline_t *d, double ms);
/* Starts a budget of `ms` milliseconds from an earlier instant `start_ns`
   (e.g. when the turn's first input line arrived). */
BOT_API void deadline_start_at(deadline_t *d, int64_t start_ns, double ms);
BOT_API int deadline_passed(const deadline_t *d);
BOT_API double deadline_elapsed_ms(const deadline_t *d);
BOT_API double deadline_left_ms(const deadline_t *d);
/* Milliseconds of CPU time this process has used (CLOCK_PROCESS_CPUTIME_ID):
   with the wall time of the same span it gives the share of a core the
   process got, which bots use to shrink their budget on a loaded machine. */
BOT_API double deadline_cpu_ms(void);

#endif /* DEADLINE_H */
