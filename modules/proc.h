/*
** proc.h -- a bot as a child process, for referees: started with `sh -c`
** over two pipes, sent its turn's input, read one answer line within a time
** limit.
**
** Time: an answer's time runs from proc_clock_start (just before the input
** is written) to the newline. Three rules (p->wall_clock):
**
**   PROC_RULE_QUEUE (default): wall time minus the time the child's
**     processes (three levels down: `sh -c` and what it starts; every
**     thread of each, /proc/PID/task/TID/schedstat) and the referee itself
**     spent ready to run but waiting for a CPU (run-queue wait): on the
**     judge each bot has its own core, so on a shared machine other
**     processes' load must not be charged to the bot. Waits of several
**     threads at once are each subtracted, so the counted time is never
**     less than the CPU time the child's threads used meanwhile (on a
**     one-core judge they would have taken at least that), nor more than
**     the wall time. A bot that computes or sleeps too long times out.
**   PROC_RULE_WALL (wall_clock set): plain wall time, the judge's own rule.
**   PROC_RULE_CPU (PROC_CLOCK=cpu in the environment, wall_clock unset):
**     the CPU time of the child's threads (capped at the wall time), the
**     clock that `./arena.py --cpu-clock` gives the bots
**     (tools/cpuclock.c).
**
** When a question times out (proc_verdict, a pure function of one look at
** the figures, proc_look), given proc_limit {limit, idle cap, wall cap}:
**   - the counted time reached the limit (a bot that spins or computes too
**     long, under every rule; under the run-queue rule also one that
**     sleeps, since sleeping is counted there);
**   - PROC_RULE_CPU only: the idle time -- wall time minus the child's CPU
**     time minus its threads' run-queue waits, the time none of them was on
**     a CPU or waiting for one: sleeping, blocked on a read, a lock or the
**     disk -- reached the idle cap. That is how a bot that hangs is caught
**     in bounded wall time (about the idle cap) while a bot that only
**     waits for a CPU, however long the machine makes it wait, is not:
**     waiting for a CPU is never idle. The referee's own waits are not
**     subtracted here (the referee looks for the answer before judging,
**     so its late wake-ups cannot turn an answer into a timeout);
**   - the wall time reached the wall cap: a last resort, far above what
**     an honest bot needs at any load the machine still works at.
** The kernel books a run-queue wait only when the thread gets its CPU, so
** a thread that waits right now looks idle (and, under the run-queue rule,
** counted): a rule that could be this unbooked wait is held back while a
** child's thread is runnable (state R in /proc/PID/task/TID/stat): it
** fires once no thread is runnable or, under the run-queue rule, once the
** bot got CPU time since the previous look and the rule still holds with
** the time since that look (the most a wait can have gone unbooked)
** taken off the counted time. The figures are read only when some
** rule could have fired (counted time grows at most as fast as wall time,
** idle time too), so a quick answer costs no /proc reads but
** proc_clock_start's.
**
** Usage:
**   proc_t p; proc_spawn(&p, "./build/bot", 0, 0);
**   proc_clock c; proc_clock_start(&p, &c);
**   proc_send(&p, input, len);
**   proc_limit lim = {100.0, 1000.0, 30000.0};   // limit, idle cap, wall cap
**   switch (proc_read_line(&p, &c, &lim, line, sizeof line, &ms)) ...
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

/* timing rules (proc_t.wall_clock) */
#define PROC_RULE_QUEUE 0 /* wall time minus run-queue waits (default) */
#define PROC_RULE_WALL 1  /* plain wall time */
#define PROC_RULE_CPU 2   /* the child's CPU time (PROC_CLOCK=cpu) */

/* proc_verdict results: why a question timed out (0: not yet) */
#define PROC_OVER_LIMIT 1 /* counted time >= limit */
#define PROC_OVER_IDLE 2  /* idle time >= idle cap (PROC_RULE_CPU) */
#define PROC_OVER_WALL 3  /* wall time >= wall cap */

/* What a question may take, in ms. */
typedef struct proc_limit {
  double limit_ms; /* counted time */
  double idle_ms;  /* idle time, PROC_RULE_CPU (see above) */
  double wall_ms;  /* wall time: the last resort */
} proc_limit;

/* One look at an unanswered question's figures, since its clock started. */
typedef struct proc_look {
  double wall_ms;      /* wall time */
  double run_ms;       /* the child's threads' CPU time */
  double wait_ms;      /* the child's threads' booked run-queue waits */
  double self_wait_ms; /* the referee's booked run-queue waits */
  int runnable;        /* the child's threads in state R (read only when needed) */
  double since_run_ms; /* wall ms since the previous look when run_ms grew since,
                          else -1: a bound on a runnable thread's unbooked wait */
} proc_look;

typedef struct proc_t {
  pid_t pid;           /* 0: not running */
  int to_fd, from_fd;  /* the child's stdin (we write), stdout (we read) */
  int wall_clock;      /* the timing rule: PROC_RULE_QUEUE, _WALL or _CPU */
  int exited, status;  /* proc_poll reaped the child; its wait status */
  proc_look look;      /* proc_read_line's last look (its figures for a detail) */
  int over;            /* why its last PROC_TIMEOUT: PROC_OVER_LIMIT, _IDLE, _WALL */
  size_t len;          /* bytes buffered in buf */
  char buf[PROC_LINE];
} proc_t;

typedef struct proc_clock {
  int64_t t0;     /* monotonic ns at the start */
  int64_t r0;     /* the child's CPU time then, ns (0 under the wall rule) */
  int64_t w0;     /* the child's run-queue waits then, ns (0 likewise) */
  int64_t s0;     /* the referee's run-queue waits then, ns (0 likewise) */
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
   until a rule of lim fires (see above; p->over says which, p->look holds
   the figures). *took gets the counted milliseconds. Returns PROC_OK,
   PROC_TIMEOUT, PROC_GONE or PROC_LONG. */
BOT_API int proc_read_line(proc_t *p, const proc_clock *c, const proc_limit *lim, char *out, size_t cap,
                           double *took);
/* The counted ms of look l under rule. */
BOT_API double proc_counted_ms(int rule, const proc_look *l);
/* The idle ms of look l: wall time neither on a CPU nor waiting for one. */
BOT_API double proc_idle_ms(const proc_look *l);
/* 0 while the question may go on, else the rule that fired
   (PROC_OVER_LIMIT, _IDLE, _WALL). */
BOT_API int proc_verdict(int rule, const proc_look *l, const proc_limit *lim);
/* Closes the pipes, kills the process group, reaps the child. */
BOT_API void proc_kill(proc_t *p);
/* Adds to *acc the figures of every thread of process pid and, depth
   levels down, of its children (those of every thread); nothing where
   /proc does not tell. */
BOT_API void proc_sched_add(int pid, int depth, proc_usage *acc);
/* The threads in state R (on a CPU or waiting for one) of process pid and,
   depth levels down, of its children. */
BOT_API int proc_runnable(int pid, int depth);
/* Steal time of the whole machine so far (a virtual machine's CPUs taken
   away by its host), in ms; 0 where /proc/stat does not tell. Invisible to
   the child and to schedstat, so a referee may sample it around an answer
   and report the difference beside a timeout. */
BOT_API double proc_steal_ms(void);

#endif /* PROC_H */
