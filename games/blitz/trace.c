/*
** trace.c -- replays a reference trace against the rules (see trace.h).
** Lines are read with fgets into a fixed buffer; a line longer than the
** buffer is reported as malformed, never truncated silently.
*/
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_LINE 8192

BOT_API int trace_state_line(const rules_state *s, char *out, size_t cap) {
  char tiles[2 * RULES_CELLS + 1];
  if (rules_tiles(s, tiles, sizeof tiles) < 0) return -1;
  int len = snprintf(out, cap, "%d", s->turn);
  for (int k = 0; k < RULES_HEROES && len >= 0 && (size_t)len < cap; k++) {
    const rules_hero *h = &s->heroes[k];
    len += snprintf(out + len, cap - (size_t)len, " %d %d %d %d %d %d", h->x, h->y, h->life,
                    h->gold, h->mines, h->crashed);
  }
  if (len < 0 || (size_t)len >= cap) return -1;
  int more = snprintf(out + len, cap - (size_t)len, " |%s|", tiles);
  if (more < 0 || (size_t)(len + more) >= cap) return -1;
  return len + more;
}

/* Explains the first differing field between two state lines. */
static void trace__diff(const char *want, const char *got, char *msg, size_t cap, long lineno) {
  static const char *const fields[6] = {"x", "y", "life", "gold", "mineCount", "crashed"};
  const char *w = want, *g = got;
  for (int f = 0; f < 25; f++) {
    char *we, *ge;
    long wv = strtol(w, &we, 10), gv = strtol(g, &ge, 10);
    if (wv != gv) {
      if (f == 0) snprintf(msg, cap, "line %ld: turn: want %ld, got %ld", lineno, wv, gv);
      else
        snprintf(msg, cap, "line %ld: hero %d %s: want %ld, got %ld", lineno, (f - 1) / 6 + 1,
                 fields[(f - 1) % 6], wv, gv);
      return;
    }
    w = we;
    g = ge;
  }
  const char *wt = strchr(want, '|'), *gt = strchr(got, '|');
  if (wt && gt) {
    size_t i = 0;
    while (wt[i] && wt[i] == gt[i]) i++;
    snprintf(msg, cap, "line %ld: tiles differ at char %zu: want \"%.8s\", got \"%.8s\"", lineno,
             i - 1, wt + i, gt + i);
    return;
  }
  snprintf(msg, cap, "line %ld: state differs", lineno);
}

static void trace__chomp(char *line) {
  size_t n = strlen(line);
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
}

/* The replay's state between lines: the header seen so far, the map being
   read, the rules state once the map is loaded. */
typedef struct trace__replay {
  rules_state s;
  char maptext[RULES_MAXN * (2 * RULES_MAXN + 1) + 1];
  size_t maplen;
  int training, maxturns, spawn[8], have_spawn, in_map, loaded, ended, moves;
  long lineno;
  char *msg;
  size_t msgcap;
} trace__replay;

/* Each line handler returns 0 to go on, 1 when the trace and the rules
   disagree, 2 when the trace is malformed (msg says where). */
static int trace__fail(trace__replay *r, int rc, const char *what) {
  snprintf(r->msg, r->msgcap, "line %ld: %s", r->lineno, what);
  return rc;
}

/* ENDMAP: the map is parsed and checked against the SPAWN line. */
static int trace__end_map(trace__replay *r) {
  char err[200];
  r->in_map = 0;
  if (rules_parse_map(&r->s, r->maptext, err, sizeof err) != 0) {
    snprintf(r->msg, r->msgcap, "line %ld: map rejected: %s", r->lineno, err);
    return 2;
  }
  r->s.training = r->training;
  r->s.max_turns = r->maxturns;
  for (int k = 0; r->have_spawn && k < 4; k++) {
    const rules_hero *h = &r->s.heroes[k];
    if (h->spawn_x != r->spawn[2 * k] || h->spawn_y != r->spawn[2 * k + 1]) {
      snprintf(r->msg, r->msgcap, "line %ld: spawn of hero %d: want (%d,%d), got (%d,%d)",
               r->lineno, k + 1, r->spawn[2 * k], r->spawn[2 * k + 1], h->spawn_x, h->spawn_y);
      return 1;
    }
  }
  r->loaded = 1;
  return 0;
}

/* A line between MAP and ENDMAP: "|row|". */
static int trace__map_row(trace__replay *r, const char *line) {
  if (strcmp(line, "ENDMAP") == 0) return trace__end_map(r);
  size_t len = strlen(line);
  if (len < 2 || line[0] != '|' || line[len - 1] != '|' || r->maplen + len > sizeof r->maptext - 2)
    return trace__fail(r, 2, "bad map row");
  memcpy(r->maptext + r->maplen, line + 1, len - 2);
  r->maplen += len - 2;
  r->maptext[r->maplen++] = '\n';
  r->maptext[r->maplen] = 0;
  return 0;
}

