/*
** referee.c -- Spring Challenge 2021 local referee and trace checker
** (build/spring2021-referee).
**
**   replay TRACE          replays an official trace from its seed, league
**                         and OUT commands; exit 0 iff every generated line
**                         (INIT/IN blocks, STATE/TREES, FINAL) matches,
**                         else prints the first difference and exits 1
**   replay-all DIR        replays every t*.txt in DIR; last line
**                         "N passed, N failed"
**   match [--seed S] [--league 1|2|3] [--trace FILE] [--stderr]
**         [--limit-ms FIRST,NEXT] [--wall-clock] -- CMD0 CMD1
**                         plays one game over stdin/stdout pipes and prints
**                         one JSON result line (docs/referee.md)
**
** Time limits: 1000 ms for the first answer, 100 ms after, under the timing
** rule of modules/judge.h (which also owns the options, the bots, the
** think times and the JSON line).
**
** Traces written by match use the official format (the bots' stderr of
** each frame goes to the sidecar FILE.stderr, modules/judge.h); a player that gave no
** answer (timeout, crash) gets a bare "OUT p" line and the FINAL line's
** reason says which, so such traces replay too.
**
** Invariants: one game driver (ref__play) produces the trace line by line;
** replay compares each line with the file, match writes it to --trace. The
** game itself is entirely in rules.c. No malloc: fixed static buffers.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "javarand.h"
#include "judge.h"
#include "rules.h"

#define REF_MAX_FILE (8 << 20)
#define REF_MAX_LINES 200000
#define REF_LINE 8192

/* ---- where lines go / come from ---------------------------------------- */

typedef struct ref_io {
  int replay;
  /* replay */
  char *text;
  char *lines[REF_MAX_LINES];
  int nlines, pos;
  int failed;
  char diff[4 * REF_LINE];
  /* match */
  FILE *trace;
  judge_t *judge; /* the bots, timing and errors (modules/judge) */
} ref_io;

static char ref__filebuf[REF_MAX_FILE + 1];
static ref_io ref__io;

static void ref__emit(ref_io *io, const char *line) {
  if (io->replay) {
    if (io->failed) return;
    if (io->pos >= io->nlines) {
      snprintf(io->diff, sizeof io->diff, "line %d: trace ended, expected generated:\n  %s",
               io->pos + 1, line);
      io->failed = 1;
      return;
    }
    if (strcmp(io->lines[io->pos], line) != 0) {
      snprintf(io->diff, sizeof io->diff, "line %d differs:\n  trace:     %.4000s\n  generated: %.4000s",
               io->pos + 1, io->lines[io->pos], line);
      io->failed = 1;
      return;
    }
    io->pos++;
  } else if (io->trace) {
    fputs(line, io->trace);
    fputc('\n', io->trace);
  }
}

/* ---- the game driver ---------------------------------------------------- */

typedef struct ref_result {
  int score[2], error[2]; /* error: 0 none, 1 timeout, 2 crash, 3 invalid */
  int turns, executions;
  int sun[2], active[2];
} ref_result;

static void ref__state_lines(ref_io *io, const rules_state *s, const char *tag) {
  char buf[REF_LINE];
  snprintf(buf, sizeof buf,
           "STATE %s day %d sunDir %d nutrients %d p0 %d %d %d p1 %d %d %d trees %d", tag, s->day,
           s->sun_dir, s->nutrients, s->sun[0], s->score[0], s->waiting[0], s->sun[1],
           s->score[1], s->waiting[1], rules_tree_count(s));
  ref__emit(io, buf);
  int n = snprintf(buf, sizeof buf, "TREES");
  for (int c = 0; c < RULES_CELLS; c++) {
    int o = rules_owner_at(s, c);
    if (o < 0) continue;
    n += snprintf(buf + n, sizeof buf - (size_t)n, " %d:%d:%d:%d", c, rules_size_at(s, c), o,
                  (int)((s->dormant >> c) & 1));
  }
  ref__emit(io, buf);
}

/* Appends a line to a multi-line input buffer and emits it. */
static void ref__in_line(ref_io *io, char *acc, size_t *len, size_t cap, const char *line) {
  ref__emit(io, line);
  size_t l = strlen(line);
  if (*len + l + 2 < cap) {
    memcpy(acc + *len, line, l);
    acc[*len + l] = '\n';
    *len += l + 1;
    acc[*len] = 0;
  }
}

/* The game being driven: the board, the state, the engine's random
   numbers and what ref__play's steps share. */
typedef struct ref_game {
  rules_board b;
  rules_state s;
  javarand_t rng;
  int started[2];          /* the player has had its INIT block */
  char reason[2][REF_LINE]; /* why an inactive player left (FINAL's reason) */
} ref_game;

