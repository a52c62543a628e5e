/*
** test_judge.c -- the referee core: options (common ones, the game's
** callback, bad values), the JSON line's exact format and escaping, ranks,
** timed asks (answer, timeout, crash with exit status, '\r' dropped), the
** first error sticking, network bots (exit status, no inherited
** descriptor, stopping all with one grace period), the caps of a limit
** and a hung bot's idle-cap timeout under PROC_CLOCK=cpu, and the timing rule
** reading every thread: a child with worker threads has all of them
** counted (proc_sched_add), where the first thread's /proc/PID/schedstat
** alone misses their CPU time.
**
** The threaded child is this binary run again as `test_judge --threads-child
** N`: N workers each use 30 ms of their own CPU time, then it prints
** "ready SUM_NS" (the workers' CPU time) and waits for end of input.
*/
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "judge.h"
#include "testhelp.h"

/* ---- the threaded child --------------------------------------------------- */

#define CHILD_WORK_NS 30000000LL /* CPU time each worker uses */

static int64_t thread_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The workers take turns (one lock around the work), so their CPU time
   never exceeds the wall time: the counted time of an answer is capped at
   the wall time, and parallel workers on two cores would use more CPU than
   that. */
static pthread_mutex_t child_turn = PTHREAD_MUTEX_INITIALIZER;

static void *child_worker(void *arg) {
  volatile uint64_t x = 1;
  pthread_mutex_lock(&child_turn);
  while (thread_cpu_ns() < CHILD_WORK_NS)
    for (int i = 0; i < 10000; i++) x = x * 6364136223846793005ULL + 1;
  pthread_mutex_unlock(&child_turn);
  *(int64_t *)arg = thread_cpu_ns();
  return NULL;
}

/* Live workers: each uses CHILD_WORK_NS of CPU, reports it, then blocks on
   a pipe that is never written. */
static int blocker_fd[2];
static int64_t live_used[8];

static void *live_worker(void *arg) {
  child_worker(arg);
  char c;
  (void)!read(blocker_fd[0], &c, 1);
  return NULL;
}

static int threads_child(int n) {
  pthread_t t[8];
  if (n < 1 || n > 8 || pipe(blocker_fd) < 0) return 2;
  for (int i = 0; i < n; i++) pthread_create(&t[i], NULL, live_worker, &live_used[i]);
  /* wait until every worker reported (polling the results, not the clock) */
  for (;;) {
    int done = 0;
    for (int i = 0; i < n; i++) done += __atomic_load_n(&live_used[i], __ATOMIC_SEQ_CST) != 0;
    if (done == n) break;
    usleep(1000);
  }
  int64_t sum = 0;
  for (int i = 0; i < n; i++) sum += live_used[i];
  printf("ready %lld\n", (long long)sum);
  fflush(stdout);
  char buf[64];
  while (read(0, buf, sizeof buf) > 0) {
  }
  return 0;
}

/* ---- helpers -------------------------------------------------------------- */

static int opt_league = 0, opt_log = 0;

static int game_opt(judge_t *j, void *ctx, const char *name, const char *value) {
  (void)j;
  *(int *)ctx += 1;
  if (strcmp(name, "--log") == 0) {
    opt_log = 1;
    return JUDGE_OPT_FLAG;
  }
  if (strcmp(name, "--league") == 0) {
    if (!value || atoi(value) < 1) return JUDGE_OPT_BAD;
    opt_league = atoi(value);
    return JUDGE_OPT_VALUE;
  }
  return JUDGE_OPT_BAD;
}

/* Runs judge_parse on a NULL-terminated argument list, stderr silenced. */
static int parse(judge_t *j, int min, int max, const char **args) {
  char *argv[32];
  int argc = 0;
  while (args[argc]) {
    argv[argc] = (char *)args[argc];
    argc++;
  }
  int calls = 0, saved = dup(2), dn = open("/dev/null", O_WRONLY);
  dup2(dn, 2);
  int r = judge_parse(j, argc, argv, min, max, game_opt, &calls);
  dup2(saved, 2);
  close(saved);
  close(dn);
  return r;
}

/* Runs judge_result into buf (stdout redirected to a pipe). */
static void result_text(judge_t *j, const int *ranks, const int *scores, long turns, const char *extra,
                        char *buf, size_t cap) {
  int fds[2];
  TH_EQ_INT(pipe(fds), 0);
  fflush(stdout);
  int saved = dup(1);
  dup2(fds[1], 1);
  judge_result(j, ranks, scores, turns, extra);
  dup2(saved, 1);
  close(saved);
  close(fds[1]);
  ssize_t n = read(fds[0], buf, cap - 1);
  buf[n > 0 ? n : 0] = 0;
  close(fds[0]);
}

/* ---- tests ---------------------------------------------------------------- */

