/*
** proc.c -- bots as child processes for referees (see proc.h).
**
** Invariants: p->buf holds the bytes read past the last returned line
** (p->len of them, never a complete line's newline once proc_read_line has
** returned PROC_OK for everything before it); /proc is read only once the
** plain wall limit has passed (and at clock starts), so a quick answer costs
** no file reads beyond proc_clock_start's.
*/
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deadline.h"

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
  pid_t pid = fork();
  if (pid < 0) {
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    return -1;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in[0], 0);
    dup2(out[1], 1);
    if (!keep_stderr) {
      int dn = open("/dev/null", O_WRONLY);
      if (dn >= 0) dup2(dn, 2);
    }
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no race with the child's own call */
  close(in[0]);
  close(out[1]);
  p->pid = pid;
  p->to_fd = in[1];
  p->from_fd = out[0];
  return 0;
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

BOT_API int64_t proc_runq_ns(int pid, int depth) {
  char path[96];
  long long run, wait;
  int64_t total = 0;
  snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
  FILE *f = fopen(path, "r");
  if (f) {
    if (fscanf(f, "%lld %lld", &run, &wait) == 2) total += wait;
    fclose(f);
  }
  if (depth > 0) {
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", pid, pid);
    f = fopen(path, "r");
    if (f) {
      int c;
      while (fscanf(f, "%d", &c) == 1) total += proc_runq_ns(c, depth - 1);
      fclose(f);
    }
  }
  return total;
}

BOT_API int64_t proc_cpu_ns(int pid, int depth) {
  int64_t total = 0;
  clockid_t id;
  struct timespec ts;
  if (clock_getcpuclockid((pid_t)pid, &id) == 0 && clock_gettime(id, &ts) == 0)
    total += (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
  if (depth > 0) {
    char path[96];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", pid, pid);
    FILE *f = fopen(path, "r");
    if (f) {
      int c;
      while (fscanf(f, "%d", &c) == 1) total += proc_cpu_ns(c, depth - 1);
      fclose(f);
    }
  }
  return total;
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

/* Run-queue waits that do not count: the child's processes and ours (a
   referee that waits for a CPU notices the answer late). */
static int64_t proc__waits(const proc_t *p) {
  return proc_runq_ns((int)p->pid, 3) + proc_runq_ns((int)getpid(), 0);
}

BOT_API void proc_clock_start(const proc_t *p, proc_clock *c) {
  c->w0 = p->wall_clock == 2 ? proc_cpu_ns((int)p->pid, 3) : p->wall_clock ? 0 : proc__waits(p);
  c->t0 = deadline_now_ns();
}

BOT_API double proc_clock_wall_ms(const proc_clock *c) {
  return (double)(deadline_now_ns() - c->t0) / 1e6;
}

BOT_API double proc_clock_ms(const proc_t *p, const proc_clock *c) {
  double ms = proc_clock_wall_ms(c);
  if (p->wall_clock == 2) {
    double cpu = (double)(proc_cpu_ns((int)p->pid, 3) - c->w0) / 1e6;
    return cpu < 0 ? 0 : cpu < ms ? cpu : ms;
  }
  if (p->wall_clock) return ms;
  int64_t dw = proc__waits(p) - c->w0;
  if (dw > 0) ms -= (double)dw / 1e6;
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
  kill(p->pid, SIGKILL);
  waitpid(p->pid, NULL, 0);
  p->pid = 0;
}
