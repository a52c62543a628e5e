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

static int server_main__usage(const char *msg) {
  fprintf(stderr, "get1000-server: %s\n%s", msg, server_main__text);
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
    if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) {
      fputs(server_main__text, stdout);
      return 0;
    }
    if (strcmp(o, "--bind-any") == 0) { bind_any = 1; continue; }
    if (strcmp(o, "--quiet") == 0) { cfg.verbose = 0; continue; }
    if (!v) return server_main__usage("option needs a value");
    i++;
    if (strcmp(o, "--ties") == 0) {
      if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) return server_main__usage("--ties none|all");
      cfg.ties_all = strcmp(v, "all") == 0;
      continue;
    }
    if (strcmp(o, "--results") == 0) {
      if (strlen(v) >= sizeof cfg.results_path) return server_main__usage("--results path too long");
      snprintf(cfg.results_path, sizeof cfg.results_path, "%s", v);
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
    else if (strcmp(o, "--handshake-ms") == 0) cfg.handshake_ms = (int)x;
    else if (strcmp(o, "--room-wait-ms") == 0) cfg.room_wait_ms = (int)x;
    else if (strcmp(o, "--matches") == 0) matches = x;
    else return server_main__usage("unknown option or value out of range");
  }
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
