/*
** test_deadline.c -- the deadline is monotonic, expires after its budget and
** not before (checked against nanosleep, with generous slack for busy CI);
** the CPU clock advances with work and not while the process sleeps.
*/
#include <time.h>
#include "testhelp.h"
#include "deadline.h"

static void test_monotonic(void) {
  int64_t prev = deadline_now_ns();
  for (int i = 0; i < 100000; i++) {
    int64_t t = deadline_now_ns();
    TH_ASSERT(t >= prev);
    prev = t;
  }
}

static void test_expires_after_budget(void) {
  deadline_t d;
  deadline_start(&d, 30.0);
  TH_ASSERT(!deadline_passed(&d));
  TH_ASSERT(deadline_left_ms(&d) > 0 && deadline_left_ms(&d) <= 30.0);
  struct timespec ts = {0, 40 * 1000 * 1000};
  nanosleep(&ts, NULL);
  TH_ASSERT(deadline_passed(&d));
  TH_ASSERT(deadline_elapsed_ms(&d) >= 40.0);
  TH_ASSERT(deadline_left_ms(&d) < 0);
}

static void test_start_at_earlier_instant(void) {
  deadline_t d;
  int64_t now = deadline_now_ns();
  deadline_start_at(&d, now - 50 * 1000000LL, 40.0);
  TH_ASSERT(deadline_passed(&d));
  deadline_start_at(&d, now - 10 * 1000000LL, 1000.0);
  TH_ASSERT(!deadline_passed(&d));
  TH_ASSERT(deadline_elapsed_ms(&d) >= 10.0);
}

static void test_cpu_clock(void) {
  /* work: at least 20 ms of wall time spinning, so some CPU time passes
     however loaded the machine is, and never more than the wall time */
  double c0 = deadline_cpu_ms();
  deadline_t d;
  deadline_start(&d, 20.0);
  volatile unsigned x = 0;
  while (!deadline_passed(&d) || deadline_cpu_ms() - c0 < 1.0) x += 1;
  double c1 = deadline_cpu_ms();
  TH_ASSERT(x > 0);
  TH_ASSERT(c1 - c0 >= 1.0);
  TH_ASSERT(c1 - c0 <= deadline_elapsed_ms(&d) + 1.0);
  /* sleep: 50 ms asleep costs (almost) no CPU time */
  struct timespec ts = {0, 50 * 1000 * 1000};
  nanosleep(&ts, NULL);
  TH_ASSERT(deadline_cpu_ms() - c1 < 25.0);
}

static const th_test TESTS[] = {TH_ENTRY(test_monotonic), TH_ENTRY(test_expires_after_budget),
                                TH_ENTRY(test_start_at_earlier_instant), TH_ENTRY(test_cpu_clock)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
