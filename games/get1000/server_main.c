/*
** server_main.c -- build/get1000-server: the local Get1000 server as a
** program (rules in server.h).
**   get1000-server --port P [--players N] [--seed S] [--ties none|all]
**                  [--limit-ms MS] [--target W] [--max-rounds R]
**                  [--test-rounds R] [--bind-any] [--matches M] [--quiet]
** --matches M exits after M finished /agent matches (0: run forever).
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static server_t server_main__s;

static int server_main__usage(const char *msg) {
  fprintf(stderr,
          "get1000-server: %s\nusage: get1000-server --port P [--players N] [--seed S] "
          "[--ties none|all]\n       [--limit-ms MS] [--target W] [--max-rounds R] "
          "[--test-rounds R] [--bind-any] [--matches M] [--quiet]\n",
          msg);
  return 2;
}

int main(int argc, char **argv) {
  server_config cfg;
  server_default_config(&cfg);
  cfg.verbose = 1;
  int bind_any = 0;
  long matches = 0;
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
    if (strcmp(o, "--bind-any") == 0) { bind_any = 1; continue; }
    if (strcmp(o, "--quiet") == 0) { cfg.verbose = 0; continue; }
    if (!v) return server_main__usage("option needs a value");
    i++;
    if (strcmp(o, "--ties") == 0) {
      if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) return server_main__usage("--ties none|all");
      cfg.ties_all = strcmp(v, "all") == 0;
      continue;
    }
    if (strcmp(o, "--seed") == 0) {
      cfg.seed = strtoull(v, &end, 0);
      if (*end) return server_main__usage("bad --seed");
      continue;
    }
    long x = strtol(v, &end, 10);
    if (*end || x < 0 || x > 1000000000) return server_main__usage("bad number");
    if (strcmp(o, "--port") == 0 && x <= 65535) cfg.port = (int)x;
    else if (strcmp(o, "--players") == 0 && x >= 1) cfg.players = (int)x;
    else if (strcmp(o, "--limit-ms") == 0 && x >= 1) cfg.limit_ms = (int)x;
    else if (strcmp(o, "--target") == 0 && x >= 1) cfg.target = (int)x;
    else if (strcmp(o, "--max-rounds") == 0 && x >= 1) cfg.max_rounds = (int)x;
    else if (strcmp(o, "--test-rounds") == 0 && x >= 1) cfg.test_rounds = (int)x;
    else if (strcmp(o, "--matches") == 0) matches = x;
    else return server_main__usage("unknown option or value out of range");
  }
  signal(SIGPIPE, SIG_IGN);
  server_t *s = &server_main__s;
  if (server_open(s, &cfg, bind_any) != 0) return 1;
  fprintf(stderr, "get1000-server: listening on port %d (/agent rooms of %d, /test)\n", s->port,
          cfg.players);
  while (matches == 0 || s->matches_done < matches)
    if (server_poll(s, 1000) != 0) {
      perror("get1000-server: poll");
      return 1;
    }
  /* let the last close handshakes finish */
  for (int i = 0; i < 10; i++) server_poll(s, 20);
  server_close(s);
  return 0;
}
