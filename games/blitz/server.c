/*
** server.c -- the local Blitz REST server (see server.h and README: Hosting an event).
**
** Request handling: bytes accumulate in conn->in; a request is handled only
** when the connection has no output pending and is not parked, so pipelined
** requests are answered in order. Bodies by Content-Length or chunked, up to
** what fits (else 413); query and form parameters are merged (query
** first). Every response carries Content-Length except the event stream
** (which ends with the connection); the connection is kept unless the
** client asked to close (or spoke HTTP/1.0 without keep-alive) or the
** request was malformed. Game progress (bots, crashed heroes, timeouts,
** held-back moves, start and end records) happens in server__advance,
** called after every event and every poll timeout. Output is appended to
** conn->out (compacted as it drains); a connection whose output does not
** fit is dropped, so a client that does not read costs one buffer.
*/
#include "server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "deadline.h"
#include "http.h"
#include "contest.h"
#include "maps.h"

#define SERVER_MAX_PARAMS 16
#define SERVER_ABORTED 3 /* st.status of an aborted game (rules_finished is true) */
#define SERVER_MS 1000000LL
#define SERVER_GRACE_MS 2000 /* a connection is never evicted younger (server__evictable) */
#define SERVER_HONEST_WAIT_MS 15000 /* a newcomer whose request head came waits this long for a slot */
#define SERVER_PROBATION_MS 250 /* ... except a silent or slow one, by a newcomer with a whole head */

typedef struct server__req {
  char method[16];
  char path[1024];
  char query[2048];
  char host[128];
  int nparams;
  char pkey[SERVER_MAX_PARAMS][32];
  char pval[SERVER_MAX_PARAMS][SERVER_IN_MAX / 2];
} server__req;

static server__req server__r;            /* one request is handled at a time */
static char server__body[SERVER_IN_MAX]; /* a decoded chunked body */
static char server__json[SERVER_OUT_MAX - 512]; /* one state */

static void server__log(server_t *sv, const char *fmt, const char *a, const char *b) {
  if (sv->verbose) {
    fprintf(stderr, "blitz-server: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
  }
}

/* A record line on stderr (game start / end), with a UTC timestamp. */
static void server__record(server_t *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void server__record(server_t *sv, const char *fmt, ...) {
  if (!sv->log_games) return;
  char ts[32];
  time_t t = time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%SZ", &tm);
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "blitz-server: %s ", ts);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

BOT_API int server_valid_id(const char *s) {
  size_t n = 0;
  for (; s[n]; n++) {
    char ch = s[n];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          ch == '-' || ch == '_'))
      return 0;
  }
  return n >= 1 && n <= SERVER_ID_MAX;
}

BOT_API int server_add_team(server_t *sv, const char *key, const char *name, char *err,
                            size_t errcap) {
  size_t kl = strlen(key), nl = strlen(name);
  if (kl == 0 || kl >= SERVER_KEY_MAX || strcspn(key, ", \t\r\n:\"\\") != kl) {
    snprintf(err, errcap, "bad key \"%.70s\" (1..%d characters, no comma, colon, quote or space)",
             key, SERVER_KEY_MAX - 1);
    return -1;
  }
  for (size_t i = 0; i < nl; i++)
    if ((unsigned char)name[i] < 32 || (unsigned char)name[i] > 126 || name[i] == '"' ||
        name[i] == '\\') {
      snprintf(err, errcap, "bad team name \"%.70s\" (printable ASCII, no quote or backslash)", name);
      return -1;
    }
  if (nl >= SERVER_NAME_MAX) {
    snprintf(err, errcap, "team name \"%.70s\" longer than %d characters", name, SERVER_NAME_MAX - 1);
    return -1;
  }
  for (int i = 0; i < sv->nteams; i++)
    if (strcmp(sv->teams[i].key, key) == 0) {
      snprintf(sv->teams[i].name, sizeof sv->teams[i].name, "%s", name);
      return 0;
    }
  if (sv->nteams >= SERVER_MAX_TEAMS) {
    snprintf(err, errcap, "more than %d teams", SERVER_MAX_TEAMS);
    return -1;
  }
  snprintf(sv->teams[sv->nteams].key, SERVER_KEY_MAX, "%s", key);
  snprintf(sv->teams[sv->nteams].name, SERVER_NAME_MAX, "%s", name);
  sv->nteams++;
  return 0;
}

BOT_API int server_open(server_t *sv, int port, uint64_t seed, char *err, size_t errcap) {
  size_t keep = offsetof(server_t, listen_fd);
  memset((char *)sv + keep, 0, sizeof *sv - keep);
  if (sv->timeout_ms <= 0) sv->timeout_ms = 1000;
  /* "k1,k2:Team Two,..." joins the table of allowed keys */
  for (const char *p = sv->keys; *p;) {
    size_t l = strcspn(p, ",");
    char item[SERVER_KEY_MAX + SERVER_NAME_MAX + 2];
    if (l >= sizeof item) {
      snprintf(err, errcap, "--keys entry too long");
      return -1;
    }
    memcpy(item, p, l);
    item[l] = 0;
    char *colon = strchr(item, ':');
    if (colon) *colon = 0;
    if (l && server_add_team(sv, item, colon ? colon + 1 : "", err, errcap) < 0) return -1;
    p += l;
    if (*p == ',') p++;
  }
  sv->keys[0] = 0;
  sv->seed = seed;
  rng_seed(&sv->rng, seed ^ 0x5b1172016ULL);
  for (int i = 0; i < SERVER_MAX_CONNS; i++) sv->conns[i].fd = -1;
  for (int i = 0; i < SERVER_PENDING; i++) sv->pending_fd[i] = -1;
  for (int i = 0; i < SERVER_MAX_GAMES; i++) sv->games[i].replay_fd = -1;
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((uint16_t)port);
  const char *addr = sv->bind_addr[0] ? sv->bind_addr : "127.0.0.1";
  if (inet_pton(AF_INET, addr, &a.sin_addr) != 1) {
    snprintf(err, errcap, "bad bind address \"%.60s\" (an IPv4 address, e.g. 0.0.0.0)", addr);
    return -1;
  }
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    snprintf(err, errcap, "socket: %s", strerror(errno));
    return -1;
  }
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 256) < 0) {
    snprintf(err, errcap, "cannot listen on %s:%d: %s", addr, port, strerror(errno));
    close(fd);
    return -1;
  }
  socklen_t len = sizeof a;
  getsockname(fd, (struct sockaddr *)&a, &len);
  sv->port = ntohs(a.sin_port);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  sv->listen_fd = fd;
  return 0;
}

BOT_API void server_close(server_t *sv) {
  for (int i = 0; i < SERVER_MAX_CONNS; i++)
    if (sv->conns[i].fd >= 0) {
      close(sv->conns[i].fd);
      sv->conns[i].fd = -1;
    }
  for (int i = 0; i < SERVER_MAX_GAMES; i++)
    if (sv->games[i].replay_fd >= 0) {
      close(sv->games[i].replay_fd);
      sv->games[i].replay_fd = -1;
    }
  for (int i = 0; i < SERVER_PENDING; i++)
    if (sv->pending_fd[i] >= 0) {
      close(sv->pending_fd[i]);
      sv->pending_fd[i] = -1;
    }
  if (sv->listen_fd >= 0) close(sv->listen_fd);
  sv->listen_fd = -1;
}

static void server__random_id(rng_t *r, char *out, int n) {
  static const char alpha[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (int i = 0; i < n; i++) out[i] = alpha[rng_below(r, 36)];
  out[n] = 0;
}

/* The userId shown for a key: 8 characters derived from it (FNV-1a seed). */
static void server__user_id(const char *key, char uid[9]) {
  uint64_t hsh = 1469598103934665603ULL;
  for (const char *p = key; *p; p++) hsh = (hsh ^ (unsigned char)*p) * 1099511628211ULL;
  rng_t r;
  rng_seed(&r, hsh);
  server__random_id(&r, uid, 8);
}

BOT_API server_game *server_game_by_id(server_t *sv, const char *id) {
  for (int i = 0; i < SERVER_MAX_GAMES; i++)
    if (sv->games[i].used && strcmp(sv->games[i].id, id) == 0) return &sv->games[i];
  return NULL;
}

/* A free game slot: unused, else the oldest finished game whose records
   are written and that nobody waits on; -1 if none. */
static int server__slot(server_t *sv) {
  int best = -1;
  for (int i = 0; i < SERVER_MAX_GAMES; i++) {
    server_game *g = &sv->games[i];
    if (!g->used) return i;
    if (!rules_finished(&g->st) || (g->began && !g->ended)) continue;
    int busy = 0;
    for (int k = 0; k < RULES_HEROES; k++) busy |= g->parked[k] >= 0;
    if (!busy && (best < 0 || g->created_ns < sv->games[best].created_ns)) best = i;
  }
  return best;
}

/* Loads the board: "contest" (the 2016 server's board for SEED), a map name,
** map text, or one of our generated ones. */
static int server__board(server_game *g, const char *map, uint64_t seed, int size, char *err,
                         size_t errcap) {
  if (map && strcmp(map, "contest") == 0) {
    static char text[CONTEST_TEXT_CAP];
    if (contest_board((int64_t)seed, text, sizeof text, NULL, err, errcap) < 0 ||
        rules_parse_map(&g->st, text, err, errcap) < 0)
      return -1;
  } else if (map && *map) {
    const char *text = maps_named(map);
    if (rules_parse_map(&g->st, text ? text : map, err, errcap) < 0) return -1;
  } else if (rules_generate(&g->st, seed, size, err, errcap) < 0) {
    return -1;
  }
  return 0;
}

static void server__detach(server_t *sv, int gi) {
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
    server_conn *c = &sv->conns[ci];
    if (c->stream == SERVER_STREAM_EVENTS && c->stream_game == gi) c->stream_game = -1;
    if (c->parked_game == gi) c->parked_game = c->parked_hero = -1;
  }
}

