/*
** server_main.c -- build/blitz-server: the local Blitz 2016 REST server
** (server.h). `blitz-server --help` prints every option. Runs until killed;
** prints "listening on http://ADDR:PORT" on stdout once ready.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static server_t server_main__sv;

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

static int server_main__team_file(server_t *sv, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "blitz-server: cannot read %s\n", path);
    return -1;
  }
  char line[256], err[160];
  int ln = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    line[strcspn(line, "\r\n")] = 0;
    char *k = line + strspn(line, " \t");
    if (!*k || *k == '#') continue;
    char *e = k + strcspn(k, " \t");
    char *name = e + strspn(e, " \t");
    *e = 0;
    if (server_add_team(sv, k, name, err, sizeof err) < 0) {
      fprintf(stderr, "blitz-server: %s line %d: %s\n", path, ln, err);
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  return 0;
}

int main(int argc, char **argv) {
  server_t *sv = &server_main__sv;
  int port = 8080, auto_start = 0, turns = 300;
  uint64_t seed = 1;
  const char *arenas[16];
  int narenas = 0;
  sv->timeout_ms = 1000;
  sv->min_ms = 60;
  sv->bot_ms = 0;
  sv->idle_ms = 15000;
  sv->read_ms = 10000;
  sv->inactivity_ms = 60000;
  sv->log_games = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(server_main__usage, stdout);
      return 0;
    }
    if (strcmp(a, "--verbose") == 0) { sv->verbose = 1; continue; }
    if (strcmp(a, "--quiet") == 0) { sv->log_games = 0; continue; }
    if (strcmp(a, "--auto-start") == 0) { auto_start = 1; continue; }
    if (!v) {
      fprintf(stderr, "blitz-server: %s needs a value (or is unknown)\n%s", a, server_main__usage);
      return 2;
    }
    char *end = NULL;
    long num = strtol(v, &end, 10);
    int is_num = *v && !*end && num >= 0 && num <= 100000000;
    const char *numeric[] = {"--port", "--timeout-ms", "--min-ms", "--bot-ms", "--idle-ms", "--read-ms",
                             "--inactivity-ms", "--turns"};
    for (size_t j = 0; j < sizeof numeric / sizeof numeric[0]; j++)
      if (strcmp(a, numeric[j]) == 0 && !is_num) {
        fprintf(stderr, "blitz-server: %s wants a number, got \"%s\"\n", a, v);
        return 2;
      }
    if (strcmp(a, "--port") == 0 && num <= 65535) port = (int)num;
    else if (strcmp(a, "--seed") == 0) seed = strtoull(v, NULL, 0);
    else if (strcmp(a, "--timeout-ms") == 0) sv->timeout_ms = (int)num;
    else if (strcmp(a, "--min-ms") == 0) sv->min_ms = (int)num;
    else if (strcmp(a, "--bot-ms") == 0) sv->bot_ms = (int)num;
    else if (strcmp(a, "--idle-ms") == 0) sv->idle_ms = (int)num;
    else if (strcmp(a, "--read-ms") == 0) sv->read_ms = (int)num;
    else if (strcmp(a, "--inactivity-ms") == 0) sv->inactivity_ms = (int)num;
    else if (strcmp(a, "--keys") == 0 && strlen(v) < sizeof sv->keys) snprintf(sv->keys, sizeof sv->keys, "%s", v);
    else if (strcmp(a, "--teams") == 0) {
      if (server_main__team_file(sv, v) < 0) return 2;
    } else if (strcmp(a, "--admin-key") == 0 && strlen(v) < sizeof sv->admin_key)
      snprintf(sv->admin_key, sizeof sv->admin_key, "%s", v);
    else if (strcmp(a, "--bind") == 0 && strlen(v) < sizeof sv->bind_addr)
      snprintf(sv->bind_addr, sizeof sv->bind_addr, "%s", v);
    else if (strcmp(a, "--replays") == 0 && strlen(v) < 160) snprintf(sv->replay_dir, sizeof sv->replay_dir, "%s", v);
    else if (strcmp(a, "--results") == 0 && strlen(v) < sizeof sv->results_path)
      snprintf(sv->results_path, sizeof sv->results_path, "%s", v);
    else if (strcmp(a, "--viewer") == 0 && strlen(v) < sizeof sv->viewer_path)
      snprintf(sv->viewer_path, sizeof sv->viewer_path, "%s", v);
    else if (strcmp(a, "--arena") == 0 && narenas < 16) arenas[narenas++] = v;
    else if (strcmp(a, "--turns") == 0 && num >= 1 && num <= 600) turns = (int)num;
    else {
      fprintf(stderr, "blitz-server: unknown option or bad value: %s %s\n%s", a, v, server_main__usage);
      return 2;
    }
    i++;
  }
  sv->admin_start = sv->admin_key[0] && !auto_start;
  signal(SIGPIPE, SIG_IGN);
  char err[256];
  if (server_open(sv, port, seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-server: %s\n", err);
    return 1;
  }
  for (int i = 0; i < narenas; i++)
    if (server_create_arena(sv, arenas[i], NULL, seed + (uint64_t)i, 0, turns, err, sizeof err) < 0) {
      fprintf(stderr, "blitz-server: --arena %s: %s\n", arenas[i], err);
      return 1;
    }
  printf("listening on http://%s:%d\n", sv->bind_addr[0] ? sv->bind_addr : "127.0.0.1", sv->port);
  fflush(stdout);
  for (;;) server_step(sv, 1000);
}