/* Step 1 of an ACTIONS frame: player p's input (the INIT block on its first
   turn, then the IN block), emitted line by line and gathered in input. */
static void ref__input(ref_io *io, ref_game *g, int p, char *input, size_t cap) {
  char buf[REF_LINE];
  size_t len = 0;
  const rules_state *s = &g->s;
  input[0] = 0;
  if (!g->started[p]) {
    g->started[p] = 1;
    snprintf(buf, sizeof buf, "INIT %d 38", p);
    ref__emit(io, buf);
    ref__in_line(io, input, &len, cap, "37");
    for (int c = 0; c < RULES_CELLS; c++) {
      const int8_t *nb = rules_tab.neigh[c];
      snprintf(buf, sizeof buf, "%d %d %d %d %d %d %d %d", c, g->b.richness[c], nb[0], nb[1], nb[2], nb[3],
               nb[4], nb[5]);
      ref__in_line(io, input, &len, cap, buf);
    }
  }
  int acts[RULES_MAX_ACTIONS];
  int na = rules_possible(&g->b, s, p, &g->rng, acts), nt = rules_tree_count(s), q = 1 - p;
  snprintf(buf, sizeof buf, "IN %d %d", p, 6 + nt + na);
  ref__emit(io, buf);
  snprintf(buf, sizeof buf, "%d", s->day);
  ref__in_line(io, input, &len, cap, buf);
  snprintf(buf, sizeof buf, "%d", s->nutrients);
  ref__in_line(io, input, &len, cap, buf);
  snprintf(buf, sizeof buf, "%d %d", s->sun[p], s->score[p]);
  ref__in_line(io, input, &len, cap, buf);
  snprintf(buf, sizeof buf, "%d %d %d", s->sun[q], s->score[q], s->waiting[q] ? 1 : 0);
  ref__in_line(io, input, &len, cap, buf);
  snprintf(buf, sizeof buf, "%d", nt);
  ref__in_line(io, input, &len, cap, buf);
  for (int c = 0; c < RULES_CELLS; c++) {
    int o = rules_owner_at(s, c);
    if (o < 0) continue;
    snprintf(buf, sizeof buf, "%d %d %d %d", c, rules_size_at(s, c), o == p ? 1 : 0, (int)((s->dormant >> c) & 1));
    ref__in_line(io, input, &len, cap, buf);
  }
  snprintf(buf, sizeof buf, "%d", na);
  ref__in_line(io, input, &len, cap, buf);
  for (int i = 0; i < na; i++) {
    rules_format(acts[i], buf, sizeof buf);
    ref__in_line(io, input, &len, cap, buf);
  }
}

/* Step 2, replay: player p's answer from the trace's OUT line into line.
   Returns 0, 1 (timeout) or 2 (crash: a bare "OUT p"), or -1 when the trace
   has no OUT p line here (io->failed set). */
static int ref__replayed_answer(ref_io *io, int p, char *line, size_t cap) {
  char want[32];
  const char *l = io->pos < io->nlines ? io->lines[io->pos] : "";
  snprintf(want, sizeof want, "OUT %d", p);
  size_t pl = strlen(want);
  if (strncmp(l, want, pl) != 0 || (l[pl] != ' ' && l[pl] != 0)) {
    snprintf(io->diff, sizeof io->diff, "line %d: expected an OUT %d line, trace has:\n  %s", io->pos + 1, p, l);
    io->failed = 1;
    return -1;
  }
  if (l[pl] != 0) {
    snprintf(line, cap, "%s", l + pl + 1);
    return 0;
  }
  /* "OUT p" alone: the player gave no answer (our match traces); the FINAL
     line tells a timeout from a crash */
  for (int k = io->nlines - 1; k >= 0 && k >= io->nlines - 4; k--) {
    char fin[32];
    snprintf(fin, sizeof fin, "FINAL %d ", p);
    if (strncmp(io->lines[k], fin, strlen(fin)) == 0 && strstr(io->lines[k], "reason Timeout")) return 1;
  }
  return 2;
}

/* Step 3: player p's answer (got: 0, or judge_ask's error) as its OUT line
   and its action; an error or an illegal answer makes p bad. */
static void ref__take(ref_io *io, ref_game *g, ref_result *res, int p, int got, const char *line, int *act,
                      int *bad) {
  char buf[REF_LINE];
  res->executions++;
  if (got != 0) {
    *bad = 1;
    res->error[p] = got;
    snprintf(g->reason[p], sizeof g->reason[p], "%s", got == 1 ? "Timeout" : "Crash: no answer");
    snprintf(buf, sizeof buf, "OUT %d", p);
    ref__emit(io, buf);
    return;
  }
  snprintf(buf, sizeof buf, "OUT %d %.8000s", p, line);
  ref__emit(io, buf);
  if (rules_parse(&g->b, line, act) == 0) return;
  *bad = 1;
  res->error[p] = 3;
  *act = RULES_WAIT;
  rules_reason(&g->b, line, g->reason[p], sizeof g->reason[p]);
  if (!io->replay)
    judge_fail(io->judge, p, JUDGE_INVALID, "turn %d: expected %s but got '%.100s'", res->turns,
               rules_expected(&g->b), line);
}

