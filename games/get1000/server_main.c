/*
** server_main.c -- build/get1000-server: the local Get1000 server as a
** program (rules in server.h).
**   get1000-server --help   prints every option.
** --matches M exits after M finished /agent matches (0: run forever); every
** finished match's result is printed on stdout as one JSON line (the line
** --results appends to its file).
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"
#include "server.h"

static server_t server_main__s;

static const char server_main__text[] =
    "usage: get1000-server [options]\n"
    "  --port P           TCP port (8443; 0 = any free port)\n"
    "  --bind-any         listen on every interface (default: 127.0.0.1 only)\n"
    "  --players N        agents per /agent room (2)\n"
    "  --seed S           seed of the rolls (1)\n"
    "  --ties none|all    a shared best distance wins for nobody / for each (none)\n"
    "  --limit-ms MS      reply limit per roll (1000)\n"
    "  --target W         round wins that take the match (20)\n"
    "  --max-rounds R     safety net: rounds before a match ends anyway (1000)\n"
    "  --test-rounds R    rounds on /test (3)\n"
    "  --handshake-ms MS  an HTTP upgrade must complete within this (5000)\n"
    "  --room-wait-ms MS  when every room is taken, a join may reclaim a room\n"
    "                     waiting for players this long (10000)\n"
    "  --results FILE     append one JSON line per finished match\n"
    "  --matches M        exit after M finished matches (0 = never)\n"
    "  --quiet            no log on stderr\n"
    "  --help             this text\n"
    "Every finished match is also printed on stdout as one JSON line;\n"
    "GET / (plain HTTP) shows rooms, players, scores and recent results.\n";

/* --ties none|all (dst: server_config.ties_all) */
static int server_main__ties(void *dst, const char *v, char *err, size_t errcap) {
  if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) {
    snprintf(err, errcap, "--ties takes none or all");
    return -1;
  }
  *(int *)dst = strcmp(v, "all") == 0;
  return 0;
}

int main(int argc, char **argv) {
  server_config cfg;
  server_default_config(&cfg);
  cfg.verbose = 1;
  int bind_any = 0, matches = 0;
  const long big = 1000000000;
  const opts_spec spec[] = {
      {"--port", OPTS_INT, &cfg.port, 0, 65535, NULL},
      {"--bind-any", OPTS_FLAG, &bind_any, 1, 1, NULL},
      {"--players", OPTS_INT, &cfg.players, 1, SERVER_MAX_PLAYERS, NULL},
      {"--seed", OPTS_U64, &cfg.seed, 0, 0, NULL},
      {"--ties", OPTS_CALL, &cfg.ties_all, 0, 0, server_main__ties},
      {"--limit-ms", OPTS_INT, &cfg.limit_ms, 1, big, NULL},
      {"--target", OPTS_INT, &cfg.target, 1, big, NULL},
      {"--max-rounds", OPTS_INT, &cfg.max_rounds, 1, big, NULL},
      {"--test-rounds", OPTS_INT, &cfg.test_rounds, 1, big, NULL},
      {"--handshake-ms", OPTS_INT, &cfg.handshake_ms, 0, big, NULL},
      {"--room-wait-ms", OPTS_INT, &cfg.room_wait_ms, 0, big, NULL},
      {"--results", OPTS_STR, cfg.results_path, 0, sizeof cfg.results_path, NULL},
      {"--matches", OPTS_INT, &matches, 0, big, NULL},
      {"--quiet", OPTS_FLAG, &cfg.verbose, 0, 0, NULL},
      {NULL, 0, NULL, 0, 0, NULL}};
  int rc = opts_parse(spec, argc, argv, "get1000-server", server_main__text);
  if (rc) return rc == 1 ? 0 : rc;
  signal(SIGPIPE, SIG_IGN);
  server_t *s = &server_main__s;
  if (server_open(s, &cfg, bind_any) != 0) return 1;
  fprintf(stderr, "get1000-server: listening on port %d (/agent rooms of %d, /test)\n", s->port,
          cfg.players);
  long printed = 0;
  while (matches == 0 || s->matches_done < matches) {
    if (server_poll(s, 1000) != 0) {
      perror("get1000-server: poll");
      return 1;
    }
    if (s->matches_done != printed) { /* at most one match ends per poll round's room */
      printed = s->matches_done;
      printf("%s\n", s->last_result);
      fflush(stdout);
    }
  }
  /* let the last close handshakes finish */
  for (int i = 0; i < 10; i++) server_poll(s, 20);
  server_close(s);
  return 0;
}
