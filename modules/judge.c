/*
** judge.c -- the referee core (see judge.h).
**
** Invariants: every error goes through judge_fail, so the first error of a
** player and its detail are set together and never overwritten; think
** statistics count answers that came in time only; the JSON line escapes
** every string it prints (details may quote a bot's output).
*/
#include "judge.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deadline.h"

BOT_API void judge_init(judge_t *j, const char *game, double limit_first, double limit_next) {
  memset(j, 0, sizeof *j);
  j->game = game;
  j->limit_first = limit_first;
  j->limit_next = limit_next;
  /* a seed from the clock and the pid, mixed (splitmix64's finaliser),
     kept non-negative */
  uint64_t x = (uint64_t)deadline_now_ns() ^ ((uint64_t)getpid() << 32);
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 32;
  j->seed = (int64_t)(x >> 1);
}

static int judge__usage(const judge_t *j, const char *why, const char *arg) {
  if (why) fprintf(stderr, "%s-referee: %s%s%s\n", j->game, why, arg ? " " : "", arg ? arg : "");
  fprintf(stderr,
          "usage: %s-referee match [--seed S] [--limit-ms FIRST[,NEXT]] [--wall-clock]%s [--stderr]\n"
          "       %*s %s%s-- CMD...\n",
          j->game, j->trace_ok ? " [--trace FILE]" : "", (int)strlen(j->game) + 14, "",
          j->usage ? j->usage : "", j->usage ? " " : "");
  return 2;
}

/* Parses --seed: decimal or 0x hex, optionally negative. */
static int judge__seed(const char *v, int64_t *out) {
  char *end;
  errno = 0;
  long long x = v[0] == '-' ? strtoll(v, &end, 0) : (long long)strtoull(v, &end, 0);
  if (!*v || *end || errno) return -1;
  *out = (int64_t)x;
  return 0;
}

/* Parses --limit-ms A[,B]. */
static int judge__limits(judge_t *j, const char *v) {
  double a, b;
  char c;
  int k = sscanf(v, "%lf,%lf%c", &a, &b, &c);
  if (k == 1 && strchr(v, ',') == NULL) b = a;
  else if (k != 2) return -1;
  if (!(a > 0) || !(b > 0)) return -1;
  j->limit_first = a;
  j->limit_next = b;
  return 0;
}

BOT_API int judge_parse(judge_t *j, int argc, char **argv, int min_players, int max_players,
                        judge_opt_fn opt, void *ctx) {
  int i = 0;
  const char *trace = NULL;
  for (; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--") == 0) break;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return judge__usage(j, NULL, NULL);
    if (strcmp(a, "--wall-clock") == 0) j->wall_clock = 1;
    else if (strcmp(a, "--stderr") == 0) j->keep_stderr = 1;
    else if (strcmp(a, "--seed") == 0 || strcmp(a, "--limit-ms") == 0 ||
             (strcmp(a, "--trace") == 0 && j->trace_ok)) {
      if (!v) return judge__usage(j, "a value must follow", a);
      i++;
      if (a[2] == 't') trace = v;
      else if (a[2] == 's' && judge__seed(v, &j->seed) < 0) return judge__usage(j, "bad --seed", v);
      else if (a[2] == 's') j->have_seed = 1;
      else if (a[2] == 'l' && judge__limits(j, v) < 0) return judge__usage(j, "bad --limit-ms", v);
    } else {
      int r = opt ? opt(j, ctx, a, v) : JUDGE_OPT_BAD;
      if (r == JUDGE_OPT_VALUE && !v) return judge__usage(j, "a value must follow", a);
      if (r == JUDGE_OPT_VALUE) i++;
      else if (r != JUDGE_OPT_FLAG) return judge__usage(j, "unknown or bad option", a);
    }
  }
  if (i >= argc) return judge__usage(j, "no `--` before the bot commands", NULL);
  int n = argc - i - 1;
  if (n < min_players || n > max_players || n > JUDGE_MAX_PLAYERS) {
    char want[64];
    if (min_players == max_players) snprintf(want, sizeof want, "%d bot commands", min_players);
    else snprintf(want, sizeof want, "%d to %d bot commands", min_players, max_players);
    return judge__usage(j, "the match needs", want);
  }
  j->n = n;
  for (int p = 0; p < n; p++) j->cmd[p] = argv[i + 1 + p];
  j->trace_path = trace;
  if (trace) {
    j->trace = fopen(trace, "w");
    if (!j->trace) {
      fprintf(stderr, "%s-referee: cannot write %s: %s\n", j->game, trace, strerror(errno));
      return 2;
    }
  }
  return 0;
}

