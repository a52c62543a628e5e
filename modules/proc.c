/*
** proc.c -- bots as child processes for referees (see proc.h).
**
** Invariants: p->buf holds the bytes read past the last returned line
** (p->len of them, never a complete line's newline once proc_read_line has
** returned PROC_OK for everything before it); /proc is read only when a
** timing rule could have fired (proc__step) and at clock starts, so a quick
** answer costs no file reads beyond proc_clock_start's; a timeout is given
** only when the bot's output holds nothing unread; proc_kill never waits for a
** child proc_poll reaped (its pid may belong to another process by then).
*/
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deadline.h"

/* In the child: closes every descriptor above stderr (no bot keeps another
   bot's pipe or the referee's listening socket open). */
static void proc__close_rest(void) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0 || max > 65536) max = 65536;
  for (int fd = 3; fd < (int)max; fd++) close(fd);
}

/* Forks `sh -c cmd` in its own process group with fd 0, 1, 2 from in_fd,
   out_fd, err_fd (-1: /dev/null). Returns the pid, or -1. */
static pid_t proc__fork(const char *cmd, int in_fd, int out_fd, int err_fd) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    setpgid(0, 0);
    int dn = open("/dev/null", O_RDWR);
    dup2(in_fd >= 0 ? in_fd : dn, 0);
    dup2(out_fd >= 0 ? out_fd : dn, 1);
    dup2(err_fd >= 0 ? err_fd : dn, 2);
    proc__close_rest();
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no race with the child's own call */
  return pid;
}

BOT_API int proc_spawn(proc_t *p, const char *cmd, int keep_stderr, int wall_clock) {
  int in[2], out[2];
  memset(p, 0, sizeof *p);
  p->to_fd = p->from_fd = -1;
  p->wall_clock = wall_clock;
  const char *mode = getenv("PROC_CLOCK");
  if (!wall_clock && mode && strcmp(mode, "cpu") == 0) p->wall_clock = PROC_RULE_CPU;
  if (pipe(in) < 0) return -1;
  if (pipe(out) < 0) {
    close(in[0]);
    close(in[1]);
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = proc__fork(cmd, in[0], out[1], keep_stderr ? 2 : -1);
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    return -1;
  }
  p->pid = pid;
  p->to_fd = in[1];
  p->from_fd = out[0];
  return 0;
}

BOT_API int proc_spawn_detached(proc_t *p, const char *cmd, int keep_output) {
  memset(p, 0, sizeof *p);
  p->to_fd = p->from_fd = -1;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = proc__fork(cmd, -1, keep_output ? 2 : -1, keep_output ? 2 : -1);
  if (pid < 0) return -1;
  p->pid = pid;
  return 0;
}

BOT_API int proc_poll(proc_t *p) {
  if (p->pid <= 0) return 0;
  if (p->exited) return 1;
  if (waitpid(p->pid, &p->status, WNOHANG) == p->pid) p->exited = 1;
  return p->exited;
}

