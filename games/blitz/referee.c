/*
** referee.c -- build/blitz-referee.
**
**   blitz-referee replay TRACE...      replays reference traces; exit 0 iff
**                                      every state line of every file matches;
**                                      prints the first difference per file
**                                      and "N passed, N failed"
**   blitz-referee board [--boards contest|own] [--size N] SEED...
**                                      prints the board each SEED gives
**   blitz-referee match [--turns T] [--boards contest|own] [--size N] [--map M]
**                 [--timeout-ms MS] [--join-s S] [--quiet] [judge options]
**                 -- CMD1 CMD2 CMD3 CMD4
**
** Boards: "contest" (the default) is the board the 2016 contest server makes
** from java.util.Random(SEED) (contest.c: its size and densities come from
** the seed too); "own" is our generator (rules_generate), the only one that
** honours --size (so --size alone means own boards).
**
** match starts the REST server (server.c) on a free loopback port, creates
** one arena game (board from S unless --map), reserves one key per
** seat, runs each CMD with `sh -c "CMD --server http://127.0.0.1:PORT --key K
** --arena ID"`, serves until the game ends, and prints the README's one
** JSON line (modules/judge: options, bots, think times from the server,
** details; "board" and "game_id" are added). --trace FILE writes the
** game's replay: one state JSON per line, the start state and the state
** after every move (the server's replay format, which view.py draws). The move limit is --limit-ms
** or --timeout-ms (1000 ms), the seed defaults to 1, the bots' stdout and
** stderr go to ours unless --quiet. Bots that never join within --join-s
** seconds start crashed. Exit 0 when the game was played.
**
** --cpu-clock (or PROC_CLOCK=cpu in the environment, as `./arena.py
** --cpu-clock` sets for every referee): the server counts each bot's CPU
** time (its processes' /proc figures, as modules/proc does for the other
** games) against the move limit and the join window instead of wall time,
** so a loaded machine plays like dedicated cores. A bot that sleeps or
** hangs is still caught in bounded wall time: a move once the bot spent
** max(10 x limit, 2 s) neither running nor waiting for a CPU, or after
** max(60 x limit, 60 s) of wall time (server.h bot_clock); the join window
** once a bot slept --join-s seconds, or after 10 x --join-s seconds.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "deadline.h"
#include "contest.h"
#include "judge.h"
#include "rng.h"
#include "server.h"
#include "trace.h"

static server_t referee__sv;

static int referee__replay(int argc, char **argv) {
  int passed = 0, failed = 0;
  for (int i = 0; i < argc; i++) {
    char msg[512];
    int moves = 0;
    int rc = trace_replay(argv[i], msg, sizeof msg, &moves);
    if (rc == 0) passed++;
    else failed++;
    printf("%s %s: %s\n", rc == 0 ? "ok  " : "FAIL", argv[i], msg);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return (failed == 0 && passed > 0) ? 0 : 1;
}

typedef struct referee__opts {
  int turns, size, join_s;
  int cpu_clock;      /* --cpu-clock (or PROC_CLOCK=cpu): the bots' CPU time counts */
  const char *map;
  const char *boards; /* "contest", "own" or NULL (contest unless --size) */
} referee__opts;

/* The server's map argument for the options: --map, else "contest" or NULL
** (our generator); NULL with a message for an unknown --boards. */
static const char *referee__map(const referee__opts *o, int *bad) {
  *bad = 0;
  if (o->map) return o->map;
  if (!o->boards) return o->size ? NULL : "contest";
  if (strcmp(o->boards, "contest") == 0) return "contest";
  if (strcmp(o->boards, "own") == 0) return NULL;
  fprintf(stderr, "blitz-referee: --boards is contest or own, not \"%s\"\n", o->boards);
  *bad = 1;
  return NULL;
}