static int server__new_game(server_t *sv, const char *id, const char *map, uint64_t seed,
                            int size, int turns, int training, char *err, size_t errcap) {
  if (id && *id && !server_valid_id(id)) {
    snprintf(err, errcap, "Blitz - Bad game id (1 to %d of A-Z a-z 0-9 - _)", SERVER_ID_MAX);
    return -1;
  }
  int slot = server__slot(sv);
  if (slot < 0) {
    snprintf(err, errcap, "Blitz - Too many games running");
    return -1;
  }
  server_game *g = &sv->games[slot];
  static server_game fresh;
  memset(&fresh, 0, sizeof fresh);
  if (server__board(&fresh, map, seed, size, err, errcap) < 0) return -1;
  if (g->replay_fd >= 0) close(g->replay_fd);
  server__detach(sv, slot);
  memcpy(g, &fresh, sizeof *g);
  g->used = 1;
  g->replay_fd = -1;
  rng_seed(&g->rng, seed ^ ((uint64_t)sv->games_created << 32));
  if (id && *id) snprintf(g->id, sizeof g->id, "%s", id);
  else
    do server__random_id(&sv->rng, g->id, 8);
    while (server_game_by_id(sv, g->id) != g);
  for (int k = 0; k < RULES_HEROES; k++) {
    server__random_id(&sv->rng, g->token[k], 4);
    g->parked[k] = -1;
    snprintf(g->name[k], sizeof g->name[k], "Waiting for player %d", k + 1);
  }
  if (turns < 1) turns = 300;
  if (turns > 600) turns = 600;
  g->st.max_turns = 4 * turns;
  g->st.training = training;
  g->training = training;
  g->queued_dir = -1;
  g->created_ns = g->active_ns = deadline_now_ns();
  snprintf(g->category, sizeof g->category, "%s", training ? (map && *map ? "" : "default") : "arena");
  sv->games_created++;
  return slot;
}

BOT_API int server_create_arena(server_t *sv, const char *id, const char *map, uint64_t map_seed,
                                int size, int turns, char *err, size_t errcap) {
  if (id && server_game_by_id(sv, id)) {
    snprintf(err, errcap, "Blitz - A game with id %s exists", id);
    return -1;
  }
  return server__new_game(sv, id, map, map_seed, size, turns, 0, err, errcap);
}

/* ---- output ---- */

/* Room for n more bytes in c->out (compacting what was sent); 0 or -1. */
static int server__room(server_conn *c, size_t n) {
  if (c->out_pos > 0 && c->out_len + n > sizeof c->out) {
    memmove(c->out, c->out + c->out_pos, c->out_len - c->out_pos);
    c->out_len -= c->out_pos;
    c->out_pos = 0;
  }
  return c->out_len + n <= sizeof c->out ? 0 : -1;
}

static int server__put(server_conn *c, const char *p, size_t n) {
  if (server__room(c, n) < 0) return -1;
  memcpy(c->out + c->out_len, p, n);
  c->out_len += n;
  return 0;
}

static const char *server__reason(int status) {
  switch (status) {
  case 200: return "OK";
  case 400: return "Bad Request";
  case 403: return "Forbidden";
  case 404: return "Not Found";
  case 405: return "Method Not Allowed";
  case 408: return "Request Timeout";
  case 413: return "Request Entity Too Large";
  case 431: return "Request Header Fields Too Large";
  case 500: return "Internal Server Error";
  case 501: return "Not Implemented";
  case 503: return "Service Unavailable";
  default: return "Error";
  }
}

/* Appends a response; a HEAD request gets the headers only. */
static void server__respond(server_conn *c, int status, const char *ctype, const char *body,
                            size_t len) {
  char head[512];
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                   "Connection: %s\r\n\r\n",
                   status, server__reason(status), ctype, len, c->keep_alive ? "keep-alive" : "close");
  size_t blen = c->head ? 0 : len;
  if (server__room(c, (size_t)n + blen) < 0) {
    static const char err[] =
        "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    c->keep_alive = 0;
    if (server__put(c, err, sizeof err - 1) < 0) c->out_len = c->out_pos = 0;
    return;
  }
  server__put(c, head, (size_t)n);
  if (blen) server__put(c, body, blen);
}

static void server__text(server_conn *c, int status, const char *text) {
  server__respond(c, status, "text/plain; charset=utf-8", text, strlen(text));
}

static void server__hero_json(char *o, size_t cap, size_t *n, const server_game *g, int k) {
  const rules_hero *h = &g->st.heroes[k];
  if (*n >= cap) return;
  *n += (size_t)snprintf(o + *n, cap - *n, "{\"id\":%d,\"name\":\"%s\"", k + 1, g->name[k]);
  if (*n < cap && !g->is_bot[k] && g->key[k][0]) {
    char uid[9];
    server__user_id(g->key[k], uid);
    *n += (size_t)snprintf(o + *n, cap - *n, ",\"userId\":\"%s\",\"elo\":1200", uid);
  }
  if (*n < cap) *n += (size_t)snprintf(o + *n, cap - *n, ",\"pos\":{\"x\":%d,\"y\":%d}", h->x, h->y);
  if (*n < cap && h->last_dir >= 0)
    *n += (size_t)snprintf(o + *n, cap - *n, ",\"lastDir\":\"%s\"", rules_dir_name(h->last_dir));
  if (*n < cap)
    *n += (size_t)snprintf(o + *n, cap - *n,
                           ",\"life\":%d,\"gold\":%d,\"mineCount\":%d,\"spawnPos\":{\"x\":%d,\"y\":%d},"
                           "\"crashed\":%s,\"ready\":%s}",
                           h->life, h->gold, h->mines, h->spawn_x, h->spawn_y,
                           h->crashed ? "true" : "false",
                           (g->is_bot[k] || g->key[k][0]) ? "true" : "false");
}

/* The "game" object of a state into o; returns its length (>= cap: too long). */
static size_t server__game_json(char *o, size_t cap, const server_game *g) {
  static char tiles[2 * RULES_CELLS + 1];
  size_t n = 0;
  rules_tiles(&g->st, tiles, sizeof tiles);
  n += (size_t)snprintf(o + n, cap - n, "{\"id\":\"%s\",\"turn\":%d,\"maxTurns\":%d,\"heroes\":[",
                        g->id, g->st.turn, g->st.max_turns);
  for (int j = 0; j < RULES_HEROES && n + 1 < cap; j++) {
    if (j) o[n++] = ',';
    server__hero_json(o, cap, &n, g, j);
  }
  if (n < cap)
    n += (size_t)snprintf(o + n, cap - n,
                          "],\"board\":{\"size\":%d,\"tiles\":\"%s\"},\"category\":\"%s\","
                          "\"finished\":%s,\"started\":%s}",
                          g->st.n, tiles, g->category, rules_finished(&g->st) ? "true" : "false",
                          g->started ? "true" : "false");
  return n;
}

/* viewUrl: the HTML viewer when its file exists, else the text view. */
static int server__has_viewer(const server_t *sv) {
  struct stat stt;
  const char *p = sv->viewer_path[0] ? sv->viewer_path : "build/blitz-viewer.html";
  return stat(p, &stt) == 0 && S_ISREG(stt.st_mode);
}

/* Writes the state JSON for hero k (0..3) into c as a 200 response. */
static void server__send_state(server_t *sv, server_conn *c, const server_game *g, int k,
                               const char *host) {
  char *body = server__json;
  size_t cap = sizeof server__json;
  size_t n = (size_t)snprintf(body, cap, "{\"game\":");
  n += server__game_json(body + n, cap - n, g);
  if (n < cap) n += (size_t)snprintf(body + n, cap - n, ",\"hero\":");
  server__hero_json(body, cap, &n, g, k);
  if (n < cap) {
    if (server__has_viewer(sv))
      n += (size_t)snprintf(body + n, cap - n, ",\"token\":\"%s\",\"viewUrl\":\"http://%s/view/%s?game=%s\",",
                            g->token[k], host, g->id, g->id);
    else
      n += (size_t)snprintf(body + n, cap - n, ",\"token\":\"%s\",\"viewUrl\":\"http://%s/%s\",",
                            g->token[k], host, g->id);
  }
  if (n < cap)
    n += (size_t)snprintf(body + n, cap - n, "\"playUrl\":\"http://%s/api/%s/%s/play\"}", host,
                          g->id, g->token[k]);
  if (n >= cap) {
    server__text(c, 500, "state too large");
    return;
  }
  server__respond(c, 200, "application/json; charset=utf-8", body, n);
}

/* ---- records and event streams ---- */

static void server__drop(server_t *sv, int ci);

static void server__replay_path(const server_t *sv, const char *id, char *out, size_t cap) {
  snprintf(out, cap, "%s/%s.jsonl", sv->replay_dir, id);
}

/* One state of game gi: appended to its replay file and sent to every live
   event stream of it (a stream that cannot take it is dropped). */
