/*
** judge.h -- the referee core: what every `build/GAME-referee match` does
** apart from the game itself. Command-line options, starting the bots,
** timed questions under one timing rule, the error and its detail, think
** time statistics and the one JSON result line of the README's "Referee
** contract". A referee keeps only its game glue; a stdin/stdout game with
** the core's trace header uses judge_main (the block at the end: tictactoe's
** referee is 41 lines of code), others call the pieces:
**
**   static judge_t J;                        // static: 8 KB of buffer a bot
**   judge_init(&J, "mygame", 1000, 100);     // first answer 1 s, then 100 ms
**   J.trace_ok = 1;                          // the game writes --trace files
**   if (judge_parse(&J, argc - 2, argv + 2, 2, 2, my_opt, &ctx)) return 2;
**   if (judge_spawn_all(&J)) return 2;
**   while (game on) {
**     J.turn = turn;                         // named in a timeout's detail
**     if (judge_ask(&J, p, input, len, line, sizeof line) != JUDGE_OK)
**       ... player p lost: J.error[p] and J.detail[p] say why ...
**     else if (bad move) judge_fail(&J, p, JUDGE_INVALID, "turn %d: %s", t, why);
**   }
**   judge_stop_all(&J, 0);
**   judge_rank(&J, scores, ranks);           // or the game's own ranks
**   judge_result(&J, ranks, scores, turns, NULL);
**   return 0;
**
** Options (judge_parse; every referee, before `--`):
**   --seed S              the game's seed (default: judge_init picks one from
**                         the clock; a game may set J.seed before parsing)
**   --limit-ms A[,B]      A ms for a player's first answer, B after (one
**                         value: both)
**   --wall-clock          plain wall time (the judge's own rule), see below
**   --trace FILE          J.trace is open for writing (games with trace_ok)
**   --help                the usage line (exit status 2)
**   --stderr              the bots' stderr goes to ours (default: /dev/null,
**                         unless the game sets J.keep_stderr before parsing)
** Anything else goes to the game's callback, which returns JUDGE_OPT_FLAG
** (took the name), JUDGE_OPT_VALUE (took the value too) or JUDGE_OPT_BAD.
** After `--` come between min and max bot commands, each run with `sh -c`.
**
** Timing rule (judge_ask, modules/proc.h): an answer's time runs from the
** input's write to the answer's newline, minus the time the bot's processes
** (every thread of every process, three levels below `sh -c`) and the
** referee spent ready to run but waiting for a CPU, and never less than
** the CPU time the bot's threads used meanwhile. On the judge each bot has
** its own core; on a shared machine other load must not be charged to the
** bot. A bot that computes or sleeps too long times out when that counted
** time reaches the limit; while the bot's thread is runnable, a timeout
** that its current run-queue wait could explain (the kernel books a wait
** only once the thread gets its CPU) is held back until the wait is
** booked. --wall-clock counts plain wall time.
** PROC_CLOCK=cpu in the environment (`./arena.py --cpu-clock`) counts the
** bot's CPU time only; a bot that hangs (sleeps, blocks on a read or a
** lock) is caught by its idle time instead: wall time minus its CPU time
** minus its threads' run-queue waits, the time it was neither on a CPU nor
** waiting for one, capped at max(10 x limit, 1 s) (judge_limits). A bot
** that waits for a CPU is never idle, so no load ends a bot within its
** CPU budget, and a hung one is ended after about the idle cap of wall
** time whatever the load. Every rule has a last-resort wall cap of
** max(100 x limit, 30 s): a bot using its whole 100 ms budget reaches it
** only at a load of about 300 times the cores (it gets a 1/300 share).
** Why not a wall cap of 10 x limit as before: at load 40-50 on two cores a
** bot gets a twentieth of a core, so 50 ms of CPU take over 1 s of wall.
**
** Errors: JUDGE_TIMEOUT (no line in time), JUDGE_CRASH (the bot closed its
** output, exited, stopped reading, or wrote a line over PROC_LINE - 1
** bytes), JUDGE_INVALID (the game rejected the answer: judge_fail). The first
** error of a player sticks; J.detail[p] says how ("turn T, answer N: no line
** after X ms counted, Y ms wall (limit L), host steal Z ms"; a timeout by
** the idle cap or the wall cap names it in the parentheses).
**
** The JSON line (judge_result), one format for every game, keys in this
** order, think times in ms with three decimals:
**   {"game":G,"seed":S,"ranks":[..],"scores":[..],"errors":[..],"turns":T,
**    "think_mean_ms":[..],"think_max_ms":[..],"detail":[..]<,extra>}
**
** Network games (the bots connect to a server the referee runs) use
** judge_spawn_net, judge_poll, judge_stop, judge_think_totals and judge_fail
** instead of judge_spawn_all and judge_ask; their server times the answers
** (--limit-ms is its limit; --wall-clock changes nothing there).
**
** Invariants: no allocation; J.n bots, seats 0..n-1 in command-line order;
** J.error[p] == JUDGE_OK iff J.detail[p] is empty; a player's think
** statistics count only answers that came in time.
*/
#ifndef JUDGE_H
#define JUDGE_H

