/*
** server.c -- the local Get1000 server (see server.h for the rules).
**
** Reads are non-blocking (poll then recv); writes are queued in the
** connection's bounded output buffer and flushed without blocking (at once,
** then on POLLOUT); a write error or a full buffer drops the connection. A message
** is handled as soon as its last frame arrives; the next roll goes out as
** soon as every active agent has answered, so matches run at loopback speed.
*/
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base64.h"
#include "deadline.h"
#include "json.h"
#include "ws.h"

#define SERVER_TOKS 64

static void server__log(const server_t *s, const char *fmt, ...) {
  if (!s->cfg.verbose) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "get1000-server: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

BOT_API void server_default_config(server_config *c) {
  memset(c, 0, sizeof *c);
  c->port = 8443;
  c->players = 2;
  c->seed = 1;
  c->limit_ms = 1000;
  c->target = 20;
  c->max_rounds = 1000;
  c->test_rounds = 3;
  c->handshake_ms = 5000;
  c->room_wait_ms = 10000;
}

BOT_API int server_find_room(const server_t *s, const char *id) {
  for (int i = 0; i < SERVER_MAX_ROOMS; i++)
    if (s->rooms[i].used && strcmp(s->rooms[i].id, id) == 0) return i;
  return -1;
}

/* ---- connections ------------------------------------------------------ */

static void server__free_conn(server_t *s, int ci) {
  server_conn *c = &s->conns[ci];
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
  c->out_len = c->out_pos = 0;
}

/* Leaves a room that has not started: the seats after it move up; an
   empty room is freed. */
static void server__leave(server_t *s, int ri, int seat) {
  server_room *r = &s->rooms[ri];
  for (int i = seat; i + 1 < r->np; i++) {
    r->p[i] = r->p[i + 1];
    if (r->p[i].conn >= 0) s->conns[r->p[i].conn].seat = i;
  }
  if (--r->np == 0) r->used = 0;
}

static void server__forfeit(server_t *s, int ri, int seat, const char *error, const char *why);

/* The connection is gone (EOF, error, protocol violation). */
static void server__drop(server_t *s, int ci, const char *why) {
  server_conn *c = &s->conns[ci];
  int ri = c->room, seat = c->seat;
  server__free_conn(s, ci);
  if (ri >= 0 && seat >= 0) {
    server_room *r = &s->rooms[ri];
    if (!r->started) { /* leave a room still waiting for players */
      server__leave(s, ri, seat);
      return;
    }
    r->p[seat].conn = -1;
    if (r->p[seat].active) server__forfeit(s, ri, seat, "crash", why);
  }
}

/* Sends what is queued without blocking. Returns -1 on a write error. */
static int server__flush(server_conn *c) {
  while (c->fd >= 0 && c->out_pos < c->out_len) {
    ssize_t w = send(c->fd, c->out + c->out_pos, c->out_len - c->out_pos, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (w <= 0) return -1;
    c->out_pos += (size_t)w;
  }
  if (c->out_pos == c->out_len) c->out_pos = c->out_len = 0;
  return 0;
}

/* Appends bytes to the output buffer; -1 if they do not fit (a client
   that does not read). */
static int server__put(server_conn *c, const void *p, size_t n) {
  if (c->fd < 0) return -1;
  if (c->out_pos > 0 && c->out_len + n > sizeof c->out) {
    memmove(c->out, c->out + c->out_pos, c->out_len - c->out_pos);
    c->out_len -= c->out_pos;
    c->out_pos = 0;
  }
  if (c->out_len + n > sizeof c->out) return -1;
  memcpy(c->out + c->out_len, p, n);
  c->out_len += n;
  return 0;
}

/* Queues bytes and sends what the socket takes now; -1 if they do not fit
   or the connection failed. */
static int server__queue(server_conn *c, const void *p, size_t n) {
  return server__put(c, p, n) == 0 ? server__flush(c) : -1;
}

static int server__send_frame(server_t *s, int ci, int op, const void *p, size_t n) {
  server_conn *c = &s->conns[ci];
  uint8_t fr[SERVER_IN_MAX + WS_HDR_MAX];
  if (c->fd < 0) return -1;
  long k = ws_frame_build(op, 1, p, n, NULL, fr, sizeof fr);
  if (k < 0) return -1;
  return server__queue(c, fr, (size_t)k);
}

static void server__send_text(server_t *s, int ci, const char *text) {
  if (server__send_frame(s, ci, WS_OP_TEXT, text, strlen(text)) != 0)
    server__drop(s, ci, "send failed or output buffer full (not reading)");
}

/* Sends a close frame and waits (at most 1 s) for the peer's. */
static void server__start_close(server_t *s, int ci, int code) {
  server_conn *c = &s->conns[ci];
  if (c->fd < 0 || c->closing) return;
  uint8_t p[2] = {(uint8_t)(code >> 8), (uint8_t)code};
  c->room = c->seat = -1;
  if (server__send_frame(s, ci, WS_OP_CLOSE, p, 2) != 0) {
    server__free_conn(s, ci);
    return;
  }
  c->closing = 1;
  c->close_by_ns = deadline_now_ns() + 1000000000LL;
}

static void server__http_error(server_t *s, int ci, const char *status) {
  char resp[256];
  int n = snprintf(resp, sizeof resp, "HTTP/1.1 %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                   status);
  if (send(s->conns[ci].fd, resp, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
    /* the connection is being dropped anyway */
  }
  s->bad_inputs++;
  server__log(s, "HTTP %s", status);
  server__free_conn(s, ci);
}

/* ---- messages --------------------------------------------------------- */

static void server__error_msg(server_t *s, int ci, const char *room, const char *why) {
  char id[2 * SERVER_ID_MAX + 8], em[400], msg[900];
  if (json_escape(room, id, sizeof id) < 0) snprintf(id, sizeof id, "\"\"");
  if (json_escape(why, em, sizeof em) < 0) snprintf(em, sizeof em, "\"error\"");
  snprintf(msg, sizeof msg, "{\"response\":[\"no.sonat.game.GameError\",{\"id\":%s,\"errorMsg\":%s}]}",
           id, em);
  server__send_text(s, ci, msg);
}

static void server__room_msg(server_t *s, int ci, const char *cls, const char *room) {
  char id[2 * SERVER_ID_MAX + 8], msg[400];
  if (json_escape(room, id, sizeof id) < 0) snprintf(id, sizeof id, "\"\"");
  snprintf(msg, sizeof msg, "{\"response\":[\"no.sonat.game.%s\",{\"id\":%s}]}", cls, id);
  server__send_text(s, ci, msg);
}

/* The result of a finished match: JSON line into s->last_result, the
   recent ring, the results file and (verbose) one log line. */
static void server__record(server_t *s, const server_room *r) {
  int rank[SERVER_MAX_PLAYERS], winner = -1, firsts = 0;
  for (int i = 0; i < r->np; i++) {
    rank[i] = 1;
    for (int j = 0; j < r->np; j++) {
      const server_player *a = &r->p[i], *b = &r->p[j];
      if ((b->active && !a->active) || (b->active == a->active && b->wins > a->wins)) rank[i]++;
    }
    if (rank[i] == 1) {
      winner = i;
      firsts++;
    }
  }
  if (firsts != 1) winner = -1;
  char *o = s->last_result, esc[2 * SERVER_ID_MAX + 8], why[400];
  size_t cap = sizeof s->last_result, n = 0;
  if (json_escape(r->id, esc, sizeof esc) < 0) snprintf(esc, sizeof esc, "\"\"");
  n += (size_t)snprintf(o + n, cap - n, "{\"room\":%s,\"time\":%lld,\"rounds\":%ld,\"rolls\":%ld,\"winner\":",
                        esc, (long long)time(NULL), r->rounds, r->rolls);
  if (winner >= 0 && json_escape(r->p[winner].name, esc, sizeof esc) >= 0)
    n += (size_t)snprintf(o + n, cap - n, "%s", esc);
  else
    n += (size_t)snprintf(o + n, cap - n, "null");
  n += (size_t)snprintf(o + n, cap - n, ",\"players\":[");
  char line[600];
  size_t ln = (size_t)snprintf(line, sizeof line, "match %s ended after %ld rounds: winner %s;", r->id,
                               r->rounds, winner >= 0 ? r->p[winner].name : "none (tie)");
  for (int i = 0; i < r->np && n < cap; i++) {
    const server_player *p = &r->p[i];
    if (json_escape(p->name, esc, sizeof esc) < 0) snprintf(esc, sizeof esc, "\"\"");
    if (json_escape(p->why, why, sizeof why) < 0) snprintf(why, sizeof why, "\"\"");
    n += (size_t)snprintf(o + n, cap - n, "%s{\"name\":%s,\"wins\":%d,\"rank\":%d,\"error\":\"%s\",\"why\":%s}",
                          i ? "," : "", esc, p->wins, rank[i], p->error, why);
    if (ln < sizeof line)
      ln += (size_t)snprintf(line + ln, sizeof line - ln, " %s %d round%s%s%s%s", p->name, p->wins,
                             p->wins == 1 ? "" : "s", p->error[0] ? " (forfeit: " : "", p->error,
                             p->error[0] ? ")" : "");
  }
  if (n + 3 >= cap) { /* cannot happen with the fixed sizes; keep the line valid */
    n = (size_t)snprintf(o, cap, "{\"room\":null,\"rounds\":%ld,\"players\":[", r->rounds);
  }
  n += (size_t)snprintf(o + n, cap - n, "]}");
  server__log(s, "%s", line);
  snprintf(s->recent[s->recent_n % SERVER_RECENT], SERVER_RESULT_MAX, "%s", line);
  s->recent_n++;
  if (s->cfg.results_path[0]) {
    FILE *f = fopen(s->cfg.results_path, "a");
    int bad = !f;
    if (f) {
      bad |= fprintf(f, "%s\n", o) < 0;
      bad |= fclose(f) != 0;
    }
    if (bad) fprintf(stderr, "get1000-server: cannot append to %s\n", s->cfg.results_path);
  }
}

static void server__finish(server_t *s, int ri) {
  server_room *r = &s->rooms[ri];
  if (r->finished) return;
  r->finished = 1;
  r->roll = 0;
  for (int i = 0; i < r->np; i++) {
    int ci = r->p[i].conn;
    if (ci < 0 || s->conns[ci].fd < 0) continue;
    if (r->p[i].active) server__room_msg(s, ci, "GameEnd", r->id);
    if (s->conns[ci].fd >= 0) server__start_close(s, ci, WS_CLOSE_NORMAL);
    r->p[i].conn = -1;
  }
  server__log(s, "room %s finished after %ld rounds", r->id, r->rounds);
  if (!r->test) {
    s->last = *r;
    server__record(s, r);
    s->matches_done++;
  }
  r->used = 0;
}

static void server__forfeit(server_t *s, int ri, int seat, const char *error, const char *why) {
  server_room *r = &s->rooms[ri];
  server_player *p = &r->p[seat];
  if (!p->active) return;
  p->active = 0;
  snprintf(p->error, sizeof p->error, "%s", error);
  snprintf(p->why, sizeof p->why, "%s", why);
  server__log(s, "room %s: %s forfeits (%s): %s", r->id, p->name, error, why);
  if (s->cfg.trace && !r->test) fprintf(s->cfg.trace, "FORFEIT %d %s %s\n", seat, error, why);
  int ci = p->conn;
  p->conn = -1;
  if (ci >= 0 && s->conns[ci].fd >= 0) {
    s->conns[ci].room = s->conns[ci].seat = -1;
    server__error_msg(s, ci, r->id, why);
    if (s->conns[ci].fd >= 0) server__start_close(s, ci, WS_CLOSE_NORMAL);
  }
  if (!r->started) { /* it never played: its seat (and an empty room) is free again */
    server__leave(s, ri, seat);
    return;
  }
  int left = 0;
  for (int i = 0; i < r->np; i++) left += r->p[i].active;
  if (left <= (r->test ? 0 : 1)) server__finish(s, ri);
}

static void server__send_roll(server_t *s, int ri) {
  server_room *r = &s->rooms[ri];
  r->roll = 1 + (int)rng_below(&r->rng, 6);
  r->rolls++;
  s->rolls_sent++;
  char msg[80];
  snprintf(msg, sizeof msg, "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":%d}]}", r->roll);
  r->roll_sent_ns = deadline_now_ns();
  if (s->cfg.trace && !r->test) fprintf(s->cfg.trace, "ROLL %ld %d\n", r->rolls, r->roll);
  for (int i = 0; i < r->np; i++) r->p[i].placed = 0;
  for (int i = 0; i < r->np && !r->finished; i++) {
    if (!r->p[i].active || r->p[i].conn < 0) continue;
    server__send_text(s, r->p[i].conn, msg);
  }
}

static void server__start(server_t *s, int ri) {
  server_room *r = &s->rooms[ri];
  r->started = 1;
  server__log(s, "room %s starts with %d agent(s)", r->id, r->np);
  server__send_roll(s, ri);
}

/* All active agents have answered: end the round if it is full, then roll. */
static void server__advance(server_t *s, int ri) {
  server_room *r = &s->rooms[ri];
  if (!r->used || r->finished || !r->roll) return;
  for (int i = 0; i < r->np; i++)
    if (r->p[i].active && !r->p[i].placed) return;
  r->roll = 0;
  int full = 1;
  for (int i = 0; i < r->np; i++)
    if (r->p[i].active && policy_placed(&r->p[i].g) < 9) full = 0;
  if (full) {
    r->rounds++;
    long long best = -1;
    int nbest = 0;
    for (int i = 0; i < r->np; i++) {
      if (!r->p[i].active) continue;
      long long d = policy_distance(r->p[i].g.s);
      if (best < 0 || d < best) {
        best = d;
        nbest = 0;
      }
      if (d == best) nbest++;
    }
    int finished = 0;
    for (int i = 0; i < r->np; i++) {
      server_player *p = &r->p[i];
      if (!p->active) continue;
      if (policy_distance(p->g.s) == best && (nbest == 1 || s->cfg.ties_all || r->test)) p->wins++;
      if (p->wins >= (r->test ? s->cfg.test_rounds : s->cfg.target)) finished = 1;
      policy_reset(&p->g);
    }
    if (s->cfg.trace && !r->test) {
      fprintf(s->cfg.trace, "ROUND %ld WINS", r->rounds);
      for (int i = 0; i < r->np; i++) fprintf(s->cfg.trace, " %d", r->p[i].wins);
      fputc('\n', s->cfg.trace);
    }
    if (r->test && r->rounds >= s->cfg.test_rounds) finished = 1;
    if (finished || r->rounds >= s->cfg.max_rounds) {
      server__finish(s, ri);
      return;
    }
  }
  server__send_roll(s, ri);
}

/* Parses {"action":[CLASS,{...}]}; returns the class suffix in cls and the
   body token, or -1. Every body member must be a string. */
static int server__parse_action(const json_doc *d, char *cls, size_t cap) {
  if (d->toks[0].type != JSON_OBJECT || d->toks[0].size != 1) return -1;
  int env = json_get(d, 0, "action");
  if (env < 0 || d->toks[env].type != JSON_ARRAY || d->toks[env].size != 2) return -1;
  int nt = json_at(d, env, 0), body = json_at(d, env, 1);
  if (nt < 0 || body < 0 || d->toks[body].type != JSON_OBJECT) return -1;
  char full[256];
  if (json_str_copy(d, nt, full, sizeof full) < 0) return -1;
  if (strncmp(full, "no.sonat.game.", 14) != 0) return -1;
  size_t n = strlen(full + 14);
  if (n + 1 > cap) return -1;
  memcpy(cls, full + 14, n + 1);
  for (int t = body + 1; t < d->toks[body].next; t = d->toks[t + 1].next)
    if (d->toks[t + 1].type != JSON_STRING) return -1;
  return body;
}

static void server__reject(server_t *s, int ci, const char *why) {
  server_conn *c = &s->conns[ci];
  s->bad_inputs++;
  if (c->room >= 0 && c->seat >= 0) {
    server__forfeit(s, c->room, c->seat, "invalid", why);
    return;
  }
  server__log(s, "rejecting a connection: %s", why);
  server__error_msg(s, ci, "", why);
  if (c->fd >= 0) server__start_close(s, ci, WS_CLOSE_NORMAL);
}

static void server__join(server_t *s, int ci, const char *room, const char *name) {
  server_conn *c = &s->conns[ci];
  int ri = -1;
  if (!c->is_test) ri = server_find_room(s, room);
  if (ri >= 0 && (s->rooms[ri].started || s->rooms[ri].np >= s->cfg.players)) {
    server__reject(s, ci, "room is already playing");
    return;
  }
  if (ri >= 0) {
    for (int i = 0; i < s->rooms[ri].np; i++)
      if (strcmp(s->rooms[ri].p[i].name, name) == 0) {
        server__reject(s, ci, "name already taken in this room");
        return;
      }
  }
  if (ri < 0) {
    for (int i = 0; i < SERVER_MAX_ROOMS && ri < 0; i++)
      if (!s->rooms[i].used) ri = i;
    if (ri < 0) { /* every room taken: reclaim the oldest one left waiting too long */
      int old = -1;
      int64_t cut = deadline_now_ns() - (int64_t)s->cfg.room_wait_ms * 1000000;
      for (int i = 0; i < SERVER_MAX_ROOMS; i++) {
        const server_room *w = &s->rooms[i];
        if (w->used && !w->started && w->created_ns < cut && (old < 0 || w->created_ns < s->rooms[old].created_ns))
          old = i;
      }
      if (old >= 0) {
        server__log(s, "room %s reclaimed: waited too long for players", s->rooms[old].id);
        for (int guard = 0; guard < SERVER_MAX_PLAYERS && s->rooms[old].used && s->rooms[old].np > 0; guard++)
          server__forfeit(s, old, 0, "crash", "room closed: it waited too long for players");
        if (!s->rooms[old].used) ri = old;
      }
    }
    if (ri < 0) {
      server__reject(s, ci, "server full");
      return;
    }
    server_room *r = &s->rooms[ri];
    memset(r, 0, sizeof *r);
    r->used = 1;
    r->test = c->is_test;
    snprintf(r->id, sizeof r->id, "%s", room);
    uint64_t h = 1469598103934665603ull; /* FNV-1a of the room id */
    for (const char *q = room; *q; q++) h = (h ^ (uint8_t)*q) * 1099511628211ull;
    rng_seed(&r->rng, s->cfg.seed ^ h ^ (r->test ? (uint64_t)s->rooms_made << 32 : 0));
    s->rooms_made++;
    r->created_ns = deadline_now_ns();
  }
  server_room *r = &s->rooms[ri];
  int seat = r->np++;
  server_player *p = &r->p[seat];
  memset(p, 0, sizeof *p);
  p->conn = ci;
  p->active = 1;
  snprintf(p->name, sizeof p->name, "%s", name);
  c->room = ri;
  c->seat = seat;
  server__log(s, "%s joins room %s (seat %d)%s", name, room, seat, c->is_test ? " [test]" : "");
  server__room_msg(s, ci, "JoinResponse", room);
  if (c->fd >= 0 && (r->test || r->np == s->cfg.players)) server__start(s, ri);
}

static void server__on_text(server_t *s, int ci) {
  server_conn *c = &s->conns[ci];
  json_tok toks[SERVER_TOKS];
  json_doc d;
  char cls[64], room[SERVER_ID_MAX + 1], name[SERVER_ID_MAX + 1], pl[32];
  if (json_parse(&d, c->msg, c->msg_len, toks, SERVER_TOKS) < 0) {
    server__reject(s, ci, "malformed JSON");
    return;
  }
  int body = server__parse_action(&d, cls, sizeof cls);
  if (body < 0) {
    server__reject(s, ci, "not an action message");
    return;
  }
  int id_t = json_get(&d, body, "id"), name_t = json_get(&d, body, "name");
  if (id_t < 0 || name_t < 0 || json_str_copy(&d, id_t, room, sizeof room) < 0 ||
      json_str_copy(&d, name_t, name, sizeof name) < 0) {
    server__reject(s, ci, "missing or too long id/name");
    return;
  }
  if (strcmp(cls, "JoinRoomAction") == 0) {
    if (toks[body].size != 2) {
      server__reject(s, ci, "JoinRoomAction takes exactly id and name");
      return;
    }
    if (c->room >= 0) {
      server__reject(s, ci, "joined twice");
      return;
    }
    server__join(s, ci, room, name);
    return;
  }
  if (strcmp(cls, "PlacementAction") != 0) {
    server__reject(s, ci, "unknown action");
    return;
  }
  if (c->room < 0) {
    server__reject(s, ci, "placement before joining a room");
    return;
  }
  server_room *r = &s->rooms[c->room];
  server_player *p = &r->p[c->seat];
  int pt = json_get(&d, body, "placement");
  if (toks[body].size != 3 || pt < 0 || json_str_copy(&d, pt, pl, sizeof pl) < 0) {
    server__reject(s, ci, "PlacementAction takes exactly id, name and placement");
    return;
  }
  if (strcmp(room, r->id) != 0 || strcmp(name, p->name) != 0) {
    server__reject(s, ci, "id or name differs from the join");
    return;
  }
  int col = strcmp(pl, "HUNDREDS") == 0 ? 0 : strcmp(pl, "TENS") == 0 ? 1 : strcmp(pl, "ONES") == 0 ? 2 : -1;
  if (col < 0) {
    server__reject(s, ci, "unknown placement");
    return;
  }
  if (!r->roll || p->placed) {
    server__reject(s, ci, "placement with no roll pending");
    return;
  }
  if (!policy_legal(&p->g, col)) {
    server__reject(s, ci, "illegal placement: column is full");
    return;
  }
  double ms = (double)(deadline_now_ns() - r->roll_sent_ns) / 1e6;
  if (!r->test && ms > s->cfg.limit_ms) {
    server__forfeit(s, c->room, c->seat, "timeout", "placement too late");
    return;
  }
  policy_place(&p->g, col, r->roll);
  p->placed = 1;
  if (s->cfg.trace && !r->test) fprintf(s->cfg.trace, "PLACE %d %s %s %.3f\n", c->seat, p->name, pl, ms);
  p->think_sum_ms += ms;
  p->think_n++;
  if (s->lat_ms && s->lat_n < s->lat_cap) s->lat_ms[s->lat_n++] = (float)ms;
  if (ms > p->think_max_ms) p->think_max_ms = ms;
  server__advance(s, c->room);
}

/* ---- input ------------------------------------------------------------ */

/* GET / (no Upgrade): rooms, players, scores and recent results as text. */
static void server__status_page(server_t *s, int ci) {
  static char page[SERVER_OUT_MAX - 256];
  size_t n = 0, cap = sizeof page;
  n += (size_t)snprintf(page + n, cap - n,
                        "Get1000 server: rooms of %d, first to %d round wins, %ld matches finished\n\nRooms:\n",
                        s->cfg.players, s->cfg.target, s->matches_done);
  int any = 0;
  for (int ri = 0; ri < SERVER_MAX_ROOMS && n + 400 < cap; ri++) {
    const server_room *r = &s->rooms[ri];
    if (!r->used) continue;
    any = 1;
    n += (size_t)snprintf(page + n, cap - n, "  %.64s%s: %s, round %ld:", r->id, r->test ? " [test]" : "",
                          r->started ? "playing" : "waiting", r->rounds + 1);
    for (int i = 0; i < r->np && n + 120 < cap; i++)
      n += (size_t)snprintf(page + n, cap - n, " %.64s %d%s", r->p[i].name, r->p[i].wins,
                            r->p[i].active ? "" : " (out)");
    page[n++] = '\n';
  }
  if (!any && n + 8 < cap) n += (size_t)snprintf(page + n, cap - n, "  (none)\n");
  n += (size_t)snprintf(page + n, cap - n, "\nRecent results:\n");
  for (long k = 0; k < SERVER_RECENT && k < s->recent_n && n + SERVER_RESULT_MAX + 4 < cap; k++)
    n += (size_t)snprintf(page + n, cap - n, "  %s\n", s->recent[(s->recent_n - 1 - k) % SERVER_RECENT]);
  char head[160];
  int hn = snprintf(head, sizeof head,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %zu\r\n"
                    "Connection: close\r\n\r\n", n);
  server_conn *c = &s->conns[ci];
  if (server__queue(c, head, (size_t)hn) != 0 || server__queue(c, page, n) != 0) {
    server__free_conn(s, ci);
    return;
  }
  c->in_len = 0;
  c->closing = 1; /* closes once the page is out (or after a second) */
  c->close_by_ns = deadline_now_ns() + 1000000000LL;
}

static void server__http(server_t *s, int ci) {
  server_conn *c = &s->conns[ci];
  char *e;
  c->in[c->in_len < SERVER_IN_MAX ? c->in_len : SERVER_IN_MAX - 1] = 0;
  if (!(e = strstr((char *)c->in, "\r\n\r\n"))) {
    if (c->in_len >= SERVER_IN_MAX - 1) server__http_error(s, ci, "431 Request Header Fields Too Large");
    return;
  }
  size_t head_len = (size_t)(e - (char *)c->in) + 4;
  char head[SERVER_IN_MAX + 1];
  memcpy(head, c->in, head_len);
  head[head_len] = 0;
  char path[256], key[128], v[256], method[16], version[16];
  if (sscanf(head, "%15s %255s %15s", method, path, version) != 3 || strncmp(version, "HTTP/", 5) != 0) {
    server__http_error(s, ci, "400 Bad Request");
    return;
  }
  if (strcmp(version, "HTTP/1.1") != 0) { /* RFC 6455 4.1: HTTP/1.1 or higher; no 2.0 upgrade */
    server__http_error(s, ci, "505 HTTP Version Not Supported");
    return;
  }
  if (strcmp(method, "GET") != 0) {
    server__http_error(s, ci, "405 Method Not Allowed");
    return;
  }
  char *q = strchr(path, '?');
  if (q) *q = 0;
  if (strcmp(path, "/") == 0 && ws_header(head, "Upgrade", v, sizeof v) < 0) {
    server__status_page(s, ci);
    return;
  }
  if (strcmp(path, "/agent") == 0) c->is_test = 0;
  else if (strcmp(path, "/test") == 0) c->is_test = 1;
  else {
    server__http_error(s, ci, "404 Not Found");
    return;
  }
  uint8_t raw[64];
  if (ws_header(head, "Upgrade", v, sizeof v) < 0 || !ws_has_token(v, "websocket") ||
      ws_header(head, "Connection", v, sizeof v) < 0 || !ws_has_token(v, "upgrade") ||
      ws_header(head, "Sec-WebSocket-Version", v, sizeof v) < 0 || strcmp(v, "13") != 0 ||
      ws_header(head, "Sec-WebSocket-Key", key, sizeof key) < 0 ||
      base64_decode(key, strlen(key), raw, sizeof raw) != 16) {
    server__http_error(s, ci, "400 Bad Request");
    return;
  }
  char acc[29], resp[256];
  ws_accept_key(key, strlen(key), acc);
  int n = snprintf(resp, sizeof resp,
                   "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n",
                   acc);
  if (server__queue(c, resp, (size_t)n) != 0) {
    server__free_conn(s, ci);
    return;
  }
  memmove(c->in, c->in + head_len, c->in_len - head_len);
  c->in_len -= head_len;
  c->ws = 1;
}

/* Protocol violation: close with code and forget the connection. */
static void server__violation(server_t *s, int ci, int code, const char *why) {
  uint8_t p[2] = {(uint8_t)(code >> 8), (uint8_t)code};
  s->bad_inputs++;
  server__log(s, "closing a connection: %s", why);
  server__send_frame(s, ci, WS_OP_CLOSE, p, 2);
  server__drop(s, ci, why);
}

/* Handles the whole frames in c->in from *pos on, advancing *pos. */
static void server__frames_from(server_t *s, int ci, size_t *pos) {
  server_conn *c = &s->conns[ci];
  while (c->fd >= 0) {
    ws_frame f;
    int h = ws_frame_parse(c->in + *pos, c->in_len - *pos, &f);
    if (h < 0) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "malformed frame"); return; }
    if (h == 0) {
      if (*pos == 0 && c->in_len >= SERVER_IN_MAX) server__violation(s, ci, WS_CLOSE_TOO_BIG, "frame too big");
      return;
    }
    if (f.rsv) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "reserved bits"); return; }
    if (!f.masked) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "unmasked client frame"); return; }
    if (f.len > SERVER_IN_MAX - WS_HDR_MAX)
      { server__violation(s, ci, WS_CLOSE_TOO_BIG, "frame too big"); return; }
    if (c->in_len - *pos < (size_t)h + f.len) return;
    uint8_t *pl = c->in + *pos + h;
    size_t len = (size_t)f.len;
    ws_mask(pl, len, f.mask, 0);
    int op = f.opcode, done = 0;
    if (op == WS_OP_PING) { /* pongs are queued and sent once per read (one syscall) */
      uint8_t fr[WS_HDR_MAX + 125];
      long k = len <= 125 ? ws_frame_build(WS_OP_PONG, 1, pl, len, NULL, fr, sizeof fr) : -1;
      if (k < 0) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "control frame over 125 bytes"); return; }
      if (!c->closing && server__put(c, fr, (size_t)k) != 0)
        { server__drop(s, ci, "output buffer full (not reading)"); return; }
    } else if (op == WS_OP_CLOSE) {
      /* RFC 6455 5.5.1 / 7.4: a 1-byte payload, a code no endpoint may send,
         or a reason that is not UTF-8 is a protocol error: answer 1002 (1007) */
      int code = len >= 2 ? (pl[0] << 8 | pl[1]) : 0, reply = code;
      if (len == 1 || (len >= 2 && !ws_close_code_valid(code))) reply = WS_CLOSE_PROTOCOL;
      else if (len > 2 && !ws_utf8_valid(pl + 2, len - 2)) reply = WS_CLOSE_BAD_DATA;
      uint8_t rp[2] = {(uint8_t)(reply >> 8), (uint8_t)reply};
      if (!c->closing) server__send_frame(s, ci, WS_OP_CLOSE, rp, len ? 2 : 0);
      if (reply != code) s->bad_inputs++;
      server__drop(s, ci, "closed the connection");
      return;
    } else if (op == WS_OP_TEXT || op == WS_OP_BINARY) {
      if (c->frag_op) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "new message inside a fragmented one"); return; }
      memcpy(c->msg, pl, len);
      c->msg_len = len;
      if (f.fin) done = op;
      else c->frag_op = op;
    } else if (op == WS_OP_CONT) {
      if (!c->frag_op) { server__violation(s, ci, WS_CLOSE_PROTOCOL, "stray continuation"); return; }
      if (c->msg_len + len > SERVER_IN_MAX)
        { server__violation(s, ci, WS_CLOSE_TOO_BIG, "message too big"); return; }
      memcpy(c->msg + c->msg_len, pl, len);
      c->msg_len += len;
      if (f.fin) {
        done = c->frag_op;
        c->frag_op = 0;
      }
    }
    *pos += (size_t)h + len;
    if (done && !c->closing) {
      c->msg[c->msg_len] = 0;
      if (done == WS_OP_BINARY) server__reject(s, ci, "binary message");
      else if (!ws_utf8_valid((const uint8_t *)c->msg, c->msg_len))
        { server__violation(s, ci, WS_CLOSE_BAD_DATA, "text is not UTF-8"); return; }
      else server__on_text(s, ci);
    }
  }
}