BOT_API int judge_spawn(judge_t *j, int p) {
  signal(SIGPIPE, SIG_IGN);
  if (proc_spawn(&j->bot[p], j->cmd[p], j->keep_stderr, j->wall_clock) == 0) return 0;
  fprintf(stderr, "%s-referee: cannot start %s: %s\n", j->game, j->cmd[p], strerror(errno));
  return -1;
}

BOT_API int judge_spawn_all(judge_t *j) {
  for (int p = 0; p < j->n; p++)
    if (judge_spawn(j, p) < 0) return -1;
  return 0;
}

BOT_API void judge_fail(judge_t *j, int p, int error, const char *fmt, ...) {
  if (j->error[p] != JUDGE_OK || error == JUDGE_OK) return;
  j->error[p] = error;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(j->detail[p], sizeof j->detail[p], fmt, ap);
  va_end(ap);
  if (!j->detail[p][0]) snprintf(j->detail[p], sizeof j->detail[p], "%s", judge_error_name(error));
}

/* "turn T, answer N" (the turn when the game told it) for details. */
static void judge__where(const judge_t *j, int p, char *out, size_t cap) {
  if (j->turn > 0) snprintf(out, cap, "turn %d, answer %d", j->turn, j->asked[p]);
  else snprintf(out, cap, "answer %d", j->asked[p]);
}

BOT_API int judge_send(judge_t *j, int p, const char *s, size_t n) {
  if (j->error[p] != JUDGE_OK) return -1;
  if (proc_send(&j->bot[p], s, n) == 0) return 0;
  char where[64];
  judge__where(j, p, where, sizeof where);
  judge_fail(j, p, JUDGE_CRASH, "%s: the bot stopped reading its input", where);
  return -1;
}

BOT_API void judge_status_note(int status, char *out, size_t cap) {
  if (WIFEXITED(status)) snprintf(out, cap, " (exit status %d)", WEXITSTATUS(status));
  else if (WIFSIGNALED(status)) snprintf(out, cap, " (killed by signal %d)", WTERMSIG(status));
  else if (cap) out[0] = 0;
}

/* How the bot ended, when it did within a moment: " (exit status 1)". */
static void judge__exit_note(proc_t *b, char *out, size_t cap) {
  out[0] = 0;
  for (int k = 0; k < 20 && !proc_poll(b); k++) usleep(5000);
  if (b->exited) judge_status_note(b->status, out, cap);
}

BOT_API proc_limit judge_limits(double limit_ms) {
  proc_limit lim = {limit_ms, 10 * limit_ms, 100 * limit_ms};
  if (lim.idle_ms < JUDGE_IDLE_MIN_MS) lim.idle_ms = JUDGE_IDLE_MIN_MS;
  if (lim.wall_ms < JUDGE_WALL_MIN_MS) lim.wall_ms = JUDGE_WALL_MIN_MS;
  return lim;
}

/* A timeout's detail: counted, wall, the limit, the rule that fired when it
   was not the limit, the host's steal time meanwhile. */
static void judge__timeout(judge_t *j, int p, const char *where, const proc_limit *lim, double steal) {
  const proc_t *b = &j->bot[p];
  char why[96] = "";
  if (b->over == PROC_OVER_IDLE)
    snprintf(why, sizeof why, "; %.1f ms idle, neither on a CPU nor waiting for one (cap %.0f)",
             proc_idle_ms(&b->look), lim->idle_ms);
  else if (b->over == PROC_OVER_WALL)
    snprintf(why, sizeof why, "; wall cap %.0f", lim->wall_ms);
  judge_fail(j, p, JUDGE_TIMEOUT,
             "%s: no line after %.1f ms counted, %.1f ms wall (limit %.0f%s), host steal %.0f ms", where,
             proc_counted_ms(b->wall_clock, &b->look), b->look.wall_ms, lim->limit_ms, why, steal);
}

static void judge__trace_think(judge_t *j, int p, double ms); /* the sidecar's think times, below */