static void server__publish(server_t *sv, server_game *g) {
  int gi = (int)(g - sv->games), want = g->replay_fd >= 0;
  for (int ci = 0; ci < SERVER_MAX_CONNS && !want; ci++)
    want = sv->conns[ci].fd >= 0 && sv->conns[ci].stream == SERVER_STREAM_EVENTS &&
           sv->conns[ci].stream_game == gi && sv->conns[ci].file_off < 0;
  if (!want) return;
  static char line[SERVER_OUT_MAX - 512];
  size_t n = (size_t)snprintf(line, sizeof line, "{\"game\":");
  n += server__game_json(line + n, sizeof line - n - 2, g);
  if (n + 2 >= sizeof line) return;
  line[n++] = '}';
  line[n++] = '\n';
  if (g->replay_fd >= 0 && write(g->replay_fd, line, n) != (ssize_t)n) {
    fprintf(stderr, "blitz-server: replay of game %s: write failed: %s\n", g->id, strerror(errno));
    close(g->replay_fd);
    g->replay_fd = -1;
  }
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
    server_conn *c = &sv->conns[ci];
    if (c->fd < 0 || c->stream != SERVER_STREAM_EVENTS || c->stream_game != gi || c->file_off >= 0)
      continue;
    if (server__room(c, n + 7) < 0) {
      server__log(sv, "dropping an event stream of game %s (%s)", g->id, "not reading");
      server__drop(sv, ci);
      continue;
    }
    server__put(c, "data: ", 6);
    server__put(c, line, n);
    server__put(c, "\n", 1);
    if (rules_finished(&g->st)) c->keep_alive = 0; /* the last event: close after it */
  }
}

/* Refills a streaming connection from its file while there is room. */
static void server__refill(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  if (!c->stream || c->file_off < 0) return;
  int fd = open(c->file, O_RDONLY | O_CLOEXEC);
  static char buf[SERVER_OUT_MAX];
  for (;;) {
    server__room(c, sizeof c->out); /* compacts */
    size_t room = sizeof c->out - c->out_len;
    if (fd < 0) break;
    if (c->stream == SERVER_STREAM_FILE) {
      long want = c->file_end - c->file_off;
      if (want <= 0) break;
      if ((long)room < want) want = (long)room;
      if (want == 0) {
        close(fd);
        return;
      }
      ssize_t r = pread(fd, c->out + c->out_len, (size_t)want, c->file_off);
      if (r <= 0) break;
      c->out_len += (size_t)r;
      c->file_off += r;
      continue;
    }
    /* events: whole lines, each as one "data:" event */
    if (room < 64) {
      close(fd);
      return;
    }
    ssize_t r = pread(fd, buf, room - 16 < sizeof buf ? room - 16 : sizeof buf, c->file_off);
    if (r <= 0) break;
    size_t used = 0;
    for (;;) {
      char *nl = memchr(buf + used, '\n', (size_t)r - used);
      if (!nl) break;
      size_t len = (size_t)(nl - (buf + used)) + 1;
      if (server__room(c, len + 7) < 0) break;
      server__put(c, "data: ", 6);
      server__put(c, buf + used, len);
      server__put(c, "\n", 1);
      used += len;
    }
    if (used == 0) {
      if ((size_t)r >= room - 16) { /* no room for the next line yet */
        close(fd);
        return;
      }
      break; /* a partial line at the end: treat as the end */
    }
    c->file_off += (long)used;
  }
  if (fd >= 0) close(fd);
  /* the file is done */
  c->file_off = -1;
  if (c->stream == SERVER_STREAM_FILE) {
    c->stream = 0; /* back to requests (the response had a Content-Length) */
    return;
  }
  server_game *g = c->stream_game >= 0 ? &sv->games[c->stream_game] : NULL;
  if (!g || rules_finished(&g->st)) c->keep_alive = 0;
}

/* ---- game progress ---- */

static void server__release(server_t *sv, server_game *g, int k) {
  int ci = g->parked[k];
  if (ci < 0) return;
  g->parked[k] = -1;
  server_conn *c = &sv->conns[ci];
  c->parked_game = c->parked_hero = -1;
  c->player_game = (int)(g - sv->games);
  c->last_ns = deadline_now_ns(); /* the idle clock of the answer starts now, not at the join */
  c->req_ns = c->in_len ? c->last_ns : 0; /* a pipelined request's clock starts now */
  if (c->fd >= 0) server__send_state(sv, c, g, k, g->host[k]);
}

static void server__apply(server_t *sv, server_game *g, int dir, int64_t now) {
  rules_move(&g->st, dir);
  g->turn_start_ns = now;
  g->active_ns = now;
  g->sent_ns = 0;
  g->queued_dir = -1;
  server__publish(sv, g);
}

/* Start records: log line, replay file with the first state. */
static void server__begin(server_t *sv, server_game *g) {
  g->began = 1;
  g->active_ns = deadline_now_ns();
  if (sv->replay_dir[0]) {
    char path[SERVER_PATH_MAX + SERVER_ID_MAX + 16];
    server__replay_path(sv, g->id, path, sizeof path);
    g->replay_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_APPEND, 0644);
    if (g->replay_fd < 0)
      fprintf(stderr, "blitz-server: cannot write the replay %s: %s\n", path, strerror(errno));
  }
  server__record(sv, "game %s started (%s, %d turns, board %d): %s, %s, %s, %s", g->id,
                 g->training ? "training" : g->category, g->st.max_turns, g->st.n, g->name[0],
                 g->name[1], g->name[2], g->name[3]);
  server__publish(sv, g);
}

/* End records: log line, results line, replay closed, waiting clients answered. */
static void server__end(server_t *sv, server_game *g) {
  g->ended = 1;
  sv->games_finished++;
  int place[RULES_HEROES];
  rules_places(&g->st, place);
  const char *status = g->aborted ? "aborted" : g->st.status == RULES_TURNMAX ? "turnmax" : "allcrashed";
  char who[4][SERVER_NAME_MAX + 48];
  for (int k = 0; k < 4; k++)
    snprintf(who[k], sizeof who[k], "%d. %s %d gold%s", place[k], g->name[k], g->st.heroes[k].gold,
             g->st.heroes[k].crashed ? " (crashed)" : "");
  server__record(sv, "game %s ended (%s) at turn %d/%d: %s; %s; %s; %s", g->id, status, g->st.turn,
                 g->st.max_turns, who[0], who[1], who[2], who[3]);
  if (g->replay_fd >= 0) close(g->replay_fd);
  g->replay_fd = -1;
  if (sv->results_path[0]) {
    char line[2048];
    size_t n = (size_t)snprintf(line, sizeof line,
                                "{\"game\":\"%s\",\"category\":\"%s\",\"training\":%s,\"status\":\"%s\","
                                "\"turn\":%d,\"maxTurns\":%d,\"board\":%d,\"time\":%lld,\"heroes\":[",
                                g->id, g->category, g->training ? "true" : "false", status, g->st.turn,
                                g->st.max_turns, g->st.n, (long long)time(NULL));
    for (int k = 0; k < 4 && n < sizeof line; k++) {
      char uid[9] = "";
      if (!g->is_bot[k] && g->key[k][0]) server__user_id(g->key[k], uid);
      n += (size_t)snprintf(line + n, sizeof line - n,
                            "%s{\"id\":%d,\"name\":\"%s\",\"userId\":\"%s\",\"bot\":%s,\"gold\":%d,"
                            "\"mineCount\":%d,\"rank\":%d,\"crashed\":%s}",
                            k ? "," : "", k + 1, g->name[k], uid, g->is_bot[k] ? "true" : "false",
                            g->st.heroes[k].gold, g->st.heroes[k].mines, place[k],
                            g->st.heroes[k].crashed ? "true" : "false");
    }
    if (n + 3 < sizeof line) {
      n += (size_t)snprintf(line + n, sizeof line - n, "]}\n");
      int fd = open(sv->results_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (fd < 0 || write(fd, line, n) != (ssize_t)n)
        fprintf(stderr, "blitz-server: cannot append to %s: %s\n", sv->results_path, strerror(errno));
      if (fd >= 0) close(fd);
    }
  }
  int gi = (int)(g - sv->games);
  for (int k = 0; k < RULES_HEROES; k++) server__release(sv, g, k);
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
    server_conn *c = &sv->conns[ci];
    if (c->fd >= 0 && c->parked_game == gi && c->parked_hero == -2) { /* second joins */
      c->parked_game = c->parked_hero = -1;
      server__text(c, 400, "Blitz - The game is finished");
    }
  }
}

/* The current move's time so far in ms, and *late when it is over: wall
   time against timeout_ms, or with sv->bot_clock the bot's CPU time under
   the caps of server.h (the baseline is taken at the move's first call).
   late may be NULL. */
static double server__move_ms(server_t *sv, server_game *g, int k, int64_t now, int *late) {
  int64_t start = g->sent_ns ? g->sent_ns : g->turn_start_ns, wall = now - start;
  int64_t limit = (int64_t)sv->timeout_ms * SERVER_MS;
  int dummy;
  if (!late) late = &dummy;
  if (!sv->bot_clock) {
    *late = wall >= limit;
    return (double)wall / 1e6;
  }
  int64_t cpu, busy;
  sv->bot_clock(sv->bot_clock_ctx, (int)(g - sv->games), k, &cpu, &busy);
  if (g->clk_start_ns != start) {
    g->clk_start_ns = start;
    g->clk_cpu0 = cpu;
    g->clk_busy0 = busy;
  }
  int64_t used = cpu - g->clk_cpu0, off = wall - (busy - g->clk_busy0);
  int64_t off_cap = 10 * limit > 2000 * SERVER_MS ? 10 * limit : 2000 * SERVER_MS;
  int64_t wall_cap = 60 * limit > 60000 * SERVER_MS ? 60 * limit : 60000 * SERVER_MS;
  *late = used >= limit || off >= off_cap || wall >= wall_cap;
  return used > 0 ? (double)used / 1e6 : 0.0;
}

