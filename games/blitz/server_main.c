/*
** server_main.c -- build/blitz-server: the local Blitz 2016 REST server
** (server.h). `blitz-server --help` prints every option. Runs until killed;
** prints "listening on http://ADDR:PORT" on stdout once ready.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"
#include "server.h"

/* the defaults of the options (server_open keeps them) */
static server_t server_main__sv = {.timeout_ms = 1000, .min_ms = 60, .idle_ms = 15000, .read_ms = 10000,
                                   .inactivity_ms = 60000, .log_games = 1};

static const char server_main__usage[] =
    "usage: blitz-server [options]\n"
    "  --port P            TCP port (8080; 0 = any free port)\n"
    "  --bind ADDR         IPv4 address to listen on (127.0.0.1; 0.0.0.0 = every interface)\n"
    "  --seed S            seed of boards, tokens and training bots (1)\n"
    "  --keys K[:NAME],... allowed team keys, each with an optional team name\n"
    "  --teams FILE        more keys: one \"KEY NAME...\" a line (# comments)\n"
    "                      (no --keys/--teams: any key; states show team-<userId>)\n"
    "  --admin-key K       enables the admin endpoints (apiKey=K): POST /games\n"
    "                      [id, category, map, turns], POST /games/ID/start,\n"
    "                      DELETE /games/ID, GET /games\n"
    "  --auto-start        arena games start once four joined (the default without\n"
    "                      --admin-key; with it, games wait for POST /games/ID/start)\n"
    "  --arena ID          create an arena game with this id at start (repeatable)\n"
    "  --turns N           moves per hero of the --arena games (300)\n"
    "  --timeout-ms MS     move limit (1000)\n"
    "  --min-ms MS         minimum time per move (60)\n"
    "  --bot-ms MS         delay of the training bots (0)\n"
    "  --idle-ms MS        close connections idle this long (15000; 0 = never)\n"
    "  --read-ms MS        a request must arrive whole within this, else 408 (10000)\n"
    "  --inactivity-ms MS  abort a game with no join or move this long, unless it\n"
    "                      is the newest (60000; 0 = never)\n"
    "  --replays DIR       write DIR/<game id>.jsonl: one state JSON a line\n"
    "  --results FILE      append one JSON line per finished game\n"
    "  --viewer FILE       HTML served at /view/<id> (default build/blitz-viewer.html)\n"
    "  --quiet             no start/end log lines on stderr\n"
    "  --verbose           log every request on stderr\n"
    "  --help              this text\n";

/* --teams FILE: one "KEY NAME..." a line, # comments (dst: the server) */
static int server_main__teams(void *dst, const char *path, char *err, size_t errcap) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errcap, "--teams: cannot read %.100s", path);
    return -1;
  }
  char line[256], why[160];
  int ln = 0, rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\r\n")] = 0;
    char *k = line + strspn(line, " \t");
    if (!*k || *k == '#') continue;
    char *e = k + strcspn(k, " \t");
    char *name = e + strspn(e, " \t");
    *e = 0;
    if (server_add_team(dst, k, name, why, sizeof why) < 0) {
      snprintf(err, errcap, "%.100s line %d: %s", path, ln, why);
      rc = -1;
    }
  }
  fclose(f);
  return rc;
}

/* --arena ID, repeatable (dst: the list) */
typedef struct {
  const char *ids[16];
  int n;
} server_main__arenas;

static int server_main__arena(void *dst, const char *id, char *err, size_t errcap) {
  server_main__arenas *a = dst;
  if (a->n == 16) {
    snprintf(err, errcap, "at most 16 --arena games");
    return -1;
  }
  a->ids[a->n++] = id;
  return 0;
}

int main(int argc, char **argv) {
  server_t *sv = &server_main__sv;
  int port = 8080, auto_start = 0, turns = 300;
  uint64_t seed = 1;
  server_main__arenas arenas = {{0}, 0};
  const long ms = 100000000; /* the largest time option */
  const opts_spec spec[] = {
      {"--port", OPTS_INT, &port, 0, 65535, NULL},
      {"--bind", OPTS_STR, sv->bind_addr, 0, sizeof sv->bind_addr, NULL},
      {"--seed", OPTS_U64, &seed, 0, 0, NULL},
      {"--keys", OPTS_STR, sv->keys, 0, sizeof sv->keys, NULL},
      {"--teams", OPTS_CALL, sv, 0, 0, server_main__teams},
      {"--admin-key", OPTS_STR, sv->admin_key, 0, sizeof sv->admin_key, NULL},
      {"--auto-start", OPTS_FLAG, &auto_start, 1, 1, NULL},
      {"--arena", OPTS_CALL, &arenas, 0, 0, server_main__arena},
      {"--turns", OPTS_INT, &turns, 1, 600, NULL},
      {"--timeout-ms", OPTS_INT, &sv->timeout_ms, 0, ms, NULL},
      {"--min-ms", OPTS_INT, &sv->min_ms, 0, ms, NULL},
      {"--bot-ms", OPTS_INT, &sv->bot_ms, 0, ms, NULL},
      {"--idle-ms", OPTS_INT, &sv->idle_ms, 0, ms, NULL},
      {"--read-ms", OPTS_INT, &sv->read_ms, 0, ms, NULL},
      {"--inactivity-ms", OPTS_INT, &sv->inactivity_ms, 0, ms, NULL},
      {"--replays", OPTS_STR, sv->replay_dir, 0, 160, NULL},
      {"--results", OPTS_STR, sv->results_path, 0, sizeof sv->results_path, NULL},
      {"--viewer", OPTS_STR, sv->viewer_path, 0, sizeof sv->viewer_path, NULL},
      {"--quiet", OPTS_FLAG, &sv->log_games, 0, 0, NULL},
      {"--verbose", OPTS_FLAG, &sv->verbose, 1, 1, NULL},
      {NULL, 0, NULL, 0, 0, NULL}};
  int rc = opts_parse(spec, argc, argv, "blitz-server", server_main__usage);
  if (rc) return rc == 1 ? 0 : rc;
  sv->admin_start = sv->admin_key[0] && !auto_start;
  signal(SIGPIPE, SIG_IGN);
  char err[256];
  if (server_open(sv, port, seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-server: %s\n", err);
    return 1;
  }
  for (int i = 0; i < arenas.n; i++)
    if (server_create_arena(sv, arenas.ids[i], NULL, seed + (uint64_t)i, 0, turns, err, sizeof err) < 0) {
      fprintf(stderr, "blitz-server: --arena %s: %s\n", arenas.ids[i], err);
      return 1;
    }
  printf("listening on http://%s:%d\n", sv->bind_addr[0] ? sv->bind_addr : "127.0.0.1", sv->port);
  fflush(stdout);
  for (;;) server_step(sv, 1000);
}