/* Frames in c->in: handled, then the rest moved to the front once and the
   queued pongs sent (a flood of small frames costs one move and one send
   per read, not one per frame). */
static void server__frames(server_t *s, int ci) {
  server_conn *c = &s->conns[ci];
  size_t pos = 0;
  server__frames_from(s, ci, &pos);
  if (c->fd < 0) return;
  if (pos > 0) {
    memmove(c->in, c->in + pos, c->in_len - pos);
    c->in_len -= pos;
  }
  if (server__flush(c) != 0) server__drop(s, ci, "write error");
}

static void server__readable(server_t *s, int ci) {
  server_conn *c = &s->conns[ci];
  if (c->closing && !c->ws) { /* the status page is going out: ignore input */
    uint8_t junk[512];
    ssize_t r = recv(c->fd, junk, sizeof junk, MSG_DONTWAIT);
    if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) server__free_conn(s, ci);
    return;
  }
  if (c->in_len >= SERVER_IN_MAX) return; /* cannot happen: frames() consumes or rejects */
  ssize_t r = recv(c->fd, c->in + c->in_len, SERVER_IN_MAX - c->in_len, MSG_DONTWAIT);
  if (r < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (r <= 0) {
    server__drop(s, ci, r == 0 ? "disconnected" : "read error");
    return;
  }
  c->in_len += (size_t)r;
  if (!c->ws) server__http(s, ci);
  if (c->fd >= 0 && c->ws) server__frames(s, ci);
}