static void server__advance(server_t *sv, server_game *g, int64_t now) {
  if (g->started && !g->began) server__begin(sv, g);
  for (int guard = 0; guard < 4 * 2400 + 8; guard++) {
    if (!g->started || rules_finished(&g->st)) break;
    int k = g->st.turn % 4;
    if (g->is_bot[k]) {
      if (sv->bot_ms > 0 && now < g->turn_start_ns + (int64_t)sv->bot_ms * SERVER_MS) break;
      server__apply(sv, g, (int)rng_below(&g->rng, 4), now);
      continue;
    }
    if (g->st.heroes[k].crashed) {
      server__apply(sv, g, RULES_STAY, now);
      continue;
    }
    if (g->queued_dir >= 0) {
      if (now < g->sent_ns + (int64_t)sv->min_ms * SERVER_MS) break;
      server__apply(sv, g, g->queued_dir, now);
      continue;
    }
    if (!g->sent_ns && g->parked[k] >= 0) {
      g->sent_ns = now;
      server__release(sv, g, k);
    }
    int late;
    double ms = server__move_ms(sv, g, k, now, &late);
    if (late) {
      server__log(sv, "game %s: hero %s timed out", g->id, g->name[k]);
      g->think_sum_ms[k] += ms;
      g->think_n[k]++;
      if (ms > g->think_max_ms[k]) g->think_max_ms[k] = ms;
      server__apply(sv, g, RULES_CRASH, now);
      continue;
    }
    break;
  }
  if ((g->started || g->aborted) && rules_finished(&g->st) && !g->ended) {
    if (g->began) server__end(sv, g);
    else { /* aborted before it began: answer whoever waits */
      g->ended = 1;
      server__record(sv, "game %s aborted before it started (%d joined)", g->id, g->joined);
      int gi = (int)(g - sv->games);
      for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
        server_conn *c = &sv->conns[ci];
        if (c->fd >= 0 && c->parked_game == gi) {
          c->parked_game = c->parked_hero = -1;
          server__text(c, 400, "Blitz - The game was aborted");
        }
      }
      for (int k = 0; k < RULES_HEROES; k++) g->parked[k] = -1;
    }
  }
}

/* Ends a game now (inactivity rule, DELETE): finished, status aborted. */
static void server__abort(server_t *sv, server_game *g, int64_t now) {
  if (rules_finished(&g->st)) return;
  g->aborted = 1;
  g->st.status = SERVER_ABORTED;
  server__publish(sv, g); /* event streams get the final state (and close) */
  server__advance(sv, g, now);
}

/* ---- request parsing ---- */

static const char *server__param(const char *key) {
  for (int i = 0; i < server__r.nparams; i++)
    if (strcmp(server__r.pkey[i], key) == 0) return server__r.pval[i];
  return NULL;
}

/* Adds "a=b&c=d" pairs; returns -1 on a bad escape or overflow. */
static int server__parse_params(const char *s, size_t len) {
  size_t i = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && s[j] != '&') j++;
    size_t eq = i;
    while (eq < j && s[eq] != '=') eq++;
    if (j > i) {
      if (server__r.nparams >= SERVER_MAX_PARAMS) return -1;
      int p = server__r.nparams;
      size_t kl = eq - i, vl = eq < j ? j - eq - 1 : 0;
      if (kl >= sizeof server__r.pkey[p] || vl >= sizeof server__r.pval[p]) return -1;
      memcpy(server__r.pkey[p], s + i, kl);
      server__r.pkey[p][kl] = 0;
      if (eq < j) memcpy(server__r.pval[p], s + eq + 1, vl);
      server__r.pval[p][vl] = 0;
      if (http_url_decode(server__r.pkey[p]) < 0 || http_url_decode(server__r.pval[p]) < 0)
        return -1;
      server__r.nparams++;
    }
    i = j + 1;
  }
  return 0;
}

/* The team of a key: its index in sv->teams, -2 when any key is allowed, -1 refused. */
static int server__team(server_t *sv, const char *key) {
  if (sv->nteams == 0) return strlen(key) < SERVER_KEY_MAX ? -2 : -1;
  for (int i = 0; i < sv->nteams; i++)
    if (strcmp(sv->teams[i].key, key) == 0) return i;
  return -1;
}

/* The name states show for a key: the registered one, else "team-<userId>". */
static void server__set_name(server_t *sv, server_game *g, int k, int team) {
  if (team >= 0 && sv->teams[team].name[0]) {
    memcpy(g->name[k], sv->teams[team].name, sizeof g->name[k]); /* both SERVER_NAME_MAX */
  } else {
    char uid[9];
    server__user_id(g->key[k], uid);
    snprintf(g->name[k], sizeof g->name[k], "team-%s", uid);
  }
}

/* Admin endpoints: 1 if the apiKey parameter is right, else answers 403. */
static int server__admin(server_t *sv, server_conn *c) {
  const char *k = server__param("apiKey");
  if (!sv->admin_key[0]) {
    server__text(c, 403, "Blitz - Admin endpoints are off (start the server with --admin-key)");
    return 0;
  }
  if (!k || strcmp(k, sv->admin_key) != 0) {
    server__text(c, 403, "Blitz - Bad apiKey");
    return 0;
  }
  return 1;
}

/* Starts streaming a file (raw, after headers already queued) into c. */
static void server__stream_file(server_t *sv, int ci, int kind, const char *path, long size) {
  server_conn *c = &sv->conns[ci];
  c->stream = kind;
  c->file_off = 0;
  c->file_end = size;
  snprintf(c->file, sizeof c->file, "%s", path);
  server__refill(sv, ci);
}

/* GET /events/G: the event stream of g (its replay so far, else its current
   state), then live states until the final one. */
static void server__events(server_t *sv, int ci, server_game *g) {
  server_conn *c = &sv->conns[ci];
  static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                             "Cache-Control: no-cache\r\nAccess-Control-Allow-Origin: *\r\n"
                             "Connection: close\r\n\r\n";
  c->keep_alive = 1; /* until the final state: then it closes */
  server__put(c, head, sizeof head - 1);
  if (c->head) {
    c->keep_alive = 0;
    return;
  }
  c->stream = SERVER_STREAM_EVENTS;
  c->stream_game = (int)(g - sv->games);
  c->file_off = -1;
  char path[SERVER_PATH_MAX + SERVER_ID_MAX + 16];
  struct stat stt;
  if (g->began && sv->replay_dir[0]) {
    server__replay_path(sv, g->id, path, sizeof path);
    if (stat(path, &stt) == 0 && stt.st_size > 0 && strlen(path) < sizeof c->file) {
      server__stream_file(sv, ci, SERVER_STREAM_EVENTS, path, (long)stt.st_size);
      return;
    }
  }
  /* no replay: the current state, then live */
  size_t n = (size_t)snprintf(server__json, sizeof server__json, "data: {\"game\":");
  n += server__game_json(server__json + n, sizeof server__json - n - 4, g);
  if (n + 4 >= sizeof server__json) return;
  memcpy(server__json + n, "}\n\n", 3);
  server__put(c, server__json, n + 3);
  if (rules_finished(&g->st)) c->keep_alive = 0;
}

/* GET / : a plain-text status page (games, players, scores). */
static void server__status(server_t *sv, server_conn *c) {
  char *o = server__json;
  size_t cap = sizeof server__json, n = 0;
  n += (size_t)snprintf(o + n, cap - n, "Blitz server: %ld games created, %ld finished\n",
                        sv->games_created, sv->games_finished);
  for (int i = 0; i < SERVER_MAX_GAMES && n + 200 < cap; i++) {
    server_game *g = &sv->games[i];
    if (!g->used) continue;
    const char *st = g->aborted ? "aborted" : rules_finished(&g->st) ? "finished"
                     : g->started ? "running" : "waiting";
    n += (size_t)snprintf(o + n, cap - n, "%s %s %s turn %d/%d:", g->id, g->training ? "training" : g->category,
                          st, g->st.turn, g->st.max_turns);
    for (int k = 0; k < 4 && n + 80 < cap; k++)
      n += (size_t)snprintf(o + n, cap - n, " [%s %d]", g->name[k], g->st.heroes[k].gold);
    if (n < cap) o[n++] = '\n';
  }
  server__respond(c, 200, "text/plain; charset=utf-8", o, n < cap ? n : cap);
}

/* GET /games?apiKey=K: every kept game as JSON. */
static void server__list(server_t *sv, server_conn *c) {
  char *o = server__json;
  size_t cap = sizeof server__json, n = 0;
  o[n++] = '[';
  for (int i = 0; i < SERVER_MAX_GAMES && n + 300 < cap; i++) {
    server_game *g = &sv->games[i];
    if (!g->used) continue;
    n += (size_t)snprintf(o + n, cap - n,
                          "%s{\"id\":\"%s\",\"category\":\"%s\",\"training\":%s,\"joined\":%d,"
                          "\"started\":%s,\"finished\":%s,\"aborted\":%s,\"turn\":%d,\"maxTurns\":%d}",
                          n > 1 ? "," : "", g->id, g->category, g->training ? "true" : "false",
                          g->joined, g->started ? "true" : "false",
                          rules_finished(&g->st) ? "true" : "false", g->aborted ? "true" : "false",
                          g->st.turn, g->st.max_turns);
  }
  o[n++] = ']';
  server__respond(c, 200, "application/json", o, n);
}

/* Answers a training game that could not be made, by what went wrong. */
static void server__training_error(server_conn *c, const char *err, const char *map) {
  if (strncmp(err, "Can't parse", 11) == 0) server__text(c, 500, err);
  else if (strstr(err, "four heroes")) {
    char msg[SERVER_IN_MAX / 2 + 16];
    snprintf(msg, sizeof msg, "Blitz - %s", map);
    server__text(c, 400, msg);
  } else if (strncmp(err, "Blitz - ", 8) == 0) server__text(c, 400, err);
  else {
    char msg[300];
    snprintf(msg, sizeof msg, "Blitz - %s", err);
    server__text(c, 400, msg);
  }
}

/* POST /api/training: a new started game, key as hero 1 against three
   random bots. Returns it, or NULL once it has answered the error. */
