/*
** referee.c -- build/get1000-referee: one match through the local server,
** following the README's referee contract.
**   get1000-referee match [--ties none|all] [--target W] [--max-rounds R]
**                   [--bot-stderr] [--verbose] [judge options] -- CMD...
** Starts the server on a free loopback port, runs each CMD with `sh -c`
** after appending `--url ws://127.0.0.1:PORT/agent --room R --name pI`,
** plays one match of len(CMD) agents and prints one JSON line
** (modules/judge: options, bots, details, think times measured by the
** server). The reply limit is --limit-ms (1000 ms); the seed defaults to 1.
** Bots' stdout and stderr go to /dev/null unless --stderr (--bot-stderr);
** with --trace FILE they go to FILE.stderr, by frame (modules/judge.h).
** A bot that exits or never joins within 10 s counts as "crash". Exit
** status 0 when the match was played, 2 on a bad command line, 1 if the
** server could not start. --trace FILE (for view.py): GET1000_TRACE 1,
** SEED, TARGET, TIES, one BOT i CMD line per agent (named pI), then the
** server's ROLL k v, PLACE seat name column ms, ROUND n WINS w...,
** FORFEIT seat error why lines, and END rounds N.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deadline.h"
#include "judge.h"
#include "server.h"

#define REFEREE_JOIN_MS 10000
#define REFEREE_MATCH_MS 600000

static server_t referee__s;

static int referee__opt(judge_t *j, void *ctx, const char *o, const char *v) {
  server_config *cfg = ctx;
  if (strcmp(o, "--bot-stderr") == 0) j->keep_stderr = 1;
  else if (strcmp(o, "--verbose") == 0) cfg->verbose = 1;
  else if (!v) return JUDGE_OPT_BAD;
  else if (strcmp(o, "--ties") == 0) {
    if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) return JUDGE_OPT_BAD;
    cfg->ties_all = strcmp(v, "all") == 0;
    return JUDGE_OPT_VALUE;
  } else {
    char *end = NULL;
    long x = strtol(v, &end, 10);
    if (*end || x < 1 || x > 100000000) return JUDGE_OPT_BAD;
    if (strcmp(o, "--target") == 0) cfg->target = (int)x;
    else if (strcmp(o, "--max-rounds") == 0) cfg->max_rounds = (int)x;
    else return JUDGE_OPT_BAD;
    return JUDGE_OPT_VALUE;
  }
  return JUDGE_OPT_FLAG;
}

/* Step 2: polls the server until the match is done (0), or aborts (1) when
   a bot leaves before the match starts, nobody joins in time or the match
   runs too long. The bots' stderr goes to the trace's sidecar as it comes. */
static int referee__wait(judge_t *j, server_t *s, const char *room, int *alive, int *gone_before_join) {
  int64_t t0 = deadline_now_ns();
  while (s->matches_done == 0) {
    server_poll(s, 20);
    judge_trace_stderr(j);
    double ms = (double)(deadline_now_ns() - t0) / 1e6;
    int ri = server_find_room(s, room);
    int started = ri >= 0 && s->rooms[ri].started;
    for (int i = 0; i < j->n; i++)
      if (alive[i] && judge_poll(j, i)) {
        alive[i] = 0;
        if (!started && s->matches_done == 0) gone_before_join[i] = 1;
      }
    if (s->matches_done) break;
    int any_gone = 0;
    for (int i = 0; i < j->n; i++) any_gone |= gone_before_join[i];
    if ((!started && (any_gone || ms > REFEREE_JOIN_MS)) || ms > REFEREE_MATCH_MS) return 1;
  }
  return 0;
}

/* Step 3: wins, think times and errors from the match's room (seats by name
   p<i>). Returns the rounds played. */
