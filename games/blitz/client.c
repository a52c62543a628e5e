/*
** client.c -- the Blitz protocol loop (see client.h). One HTTP client with
** a long read timeout for the arena join (the organisers start the game)
** and 15 s for moves; the JSON state is tokenized with json.h into a fixed
** token array and copied into a rules_state.
*/
#include "client.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deadline.h"
#include "http.h"
#include "json.h"
#include "text.h"

#define CLIENT_BODY_MAX 32768
#define CLIENT_TOKS 512
#define CLIENT_STALL_S 60 /* default --stall-timeout: seconds without a new turn */

static int client__int(const json_doc *d, int obj, const char *key, int *out) {
  long long v;
  int t = json_get(d, obj, key);
  if (t < 0 || json_int(d, t, &v) != 0 || v < -1000000000LL || v > 1000000000LL) return -1;
  *out = (int)v;
  return 0;
}

static int client__pos(const json_doc *d, int obj, const char *key, int *x, int *y) {
  int t = json_get(d, obj, key);
  if (t < 0) return -1;
  return (client__int(d, t, "x", x) == 0 && client__int(d, t, "y", y) == 0) ? 0 : -1;
}

BOT_API int client_parse_state(client_view *v, uint8_t *mem, const char *json, size_t len,
                               char *play_url, size_t play_cap, char *view_url, size_t view_cap,
                               int *finished, char *err, size_t errcap) {
  static json_tok toks[CLIENT_TOKS];
  static char tiles[2 * RULES_CELLS + 8];
  json_doc d;
  int nt = json_parse(&d, json, len, toks, CLIENT_TOKS);
  if (nt < 0) {
    snprintf(err, errcap, "bad JSON state: %s at byte %d", json_strerror(nt), d.err_pos);
    return -1;
  }
  int game = json_get(&d, 0, "game");
  int board = json_get(&d, game, "board");
  int heroes = json_get(&d, game, "heroes");
  int hero = json_get(&d, 0, "hero");
  int n = 0, me = 0, turn = 0, max_turns = 0;
  if (game < 0 || board < 0 || heroes < 0 || hero < 0 || client__int(&d, board, "size", &n) < 0 ||
      client__int(&d, hero, "id", &me) < 0 || client__int(&d, game, "turn", &turn) < 0 ||
      client__int(&d, game, "maxTurns", &max_turns) < 0 || n < 1 || n > RULES_MAXN || me < 1 ||
      me > 4 || turn < 0 || max_turns < 0 || d.toks[heroes].size != 4) {
    snprintf(err, errcap, "state JSON lacks game/board/heroes/hero fields or has bad values");
    return -1;
  }
  int tt = json_get(&d, board, "tiles");
  int tl = tt >= 0 ? json_str_copy(&d, tt, tiles, sizeof tiles) : -1;
  rules_state *s = &v->st;
  static uint8_t hidden[RULES_CELLS];
  if (tl < 0 || rules_load_tiles(s, n, tiles, (size_t)tl, hidden) < 0) {
    snprintf(err, errcap, "bad board.tiles (want %d characters)", 2 * n * n);
    return -1;
  }
  for (int k = 0; k < 4; k++) {
    int h = json_at(&d, heroes, k);
    rules_hero *rh = &s->heroes[k];
    int id = 0, crashed = 0;
    if (client__int(&d, h, "id", &id) < 0 || id != k + 1 ||
        client__pos(&d, h, "pos", &rh->x, &rh->y) < 0 || client__int(&d, h, "life", &rh->life) < 0 ||
        client__int(&d, h, "gold", &rh->gold) < 0 ||
        client__pos(&d, h, "spawnPos", &rh->spawn_x, &rh->spawn_y) < 0) {
      snprintf(err, errcap, "bad hero %d in state JSON", k + 1);
      return -1;
    }
    if (rh->x < 0 || rh->y < 0 || rh->x >= n || rh->y >= n || rh->spawn_x < 0 ||
        rh->spawn_y < 0 || rh->spawn_x >= n || rh->spawn_y >= n) {
      snprintf(err, errcap, "hero %d position off the board", k + 1);
      return -1;
    }
    if (rh->life < 0) rh->life = 0;
    if (rh->life > RULES_MAX_LIFE) rh->life = RULES_MAX_LIFE;
    int ct = json_get(&d, h, "crashed");
    if (ct >= 0) json_bool(&d, ct, &crashed);
    rh->crashed = crashed;
    rh->last_dir = -1;
    int lt = json_get(&d, h, "lastDir");
    if (lt >= 0) {
      char dn[16];
      if (json_str_copy(&d, lt, dn, sizeof dn) > 0) rh->last_dir = rules_dir_parse(dn);
    }
    rh->respawn_turn = -1;
  }
  /* terrain memory for cells hidden under heroes */
  for (int c = 0; c < n * n; c++)
    if (!hidden[c]) mem[c] = s->terrain[c];
  for (int c = 0; c < n * n; c++) {
    if (!hidden[c]) continue;
    int x = c / n, y = c % n;
    int t = mem[c];
    if (t == 255) {
      int mirrors[3] = {(n - 1 - x) * n + y, x * n + (n - 1 - y), (n - 1 - x) * n + (n - 1 - y)};
      for (int i = 0; i < 3 && t == 255; i++)
        if (!hidden[mirrors[i]] && (s->terrain[mirrors[i]] == RULES_SPIKES ||
                                    s->terrain[mirrors[i]] == RULES_AIR))
          t = s->terrain[mirrors[i]];
    }
    s->terrain[c] = (uint8_t)(t == RULES_SPIKES ? RULES_SPIKES : RULES_AIR);
  }
  rules_recount(s);
  s->turn = turn;
  s->max_turns = max_turns;
  s->status = RULES_RUNNING;
  s->training = 0;
  v->me = me;
  int fin = 0;
  int ft = json_get(&d, game, "finished");
  if (ft >= 0) json_bool(&d, ft, &fin);
  if (fin) s->status = RULES_TURNMAX;
  if (finished) *finished = fin;
  if (play_url) {
    int pt = json_get(&d, 0, "playUrl");
    if (pt < 0 || json_str_copy(&d, pt, play_url, play_cap) < 0) {
      snprintf(err, errcap, "state JSON without a usable playUrl");
      return -1;
    }
  }
  if (view_url) {
    int vt = json_get(&d, 0, "viewUrl");
    if (vt < 0 || json_str_copy(&d, vt, view_url, view_cap) < 0) view_url[0] = 0;
  }
  return 0;
}

