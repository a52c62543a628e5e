/*
** rules.c -- Blitz 2016 rules (see rules.h and games/blitz/README.md).
**
** The move is resolved in the server's order: step 0 crash, step 1 lastDir,
** step 2 the target cell (border, hero, air, tavern, mine, wall, spikes),
** step 3 fights N, E, S, W on a neighbour list fixed before the hits, step 4
** thirst, income, turn. Deaths hand mines over (killer or neutral) and then
** respawn the victim, telefragging whoever stands on its spawn (iteratively,
** bounded). No allocation; every helper works on the caller's state.
*/
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"

static const int rules__DX[5] = {-1, 0, 1, 0, 0};
static const int rules__DY[5] = {0, 1, 0, -1, 0};
static const char *const rules__NAMES[6] = {"North", "East", "South", "West", "Stay", "Crash"};

BOT_API int rules_dx(int dir) { return (dir >= 0 && dir < 5) ? rules__DX[dir] : 0; }
BOT_API int rules_dy(int dir) { return (dir >= 0 && dir < 5) ? rules__DY[dir] : 0; }

BOT_API const char *rules_dir_name(int dir) {
  return (dir >= 0 && dir < 6) ? rules__NAMES[dir] : "Stay";
}

static int rules__dir_parse(const char *s, int allow_crash) {
  if (!s) return -1;
  while (*s == ' ' || *s == '\t') s++;
  size_t len = strlen(s);
  while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
  if (len == 0) return -1;
  for (int d = 0; d < (allow_crash ? 6 : 5); d++) {
    const char *name = rules__NAMES[d];
    if (strlen(name) != len) continue;
    size_t i = 0;
    while (i < len && tolower((unsigned char)s[i]) == tolower((unsigned char)name[i])) i++;
    if (i == len) return d;
  }
  return RULES_STAY;
}

BOT_API int rules_dir_parse(const char *s) { return rules__dir_parse(s, 0); }
BOT_API int rules_dir_parse_trace(const char *s) { return rules__dir_parse(s, 1); }

static void rules__err(char *err, size_t cap, const char *msg) {
  if (err && cap) snprintf(err, cap, "%s", msg);
}

BOT_API void rules_set_spawns(rules_state *s, int sx, int sy) {
  int n = s->n;
  int xs[4] = {sx, n - 1 - sx, n - 1 - sx, sx};
  int ys[4] = {sy, sy, n - 1 - sy, n - 1 - sy};
  for (int k = 0; k < RULES_HEROES; k++) {
    s->heroes[k].spawn_x = xs[k];
    s->heroes[k].spawn_y = ys[k];
  }
}

BOT_API void rules_recount(rules_state *s) {
  int n = s->n;
  s->nmines = 0;
  for (int k = 0; k < RULES_HEROES; k++) s->heroes[k].mines = 0;
  for (int c = 0; c < n * n; c++) {
    if (s->terrain[c] != RULES_MINE) {
      s->owner[c] = 0;
      continue;
    }
    if (s->nmines < RULES_MAXMINES) s->mine_cell[s->nmines++] = (int16_t)c;
    if (s->owner[c] >= 1 && s->owner[c] <= 4) s->heroes[s->owner[c] - 1].mines++;
    else s->owner[c] = 0;
  }
}

static void rules__reset_heroes(rules_state *s) {
  for (int k = 0; k < RULES_HEROES; k++) {
    rules_hero *h = &s->heroes[k];
    h->life = RULES_MAX_LIFE;
    h->gold = 0;
    h->mines = 0;
    h->crashed = 0;
    h->last_dir = -1;
    h->respawn_turn = -1;
  }
}

/* Decodes one 2-char token. Returns terrain kind, sets *own (mine owner) or
   *hero (1..4 for "@k"); -1 if unknown. */
static int rules__token(char a, char b, int *own, int *hero) {
  *own = 0;
  *hero = 0;
  if (a == ' ' && b == ' ') return RULES_AIR;
  if (a == '#' && b == '#') return RULES_WALL;
  if (a == '[' && b == ']') return RULES_TAVERN;
  if (a == '^' && b == '^') return RULES_SPIKES;
  if (a == '$') {
    if (b >= '1' && b <= '4') *own = b - '0';
    else if (b >= '0' && b <= '9') *own = 0; /* a digit naming no hero */
    return RULES_MINE;
  }
  if (a == '@' && b >= '1' && b <= '4') {
    *hero = b - '0';
    return RULES_AIR;
  }
  return -1;
}

