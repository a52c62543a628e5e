/*
** testhelp.h -- the project's tiny C test harness (header only, no malloc).
**
** Usage, in a test file:
**
**     #include "testhelp.h"
**     static void test_adds(void) { TH_ASSERT(1 + 1 == 2); TH_EQ_INT(2 + 2, 4); }
**     static const th_test TESTS[] = { TH_ENTRY(test_adds) };
**     int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
**
** Command line of every test binary:
**     [--no-fork] [--seed N] [--list] [--help] [FILTER...]
**   FILTER     run only tests whose name contains one of the substrings
**   --list     print the names of the tests that would run, one a line
**   --help     print this usage and exit (an unknown option: usage on
**              stderr, exit 2)
**   --no-fork  run tests in this process (for gdb); by default each test runs
**              in a forked child, so a crash or an abort counts as a failure
**              and the next test still runs
**   --seed N   the seed th_seed() returns (default: TH_SEED env var, else a
**              fixed value); printed with every failure so it can be replayed
**
** Invariants: the last line written to stdout is exactly
** "N passed, N failed"; the exit status is 0 iff nothing failed and at least
** one test ran. A test fails on its first failed assertion.
*/
#ifndef TESTHELP_H
#define TESTHELP_H

#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct th_test {
  const char *name;
  void (*fn)(void);
} th_test;

#define TH_ENTRY(f) { #f, f }
#define TH_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define TH_TIMEOUT_S 300 /* a forked test running longer than this fails */

#define TH_DEFAULT_SEED 0x5eed2026u

static uint64_t th__seed = TH_DEFAULT_SEED;
static int th__forked;
static int th__failed_here;
static jmp_buf th__jmp;

/* The seed for randomised tests; printed on failure. */
static inline uint64_t th_seed(void) { return th__seed; }

static inline void th__fail(const char *file, int line, const char *msg) {
  printf("    %s:%d: %s (seed %" PRIu64 ")\n", file, line, msg, th__seed);
  fflush(stdout);
  th__failed_here = 1;
  if (th__forked) _exit(1);
  longjmp(th__jmp, 1);
}

#define TH_ASSERT(cond)                                                      \
  do {                                                                       \
    if (!(cond)) th__fail(__FILE__, __LINE__, "assertion failed: " #cond);   \
  } while (0)

#define TH_ASSERT_MSG(cond, ...)                                             \
  do {                                                                       \
    if (!(cond)) {                                                           \
      char th__m[512];                                                       \
      snprintf(th__m, sizeof th__m, __VA_ARGS__);                            \
      th__fail(__FILE__, __LINE__, th__m);                                   \
    }                                                                        \
  } while (0)

#define TH_EQ_INT(a, b)                                                      \
  do {                                                                       \
    long long th__a = (long long)(a), th__b = (long long)(b);                \
    TH_ASSERT_MSG(th__a == th__b, "%s == %s: %lld != %lld", #a, #b, th__a,   \
                  th__b);                                                    \
  } while (0)

#define TH_EQ_U64(a, b)                                                      \
  do {                                                                       \
    uint64_t th__a = (uint64_t)(a), th__b = (uint64_t)(b);                   \
    TH_ASSERT_MSG(th__a == th__b, "%s == %s: %" PRIu64 " != %" PRIu64, #a,   \
                  #b, th__a, th__b);                                         \
  } while (0)

#define TH_EQ_STR(a, b)                                                      \
  do {                                                                       \
    const char *th__a = (a), *th__b = (b);                                   \
    TH_ASSERT_MSG(th__a && th__b && strcmp(th__a, th__b) == 0,               \
                  "%s == %s: \"%.200s\" != \"%.200s\"", #a, #b,              \
                  th__a ? th__a : "(null)", th__b ? th__b : "(null)");       \
  } while (0)

#define TH_NEAR(a, b, eps)                                                   \
  do {                                                                       \
    double th__a = (double)(a), th__b = (double)(b);                         \
    double th__d = th__a > th__b ? th__a - th__b : th__b - th__a;            \
    TH_ASSERT_MSG(th__d <= (eps), "%s ~ %s: %.10g vs %.10g", #a, #b, th__a,  \
                  th__b);                                                    \
  } while (0)

static inline int th__wanted(const char *name, int nf, char **filters) {
  if (nf == 0) return 1;
  for (int i = 0; i < nf; i++)
    if (strstr(name, filters[i])) return 1;
  return 0;
}

/* Runs one test; returns 1 if it passed. */
static inline int th__run_one(const th_test *t, int fork_it) {
  th__failed_here = 0;
  if (!fork_it) {
    th__forked = 0;
    if (setjmp(th__jmp) == 0) t->fn();
    return !th__failed_here;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    printf("    cannot fork: running in process\n");
    return th__run_one(t, 0);
  }
  if (pid == 0) {
    th__forked = 1;
    alarm(TH_TIMEOUT_S);
    t->fn();
    fflush(stdout);
    _exit(0);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  if (WIFSIGNALED(status)) {
    printf("    crashed with signal %d (seed %" PRIu64 ")\n", WTERMSIG(status),
           th__seed);
    return 0;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static inline void th__usage(FILE *f, const char *prog) {
  fprintf(f,
          "usage: %s [--no-fork] [--seed N] [--list] [--help] [FILTER...]\n"
          "  FILTER     run only the tests whose name contains one of the substrings\n"
          "  --list     print the names of the tests that would run, and exit\n"
          "  --seed N   seed of the randomised tests (default: $TH_SEED, else %#" PRIx64 ")\n"
          "  --no-fork  run the tests in this process (for gdb); by default each test\n"
          "             runs in a forked child, so a crash fails only that test\n"
          "  --help     this text\n"
          "The last line of a run is \"N passed, N failed\"; the exit status is 0 iff\n"
          "nothing failed and at least one test ran.\n",
          prog, (uint64_t)TH_DEFAULT_SEED);
}

static inline int th_main(int argc, char **argv, const th_test *tests, int n) {
  int fork_it = 1, list = 0, nf = 0;
  char *filters[64];
  const char *env = getenv("TH_SEED");
  if (env && *env) th__seed = strtoull(env, NULL, 0);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--no-fork") == 0) fork_it = 0;
    else if (strcmp(argv[i], "--list") == 0) list = 1;
    else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      th__seed = strtoull(argv[++i], NULL, 0);
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      th__usage(stdout, argv[0]);
      return 0;
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "%s: %s %s\n", argv[0], strcmp(argv[i], "--seed") == 0 ? "a number must follow" : "unknown option", argv[i]);
      th__usage(stderr, argv[0]);
      return 2;
    } else if (nf < 64) filters[nf++] = argv[i];
  }
  int passed = 0, failed = 0;
  for (int i = 0; i < n; i++) {
    if (!th__wanted(tests[i].name, nf, filters)) continue;
    if (list) {
      printf("%s\n", tests[i].name);
      continue;
    }
    int ok = th__run_one(&tests[i], fork_it);
    printf("%s %s\n", ok ? "ok  " : "FAIL", tests[i].name);
    fflush(stdout);
    if (ok) passed++;
    else failed++;
  }
  if (list) return 0;
  printf("%d passed, %d failed\n", passed, failed);
  fflush(stdout);
  return (failed == 0 && passed > 0) ? 0 : 1;
}

#endif /* TESTHELP_H */
