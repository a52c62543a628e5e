/*
** server_main.c -- build/blitz-server: the local Blitz 2016 REST server.
**
**   blitz-server --port P [--seed S] [--timeout-ms 1000] [--min-ms 60]
**                [--bot-ms 0] [--keys k1,k2,...] [--arena ID] [--verbose]
**
** --keys restricts the accepted keys (default: any key); --arena ID creates
** an arena game with that id at start (more with POST /games). Runs until
** killed. Prints "listening on http://127.0.0.1:PORT" on stdout once ready.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static server_t server_main__sv;

int main(int argc, char **argv) {
  server_t *sv = &server_main__sv;
  int port = 8080;
  uint64_t seed = 1;
  const char *arena = NULL;
  sv->timeout_ms = 1000;
  sv->min_ms = 60;
  sv->bot_ms = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--verbose") == 0) {
      sv->verbose = 1;
      continue;
    }
    if (!v) {
      fprintf(stderr, "blitz-server: %s needs a value (or is unknown)\n", a);
      return 2;
    }
    if (strcmp(a, "--port") == 0) port = atoi(v);
    else if (strcmp(a, "--seed") == 0) seed = strtoull(v, NULL, 0);
    else if (strcmp(a, "--timeout-ms") == 0) sv->timeout_ms = atoi(v);
    else if (strcmp(a, "--min-ms") == 0) sv->min_ms = atoi(v);
    else if (strcmp(a, "--bot-ms") == 0) sv->bot_ms = atoi(v);
    else if (strcmp(a, "--keys") == 0) snprintf(sv->keys, sizeof sv->keys, "%s", v);
    else if (strcmp(a, "--arena") == 0) arena = v;
    else {
      fprintf(stderr, "blitz-server: unknown option %s\n", a);
      return 2;
    }
    i++;
  }
  char err[256];
  if (server_open(sv, port, seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-server: %s\n", err);
    return 1;
  }
  if (arena && server_create_arena(sv, arena, NULL, seed, 0, 300, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-server: %s\n", err);
    return 1;
  }
  printf("listening on http://127.0.0.1:%d\n", sv->port);
  fflush(stdout);
  for (;;) server_step(sv, 1000);
}