#include <stdint.h>
#include <stdio.h>
#include "common.h"
#include "proc.h"

#define JUDGE_MAX_PLAYERS 8
#define JUDGE_DETAIL 256
#define JUDGE_ERR_CAP 1024 /* a bot's stderr kept per frame (the rest is counted) */
#define JUDGE_IDLE_MIN_MS 1000.0  /* the idle cap's floor (PROC_CLOCK=cpu) */
#define JUDGE_WALL_MIN_MS 30000.0 /* the last-resort wall cap's floor */

/* judge_ask results and J.error values */
#define JUDGE_OK 0
#define JUDGE_TIMEOUT 1
#define JUDGE_CRASH 2
#define JUDGE_INVALID 3

/* the game's option callback results */
#define JUDGE_OPT_BAD (-1)
#define JUDGE_OPT_FLAG 1  /* the option took its name only */
#define JUDGE_OPT_VALUE 2 /* the option took the next argument too */

typedef struct judge_t judge_t;

/* A game's options: name is the argument ("--league"), value the next one
   (NULL at the end of the options). */
typedef int (*judge_opt_fn)(judge_t *j, void *ctx, const char *name, const char *value);

struct judge_t {
  /* set by judge_init; the game may change them before judge_parse */
  const char *game;         /* the "game" of the JSON line */
  const char *usage;        /* the game's options for the usage line, or NULL */
  int64_t seed;             /* --seed, or a clock-made seed */
  double limit_first;       /* ms for a player's first answer */
  double limit_next;        /* ms for every later answer */
  int wall_clock;           /* --wall-clock */
  int keep_stderr;          /* --stderr */
  int trace_ok;             /* the game writes --trace files */
  /* set by judge_parse */
  int have_seed;            /* --seed given */
  const char *trace_path;   /* --trace FILE, or NULL */
  FILE *trace;              /* --trace FILE, open for writing, or NULL */
  int n;                    /* bot commands */
  const char *cmd[JUDGE_MAX_PLAYERS];
  /* the match */
  int turn;                 /* the game's turn, for details (0: not told) */
  proc_t bot[JUDGE_MAX_PLAYERS];
  int asked[JUDGE_MAX_PLAYERS];   /* judge_ask calls per player */
  int error[JUDGE_MAX_PLAYERS];   /* JUDGE_OK or the player's first error */
  char detail[JUDGE_MAX_PLAYERS][JUDGE_DETAIL];
  long think_n[JUDGE_MAX_PLAYERS];
  double think_sum[JUDGE_MAX_PLAYERS], think_max[JUDGE_MAX_PLAYERS];
  /* the referee frame (judge_main, judge_answer) and per-frame stderr
     (judge_capture): see the block at the end of this file */
  double last_ms[JUDGE_MAX_PLAYERS];     /* judge_answer's counted think time */
  int capture;                           /* err_fd holds the bots' stderr pipes */
  int err_fd[JUDGE_MAX_PLAYERS];         /* read ends, non-blocking */
  size_t err_len[JUDGE_MAX_PLAYERS];     /* bytes held in err (at most JUDGE_ERR_CAP) */
  long err_lost[JUDGE_MAX_PLAYERS];      /* bytes past the cap since the last frame */
  char err[JUDGE_MAX_PLAYERS][JUDGE_ERR_CAP];
  FILE *err_file;                        /* TRACE.stderr, once a bot wrote or answered */
};