BOT_API int judge_ask(judge_t *j, int p, const char *input, size_t n, char *line, size_t cap) {
  if (j->error[p] != JUDGE_OK) return j->error[p];
  proc_t *b = &j->bot[p];
  proc_limit lim = judge_limits(j->asked[p] ? j->limit_next : j->limit_first);
  double steal0 = proc_steal_ms(), ms = 0; /* steal: for a timeout's detail */
  char where[64];
  j->asked[p]++;
  judge__where(j, p, where, sizeof where);
  proc_clock c;
  proc_clock_start(b, &c);
  if (n > 0 && proc_send(b, input, n) < 0) {
    char note[48];
    judge__exit_note(b, note, sizeof note);
    judge_fail(j, p, JUDGE_CRASH, "%s: the bot stopped reading its input%s", where, note);
    return JUDGE_CRASH;
  }
  int r = proc_read_line(b, &c, &lim, line, cap, &ms);
  if (r == PROC_OK) {
    size_t k = strlen(line);
    if (k > 0 && line[k - 1] == '\r') line[k - 1] = 0;
    judge_think(j, p, ms);
    judge__trace_think(j, p, ms);
    return JUDGE_OK;
  }
  if (r == PROC_TIMEOUT) {
    judge__timeout(j, p, where, &lim, proc_steal_ms() - steal0);
    return JUDGE_TIMEOUT;
  }
  if (r == PROC_LONG) {
    judge_fail(j, p, JUDGE_CRASH, "%s: a line over %d bytes", where, PROC_LINE - 1);
    return JUDGE_CRASH;
  }
  char note[48];
  judge__exit_note(b, note, sizeof note);
  judge_fail(j, p, JUDGE_CRASH, "%s: output closed after %.1f ms wall%s", where, proc_clock_wall_ms(&c),
             note);
  return JUDGE_CRASH;
}

BOT_API void judge_think(judge_t *j, int p, double ms) {
  j->think_n[p]++;
  j->think_sum[p] += ms;
  if (ms > j->think_max[p]) j->think_max[p] = ms;
}

BOT_API void judge_think_totals(judge_t *j, int p, long n, double sum_ms, double max_ms) {
  j->think_n[p] += n;
  j->think_sum[p] += sum_ms;
  if (max_ms > j->think_max[p]) j->think_max[p] = max_ms;
}

BOT_API int judge_spawn_net(judge_t *j, int p, const char *cmd) {
  signal(SIGPIPE, SIG_IGN);
  if (proc_spawn_detached(&j->bot[p], cmd, j->keep_stderr) < 0) {
    fprintf(stderr, "%s-referee: cannot start %s: %s\n", j->game, cmd, strerror(errno));
    return -1;
  }
  return 0;
}

BOT_API int judge_poll(judge_t *j, int p) { return proc_poll(&j->bot[p]); }

/* SIGTERM to bot p's process group unless it has exited; 1 if sent. */
static int judge__term(judge_t *j, int p) {
  proc_t *b = &j->bot[p];
  if (b->pid <= 0 || proc_poll(b)) return 0;
  kill(-b->pid, SIGTERM);
  kill(b->pid, SIGTERM);
  return 1;
}

/* Waits up to grace_ms for bots lo..hi-1 to exit, then kills what is left. */
static void judge__reap(judge_t *j, int lo, int hi, double grace_ms) {
  deadline_t d;
  deadline_start(&d, grace_ms);
  for (;;) {
    int running = 0;
    for (int p = lo; p < hi; p++) running += j->bot[p].pid > 0 && !proc_poll(&j->bot[p]);
    if (!running || deadline_passed(&d)) break;
    usleep(10000);
  }
  for (int p = lo; p < hi; p++) proc_kill(&j->bot[p]);
}

BOT_API void judge_stop(judge_t *j, int p, double grace_ms) {
  if (grace_ms > 0 && judge__term(j, p)) judge__reap(j, p, p + 1, grace_ms);
  else proc_kill(&j->bot[p]);
}

BOT_API void judge_stop_all(judge_t *j, double grace_ms) {
  int sent = 0;
  for (int p = 0; p < j->n && grace_ms > 0; p++) sent += judge__term(j, p);
  judge__reap(j, 0, j->n, sent ? grace_ms : 0);
  if (j->trace) fclose(j->trace);
  j->trace = NULL;
}