/* An ACTIONS frame: every active player not waiting is asked (steps 1 to
   3) before any answer is judged, as the official referee does; then the
   actions resolve. Returns the next phase (1 ACTIONS, 2 SUN_MOVE). */
static int ref__actions(ref_io *io, ref_game *g, ref_result *res) {
  static char input[1 << 16];
  char line[REF_LINE];
  int act[2] = {RULES_WAIT, RULES_WAIT}, bad[2] = {0, 0};
  res->turns++;
  for (int p = 0; p < 2; p++) {
    if (!g->s.active[p] || g->s.waiting[p]) continue;
    ref__input(io, g, p, input, sizeof input);
    if (io->replay && io->failed) return 1;
    int got;
    if (io->replay) got = ref__replayed_answer(io, p, line, sizeof line);
    else {
      io->judge->turn = res->turns;
      got = judge_ask(io->judge, p, input, strlen(input), line, sizeof line);
    }
    if (got < 0) return 1;
    ref__take(io, g, res, p, got, line, &act[p], &bad[p]);
  }
  for (int p = 0; p < 2; p++)
    if (bad[p]) {
      g->s.active[p] = 0;
      g->s.score[p] = -1;
      act[p] = RULES_WAIT;
    }
  rules_resolve(&g->b, &g->s, act);
  return (g->s.waiting[0] && g->s.waiting[1]) ? 2 : 1;
}

/* The EXECUTIONS and FINAL lines; the result's scores. */
static void ref__final(ref_io *io, ref_game *g, ref_result *res) {
  char buf[REF_LINE];
  snprintf(buf, sizeof buf, "EXECUTIONS %d", res->executions);
  ref__emit(io, buf);
  rules_finish(&g->s);
  for (int p = 0; p < 2; p++) {
    const rules_state *s = &g->s;
    int k = snprintf(buf, sizeof buf, "FINAL %d score %d sun %d active %d", p, s->score[p], s->sun[p], s->active[p]);
    if (!s->active[p]) snprintf(buf + k, sizeof buf - (size_t)k, " reason %s", g->reason[p]);
    ref__emit(io, buf);
    res->score[p] = s->score[p];
    res->sun[p] = s->sun[p];
    res->active[p] = s->active[p];
  }
}

/* The whole game: header, frames (GATHERING, ACTIONS until both wait,
   SUN_MOVE), each followed by its state (and, in a match, the bots' stderr
   for the frame), then the final lines. */
static void ref__play(ref_io *io, int64_t seed, int league, const char *name0, const char *name1,
                      ref_result *res) {
  static ref_game game;
  ref_game *g = &game;
  char buf[REF_LINE];
  int frame = 0, phase = 0; /* 0 GATHERING, 1 ACTIONS, 2 SUN_MOVE */
  memset(res, 0, sizeof *res);
  memset(g, 0, sizeof *g);
  javarand_seed(&g->rng, seed);
  rules_generate(&g->b, &g->s, &g->rng, league);
  snprintf(buf, sizeof buf, "GAME spring2021 seed %lld league %d bots %s %s", (long long)seed, g->b.league, name0,
           name1);
  ref__emit(io, buf);
  int n = snprintf(buf, sizeof buf, "RICHNESS");
  for (int c = 0; c < RULES_CELLS; c++) n += snprintf(buf + n, sizeof buf - (size_t)n, " %d", g->b.richness[c]);
  ref__emit(io, buf);
  ref__state_lines(io, &g->s, "START");
  while (!(io->replay && io->failed)) {
    static const char *const names[3] = {"GATHERING", "ACTIONS", "SUN_MOVE"};
    snprintf(buf, sizeof buf, "FRAME %d %s", ++frame, names[phase]);
    ref__emit(io, buf);
    if (phase == 0) {
      rules_gather(&g->b, &g->s);
      phase = 1;
    } else if (phase == 1) {
      phase = ref__actions(io, g, res);
      if (io->replay && io->failed) break;
    } else {
      rules_sun_move(&g->b, &g->s);
      phase = 0;
    }
    ref__state_lines(io, &g->s, "AFTER");
    if (!io->replay) judge_trace_stderr(io->judge);
    if (rules_over(&g->b, &g->s)) break;
  }
  if (io->replay && io->failed) return;
  ref__final(io, g, res);
}

/* ---- replay ------------------------------------------------------------- */