/* A slot for a new connection: a free one, else the oldest connection not
   in a room (handshakes first, then sockets that never joined, then ones
   closing), which is dropped; -1 if every slot holds a player. */
static int server__slot(server_t *s) {
  int best = -1, best_rank = 9;
  for (int i = 0; i < SERVER_MAX_CONN; i++) {
    const server_conn *c = &s->conns[i];
    if (c->fd < 0) return i;
    if (c->room >= 0) continue;
    int rank = !c->ws ? 0 : c->closing ? 2 : 1;
    if (rank < best_rank || (rank == best_rank && c->opened_ns < s->conns[best].opened_ns)) {
      best = i;
      best_rank = rank;
    }
  }
  if (best >= 0) server__free_conn(s, best);
  return best;
}

static void server__accept(server_t *s) {
  for (int k = 0; k < SERVER_MAX_CONN / 4; k++) { /* a flood cannot evict a client before its bytes are read */
    int fd = accept(s->listen_fd, NULL, NULL);
    if (fd < 0) return;
    int ci = server__slot(s);
    if (ci < 0) {
      close(fd);
      server__log(s, "too many connections");
      continue;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
    server_conn *c = &s->conns[ci];
    c->fd = fd;
    c->ws = c->closing = c->is_test = c->frag_op = 0;
    c->room = c->seat = -1;
    c->in_len = c->msg_len = 0;
    c->out_len = c->out_pos = 0;
    c->opened_ns = deadline_now_ns();
  }
}

BOT_API int server_open(server_t *s, const server_config *cfg, int bind_any) {
  memset(s, 0, sizeof *s);
  s->cfg = *cfg;
  if (s->cfg.players < 1 || s->cfg.players > SERVER_MAX_PLAYERS) {
    fprintf(stderr, "get1000-server: players must be 1..%d\n", SERVER_MAX_PLAYERS);
    return -1;
  }
  for (int i = 0; i < SERVER_MAX_CONN; i++) s->conns[i].fd = -1;
  s->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (s->listen_fd < 0) {
    perror("get1000-server: socket");
    return -1;
  }
  int one = 1;
  setsockopt(s->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((uint16_t)cfg->port);
  a.sin_addr.s_addr = htonl(bind_any ? INADDR_ANY : INADDR_LOOPBACK);
  socklen_t al = sizeof a;
  if (bind(s->listen_fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(s->listen_fd, 256) != 0 ||
      getsockname(s->listen_fd, (struct sockaddr *)&a, &al) != 0) {
    fprintf(stderr, "get1000-server: cannot listen on port %d: %s\n", cfg->port, strerror(errno));
    close(s->listen_fd);
    s->listen_fd = -1;
    return -1;
  }
  s->port = ntohs(a.sin_port);
  return 0;
}

BOT_API int server_poll(server_t *s, int timeout_ms) {
  int64_t now = deadline_now_ns();
  /* Timers: reply limits and close handshakes. */
  int64_t next = now + (int64_t)timeout_ms * 1000000;
  for (int ri = 0; ri < SERVER_MAX_ROOMS; ri++) {
    server_room *r = &s->rooms[ri];
    if (!r->used || !r->started || r->finished || !r->roll || r->test) continue;
    int64_t lim = r->roll_sent_ns + (int64_t)s->cfg.limit_ms * 1000000;
    if (now >= lim) {
      for (int i = 0; i < r->np && r->used && !r->finished; i++)
        if (r->p[i].active && !r->p[i].placed) server__forfeit(s, ri, i, "timeout", "no placement within the time limit");
      server__advance(s, ri);
    } else if (lim < next) {
      next = lim;
    }
  }
  int64_t hs = (int64_t)s->cfg.handshake_ms * 1000000;
  for (int ci = 0; ci < SERVER_MAX_CONN; ci++) {
    server_conn *c = &s->conns[ci];
    if (c->fd >= 0 && c->closing) {
      if (now >= c->close_by_ns) server__free_conn(s, ci);
      else if (c->close_by_ns < next) next = c->close_by_ns;
    } else if (c->fd >= 0 && !c->ws && hs > 0) {
      if (now >= c->opened_ns + hs) {
        s->bad_inputs++;
        server__log(s, "handshake not complete after %d ms: closing", s->cfg.handshake_ms);
        server__free_conn(s, ci);
      } else if (c->opened_ns + hs < next) {
        next = c->opened_ns + hs;
      }
    }
  }
  struct pollfd pfd[SERVER_MAX_CONN + 1];
  int idx[SERVER_MAX_CONN + 1], n = 0;
  pfd[n].fd = s->listen_fd;
  pfd[n].events = POLLIN;
  idx[n++] = -1;
  for (int ci = 0; ci < SERVER_MAX_CONN; ci++)
    if (s->conns[ci].fd >= 0) {
      server_conn *c = &s->conns[ci];
      pfd[n].fd = c->fd;
      pfd[n].events = (short)((c->out_pos < c->out_len ? POLLOUT : 0) |
                              (c->in_len < SERVER_IN_MAX ? POLLIN : 0));
      idx[n++] = ci;
    }
  int64_t wait = next - deadline_now_ns();
  int ms = wait <= 0 ? 0 : (int)((wait + 999999) / 1000000);
  int pr = poll(pfd, (nfds_t)n, ms);
  if (pr < 0) return errno == EINTR ? 0 : -1;
  for (int i = 0; i < n; i++) {
    if (!pfd[i].revents) continue;
    if (idx[i] < 0) {
      server__accept(s);
      continue;
    }
    int ci = idx[i];
    server_conn *c = &s->conns[ci];
    if (c->fd != pfd[i].fd) continue;
    if ((pfd[i].revents & POLLOUT) && server__flush(c) != 0) {
      server__drop(s, ci, "write error");
      continue;
    }
    if (c->closing && !c->ws && c->out_pos == c->out_len) { /* status page sent */
      server__free_conn(s, ci);
      continue;
    }
    if (pfd[i].revents & (POLLIN | POLLHUP | POLLERR)) server__readable(s, ci);
  }
  return 0;
}

BOT_API void server_close(server_t *s) {
  for (int ci = 0; ci < SERVER_MAX_CONN; ci++) server__free_conn(s, ci);
  if (s->listen_fd >= 0) close(s->listen_fd);
  s->listen_fd = -1;
}
