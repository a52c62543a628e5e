/*
** fuzz_clock.h -- the counting clock of fuzz_clock.c (linked instead of
** modules/deadline.c by the game targets): the clock
** advances it by fuzz_clock_tick_ns nanoseconds at every deadline_passed
** question (a target may set the tick);
** fuzz_clock_reset() restarts it, at the start of every input.
*/
#ifndef FUZZ_CLOCK_H
#define FUZZ_CLOCK_H

#include <stdint.h>

extern int64_t fuzz_clock_tick_ns;
void fuzz_clock_reset(void);

#endif /* FUZZ_CLOCK_H */
