/*
** server.h -- a local Blitz 2016 REST server (spec section 8) as a library:
** one poll() event loop, no threads, fixed tables of connections and games.
** Used by build/blitz-server (server_main.c) and by the referee's `match`.
**
** Endpoints: POST /api/training (key, turns, map), POST /api/arena?gameId=ID
** (key), POST /api/<game>/<token>/play (dir), GET /<game> (a text viewer),
** POST /games (create an arena game; returns its id), POST /games/<id>/start.
** Replies to training/arena/play are held (long polling) until it is that
** hero's turn or the game ends. The move clock (timeout_ms, 1000 by default)
** starts when the hero's turn begins; a late hero is crashed (training: the
** game ends; arena: the server plays Stay for it from then on).
**
** Invariants: a connection is either reading a request, writing a response,
** or parked on one game seat (pending); a seat has at most one parked
** connection; games never block each other; every malformed request gets a
** status and the server keeps running.
*/
#ifndef SERVER_H
#define SERVER_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rng.h"
#include "rules.h"

#define SERVER_MAX_CONNS 48
#define SERVER_MAX_GAMES 16
#define SERVER_IN_MAX 16384
#define SERVER_OUT_MAX 16384
#define SERVER_KEY_MAX 64

typedef struct server_conn {
  int fd;                   /* -1: free slot */
  size_t in_len;
  size_t out_len, out_pos;
  int keep_alive;           /* keep the connection after this response */
  int parked_game, parked_hero; /* -1 unless waiting for a turn */
  char host[128];           /* Host header of the parked request */
  char in[SERVER_IN_MAX];
  char out[SERVER_OUT_MAX];
} server_conn;

typedef struct server_game {
  int used;
  char id[9];
  char category[32];
  int training, started, joined;
  int64_t created_ns;
  char token[RULES_HEROES][5];
  char key[RULES_HEROES][SERVER_KEY_MAX];      /* joined key ("" = free seat) */
  char seat_key[RULES_HEROES][SERVER_KEY_MAX]; /* reserved key per seat, "" = any */
  char name[RULES_HEROES][32];
  int is_bot[RULES_HEROES];
  int parked[RULES_HEROES];       /* connection index waiting, -1 */
  char host[RULES_HEROES][128];   /* Host of the hero's last request */
  int64_t turn_start_ns;          /* when the current hero's turn began */
  int64_t sent_ns;                /* when its state was handed over, 0 if not */
  int queued_dir;                 /* move held back for min_ms, -1 */
  double think_sum_ms[RULES_HEROES], think_max_ms[RULES_HEROES];
  int think_n[RULES_HEROES];
  rng_t rng;
  rules_state st;
} server_game;

typedef struct server_t {
  int listen_fd, port;
  int timeout_ms;   /* move limit (1000) */
  int min_ms;       /* minimum time per move (60 in the spec, 0 for fast local games) */
  int bot_ms;       /* delay of the training bots (0 = immediate) */
  int verbose;
  uint64_t seed;
  long games_created;
  char keys[512];   /* comma-separated allowed keys, "" = any key */
  rng_t rng;
  server_conn conns[SERVER_MAX_CONNS];
  server_game games[SERVER_MAX_GAMES];
} server_t;

/* Opens a listening socket on 127.0.0.1:port (0 = a free port). */
BOT_API int server_open(server_t *sv, int port, uint64_t seed, char *err, size_t errcap);
BOT_API void server_close(server_t *sv);
/* Creates an arena game with the given id (NULL: random) on a board from
   `map` (name or text; NULL: generated from map_seed, size 0 = random).
   turns = moves per hero. Returns the game index or -1 (err filled). */
BOT_API int server_create_arena(server_t *sv, const char *id, const char *map, uint64_t map_seed,
                                int size, int turns, char *err, size_t errcap);
/* Runs one iteration of the event loop, waiting at most max_wait_ms. */
BOT_API void server_step(server_t *sv, int max_wait_ms);
BOT_API server_game *server_game_by_id(server_t *sv, const char *id);

#endif /* SERVER_H */