BOT_API int rules_parse_map(rules_state *s, const char *text, char *err, size_t errcap) {
  memset(s, 0, sizeof *s);
  if (!text) {
    rules__err(err, errcap, "no map text");
    return -1;
  }
  /* Split into lines (pointers into text), drop leading/trailing empty ones. */
  const char *ls[RULES_MAXN + 1];
  int lens[RULES_MAXN + 1];
  int nl = 0;
  const char *p = text;
  int started = 0;
  int pending_empty = 0;
  for (;;) {
    const char *e = strchr(p, '\n');
    int len = e ? (int)(e - p) : (int)strlen(p);
    if (len > 0 && p[len - 1] == '\r') len--;
    if (len == 0) {
      if (started) pending_empty++;
    } else {
      while (pending_empty > 0) {
        if (nl >= RULES_MAXN) {
          rules__err(err, errcap, "map has too many lines");
          return -1;
        }
        ls[nl] = p;
        lens[nl++] = 0;
        pending_empty--;
      }
      if (nl >= RULES_MAXN) {
        rules__err(err, errcap, "map has too many lines");
        return -1;
      }
      started = 1;
      ls[nl] = p;
      lens[nl++] = len;
    }
    if (!e) break;
    p = e + 1;
  }
  int width = 0;
  for (int i = 0; i < nl; i++)
    if (lens[i] / 2 > width) width = lens[i] / 2;
  if (width == 0 || nl == 0) {
    rules__err(err, errcap, "empty map");
    return -1;
  }
  if (width > RULES_MAXN || nl > width) {
    rules__err(err, errcap, "map is too large or not square");
    return -1;
  }
  int n = width;
  s->n = n;
  int found[5] = {0, 0, 0, 0, 0};
  for (int x = 0; x < n; x++) {
    for (int y = 0; y < n; y++) {
      char a = ' ', b = ' ';
      if (x < nl && 2 * y < lens[x]) a = ls[x][2 * y];
      if (x < nl && 2 * y + 1 < lens[x]) b = ls[x][2 * y + 1];
      int own, hero;
      int t = rules__token(a, b, &own, &hero);
      if (t < 0) {
        if (err && errcap)
          snprintf(err, errcap, "Can't parse \"%c%c\" in line %d, pos %d", a, b, x, y);
        return -1;
      }
      int c = x * n + y;
      s->terrain[c] = (uint8_t)t;
      s->owner[c] = (uint8_t)own;
      if (hero) {
        found[hero] = 1;
        s->heroes[hero - 1].x = x;
        s->heroes[hero - 1].y = y;
      }
    }
  }
  for (int k = 1; k <= 4; k++)
    if (!found[k]) {
      rules__err(err, errcap, "map must hold all four heroes @1 @2 @3 @4");
      return -1;
    }
  rules__reset_heroes(s);
  rules_set_spawns(s, s->heroes[0].x, s->heroes[0].y);
  rules_recount(s);
  if (s->nmines >= RULES_MAXMINES) {
    rules__err(err, errcap, "too many mines");
    return -1;
  }
  s->turn = 0;
  s->max_turns = 1200;
  s->training = 0;
  s->status = RULES_RUNNING;
  return 0;
}

BOT_API int rules_load_tiles(rules_state *s, int n, const char *tiles, size_t len,
                             uint8_t *hidden) {
  if (n < 1 || n > RULES_MAXN || !tiles || len != (size_t)(2 * n * n)) return -1;
  s->n = n;
  for (int c = 0; c < n * n; c++) {
    int own, hero;
    int t = rules__token(tiles[2 * c], tiles[2 * c + 1], &own, &hero);
    if (t < 0) return -1;
    s->terrain[c] = (uint8_t)t;
    s->owner[c] = (uint8_t)own;
    if (hidden) hidden[c] = (uint8_t)(hero != 0);
    if (hero) {
      s->heroes[hero - 1].x = c / n;
      s->heroes[hero - 1].y = c % n;
    }
  }
  for (int c = n * n; c < RULES_CELLS; c++) {
    s->terrain[c] = RULES_WALL;
    s->owner[c] = 0;
    if (hidden) hidden[c] = 0;
  }
  rules_recount(s);
  return 0;
}

BOT_API int rules_hero_at(const rules_state *s, int x, int y) {
  for (int k = 0; k < RULES_HEROES; k++)
    if (s->heroes[k].x == x && s->heroes[k].y == y) return k + 1;
  return 0;
}

BOT_API int rules_to_move(const rules_state *s) { return s->turn % 4 + 1; }
BOT_API int rules_finished(const rules_state *s) { return s->status != RULES_RUNNING; }