BOT_API void judge_rank(const judge_t *j, const int *scores, int *ranks) {
  for (int p = 0; p < j->n; p++) {
    int ok = j->error[p] == JUDGE_OK, r = 0;
    for (int q = 0; q < j->n; q++) {
      int okq = j->error[q] == JUDGE_OK;
      if (okq > ok || (okq == ok && scores[q] > scores[p])) r++;
    }
    ranks[p] = r;
  }
}

BOT_API const char *judge_error_name(int error) {
  static const char *const names[4] = {"", "timeout", "crash", "invalid"};
  return error >= 0 && error < 4 ? names[error] : "crash";
}

/* Prints s as a JSON string. */
static void judge__str(const char *s) {
  putchar('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20 || c >= 0x7f) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

BOT_API void judge_result(judge_t *j, const int *ranks, const int *scores, long turns,
                          const char *extra) {
  double mean[JUDGE_MAX_PLAYERS];
  for (int p = 0; p < j->n; p++) mean[p] = j->think_n[p] ? j->think_sum[p] / (double)j->think_n[p] : 0.0;
  printf("{\"game\":");
  judge__str(j->game);
  printf(",\"seed\":%lld,\"ranks\":[", (long long)j->seed);
  for (int p = 0; p < j->n; p++) printf("%s%d", p ? "," : "", ranks[p]);
  printf("],\"scores\":[");
  for (int p = 0; p < j->n; p++) printf("%s%d", p ? "," : "", scores[p]);
  printf("],\"errors\":[");
  for (int p = 0; p < j->n; p++) printf("%s\"%s\"", p ? "," : "", judge_error_name(j->error[p]));
  printf("],\"turns\":%ld,\"think_mean_ms\":[", turns);
  for (int p = 0; p < j->n; p++) printf("%s%.3f", p ? "," : "", mean[p]);
  printf("],\"think_max_ms\":[");
  for (int p = 0; p < j->n; p++) printf("%s%.3f", p ? "," : "", j->think_max[p]);
  printf("],\"detail\":[");
  for (int p = 0; p < j->n; p++) {
    if (p) putchar(',');
    judge__str(j->detail[p]);
  }
  printf("]%s%s}\n", extra ? "," : "", extra ? extra : "");
  fflush(stdout);
}

/* ---- The referee frame and per-frame stderr (judge.h, its last block).
** A drain thread reads the bots' stderr pipes as soon as they hold data (a
** bot that writes much never blocks on a full pipe) into j->err, bounded
** per frame; judge_trace_stderr reads what is left in the pipes, writes it
** and empties the buffers. The mutex guards err, err_len and err_lost. */

#include <ctype.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>

static pthread_mutex_t judge__mu = PTHREAD_MUTEX_INITIALIZER;

/* Reads what bot p's pipe holds now into its buffer (mutex held). */
static void judge__drain(judge_t *j, int p) {
  char buf[4096];
  ssize_t k = -1;
  while (j->err_fd[p] >= 0 && (k = read(j->err_fd[p], buf, sizeof buf)) != 0) {
    if (k < 0) {
      if (errno == EINTR) continue;
      if (errno != EAGAIN) j->err_fd[p] = -1; /* left open: the thread may poll it */
      return;
    }
    size_t room = JUDGE_ERR_CAP - j->err_len[p], take = (size_t)k < room ? (size_t)k : room;
    memcpy(j->err[p] + j->err_len[p], buf, take);
    j->err_len[p] += take;
    j->err_lost[p] += k - (ssize_t)take;
  }
  if (j->err_fd[p] >= 0 && k == 0) j->err_fd[p] = -1; /* end of file: the bot exited */
}

static void *judge__drain_thread(void *arg) {
  judge_t *j = arg;
  for (;;) {
    struct pollfd fds[JUDGE_MAX_PLAYERS];
    int n = 0;
    pthread_mutex_lock(&judge__mu);
    for (int p = 0; p < j->n; p++) fds[n++] = (struct pollfd){.fd = j->err_fd[p], .events = POLLIN};
    pthread_mutex_unlock(&judge__mu);
    if (poll(fds, (nfds_t)n, 100) <= 0) continue;
    pthread_mutex_lock(&judge__mu);
    for (int p = 0; p < n; p++)
      if (fds[p].revents) judge__drain(j, p);
    pthread_mutex_unlock(&judge__mu);
  }
  return NULL;
}

/* Gives bot p a stderr pipe: our fd 2 is the pipe while spawn() forks. */
static int judge__captured(judge_t *j, int p, int (*spawn)(judge_t *, int, const char *), const char *cmd) {
  int fd[2], saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
  if (saved < 0) return spawn(j, p, cmd);
  if (pipe(fd) < 0) {
    close(saved);
    return spawn(j, p, cmd);
  }
  fcntl(fd[0], F_SETFD, FD_CLOEXEC);
  fcntl(fd[1], F_SETFD, FD_CLOEXEC);
  fflush(stderr);
  dup2(fd[1], 2);
  int keep = j->keep_stderr, r;
  j->keep_stderr = 1;
  r = spawn(j, p, cmd);
  j->keep_stderr = keep;
  dup2(saved, 2);
  close(saved);
  close(fd[1]);
  fcntl(fd[0], F_SETFL, O_NONBLOCK);
  pthread_mutex_lock(&judge__mu);
  j->err_fd[p] = fd[0];
  pthread_mutex_unlock(&judge__mu);
  return r;
}

/* Removes a stale TRACE.stderr of an earlier game. */
static void judge__err_remove(const judge_t *j) {
  char path[4096];
  if (j->trace_path && snprintf(path, sizeof path, "%s.stderr", j->trace_path) < (int)sizeof path) remove(path);
}

/* Once, before the first pipe: no seat has one yet, no stale sidecar, the
   drain thread runs (it reads err_fd under the mutex at every round). */
static void judge__capture_init(judge_t *j) {
  pthread_t t;
  if (j->capture) return;
  for (int q = 0; q < JUDGE_MAX_PLAYERS; q++) j->err_fd[q] = -1;
  judge__err_remove(j);
  j->capture = 1;
  if (pthread_create(&t, NULL, judge__drain_thread, j) == 0) pthread_detach(t);
}

static int judge__spawn_pipe(judge_t *j, int p, const char *cmd) {
  (void)cmd;
  return judge_spawn(j, p);
}

BOT_API int judge_spawn_captured(judge_t *j, int p) {
  if (!j->trace) return judge_spawn(j, p);
  judge__capture_init(j);
  return judge__captured(j, p, judge__spawn_pipe, NULL);
}

BOT_API int judge_spawn_traced(judge_t *j) {
  if (!j->trace || j->keep_stderr) return judge_spawn_all(j);
  for (int p = 0; p < j->n; p++)
    if (judge_spawn_captured(j, p) < 0) return -1;
  return 0;
}

BOT_API int judge_spawn_net_traced(judge_t *j, int p, const char *cmd) {
  if (!j->trace) return judge_spawn_net(j, p, cmd);
  judge__capture_init(j);
  return judge__captured(j, p, judge_spawn_net, cmd);
}

BOT_API void judge_seed_env(const judge_t *j) {
  char name[64], seed[32];
  size_t k = 0;
  for (; j->game[k] && k < sizeof name - 6; k++) name[k] = (char)toupper((unsigned char)j->game[k]);
  memcpy(name + k, "_SEED", 6);
  snprintf(seed, sizeof seed, "%lld", (long long)j->seed);
  setenv(name, seed, 1);
}

BOT_API void judge_trace_header(judge_t *j) {
  if (!j->trace) return;
  for (const char *c = j->game; *c; c++) fputc(toupper((unsigned char)*c), j->trace);
  fprintf(j->trace, "_TRACE 1\nSEED %lld\n", (long long)j->seed);
  for (int p = 0; p < j->n; p++) fprintf(j->trace, "BOT %d %s\n", p, j->cmd[p]);
}

BOT_API int judge_answer(judge_t *j, int p, const char *input, size_t n, char *line, size_t cap) {
  double before = j->think_sum[p];
  int r = judge_ask(j, p, input, n, line, cap);
  j->last_ms[p] = j->think_sum[p] - before;
  return r;
}

BOT_API void judge_trace(judge_t *j, const char *fmt, ...) {
  if (!j->trace) return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(j->trace, fmt, ap);
  va_end(ap);
  fputc('\n', j->trace);
  judge_trace_stderr(j);
}

/* The sidecar file TRACE.stderr, opened on the first stderr or think time
   to write (a stale one from an earlier game was removed at the start). */
static FILE *judge__err_file(judge_t *j) {
  char path[4096];
  if (!j->err_file && snprintf(path, sizeof path, "%s.stderr", j->trace_path) < (int)sizeof path)
    j->err_file = fopen(path, "w");
  return j->err_file;
}

/* One sidecar line: OFFSET P TEXT. */
static void judge__err_line(judge_t *j, FILE *f, long at, int p, size_t n) {
  fprintf(f, "%ld %d ", at, p);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)j->err[p][i];
    if (c == '\n') fputs("\\n", f);
    else if (c == '\t') fputs("\\t", f);
    else if (c == '\\') fputs("\\\\", f);
    else fputc(c < 0x20 || c == 0x7f ? '?' : c, f);
  }
  if (j->err_lost[p]) fprintf(f, " [%ld more bytes]", j->err_lost[p]);
  fputc('\n', f);
}

