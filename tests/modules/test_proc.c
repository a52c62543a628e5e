/*
** test_proc.c -- bots as child processes: lines come back whole, split
** writes are joined, a second buffered line waits for the next read, a
** silent bot times out near its limit, an exited bot is PROC_GONE, an
** over-long line is PROC_LONG, proc_kill takes the whole process group and
** is safe twice, counted time never exceeds wall time, and under
** PROC_CLOCK=cpu a sleeping child's answer costs no counted time while a
** busy one still times out.
**
** The timeout rules (proc_verdict) on made-up looks: a bot waiting for a
** CPU is never idle, a runnable thread holds back the rules its unbooked
** wait could have fired, the wall cap ends everything. Then on real
** processes, asserting only what holds at any load: under PROC_CLOCK=cpu a
** child that sleeps forever or blocks on its input is ended by the idle
** cap within a generous wall bound; a child that uses 50 ms of a 100 ms
** limit, pinned to one CPU beside 8 busy processes (a ninth of a core at
** most, as at load 18 on two cores; 2-3 s of wall per answer with the rest
** of a loaded machine) is never ended, under PROC_CLOCK=cpu nor the
** run-queue rule.
**
** That child is this binary run again as `test_proc --budget-child MS CPU`:
** it pins itself to CPU, prints "ready", then for each input line spins MS
** ms of its own CPU time and prints "done".
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "deadline.h"
#include "proc.h"
#include "testhelp.h"

static char self_exe[1024];

/* Reads a line with the given limit, idle cap 1 s, wall cap 5 s. */
static int read_line(proc_t *p, const proc_clock *c, double limit, char *out, size_t cap, double *took) {
  proc_limit lim = {limit, 1000, 5000};
  return proc_read_line(p, c, &lim, out, cap, took);
}

/* Starts cmd (wall: plain wall-clock rule) and reads its first line with
   the given limit (idle cap 1 s, wall cap 5 s); returns proc_read_line's
   result (-1 when cmd did not start). */
static int first_line(proc_t *p, proc_clock *c, const char *cmd, int wall, double limit, char *out,
                      size_t cap, double *took) {
  if (proc_spawn(p, cmd, 0, wall) != 0) return -1;
  proc_clock_start(p, c);
  return read_line(p, c, limit, out, cap, took);
}

