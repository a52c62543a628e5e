/*
** server.h -- a local Blitz 2016 REST server (README: Hosting an event) as a library:
** one poll() event loop, no threads, no malloc: fixed tables of connections
** and games sized at compile time (SERVER_MAX_CONNS, SERVER_MAX_GAMES).
** Used by build/blitz-server (server_main.c) and by the referee's `match`.
**
** Endpoints: POST /api/training (key, turns, map), POST /api/arena?gameId=ID
** (key), POST /api/<game>/<token>/play (dir), GET /<game> (a text view),
** GET /view/<game> (the HTML viewer file, if configured), GET /events/<game>
** (server-sent events: one `data:` line per state), and the admin endpoints
** (apiKey = admin_key): POST /games (create an arena game: id, category,
** map, turns), POST /games/<id>/start, DELETE /games/<id>, GET /games.
** Replies to training/arena/play are held (long polling) until it is that
** hero's turn or the game ends. The move clock (timeout_ms, 1000 by default)
** starts when the hero's turn begins; a late hero is crashed (training: the
** game ends; arena: the server plays Stay for it from then on).
**
** No lock-out: open connections are read before new ones are accepted and
** the listen queue is drained every loop; a connection idle for idle_ms is
** closed (a request parked on a game is never idle: waiting for the start
** is not idling); a request must arrive whole within read_ms (else 408);
** when every slot is taken, a new connection evicts one that had
** SERVER_GRACE_MS (2 s) to prove honest and did not, or (when its own head
** is whole) a silent or unfinished-head one after SERVER_PROBATION_MS
** (server.c: server__evictable; never a parked seat, a player of a running
** game or a whole head), else it waits for a slot in a pending table of
** SERVER_PENDING, up to SERVER_HONEST_WAIT_MS (15 s) once its whole head
** has come, SERVER_GRACE_MS while silent, then gets 503 and a close (a
** full table gives up its oldest silent entry first); an
** unfinished game with no join or move for inactivity_ms is aborted, unless
** it is the most recently created one or has not started and a player
** waits on it.
** Pipelined requests are answered in order; HEAD gets the headers only;
** request bodies may be chunked; `Expect: 100-continue` is honoured.
**
** Records (all optional): one stderr line per game start and end
** (log_games), one JSON line per finished game appended to results_path,
** and replay_dir/<id>.jsonl, one game-state JSON per line (the state at the
** start and after every move). The last SERVER_MAX_GAMES games (running
** and finished) stay queryable; a new game recycles the oldest finished one.
**
** Invariants: a connection is either reading a request, writing a response,
** streaming (a file or events), or parked on one game (pending); a seat has
** at most one parked connection; games never block each other; every
** malformed request gets a status and the server keeps running. Game and
** arena ids are 1..SERVER_ID_MAX characters of [A-Za-z0-9_-]; states show
** a team's registered name (or "team-<userId>"), never its key.
*/
#ifndef SERVER_H
#define SERVER_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rng.h"
#include "rules.h"

#define SERVER_MAX_CONNS 128
#define SERVER_MAX_GAMES 64
#define SERVER_IN_MAX 16384
#define SERVER_OUT_MAX 32768
#define SERVER_KEY_MAX 64
#define SERVER_ID_MAX 64
#define SERVER_NAME_MAX 32
#define SERVER_MAX_TEAMS 128
#define SERVER_PATH_MAX 256
#define SERVER_PENDING 64 /* accepted newcomers waiting for a slot (their request head) */

typedef struct server_conn {
  int fd;                   /* -1: free slot */
  size_t in_len;
  size_t out_len, out_pos;
  int keep_alive;           /* keep the connection after this response */
  int parked_game, parked_hero; /* -1 unless waiting for a turn (-2: a second join) */
  int64_t last_ns;          /* last byte in or out (or the accept) */
  int64_t req_ns;           /* first byte of the request being read, 0 if none */
  int64_t open_ns;          /* the accept */
  int player_game;          /* game of the last join or move answered, -1 */
  long served;              /* complete requests read */
  int head;                 /* the response being built answers a HEAD */
  int continued;            /* "100 Continue" sent for the request being read */
  int stream;               /* 0, SERVER_STREAM_FILE or SERVER_STREAM_EVENTS */
  int stream_game;          /* events: the game index, -1 */
  long file_off;            /* streaming a file: next offset; -1 once done */
  long file_end;            /* raw file: its size when the response started */
  char file[SERVER_PATH_MAX + SERVER_ID_MAX + 16]; /* dir + id + ".jsonl" */
  char in[SERVER_IN_MAX];
  char out[SERVER_OUT_MAX];
} server_conn;

enum { SERVER_STREAM_FILE = 1, SERVER_STREAM_EVENTS = 2 };