/* A think-time line of the sidecar: OFFSET T P MS (judge.h). */
static void judge__trace_think(judge_t *j, int p, double ms) {
  FILE *f = j->trace && j->trace_path ? judge__err_file(j) : NULL;
  if (f) fprintf(f, "%ld T %d %.3f\n", ftell(j->trace), p, ms);
}

BOT_API void judge_trace_stderr(judge_t *j) {
  if (!j->trace || !j->capture) return;
  long at = ftell(j->trace);
  pthread_mutex_lock(&judge__mu);
  for (int p = 0; p < j->n; p++) {
    judge__drain(j, p);
    size_t n = j->err_len[p];
    while (n > 0 && j->err[p][n - 1] == '\n') n--;
    FILE *f = n || j->err_lost[p] ? judge__err_file(j) : NULL;
    if (f) judge__err_line(j, f, at, p, n);
    j->err_len[p] = 0;
    j->err_lost[p] = 0;
  }
  pthread_mutex_unlock(&judge__mu);
}

BOT_API void judge_trace_close(judge_t *j) {
  judge_trace_stderr(j);
  if (j->err_file) fclose(j->err_file);
  j->err_file = NULL;
}

BOT_API void judge_trace_errors(judge_t *j) {
  for (int p = 0; p < j->n && j->trace; p++)
    if (j->error[p]) fprintf(j->trace, "ERROR %d %s %s\n", p, judge_error_name(j->error[p]), j->detail[p]);
}