static void client__usage(const char *name) {
  fprintf(stderr,
          "usage: %s --server http://HOST:PORT --key KEY (--training [--turns N] [--map M] | "
          "--arena GAMEID) [--think-ms MS] [--stall-timeout S] [--quiet]\n",
          name);
}

static http_client client__http;
static client_view client__view;
static uint8_t client__mem[RULES_CELLS];
static char client__body[CLIENT_BODY_MAX];

BOT_API int client_run(int argc, char **argv, const char *botname, client_policy pol, void *ctx) {
  const char *server = NULL, *key = NULL, *arena = NULL, *map = NULL, *turns = NULL;
  int training = 0, stall_s = CLIENT_STALL_S;
  client_view *v = &client__view;
  memset(v, 0, sizeof *v);
  v->think_ms = 300;
  signal(SIGPIPE, SIG_IGN);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--training") == 0) training = 1;
    else if (strcmp(a, "--quiet") == 0) v->quiet = 1;
    else if (i + 1 < argc && strcmp(a, "--server") == 0) server = argv[++i];
    else if (i + 1 < argc && strcmp(a, "--key") == 0) key = argv[++i];
    else if (i + 1 < argc && strcmp(a, "--arena") == 0) arena = argv[++i];
    else if (i + 1 < argc && strcmp(a, "--map") == 0) map = argv[++i];
    else if (i + 1 < argc && strcmp(a, "--turns") == 0) turns = argv[++i];
    else if (i + 1 < argc && strcmp(a, "--think-ms") == 0) v->think_ms = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(a, "--stall-timeout") == 0) {
      char *e;
      long sv = strtol(argv[++i], &e, 10);
      if (*e || sv < 1 || sv > 86400) {
        fprintf(stderr, "%s: --stall-timeout takes 1..86400 seconds\n", botname);
        return 2;
      }
      stall_s = (int)sv;
    }
    else {
      fprintf(stderr, "%s: unknown or incomplete option %s\n", botname, a);
      client__usage(botname);
      return 2;
    }
  }
  if (!server || !key || training == (arena != NULL)) {
    client__usage(botname);
    return 2;
  }
  if (v->think_ms < 1) v->think_ms = 1;
  if (v->think_ms > 700) v->think_ms = 700;
  static char url[HTTP_PATH_MAX + HTTP_HOST_MAX + 64], form[4096], play_url[1024], view_url[1024];
  size_t sl = strlen(server);
  while (sl > 0 && server[sl - 1] == '/') sl--;
  if (sl > HTTP_HOST_MAX + 16) {
    fprintf(stderr, "%s: server URL too long\n", botname);
    return 2;
  }
  form[0] = 0;
  if (http_form_add(form, sizeof form, "key", key) < 0) return 2;
  if (training) {
    snprintf(url, sizeof url, "%.*s/api/training", (int)sl, server);
    if (turns && http_form_add(form, sizeof form, "turns", turns) < 0) return 2;
    if (map && http_form_add(form, sizeof form, "map", map) < 0) {
      fprintf(stderr, "%s: map too long\n", botname);
      return 2;
    }
  } else {
    char enc[256] = "";
    if (http_form_add(enc, sizeof enc, "gameId", arena) < 0) return 2;
    snprintf(url, sizeof url, "%.*s/api/arena?%s", (int)sl, server, enc);
  }
  /* the arena call waits for the organisers: a long read timeout */
  http_init(&client__http, 5000, training ? 15000 : 3600 * 1000);
  memset(client__mem, 255, sizeof client__mem);
  int status = 0;
  long n = http_post_form(&client__http, url, form, client__body, sizeof client__body, &status);
  /* A slow but live server (a starved referee on a loaded machine) is
     waited for: only --stall-timeout gives up, not a 15 s read timeout. */
  http_set_timeouts(&client__http, 5000, stall_s > 15 ? 1000 * stall_s : 15000);
  int first = 1, last_turn = -1;
  deadline_t stall; /* restarted whenever the turn advances */
  deadline_start(&stall, 1000.0 * stall_s);
  for (;;) {
    if (n < 0) {
      fprintf(stderr, "%s: request failed: %s\n", botname, http_error(&client__http));
      return 1;
    }
    if (status != 200) {
      char shown[320];
      text_printable(client__body, (size_t)n, shown, sizeof shown);
      fprintf(stderr, "%s: server answered %d: %s\n", botname, status, shown);
      return 1;
    }
    v->recv_ns = deadline_now_ns(); /* the move's clock starts before the JSON is read */
    char err[256];
    int finished = 0;
    if (client_parse_state(v, client__mem, client__body, (size_t)n, play_url, sizeof play_url,
                           view_url, sizeof view_url, &finished, err, sizeof err) < 0) {
      fprintf(stderr, "%s: %s\n", botname, err);
      return 1;
    }
    if (first) {
      printf("%s\n", view_url);
      fflush(stdout);
      first = 0;
    }
    if (v->st.turn > last_turn) {
      last_turn = v->st.turn;
      deadline_start(&stall, 1000.0 * stall_s);
    } else if (deadline_passed(&stall)) {
      fprintf(stderr, "%s: the game has not advanced past turn %d in %d s: giving up\n", botname, last_turn,
              stall_s);
      return 1;
    }
    const rules_hero *me = &v->st.heroes[v->me - 1];
    if (finished || me->crashed) {
      int place[4];
      rules_places(&v->st, place);
      if (!v->quiet)
        fprintf(stderr, "%s: game over at turn %d: hero %d gold %d place %d%s\n", botname,
                v->st.turn, v->me, me->gold, place[v->me - 1], me->crashed ? " (crashed)" : "");
      return me->crashed ? 1 : 0;
    }
    int dir = pol(v, ctx);
    if (dir < RULES_NORTH || dir > RULES_STAY) dir = RULES_STAY;
    v->moves++;
    form[0] = 0;
    http_form_add(form, sizeof form, "dir", rules_dir_name(dir));
    n = http_post_form(&client__http, play_url, form, client__body, sizeof client__body, &status);
  }
}

#undef CLIENT_BODY_MAX
#undef CLIENT_TOKS
#undef CLIENT_STALL_S
