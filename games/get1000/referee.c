/*
** referee.c -- build/get1000-referee: one match through the local server,
** following the README's referee contract.
**   get1000-referee match [--seed S] [--ties none|all] [--limit-ms MS]
**                   [--target W] [--max-rounds R] [--bot-stderr]
**                   [--trace FILE] -- CMD...
** Starts the server on a free loopback port, runs each CMD with `sh -c`
** after appending `--url ws://127.0.0.1:PORT/agent --room R --name pI`,
** plays one match of len(CMD) agents and prints one JSON line. Bots'
** stderr goes to /dev/null unless --bot-stderr. A bot that exits or never
** joins within 10 s counts as "crash". Exit status 0 when the match was
** played, 2 on a bad command line, 1 if the server could not start.
** --trace FILE (for view.py): GET1000_TRACE 1, SEED, TARGET, TIES, one
** BOT i CMD line per agent (named pI), then the server's ROLL k v,
** PLACE seat name column ms, ROUND n WINS w..., FORFEIT seat error why
** lines, and END rounds N.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include "deadline.h"
#include "server.h"

#define REFEREE_JOIN_MS 10000
#define REFEREE_MATCH_MS 600000

static server_t referee__s;

static int referee__usage(const char *msg) {
  fprintf(stderr,
          "get1000-referee: %s\nusage: get1000-referee match [--seed S] [--ties none|all] "
          "[--limit-ms MS] [--target W] [--max-rounds R] [--bot-stderr] -- CMD0 CMD1 ...\n",
          msg);
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "match") != 0) return referee__usage("first argument must be match");
  server_config cfg;
  server_default_config(&cfg);
  cfg.port = 0;
  int bot_stderr = 0, first = -1;
  for (int i = 2; i < argc; i++) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(o, "--") == 0) {
      first = i + 1;
      break;
    }
    if (strcmp(o, "--bot-stderr") == 0) { bot_stderr = 1; continue; }
    if (strcmp(o, "--verbose") == 0) { cfg.verbose = 1; continue; }
    if (!v) return referee__usage("option needs a value");
    i++;
    if (strcmp(o, "--trace") == 0) {
      if (cfg.trace || !(cfg.trace = fopen(v, "w"))) return referee__usage("cannot write --trace file");
      continue;
    }
    char *end = NULL;
    if (strcmp(o, "--ties") == 0) {
      if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) return referee__usage("--ties none|all");
      cfg.ties_all = strcmp(v, "all") == 0;
      continue;
    }
    if (strcmp(o, "--seed") == 0) {
      cfg.seed = strtoull(v, &end, 0);
      if (*end) return referee__usage("bad --seed");
      continue;
    }
    long x = strtol(v, &end, 10);
    if (*end || x < 1 || x > 100000000) return referee__usage("bad number");
    if (strcmp(o, "--limit-ms") == 0) cfg.limit_ms = (int)x;
    else if (strcmp(o, "--target") == 0) cfg.target = (int)x;
    else if (strcmp(o, "--max-rounds") == 0) cfg.max_rounds = (int)x;
    else return referee__usage("unknown option");
  }
  if (first < 0 || first >= argc) return referee__usage("no bot commands after --");
  int n = argc - first;
  if (n > SERVER_MAX_PLAYERS) return referee__usage("too many bots");
  cfg.players = n;
  signal(SIGPIPE, SIG_IGN);
  server_t *s = &referee__s;
  if (server_open(s, &cfg, 0) != 0) return 1;
  if (cfg.trace) {
    fprintf(cfg.trace, "GET1000_TRACE 1\nSEED %llu\nTARGET %d\nTIES %s\n", (unsigned long long)cfg.seed,
            cfg.target, cfg.ties_all ? "all" : "none");
    for (int i = 0; i < n; i++) fprintf(cfg.trace, "BOT %d %s\n", i, argv[first + i]);
  }

  char room[64];
  snprintf(room, sizeof room, "match-%llu", (unsigned long long)cfg.seed);
  pid_t pid[SERVER_MAX_PLAYERS];
  int alive[SERVER_MAX_PLAYERS];
  fflush(stdout);
  for (int i = 0; i < n; i++) {
    static char cmd[16384];
    snprintf(cmd, sizeof cmd, "%s --url ws://127.0.0.1:%d/agent --room %s --name p%d", argv[first + i],
             s->port, room, i);
    pid[i] = fork();
    if (pid[i] < 0) {
      perror("get1000-referee: fork");
      return 1;
    }
    if (pid[i] == 0) {
      setpgid(0, 0);
      close(s->listen_fd);
      dup2(2, 1); /* stdout belongs to the referee's JSON line */
      if (!bot_stderr) {
        int dn = open("/dev/null", O_WRONLY);
        if (dn >= 0) dup2(dn, 2);
      }
      execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
      _exit(127);
    }
    setpgid(pid[i], pid[i]);
    alive[i] = 1;
  }

  int64_t t0 = deadline_now_ns();
  int gone_before_join[SERVER_MAX_PLAYERS] = {0};
  int aborted = 0;
  while (s->matches_done == 0) {
    server_poll(s, 20);
    double ms = (double)(deadline_now_ns() - t0) / 1e6;
    int ri = server_find_room(s, room);
    int started = ri >= 0 && s->rooms[ri].started;
    for (int i = 0; i < n; i++) {
      int st;
      if (alive[i] && waitpid(pid[i], &st, WNOHANG) == pid[i]) {
        alive[i] = 0;
        if (!started && s->matches_done == 0) gone_before_join[i] = 1;
      }
    }
    if (s->matches_done) break;
    int any_gone = 0;
    for (int i = 0; i < n; i++) any_gone |= gone_before_join[i];
    if ((!started && (any_gone || ms > REFEREE_JOIN_MS)) || ms > REFEREE_MATCH_MS) {
      aborted = 1;
      break;
    }
  }

  /* The result: seats by name p<i>. */
  int wins[SERVER_MAX_PLAYERS] = {0}, good[SERVER_MAX_PLAYERS];
  char err[SERVER_MAX_PLAYERS][16];
  double tmean[SERVER_MAX_PLAYERS] = {0}, tmax[SERVER_MAX_PLAYERS] = {0};
  long turns = 0;
  const server_room *r = NULL;
  if (!aborted) r = &s->last;
  else {
    int ri = server_find_room(s, room);
    if (ri >= 0) r = &s->rooms[ri];
  }
  int joined[SERVER_MAX_PLAYERS] = {0};
  for (int i = 0; i < n; i++) {
    snprintf(err[i], sizeof err[i], "crash");
    good[i] = 0;
  }
  if (r) {
    turns = r->rounds;
    for (int k = 0; k < r->np; k++) {
      int i = -1;
      if (sscanf(r->p[k].name, "p%d", &i) != 1 || i < 0 || i >= n) continue;
      joined[i] = 1;
      wins[i] = r->p[k].wins;
      snprintf(err[i], sizeof err[i], "%s", r->p[k].error);
      if (r->p[k].think_n) {
        tmean[i] = r->p[k].think_sum_ms / (double)r->p[k].think_n;
        tmax[i] = r->p[k].think_max_ms;
      }
    }
  }
  if (aborted && !(r && r->started)) {
    /* No match: whoever died (or, on the join timeout, never joined) lost. */
    int any_gone = 0;
    for (int i = 0; i < n; i++) any_gone |= gone_before_join[i];
    for (int i = 0; i < n; i++) {
      int bad = any_gone ? gone_before_join[i] : !joined[i];
      snprintf(err[i], sizeof err[i], "%s", bad ? "crash" : "");
      wins[i] = 0;
    }
  }
  for (int i = 0; i < n; i++) good[i] = err[i][0] == 0;
  /* Let the bots finish their close handshakes, then make sure they are gone.
     After an abort, closing the server's sockets tells connected bots. */
  if (aborted) server_close(s);
  int64_t tend = deadline_now_ns() + 2000000000LL;
  for (;;) {
    int any = 0;
    for (int i = 0; i < n; i++) {
      int st;
      if (alive[i] && waitpid(pid[i], &st, WNOHANG) == pid[i]) alive[i] = 0;
      any |= alive[i];
    }
    if (!any || deadline_now_ns() > tend) break;
    if (aborted) usleep(10000);
    else server_poll(s, 10);
  }
  for (int i = 0; i < n; i++)
    if (alive[i]) {
      kill(-pid[i], SIGKILL);
      kill(pid[i], SIGKILL);
      waitpid(pid[i], NULL, 0);
    }
  if (!aborted) server_close(s);

  if (cfg.trace) {
    fprintf(cfg.trace, "END rounds %ld\n", turns);
    fclose(cfg.trace);
  }
  printf("{\"game\":\"get1000\",\"seed\":%llu,\"ranks\":[", (unsigned long long)cfg.seed);
  for (int i = 0; i < n; i++) {
    int rank = 0;
    for (int j = 0; j < n; j++)
      if (good[j] > good[i] || (good[j] == good[i] && wins[j] > wins[i])) rank++;
    printf("%s%d", i ? "," : "", rank);
  }
  printf("],\"scores\":[");
  for (int i = 0; i < n; i++) printf("%s%d", i ? "," : "", wins[i]);
  printf("],\"errors\":[");
  for (int i = 0; i < n; i++) printf("%s\"%s\"", i ? "," : "", err[i]);
  printf("],\"turns\":%ld,\"think_mean_ms\":[", turns);
  for (int i = 0; i < n; i++) printf("%s%.3f", i ? "," : "", tmean[i]);
  printf("],\"think_max_ms\":[");
  for (int i = 0; i < n; i++) printf("%s%.3f", i ? "," : "", tmax[i]);
  printf("]}\n");
  return 0;
}