/* Gives every mine of hero `from` (1..4) to `to` (0 = neutral). */
static void rules__transfer(rules_state *s, int from, int to) {
  if (from == to || s->heroes[from - 1].mines == 0) return;
  int moved = 0;
  for (int i = 0; i < s->nmines; i++) {
    int c = s->mine_cell[i];
    if (s->owner[c] == from) {
      s->owner[c] = (uint8_t)to;
      moved++;
    }
  }
  s->heroes[from - 1].mines = 0;
  if (to) s->heroes[to - 1].mines += moved;
}

/* Hero v (1..4) dies: mines to killer (0 = neutral), then respawns; whoever
   stands on the spawn is telefragged (mines to the respawned hero) and
   respawns in turn. */
static void rules__die(rules_state *s, int v, int killer) {
  rules__transfer(s, v, killer);
  for (int guard = 0; guard < 8; guard++) {
    rules_hero *h = &s->heroes[v - 1];
    /* The server looks the spawn cell up before moving v and sees the lowest
       id there; if that is v itself (v died on its own spawn, or the
       degenerate odd-map case) nobody is telefragged. */
    int o = rules_hero_at(s, h->spawn_x, h->spawn_y);
    h->x = h->spawn_x;
    h->y = h->spawn_y;
    h->life = RULES_MAX_LIFE;
    h->respawn_turn = s->turn;
    if (!o || o == v) return;
    rules__transfer(s, o, v);
    v = o;
  }
}

static void rules__end_move(rules_state *s, rules_hero *h, int ended) {
  h->life = h->life - 1 < 1 ? 1 : h->life - 1;
  h->gold += h->mines;
  if (ended) return;
  s->turn++;
  if (s->turn >= s->max_turns) s->status = RULES_TURNMAX;
}

BOT_API void rules_move(rules_state *s, int dir) {
  if (s->status != RULES_RUNNING) return;
  int id = s->turn % 4 + 1;
  rules_hero *h = &s->heroes[id - 1];
  int n = s->n;
  if (dir == RULES_CRASH) {
    h->crashed = 1;
    int all = 1;
    for (int k = 0; k < RULES_HEROES; k++) all &= s->heroes[k].crashed;
    int ended = s->training || all;
    if (ended) s->status = RULES_ALLCRASHED;
    rules__end_move(s, h, ended);
    return;
  }
  if (dir < 0 || dir > RULES_STAY) dir = RULES_STAY;
  h->last_dir = dir;
  int tx = h->x + rules__DX[dir], ty = h->y + rules__DY[dir];
  if (tx >= 0 && ty >= 0 && tx < n && ty < n && !rules_hero_at(s, tx, ty)) {
    int c = tx * n + ty;
    switch (s->terrain[c]) {
    case RULES_AIR:
      h->x = tx;
      h->y = ty;
      break;
    case RULES_TAVERN:
      if (h->gold >= RULES_TAVERN_PRICE) {
        h->gold -= RULES_TAVERN_PRICE;
        h->life += RULES_TAVERN_HEAL;
        if (h->life > RULES_MAX_LIFE) h->life = RULES_MAX_LIFE;
      }
      break;
    case RULES_MINE:
      if (s->owner[c] != id) {
        h->life -= RULES_MINE_DAMAGE;
        if (h->life <= 0) {
          h->life = 0;
          rules__die(s, id, 0);
        } else {
          int prev = s->owner[c];
          if (prev) s->heroes[prev - 1].mines--;
          s->owner[c] = (uint8_t)id;
          h->mines++;
        }
      }
      break;
    case RULES_SPIKES:
      h->life -= RULES_SPIKE_DAMAGE;
      if (h->life <= 0) {
        h->life = 0;
        rules__die(s, id, 0);
      } else {
        h->x = tx;
        h->y = ty;
      }
      break;
    default:
      break;
    }
  }
  if (h->respawn_turn != s->turn) {
    int foes[4], nf = 0;
    for (int d = 0; d < 4; d++) {
      int e = rules_hero_at(s, h->x + rules__DX[d], h->y + rules__DY[d]);
      if (e && e != id) foes[nf++] = e;
    }
    for (int i = 0; i < nf; i++) {
      rules_hero *e = &s->heroes[foes[i] - 1];
      if (h->respawn_turn == s->turn || e->respawn_turn == s->turn) continue;
      e->life -= RULES_HIT_DAMAGE;
      if (e->life <= 0) {
        e->life = 0;
        rules__die(s, foes[i], id);
      }
    }
  }
  rules__end_move(s, h, 0);
}

