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

BOT_API int trace_replay(const char *path, char *msg, size_t msgcap, int *moves) {
  static char line[TRACE_LINE], mine[TRACE_LINE];
  static char maptext[RULES_MAXN * (2 * RULES_MAXN + 1) + 1];
  static rules_state s;
  *moves = 0;
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(msg, msgcap, "cannot open %s", path);
    return 2;
  }
  int training = 0, maxturns = 1200, spawn[8], have_spawn = 0, in_map = 0, loaded = 0;
  size_t maplen = 0;
  long lineno = 0;
  int rc = 0;
  int ended = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (!strchr(line, '\n') && !feof(f)) {
      snprintf(msg, msgcap, "line %ld: too long", lineno);
      rc = 2;
      break;
    }
    trace__chomp(line);
    if (in_map) {
      if (strcmp(line, "ENDMAP") == 0) {
        in_map = 0;
        char err[200];
        if (rules_parse_map(&s, maptext, err, sizeof err) != 0) {
          snprintf(msg, msgcap, "line %ld: map rejected: %s", lineno, err);
          rc = 2;
          break;
        }
        s.training = training;
        s.max_turns = maxturns;
        if (have_spawn)
          for (int k = 0; k < 4; k++)
            if (s.heroes[k].spawn_x != spawn[2 * k] || s.heroes[k].spawn_y != spawn[2 * k + 1]) {
              snprintf(msg, msgcap, "line %ld: spawn of hero %d: want (%d,%d), got (%d,%d)",
                       lineno, k + 1, spawn[2 * k], spawn[2 * k + 1], s.heroes[k].spawn_x,
                       s.heroes[k].spawn_y);
              rc = 1;
            }
        if (rc) break;
        loaded = 1;
        continue;
      }
      size_t len = strlen(line);
      if (len < 2 || line[0] != '|' || line[len - 1] != '|' ||
          maplen + len > sizeof maptext - 2) {
        snprintf(msg, msgcap, "line %ld: bad map row", lineno);
        rc = 2;
        break;
      }
      memcpy(maptext + maplen, line + 1, len - 2);
      maplen += len - 2;
      maptext[maplen++] = '\n';
      maptext[maplen] = 0;
      continue;
    }
    if (strncmp(line, "MODE ", 5) == 0) training = strcmp(line + 5, "training") == 0;
    else if (strncmp(line, "MAXTURNS ", 9) == 0) maxturns = atoi(line + 9);
    else if (strncmp(line, "SPAWN ", 6) == 0) {
      have_spawn = sscanf(line + 6, "%d %d %d %d %d %d %d %d", &spawn[0], &spawn[1], &spawn[2],
                          &spawn[3], &spawn[4], &spawn[5], &spawn[6], &spawn[7]) == 8;
    } else if (strcmp(line, "MAP") == 0) {
      in_map = 1;
      maplen = 0;
      maptext[0] = 0;
    } else if ((line[0] == 'I' || line[0] == 'M') && line[1] == ' ') {
      if (!loaded) {
        snprintf(msg, msgcap, "line %ld: state before MAP", lineno);
        rc = 2;
        break;
      }
      const char *state = line + 2;
      if (line[0] == 'M') {
        int hero;
        char dir[16];
        int used = 0;
        if (sscanf(line + 2, "%d %15s %n", &hero, dir, &used) != 2 || used == 0) {
          snprintf(msg, msgcap, "line %ld: bad move line", lineno);
          rc = 2;
          break;
        }
        if (rules_finished(&s)) {
          snprintf(msg, msgcap, "line %ld: game already finished", lineno);
          rc = 1;
          break;
        }
        if (hero != rules_to_move(&s)) {
          snprintf(msg, msgcap, "line %ld: hero %d moves, rules expect %d", lineno, hero,
                   rules_to_move(&s));
          rc = 1;
          break;
        }
        rules_move(&s, rules_dir_parse_trace(dir));
        state = line + 2 + used;
        (*moves)++;
      }
      if (trace_state_line(&s, mine, sizeof mine) < 0 || strcmp(mine, state) != 0) {
        trace__diff(state, mine, msg, msgcap, lineno);
        rc = 1;
        break;
      }
    } else if (strncmp(line, "RANK ", 5) == 0) {
      int v[12];
      if (sscanf(line + 5, "%d %d %d %d %d %d %d %d %d %d %d %d", &v[0], &v[1], &v[2], &v[3],
                 &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11]) != 12) {
        snprintf(msg, msgcap, "line %ld: bad RANK", lineno);
        rc = 2;
        break;
      }
      int place[4];
      rules_places(&s, place);
      for (int i = 0; i < 4 && !rc; i++) {
        int id = v[3 * i];
        if (id < 1 || id > 4 || s.heroes[id - 1].gold != v[3 * i + 1] ||
            place[id - 1] != v[3 * i + 2]) {
          snprintf(msg, msgcap, "line %ld: rank entry %d differs", lineno, i + 1);
          rc = 1;
        }
      }
      if (rc) break;
    } else if (strncmp(line, "END ", 4) == 0) {
      int want = strcmp(line + 4, "TurnMax") == 0      ? RULES_TURNMAX
                 : strcmp(line + 4, "AllCrashed") == 0 ? RULES_ALLCRASHED
                                                       : -1;
      ended = 1;
      if (want != s.status) {
        snprintf(msg, msgcap, "line %ld: end status %s, rules say %d", lineno, line + 4,
                 s.status);
        rc = 1;
        break;
      }
    }
  }
  fclose(f);
  if (rc == 0 && !ended) {
    snprintf(msg, msgcap, "no END line");
    rc = 2;
  }
  if (rc == 0) snprintf(msg, msgcap, "ok (%d moves)", *moves);
  return rc;
}

#undef TRACE_LINE