static server_game *server__join_training(server_t *sv, server_conn *c, const char *key, int team,
                                          int64_t now) {
  const char *turns_s = server__param("turns");
  int turns = 300;
  if (turns_s && *turns_s) {
    char *e;
    long t = strtol(turns_s, &e, 10);
    if (*e || t < 1) {
      server__text(c, 400, "Blitz - Invalid turns");
      return NULL;
    }
    turns = t > 600 ? 600 : (int)t;
  }
  const char *map = server__param("map");
  char err[256];
  uint64_t seed = sv->seed + (uint64_t)sv->games_created * 0x9E3779B97F4A7C15ULL;
  int slot = server__new_game(sv, NULL, map, seed, 0, turns, 1, err, sizeof err);
  if (slot < 0) {
    server__training_error(c, err, map);
    return NULL;
  }
  server_game *g = &sv->games[slot];
  snprintf(g->key[0], sizeof g->key[0], "%s", key);
  server__set_name(sv, g, 0, team);
  for (int j = 1; j < 4; j++) {
    g->is_bot[j] = 1;
    snprintf(g->name[j], sizeof g->name[j], "random");
  }
  g->joined = 4;
  g->started = 1;
  g->turn_start_ns = now;
  server__log(sv, "training game %s for %s", g->id, g->name[0]);
  return g;
}

/* POST /api/arena?gameId=G: key takes a seat of G (its reserved one, else
   a free one). Returns the game with the seat in *k, or NULL once it has
   answered (or parked a second join by the same team: that one waits). */
static server_game *server__join_arena(server_t *sv, server_conn *c, const char *key, int team,
                                       int64_t now, int *k) {
  const char *gid = server__param("gameId");
  server_game *g = gid && server_valid_id(gid) ? server_game_by_id(sv, gid) : NULL;
  if (!g || g->training) {
    char msg[200];
    snprintf(msg, sizeof msg, "Blitz - No round with id %.100s", gid ? gid : "");
    server__text(c, 400, msg);
    return NULL;
  }
  for (int j = 0; j < 4; j++)
    if (strcmp(g->key[j], key) == 0 && !rules_finished(&g->st)) {
      /* a second join by the same team is silently dropped: it waits */
      c->parked_game = (int)(g - sv->games);
      c->parked_hero = -2;
      return NULL;
    }
  *k = -1;
  for (int j = 0; j < 4 && *k < 0; j++)
    if (!g->key[j][0] && strcmp(g->seat_key[j], key) == 0) *k = j;
  for (int j = 0; j < 4 && *k < 0; j++)
    if (!g->key[j][0] && !g->seat_key[j][0]) *k = j;
  if (*k < 0 || g->started || rules_finished(&g->st)) {
    server__text(c, 400, "Blitz - This game is full");
    return NULL;
  }
  snprintf(g->key[*k], sizeof g->key[*k], "%s", key);
  server__set_name(sv, g, *k, team);
  g->joined++;
  g->active_ns = now;
  server__log(sv, "game %s: %s joined", g->id, g->name[*k]);
  if (g->joined == 4 && !sv->admin_start) {
    g->started = 1;
    g->turn_start_ns = now;
  }
  return g;
}

/* Parks connection ci as hero k's pending request in g (answered with the
   next state) and lets the game move on. */
static void server__park(server_t *sv, server_game *g, int k, int ci, int64_t now) {
  server_conn *c = &sv->conns[ci];
  g->parked[k] = ci;
  c->parked_game = (int)(g - sv->games);
  c->parked_hero = k;
  snprintf(g->host[k], sizeof g->host[k], "%s", server__r.host);
  server__advance(sv, g, now);
}

/* /api/training and /api/arena: checks the key, seats it, parks the request. */
static void server__join(server_t *sv, int ci, int is_post, int64_t now) {
  server_conn *c = &sv->conns[ci];
  if (!is_post) {
    server__text(c, 404, "Blitz - Not found");
    return;
  }
  const char *key = server__param("key");
  if (!key || !*key) {
    server__text(c, 400, "Did you forget the key parameter?");
    return;
  }
  int team = server__team(sv, key);
  if (team == -1) {
    server__text(c, 400, "Blitz - Key not found");
    return;
  }
  int k = 0;
  server_game *g = server__r.path[5] == 't' ? server__join_training(sv, c, key, team, now)
                                            : server__join_arena(sv, c, key, team, now, &k);
  if (g) server__park(sv, g, k, ci, now);
}

/* Splits "/api/<game>/<token>/play" into gid and tok. 0 if the path is not one. */
static int server__play_path(const char *path, char gid[SERVER_ID_MAX + 1], char tok[64]) {
  const char *p = path + 5;
  const char *s1 = strchr(p, '/');
  const char *s2 = s1 ? strchr(s1 + 1, '/') : NULL;
  if (!s1 || !s2 || (size_t)(s1 - p) >= SERVER_ID_MAX + 1 || (size_t)(s2 - s1 - 1) >= 64 ||
      strcmp(s2 + 1, "play") != 0)
    return 0;
  memcpy(gid, p, (size_t)(s1 - p));
  gid[s1 - p] = 0;
  memcpy(tok, s1 + 1, (size_t)(s2 - s1 - 1));
  tok[s2 - s1 - 1] = 0;
  return 1;
}

/* POST /api/<game>/<token>/play?dir=D: queues the move of the token's hero
   if it is its turn, and parks the request until the next state. */
static void server__move(server_t *sv, int ci, int is_post, int64_t now) {
  server_conn *c = &sv->conns[ci];
  char gid[SERVER_ID_MAX + 1], tok[64];
  if (!server__play_path(server__r.path, gid, tok) || !is_post) {
    server__text(c, 404, "Blitz - Not found");
    return;
  }
  int dir = rules_dir_parse(server__param("dir"));
  if (dir < 0) {
    server__text(c, 400, "");
    return;
  }
  server_game *g = server_valid_id(gid) ? server_game_by_id(sv, gid) : NULL;
  if (!g) {
    char msg[128];
    snprintf(msg, sizeof msg, "Blitz - Unknown game %s", gid);
    server__text(c, 404, msg);
    return;
  }
  int k = -1;
  for (int j = 0; j < 4; j++)
    if (!g->is_bot[j] && g->key[j][0] && strcmp(g->token[j], tok) == 0) k = j;
  if (k < 0) {
    server__text(c, 404, "Blitz - Wrong or expired token");
    return;
  }
  server__advance(sv, g, now); /* applies a timeout that is already due */
  if (g->st.heroes[k].crashed) {
    server__text(c, 400, "Blitz - Time out! You must play faster");
    return;
  }
  if (rules_finished(&g->st)) {
    server__text(c, 400, "Blitz - The game is finished");
    return;
  }
  if (!g->started || g->st.turn % 4 != k || g->queued_dir >= 0 || g->parked[k] >= 0) {
    server__text(c, 400, "Blitz - Wait, you're not supposed to play now");
    return;
  }
  if (!g->sent_ns) g->sent_ns = g->turn_start_ns; /* its parked request was lost */
  double ms = server__move_ms(sv, g, k, now, NULL);
  g->think_sum_ms[k] += ms;
  g->think_n[k]++;
  if (ms > g->think_max_ms[k]) g->think_max_ms[k] = ms;
  g->queued_dir = dir;
  g->active_ns = now;
  server__park(sv, g, k, ci, now);
}

/* GET /games (the list) and POST /games (a new arena game), admin only. */
static void server__games(server_t *sv, server_conn *c, int is_post) {
  if (!server__admin(sv, c)) return;
  if (!is_post) {
    server__list(sv, c);
    return;
  }
  const char *cat = server__param("category"), *id = server__param("id");
  const char *turns_s = server__param("turns");
  int turns = turns_s ? atoi(turns_s) : 300;
  if (cat && (strlen(cat) > 30 || strcspn(cat, "\"\\") != strlen(cat))) {
    server__text(c, 400, "Blitz - Bad category");
    return;
  }
  if (id && !server_valid_id(id)) {
    server__text(c, 400, "Blitz - Bad game id (1 to 64 of A-Z a-z 0-9 - _)");
    return;
  }
  char err[256];
  int slot = server_create_arena(sv, id, server__param("map"),
                                 sv->seed + (uint64_t)sv->games_created * 0x9E3779B97F4A7C15ULL, 0,
                                 turns, err, sizeof err);
  if (slot < 0) {
    server__text(c, 400, err);
    return;
  }
  if (cat) snprintf(sv->games[slot].category, sizeof sv->games[slot].category, "%s", cat);
  server__record(sv, "game %s created (%s)", sv->games[slot].id, sv->games[slot].category);
  char msg[SERVER_ID_MAX + 16];
  snprintf(msg, sizeof msg, "{\"id\":\"%s\"}", sv->games[slot].id);
  server__respond(c, 200, "application/json", msg, strlen(msg));
}

/* POST /games/G/start and DELETE /games/G, admin only. Returns 0 (nothing
   answered) if the path or method is neither, so other routes are tried. */
static int server__game_admin(server_t *sv, server_conn *c, int is_post, int64_t now) {
  const char *path = server__r.path;
  char gid[SERVER_ID_MAX + 1];
  const char *slash = strchr(path + 7, '/');
  size_t l = slash ? (size_t)(slash - (path + 7)) : strlen(path + 7);
  int start = slash && strcmp(slash, "/start") == 0 && is_post;
  int del = !slash && strcmp(server__r.method, "DELETE") == 0;
  if (l >= sizeof gid || !(start || del)) return 0;
  if (!server__admin(sv, c)) return 1;
  memcpy(gid, path + 7, l);
  gid[l] = 0;
  server_game *g = server_valid_id(gid) ? server_game_by_id(sv, gid) : NULL;
  if (!g || g->training) {
    server__text(c, 404, "Blitz - Unknown game");
    return 1;
  }
  if (del) {
    server__abort(sv, g, now);
    server__text(c, 200, "aborted");
    return 1;
  }
  if (g->joined < 4) {
    server__text(c, 400, "Blitz - Not enough players");
    return 1;
  }
  if (!g->started && !rules_finished(&g->st)) {
    g->started = 1;
    g->turn_start_ns = now;
    g->active_ns = now;
    server__advance(sv, g, now);
  }
  server__text(c, 200, "started");
  return 1;
}