static void test_common_options(void) {
  static judge_t j;
  judge_init(&j, "g", 1000, 100);
  TH_ASSERT(j.seed >= 0);
  const char *a[] = {"--seed", "0x10", "--limit-ms", "300,50", "--wall-clock", "--stderr", "--log",
                     "--league", "2", "--", "a", "b c", NULL};
  opt_league = opt_log = 0;
  TH_EQ_INT(parse(&j, 2, 2, a), 0);
  TH_EQ_INT((int)j.seed, 16);
  TH_ASSERT(j.have_seed && j.wall_clock && j.keep_stderr);
  TH_ASSERT(j.limit_first == 300 && j.limit_next == 50);
  TH_EQ_INT(opt_league, 2);
  TH_EQ_INT(opt_log, 1);
  TH_EQ_INT(j.n, 2);
  TH_EQ_STR(j.cmd[1], "b c");

  judge_init(&j, "g", 1000, 100);
  const char *b[] = {"--limit-ms", "75", "--seed", "-5", "--", "x", "y", "z", NULL};
  TH_EQ_INT(parse(&j, 2, 4, b), 0);
  TH_ASSERT(j.limit_first == 75 && j.limit_next == 75);
  TH_EQ_INT((int)j.seed, -5);
  TH_EQ_INT(j.n, 3);
  TH_ASSERT(!j.wall_clock && !j.keep_stderr && j.trace == NULL);
}

static void test_bad_options_exit_2(void) {
  static judge_t j;
  const char *bad[][8] = {
      {"--seed", "12x", "--", "a", "b", NULL},       {"--limit-ms", "0", "--", "a", "b", NULL},
      {"--limit-ms", "5,", "--", "a", "b", NULL},     {"--nope", "--", "a", "b", NULL},
      {"--league", "0", "--", "a", "b", NULL},        {"--", "a", NULL},
      {"--seed", "1", "a", "b", NULL},                {"--trace", "/dev/null", "--", "a", "b", NULL},
      {"--league", NULL},
  };
  for (int k = 0; k < TH_COUNT(bad); k++) {
    judge_init(&j, "g", 1000, 100);
    TH_ASSERT_MSG(parse(&j, 2, 2, bad[k]) == 2, "case %d", k);
  }
  /* --trace only where the game writes traces */
  judge_init(&j, "g", 1000, 100);
  j.trace_ok = 1;
  const char *t[] = {"--trace", "/dev/null", "--", "a", "b", NULL};
  TH_EQ_INT(parse(&j, 2, 2, t), 0);
  TH_ASSERT(j.trace != NULL);
  judge_stop_all(&j, 0);
  TH_ASSERT(j.trace == NULL);
}

static void test_json_line(void) {
  static judge_t j;
  judge_init(&j, "g", 1000, 100);
  const char *a[] = {"--seed", "7", "--", "a", "b", NULL};
  TH_EQ_INT(parse(&j, 2, 2, a), 0);
  judge_think(&j, 0, 10.0);
  judge_think(&j, 0, 20.5);
  judge_fail(&j, 1, JUDGE_INVALID, "turn %d: said \"%s\"\t", 3, "x\\y");
  judge_fail(&j, 1, JUDGE_TIMEOUT, "later"); /* the first error sticks */
  int ranks[2], scores[2] = {-1, 5};
  judge_rank(&j, scores, ranks);
  TH_EQ_INT(ranks[0], 0); /* no error beats a higher score with an error */
  TH_EQ_INT(ranks[1], 1);
  char buf[1024];
  result_text(&j, ranks, scores, 12, "\"draws\":2", buf, sizeof buf);
  static const char want[] =
      "{\"game\":\"g\",\"seed\":7,\"ranks\":[0,1],\"scores\":[-1,5],\"errors\":[\"\",\"invalid\"],"
                 "\"turns\":12,\"think_mean_ms\":[15.250,0.000],\"think_max_ms\":[20.500,0.000],"
                 "\"detail\":[\"\",\"turn 3: said \\\"x\\\\y\\\"\\u0009\"],\"draws\":2}\n";
  TH_ASSERT_MSG(strcmp(buf, want) == 0, "got %.400s", buf);
  judge_think_totals(&j, 1, 4, 8.0, 3.0);
  result_text(&j, ranks, scores, 12, NULL, buf, sizeof buf);
  TH_ASSERT(strstr(buf, "\"think_mean_ms\":[15.250,2.000],\"think_max_ms\":[20.500,3.000]") != NULL);
  TH_ASSERT(strstr(buf, "\"]}\n") != NULL);
}