/* "I STATE" (the start) or "M HERO DIR STATE" (a move, then the state the
   rules must reach). */
static int trace__state(trace__replay *r, const char *line) {
  static char mine[TRACE_LINE];
  if (!r->loaded) return trace__fail(r, 2, "state before MAP");
  const char *state = line + 2;
  if (line[0] == 'M') {
    int hero, used = 0;
    char dir[16];
    if (sscanf(line + 2, "%d %15s %n", &hero, dir, &used) != 2 || used == 0)
      return trace__fail(r, 2, "bad move line");
    if (rules_finished(&r->s)) return trace__fail(r, 1, "game already finished");
    if (hero != rules_to_move(&r->s)) {
      snprintf(r->msg, r->msgcap, "line %ld: hero %d moves, rules expect %d", r->lineno, hero,
               rules_to_move(&r->s));
      return 1;
    }
    rules_move(&r->s, rules_dir_parse_trace(dir));
    state = line + 2 + used;
    r->moves++;
  }
  if (trace_state_line(&r->s, mine, sizeof mine) < 0 || strcmp(mine, state) != 0) {
    trace__diff(state, mine, r->msg, r->msgcap, r->lineno);
    return 1;
  }
  return 0;
}

/* "RANK id gold place x4": every hero's gold and place. */
static int trace__rank(trace__replay *r, const char *line) {
  int v[12], place[4];
  if (sscanf(line + 5, "%d %d %d %d %d %d %d %d %d %d %d %d", &v[0], &v[1], &v[2], &v[3], &v[4],
             &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11]) != 12)
    return trace__fail(r, 2, "bad RANK");
  rules_places(&r->s, place);
  for (int i = 0; i < 4; i++) {
    int id = v[3 * i];
    if (id < 1 || id > 4 || r->s.heroes[id - 1].gold != v[3 * i + 1] ||
        place[id - 1] != v[3 * i + 2]) {
      snprintf(r->msg, r->msgcap, "line %ld: rank entry %d differs", r->lineno, i + 1);
      return 1;
    }
  }
  return 0;
}

/* "END TurnMax|AllCrashed": the rules must have ended the same way. */
static int trace__end(trace__replay *r, const char *line) {
  int want = strcmp(line + 4, "TurnMax") == 0      ? RULES_TURNMAX
             : strcmp(line + 4, "AllCrashed") == 0 ? RULES_ALLCRASHED
                                                   : -1;
  r->ended = 1;
  if (want == r->s.status) return 0;
  snprintf(r->msg, r->msgcap, "line %ld: end status %s, rules say %d", r->lineno, line + 4,
           r->s.status);
  return 1;
}

/* One line of the trace, dispatched on its first word. */
static int trace__line(trace__replay *r, char *line) {
  if (r->in_map) return trace__map_row(r, line);
  if (strncmp(line, "MODE ", 5) == 0) r->training = strcmp(line + 5, "training") == 0;
  else if (strncmp(line, "MAXTURNS ", 9) == 0) r->maxturns = atoi(line + 9);
  else if (strncmp(line, "SPAWN ", 6) == 0) {
    int *p = r->spawn;
    r->have_spawn = sscanf(line + 6, "%d %d %d %d %d %d %d %d", &p[0], &p[1], &p[2], &p[3], &p[4],
                           &p[5], &p[6], &p[7]) == 8;
  } else if (strcmp(line, "MAP") == 0) {
    r->in_map = 1;
    r->maplen = 0;
    r->maptext[0] = 0;
  } else if ((line[0] == 'I' || line[0] == 'M') && line[1] == ' ') return trace__state(r, line);
  else if (strncmp(line, "RANK ", 5) == 0) return trace__rank(r, line);
  else if (strncmp(line, "END ", 4) == 0) return trace__end(r, line);
  return 0;
}

BOT_API int trace_replay(const char *path, char *msg, size_t msgcap, int *moves) {
  static char line[TRACE_LINE];
  static trace__replay r;
  memset(&r, 0, sizeof r);
  r.maxturns = 1200;
  r.msg = msg;
  r.msgcap = msgcap;
  *moves = 0;
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(msg, msgcap, "cannot open %s", path);
    return 2;
  }
  int rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    r.lineno++;
    if (!strchr(line, '\n') && !feof(f)) rc = trace__fail(&r, 2, "too long");
    else {
      trace__chomp(line);
      rc = trace__line(&r, line);
    }
  }
  fclose(f);
  *moves = r.moves;
  if (rc == 0 && !r.ended) {
    snprintf(msg, msgcap, "no END line");
    rc = 2;
  }
  if (rc == 0) snprintf(msg, msgcap, "ok (%d moves)", *moves);
  return rc;
}

#undef TRACE_LINE
