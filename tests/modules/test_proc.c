/*
** test_proc.c -- bots as child processes: lines come back whole, split
** writes are joined, a second buffered line waits for the next read, a
** silent bot times out near its limit, an exited bot is PROC_GONE, an
** over-long line is PROC_LONG, proc_kill takes the whole process group and
** is safe twice, counted time never exceeds wall time, and under
** PROC_CLOCK=cpu a sleeping child's answer costs no counted time while a
** busy one still times out.
*/
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deadline.h"
#include "proc.h"
#include "testhelp.h"

/* Starts cmd (wall: plain wall-clock rule) and reads its first line with
   the given limit (wall cap 5 s); returns proc_read_line's result. */
static int first_line(proc_t *p, proc_clock *c, const char *cmd, int wall, double limit, char *out,
                      size_t cap, double *took) {
  TH_EQ_INT(proc_spawn(p, cmd, 0, wall), 0);
  proc_clock_start(p, c);
  return proc_read_line(p, c, limit, 5000, out, cap, took);
}

static void test_round_trip_and_buffering(void) {
  proc_t p;
  proc_clock c;
  char line[64];
  double took;
  TH_EQ_INT(proc_spawn(&p, "cat", 0, 0), 0);
  proc_clock_start(&p, &c);
  TH_EQ_INT(proc_send(&p, "hello\nworld\n", 12), 0);
  TH_EQ_INT(proc_read_line(&p, &c, 2000, 5000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "hello");
  TH_ASSERT(took >= 0 && took <= proc_clock_wall_ms(&c));
  TH_EQ_INT(proc_read_line(&p, &c, 2000, 5000, line, sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "world");
  proc_kill(&p);
}

static void test_split_write_and_truncation(void) {
  proc_t p;
  proc_clock c;
  char line[4];
  double took;
  TH_EQ_INT(first_line(&p, &c, "printf ab; sleep 0.05; printf 'cdef\\r\\nnext\\n'", 1, 3000, line,
                       sizeof line, &took), PROC_OK);
  TH_EQ_STR(line, "abc"); /* cut to the buffer; the rest of the line is gone */
  /* plain wall time here (wall_clock 1): the 50 ms sleep is always in it,
     whereas the run-queue rule may subtract overlapping waits on a loaded
     machine */
  TH_ASSERT(took >= 40.0);
  TH_EQ_INT(proc_read_line(&p, &c, 3000, 5000, line, sizeof line, &took), PROC_OK);
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
  /* sleeping uses no CPU: a 300 ms sleep fits a 100 ms CPU limit */
  TH_EQ_INT(first_line(&p, &c, "sleep 0.3; echo hi", 0, 100, line, sizeof line, &took), PROC_OK);
  TH_EQ_INT(p.wall_clock, 2);
  TH_EQ_STR(line, "hi");
  double w = proc_clock_wall_ms(&c);
  TH_ASSERT_MSG(took < 100.0 && w >= 300.0, "took %.1f wall %.1f", took, w);
  proc_kill(&p);
  /* a busy child spends its CPU and times out */
  TH_EQ_INT(first_line(&p, &c, "while :; do :; done", 0, 100, line, sizeof line, &took), PROC_TIMEOUT);
  TH_ASSERT_MSG(took >= 100.0 && took <= proc_clock_wall_ms(&c), "took %.1f", took);
  proc_kill(&p);
  /* the referee's --wall-clock wins over the environment */
  TH_EQ_INT(proc_spawn(&p, "cat", 0, 1), 0);
  TH_EQ_INT(p.wall_clock, 1);
  proc_kill(&p);
  unsetenv("PROC_CLOCK");
  proc_usage u = {0, 0, 0, 0};
  proc_sched_add((int)getpid(), 0, &u);
  TH_ASSERT(u.run_ns > 0 && u.tasks >= 1);
}

static const th_test TESTS[] = {
  TH_ENTRY(test_round_trip_and_buffering), TH_ENTRY(test_split_write_and_truncation),
  TH_ENTRY(test_timeout_near_limit),       TH_ENTRY(test_gone_and_send_to_gone),
  TH_ENTRY(test_long_line),                TH_ENTRY(test_kill_takes_the_group),
  TH_ENTRY(test_counted_within_wall),       TH_ENTRY(test_cpu_clock_mode),
};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