static long referee__result(judge_t *j, server_t *s, const char *room, int aborted, const int *gone_before_join,
                            int limit_ms, int *wins) {
  int joined[SERVER_MAX_PLAYERS] = {0}, n = j->n;
  char err[SERVER_MAX_PLAYERS][16];
  long turns = 0;
  const server_room *r = NULL;
  if (!aborted) r = &s->last;
  else {
    int ri = server_find_room(s, room);
    if (ri >= 0) r = &s->rooms[ri];
  }
  for (int i = 0; i < n; i++) snprintf(err[i], sizeof err[i], "crash");
  if (r) {
    turns = r->rounds;
    for (int k = 0; k < r->np; k++) {
      int i = -1;
      if (sscanf(r->p[k].name, "p%d", &i) != 1 || i < 0 || i >= n) continue;
      joined[i] = 1;
      wins[i] = r->p[k].wins;
      snprintf(err[i], sizeof err[i], "%s", r->p[k].error);
      judge_think_totals(j, i, r->p[k].think_n, r->p[k].think_sum_ms, r->p[k].think_max_ms);
    }
  }
  int no_match = aborted && !(r && r->started), any_gone = 0;
  for (int i = 0; i < n; i++) any_gone |= gone_before_join[i];
  for (int i = 0; i < n; i++) {
    if (no_match) {
      /* No match: whoever died (or, on the join timeout, never joined) lost. */
      wins[i] = 0;
      if (any_gone ? gone_before_join[i] : !joined[i])
        judge_fail(j, i, JUDGE_CRASH, gone_before_join[i] ? "exited before the match began"
                                                          : "never joined within %d s", REFEREE_JOIN_MS / 1000);
    } else if (!joined[i]) {
      judge_fail(j, i, JUDGE_CRASH, "not in the match's room");
    } else if (err[i][0]) {
      int e = strcmp(err[i], "timeout") == 0 ? JUDGE_TIMEOUT : strcmp(err[i], "invalid") == 0 ? JUDGE_INVALID
                                                                                               : JUDGE_CRASH;
      judge_fail(j, i, e, "round %ld: the server reported %s (limit %d ms)", turns + 1, err[i], limit_ms);
    }
  }
  return turns;
}

int main(int argc, char **argv) {
  static judge_t J;
  server_config cfg;
  server_default_config(&cfg);
  cfg.port = 0;
  judge_init(&J, "get1000", cfg.limit_ms, cfg.limit_ms);
  J.seed = (int64_t)cfg.seed;
  J.usage = "[--ties none|all] [--target W] [--max-rounds R] [--bot-stderr] [--verbose]";
  J.trace_ok = 1;
  if (argc < 2 || strcmp(argv[1], "match") != 0) {
    fprintf(stderr, "usage: get1000-referee match [options] -- CMD0 CMD1 ...\n");
    return 2;
  }
  if (judge_parse(&J, argc - 2, argv + 2, 1, SERVER_MAX_PLAYERS, referee__opt, &cfg)) return 2;
  if (!(J.limit_next >= 1 && J.limit_next <= 100000000)) {
    fprintf(stderr, "get1000-referee: --limit-ms must be 1 to 100000000\n");
    return 2;
  }
  cfg.seed = (uint64_t)J.seed;
  cfg.limit_ms = (int)J.limit_next;
  int n = J.n;
  cfg.players = n;
  cfg.trace = J.trace;
  server_t *s = &referee__s;
  if (server_open(s, &cfg, 0) != 0) return 1;
  if (cfg.trace) {
    fprintf(cfg.trace, "GET1000_TRACE 1\nSEED %llu\nTARGET %d\nTIES %s\n", (unsigned long long)cfg.seed,
            cfg.target, cfg.ties_all ? "all" : "none");
    for (int i = 0; i < n; i++) fprintf(cfg.trace, "BOT %d %s\n", i, J.cmd[i]);
  }
  /* 1. the bots, told where to connect */
  char room[64];
  snprintf(room, sizeof room, "match-%llu", (unsigned long long)cfg.seed);
  int alive[SERVER_MAX_PLAYERS];
  for (int i = 0; i < n; i++) {
    static char cmd[16384];
    snprintf(cmd, sizeof cmd, "%s --url ws://127.0.0.1:%d/agent --room %s --name p%d", J.cmd[i], s->port, room, i);
    if (judge_spawn_net_traced(&J, i, cmd) < 0) return 1;
    alive[i] = 1;
  }
  /* 2. the match; 3. its result */
  int gone_before_join[SERVER_MAX_PLAYERS] = {0}, wins[SERVER_MAX_PLAYERS] = {0};
  int aborted = referee__wait(&J, s, room, alive, gone_before_join);
  long turns = referee__result(&J, s, room, aborted, gone_before_join, cfg.limit_ms, wins);
  /* 4. Let the bots finish their close handshakes, then make sure they are
     gone. After an abort, closing the server's sockets tells connected bots. */
  if (aborted) server_close(s);
  int64_t tend = deadline_now_ns() + 2000000000LL;
  for (;;) {
    int any = 0;
    for (int i = 0; i < n; i++) {
      if (alive[i] && judge_poll(&J, i)) alive[i] = 0;
      any |= alive[i];
    }
    if (!any || deadline_now_ns() > tend) break;
    if (aborted) usleep(10000);
    else server_poll(s, 10);
  }
  if (cfg.trace) fprintf(cfg.trace, "END rounds %ld\n", turns);
  s->cfg.trace = NULL;
  judge_trace_close(&J);
  judge_stop_all(&J, 0); /* closes the trace */
  if (!aborted) server_close(s);
  int ranks[SERVER_MAX_PLAYERS];
  judge_rank(&J, wins, ranks);
  judge_result(&J, ranks, wins, turns, NULL);
  return 0;
}