/* GET /view/G: the viewer page (a file streamed as is). */
static void server__viewer(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  const char *vp = sv->viewer_path[0] ? sv->viewer_path : "build/blitz-viewer.html";
  struct stat stt;
  if (stat(vp, &stt) != 0 || !S_ISREG(stt.st_mode)) {
    server__text(c, 404, "Blitz - No viewer installed (--viewer FILE)");
    return;
  }
  char head[256];
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %ld\r\n"
                   "Connection: %s\r\n\r\n",
                   (long)stt.st_size, c->keep_alive ? "keep-alive" : "close");
  server__put(c, head, (size_t)n);
  if (!c->head) server__stream_file(sv, ci, SERVER_STREAM_FILE, vp, (long)stt.st_size);
}

/* GET /events/G (the game's event stream) and GET /view/G (the viewer). */
static void server__watch(server_t *sv, int ci) {
  const char *path = server__r.path;
  int ev = path[1] == 'e';
  const char *gid = path + (ev ? 8 : 6);
  server_game *g = server_valid_id(gid) ? server_game_by_id(sv, gid) : NULL;
  if (!g) server__text(&sv->conns[ci], 404, "Blitz - Unknown game");
  else if (ev) server__events(sv, ci, g);
  else server__viewer(sv, ci);
}

/* GET /G: game G as plain text (board, heroes). 0 if there is no game G. */
static int server__board_page(server_t *sv, server_conn *c) {
  server_game *g = server_game_by_id(sv, server__r.path + 1);
  if (!g) return 0;
  static char page[4096];
  static char tiles[2 * RULES_CELLS + 1];
  rules_tiles(&g->st, tiles, sizeof tiles);
  size_t n = (size_t)snprintf(page, sizeof page, "Blitz game %s turn %d/%d%s\n", g->id,
                              g->st.turn, g->st.max_turns,
                              g->aborted ? " finished (aborted)" : rules_finished(&g->st) ? " finished" : "");
  for (int x = 0; x < g->st.n && n + 2 * (size_t)g->st.n + 2 < sizeof page; x++) {
    memcpy(page + n, tiles + 2 * x * g->st.n, 2 * (size_t)g->st.n);
    n += 2 * (size_t)g->st.n;
    page[n++] = '\n';
  }
  for (int k = 0; k < 4 && n < sizeof page; k++)
    n += (size_t)snprintf(page + n, sizeof page - n, "@%d %s life %d gold %d mines %d%s\n",
                          k + 1, g->name[k], g->st.heroes[k].life, g->st.heroes[k].gold,
                          g->st.heroes[k].mines, g->st.heroes[k].crashed ? " crashed" : "");
  server__respond(c, 200, "text/plain; charset=utf-8", page, n < sizeof page ? n : sizeof page);
  return 1;
}

/* Answers (or parks) the request in server__r that came on connection ci. */
static void server__route(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  const char *path = server__r.path;
  int64_t now = deadline_now_ns();
  int is_post = strcmp(server__r.method, "POST") == 0;
  int is_get = strcmp(server__r.method, "GET") == 0 || c->head;
  if (strcmp(path, "/api/training") == 0 || strcmp(path, "/api/arena") == 0)
    server__join(sv, ci, is_post, now);
  else if (strncmp(path, "/api/", 5) == 0)
    server__move(sv, ci, is_post, now);
  else if (strcmp(path, "/games") == 0 && (is_post || is_get))
    server__games(sv, c, is_post);
  else if (strncmp(path, "/games/", 7) == 0 && server__game_admin(sv, c, is_post, now))
    return; /* answered */
  else if (is_get && strcmp(path, "/") == 0)
    server__status(sv, c);
  else if (is_get && (strncmp(path, "/events/", 8) == 0 || strncmp(path, "/view/", 6) == 0))
    server__watch(sv, ci);
  else if (is_get && path[0] == '/' && server_valid_id(path + 1) && server__board_page(sv, c))
    return; /* answered */
  else
    server__text(c, 404, "Blitz - Not found");
}

/* Decodes a chunked body at p[0..n): the data into out (cap), the bytes
   used (through the final CRLF) into *used. Returns the data length, -2
   if incomplete, -1 if malformed or too large. Trailers are skipped. */
static long server__dechunk(const char *p, size_t n, char *out, size_t cap, size_t *used) {
  size_t i = 0, len = 0;
  for (;;) {
    const char *eol = memchr(p + i, '\n', n - i);
    if (!eol) return n - i > 64 ? -1 : -2;
    char *e;
    unsigned long sz = strtoul(p + i, &e, 16);
    if (e == p + i || (*e != '\r' && *e != ';' && *e != '\n' && *e != ' ')) return -1;
    i = (size_t)(eol - p) + 1;
    if (sz == 0) break;
    if (sz > cap - len) return -1;
    if (n - i < sz + 2) return -2;
    memcpy(out + len, p + i, sz);
    len += sz;
    i += sz;
    if (p[i] == '\r') i++;
    if (i >= n) return -2;
    if (p[i] != '\n') return -1;
    i++;
  }
  for (;;) { /* trailers, then the empty line */
    const char *eol = memchr(p + i, '\n', n - i);
    if (!eol) return -2;
    size_t l = (size_t)(eol - (p + i));
    i = (size_t)(eol - p) + 1;
    if (l == 0 || (l == 1 && p[i - 2] == '\r')) break;
  }
  *used = i;
  return (long)len;
}

/* The length of the request head at p[0..n) through its blank line
   ("\n\n" or "\r\n\r\n"), 0 while it is unfinished. */
static size_t server__head_end(const char *p, size_t n) {
  for (size_t i = 0; i + 1 < n; i++) {
    if (p[i] == '\n' && p[i + 1] == '\n') return i + 2;
    if (i + 3 < n && p[i] == '\r' && p[i + 1] == '\n' && p[i + 2] == '\r' && p[i + 3] == '\n') return i + 4;
  }
  return 0;
}

/* What the headers of a request say about its body and connection. */
typedef struct server__head {
  int keep;     /* keep the connection after it */
  long clen;    /* Content-Length, -1 if malformed */
  int chunked;  /* Transfer-Encoding: chunked */
  int other_te; /* any other Transfer-Encoding */
  int expect;   /* Expect: 100-continue */
} server__head;

/* Parses the request line at line[0..eol) into server__r.method, target
   (3072 bytes) and version (16). 0 if it is not "METHOD TARGET HTTP/1.x". */
static int server__request_line(const char *line, const char *eol, char *target, char *version) {
  char first[3200];
  size_t fl = (size_t)(eol - line);
  if (fl > 0 && line[fl - 1] == '\r') fl--;
  if (fl >= sizeof first) fl = sizeof first - 1;
  memcpy(first, line, fl);
  first[fl] = 0;
  return sscanf(first, "%15s %3071s %15s", server__r.method, target, version) == 3 &&
         strncmp(version, "HTTP/1.", 7) == 0;
}

/* Takes one header (name h, value v) into server__r.host or *hd. */
static void server__header(const char *h, const char *v, server__head *hd) {
  if (strcasecmp(h, "Host") == 0) {
    /* the Host goes into URLs of the JSON: keep only safe characters */
    size_t hl = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]_");
    if (hl > 120) hl = 120;
    memcpy(server__r.host, v, hl);
    server__r.host[hl] = 0;
  } else if (strcasecmp(h, "Content-Length") == 0) {
    char *ee;
    hd->clen = strtol(v, &ee, 10);
    if (ee == v || hd->clen < 0) hd->clen = -1;
  } else if (strcasecmp(h, "Connection") == 0) {
    if (strncasecmp(v, "close", 5) == 0) hd->keep = 0;
    else if (strncasecmp(v, "keep-alive", 10) == 0) hd->keep = 1;
  } else if (strcasecmp(h, "Transfer-Encoding") == 0) {
    if (strcasecmp(v, "chunked") == 0) hd->chunked = 1;
    else hd->other_te = 1;
  } else if (strcasecmp(h, "Expect") == 0) {
    hd->expect = strncasecmp(v, "100-continue", 12) == 0;
  }
}

/* Reads the header lines at p[0..end) into *hd (lines without a colon are skipped). */
static void server__headers(char *p, char *end, server__head *hd) {
  while (p < end) {
    char *e = memchr(p, '\n', (size_t)(end - p) + 1);
    if (!e) e = end;
    size_t l = (size_t)(e - p);
    if (l > 0 && p[l - 1] == '\r') l--;
    char h[1024];
    if (l >= sizeof h) l = sizeof h - 1;
    memcpy(h, p, l);
    h[l] = 0;
    char *colon = strchr(h, ':');
    if (colon) {
      *colon = 0;
      char *v = colon + 1;
      while (*v == ' ' || *v == '\t') v++;
      server__header(h, v, hd);
    }
    p = e + 1;
  }
}

/* Finds the body after a head of hlen bytes: *body, *blen and *used (the
   bytes of c->in the request takes). 1 if it is whole, 0 if more bytes
   must come, -1 answered with an error (the connection will close). */