static void test_ranks_ties(void) {
  static judge_t j;
  judge_init(&j, "g", 1000, 100);
  j.n = 4;
  int scores[4] = {3, 7, 3, 7}, ranks[4];
  judge_rank(&j, scores, ranks);
  TH_ASSERT(ranks[0] == 2 && ranks[1] == 0 && ranks[2] == 2 && ranks[3] == 0);
  judge_fail(&j, 1, JUDGE_CRASH, "x");
  judge_rank(&j, scores, ranks);
  TH_ASSERT(ranks[0] == 1 && ranks[1] == 3 && ranks[2] == 1 && ranks[3] == 0);
}

static void test_asks(void) {
  static judge_t j;
  judge_init(&j, "g", 3000, 100);
  const char *a[] = {"--", "read x; printf 'got %s\\r\\n' \"$x\"; exit 4", "sleep 5", NULL};
  TH_EQ_INT(parse(&j, 2, 2, a), 0);
  TH_EQ_INT(judge_spawn_all(&j), 0);
  char line[64];
  j.turn = 1;
  TH_EQ_INT(judge_ask(&j, 0, "hi\n", 3, line, sizeof line), JUDGE_OK);
  TH_EQ_STR(line, "got hi"); /* '\r' dropped */
  TH_EQ_INT((int)j.think_n[0], 1);
  j.turn = 2;
  TH_EQ_INT(judge_ask(&j, 0, "again\n", 6, line, sizeof line), JUDGE_CRASH);
  TH_ASSERT_MSG(strstr(j.detail[0], "turn 2, answer 2: ") == j.detail[0], "%s", j.detail[0]);
  TH_ASSERT_MSG(strstr(j.detail[0], "exit status 4") != NULL, "%s", j.detail[0]);
  TH_EQ_INT(judge_ask(&j, 0, "more\n", 5, line, sizeof line), JUDGE_CRASH); /* not asked again */
  TH_EQ_INT(j.asked[0], 2);
  /* first answer: limit_first, the first timeout is at the second */
  j.limit_first = 100;
  TH_EQ_INT(judge_ask(&j, 1, "x\n", 2, line, sizeof line), JUDGE_TIMEOUT);
  TH_EQ_STR(judge_error_name(j.error[1]), "timeout");
  TH_ASSERT_MSG(strstr(j.detail[1], "answer 1: no line after ") && strstr(j.detail[1], "(limit 100)"), "%s",
                j.detail[1]);
  TH_EQ_INT((int)j.think_n[1], 0);
  judge_stop_all(&j, 0);
  TH_EQ_INT(j.bot[0].pid, 0);
  TH_EQ_INT(j.bot[1].pid, 0);
}

/* The caps of judge_limits, and a hung bot under PROC_CLOCK=cpu ended by
   the idle cap with a detail that says so. */
static void test_limits_and_idle_timeout(void) {
  proc_limit l = judge_limits(100);
  TH_ASSERT(l.limit_ms == 100 && l.idle_ms == 1000 && l.wall_ms == 30000);
  l = judge_limits(1000);
  TH_ASSERT(l.limit_ms == 1000 && l.idle_ms == 10000 && l.wall_ms == 100000);
  static judge_t j;
  judge_init(&j, "g", 100, 100);
  const char *a[] = {"--", "sleep 1000", NULL};
  TH_EQ_INT(parse(&j, 1, 1, a), 0);
  setenv("PROC_CLOCK", "cpu", 1);
  TH_EQ_INT(judge_spawn_all(&j), 0);
  unsetenv("PROC_CLOCK");
  char line[64];
  j.turn = 3;
  TH_EQ_INT(judge_ask(&j, 0, "x\n", 2, line, sizeof line), JUDGE_TIMEOUT);
  const char *d = j.detail[0];
  TH_ASSERT_MSG(strstr(d, "turn 3, answer 1: no line after ") == d &&
                    strstr(d, "ms idle, neither on a CPU nor waiting for one (cap 1000)), host steal "),
                "%s", d);
  judge_stop_all(&j, 0);
}

static void test_status_note(void) {
  char note[48];
  judge_status_note(3 << 8, note, sizeof note); /* exited with 3 */
  TH_EQ_STR(note, " (exit status 3)");
  judge_status_note(SIGKILL, note, sizeof note); /* killed by signal 9 */
  TH_EQ_STR(note, " (killed by signal 9)");
  judge_status_note(0x137f, note, sizeof note); /* stopped: neither */
  TH_EQ_STR(note, "");
}

