/*
** fuzz_clock.c -- a counting clock in place of modules/deadline.c for the
** game targets (spring2021, greencircle, blitz): time advances only when a
** search asks whether its deadline has passed (deadline_passed), by
** fuzz_clock_tick_ns per question, so a search's budget of B ms becomes a
** budget of B / tick clock checks (the searches check every few nodes:
** spring2021's beam every 256 expansions, greencircle every 8 calls, blitz
** every 256 nodes). Each input so does the same bounded work on every run
** and every machine, a crash replays exactly, and a slow or loaded machine
** neither slows the fuzzing down nor changes what an input covers.
** Reading the clock (deadline_now_ns: line timestamps, a pass's duration,
** seeds) does not advance it. fuzz_clock_reset(), at the start of every
** input, restarts it. Implements deadline.h with the same semantics
** otherwise.
*/
#include <time.h>

#include "deadline.h"
#include "fuzz_clock.h"

int64_t fuzz_clock_tick_ns = 100000;
static int64_t fuzz__clock_ns;

void fuzz_clock_reset(void) { fuzz__clock_ns = 1000000000; }

int64_t deadline_now_ns(void) { return fuzz__clock_ns; }

void deadline_start_at(deadline_t *d, int64_t start_ns, double ms) {
  d->start_ns = start_ns;
  d->end_ns = start_ns + (int64_t)(ms * 1e6);
}

void deadline_start(deadline_t *d, double ms) { deadline_start_at(d, deadline_now_ns(), ms); }

int deadline_passed(const deadline_t *d) {
  fuzz__clock_ns += fuzz_clock_tick_ns;
  return fuzz__clock_ns >= d->end_ns;
}

double deadline_elapsed_ms(const deadline_t *d) { return (double)(deadline_now_ns() - d->start_ns) / 1e6; }

double deadline_left_ms(const deadline_t *d) { return (double)(d->end_ns - deadline_now_ns()) / 1e6; }

/* The process's real CPU time, as deadline.c: only the bots' load share
   reads it, never a search's stop. */
double deadline_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