typedef struct server_game {
  int used;
  char id[SERVER_ID_MAX + 1];
  char category[32];
  int training, started, joined;
  int aborted;                    /* ended by the inactivity rule or DELETE */
  int began, ended;               /* start / end records written */
  int64_t created_ns, active_ns;  /* creation, last join or move */
  int replay_fd;                  /* open replay file, -1 */
  char token[RULES_HEROES][5];
  char key[RULES_HEROES][SERVER_KEY_MAX];      /* joined key ("" = free seat) */
  char seat_key[RULES_HEROES][SERVER_KEY_MAX]; /* reserved key per seat, "" = any */
  char name[RULES_HEROES][SERVER_NAME_MAX];
  int is_bot[RULES_HEROES];
  int parked[RULES_HEROES];       /* connection index waiting, -1 */
  char host[RULES_HEROES][128];   /* Host of the hero's last request */
  int64_t turn_start_ns;          /* when the current hero's turn began */
  int64_t sent_ns;                /* when its state was handed over, 0 if not */
  int queued_dir;                 /* move held back for min_ms, -1 */
  int64_t clk_start_ns;           /* bot_clock: the move whose baseline is below */
  int64_t clk_cpu0, clk_busy0;    /* bot_clock figures at that move's start */
  double think_sum_ms[RULES_HEROES], think_max_ms[RULES_HEROES];
  int think_n[RULES_HEROES];
  rng_t rng;
  rules_state st;
} server_game;

typedef struct server_team {
  char key[SERVER_KEY_MAX];
  char name[SERVER_NAME_MAX];     /* "" = none registered */
} server_team;

typedef struct server_t {
  /* Configuration: set before server_open, which keeps it (0 / "" = off). */
  int timeout_ms;   /* move limit (1000) */
  int min_ms;       /* minimum time per move (60 in the spec, 0 for fast local games) */
  int bot_ms;       /* delay of the training bots (0 = immediate) */
  int verbose;
  int idle_ms;      /* close a connection idle this long */
  int read_ms;      /* a request must arrive whole within this */
  int inactivity_ms;/* abort a game with no join or move this long (not the newest) */
  int admin_start;  /* 1: arena games wait for POST /games/<id>/start */
  int log_games;    /* one stderr line per game start and end */
  char keys[512];   /* comma-separated allowed keys, each "key" or "key:Name" */
  char admin_key[SERVER_KEY_MAX];  /* "" = admin endpoints refused (403) */
  char bind_addr[64];              /* "" = 127.0.0.1 */
  char replay_dir[SERVER_PATH_MAX], results_path[SERVER_PATH_MAX];
  char viewer_path[SERVER_PATH_MAX]; /* HTML served at /view/<id> if it exists */
  int nteams;                      /* allowed keys (0 = any key) */
  /* Optional bot clock (blitz-referee match --cpu-clock; NULL = wall time):
     fills the CPU time hero k's bot has used so far and its busy time (that
     CPU time plus the time its threads waited for a CPU), both cumulative
     ns. A move is then late once it
     took timeout_ms of CPU time, or once its wall time minus its busy time
     (the bot neither running nor waiting for a CPU: sleeping, hung)
     reaches max(10 x timeout_ms, 2 s), or after max(60 x timeout_ms, 60 s)
     of wall time whatever the load. */
  void (*bot_clock)(void *ctx, int game, int hero, int64_t *cpu_ns, int64_t *busy_ns);
  void *bot_clock_ctx;
  server_team teams[SERVER_MAX_TEAMS];
  /* State (zeroed by server_open). */
  int listen_fd, port;
  uint64_t seed;
  long games_created, games_finished;
  rng_t rng;
  server_conn conns[SERVER_MAX_CONNS];
  server_game games[SERVER_MAX_GAMES];
  int pending_fd[SERVER_PENDING];        /* -1: free (server__pending in server.c) */
  int64_t pending_ns[SERVER_PENDING];    /* their accept */
} server_t;

/* Opens a listening socket on bind_addr:port (0 = a free port). */
BOT_API int server_open(server_t *sv, int port, uint64_t seed, char *err, size_t errcap);
BOT_API void server_close(server_t *sv);
/* Registers an allowed key and its team name ("" = none). Returns 0, or -1
   (err filled) for a bad key or name, or a full table. */
BOT_API int server_add_team(server_t *sv, const char *key, const char *name, char *err,
                            size_t errcap);
/* 1 if s is a valid game id (1..SERVER_ID_MAX of [A-Za-z0-9_-]). */
BOT_API int server_valid_id(const char *s);
/* Creates an arena game with the given id (NULL: random) on a board from
   `map` (name or text; NULL: generated from map_seed, size 0 = random).
   turns = moves per hero. Returns the game index or -1 (err filled). */
BOT_API int server_create_arena(server_t *sv, const char *id, const char *map, uint64_t map_seed,
                                int size, int turns, char *err, size_t errcap);
/* Runs one iteration of the event loop, waiting at most max_wait_ms. */
BOT_API void server_step(server_t *sv, int max_wait_ms);
BOT_API server_game *server_game_by_id(server_t *sv, const char *id);

#endif /* SERVER_H */
