/*
** deadline.c -- CLOCK_MONOTONIC deadlines (see deadline.h).
*/
#include <time.h>
#include "deadline.h"

BOT_API int64_t deadline_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

BOT_API void deadline_start_at(deadline_t *d, int64_t start_ns, double ms) {
  d->start_ns = start_ns;
  d->end_ns = start_ns + (int64_t)(ms * 1e6);
}

BOT_API void deadline_start(deadline_t *d, double ms) {
  deadline_start_at(d, deadline_now_ns(), ms);
}

BOT_API int deadline_passed(const deadline_t *d) { return deadline_now_ns() >= d->end_ns; }

BOT_API double deadline_elapsed_ms(const deadline_t *d) {
  return (double)(deadline_now_ns() - d->start_ns) / 1e6;
}

BOT_API double deadline_left_ms(const deadline_t *d) {
  return (double)(d->end_ns - deadline_now_ns()) / 1e6;
}

BOT_API double deadline_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
