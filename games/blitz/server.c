/*
** server.c -- the local Blitz REST server (see server.h, spec section 8).
**
** Request handling: bytes accumulate in conn->in until the header end;
** Content-Length bodies up to what fits (else 413); query and form
** parameters are merged (query first). Every response carries
** Content-Length; the connection is kept unless the client asked to close
** (or spoke HTTP/1.0 without keep-alive) or the request was malformed.
** Game progress (bots, crashed heroes, timeouts, held-back moves) happens in
** server__advance, called after every event and every poll timeout.
*/
#include "server.h"

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
#include <unistd.h>

#include "deadline.h"
#include "http.h"
#include "maps.h"

#define SERVER_MAX_PARAMS 16

typedef struct server__req {
  char method[16];
  char path[1024];
  char query[2048];
  char host[128];
  const char *body;
  size_t body_len;
  int nparams;
  char pkey[SERVER_MAX_PARAMS][32];
  char pval[SERVER_MAX_PARAMS][SERVER_IN_MAX / 2];
} server__req;

static server__req server__r; /* one request is handled at a time */

static void server__log(server_t *sv, const char *fmt, const char *a, const char *b) {
  if (sv->verbose) {
    fprintf(stderr, "blitz-server: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
  }
}

BOT_API int server_open(server_t *sv, int port, uint64_t seed, char *err, size_t errcap) {
  int timeout = sv->timeout_ms, min_ms = sv->min_ms, bot_ms = sv->bot_ms, verbose = sv->verbose;
  char keys[sizeof sv->keys];
  memcpy(keys, sv->keys, sizeof keys);
  memset(sv, 0, sizeof *sv);
  sv->timeout_ms = timeout > 0 ? timeout : 1000;
  sv->min_ms = min_ms;
  sv->bot_ms = bot_ms;
  sv->verbose = verbose;
  memcpy(sv->keys, keys, sizeof keys);
  sv->seed = seed;
  rng_seed(&sv->rng, seed ^ 0x5b1172016ULL);
  for (int i = 0; i < SERVER_MAX_CONNS; i++) sv->conns[i].fd = -1;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    snprintf(err, errcap, "socket: %s", strerror(errno));
    return -1;
  }
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons((uint16_t)port);
  if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 64) < 0) {
    snprintf(err, errcap, "cannot listen on 127.0.0.1:%d: %s", port, strerror(errno));
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
  if (sv->listen_fd >= 0) close(sv->listen_fd);
  sv->listen_fd = -1;
}