BOT_API int rules_tiles(const rules_state *s, char *out, size_t cap) {
  int n = s->n;
  if (cap < (size_t)(2 * n * n + 1)) return -1;
  for (int c = 0; c < n * n; c++) {
    char a = ' ', b = ' ';
    switch (s->terrain[c]) {
    case RULES_WALL: a = '#'; b = '#'; break;
    case RULES_TAVERN: a = '['; b = ']'; break;
    case RULES_SPIKES: a = '^'; b = '^'; break;
    case RULES_MINE: a = '$'; b = s->owner[c] ? (char)('0' + s->owner[c]) : '-'; break;
    default: break;
    }
    out[2 * c] = a;
    out[2 * c + 1] = b;
  }
  /* Heroes drawn over their cell; lowest id wins a shared cell. */
  for (int k = RULES_HEROES - 1; k >= 0; k--) {
    const rules_hero *h = &s->heroes[k];
    if (h->x < 0 || h->y < 0 || h->x >= n || h->y >= n) continue;
    int c = h->x * n + h->y;
    out[2 * c] = '@';
    out[2 * c + 1] = (char)('1' + k);
  }
  out[2 * n * n] = 0;
  return 2 * n * n;
}

BOT_API void rules_places(const rules_state *s, int place[RULES_HEROES]) {
  for (int k = 0; k < RULES_HEROES; k++) {
    int p = 0;
    for (int j = 0; j < RULES_HEROES; j++)
      if (s->heroes[j].gold >= s->heroes[k].gold) p++;
    place[k] = p;
  }
}

/* ---- generator ---- */

/* Flood fill over walkable cells (air, spikes) from (x, y) into seen[]. */
static int rules__flood(const rules_state *s, int x, int y, uint8_t *seen) {
  int n = s->n;
  int16_t queue[RULES_CELLS];
  int head = 0, tail = 0, count = 0;
  memset(seen, 0, RULES_CELLS);
  int c0 = x * n + y;
  if (s->terrain[c0] != RULES_AIR && s->terrain[c0] != RULES_SPIKES) return 0;
  seen[c0] = 1;
  queue[tail++] = (int16_t)c0;
  while (head < tail) {
    int c = queue[head++];
    count++;
    int cx = c / n, cy = c % n;
    for (int d = 0; d < 4; d++) {
      int nx = cx + rules__DX[d], ny = cy + rules__DY[d];
      if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
      int nc = nx * n + ny;
      if (seen[nc]) continue;
      if (s->terrain[nc] != RULES_AIR && s->terrain[nc] != RULES_SPIKES) continue;
      seen[nc] = 1;
      queue[tail++] = (int16_t)nc;
    }
  }
  return count;
}

/* 1 if every mine touches a cell marked in seen[]. */
static int rules__mines_reachable(const rules_state *s, const uint8_t *seen) {
  int n = s->n;
  for (int c = 0; c < n * n; c++) {
    if (s->terrain[c] != RULES_MINE) continue;
    int ok = 0;
    for (int d = 0; d < 4 && !ok; d++) {
      int nx = c / n + rules__DX[d], ny = c % n + rules__DY[d];
      if (nx >= 0 && ny >= 0 && nx < n && ny < n && seen[nx * n + ny]) ok = 1;
    }
    if (!ok) return 0;
  }
  return 1;
}

