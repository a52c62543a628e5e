/*
** referee.c -- build/blitz-referee.
**
**   blitz-referee replay TRACE...      replays reference traces; exit 0 iff
**                                      every state line of every file matches;
**                                      prints the first difference per file
**                                      and "N passed, N failed"
**   blitz-referee match [--seed S] [--turns T] [--size N] [--map M]
**                 [--timeout-ms MS] [--join-s S] [--quiet] -- CMD1 CMD2 CMD3 CMD4
**
** match starts the REST server (server.c) on a free loopback port, creates
** one arena game (board generated from S unless --map), reserves one key per
** seat, runs each CMD with `sh -c "CMD --server http://127.0.0.1:PORT --key K
** --arena ID"` (stdout to /dev/null), serves until the game ends, and prints
** the README's one JSON line. Bots that never join within --join-s seconds
** start crashed. Exit 0 when the game was played.
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include "deadline.h"
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

static int referee__match(int argc, char **argv) {
  uint64_t seed = 1;
  int turns = 300, size = 0, quiet = 0, join_s = 20;
  const char *map = NULL;
  server_t *sv = &referee__sv;
  sv->timeout_ms = 1000;
  sv->min_ms = 0;
  int i = 0;
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : "";
    if (strcmp(a, "--quiet") == 0) {
      quiet = 1;
      continue;
    }
    if (strcmp(a, "--seed") == 0) seed = strtoull(v, NULL, 0);
    else if (strcmp(a, "--turns") == 0) turns = atoi(v);
    else if (strcmp(a, "--size") == 0) size = atoi(v);
    else if (strcmp(a, "--map") == 0) map = v;
    else if (strcmp(a, "--timeout-ms") == 0) sv->timeout_ms = atoi(v);
    else if (strcmp(a, "--join-s") == 0) join_s = atoi(v);
    else {
      fprintf(stderr, "blitz-referee: unknown match option %s\n", a);
      return 2;
    }
    i++;
  }
  if (i >= argc || argc - i - 1 != 4) {
    fprintf(stderr, "blitz-referee: match needs -- and four bot commands\n");
    return 2;
  }
  char **cmds = argv + i + 1;
  char err[256];
  if (server_open(sv, 0, seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-referee: %s\n", err);
    return 2;
  }
  int gi = server_create_arena(sv, NULL, map, seed, size, turns, err, sizeof err);
  if (gi < 0) {
    fprintf(stderr, "blitz-referee: %s\n", err);
    return 2;
  }
  server_game *g = &sv->games[gi];
  rng_t r;
  rng_seed(&r, seed * 31 + 7);
  pid_t pids[4];
  int status[4], exited[4] = {0, 0, 0, 0}, exited_early[4] = {0, 0, 0, 0};
  for (int k = 0; k < 4; k++) {
    snprintf(g->seat_key[k], sizeof g->seat_key[k], "seat%d-%08x", k + 1,
             (unsigned)rng_below(&r, 0xffffffffu));
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s --server http://127.0.0.1:%d --key %s --arena %s", cmds[k],
             sv->port, g->seat_key[k], g->id);
    fflush(stdout);
    fflush(stderr);
    pids[k] = fork();
    if (pids[k] < 0) {
      fprintf(stderr, "blitz-referee: fork: %s\n", strerror(errno));
      return 2;
    }
    if (pids[k] == 0) {
      setpgid(0, 0);
      int devnull = open("/dev/null", O_RDWR);
      if (devnull >= 0) {
        dup2(devnull, 1);
        if (quiet) dup2(devnull, 2);
        close(devnull);
      }
      close(sv->listen_fd);
      execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
      _exit(127);
    }
    setpgid(pids[k], pids[k]);
  }
  deadline_t join, wall;
  deadline_start(&join, join_s * 1000.0);
  deadline_start(&wall, (double)turns * 4 * (sv->timeout_ms + 100) + 60000.0);
  int64_t end_ns = 0;
  for (;;) {
    server_step(sv, 20);
    for (int k = 0; k < 4; k++) {
      if (exited[k]) continue;
      pid_t w = waitpid(pids[k], &status[k], WNOHANG);
      if (w == pids[k]) {
        exited[k] = 1;
        exited_early[k] = !rules_finished(&g->st);
      }
    }
    if (!g->started && deadline_passed(&join)) {
      for (int k = 0; k < 4; k++)
        if (!g->key[k][0]) {
          snprintf(g->key[k], sizeof g->key[k], "absent");
          g->st.heroes[k].crashed = 1;
          exited_early[k] = 1;
        }
      g->joined = 4;
      g->started = 1;
      g->turn_start_ns = deadline_now_ns();
      if (g->st.heroes[0].crashed && g->st.heroes[1].crashed && g->st.heroes[2].crashed &&
          g->st.heroes[3].crashed)
        g->st.status = RULES_ALLCRASHED;
    }
    int all_exited = exited[0] && exited[1] && exited[2] && exited[3];
    if (rules_finished(&g->st)) {
      if (!end_ns) end_ns = deadline_now_ns();
      if (all_exited || deadline_now_ns() - end_ns > 3000000000LL) break;
    } else if (deadline_passed(&wall)) {
      fprintf(stderr, "blitz-referee: wall-clock limit reached at turn %d\n", g->st.turn);
      break;
    }
  }
  /* let final responses drain a moment, then stop the bots */
  for (int k = 0; k < 4; k++)
    if (!exited[k]) {
      kill(-pids[k], SIGTERM);
      kill(pids[k], SIGTERM);
    }
  for (int k = 0; k < 4; k++)
    if (!exited[k]) {
      deadline_t d;
      deadline_start(&d, 1000);
      while (!exited[k] && !deadline_passed(&d)) {
        if (waitpid(pids[k], &status[k], WNOHANG) == pids[k]) exited[k] = 1;
        else usleep(10000);
      }
      if (!exited[k]) {
        kill(-pids[k], SIGKILL);
        kill(pids[k], SIGKILL);
        waitpid(pids[k], &status[k], 0);
        exited[k] = 1;
      }
    }
  int place[4];
  rules_places(&g->st, place);
  printf("{\"game\":\"blitz\",\"seed\":%llu,\"ranks\":[", (unsigned long long)seed);
  for (int k = 0; k < 4; k++) printf("%s%d", k ? "," : "", place[k] - 1);
  printf("],\"scores\":[");
  for (int k = 0; k < 4; k++) printf("%s%d", k ? "," : "", g->st.heroes[k].gold);
  printf("],\"errors\":[");
  for (int k = 0; k < 4; k++) {
    int bad_exit = exited_early[k] ||
                   (WIFEXITED(status[k]) ? WEXITSTATUS(status[k]) != 0 : WIFSIGNALED(status[k]) &&
                                                                             rules_finished(&g->st) == 0);
    const char *e = "";
    if (g->st.heroes[k].crashed) e = bad_exit ? "crash" : "timeout";
    else if (bad_exit) e = "crash";
    printf("%s\"%s\"", k ? "," : "", e);
  }
  printf("],\"turns\":%d,\"think_mean_ms\":[", g->st.turn);
  for (int k = 0; k < 4; k++)
    printf("%s%.1f", k ? "," : "", g->think_n[k] ? g->think_sum_ms[k] / g->think_n[k] : 0.0);
  printf("],\"think_max_ms\":[");
  for (int k = 0; k < 4; k++) printf("%s%.1f", k ? "," : "", g->think_max_ms[k]);
  printf("],\"board\":%d,\"game_id\":\"%s\"}\n", g->st.n, g->id);
  fflush(stdout);
  server_close(sv);
  return rules_finished(&g->st) ? 0 : 1;
}

int main(int argc, char **argv) {
  signal(SIGPIPE, SIG_IGN);
  if (argc >= 3 && strcmp(argv[1], "replay") == 0) return referee__replay(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "match") == 0) return referee__match(argc - 2, argv + 2);
  fprintf(stderr,
          "usage: blitz-referee replay TRACE...\n"
          "       blitz-referee match [--seed S] [--turns T] [--size N] [--map M] "
          "[--timeout-ms MS] [--quiet] -- CMD1 CMD2 CMD3 CMD4\n");
  return 2;
}