BOT_API void judge_error_scores(const judge_t *j, int *scores, int win) {
  int erred = 0;
  for (int p = 0; p < j->n; p++) erred |= j->error[p] != JUDGE_OK;
  for (int p = 0; p < j->n; p++)
    if (j->error[p]) scores[p] = -1;
    else if (erred && scores[p] < win) scores[p] = win;
}

/* END draw when every score is equal, else END winner P (the first best). */
static void judge__trace_end(judge_t *j, const int *scores) {
  int best = 0, all = 1;
  for (int p = 1; p < j->n; p++) {
    all &= scores[p] == scores[0];
    if (scores[p] > scores[best]) best = p;
  }
  if (!j->trace) return;
  if (all) fprintf(j->trace, "END draw\n");
  else fprintf(j->trace, "END winner %d\n", best);
}

BOT_API int judge_main(const judge_game_t *g, int argc, char **argv) {
  static judge_t J; /* static: a line buffer and a stderr buffer per bot */
  int scores[JUDGE_MAX_PLAYERS] = {0}, ranks[JUDGE_MAX_PLAYERS];
  if (argc < 2 || strcmp(argv[1], "match") != 0) {
    fprintf(stderr, "usage: %s-referee match [options] -- CMD... (--help lists them)\n", g->name);
    return 2;
  }
  judge_init(&J, g->name, g->limit_first, g->limit_next);
  J.trace_ok = 1;
  J.usage = g->usage;
  if (judge_parse(&J, argc - 2, argv + 2, g->min_players, g->max_players, g->opt, g->ctx)) return 2;
  judge_seed_env(&J);
  if (judge_spawn_traced(&J)) return 2;
  judge_trace_header(&J);
  long turns = g->play(&J, scores, g->ctx);
  judge_trace_close(&J);
  judge_error_scores(&J, scores, 1);
  judge_trace_errors(&J);
  judge__trace_end(&J, scores);
  judge_stop_all(&J, 0);
  judge_rank(&J, scores, ranks);
  judge_result(&J, ranks, scores, turns, NULL);
  return 0;
}