static void test_net_bots(void) {
  static judge_t j;
  judge_init(&j, "g", 1000, 100);
  j.n = 2;
  int fd = open("/dev/null", O_RDONLY); /* must not reach the bots */
  TH_ASSERT(fd >= 3);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "test -e /proc/$$/fd/%d && exit 9; exit 3", fd);
  TH_EQ_INT(judge_spawn_net(&j, 0, cmd), 0);
  TH_EQ_INT(judge_spawn_net(&j, 1, "sleep 30"), 0);
  while (!judge_poll(&j, 0)) usleep(5000);
  TH_ASSERT(WIFEXITED(j.bot[0].status));
  TH_EQ_INT(WEXITSTATUS(j.bot[0].status), 3);
  TH_EQ_INT(judge_poll(&j, 1), 0);
  judge_stop(&j, 1, 2000); /* SIGTERM ends sleep */
  TH_ASSERT(j.bot[1].exited && WIFSIGNALED(j.bot[1].status));
  judge_stop_all(&j, 0);
  close(fd);
  /* all at once: SIGTERM ends one, the other ignores it and gets SIGKILL */
  TH_EQ_INT(judge_spawn_net(&j, 0, "sleep 30"), 0);
  TH_EQ_INT(judge_spawn_net(&j, 1, "trap '' TERM; sleep 30"), 0);
  usleep(100 * 1000); /* let the shell set its trap (a late one only means SIGTERM wins) */
  judge_stop_all(&j, 300);
  TH_ASSERT(j.bot[0].exited && WIFSIGNALED(j.bot[0].status) && WTERMSIG(j.bot[0].status) == SIGTERM);
  TH_ASSERT(j.bot[1].exited && WIFSIGNALED(j.bot[1].status));
  TH_EQ_INT(j.bot[0].pid, 0);
  TH_EQ_INT(j.bot[1].pid, 0);
}

static char self_exe[1024];

static void test_every_thread_counted(void) {
  const proc_limit slow = {60000, 60000, 60000};
  proc_t p;
  char cmd[1200], line[64];
  double took;
  snprintf(cmd, sizeof cmd, "exec '%s' --threads-child 3", self_exe);
  TH_EQ_INT(proc_spawn(&p, cmd, 1, 0), 0);
  proc_clock c;
  proc_clock_start(&p, &c);
  TH_EQ_INT(proc_read_line(&p, &c, &slow, line, sizeof line, &took), PROC_OK);
  long long used = 0;
  TH_EQ_INT(sscanf(line, "ready %lld", &used), 1);
  TH_ASSERT(used >= 3 * CHILD_WORK_NS);
  proc_usage u = {0, 0, 0, 0};
  proc_sched_add((int)p.pid, 3, &u);
  TH_ASSERT_MSG(u.tasks >= 4, "tasks %d", u.tasks); /* main thread + 3 workers */
  TH_EQ_INT(u.procs, 1);
  TH_ASSERT_MSG(u.run_ns >= used, "run %lld < workers' %lld", (long long)u.run_ns, used);
  /* the first thread alone (what /proc/PID/schedstat says) misses them */
  char path[64];
  long long run1 = -1, wait1;
  snprintf(path, sizeof path, "/proc/%d/schedstat", (int)p.pid);
  FILE *f = fopen(path, "r");
  TH_ASSERT(f != NULL);
  TH_EQ_INT(fscanf(f, "%lld %lld", &run1, &wait1), 2);
  fclose(f);
  TH_ASSERT_MSG(run1 < used, "first thread %lld, workers %lld", run1, used);
  /* the counted time of that answer is at least the CPU time used */
  TH_ASSERT_MSG(took >= (double)used / 1e6 - 0.001, "took %.1f used %.1f", took, (double)used / 1e6);
  /* a process tree: sh (not exec'ed) above the threaded child */
  proc_kill(&p);
  snprintf(cmd, sizeof cmd, "'%s' --threads-child 2; true", self_exe);
  TH_EQ_INT(proc_spawn(&p, cmd, 1, 0), 0);
  proc_clock_start(&p, &c);
  TH_EQ_INT(proc_read_line(&p, &c, &slow, line, sizeof line, &took), PROC_OK);
  proc_usage t = {0, 0, 0, 0};
  proc_sched_add((int)p.pid, 3, &t);
  TH_ASSERT_MSG(t.procs == 2 && t.tasks >= 4, "procs %d tasks %d", t.procs, t.tasks);
  proc_usage top = {0, 0, 0, 0};
  proc_sched_add((int)p.pid, 0, &top); /* depth 0: the shell alone */
  TH_ASSERT(top.procs == 1 && top.tasks == 1);
  proc_kill(&p);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_common_options), TH_ENTRY(test_bad_options_exit_2), TH_ENTRY(test_json_line),
    TH_ENTRY(test_ranks_ties),     TH_ENTRY(test_asks),               TH_ENTRY(test_net_bots),
    TH_ENTRY(test_every_thread_counted), TH_ENTRY(test_status_note), TH_ENTRY(test_limits_and_idle_timeout),
};

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--threads-child") == 0) return threads_child(atoi(argv[2]));
  ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
  self_exe[n > 0 ? n : 0] = 0;
  return th_main(argc, argv, TESTS, TH_COUNT(TESTS));
}