BOT_API int proc_send(proc_t *p, const char *s, size_t n) {
  while (n > 0) {
    ssize_t k = write(p->to_fd, s, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    s += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Adds one thread's schedstat ("run_ns wait_ns slices") to *acc. */
static void proc__task(const char *dir, void *arg) {
  proc_usage *acc = arg;
  char path[160];
  long long run, wait;
  snprintf(path, sizeof path, "%s/schedstat", dir);
  FILE *f = fopen(path, "r");
  if (!f) return;
  if (fscanf(f, "%lld %lld", &run, &wait) == 2) {
    acc->run_ns += run;
    acc->wait_ns += wait;
    acc->tasks++;
  }
  fclose(f);
}

/* Counts in *(int *)arg a thread whose state (the letter after the ')' of
   its stat line: the command name may hold spaces and parentheses) is R:
   on a CPU or waiting for one. */
static void proc__state(const char *dir, void *arg) {
  char path[96], buf[512];
  snprintf(path, sizeof path, "%s/stat", dir);
  FILE *f = fopen(path, "r");
  if (!f) return;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *rp = strrchr(buf, ')');
  if (rp && rp[1] == ' ' && rp[2] == 'R') ++*(int *)arg;
}

/* Calls visit(dir of the thread, arg) for every thread of process pid and,
   depth levels down, of its children (those of every thread); returns the
   processes visited. */
static int proc__walk(int pid, int depth, void (*visit)(const char *, void *), void *arg) {
  char path[160], dir[64];
  snprintf(path, sizeof path, "/proc/%d/task", pid);
  DIR *d = opendir(path);
  if (!d) return 0;
  int procs = 1;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    int tid = atoi(e->d_name);
    if (tid <= 0) continue;
    snprintf(dir, sizeof dir, "/proc/%d/task/%d", pid, tid);
    visit(dir, arg);
    if (depth <= 0) continue;
    snprintf(path, sizeof path, "%s/children", dir);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    int c;
    while (fscanf(f, "%d", &c) == 1) procs += proc__walk(c, depth - 1, visit, arg);
    fclose(f);
  }
  closedir(d);
  return procs;
}

BOT_API void proc_sched_add(int pid, int depth, proc_usage *acc) {
  acc->procs += proc__walk(pid, depth, proc__task, acc);
}

BOT_API int proc_runnable(int pid, int depth) {
  int n = 0;
  proc__walk(pid, depth, proc__state, &n);
  return n;
}

BOT_API double proc_steal_ms(void) {
  char line[256];
  unsigned long long v[8] = {0};
  FILE *f = fopen("/proc/stat", "r");
  if (!f) return 0.0;
  int n = 0;
  if (fgets(line, sizeof line, f))
    n = sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
               &v[5], &v[6], &v[7]);
  fclose(f);
  long hz = sysconf(_SC_CLK_TCK);
  return n == 8 && hz > 0 ? (double)v[7] * 1000.0 / (double)hz : 0.0;
}

/* How many levels below `sh -c` the bot's processes are looked for. */
#define PROC_DEPTH 3
/* The step between looks while a rule is held back by a runnable thread. */
#define PROC_HOLD_MS 5.0

/* The bot's CPU time and run-queue waits (every thread, PROC_DEPTH levels
   down) and the referee's own run-queue waits, in ns. */
static void proc__figures(const proc_t *p, int64_t *run, int64_t *wait, int64_t *self_wait) {
  proc_usage child = {0, 0, 0, 0}, self = {0, 0, 0, 0};
  proc_sched_add((int)p->pid, PROC_DEPTH, &child);
  proc_sched_add((int)getpid(), 0, &self);
  *run = child.run_ns;
  *wait = child.wait_ns;
  *self_wait = self.wait_ns;
}

BOT_API void proc_clock_start(const proc_t *p, proc_clock *c) {
  c->r0 = c->w0 = c->s0 = 0;
  if (p->wall_clock != PROC_RULE_WALL) proc__figures(p, &c->r0, &c->w0, &c->s0);
  c->t0 = deadline_now_ns();
}

BOT_API double proc_clock_wall_ms(const proc_clock *c) {
  return (double)(deadline_now_ns() - c->t0) / 1e6;
}

/* A look at the question c times: every figure of proc_look but runnable
   (0) and since_run_ms (-1); under the wall rule the wall time only (no /proc read). */
static void proc__look(const proc_t *p, const proc_clock *c, proc_look *l) {
  memset(l, 0, sizeof *l);
  l->since_run_ms = -1;
  l->wall_ms = proc_clock_wall_ms(c);
  if (p->wall_clock == PROC_RULE_WALL) return;
  int64_t run, wait, self;
  proc__figures(p, &run, &wait, &self);
  l->run_ms = (double)(run - c->r0) / 1e6;
  l->wait_ms = (double)(wait - c->w0) / 1e6;
  l->self_wait_ms = (double)(self - c->s0) / 1e6;
}

BOT_API double proc_counted_ms(int rule, const proc_look *l) {
  if (rule == PROC_RULE_WALL) return l->wall_ms;
  double ms = rule == PROC_RULE_CPU ? l->run_ms : l->wall_ms - l->wait_ms - l->self_wait_ms;
  if (ms < l->run_ms) ms = l->run_ms; /* several threads' waits at once */
  if (ms > l->wall_ms) ms = l->wall_ms;
  return ms < 0 ? 0 : ms;
}

BOT_API double proc_idle_ms(const proc_look *l) {
  double ms = l->wall_ms - l->run_ms - l->wait_ms;
  return ms < 0 ? 0 : ms;
}

BOT_API int proc_verdict(int rule, const proc_look *l, const proc_limit *lim) {
  if (l->wall_ms >= lim->wall_ms) return PROC_OVER_WALL;
  double counted = proc_counted_ms(rule, l);
  if (rule == PROC_RULE_CPU) {
    if (counted >= lim->limit_ms) return PROC_OVER_LIMIT;
    /* a runnable thread's current wait is not booked yet: it may be all of
       the idle time seen */
    return proc_idle_ms(l) >= lim->idle_ms && l->runnable == 0 ? PROC_OVER_IDLE : 0;
  }
  if (counted < lim->limit_ms) return 0;
  /* a thread that waits for a CPU right now has that wait counted until
     it gets one: at most since_run_ms of it when known */
  if (rule == PROC_RULE_QUEUE && l->run_ms < lim->limit_ms && l->runnable > 0 &&
      (l->since_run_ms < 0 || counted - l->since_run_ms < lim->limit_ms))
    return 0;
  return PROC_OVER_LIMIT;
}

/* Wall ms from look l to the next look worth taking: no rule can fire
   before (counted time never passes the wall time and grows at most
   ncpu times as fast; idle time grows at most as fast as wall time);
   PROC_HOLD_MS when a rule has fired but a runnable thread held it back. */
static double proc__step(int rule, const proc_look *l, const proc_limit *lim) {
  static double ncpu = 0;
  if (ncpu <= 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    ncpu = n > 0 ? (double)n : 1.0;
  }
  double d = lim->wall_ms - l->wall_ms, to_limit = lim->limit_ms - l->wall_ms;
  double by_rate = (lim->limit_ms - proc_counted_ms(rule, l)) / ncpu;
  if (by_rate > to_limit) to_limit = by_rate;
  if (to_limit < d) d = to_limit;
  if (rule == PROC_RULE_CPU && lim->idle_ms - proc_idle_ms(l) < d) d = lim->idle_ms - proc_idle_ms(l);
  if (d <= 0) return PROC_HOLD_MS;
  return d < 1 ? 1 : d > 1000 ? 1000 : d;
}

BOT_API double proc_clock_ms(const proc_t *p, const proc_clock *c) {
  proc_look l;
  proc__look(p, c, &l);
  return proc_counted_ms(p->wall_clock, &l);
}

/* Moves a complete line from p->buf to out (see proc_read_line); 0 when
   there is none. */
static int proc__line(proc_t *p, char *out, size_t cap) {
  char *nl = memchr(p->buf, '\n', p->len);
  if (!nl) return 0;
  size_t n = (size_t)(nl - p->buf), k = n < cap - 1 ? n : cap - 1;
  memcpy(out, p->buf, k);
  out[k] = 0;
  p->len -= n + 1;
  memmove(p->buf, nl + 1, p->len);
  return 1;
}

/* 1 when the bot's output has bytes or an end waiting: an answer that came
   before the verdict is read, not timed out. */
static int proc__readable(const proc_t *p) {
  struct pollfd pfd = {p->from_fd, POLLIN, 0};
  return poll(&pfd, 1, 0) > 0;
}

/* Takes a look and gives its verdict (see proc_verdict); the runnable
   threads are read only when a rule fired that they may hold back. */
static int proc__judge(proc_t *p, const proc_clock *c, const proc_limit *lim, int first) {
  proc_look before = p->look;
  proc__look(p, c, &p->look);
  p->look.since_run_ms = !first && p->look.run_ms > before.run_ms ? p->look.wall_ms - before.wall_ms : -1;
  int why = proc_verdict(p->wall_clock, &p->look, lim);
  if (why && why != PROC_OVER_WALL && p->wall_clock != PROC_RULE_WALL) {
    p->look.runnable = proc_runnable((int)p->pid, PROC_DEPTH);
    why = proc_verdict(p->wall_clock, &p->look, lim);
  }
  return why;
}

BOT_API int proc_read_line(proc_t *p, const proc_clock *c, const proc_limit *lim, char *out, size_t cap,
                           double *took) {
  memset(&p->look, 0, sizeof p->look);
  p->over = 0;
  double next = proc__step(p->wall_clock, &p->look, lim); /* wall ms of the first look */
  for (int looks = 0;;) {
    if (proc__line(p, out, cap)) {
      *took = proc_clock_ms(p, c);
      return PROC_OK;
    }
    if (p->len >= sizeof p->buf - 1) return PROC_LONG;
    double wall = proc_clock_wall_ms(c);
    if (wall >= next) {
      int why = proc__judge(p, c, lim, looks++ == 0);
      if (why && !proc__readable(p)) {
        p->over = why;
        *took = proc_counted_ms(p->wall_clock, &p->look);
        return PROC_TIMEOUT;
      }
      next = p->look.wall_ms + proc__step(p->wall_clock, &p->look, lim);
      wall = p->look.wall_ms;
    }
    struct pollfd pfd = {p->from_fd, POLLIN, 0};
    int r = poll(&pfd, 1, (int)(next - wall) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return PROC_GONE;
    if (r == 0) continue;
    ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - 1 - p->len);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return PROC_GONE;
    p->len += (size_t)got;
  }
}

BOT_API void proc_kill(proc_t *p) {
  if (p->pid <= 0) return; /* never started, or already killed */
  close(p->to_fd);
  close(p->from_fd);
  p->to_fd = p->from_fd = -1;
  kill(-p->pid, SIGKILL);
  if (!p->exited) {
    kill(p->pid, SIGKILL);
    waitpid(p->pid, &p->status, 0);
    p->exited = 1;
  }
  p->pid = 0;
}
