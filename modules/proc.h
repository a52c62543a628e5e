/*
** proc.h -- a bot as a child process, for referees: started with `sh -c`
** over two pipes, sent its turn's input, read one answer line within a time
** limit.
**
** Time: an answer's time runs from proc_clock_start (just before the input
** is written) to the newline. By default the time the child's processes
** (three levels down: `sh -c` and what it starts; every thread of each,
** /proc/PID/task/TID/schedstat) and the referee itself spent ready to run
** but waiting for a CPU is not counted (run-queue wait): on the judge each
** bot has its own core, so on a shared machine other processes' load must
** not be charged to the bot. Waits of several threads at once are each
** subtracted, so the counted time is never less than the CPU time the
** child's threads used meanwhile (on a one-core judge they would have taken
** at least that), nor more than the wall time. A bot that computes or
** sleeps too long still times out. With wall_clock set, plain wall time
** counts, the judge's own rule. With PROC_CLOCK=cpu in the environment (and
** wall_clock unset), only the CPU time of the child's threads counts: the
** clock that `./arena.py --cpu-clock` gives the bots (tools/cpuclock.c); a
** bot that sleeps then times out only at the wall cap.
**
** Usage:
**   proc_t p; proc_spawn(&p, "./build/bot", 0, 0);
**   proc_clock c; proc_clock_start(&p, &c);
**   proc_send(&p, input, len);
**   switch (proc_read_line(&p, &c, 100.0, 1000.0, line, sizeof line, &ms)) ...
**   proc_kill(&p);
**
** Invariants: no allocation; bytes after an answer's newline stay buffered
** for the next read; a line is returned without its '\n' (a '\r' before it
** is kept: the caller's grammar decides); a child inherits no descriptor of
** ours but its own stdin, stdout and stderr; proc_kill kills the whole
** process group and reaps the child (unless proc_poll already did), and is
** safe to call twice.
*/
#ifndef PROC_H
#define PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "common.h"

#define PROC_LINE 8192 /* longest answer line, newline included */

/* proc_read_line results */
#define PROC_OK 0
#define PROC_TIMEOUT 1
#define PROC_GONE 2 /* end of file or read error: the bot exited or crashed */
#define PROC_LONG 3 /* a line longer than PROC_LINE - 1 */

typedef struct proc_t {
  pid_t pid;           /* 0: not running */
  int to_fd, from_fd;  /* the child's stdin (we write), stdout (we read) */
  int wall_clock;      /* 1: plain wall time counts; 2: CPU time (PROC_CLOCK=cpu) */
  int exited, status;  /* proc_poll reaped the child; its wait status */
  size_t len;          /* bytes buffered in buf */
  char buf[PROC_LINE];
} proc_t;

typedef struct proc_clock {
  int64_t t0;     /* monotonic ns at the start */
  int64_t w0;     /* run-queue waits then (0 with wall_clock) */
  int64_t r0;     /* the child's CPU time then (0 with wall_clock) */
} proc_clock;

/* Scheduler figures summed over threads (proc_sched_add). */
typedef struct proc_usage {
  int64_t run_ns;  /* time on a CPU */
  int64_t wait_ns; /* time ready to run, waiting for a CPU */
  int tasks;       /* threads read */
  int procs;       /* processes visited */
} proc_usage;

/* Starts `sh -c cmd` in its own process group; its stderr goes to ours when
   keep_stderr, else to /dev/null. Returns 0, or -1 (pipe or fork failed). */
BOT_API int proc_spawn(proc_t *p, const char *cmd, int keep_stderr, int wall_clock);
/* Starts `sh -c cmd` in its own process group with no pipes: stdin from
   /dev/null, stdout and stderr to our stderr when keep_output, else to
   /dev/null (bots that talk over the network). Returns 0 or -1. */
BOT_API int proc_spawn_detached(proc_t *p, const char *cmd, int keep_output);
/* 1 when the child has exited (reaped: p->status holds its wait status),
   0 while it runs or when it never started. Never blocks. */
BOT_API int proc_poll(proc_t *p);
/* Writes all n bytes. Returns 0, or -1 when the child no longer reads. */
BOT_API int proc_send(proc_t *p, const char *s, size_t n);
/* Starts timing an answer. */
BOT_API void proc_clock_start(const proc_t *p, proc_clock *c);
/* Milliseconds counted since c started (see the time rule above). */
BOT_API double proc_clock_ms(const proc_t *p, const proc_clock *c);
/* Wall milliseconds since c started. */
BOT_API double proc_clock_wall_ms(const proc_clock *c);
/* Reads one line into out (cap bytes, NUL-terminated, truncated to fit)
   before limit_ms are counted and before wall_cap_ms of wall time (a bound
   for runs on a crowded machine). *took gets the counted milliseconds.
   Returns PROC_OK, PROC_TIMEOUT, PROC_GONE or PROC_LONG. */
BOT_API int proc_read_line(proc_t *p, const proc_clock *c, double limit_ms, double wall_cap_ms,
                           char *out, size_t cap, double *took);
/* Closes the pipes, kills the process group, reaps the child. */
BOT_API void proc_kill(proc_t *p);
/* Adds to *acc the figures of every thread of process pid and, depth
   levels down, of its children (those of every thread); nothing where
   /proc does not tell. */
BOT_API void proc_sched_add(int pid, int depth, proc_usage *acc);
/* Steal time of the whole machine so far (a virtual machine's CPUs taken
   away by its host), in ms; 0 where /proc/stat does not tell. Invisible to
   the child and to schedstat, so a referee may sample it around an answer
   and report the difference beside a timeout. */
BOT_API double proc_steal_ms(void);

#endif /* PROC_H */
