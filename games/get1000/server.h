/*
** server.h -- a local Get1000 game server (rules in
** games/get1000/README.md): WebSocket endpoints /agent (rooms by id) and /test (a solo
** legality check), single-threaded over poll(), no allocation.
**
** Rules it enforces (our reading of the spec's [I] points, see the spec):
**   - a room starts when `players` agents have joined it; every agent gets
**     the same roll values; rounds are 9 rolls; the agent(s) with the
**     smallest distance win the round (ties none: a shared best wins for
**     nobody; ties all: for each of them); first to `target` wins ends the
**     match with GameEnd to everyone still in it;
**   - a placement later than limit_ms after its roll was sent, a placement
**     into a full column, an unknown placement, one sent with no roll
**     pending or twice for one roll, a malformed message, or ids that do not
**     match the join forfeits: GameError to that agent, then close; when one
**     agent is left it gets GameEnd (it won); a disconnect also forfeits;
**   - after max_rounds rounds the match ends (GameEnd) and ranks follow the
**     round wins (a safety net for mirror matches under ties none);
**   - /test: one agent alone, legality only, no time limit, test_rounds
**     rounds, then GameEnd;
**   - bad HTTP, bad frames (unmasked, reserved bits, oversized) and bad JSON
**     never crash it: the connection gets an error and is closed; a close
**     frame with an invalid code is answered with 1002; handshakes must be
**     HTTP/1.1 GET (else 400 / 505).
** No lock-out: a player who forfeits before its room starts leaves it (an
** empty waiting room is freed); writes never block: frames are queued in a
** bounded per-connection buffer (SERVER_OUT_MAX) flushed on POLLOUT, and a
** client whose buffer fills is dropped; a handshake must complete within
** handshake_ms; when every connection slot is taken, a new connection evicts
** the oldest one that is not in a room (first handshakes, then sockets that
** never joined); when every room is taken, a join reclaims the oldest room
** still waiting for players after room_wait_ms (its agents get
** GameError). GET / without Upgrade answers a plain-text status page.
** Records: every match end is logged (verbose) with the winner, round wins
** and forfeits, kept in a ring of recent results (status page) and appended
** as one JSON line to results_path (if set). No allocation: every table is
** sized at compile time (SERVER_MAX_CONN, SERVER_MAX_ROOMS, ...).
** Invariant: every slot of conns/rooms is either free or consistent (a
** player's conn index points back at its room and seat).
*/
#ifndef SERVER_H
#define SERVER_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "common.h"
#include "policy.h"
#include "rng.h"

#define SERVER_MAX_CONN 128
#define SERVER_MAX_ROOMS 64
#define SERVER_MAX_PLAYERS 8
#define SERVER_ID_MAX 128
#define SERVER_IN_MAX 8192
#define SERVER_OUT_MAX 16384
#define SERVER_RECENT 8
#define SERVER_RESULT_MAX 1024

typedef struct server_config {
  int port;          /* 0: any free port (see server_t.port) */
  int players;       /* agents per /agent room, 1..SERVER_MAX_PLAYERS */
  uint64_t seed;
  int ties_all;      /* 1: a shared best distance wins for each */
  int limit_ms;      /* reply limit per roll (1000) */
  int target;        /* round wins to take the match (20) */
  int max_rounds;    /* safety net (1000) */
  int test_rounds;   /* rounds on /test (3) */
  int verbose;       /* log to stderr */
  int handshake_ms;  /* the HTTP upgrade must complete within this (5000) */
  int room_wait_ms;  /* a waiting room may be reclaimed after this when all are taken (10000) */
  char results_path[256]; /* "" = no results file */
  FILE *trace;       /* NULL, or where /agent rooms log rolls, placements and
                        rounds for view.py (lines ROLL, PLACE, ROUND, FORFEIT) */
} server_config;

typedef struct server_player {
  int conn;          /* index into conns, -1 once gone */
  char name[SERVER_ID_MAX + 1];
  int active;        /* still in the match */
  int wins;
  char error[16];    /* "", "timeout", "invalid", "crash" */
  char why[160];     /* the GameError text */
  policy_grid g;
  int placed;        /* answered the current roll */
  double think_sum_ms, think_max_ms;
  long think_n;
} server_player;

typedef struct server_room {
  int used, started, finished, test;
  char id[SERVER_ID_MAX + 1];
  int np;
  server_player p[SERVER_MAX_PLAYERS];
  rng_t rng;
  int roll;             /* current roll value, 0 if none pending */
  int64_t roll_sent_ns;
  long rounds, rolls;   /* rounds completed, rolls sent */
  int64_t created_ns;   /* when its first agent joined */
} server_room;

typedef struct server_conn {
  int fd;            /* -1: free slot */
  int ws;            /* 0: reading the HTTP request, 1: WebSocket */
  int closing;       /* sent our close; waiting for the peer's */
  int64_t close_by_ns;
  int is_test;
  int room, seat;    /* -1 until joined */
  int frag_op;
  int64_t opened_ns; /* accept time */
  size_t in_len, msg_len;
  size_t out_len, out_pos; /* queued bytes out[out_pos..out_len) */
  uint8_t out[SERVER_OUT_MAX];
  uint8_t in[SERVER_IN_MAX];
  char msg[SERVER_IN_MAX + 1];
} server_conn;

typedef struct server_t {
  server_config cfg;
  int listen_fd, port;
  long rooms_made, matches_done, rolls_sent, bad_inputs;
  server_conn conns[SERVER_MAX_CONN];
  server_room rooms[SERVER_MAX_ROOMS];
  server_room last;  /* copy of the last finished /agent room */
  char last_result[SERVER_RESULT_MAX]; /* its JSON line (no newline) */
  char recent[SERVER_RECENT][SERVER_RESULT_MAX]; /* ring of result lines */
  long recent_n;
  float *lat_ms;     /* optional caller buffer: every placement's delay */
  long lat_cap, lat_n;
} server_t;

BOT_API void server_default_config(server_config *c);
/* Binds 127.0.0.1:cfg.port (any interface if bind_any); returns 0 or -1
   with a message on stderr. */
BOT_API int server_open(server_t *s, const server_config *cfg, int bind_any);
/* One round of I/O and timers, waiting at most timeout_ms. Returns 0, or -1
   if the listening socket failed. */
BOT_API int server_poll(server_t *s, int timeout_ms);
BOT_API void server_close(server_t *s);
/* Index of the room with this id, or -1. */
BOT_API int server_find_room(const server_t *s, const char *id);

#endif /* SERVER_H */