static void test_round_trip_and_buffering(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  TH_EQ_INT(proc_spawn(&p, "cat", 0, 0), 0);
  proc_clock_start(&p, &c);
  TH_EQ_INT(proc_send(&p, "hello\nworld\n", 12), 0);
  TH_EQ_INT(read_line(&p, &c, 2000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "hello");
  TH_ASSERT(took >= 0 && took <= proc_clock_wall_ms(&c));
  TH_EQ_INT(read_line(&p, &c, 2000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "world");
  proc_kill(&p);
}

static void test_split_write_and_truncation(void) {
  proc_t p;
  proc_clock c;
  char line[4];
  double took;
  /* the child waits for our line, sent after the clock starts, so its
     50 ms sleep falls inside the clock however late a loaded machine
     runs us after the spawn */
  TH_EQ_INT(proc_spawn(&p, "read go; printf ab; sleep 0.05; printf 'cdef\\r\\nnext\\n'", 0, 1), 0);
  proc_clock_start(&p, &c);
  TH_EQ_INT(proc_send(&p, "go\n", 3), 0);
  TH_EQ_INT(read_line(&p, &c, 3000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "abc"); /* cut to the buffer; the rest of the line is gone */
  /* plain wall time here (wall_clock 1): the 50 ms sleep is always in it,
     whereas the run-queue rule may subtract overlapping waits on a loaded
     machine */
  TH_ASSERT(took >= 40.0);
  TH_EQ_INT(read_line(&p, &c, 3000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "nex");
  proc_kill(&p);

  char full[16];
  TH_EQ_INT(first_line(&p, &c, "printf 'WAIT\\r\\n'", 0, 3000, full, sizeof full, &took), PROC_OK);
  TH_EQ_STR(full, "WAIT\r"); /* '\r' kept for the caller's grammar */
  proc_kill(&p);
}

static void test_timeout_near_limit(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  for (int wall = 0; wall <= 1; wall++) {
    TH_EQ_INT(first_line(&p, &c, "sleep 5", wall, 100, line, sizeof line, &took), PROC_TIMEOUT);
    double w = proc_clock_wall_ms(&c);
    TH_ASSERT_MSG(took >= 100.0 && took <= w, "took %.1f wall %.1f", took, w);
    TH_ASSERT_MSG(w < 2500.0, "wall %.1f", w);
    proc_kill(&p);
  }
}

static void test_gone_and_send_to_gone(void) {
  signal(SIGPIPE, SIG_IGN);
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  TH_EQ_INT(first_line(&p, &c, "exit 3", 0, 2000, line, sizeof line, &took), PROC_GONE);
  TH_ASSERT(proc_clock_wall_ms(&c) < 1900.0);
  usleep(50 * 1000);
  char big[70000];
  memset(big, 'x', sizeof big);
  TH_EQ_INT(proc_send(&p, big, sizeof big), -1);
  proc_kill(&p);
}

static void test_long_line(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  TH_EQ_INT(first_line(&p, &c, "head -c 9000 /dev/zero | tr '\\000' x; echo", 0, 3000, line, sizeof line,
                       &took), PROC_LONG);
  proc_kill(&p);
}

/* state letter of /proc/PID/stat, or 0 when the process is gone */
static char proc_state(int pid) {
  char path[64], buf[256];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *rp = strrchr(buf, ')');
  return rp && rp[1] == ' ' ? rp[2] : '?';
}

static void test_kill_takes_the_group(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  /* the shell starts a grandchild and reports its pid */
  TH_EQ_INT(first_line(&p, &c, "sleep 30 & echo $!; wait", 0, 3000, line, sizeof line, &took), PROC_OK);
  int grandchild = atoi(line);
  TH_ASSERT(grandchild > 0);
  TH_ASSERT(proc_state(grandchild) != 0 && proc_state(grandchild) != 'Z');
  proc_kill(&p);
  TH_EQ_INT(p.pid, 0);
  int dead = 0;
  for (int i = 0; i < 100 && !dead; i++) {
    char st = proc_state(grandchild);
    dead = st == 0 || st == 'Z';
    if (!dead) usleep(10 * 1000);
  }
  TH_ASSERT(dead);
  proc_kill(&p); /* twice: nothing happens */
  int fds[2];
  TH_EQ_INT(pipe(fds), 0);
  TH_ASSERT(dup2(fds[0], 0) == 0);
  proc_t never;
  memset(&never, 0, sizeof never);
  proc_kill(&never); /* a zeroed, never started one must not close fd 0 */
  TH_ASSERT(fcntl(0, F_GETFD) != -1);
}

static void test_counted_within_wall(void) {
  proc_t p;
  proc_clock c;
  TH_EQ_INT(proc_spawn(&p, "cat", 0, 0), 0);
  proc_clock_start(&p, &c);
  usleep(20 * 1000);
  double counted = proc_clock_ms(&p, &c), wall = proc_clock_wall_ms(&c);
  TH_ASSERT_MSG(counted >= 0 && counted <= wall, "counted %.2f wall %.2f", counted, wall);
  TH_ASSERT(wall >= 20.0);
  proc_usage u = {0, 0, 0, 0};
  proc_sched_add((int)getpid(), 0, &u);
  TH_ASSERT(u.procs == 1 && u.tasks >= 1 && u.run_ns > 0 && u.wait_ns >= 0);
  TH_ASSERT(proc_steal_ms() >= 0.0);
  proc_kill(&p);
}

static void test_cpu_clock_mode(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  setenv("PROC_CLOCK", "cpu", 1);
  /* sleeping uses no CPU: a 300 ms sleep fits a 100 ms CPU limit. The
     wall is timed here from before the spawn: proc_clock_start runs after
     it, when the child may already sleep (its clock saw 295.8 ms under 8
     busy processes) */
  deadline_t since;
  deadline_start(&since, 0);
  TH_EQ_INT(first_line(&p, &c, "sleep 0.3; echo hi", 0, 100, line, sizeof line, &took), PROC_OK);
  double w = deadline_elapsed_ms(&since);
  TH_EQ_INT(p.wall_clock, 2);
  TH_EQ_STR(line, "hi");
  TH_ASSERT_MSG(took < 100.0 && w >= 300.0, "took %.1f wall %.1f", took, w);
  proc_kill(&p);
  /* a busy child spends its CPU and times out (killed before the checks:
     a failed check must not leave it spinning) */
  int r = first_line(&p, &c, "while :; do :; done", 0, 100, line, sizeof line, &took);
  double wall = proc_clock_wall_ms(&c);
  proc_kill(&p);
  TH_EQ_INT(r, PROC_TIMEOUT);
  TH_ASSERT_MSG(took >= 100.0 && took <= wall, "took %.1f wall %.1f", took, wall);
  /* the referee's --wall-clock wins over the environment */
  TH_EQ_INT(proc_spawn(&p, "cat", 0, 1), 0);
  TH_EQ_INT(p.wall_clock, 1);
  proc_kill(&p);
  unsetenv("PROC_CLOCK");
  proc_usage u = {0, 0, 0, 0};
  proc_sched_add((int)getpid(), 0, &u);
  TH_ASSERT(u.run_ns > 0 && u.tasks >= 1);
}

/* A made-up look (ms) for the rule tests. */
static proc_look look(double wall, double run, double wait, double self, int runnable, double since_run) {
  proc_look l = {wall, run, wait, self, runnable, since_run};
  return l;
}

static void test_verdict_cpu_rule(void) {
  const proc_limit lim = {100, 1000, 30000};
  const int R = PROC_RULE_CPU;
  /* load 50: 60 ms on a CPU, 1440 ms waiting for one -- in budget, not idle */
  proc_look l = look(1500, 60, 1440, 300, 0, -1);
  TH_EQ_INT(proc_verdict(R, &l, &lim), 0);
  TH_ASSERT(proc_counted_ms(R, &l) == 60 && proc_idle_ms(&l) == 0);
  /* a sleeper: 1010 ms neither on a CPU nor waiting for one */
  l = look(1012, 1, 1, 0, 0, -1);
  TH_ASSERT(proc_idle_ms(&l) == 1010);
  TH_EQ_INT(proc_verdict(R, &l, &lim), PROC_OVER_IDLE);
  l.runnable = 1; /* ...unless a thread waits for a CPU right now (unbooked) */
  TH_EQ_INT(proc_verdict(R, &l, &lim), 0);
  /* the referee's own waits are not idle time's business */
  l = look(1012, 1, 1, 900, 0, -1);
  TH_EQ_INT(proc_verdict(R, &l, &lim), PROC_OVER_IDLE);
  /* a spinner: its CPU time, runnable or not */
  l = look(2600, 100, 2500, 0, 1, -1);
  TH_EQ_INT(proc_verdict(R, &l, &lim), PROC_OVER_LIMIT);
  /* two threads' CPU time is capped at the wall time */
  l = look(90, 170, 0, 0, 2, 10);
  TH_ASSERT(proc_counted_ms(R, &l) == 90 && proc_idle_ms(&l) == 0);
  TH_EQ_INT(proc_verdict(R, &l, &lim), 0);
  /* the last resort, whatever the rest */
  l = look(30000, 10, 29900, 0, 1, -1);
  TH_EQ_INT(proc_verdict(R, &l, &lim), PROC_OVER_WALL);
}

static void test_verdict_queue_and_wall_rules(void) {
  const proc_limit lim = {100, 1000, 30000};
  const int Q = PROC_RULE_QUEUE;
  /* wall minus the bot's and the referee's waits */
  proc_look l = look(300, 80, 150, 60, 0, -1);
  TH_ASSERT(proc_counted_ms(Q, &l) == 90);
  TH_EQ_INT(proc_verdict(Q, &l, &lim), 0);
  /* 110 counted: a runnable thread that got no CPU since the last look
     may hold 10 ms of unbooked wait -- held back; so it is when it ran
     within the last 20 ms (up to 20 ms unbooked); it fires when it ran
     within the last 5 ms, or when nothing is runnable (a sleeper) */
  l = look(300, 80, 150, 40, 1, -1);
  TH_EQ_INT(proc_verdict(Q, &l, &lim), 0);
  l.since_run_ms = 20;
  TH_EQ_INT(proc_verdict(Q, &l, &lim), 0);
  l.since_run_ms = 5;
  TH_EQ_INT(proc_verdict(Q, &l, &lim), PROC_OVER_LIMIT);
  l = look(300, 80, 150, 40, 0, -1);
  TH_EQ_INT(proc_verdict(Q, &l, &lim), PROC_OVER_LIMIT);
  /* CPU time over the limit is never held back */
  l = look(120, 110, 0, 0, 1, -1);
  TH_EQ_INT(proc_verdict(Q, &l, &lim), PROC_OVER_LIMIT);
  /* no idle cap under this rule (a sleeper's sleep is counted) */
  l = look(1500, 5, 1490, 0, 1, -1);
  TH_EQ_INT(proc_verdict(Q, &l, &lim), 0);
  /* several threads' waits: never below the CPU time, never above wall */
  l = look(50, 70, 400, 0, 0, -1);
  TH_ASSERT(proc_counted_ms(Q, &l) == 50 && proc_idle_ms(&l) == 0);
  l = look(300, 20, 400, 0, 0, -1);
  TH_ASSERT(proc_counted_ms(Q, &l) == 20);
  /* the wall rule: wall time alone */
  l = look(100, 0, 90, 0, 1, -1);
  TH_ASSERT(proc_counted_ms(PROC_RULE_WALL, &l) == 100);
  TH_EQ_INT(proc_verdict(PROC_RULE_WALL, &l, &lim), PROC_OVER_LIMIT);
  l.wall_ms = 99;
  TH_EQ_INT(proc_verdict(PROC_RULE_WALL, &l, &lim), 0);
}

/* Under PROC_CLOCK=cpu a child that sleeps, blocks on its input or is
   stopped is ended by the idle cap (1 s), within a generous wall bound. */
static void test_cpu_clock_hung(void) {
  const char *cmds[] = {"sleep 1000", "cat >/dev/null", "kill -STOP $$"};
  setenv("PROC_CLOCK", "cpu", 1);
  for (int i = 0; i < 3; i++) {
    proc_t p;
    proc_clock c;
    char line[64];
    double took;
    const proc_limit lim = {100, 1000, 60000};
    TH_EQ_INT(proc_spawn(&p, cmds[i], 0, 0), 0);
    proc_clock_start(&p, &c);
    TH_EQ_INT(proc_read_line(&p, &c, &lim, line, sizeof line, &took), PROC_TIMEOUT);
    double w = proc_clock_wall_ms(&c);
    TH_ASSERT_MSG(p.over == PROC_OVER_IDLE && took < 100.0 && w >= 1000.0 && w < 30000.0,
                  "%s: over %d took %.1f wall %.1f", cmds[i], p.over, took, w);
    TH_ASSERT(proc_idle_ms(&p.look) >= 1000.0);
    proc_kill(&p);
  }
  unsetenv("PROC_CLOCK");
}

/* --budget-child MS CPU (see the top). */
static int budget_child(double ms, int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) return 2;
  printf("ready\n");
  fflush(stdout);
  char line[64];
  volatile unsigned x = 1;
  while (fgets(line, sizeof line, stdin)) {
    struct timespec t0, t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    do {
      for (int i = 0; i < 10000; i++) x = x * 1103515245u + 12345u;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while ((double)(t.tv_sec - t0.tv_sec) * 1e3 + (double)(t.tv_nsec - t0.tv_nsec) / 1e6 < ms);
    printf("done\n");
    fflush(stdout);
  }
  return 0;
}

/* A busy process pinned to cpu, killed with its parent. */
static pid_t hog(int cpu) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  sched_setaffinity(0, sizeof set, &set);
  for (volatile unsigned x = 1;; x = x * 3 + 1) {
  }
}

/* A child using 50 ms of its 100 ms limit, pinned beside 8 busy processes
   (at most a ninth of a core: at least 450 ms of wall per answer, over
   1 s when the machine is loaded too, where the former wall cap of
   max(10 x limit, 1 s) ended it), answers in time under PROC_CLOCK=cpu
   and under the run-queue rule, with the caps judge_limits gives a 100 ms
   limit. */
static void test_half_budget_under_load(void) {
  cpu_set_t mine;
  TH_ASSERT(sched_getaffinity(0, sizeof mine, &mine) == 0);
  int cpu = 0;
  while (cpu < CPU_SETSIZE - 1 && !CPU_ISSET(cpu, &mine)) cpu++;
  pid_t hogs[8];
  for (int i = 0; i < 8; i++) hogs[i] = hog(cpu);
  char cmd[1200], line[64];
  snprintf(cmd, sizeof cmd, "exec '%s' --budget-child 50 %d", self_exe, cpu);
  for (int rule = 0; rule < 2; rule++) {
    if (rule == 0) setenv("PROC_CLOCK", "cpu", 1);
    else unsetenv("PROC_CLOCK");
    proc_t p;
    proc_clock c;
    double took;
    const proc_limit start = {60000, 60000, 60000}, lim = {100, 1000, 30000};
    TH_EQ_INT(proc_spawn(&p, cmd, 1, 0), 0);
    TH_EQ_INT(p.wall_clock, rule == 0 ? PROC_RULE_CPU : PROC_RULE_QUEUE);
    proc_clock_start(&p, &c);
    TH_EQ_INT(proc_read_line(&p, &c, &start, line, sizeof line, &took), PROC_OK);
    TH_EQ_STR(line, "ready");
    for (int k = 0; k < 2; k++) {
      proc_clock_start(&p, &c);
      TH_EQ_INT(proc_send(&p, "go\n", 3), 0);
      int r = proc_read_line(&p, &c, &lim, line, sizeof line, &took);
      double w = proc_clock_wall_ms(&c);
      printf("     %s rule, answer %d: %.1f ms counted, %.1f ms wall\n", rule == 0 ? "cpu" : "run-queue",
             k + 1, took, w);
      TH_ASSERT_MSG(r == PROC_OK && took < 100.0, "result %d over %d: %.1f counted, %.1f wall, %.1f idle", r,
                    p.over, took, w, proc_idle_ms(&p.look));
    }
    proc_kill(&p);
  }
  unsetenv("PROC_CLOCK");
  for (int i = 0; i < 8; i++) {
    kill(hogs[i], SIGKILL);
    waitpid(hogs[i], NULL, 0);
  }
}

static const th_test TESTS[] = {
  TH_ENTRY(test_round_trip_and_buffering), TH_ENTRY(test_split_write_and_truncation),
  TH_ENTRY(test_timeout_near_limit),       TH_ENTRY(test_gone_and_send_to_gone),
  TH_ENTRY(test_long_line),                TH_ENTRY(test_kill_takes_the_group),
  TH_ENTRY(test_counted_within_wall),       TH_ENTRY(test_cpu_clock_mode),
  TH_ENTRY(test_verdict_cpu_rule),          TH_ENTRY(test_verdict_queue_and_wall_rules),
  TH_ENTRY(test_cpu_clock_hung),            TH_ENTRY(test_half_budget_under_load),
};

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "--budget-child") == 0) return budget_child(atof(argv[2]), atoi(argv[3]));
  ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
  self_exe[n > 0 ? n : 0] = 0;
  return th_main(argc, argv, TESTS, TH_COUNT(TESTS));
}