static int rules__try_generate(rules_state *s, rng_t *r, int size) {
  int n = size ? size : 10 + 2 * (int)rng_below(r, 10);
  int wall = 10 + (int)rng_below(r, 32);
  int mine = 3 + (int)rng_below(r, 7);
  int spike = 2 + (int)rng_below(r, 10);
  int h = n / 2;
  memset(s, 0, sizeof *s);
  s->n = n;
  for (int x = 0; x < h; x++)
    for (int y = 0; y < h; y++) {
      int v = (int)rng_below(r, 100);
      int t = v < mine ? RULES_MINE
              : v < mine + wall ? RULES_WALL
              : v < mine + wall + spike ? RULES_SPIKES
                                        : RULES_AIR;
      s->terrain[x * n + y] = (uint8_t)t;
      s->terrain[x * n + (n - 1 - y)] = (uint8_t)t;
      s->terrain[(n - 1 - x) * n + y] = (uint8_t)t;
      s->terrain[(n - 1 - x) * n + (n - 1 - y)] = (uint8_t)t;
    }
  static uint8_t seen[RULES_CELLS];
  int sx = -1, sy = -1;
  for (int tries = 0; tries < 100; tries++) {
    int x = (int)rng_below(r, (uint32_t)(h - 2)), y = (int)rng_below(r, (uint32_t)(h - 2));
    if (s->terrain[x * n + y] != RULES_AIR) continue;
    rules__flood(s, x, y, seen);
    if (seen[(n - 1 - x) * n + y] && seen[x * n + (n - 1 - y)]) {
      sx = x;
      sy = y;
      break;
    }
  }
  if (sx < 0) return -1;
  for (int c = 0; c < n * n; c++) {
    if (seen[c]) continue;
    if (s->terrain[c] == RULES_MINE) {
      int ok = 0;
      for (int d = 0; d < 4 && !ok; d++) {
        int nx = c / n + rules__DX[d], ny = c % n + rules__DY[d];
        if (nx >= 0 && ny >= 0 && nx < n && ny < n && seen[nx * n + ny]) ok = 1;
      }
      if (ok) continue;
    }
    s->terrain[c] = RULES_WALL;
  }
  int nm = 0;
  for (int c = 0; c < n * n; c++) nm += s->terrain[c] == RULES_MINE;
  if (nm == 0) return -1;
  int reach = rules__flood(s, sx, sy, seen);
  int placed = 0;
  for (int tries = 0; tries < 100 && !placed; tries++) {
    int x = (int)rng_below(r, (uint32_t)h), y = (int)rng_below(r, (uint32_t)h);
    int cs[4] = {x * n + y, x * n + (n - 1 - y), (n - 1 - x) * n + y,
                 (n - 1 - x) * n + (n - 1 - y)};
    int bad = 0;
    for (int i = 0; i < 4; i++) {
      if (s->terrain[cs[i]] != RULES_AIR && s->terrain[cs[i]] != RULES_SPIKES) bad = 1;
      if (!seen[cs[i]]) bad = 1;
      int cx = cs[i] / n, cy = cs[i] % n;
      if ((cx == sx || cx == n - 1 - sx) && (cy == sy || cy == n - 1 - sy)) bad = 1;
    }
    if (bad || cs[0] == cs[1] || cs[0] == cs[2]) continue;
    uint8_t old[4];
    for (int i = 0; i < 4; i++) {
      old[i] = s->terrain[cs[i]];
      s->terrain[cs[i]] = RULES_TAVERN;
    }
    static uint8_t seen2[RULES_CELLS];
    int reach2 = rules__flood(s, sx, sy, seen2);
    int ok = reach2 == reach - 4 && rules__mines_reachable(s, seen2);
    /* every tavern must touch a reachable cell */
    for (int i = 0; i < 4 && ok; i++) {
      int t = 0;
      for (int d = 0; d < 4; d++) {
        int nx = cs[i] / n + rules__DX[d], ny = cs[i] % n + rules__DY[d];
        if (nx >= 0 && ny >= 0 && nx < n && ny < n && seen2[nx * n + ny]) t = 1;
      }
      ok = t;
    }
    if (ok) placed = 1;
    else
      for (int i = 0; i < 4; i++) s->terrain[cs[i]] = old[i];
  }
  if (!placed) return -1;
  for (int k = 0; k < RULES_HEROES; k++) {
    s->heroes[k].x = (k == 0 || k == 3) ? sx : n - 1 - sx;
    s->heroes[k].y = (k == 0 || k == 1) ? sy : n - 1 - sy;
  }
  for (int c = n * n; c < RULES_CELLS; c++) s->terrain[c] = RULES_WALL;
  rules__reset_heroes(s);
  rules_set_spawns(s, sx, sy);
  rules_recount(s);
  s->max_turns = 1200;
  return 0;
}

BOT_API int rules_generate(rules_state *s, uint64_t seed, int size, char *err, size_t errcap) {
  rng_t r;
  rng_seed(&r, seed);
  if (size && (size < 10 || size > 28 || size % 2)) {
    rules__err(err, errcap, "size must be even, 10..28");
    return -1;
  }
  for (int attempt = 0; attempt < 100; attempt++)
    if (rules__try_generate(s, &r, size) == 0) return 0;
  rules__err(err, errcap, "Blitz - Unable to generate a map");
  return -1;
}

BOT_API int rules_same_shown(const rules_state *a, const rules_state *b) {
  for (int h = 0; h < RULES_HEROES; h++) {
    const rules_hero *p = &a->heroes[h], *q = &b->heroes[h];
    if (p->x != q->x || p->y != q->y || p->life != q->life || p->gold != q->gold || p->mines != q->mines ||
        p->crashed != q->crashed)
      return 0;
  }
  if (a->nmines != b->nmines) return 0;
  for (int i = 0; i < a->nmines; i++)
    if (a->owner[a->mine_cell[i]] != b->owner[a->mine_cell[i]]) return 0;
  return 1;
}