/* blitz-referee board: the board text of each seed. */
static int referee__board(int argc, char **argv) {
  referee__opts o = {300, 0, 20, 0, NULL, NULL};
  int bad = 0, shown = 0;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--boards") == 0 && i + 1 < argc) o.boards = argv[++i];
    else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) o.size = atoi(argv[++i]);
    else {
      char *end;
      long long seed = strtoll(argv[i], &end, 0);
      const char *map = referee__map(&o, &bad);
      if (bad) return 2;
      if (*end || end == argv[i]) {
        fprintf(stderr, "blitz-referee: not a seed: %s\n", argv[i]);
        return 2;
      }
      static rules_state st;
      char err[256], text[RULES_CELLS * 3];
      int rc;
      if (map) {
        contest_params p;
        rc = contest_board((int64_t)seed, text, sizeof text, &p, err, sizeof err);
        if (rc == 0)
          printf("seed %lld size %d wall %d mine %d spike %d\n%s", seed, p.size, p.wall_percent,
                 p.mine_percent, p.spike_percent, text);
      } else {
        rc = rules_generate(&st, (uint64_t)seed, o.size, err, sizeof err);
        if (rc == 0 && rules_tiles(&st, text, sizeof text) >= 0) {
          printf("seed %lld size %d\n", seed, st.n);
          for (int x = 0; x < st.n; x++) printf("%.*s\n", 2 * st.n, text + 2 * st.n * x);
        }
      }
      if (rc < 0) {
        fprintf(stderr, "blitz-referee: seed %lld: %s\n", seed, err);
        return 1;
      }
      shown++;
    }
  }
  return shown ? 0 : 2;
}

static int referee__opt(judge_t *j, void *ctx, const char *name, const char *v) {
  referee__opts *o = ctx;
  if (strcmp(name, "--quiet") == 0) {
    j->keep_stderr = 0;
    return JUDGE_OPT_FLAG;
  }
  if (strcmp(name, "--cpu-clock") == 0) {
    o->cpu_clock = 1;
    return JUDGE_OPT_FLAG;
  }
  if (!v) return JUDGE_OPT_BAD;
  if (strcmp(name, "--turns") == 0) o->turns = atoi(v);
  else if (strcmp(name, "--size") == 0) o->size = atoi(v);
  else if (strcmp(name, "--map") == 0) o->map = v;
  else if (strcmp(name, "--boards") == 0) o->boards = v;
  else if (strcmp(name, "--timeout-ms") == 0) j->limit_first = j->limit_next = atoi(v);
  else if (strcmp(name, "--join-s") == 0) o->join_s = atoi(v);
  else return JUDGE_OPT_BAD;
  return JUDGE_OPT_VALUE;
}

/* --cpu-clock: hero k's bot clock for the server (server.h bot_clock): the
   CPU time of the bot's processes (three levels below `sh -c`, every
   thread, /proc as modules/proc reads it), and its busy time: that plus
   their waits for a CPU. (Our own waits are not added: a referee polling
   every 20 ms on a loaded machine waits most of the time, which would hide
   a sleeping bot; the few ms we take to read a move stay far below the
   sleep cap.) */
static void referee__bot_clock(void *ctx, int game, int hero, int64_t *cpu_ns, int64_t *busy_ns) {
  const judge_t *j = ctx;
  proc_usage bot = {0, 0, 0, 0};
  (void)game;
  if (j->bot[hero].pid > 0 && !j->bot[hero].exited) proc_sched_add((int)j->bot[hero].pid, 3, &bot);
  *cpu_ns = bot.run_ns;
  *busy_ns = bot.run_ns + bot.wait_ns;
}

/* 1 when the join window is over for every seat not joined yet. Wall
   clock: --join-s seconds. CPU clock: a seat's window is over once its bot
   exited, used --join-s seconds of CPU time, spent --join-s seconds
   neither running nor waiting for a CPU (asleep, hung: the busy time of
   referee__bot_clock), or after 10 x --join-s seconds of wall time
   whatever the load. */
