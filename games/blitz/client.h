/*
** client.h -- the Blitz bot's protocol loop: command line, HTTP calls to
** the REST API (training or arena), the JSON state read into a rules_state,
** and the terrain memory for cells hidden under heroes (spec edge case 15).
**
** Command line (every blitz bot):
**   --server http://HOST:PORT --key KEY
**   (--training [--turns N] [--map M] | --arena GAMEID) [--think-ms MS]
**   [--stall-timeout S] [--quiet]
** --stall-timeout S (default 60): a server whose turn does not advance for
** S seconds (the same state answered again and again, or no answer: a
** move's read waits max(S, 15) seconds) is an error.
**
** Invariants: view->st is a complete rules_state the simulator can play
** from (terrain known everywhere: hidden cells come from memory, then from
** the board's mirror symmetry, else open ground); view->me is 1..4.
** The loop prints the viewUrl on stdout, plays until the game is finished
** or the hero is crashed, and returns the process exit status (0 = played
** to the end; 1 = a server error, bad JSON, a dropped connection; 2 = bad
** command line), with the reason on stderr (server bytes escaped).
*/
#ifndef CLIENT_H
#define CLIENT_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rules.h"

typedef struct client_view {
  rules_state st;
  int me;               /* 1..4 */
  int think_ms;         /* budget from --think-ms (default 300) */
  int quiet;
  long moves;           /* states answered so far */
  int64_t recv_ns;      /* deadline clock (deadline_now_ns) when this state's answer was read */
} client_view;

/* A policy returns a direction RULES_NORTH..RULES_STAY. ctx is the
   caller's. */
typedef int (*client_policy)(const client_view *v, void *ctx);

/* Reads a state JSON text into v (keeps the terrain memory in mem_terrain,
   RULES_CELLS bytes, 255 = unknown; the caller zero-fills... with 255 once).
   Fills play_url/view_url (may be NULL). Returns 0, or -1 with err. */
BOT_API int client_parse_state(client_view *v, uint8_t *mem_terrain, const char *json, size_t len,
                               char *play_url, size_t play_cap, char *view_url, size_t view_cap,
                               int *finished, char *err, size_t errcap);
/* Runs a whole game; returns the exit status. */
BOT_API int client_run(int argc, char **argv, const char *botname, client_policy pol, void *ctx);

#endif /* CLIENT_H */
