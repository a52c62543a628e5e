/*
** proc.c -- bots as child processes for referees (see proc.h).
**
** Invariants: p->buf holds the bytes read past the last returned line
** (p->len of them, never a complete line's newline once proc_read_line has
** returned PROC_OK for everything before it); /proc is read only once the
** plain wall limit has passed (and at clock starts), so a quick answer costs
** no file reads beyond proc_clock_start's; proc_kill never waits for a
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
  if (!wall_clock && mode && strcmp(mode, "cpu") == 0) p->wall_clock = 2;
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
static void proc__task(const char *path, proc_usage *acc) {
  long long run, wait;
  FILE *f = fopen(path, "r");
  if (!f) return;
  if (fscanf(f, "%lld %lld", &run, &wait) == 2) {
    acc->run_ns += run;
    acc->wait_ns += wait;
    acc->tasks++;
  }
  fclose(f);
}

BOT_API void proc_sched_add(int pid, int depth, proc_usage *acc) {
  char path[128];
  snprintf(path, sizeof path, "/proc/%d/task", pid);
  DIR *d = opendir(path);
  if (!d) return;
  acc->procs++;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    int tid = atoi(e->d_name);
    if (tid <= 0) continue;
    snprintf(path, sizeof path, "/proc/%d/task/%d/schedstat", pid, tid);
    proc__task(path, acc);
    if (depth <= 0) continue;
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", pid, tid);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    int c;
    while (fscanf(f, "%d", &c) == 1) proc_sched_add(c, depth - 1, acc);
    fclose(f);
  }
  closedir(d);
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

/* The child's processes' figures (three levels down), and the run-queue
   waits that do not count: the child's and ours (a referee that waits for a
   CPU notices the answer late). */
static void proc__figures(const proc_t *p, int64_t *waits, int64_t *run) {
  proc_usage child = {0, 0, 0, 0}, self = {0, 0, 0, 0};
  proc_sched_add((int)p->pid, 3, &child);
  proc_sched_add((int)getpid(), 0, &self);
  *waits = child.wait_ns + self.wait_ns;
  *run = child.run_ns;
}

BOT_API void proc_clock_start(const proc_t *p, proc_clock *c) {
  c->w0 = c->r0 = 0;
  if (p->wall_clock != 1) proc__figures(p, &c->w0, &c->r0);
  c->t0 = deadline_now_ns();
}

BOT_API double proc_clock_wall_ms(const proc_clock *c) {
  return (double)(deadline_now_ns() - c->t0) / 1e6;
}

BOT_API double proc_clock_ms(const proc_t *p, const proc_clock *c) {
  double wall = proc_clock_wall_ms(c);
  if (p->wall_clock == 1) return wall;
  int64_t waits, run;
  proc__figures(p, &waits, &run);
  double ms = wall - (double)(waits - c->w0) / 1e6, used = (double)(run - c->r0) / 1e6;
  if (p->wall_clock == 2) ms = used; /* PROC_CLOCK=cpu: the child's CPU time only */
  if (ms < used) ms = used; /* several threads' waits at once */
  if (ms > wall) ms = wall;
  return ms < 0 ? 0 : ms;
}

BOT_API int proc_read_line(proc_t *p, const proc_clock *c, double limit_ms, double wall_cap_ms,
                           char *out, size_t cap, double *took) {
  for (;;) {
    char *nl = memchr(p->buf, '\n', p->len);
    if (nl) {
      size_t n = (size_t)(nl - p->buf), k = n < cap - 1 ? n : cap - 1;
      memcpy(out, p->buf, k);
      out[k] = 0;
      p->len -= n + 1;
      memmove(p->buf, nl + 1, p->len);
      *took = proc_clock_ms(p, c);
      return PROC_OK;
    }
    if (p->len >= sizeof p->buf - 1) return PROC_LONG;
    double wall = proc_clock_wall_ms(c), left = limit_ms - wall;
    if (left <= 0) {
      /* the wall limit has passed: only the time the bot could run counts,
         up to the wall cap */
      double counted = proc_clock_ms(p, c);
      left = limit_ms - counted;
      if (left <= 0 || wall >= wall_cap_ms) {
        *took = counted;
        return PROC_TIMEOUT;
      }
      if (left > 5) left = 5;
    }
    struct pollfd pfd = {p->from_fd, POLLIN, 0};
    int r = poll(&pfd, 1, (int)left + 1);
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