static int referee__join_over(const judge_t *j, const server_game *g, const referee__opts *o,
                              const deadline_t *join, int64_t t0, const int64_t *busy0) {
  if (!o->cpu_clock) return deadline_passed(join);
  int64_t wall = deadline_now_ns() - t0, win = (int64_t)o->join_s * 1000000000LL;
  if (wall >= 10 * win) return 1;
  for (int k = 0; k < 4; k++) {
    if (g->key[k][0] || j->bot[k].exited) continue;
    int64_t cpu, busy;
    referee__bot_clock((void *)j, 0, k, &cpu, &busy);
    if (cpu < win && wall - (busy - busy0[k]) < win) return 0;
  }
  return 1;
}

/* Seats that never joined by the join deadline get an "absent" key and a
   crashed hero; the game starts without them. */
static void referee__absent(judge_t *j, server_game *g, const int *exited, int *exited_early, int join_s,
                            int cpu_clock) {
  for (int k = 0; k < 4; k++)
    if (!g->key[k][0]) {
      snprintf(g->key[k], sizeof g->key[k], "absent");
      g->st.heroes[k].crashed = 1;
      exited_early[k] = 1;
      if (exited[k]) {
        char note[48];
        judge_status_note(j->bot[k].status, note, sizeof note);
        judge_fail(j, k, JUDGE_CRASH, "exited before joining%s", note);
      } else {
        judge_fail(j, k, JUDGE_CRASH, "never joined within %d s%s", join_s, cpu_clock ? " (CPU or asleep)" : "");
      }
    }
  g->joined = 4;
  g->started = 1;
  g->turn_start_ns = deadline_now_ns();
  if (g->st.heroes[0].crashed && g->st.heroes[1].crashed && g->st.heroes[2].crashed && g->st.heroes[3].crashed)
    g->st.status = RULES_ALLCRASHED;
}

/* Steps the server until the game is over and every bot has exited (or 3 s
   after the end), or the wall-clock limit; the bots' output goes to the
   trace's sidecar as it comes. */
static void referee__run(judge_t *j, server_t *sv, server_game *g, const referee__opts *o, int *exited,
                         int *exited_early) {
  deadline_t join, wall;
  int64_t t0 = deadline_now_ns(), busy0[4];
  for (int k = 0; k < 4; k++) {
    int64_t cpu;
    referee__bot_clock(j, 0, k, &cpu, &busy0[k]);
  }
  deadline_start(&join, o->join_s * 1000.0);
  deadline_start(&wall, ((double)o->turns * 4 * (sv->timeout_ms + 100) + 60000.0) * (o->cpu_clock ? 10 : 1));
  int64_t end_ns = 0;
  for (;;) {
    server_step(sv, 20);
    judge_trace_stderr(j);
    for (int k = 0; k < 4; k++)
      if (!exited[k] && judge_poll(j, k)) {
        exited[k] = 1;
        exited_early[k] = !rules_finished(&g->st);
      }
    if (!g->started && referee__join_over(j, g, o, &join, t0, busy0))
      referee__absent(j, g, exited, exited_early, o->join_s, o->cpu_clock);
    int all_exited = exited[0] && exited[1] && exited[2] && exited[3];
    if (rules_finished(&g->st)) {
      if (!end_ns) end_ns = deadline_now_ns();
      if (all_exited || deadline_now_ns() - end_ns > 3000000000LL) break;
    } else if (deadline_passed(&wall)) {
      fprintf(stderr, "blitz-referee: wall-clock limit reached at turn %d\n", g->st.turn);
      break;
    }
  }
}