/* Returns 0 if the trace replays exactly; prints the difference otherwise. */
static int ref__replay(const char *path, int quiet) {
  ref_io *io = &ref__io;
  memset(io, 0, sizeof *io);
  io->replay = 1;
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return 2;
  }
  size_t n = fread(ref__filebuf, 1, REF_MAX_FILE, f);
  fclose(f);
  if (n == REF_MAX_FILE) {
    fprintf(stderr, "replay: %s is too large\n", path);
    return 2;
  }
  ref__filebuf[n] = 0;
  io->text = ref__filebuf;
  char *p = ref__filebuf;
  while (*p && io->nlines < REF_MAX_LINES) {
    io->lines[io->nlines++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    if (nl > p && nl[-1] == '\r') nl[-1] = 0;
    p = nl + 1;
  }
  long long seed = 0;
  int league = 0;
  char b0[256], b1[256];
  if (io->nlines == 0 ||
      sscanf(io->lines[0], "GAME spring2021 seed %lld league %d bots %255s %255s", &seed, &league,
             b0, b1) != 4 ||
      league < 1 || league > 3) {
    fprintf(stderr, "replay: %s: bad GAME header\n", path);
    return 2;
  }
  ref_result res;
  ref__play(io, (int64_t)seed, league, b0, b1, &res);
  if (!io->failed && io->pos != io->nlines) {
    snprintf(io->diff, sizeof io->diff, "line %d: trace has more lines than generated:\n  %s",
             io->pos + 1, io->lines[io->pos]);
    io->failed = 1;
  }
  if (io->failed) {
    printf("%s: %s\n", path, io->diff);
    return 1;
  }
  if (!quiet) printf("%s: ok (%d lines, %d executions)\n", path, io->nlines, res.executions);
  return 0;
}

static int ref__cmp_names(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

static int ref__replay_all(const char *dir) {
  static char names[512][256];
  int n = 0;
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "replay-all: cannot open %s\n", dir);
    printf("0 passed, 1 failed\n");
    return 1;
  }
  struct dirent *e;
  while ((e = readdir(d)) && n < 512) {
    size_t l = strlen(e->d_name);
    if (e->d_name[0] == 't' && l > 4 && l < 200 && strcmp(e->d_name + l - 4, ".txt") == 0)
      snprintf(names[n++], sizeof names[0], "%s", e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], ref__cmp_names);
  int passed = 0, failed = 0;
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%.700s/%.250s", dir, names[i]);
    int r = ref__replay(path, 1);
    printf("%s replay %s\n", r == 0 ? "ok  " : "FAIL", names[i]);
    if (r == 0) passed++;
    else failed++;
  }
  if (n == 0) failed++;
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

/* ---- match -------------------------------------------------------------- */

static int ref__usage(void) {
  fprintf(stderr,
          "usage: spring2021-referee replay TRACE\n"
          "       spring2021-referee replay-all DIR\n"
          "       spring2021-referee match [--league 1|2|3] [judge options] -- CMD0 CMD1\n");
  return 2;
}

static int ref__opt(judge_t *j, void *ctx, const char *name, const char *value) {
  (void)j;
  if (strcmp(name, "--league") != 0) return JUDGE_OPT_BAD;
  int league = value ? atoi(value) : 0;
  if (league < 1 || league > 3) return JUDGE_OPT_BAD;
  *(int *)ctx = league;
  return JUDGE_OPT_VALUE;
}

static int ref__match(int argc, char **argv) {
  static judge_t J;
  ref_io *io = &ref__io;
  int league = 3;
  memset(io, 0, sizeof *io);
  judge_init(&J, "spring2021", 1000, 100);
  J.trace_ok = 1;
  J.usage = "[--league 1|2|3]";
  if (judge_parse(&J, argc, argv, 2, 2, ref__opt, &league) || judge_spawn_traced(&J)) return 2;
  io->judge = &J;
  io->trace = J.trace;
  ref_result res;
  ref__play(io, J.seed, league, "bot0", "bot1", &res);
  judge_trace_close(&J);
  judge_stop_all(&J, 0);
  int ranks[2];
  judge_rank(&J, res.score, ranks);
  judge_result(&J, ranks, res.score, res.turns, NULL);
  return 0;
}

int main(int argc, char **argv) {
  rules_init();
  if (argc >= 3 && strcmp(argv[1], "replay") == 0) {
    int bad = 0;
    for (int i = 2; i < argc; i++) bad |= ref__replay(argv[i], 0) != 0;
    return bad;
  }
  if (argc == 3 && strcmp(argv[1], "replay-all") == 0) return ref__replay_all(argv[2]);
  if (argc >= 2 && strcmp(argv[1], "match") == 0) return ref__match(argc - 2, argv + 2);
  return ref__usage();
}