static int server__find_body(server_conn *c, size_t hlen, const server__head *hd, const char **body,
                             size_t *blen, size_t *used) {
  if (hd->clen < 0 || hd->other_te) {
    c->keep_alive = 0;
    server__text(c, hd->other_te ? 501 : 400, hd->other_te ? "Unsupported Transfer-Encoding" : "Bad Content-Length");
    return -1;
  }
  *body = c->in + hlen;
  *blen = (size_t)hd->clen;
  *used = hlen + (size_t)hd->clen;
  if (hd->chunked) {
    size_t u = 0;
    long r = server__dechunk(c->in + hlen, c->in_len - hlen, server__body, sizeof server__body, &u);
    if (r == -1 || (r == -2 && c->in_len >= sizeof c->in - 1)) {
      c->keep_alive = 0;
      server__text(c, r == -1 ? 400 : 413, r == -1 ? "Bad chunked body" : "Request Entity Too Large");
      return -1;
    }
    if (r == -2) return 0;
    *body = server__body;
    *blen = (size_t)r;
    *used = hlen + u;
    return 1;
  }
  if (hlen + (size_t)hd->clen > sizeof c->in - 1) {
    c->keep_alive = 0;
    server__text(c, 413, "Request Entity Too Large");
    return -1;
  }
  return c->in_len < *used ? 0 : 1;
}

/* The whole request (target, body of blen bytes, used bytes of c->in) is
   there: fills server__r's path, query and parameters, takes the request
   out of c->in and answers it. */
static void server__serve(server_t *sv, int ci, char *target, const char *body, size_t blen, size_t used,
                          int keep) {
  server_conn *c = &sv->conns[ci];
  if (!server__r.host[0]) snprintf(server__r.host, sizeof server__r.host, "127.0.0.1:%d", sv->port);
  /* target: path and query */
  char *q = strchr(target, '?');
  if (q) {
    *q = 0;
    snprintf(server__r.query, sizeof server__r.query, "%.2047s", q + 1);
  }
  snprintf(server__r.path, sizeof server__r.path, "%.1023s", target);
  int bad = server__parse_params(server__r.query, strlen(server__r.query)) < 0 ||
            server__parse_params(body, blen) < 0;
  /* consume the request */
  memmove(c->in, c->in + used, c->in_len - used);
  c->in_len -= used;
  c->req_ns = c->in_len ? deadline_now_ns() : 0;
  c->continued = 0;
  c->served++;
  c->keep_alive = keep;
  if (bad) {
    server__text(c, 400, "Bad parameters");
    return;
  }
  server__log(sv, "%s %s", server__r.method, server__r.path);
  server__route(sv, ci);
}

/* Parses c->in if a whole request is there. Returns 1 handled, 0 need more
   bytes, -1 answered with an error (and the connection will close). */
static int server__try_request(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  size_t hlen = server__head_end(c->in, c->in_len);
  char *end = hlen ? c->in + hlen - (c->in[hlen - 2] == '\n' ? 2 : 4) : NULL;
  c->head = 0;
  if (!end) {
    if (c->in_len >= sizeof c->in - 1) {
      c->keep_alive = 0;
      server__text(c, 431, "Request header too large");
      return -1;
    }
    return 0;
  }
  memset(&server__r, 0, offsetof(server__req, pkey));
  server__r.nparams = 0;
  char *eol = memchr(c->in, '\n', hlen); /* hlen covers the blank line: never NULL */
  if (!eol) eol = end;
  char version[16] = "";
  char target[3072];
  if (!server__request_line(c->in, eol, target, version)) {
    c->keep_alive = 0;
    server__text(c, 400, "Bad Request");
    return -1;
  }
  /* the connection's fate is set once the request is whole: a close asked
     for in headers whose body is still on its way must not drop it now */
  server__head hd = {.keep = strcmp(version, "HTTP/1.0") != 0};
  if (strcmp(server__r.method, "HEAD") == 0) c->head = 1;
  server__headers(eol + 1, end, &hd);
  const char *body;
  size_t blen, used;
  int r = server__find_body(c, hlen, &hd, &body, &blen, &used);
  if (r < 0) return -1;
  if (r == 0) { /* incomplete */
    if (hd.expect && !c->continued) {
      static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\n";
      server__put(c, cont, sizeof cont - 1);
      c->continued = 1;
    }
    return 0;
  }
  server__serve(sv, ci, target, body, blen, used, hd.keep);
  return 1;
}

static void server__drop(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  if (c->parked_game >= 0 && c->parked_hero >= 0) {
    server_game *g = &sv->games[c->parked_game];
    if (g->parked[c->parked_hero] == ci) g->parked[c->parked_hero] = -1;
  }
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  c->parked_game = c->parked_hero = -1;
  c->stream = 0;
  c->stream_game = -1;
  c->in_len = c->out_len = c->out_pos = 0;
}

/* Handles queued requests while the connection is free to answer. */
static void server__pump(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  while (c->fd >= 0 && c->out_pos >= c->out_len && c->parked_game < 0 && !c->stream &&
         c->keep_alive && c->in_len > 0)
    if (server__try_request(sv, ci) <= 0) break;
}

/* Sends what is queued, handling the next pipelined request each time a
   response is out; drops the connection when it is done or broken. */
static void server__flush(server_t *sv, int ci, int64_t now) {
  server_conn *c = &sv->conns[ci];
  for (int guard = 0; guard < 64 && c->fd >= 0; guard++) {
    if (c->stream && c->file_off >= 0) server__refill(sv, ci);
    if (c->out_pos < c->out_len) {
      ssize_t w = send(c->fd, c->out + c->out_pos, c->out_len - c->out_pos, MSG_NOSIGNAL);
      if (w < 0 && errno != EAGAIN && errno != EINTR) {
        server__drop(sv, ci);
        return;
      }
      if (w > 0) {
        c->out_pos += (size_t)w;
        c->last_ns = now;
      }
      if (c->out_pos < c->out_len) return; /* the socket is full: wait for POLLOUT */
      c->out_pos = c->out_len = 0;
      continue;
    }
    if (c->parked_game >= 0) return;
    if (c->stream && (c->file_off >= 0 || c->keep_alive)) return; /* more to stream */
    if (!c->keep_alive) {
      server__drop(sv, ci);
      return;
    }
    if (c->in_len == 0) return;
    long before = c->served;
    server__pump(sv, ci);
    if (c->served == before && c->out_pos >= c->out_len) return; /* waits for more bytes */
  }
}

/* Eviction (a slot for a new connection when the table is full) follows
   rules an honest client never meets. An honest client sends its request
   head in one write as soon as it is connected, and reads its answers.
   Any newcomer may take the slot of a connection that had SERVER_GRACE_MS
   to prove honest and did not, counted from a moment its own bytes cannot
   move: a silent one from its accept, one whose request is unfinished from
   the request's first byte (a slowloris cannot refresh that clock), an idle
   keep-alive one from its last byte unless its last request joined or
   played a game still running (a player thinking). A newcomer whose whole
   request head is already there (an honest client) may also take, after
   SERVER_PROBATION_MS, the slot of a silent connection or of one whose
   request head is still unfinished. Never evictable: a seat's parked
   request, a response being sent, a request whose head is whole (its body
   may still come). Returns the rank (0 first: second joins, silent and
   slow ones; 1 idle keep-alive; 2 event streams) and the age key (*since,
   oldest first), or -1. */
static int server__evictable(server_t *sv, const server_conn *c, int64_t now, int honest,
                             int64_t *since) {
  int64_t grace = (int64_t)SERVER_GRACE_MS * SERVER_MS, probation = (int64_t)SERVER_PROBATION_MS * SERVER_MS;
  if (c->parked_game >= 0) {
    *since = c->last_ns;
    return c->parked_hero == -2 ? 0 : -1;
  }
  if (c->out_pos < c->out_len) return -1;
  if (c->stream) {
    *since = c->last_ns;
    return now - c->open_ns > grace ? 2 : -1;
  }
  if (c->in_len > 0) {
    *since = c->req_ns ? c->req_ns : c->open_ns;
    if (server__head_end(c->in, c->in_len)) return -1; /* a whole head: its body is on its way */
    return now - *since > (honest ? probation : grace) ? 0 : -1;
  }
  *since = c->served ? c->last_ns : c->open_ns;
  if (!c->served) return now - *since > (honest ? probation : grace) ? 0 : -1;
  if (now - *since <= grace) return -1;
  const server_game *g = c->player_game >= 0 ? &sv->games[c->player_game] : NULL;
  return g && g->used && !rules_finished(&g->st) ? -1 : 1;
}

/* A slot for a newcomer (honest: its whole request head is there): a free
   one, else the evictable one of the lowest rank, oldest first (*evict
   set), else -1. */
static int server__pick_slot(server_t *sv, int64_t now, int honest, int *evict) {
  int best = -1, best_rank = 9;
  int64_t best_since = 0;
  *evict = 0;
  for (int i = 0; i < SERVER_MAX_CONNS; i++) {
    server_conn *c = &sv->conns[i];
    if (c->fd < 0) return i;
    int64_t since;
    int rank = server__evictable(sv, c, now, honest, &since);
    if (rank >= 0 && (rank < best_rank || (rank == best_rank && since < best_since))) {
      best = i;
      best_rank = rank;
      best_since = since;
    }
  }
  *evict = best >= 0;
  return best;
}

static void server__read(server_t *sv, int ci, int64_t now);

/* Takes a slot for a newly accepted descriptor and reads what it sent. */
static void server__adopt(server_t *sv, int slot, int fd, int64_t now) {
  server_conn *c = &sv->conns[slot];
  c->fd = fd;
  c->in_len = c->out_len = c->out_pos = 0;
  c->parked_game = c->parked_hero = c->player_game = -1;
  c->keep_alive = 1;
  c->last_ns = c->open_ns = now;
  c->req_ns = 0;
  c->served = 0;
  c->head = c->continued = c->stream = 0;
  c->stream_game = -1;
  c->file_off = -1;
  server__read(sv, slot, now); /* an honest client's request is usually there already */
}

/* What a newcomer fd has sent (peeked, not read): 1 a whole request head,
   0 not yet, -1 closed or broken. */