static void server__random_id(rng_t *r, char *out, int n) {
  static const char alpha[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (int i = 0; i < n; i++) out[i] = alpha[rng_below(r, 36)];
  out[n] = 0;
}

BOT_API server_game *server_game_by_id(server_t *sv, const char *id) {
  for (int i = 0; i < SERVER_MAX_GAMES; i++)
    if (sv->games[i].used && strcmp(sv->games[i].id, id) == 0) return &sv->games[i];
  return NULL;
}

/* A free game slot: unused, else the oldest finished game; -1 if none. */
static int server__slot(server_t *sv) {
  int best = -1;
  for (int i = 0; i < SERVER_MAX_GAMES; i++) {
    server_game *g = &sv->games[i];
    if (!g->used) return i;
    if (rules_finished(&g->st) && (best < 0 || g->created_ns < sv->games[best].created_ns))
      best = i;
  }
  if (best >= 0) {
    for (int k = 0; k < RULES_HEROES; k++)
      if (sv->games[best].parked[k] >= 0) return -1;
  }
  return best;
}

/* Loads the board: map name, map text, or a generated one. */
static int server__board(server_game *g, const char *map, uint64_t seed, int size, char *err,
                         size_t errcap) {
  if (map && *map) {
    const char *text = maps_named(map);
    if (rules_parse_map(&g->st, text ? text : map, err, errcap) < 0) return -1;
  } else if (rules_generate(&g->st, seed, size, err, errcap) < 0) {
    return -1;
  }
  return 0;
}

static int server__new_game(server_t *sv, const char *id, const char *map, uint64_t seed,
                            int size, int turns, int training, char *err, size_t errcap) {
  int slot = server__slot(sv);
  if (slot < 0) {
    snprintf(err, errcap, "Blitz - Too many games running");
    return -1;
  }
  server_game *g = &sv->games[slot];
  static server_game fresh;
  memset(&fresh, 0, sizeof fresh);
  if (server__board(&fresh, map, seed, size, err, errcap) < 0) return -1;
  memcpy(g, &fresh, sizeof *g);
  g->used = 1;
  rng_seed(&g->rng, seed ^ ((uint64_t)sv->games_created << 32));
  if (id && *id) snprintf(g->id, sizeof g->id, "%.8s", id);
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
  g->created_ns = deadline_now_ns();
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

static int server__append(server_conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int server__append(server_conn *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = sizeof c->out - c->out_len;
  int n = vsnprintf(c->out + c->out_len, room, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= room) return -1;
  c->out_len += (size_t)n;
  return 0;
}

static const char *server__reason(int status) {
  switch (status) {
  case 200: return "OK";
  case 400: return "Bad Request";
  case 404: return "Not Found";
  case 405: return "Method Not Allowed";
  case 413: return "Request Entity Too Large";
  case 431: return "Request Header Fields Too Large";
  case 500: return "Internal Server Error";
  default: return "Error";
  }
}

static void server__respond(server_conn *c, int status, const char *ctype, const char *body,
                            size_t len) {
  c->out_len = c->out_pos = 0;
  if (server__append(c,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Connection: %s\r\n\r\n",
                     status, server__reason(status), ctype, len,
                     c->keep_alive ? "keep-alive" : "close") < 0 ||
      c->out_len + len > sizeof c->out) {
    c->out_len = 0;
    server__append(c, "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    c->keep_alive = 0;
    return;
  }
  memcpy(c->out + c->out_len, body, len);
  c->out_len += len;
}

static void server__text(server_conn *c, int status, const char *text) {
  server__respond(c, status, "text/plain; charset=utf-8", text, strlen(text));
}

static void server__hero_json(char *o, size_t cap, size_t *n, const server_game *g, int k) {
  const rules_hero *h = &g->st.heroes[k];
  int w = snprintf(o + *n, cap - *n, "{\"id\":%d,\"name\":\"%s\"", k + 1, g->name[k]);
  *n += (size_t)w;
  if (!g->is_bot[k] && g->key[k][0]) {
    char uid[9];
    uint64_t hsh = 1469598103934665603ULL;
    for (const char *p = g->key[k]; *p; p++) hsh = (hsh ^ (unsigned char)*p) * 1099511628211ULL;
    rng_t r;
    rng_seed(&r, hsh);
    server__random_id(&r, uid, 8);
    *n += (size_t)snprintf(o + *n, cap - *n, ",\"userId\":\"%s\",\"elo\":1200", uid);
  }
  *n += (size_t)snprintf(o + *n, cap - *n, ",\"pos\":{\"x\":%d,\"y\":%d}", h->x, h->y);
  if (h->last_dir >= 0)
    *n += (size_t)snprintf(o + *n, cap - *n, ",\"lastDir\":\"%s\"", rules_dir_name(h->last_dir));
  *n += (size_t)snprintf(o + *n, cap - *n,
                         ",\"life\":%d,\"gold\":%d,\"mineCount\":%d,\"spawnPos\":{\"x\":%d,\"y\":%d},"
                         "\"crashed\":%s,\"ready\":%s}",
                         h->life, h->gold, h->mines, h->spawn_x, h->spawn_y,
                         h->crashed ? "true" : "false",
                         (g->is_bot[k] || g->key[k][0]) ? "true" : "false");
}

/* Writes the state JSON for hero k (0..3) into c as a 200 response. */
static void server__send_state(server_conn *c, const server_game *g, int k, const char *host) {
  static char body[SERVER_OUT_MAX - 256];
  static char tiles[2 * RULES_CELLS + 1];
  size_t n = 0, cap = sizeof body;
  rules_tiles(&g->st, tiles, sizeof tiles);
  n += (size_t)snprintf(body + n, cap - n,
                        "{\"game\":{\"id\":\"%s\",\"turn\":%d,\"maxTurns\":%d,\"heroes\":[", g->id,
                        g->st.turn, g->st.max_turns);
  for (int j = 0; j < RULES_HEROES; j++) {
    if (j) body[n++] = ',';
    server__hero_json(body, cap, &n, g, j);
  }
  n += (size_t)snprintf(body + n, cap - n,
                        "],\"board\":{\"size\":%d,\"tiles\":\"%s\"},\"category\":\"%s\","
                        "\"finished\":%s,\"started\":%s},\"hero\":",
                        g->st.n, tiles, g->category, rules_finished(&g->st) ? "true" : "false",
                        g->started ? "true" : "false");
  server__hero_json(body, cap, &n, g, k);
  n += (size_t)snprintf(body + n, cap - n,
                        ",\"token\":\"%s\",\"viewUrl\":\"http://%s/%s\","
                        "\"playUrl\":\"http://%s/api/%s/%s/play\"}",
                        g->token[k], host, g->id, host, g->id, g->token[k]);
  if (n >= cap) {
    server__text(c, 500, "state too large");
    return;
  }
  server__respond(c, 200, "application/json; charset=utf-8", body, n);
}

/* ---- game progress ---- */

static void server__release(server_t *sv, server_game *g, int k) {
  int ci = g->parked[k];
  if (ci < 0) return;
  g->parked[k] = -1;
  server_conn *c = &sv->conns[ci];
  c->parked_game = c->parked_hero = -1;
  if (c->fd >= 0) server__send_state(c, g, k, g->host[k]);
}

static void server__apply(server_game *g, int dir, int64_t now) {
  rules_move(&g->st, dir);
  g->turn_start_ns = now;
  g->sent_ns = 0;
  g->queued_dir = -1;
}

static void server__advance(server_t *sv, server_game *g, int64_t now) {
  for (int guard = 0; guard < 4 * 2400 + 8; guard++) {
    if (!g->started || rules_finished(&g->st)) break;
    int k = g->st.turn % 4;
    if (g->is_bot[k]) {
      if (sv->bot_ms > 0 && now < g->turn_start_ns + (int64_t)sv->bot_ms * 1000000) break;
      server__apply(g, (int)rng_below(&g->rng, 4), now);
      continue;
    }
    if (g->st.heroes[k].crashed) {
      server__apply(g, RULES_STAY, now);
      continue;
    }
    if (g->queued_dir >= 0) {
      if (now < g->sent_ns + (int64_t)sv->min_ms * 1000000) break;
      server__apply(g, g->queued_dir, now);
      continue;
    }
    if (!g->sent_ns && g->parked[k] >= 0) {
      g->sent_ns = now;
      server__release(sv, g, k);
    }
    int64_t limit = (g->sent_ns ? g->sent_ns : g->turn_start_ns) + (int64_t)sv->timeout_ms * 1000000;
    if (now >= limit) {
      server__log(sv, "game %s: hero %s timed out", g->id, g->name[k]);
      double ms = (double)(now - (g->sent_ns ? g->sent_ns : g->turn_start_ns)) / 1e6;
      g->think_sum_ms[k] += ms;
      g->think_n[k]++;
      if (ms > g->think_max_ms[k]) g->think_max_ms[k] = ms;
      server__apply(g, RULES_CRASH, now);
      continue;
    }
    break;
  }
  if (g->started && rules_finished(&g->st))
    for (int k = 0; k < RULES_HEROES; k++) server__release(sv, g, k);
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

static int server__key_ok(server_t *sv, const char *key) {
  if (!sv->keys[0]) return 1;
  size_t kl = strlen(key);
  const char *p = sv->keys;
  while (*p) {
    size_t l = strcspn(p, ",");
    if (l == kl && strncmp(p, key, l) == 0) return 1;
    p += l;
    if (*p == ',') p++;
  }
  return 0;
}

static void server__route(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  const char *path = server__r.path;
  int64_t now = deadline_now_ns();
  char err[256];
  int is_post = strcmp(server__r.method, "POST") == 0;
  if (strcmp(path, "/api/training") == 0 || strcmp(path, "/api/arena") == 0) {
    if (!is_post) {
      server__text(c, 404, "Blitz - Not found");
      return;
    }
    const char *key = server__param("key");
    if (!key || !*key) {
      server__text(c, 400, "Did you forget the key parameter?");
      return;
    }
    if (!server__key_ok(sv, key) || strlen(key) >= SERVER_KEY_MAX) {
      server__text(c, 400, "Blitz - Key not found");
      return;
    }
    server_game *g;
    int k;
    if (path[5] == 't') {
      const char *turns_s = server__param("turns");
      int turns = 300;
      if (turns_s && *turns_s) {
        char *e;
        long t = strtol(turns_s, &e, 10);
        if (*e || t < 1) {
          server__text(c, 400, "Blitz - Invalid turns");
          return;
        }
        turns = t > 600 ? 600 : (int)t;
      }
      const char *map = server__param("map");
      uint64_t seed = sv->seed + (uint64_t)sv->games_created * 0x9E3779B97F4A7C15ULL;
      int slot = server__new_game(sv, NULL, map, seed, 0, turns, 1, err, sizeof err);
      if (slot < 0) {
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
        return;
      }
      g = &sv->games[slot];
      k = 0;
      snprintf(g->key[0], sizeof g->key[0], "%s", key);
      snprintf(g->name[0], sizeof g->name[0], "%.20s", key);
      for (int j = 1; j < 4; j++) {
        g->is_bot[j] = 1;
        snprintf(g->name[j], sizeof g->name[j], "random");
      }
      g->joined = 4;
      g->started = 1;
      g->turn_start_ns = now;
      server__log(sv, "training game %s for key %s", g->id, key);
    } else {
      const char *gid = server__param("gameId");
      g = gid ? server_game_by_id(sv, gid) : NULL;
      if (!g || g->training) {
        char msg[200];
        snprintf(msg, sizeof msg, "Blitz - No round with id %.100s", gid ? gid : "");
        server__text(c, 400, msg);
        return;
      }
      k = -1;
      for (int j = 0; j < 4; j++)
        if (strcmp(g->key[j], key) == 0) {
          /* a second join by the same team is silently dropped: it waits */
          c->parked_game = (int)(g - sv->games);
          c->parked_hero = -2;
          return;
        }
      for (int j = 0; j < 4 && k < 0; j++)
        if (!g->key[j][0] && strcmp(g->seat_key[j], key) == 0) k = j;
      for (int j = 0; j < 4 && k < 0; j++)
        if (!g->key[j][0] && !g->seat_key[j][0]) k = j;
      if (k < 0 || g->started) {
        server__text(c, 400, "Blitz - This game is full");
        return;
      }
      snprintf(g->key[k], sizeof g->key[k], "%s", key);
      snprintf(g->name[k], sizeof g->name[k], "%.20s", key);
      g->joined++;
      server__log(sv, "game %s: %s joined", g->id, key);
      if (g->joined == 4) {
        g->started = 1;
        g->turn_start_ns = now;
      }
    }
    g->parked[k] = ci;
    c->parked_game = (int)(g - sv->games);
    c->parked_hero = k;
    snprintf(g->host[k], sizeof g->host[k], "%s", server__r.host);
    server__advance(sv, g, now);
    return;
  }
  if (strncmp(path, "/api/", 5) == 0) {
    /* /api/<game>/<token>/play */
    char gid[64], tok[64], rest[16];
    const char *p = path + 5;
    const char *s1 = strchr(p, '/');
    const char *s2 = s1 ? strchr(s1 + 1, '/') : NULL;
    if (!s1 || !s2 || (size_t)(s1 - p) >= sizeof gid || (size_t)(s2 - s1 - 1) >= sizeof tok ||
        strlen(s2 + 1) >= sizeof rest || strcmp(s2 + 1, "play") != 0) {
      server__text(c, 404, "Blitz - Not found");
      return;
    }
    memcpy(gid, p, (size_t)(s1 - p));
    gid[s1 - p] = 0;
    memcpy(tok, s1 + 1, (size_t)(s2 - s1 - 1));
    tok[s2 - s1 - 1] = 0;
    if (!is_post) {
      server__text(c, 404, "Blitz - Not found");
      return;
    }
    const char *dir_s = server__param("dir");
    int dir = rules_dir_parse(dir_s);
    if (dir < 0) {
      server__text(c, 400, "");
      return;
    }
    server_game *g = server_game_by_id(sv, gid);
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
    double ms = (double)(now - g->sent_ns) / 1e6;
    g->think_sum_ms[k] += ms;
    g->think_n[k]++;
    if (ms > g->think_max_ms[k]) g->think_max_ms[k] = ms;
    g->queued_dir = dir;
    g->parked[k] = ci;
    c->parked_game = (int)(g - sv->games);
    c->parked_hero = k;
    snprintf(g->host[k], sizeof g->host[k], "%s", server__r.host);
    server__advance(sv, g, now);
    return;
  }
  if (strcmp(path, "/games") == 0 && is_post) {
    const char *cat = server__param("category");
    int slot = server__new_game(sv, NULL, server__param("map"),
                                sv->seed + (uint64_t)sv->games_created * 0x9E3779B97F4A7C15ULL, 0,
                                300, 0, err, sizeof err);
    if (slot < 0) {
      server__text(c, 400, err);
      return;
    }
    if (cat) snprintf(sv->games[slot].category, sizeof sv->games[slot].category, "%.30s", cat);
    char msg[64];
    snprintf(msg, sizeof msg, "{\"id\":\"%s\"}", sv->games[slot].id);
    server__respond(c, 200, "application/json", msg, strlen(msg));
    return;
  }
  if (strncmp(path, "/games/", 7) == 0 && is_post) {
    char gid[16];
    if (sscanf(path + 7, "%15[0-9a-z]/start", gid) == 1) {
      server_game *g = server_game_by_id(sv, gid);
      if (!g) {
        server__text(c, 404, "Blitz - Unknown game");
        return;
      }
      if (g->joined < 4) {
        server__text(c, 400, "Blitz - Not enough players");
        return;
      }
      server__text(c, 200, "started");
      return;
    }
  }
  if (strcmp(server__r.method, "GET") == 0 && path[0] == '/' && strlen(path) == 9) {
    server_game *g = server_game_by_id(sv, path + 1);
    if (g) {
      static char page[4096];
      static char tiles[2 * RULES_CELLS + 1];
      rules_tiles(&g->st, tiles, sizeof tiles);
      size_t n = (size_t)snprintf(page, sizeof page, "Blitz game %s turn %d/%d%s\n", g->id,
                                  g->st.turn, g->st.max_turns,
                                  rules_finished(&g->st) ? " finished" : "");
      for (int x = 0; x < g->st.n && n + 2 * (size_t)g->st.n + 2 < sizeof page; x++) {
        memcpy(page + n, tiles + 2 * x * g->st.n, 2 * (size_t)g->st.n);
        n += 2 * (size_t)g->st.n;
        page[n++] = '\n';
      }
      for (int k = 0; k < 4; k++)
        n += (size_t)snprintf(page + n, sizeof page - n, "@%d %s life %d gold %d mines %d%s\n",
                              k + 1, g->name[k], g->st.heroes[k].life, g->st.heroes[k].gold,
                              g->st.heroes[k].mines, g->st.heroes[k].crashed ? " crashed" : "");
      server__respond(c, 200, "text/plain; charset=utf-8", page, n < sizeof page ? n : sizeof page);
      return;
    }
  }
  server__text(c, 404, "Blitz - Not found");
}

/* Parses c->in if a whole request is there. Returns 1 handled, 0 need more
   bytes, -1 answered with an error (and the connection will close). */
static int server__try_request(server_t *sv, int ci) {
  server_conn *c = &sv->conns[ci];
  char *end = NULL;
  size_t hlen = 0;
  for (size_t i = 0; i + 1 < c->in_len; i++) {
    if (c->in[i] == '\n' && c->in[i + 1] == '\n') {
      end = c->in + i;
      hlen = i + 2;
      break;
    }
    if (i + 3 < c->in_len && c->in[i] == '\r' && c->in[i + 1] == '\n' && c->in[i + 2] == '\r' &&
        c->in[i + 3] == '\n') {
      end = c->in + i;
      hlen = i + 4;
      break;
    }
  }
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
  /* request line */
  char *line = c->in;
  char *eol = memchr(line, '\n', hlen); /* hlen covers the blank line: never NULL */
  if (!eol) eol = end;
  char version[16] = "";
  char target[3072];
  {
    char first[3200];
    size_t fl = (size_t)(eol - line);
    if (fl > 0 && line[fl - 1] == '\r') fl--;
    if (fl >= sizeof first) fl = sizeof first - 1;
    memcpy(first, line, fl);
    first[fl] = 0;
    if (sscanf(first, "%15s %3071s %15s", server__r.method, target, version) != 3 ||
        strncmp(version, "HTTP/1.", 7) != 0) {
      c->keep_alive = 0;
      server__text(c, 400, "Bad Request");
      return -1;
    }
  }
  c->keep_alive = strcmp(version, "HTTP/1.0") != 0;
  long clen = 0;
  int chunked = 0;
  /* headers */
  char *p = eol + 1;
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
      if (strcasecmp(h, "Host") == 0) snprintf(server__r.host, sizeof server__r.host, "%.120s", v);
      else if (strcasecmp(h, "Content-Length") == 0) {
        char *ee;
        clen = strtol(v, &ee, 10);
        if (ee == v || clen < 0) clen = -1;
      } else if (strcasecmp(h, "Connection") == 0) {
        if (strncasecmp(v, "close", 5) == 0) c->keep_alive = 0;
        else if (strncasecmp(v, "keep-alive", 10) == 0) c->keep_alive = 1;
      } else if (strcasecmp(h, "Transfer-Encoding") == 0) {
        chunked = 1;
      }
    }
    p = e + 1;
  }
  if (clen < 0 || chunked) {
    c->keep_alive = 0;
    server__text(c, 400, chunked ? "Chunked request bodies are not supported" : "Bad Content-Length");
    return -1;
  }
  if (hlen + (size_t)clen > sizeof c->in - 1) {
    c->keep_alive = 0;
    server__text(c, 413, "Request Entity Too Large");
    return -1;
  }
  if (c->in_len < hlen + (size_t)clen) return 0;
  if (!server__r.host[0]) snprintf(server__r.host, sizeof server__r.host, "127.0.0.1:%d", sv->port);
  /* target: path and query */
  char *q = strchr(target, '?');
  if (q) {
    *q = 0;
    snprintf(server__r.query, sizeof server__r.query, "%.2047s", q + 1);
  }
  snprintf(server__r.path, sizeof server__r.path, "%.1023s", target);
  int bad = server__parse_params(server__r.query, strlen(server__r.query)) < 0 ||
            server__parse_params(c->in + hlen, (size_t)clen) < 0;
  /* consume the request */
  size_t used = hlen + (size_t)clen;
  memmove(c->in, c->in + used, c->in_len - used);
  c->in_len -= used;
  c->out_len = c->out_pos = 0;
  if (bad) {
    server__text(c, 400, "Bad parameters");
    return 1;
  }
  server__log(sv, "%s %s", server__r.method, server__r.path);
  server__route(sv, ci);
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
  c->in_len = c->out_len = c->out_pos = 0;
}

BOT_API void server_step(server_t *sv, int max_wait_ms) {
  struct pollfd pfd[SERVER_MAX_CONNS + 1];
  int idx[SERVER_MAX_CONNS + 1];
  int np = 0;
  pfd[np].fd = sv->listen_fd;
  pfd[np].events = POLLIN;
  idx[np++] = -1;
  for (int i = 0; i < SERVER_MAX_CONNS; i++) {
    server_conn *c = &sv->conns[i];
    if (c->fd < 0) continue;
    pfd[np].fd = c->fd;
    pfd[np].events = (short)(c->out_pos < c->out_len ? POLLOUT : POLLIN);
    idx[np++] = i;
  }
  /* wake up for the earliest timer */
  int64_t now = deadline_now_ns();
  int wait = max_wait_ms;
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++) {
    server_game *g = &sv->games[gi];
    if (!g->used || !g->started || rules_finished(&g->st)) continue;
    int k = g->st.turn % 4;
    int64_t due;
    if (g->is_bot[k]) due = g->turn_start_ns + (int64_t)sv->bot_ms * 1000000;
    else if (g->queued_dir >= 0) due = g->sent_ns + (int64_t)sv->min_ms * 1000000;
    else due = (g->sent_ns ? g->sent_ns : g->turn_start_ns) + (int64_t)sv->timeout_ms * 1000000;
    int ms = due <= now ? 0 : (int)((due - now) / 1000000) + 1;
    if (ms < wait) wait = ms;
  }
  int pr = poll(pfd, (nfds_t)np, wait < 0 ? 0 : wait);
  if (pr < 0 && errno != EINTR) return;
  for (int i = 0; pr > 0 && i < np; i++) {
    if (!pfd[i].revents) continue;
    if (idx[i] < 0) {
      for (;;) {
        int fd = accept(sv->listen_fd, NULL, NULL);
        if (fd < 0) break;
        int slot = -1;
        for (int j = 0; j < SERVER_MAX_CONNS && slot < 0; j++)
          if (sv->conns[j].fd < 0) slot = j;
        if (slot < 0) {
          static const char busy[] =
              "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
          ssize_t w = send(fd, busy, sizeof busy - 1, MSG_NOSIGNAL);
          (void)w;
          close(fd);
          continue;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        server_conn *c = &sv->conns[slot];
        c->fd = fd;
        c->in_len = c->out_len = c->out_pos = 0;
        c->parked_game = c->parked_hero = -1;
        c->keep_alive = 1;
      }
      continue;
    }
    int ci = idx[i];
    server_conn *c = &sv->conns[ci];
    if (c->fd < 0) continue;
    if (c->out_pos < c->out_len) {
      ssize_t w = send(c->fd, c->out + c->out_pos, c->out_len - c->out_pos, MSG_NOSIGNAL);
      if (w < 0 && errno != EAGAIN && errno != EINTR) {
        server__drop(sv, ci);
        continue;
      }
      if (w > 0) c->out_pos += (size_t)w;
      if (c->out_pos >= c->out_len) {
        c->out_pos = c->out_len = 0;
        if (!c->keep_alive) server__drop(sv, ci);
      }
      continue;
    }
    ssize_t r = recv(c->fd, c->in + c->in_len, sizeof c->in - 1 - c->in_len, 0);
    if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
      server__drop(sv, ci);
      continue;
    }
    if (r < 0) continue;
    c->in_len += (size_t)r;
    if (c->parked_game >= 0) continue; /* one request at a time: extra bytes wait */
    int rc = server__try_request(sv, ci);
    (void)rc;
  }
  now = deadline_now_ns();
  for (int gi = 0; gi < SERVER_MAX_GAMES; gi++)
    if (sv->games[gi].used) server__advance(sv, &sv->games[gi], now);
  /* flush what is ready right away (most responses fit one send) */
  for (int ci = 0; ci < SERVER_MAX_CONNS; ci++) {
    server_conn *c = &sv->conns[ci];
    if (c->fd < 0 || c->out_pos >= c->out_len) continue;
    ssize_t w = send(c->fd, c->out + c->out_pos, c->out_len - c->out_pos, MSG_NOSIGNAL);
    if (w > 0) c->out_pos += (size_t)w;
    else if (w < 0 && errno != EAGAIN && errno != EINTR) {
      server__drop(sv, ci);
      continue;
    }
    if (c->out_pos >= c->out_len) {
      c->out_pos = c->out_len = 0;
      if (!c->keep_alive) server__drop(sv, ci);
      else if (c->in_len > 0 && c->parked_game < 0) server__try_request(sv, ci);
    }
  }
}