/* Defaults: a seed from the clock, the limits given, stderr to /dev/null. */
BOT_API void judge_init(judge_t *j, const char *game, double limit_first, double limit_next);
/* Parses `match`'s arguments (argv without "match"). Returns 0, or prints
   the problem and the usage on stderr and returns 2 (the exit status). */
BOT_API int judge_parse(judge_t *j, int argc, char **argv, int min_players, int max_players,
                        judge_opt_fn opt, void *ctx);
/* Starts every command over pipes (stdin/stdout games); SIGPIPE ignored.
   Returns 0, or -1 with a message on stderr. */
BOT_API int judge_spawn_all(judge_t *j);
/* The same for seat p alone (a game whose other seats play in-process). */
BOT_API int judge_spawn(judge_t *j, int p);
/* Writes to bot p without timing (a line the bot does not answer). Returns 0,
   or -1 and records a crash. */
BOT_API int judge_send(judge_t *j, int p, const char *s, size_t n);
/* Sends n bytes of input (none when n is 0) and reads one answer line into
   line (cap bytes, '\r' before the newline dropped) under the timing rule.
   Returns JUDGE_OK, or JUDGE_TIMEOUT / JUDGE_CRASH, recorded with its
   detail. A player with an error is not asked again: its recorded error
   comes back at once. */
BOT_API int judge_ask(judge_t *j, int p, const char *input, size_t n, char *line, size_t cap);
/* The caps of an answer with limit_ms (the timing rule above): idle
   max(10 x limit, JUDGE_IDLE_MIN_MS), wall max(100 x limit,
   JUDGE_WALL_MIN_MS). */
BOT_API proc_limit judge_limits(double limit_ms);
/* Records player p's error (the first one sticks) with a printf-style
   detail. */