static int referee__match(int argc, char **argv) {
  static judge_t J;
  referee__opts o = {300, 0, 20, 0, NULL, NULL};
  judge_init(&J, "blitz", 1000, 1000);
  J.seed = 1;
  J.keep_stderr = 1;
  J.trace_ok = 1;
  J.usage = "[--turns T] [--boards contest|own] [--size N] [--map M] [--timeout-ms MS] [--join-s S] [--cpu-clock] [--quiet]";
  if (judge_parse(&J, argc, argv, 4, 4, referee__opt, &o)) return 2;
  const char *clock_env = getenv("PROC_CLOCK");
  if (clock_env && strcmp(clock_env, "cpu") == 0) o.cpu_clock = 1;
  server_t *sv = &referee__sv;
  sv->timeout_ms = (int)J.limit_next;
  sv->min_ms = 0;
  if (o.cpu_clock) {
    sv->bot_clock = referee__bot_clock;
    sv->bot_clock_ctx = &J;
  }
  uint64_t seed = (uint64_t)J.seed;
  char err[256];
  if (server_open(sv, 0, seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-referee: %s\n", err);
    return 2;
  }
  int bad;
  const char *map = referee__map(&o, &bad);
  if (bad) return 2;
  int gi = server_create_arena(sv, NULL, map, seed, o.size, o.turns, err, sizeof err);
  if (gi < 0) {
    fprintf(stderr, "blitz-referee: %s\n", err);
    return 2;
  }
  server_game *g = &sv->games[gi];
  if (J.trace) {
    /* --trace FILE: the server's replay of this game, one state JSON a line
       (what view.py draws); the server closes its copy at the game's end */
    fflush(J.trace);
    g->replay_fd = dup(fileno(J.trace));
    if (g->replay_fd < 0) {
      perror("blitz-referee: --trace");
      return 2;
    }
  }
  rng_t r;
  rng_seed(&r, seed * 31 + 7);
  int exited[4] = {0, 0, 0, 0}, exited_early[4] = {0, 0, 0, 0};
  for (int k = 0; k < 4; k++) {
    snprintf(g->seat_key[k], sizeof g->seat_key[k], "seat%d-%08x", k + 1,
             (unsigned)rng_below(&r, 0xffffffffu));
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s --server http://127.0.0.1:%d --key %s --arena %s", J.cmd[k],
             sv->port, g->seat_key[k], g->id);
    if (judge_spawn_net_traced(&J, k, cmd) < 0) return 2;
  }
  referee__run(&J, sv, g, &o, exited, exited_early);
  judge_trace_close(&J);
  judge_stop_all(&J, 1000); /* SIGTERM, a second to go, then SIGKILL */
  int place[4], gold[4];
  rules_places(&g->st, place);
  for (int k = 0; k < 4; k++) {
    int st = J.bot[k].status;
    int bad_exit = exited_early[k] ||
                   (WIFEXITED(st) ? WEXITSTATUS(st) != 0 : WIFSIGNALED(st) && rules_finished(&g->st) == 0);
    if (g->st.heroes[k].crashed && !bad_exit)
      judge_fail(&J, k, JUDGE_TIMEOUT, "no move within %d ms%s: the server crashed the hero", sv->timeout_ms,
                 o.cpu_clock ? " of CPU time (or asleep)" : "");
    else if (bad_exit) {
      char note[48];
      judge_status_note(st, note, sizeof note);
      judge_fail(&J, k, JUDGE_CRASH, "exited before the game ended%s", note);
    }
    judge_think_totals(&J, k, g->think_n[k], g->think_sum_ms[k], g->think_max_ms[k]);
    place[k]--;
    gold[k] = g->st.heroes[k].gold;
  }
  char extra[128];
  snprintf(extra, sizeof extra, "\"board\":%d,\"game_id\":\"%.60s\"", g->st.n, g->id);
  judge_result(&J, place, gold, g->st.turn, extra);
  server_close(sv);
  return rules_finished(&g->st) ? 0 : 1;
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  if (argc >= 3 && strcmp(argv[1], "replay") == 0) return referee__replay(argc - 2, argv + 2);
  if (argc >= 3 && strcmp(argv[1], "board") == 0) return referee__board(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "match") == 0) return referee__match(argc - 2, argv + 2);
  fprintf(stderr,
          "usage: blitz-referee replay TRACE...\n"
          "       blitz-referee board [--boards contest|own] [--size N] SEED...\n"
          "       blitz-referee match [--turns T] [--boards contest|own] [--size N] [--map M] [--timeout-ms MS] [--join-s S]\n"
          "                           [--cpu-clock] [--quiet] [judge options] -- CMD1 CMD2 CMD3 CMD4\n");
  return 2;
}