static int server__peek_head(int fd) {
  static char buf[SERVER_IN_MAX];
  ssize_t r = recv(fd, buf, sizeof buf, MSG_PEEK | MSG_DONTWAIT);
  if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return -1;
  return r > 0 && server__head_end(buf, (size_t)r) ? 1 : 0;
}

static void server__refuse(int fd) {
  static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
  ssize_t w = send(fd, busy, sizeof busy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
  (void)w;
  close(fd);
}

/* Places newcomer fd (accepted at t): in a slot by the rules of
   server__evictable; else it waits in the pending table (returns 0: keep
   it there) while it is younger than SERVER_HONEST_WAIT_MS when its whole
   request head has come (an honest client is never refused only because a
   crowd holds every slot for the moment), SERVER_GRACE_MS when it is still
   silent; after that it is refused (503 and a close). Returns 1 when fd is
   done with (placed or closed). */
static int server__place(server_t *sv, int fd, int64_t t, int64_t now) {
  int head = server__peek_head(fd), evict;
  if (head < 0) {
    close(fd);
    return 1;
  }
  int slot = server__pick_slot(sv, now, head, &evict);
  if (slot < 0) {
    if (now - t <= (int64_t)(head ? SERVER_HONEST_WAIT_MS : SERVER_GRACE_MS) * SERVER_MS) return 0;
    server__refuse(fd);
    return 1;
  }
  if (evict) {
    server__log(sv, "evicting a connection (%s)%s", sv->conns[slot].served ? "idle" : "no request", "");
    server__drop(sv, slot);
  }
  server__adopt(sv, slot, fd, now);
  sv->conns[slot].open_ns = t;
  return 1;
}

/* The pending newcomers: placed once their head came or a slot freed. */
static void server__pending(server_t *sv, int64_t now) {
  for (int i = 0; i < SERVER_PENDING; i++)
    if (sv->pending_fd[i] >= 0 && server__place(sv, sv->pending_fd[i], sv->pending_ns[i], now))
      sv->pending_fd[i] = -1;
}

/* The pending entry to give up for a newcomer when the table is full: a
   free one, else the oldest still silent, else the oldest. */
static int server__pending_victim(server_t *sv) {
  int p = -1, silent = -1;
  for (int i = 0; i < SERVER_PENDING; i++) {
    if (sv->pending_fd[i] < 0) return i;
    if (p < 0 || sv->pending_ns[i] < sv->pending_ns[p]) p = i;
    if (server__peek_head(sv->pending_fd[i]) <= 0 &&
        (silent < 0 || sv->pending_ns[i] < sv->pending_ns[silent]))
      silent = i;
  }
  return silent >= 0 ? silent : p;
}

/* Drains the listen queue (so that it never fills and an honest client's
   connect always goes through). A newcomer that cannot be placed yet waits
   in the pending table; when that is full, the pending whose heads came
   are placed first, then the oldest entry still silent is refused. */
static void server__accept(server_t *sv, int64_t now) {
  for (int n = 0; n < SERVER_MAX_CONNS; n++) {
    int fd = accept(sv->listen_fd, NULL, NULL);
    if (fd < 0) return;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (server__place(sv, fd, now, now)) continue;
    server__pending(sv, now); /* heads that came meanwhile: placed before anyone is refused */
    int p = server__pending_victim(sv);
    if (sv->pending_fd[p] >= 0) server__refuse(sv->pending_fd[p]);
    sv->pending_fd[p] = fd;
    sv->pending_ns[p] = now;
  }
}

/* 1 when a game has not started and a player's join waits on it: such a
   game is not inactive (waiting is not idling). */
static int server__awaited(const server_game *g) {
  if (g->started) return 0;
  for (int k = 0; k < RULES_HEROES; k++)
    if (g->parked[k] >= 0) return 1;
  return 0;
}

/* Idle, slow and stuck connections; games nobody plays. */
static void server__timers(server_t *sv, int64_t now) {
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
    server_conn *c = &sv->conns[ci];
    if (c->fd < 0 || c->parked_game >= 0) continue;
    if (c->out_pos < c->out_len) { /* a client that does not read */
      if (sv->idle_ms > 0 && now - c->last_ns > (int64_t)sv->idle_ms * SERVER_MS) server__drop(sv, ci);
      continue;
    }
    if (c->stream) continue;
    if (c->in_len > 0 && c->req_ns && sv->read_ms > 0 && now - c->req_ns > (int64_t)sv->read_ms * SERVER_MS) {
      server__log(sv, "request not complete after %s ms%s", "read", "");
      c->keep_alive = 0;
      c->head = 0;
      server__text(c, 408, "Request Timeout");
      server__flush(sv, ci, now);
      if (c->fd >= 0) c->in_len = 0;
      continue;
    }
    if (c->in_len == 0 && sv->idle_ms > 0 && now - c->last_ns > (int64_t)sv->idle_ms * SERVER_MS)
      server__drop(sv, ci);
  }
  if (sv->inactivity_ms <= 0) return;
  int newest = -1;
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++)
    if (sv->games[gi].used && (newest < 0 || sv->games[gi].created_ns > sv->games[newest].created_ns))
      newest = gi;
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++) {
    server_game *g = &sv->games[gi];
    if (!g->used || gi == newest || rules_finished(&g->st) || server__awaited(g)) continue;
    if (now - g->active_ns > (int64_t)sv->inactivity_ms * SERVER_MS) {
      server__record(sv, "game %s: nothing for %d ms, aborted", g->id, sv->inactivity_ms);
      server__abort(sv, g, now);
    }
  }
}

/* Reads what connection ci sent and handles the requests that are whole. */
static void server__read(server_t *sv, int ci, int64_t now) {
  server_conn *c = &sv->conns[ci];
  if (c->in_len >= sizeof c->in - 1) return;
  ssize_t r = recv(c->fd, c->in + c->in_len, sizeof c->in - 1 - c->in_len, 0);
  if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
    server__drop(sv, ci);
    return;
  }
  if (r < 0) return;
  if (c->in_len == 0) c->req_ns = now;
  c->in_len += (size_t)r;
  c->last_ns = now;
  if (c->stream) {
    c->in_len = 0; /* a stream's client has nothing more to say */
    return;
  }
  server__pump(sv, ci);
}

/* The poll timeout: the earliest game timer (coarse connection timers: 50 ms). */
static int server__wait_ms(server_t *sv, int max_wait_ms, int64_t now, int conn_timers) {
  int wait = max_wait_ms;
  if (conn_timers && wait > 50) wait = 50;
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++) {
    server_game *g = &sv->games[gi];
    if (!g->used || !g->started || rules_finished(&g->st)) continue;
    int k = g->st.turn % 4;
    int64_t due;
    if (g->is_bot[k]) due = g->turn_start_ns + (int64_t)sv->bot_ms * SERVER_MS;
    else if (g->queued_dir >= 0) due = g->sent_ns + (int64_t)sv->min_ms * SERVER_MS;
    else if (sv->bot_clock) continue; /* a CPU-time limit: checked every 20 ms below */
    else due = (g->sent_ns ? g->sent_ns : g->turn_start_ns) + (int64_t)sv->timeout_ms * SERVER_MS;
    int ms = due <= now ? 0 : (int)((due - now) / SERVER_MS) + 1;
    if (ms < wait) wait = ms;
  }
  if (sv->bot_clock && wait > 20) wait = 20; /* CPU clocks: no due time known in advance */
  if (sv->inactivity_ms > 0 && wait > 1000) wait = 1000;
  return wait < 0 ? 0 : wait;
}

/* One loop: the open connections are served before new ones are accepted,
   so a crowd of newcomers cannot push out a request that has started. */
BOT_API void server_step(server_t *sv, int max_wait_ms) {
  static struct pollfd pfd[SERVER_MAX_CONNS + 1 + SERVER_PENDING];
  static int idx[SERVER_MAX_CONNS + 1 + SERVER_PENDING];
  int np = 0, conn_timers = 0;
  int64_t now = deadline_now_ns();
  for (int i = 0; i < SERVER_MAX_CONNS; i++) {
    server_conn *c = &sv->conns[i];
    if (c->fd < 0) continue;
    short ev = 0;
    if (c->out_pos < c->out_len) ev = POLLOUT;
    else if (c->in_len < sizeof c->in - 1) ev = POLLIN;
    pfd[np].fd = c->fd;
    pfd[np].events = ev;
    idx[np++] = i;
    conn_timers |= (sv->idle_ms > 0 || sv->read_ms > 0) && c->parked_game < 0;
  }
  pfd[np].fd = sv->listen_fd;
  pfd[np].events = POLLIN;
  idx[np++] = -1;
  for (int i = 0; i < SERVER_PENDING; i++)
    if (sv->pending_fd[i] >= 0) {
      pfd[np].fd = sv->pending_fd[i];
      pfd[np].events = POLLIN;
      idx[np++] = -1;
      conn_timers = 1;
    }
  int pr = poll(pfd, (nfds_t)np, server__wait_ms(sv, max_wait_ms, now, conn_timers));
  if (pr < 0 && errno != EINTR) return;
  now = deadline_now_ns();
  for (int i = 0; pr > 0 && i < np; i++) {
    if (!pfd[i].revents || idx[i] < 0) continue;
    int ci = idx[i];
    server_conn *c = &sv->conns[ci];
    if (c->fd < 0 || c->fd != pfd[i].fd) continue;
    if (c->out_pos < c->out_len) {
      if (pfd[i].revents & (POLLERR | POLLHUP)) server__drop(sv, ci);
      else server__flush(sv, ci, now);
      continue;
    }
    server__read(sv, ci, now);
  }
  server__timers(sv, now);
  server__pending(sv, now);
  server__accept(sv, now);
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++)
    if (sv->games[gi].used) server__advance(sv, &sv->games[gi], now);
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++)
    if (sv->conns[ci].fd >= 0) server__flush(sv, ci, now);
}