BOT_API void judge_fail(judge_t *j, int p, int error, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Adds one answer's think time (players the referee runs in-process). */
BOT_API void judge_think(judge_t *j, int p, double ms);
/* Adds think statistics measured elsewhere (a game server): n answers,
   their sum and their maximum. */
BOT_API void judge_think_totals(judge_t *j, int p, long n, double sum_ms, double max_ms);
/* Starts cmd for seat p as a network bot: stdin from /dev/null, stdout and
   stderr to our stderr with keep_stderr, else /dev/null; no descriptor of
   ours is inherited. Returns 0, or -1 with a message on stderr. */
BOT_API int judge_spawn_net(judge_t *j, int p, const char *cmd);
/* 1 when bot p has exited (its wait status in J.bot[p].status), else 0;
   never blocks. */
BOT_API int judge_poll(judge_t *j, int p);
/* Stops bot p: SIGTERM to its process group, up to grace_ms to exit, then
   SIGKILL; reaps it. Safe on a bot that exited or never started. */
BOT_API void judge_stop(judge_t *j, int p, double grace_ms);
/* judge_stop for every bot at once (one grace period for all); closes the
   trace file. */
BOT_API void judge_stop_all(judge_t *j, double grace_ms);
/* Ranks from scores: players without an error before those with one, then
   higher score first; equal players share a rank (0 = first). */
BOT_API void judge_rank(const judge_t *j, const int *scores, int *ranks);
/* How a wait status ended, for a detail: " (exit status 1)" or
   " (killed by signal 9)"; "" for anything else. Writes out (cap bytes). */
BOT_API void judge_status_note(int status, char *out, size_t cap);
/* "", "timeout", "crash" or "invalid". */
BOT_API const char *judge_error_name(int error);
/* Prints the JSON result line on stdout and flushes. extra, when not NULL,
   is appended as more members (`"draws":3`). */
BOT_API void judge_result(judge_t *j, const int *ranks, const int *scores, long turns,
                          const char *extra);

/* ---- The referee frame: what every stdin/stdout referee's `match` does
** around its game, so that a referee holds only the game glue:
**
**   static long my_play(judge_t *j, int *scores, void *ctx) {...}
**   static const judge_game_t GAME = {"mygame", 1000, 100, 2, 2, my_play};
**   int main(int argc, char **argv) { return judge_main(&GAME, argc, argv); }
**
** judge_main checks `match`, parses the options (judge_parse, --trace
** allowed), puts the seed in the environment as MYGAME_SEED (the game's
** name in capitals; the bots may draw from it so that a replay replays),
** starts the bots with their stderr captured when a trace is written,
** writes the trace header (MYGAME_TRACE 1, SEED S, BOT P CMD a seat), lets
** play() play (it fills scores, returns the turns played), turns errors
** into scores (judge_error_scores with win 1), writes ERROR P KIND DETAIL a
** player with an error and END draw | END winner P, stops the bots, ranks
** (judge_rank) and prints the JSON line. Frame lines go through
** judge_trace, which then records the frame's stderr.
**
** Per-frame stderr: with --trace FILE (and no --stderr) the bots' stderr
** goes to pipes the core drains; at each frame (judge_trace or
** judge_trace_stderr) what a bot wrote since the last one goes to the
** sidecar FILE.stderr as OFFSET P TEXT: OFFSET the trace's size in bytes
** then (the frame it follows), TEXT on one line (\n, \t, \\ escaped), at
** most JUDGE_ERR_CAP bytes of it, then " [N more bytes]". The trace itself
** is unchanged; view.py merges the two. The sidecar also holds every
** timed answer's think time (judge_ask), as OFFSET T P MS (a literal T,
** then the seat and the counted ms), so the page shows think times for
** trace formats that have no place for them (the official ones of
** spring2021 and greencircle). No sidecar when no bot wrote or answered.
*/
typedef struct judge_game_t {
  const char *name;                 /* the JSON "game", MYGAME_SEED, MYGAME_TRACE */
  double limit_first, limit_next;   /* ms */
  int min_players, max_players;
  long (*play)(judge_t *j, int *scores, void *ctx);
  const char *usage;                /* the game's own options for the usage line, or NULL */
  judge_opt_fn opt;                 /* the game's own options, or NULL */
  void *ctx;                        /* passed to opt and play */
} judge_game_t;

/* The whole `match` (see above); returns the exit status. */
BOT_API int judge_main(const judge_game_t *g, int argc, char **argv);
/* Puts the seed in the environment as NAME_SEED (NAME: j->game in capitals). */
BOT_API void judge_seed_env(const judge_t *j);
/* judge_spawn_all, with every bot's stderr captured per frame when a trace is
   written and --stderr was not given (judge_trace writes it). */
BOT_API int judge_spawn_traced(judge_t *j);
/* judge_spawn for seat p, its stderr captured per frame when a trace is
   written (even with --stderr: a game that keeps stderr by default). */
BOT_API int judge_spawn_captured(judge_t *j, int p);
/* judge_spawn_net, the bot's stderr and stdout captured per frame when a
   trace is written (even with --stderr). */
BOT_API int judge_spawn_net_traced(judge_t *j, int p, const char *cmd);
/* Writes NAME_TRACE 1, SEED S and BOT P CMD lines to the trace, if any. */
BOT_API void judge_trace_header(judge_t *j);
/* judge_ask that also keeps the answer's counted think time in j->last_ms[p]. */
BOT_API int judge_answer(judge_t *j, int p, const char *input, size_t n, char *line, size_t cap);
/* Writes one printf-style line to the trace (if any), then records the
   frame's stderr (judge_trace_stderr). */
BOT_API void judge_trace(judge_t *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records what each bot wrote on stderr since the last call as the stderr
   of the frame the trace has just written (the sidecar, see above). */
BOT_API void judge_trace_stderr(judge_t *j);
/* The last judge_trace_stderr; closes the sidecar (before judge_stop_all). */
BOT_API void judge_trace_close(judge_t *j);
/* An ERROR P KIND DETAIL line for each player with an error. */
BOT_API void judge_trace_errors(judge_t *j);
/* A player with an error scores -1; when one erred, each player without an
   error scores at least win. */
BOT_API void judge_error_scores(const judge_t *j, int *scores, int win);

#endif /* JUDGE_H */
