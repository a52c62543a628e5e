/*
** cpuclock.c -- an LD_PRELOAD shim (build/cpuclock.so) that makes a
** process's wall clocks advance only while the process runs on a CPU.
**
**   LD_PRELOAD=$PWD/build/cpuclock.so ./build/greencircle
**
** Why: on a shared, loaded machine a bot gets a fraction of a core, so a bot
** that stops searching on a clock deadline searches less than it would on
** the judge's dedicated core, and its strength depends on the load. Under
** the shim its deadline counts CPU time, so it does the same work per turn
** as on an idle core. `./arena.py --cpu-clock` loads this shim into every
** bot and tells the referee (modules/proc, PROC_CLOCK=cpu) to count the
** same CPU time against the turn limit.
**
** What is replaced: clock_gettime for the wall clocks (CLOCK_REALTIME,
** CLOCK_MONOTONIC and their _RAW, _COARSE, BOOTTIME and TAI variants),
** gettimeofday, time and timespec_get. Each returns the clock's real value
** when the shim was loaded plus the process's CPU time since then
** (CLOCK_PROCESS_CPUTIME_ID: every thread of the process). CPU-time clocks
** and clock() are untouched. The interposed names cover our bots and foreign
** dynamically linked binaries alike (C, C++ std::chrono, Python's time
** module); a statically linked binary, or one that reads the vDSO itself
** (Go), keeps its real clock.
**
** Invariants: every clock the shim replaces is monotonic non-decreasing
** (CPU time is); the shim never allocates; it lives outside modules/
** because it defines libc's own symbols.
*/
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif

static long long cpuclock_base_real;  /* CLOCK_REALTIME at load, ns */
static long long cpuclock_base_mono;  /* CLOCK_MONOTONIC at load, ns */
static long long cpuclock_base_cpu;   /* process CPU time at load, ns */

/* The real clock_gettime: a direct system call, so the shim works before
   and without the dynamic loader's help. */
static int cpuclock_real(clockid_t id, struct timespec *ts) {
  return (int)syscall(SYS_clock_gettime, id, ts);
}

static long long cpuclock_ns(clockid_t id) {
  struct timespec ts = {0, 0};
  cpuclock_real(id, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((constructor)) static void cpuclock_init(void) {
  cpuclock_base_cpu = cpuclock_ns(CLOCK_PROCESS_CPUTIME_ID);
  cpuclock_base_real = cpuclock_ns(CLOCK_REALTIME);
  cpuclock_base_mono = cpuclock_ns(CLOCK_MONOTONIC);
}

/* The replacement value of a wall clock, in ns; -1 for a clock left alone. */
static long long cpuclock_fake(clockid_t id) {
  long long base;
  switch (id) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_TAI:
      base = cpuclock_base_real;
      break;
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_RAW:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_BOOTTIME:
      base = cpuclock_base_mono;
      break;
    default:
      return -1;
  }
  if (cpuclock_base_mono == 0) cpuclock_init(); /* called before our constructor */
  return base + cpuclock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpuclock_base_cpu;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
  long long ns = cpuclock_fake(id);
  if (ns < 0) return cpuclock_real(id, ts);
  ts->tv_sec = (time_t)(ns / 1000000000LL);
  ts->tv_nsec = (long)(ns % 1000000000LL);
  return 0;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  (void)tz;
  struct timeval *volatile out = tv; /* glibc declares tv nonnull; callers may still pass NULL */
  if (out) {
    long long ns = cpuclock_fake(CLOCK_REALTIME);
    out->tv_sec = (time_t)(ns / 1000000000LL);
    out->tv_usec = (suseconds_t)(ns % 1000000000LL / 1000);
  }
  return 0;
}

time_t time(time_t *t) {
  time_t s = (time_t)(cpuclock_fake(CLOCK_REALTIME) / 1000000000LL);
  if (t) *t = s;
  return s;
}

int timespec_get(struct timespec *ts, int base) {
  if (base != TIME_UTC) return 0;
  clock_gettime(CLOCK_REALTIME, ts);
  return base;
}
