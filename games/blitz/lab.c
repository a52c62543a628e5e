/*
** lab.c -- build/blitz-lab: Blitz games played in-process, our search
** (ai.c) in one seat against sparring bots (sparring.c) in the other three,
** with a node budget per move instead of a clock. No server, no sockets:
** a run gives the same figures on a loaded machine as on a quiet one, and
** every game replays exactly, so two builds compare on identical games.
**
**   blitz-lab [--games N] [--seed S] [--nodes N | --think-ms MS]
**             [--boards contest|own] [--max-mines M] [--min-mines M]
**             [--turns T] [--jobs J]
**             [--verbose] [--only G --log] [--oracle | --known] [--no-fit]
**             [--fit-report T] [--explain T] OPP OPP OPP
**             (OPP: miner, hunter, killer, brute, wow, random)
**   blitz-lab --follow TRACE [--log] OPP
**   blitz-lab --replay TRACE --hero H [--nodes N] [--from T] [--to T] [--explain T]
**   blitz-lab --fit-trace TRACE --hero H [--fit-report T]
**
** Game g (0..N-1) is played on the board of seed S + g / 4 (the contest
** server's board by default) with our hero in seat g % 4, so every board is
** played from every seat; the opponents sit in the other seats in the
** order given. Each sparring bot is seeded from (board seed, its seat).
** --max-mines M plays only boards with at most M mines: game g is played
** on the (g / 4)-th such board counting from seed S (M 4: the brawl
** boards, a mine or none per hero, about one contest board in five).
** --min-mines M likewise plays only boards with at least M mines (M 28:
** the large boards, about one contest board in four); both may be given.
** --nodes (default 400000, about 30 ms of search on one core) bounds each
** search; --think-ms gives a wall-clock budget instead (not reproducible).
** --jobs forks J workers (games g with g % J == j each). --only G plays
** game G alone; --log then prints a line per move of ours (turn, cell,
** life, gold, mines, every hero's cell/life/mines, the move, depth,
** nodes, score) to read how a game went. --oracle: the search predicts
** each sparring bot with a copy of the bot itself (its memory and random
** stream), where it would otherwise use the opponent model fitted in
** play (fit.h): the upper bound of any opponent model (ai_set_predictor).
** --known: the search predicts with the models of particular bots that
** known.c recognises (the lab's models of the contest bots and our
** sparring policies), as the bot did before issue 35; never in the bot.
** --no-fit: neither (ai_set_fit(0)): heroes are predicted by the search's
** rough models and the worst case alone. --fit-report T: at our move of
** turn T (0..1199) a line per other hero "fit game G seed S seat K hero H
** OPP: ..." with its fitted parameters (fit_describe). --explain T (with
** --only G, or --replay): at our move of turn T (0..1199, its round) the
** search's reasons (ai_set_explain): who it plays and how, each depth's
** root values, and the line its last depth saw after the chosen move, each
** node there searched again in a full window at the same node budget.
** --follow TRACE (a referee --trace file, e.g. of the real contest bots)
** asks the policy OPP, one bot per hero keeping its memory, for the move
** of the hero to move in every state and compares it with the move that
** hero made (its lastDir in the next state): a line per hero "follow OPP
** hero H moves M agree A rate R", with --log a line per disagreement.
** --replay TRACE --hero H runs our search as hero H along a trace (of an
** arena game, say), keeping its memory of the other heroes as in the game,
** and prints for each of H's moves with turn in [--from, --to] the --log
** line plus the move the trace shows ("trace M", "*" where they differ):
** how to read why a real-time game went wrong, at a reproducible budget.
** --fit-trace TRACE --hero H fits the opponent model (fit.h) along a
** trace as the bot in seat H does, and at H's move of turn T (--fit-report,
** default 400: after 100 moves each) prints a line per other hero "fit
** trace hero K NAME: ..." (NAME from TRACE.names, the arena's seat list,
** else "?"): what the fit says about bots whose code we do not run.
**
** Output: with --verbose, a line per game in game order:
**   game G seed S seat K place P first 0|1 gold A B C D mines ... deaths ...
** then one summary line:
**   lab blitz games=N first=K rate=R lo=L hi=H places=a/b/c/d
**     our_deaths=D gold_share=G nodes_mean=M depth_mean=E not_won=SEED/SEAT(BOT),...
** (rate: first place alone, a shared first does not count; lo/hi: 95%
** Wilson interval; G: the mean over games of our gold / all heroes' gold,
** 0.25 for a game without gold, a finer measure than first places for a
** paired A/B; BOT: the opponent with the most gold in a game not won).
** Exit 0; 1 when a board could not be made (or --max-mines, --min-mines find none);
** 2 on a bad command line.
**
** Build a variant of the search for an A/B (ai.c's tunables are #ifndef):
**   python3 merge.py build blitz --entry games/blitz/lab.c --out /tmp/lab.c --no-limit
**   gcc -O2 -DAI_RISK_F1=0.4 /tmp/lab.c -o /tmp/blitz-lab-x -lm
*/
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai.h"
#include "fit.h"
#include "known.h"
#include "client.h"
#include "contest.h"
#include "deadline.h"
#include "rules.h"
#include "sparring.h"

#define LAB_MAX_GAMES 100000
#define LAB_MAX_JOBS 64

typedef struct lab_result {
  int g, seed, seat, place, first;
  int gold[RULES_HEROES], mines[RULES_HEROES], deaths[RULES_HEROES];
  int winner;     /* hero id (1..4) with the most gold, lowest id on ties */
  long nodes;     /* summed over our searches */
  long depth;     /* summed completed depth */
  int searches;
  double ms_max;  /* slowest search */
  int ok;         /* 0: the board could not be made */
} lab_result;

typedef struct lab_opts {
  int games, seed, nodes, turns, jobs, verbose, own, only, log, oracle, known, nofit, fit_report, explain;
  int max_mines, min_mines; /* --max-mines, --min-mines: 0, every board */
  double think_ms;
  const char *follow; /* --follow TRACE: the model's moves along a trace */
  const char *replay; /* --replay TRACE: our search's moves along a trace */
  const char *fit_trace; /* --fit-trace TRACE: the fitted model along a trace */
  int hero, from, to; /* --replay: our hero and the turns to print */
  int opp[3];
} lab_opts;

static lab_result lab__res[LAB_MAX_GAMES];
static int lab__seeds[LAB_MAX_GAMES / 4 + 1]; /* --max-mines: board g / 4's seed */

static int lab__board(rules_state *s, const lab_opts *o, int seed, char *err, size_t cap) {
  static char text[CONTEST_TEXT_CAP];
  if (o->own) {
    if (rules_generate(s, (uint64_t)seed, 0, err, cap) < 0) return -1;
  } else if (contest_board((int64_t)seed, text, sizeof text, NULL, err, cap) < 0 ||
             rules_parse_map(s, text, err, cap) < 0) {
    return -1;
  }
  s->max_turns = 4 * o->turns;
  return 0;
}

/* The --log line of our move `dir` (hero me) in s, without its newline:
   turn, every hero's cell, life, gold and mines (ours starred), the move,
   and the search's depth, nodes, adversaries and value. */
static void lab__log_move(const rules_state *s, int me, int dir, const ai_stats *st) {
  printf("t %4d", s->turn);
  for (int k = 0; k < RULES_HEROES; k++)
    printf(" %c%d(%d,%d) l%d g%d m%d", k + 1 == me ? '*' : ' ', k + 1, s->heroes[k].x, s->heroes[k].y,
           s->heroes[k].life, s->heroes[k].gold, s->heroes[k].mines);
  printf(" -> %s d%d n%ld near%d v%.1f", rules_dir_name(dir), st->depth, st->nodes, st->near, st->score);
}

/* --oracle: the search predicts each sparring bot with a copy of it. */
static int lab__oracle(void *ctx, const rules_state *s, int id) {
  static sparring_bot tmp;
  const sparring_bot *bots = ctx;
  if (bots[id - 1].kind < 0) return -1;
  memcpy(&tmp, &bots[id - 1], sizeof tmp);
  return sparring_move(&tmp, s, id);
}

/* --fit-report: a line per other hero with its fitted parameters. */
static void lab__fit_report(const lab_opts *o, const lab_result *r, const rules_state *s, int me, const int *kind) {
  char line[1024], d[256];
  size_t len = 0;
  line[0] = 0;
  for (int k = 1; k <= RULES_HEROES && !o->nofit; k++) {
    if (k == me) continue;
    len += (size_t)snprintf(line + len, sizeof line - len, "fit game %d seed %d seat %d turn %d hero %d %s: %s\n",
                            r->g, r->seed, r->seat, s->turn, k, sparring_name(kind[k - 1]),
                            fit_describe(ai_fit(), k, d, sizeof d));
    if (len >= sizeof line) len = sizeof line - 1;
  }
  fputs(line, stdout);
  fflush(stdout);
}

/* 1 when --max-mines or --min-mines picks the boards (lab__seeds). */
static int lab__filtered(const lab_opts *o) { return o->max_mines > 0 || o->min_mines > 0; }

/* 1 when a board of nmines mines passes --max-mines and --min-mines. */
static int lab__board_kept(const lab_opts *o, int nmines) {
  return (!o->max_mines || nmines <= o->max_mines) && nmines >= o->min_mines;
}

/* --max-mines, --min-mines: the seeds of the first (games + 3) / 4 boards
   from --seed that lab__board_kept into lab__seeds; -1 when LAB_SEED_SCAN
   seeds in a row hold none (a bad board's seed is skipped). */
#define LAB_SEED_SCAN 10000
static int lab__find_seeds(const lab_opts *o) {
  static rules_state s;
  char err[160];
  int need = (o->games + 3) / 4, found = 0;
  for (int seed = o->seed, miss = 0; found < need; seed++) {
    if (miss++ >= LAB_SEED_SCAN || seed >= 1 << 30) return -1;
    if (lab__board(&s, o, seed, err, sizeof err) == 0 && lab__board_kept(o, s.nmines)) {
      lab__seeds[found++] = seed;
      miss = 0;
    }
  }
  return 0;
}

/* --explain: ai_choose for hero me in s, its reasons printed when s is in
   the round of turn o->explain. */
static int lab__choose(const lab_opts *o, const rules_state *s, int me, const deadline_t *d, ai_stats *st) {
  static char why[1 << 16];
  int on = o->explain >= 0 && s->turn / 4 == o->explain / 4;
  if (on) ai_set_explain(why, sizeof why);
  int dir = ai_choose(s, me, d, st);
  if (on) {
    ai_set_explain(NULL, 0);
    fputs(why, stdout);
    fflush(stdout);
  }
  return dir;
}

/* Plays game g; fills r. */
static void lab__play(const lab_opts *o, int g, lab_result *r) {
  static rules_state s;
  static sparring_bot bots[RULES_HEROES];
  char err[160];
  memset(r, 0, sizeof *r);
  r->g = g;
  r->seed = lab__filtered(o) ? lab__seeds[g / 4] : o->seed + g / 4;
  r->seat = g % 4;
  if (lab__board(&s, o, r->seed, err, sizeof err) < 0) {
    fprintf(stderr, "blitz-lab: seed %d: %s\n", r->seed, err);
    return;
  }
  int me = r->seat + 1, next = 0, kind[RULES_HEROES];
  for (int k = 0; k < RULES_HEROES; k++) {
    kind[k] = k == r->seat ? -1 : o->opp[next++];
    if (kind[k] >= 0) sparring_init(&bots[k], kind[k], (uint64_t)r->seed * 8 + (uint64_t)k + 1);
    else bots[k].kind = -1;
  }
  static known kn;
  known_reset(&kn);
  ai_set_predictor(o->oracle ? lab__oracle : o->known ? known_predict : NULL, o->oracle ? (void *)bots : &kn);
  ai_set_fit(!o->nofit);
  int respawn[RULES_HEROES];
  for (int k = 0; k < RULES_HEROES; k++) respawn[k] = s.heroes[k].respawn_turn;
  ai_set_node_limit(o->think_ms > 0 ? 0 : o->nodes);
  while (!rules_finished(&s)) {
    int id = rules_to_move(&s), dir;
    if (id == me) {
      deadline_t d;
      deadline_start(&d, o->think_ms > 0 ? o->think_ms : 1e9);
      ai_stats st;
      if (o->known) known_observe(&kn, &s, me);
      dir = lab__choose(o, &s, me, &d, &st);
      if (o->known) known_moved(&kn, dir);
      if (o->fit_report >= 0 && s.turn / 4 == o->fit_report / 4) lab__fit_report(o, r, &s, me, kind);
      if (o->log) {
        lab__log_move(&s, me, dir, &st);
        putchar('\n');
      }
      r->nodes += st.nodes;
      r->depth += st.depth;
      r->searches++;
      if (st.ms > r->ms_max) r->ms_max = st.ms;
    } else {
      dir = sparring_move(&bots[id - 1], &s, id);
    }
    rules_move(&s, dir);
    for (int k = 0; k < RULES_HEROES; k++)
      if (s.heroes[k].respawn_turn != respawn[k]) {
        respawn[k] = s.heroes[k].respawn_turn;
        r->deaths[k]++;
      }
  }
  int place[RULES_HEROES];
  rules_places(&s, place);
  r->winner = 1;
  for (int k = 0; k < RULES_HEROES; k++) {
    r->gold[k] = s.heroes[k].gold;
    r->mines[k] = s.heroes[k].mines;
    if (s.heroes[k].gold > r->gold[r->winner - 1]) r->winner = k + 1;
  }
  r->place = place[r->seat];
  r->first = 1;
  for (int k = 0; k < RULES_HEROES; k++)
    if (k != r->seat && s.heroes[k].gold >= s.heroes[r->seat].gold) r->first = 0;
  r->ok = 1;
}

/* The next state of a trace (one server state JSON a line, as the
   referee's --trace writes) into v, read as hero `hero` sees it (mem: the
   reader's memory of hidden cells, 255s before the first state). Returns
   1, 0 at the end of the file, -1 on a line that does not parse (said on
   stderr). */
static int lab__next_state(FILE *f, const char *path, int hero, client_view *v, uint8_t *mem) {
  static char line[1 << 16], wrapped[(1 << 16) + 32];
  while (fgets(line, sizeof line, f)) {
    char err[160];
    if (strlen(line) < 2 || line[0] != '{') continue;
    int wl = snprintf(wrapped, sizeof wrapped, "{\"hero\":{\"id\":%d},%s", hero, line + 1);
    if (client_parse_state(v, mem, wrapped, (size_t)wl, NULL, 0, NULL, 0, NULL, err, sizeof err) < 0) {
      fprintf(stderr, "blitz-lab: %s: %s\n", path, err);
      return -1;
    }
    return 1;
  }
  return 0;
}

/* A trace being read as hero `hero` sees it: the state now (v) and the
   memory of hidden cells (mem). */
typedef struct lab_trace {
  FILE *f;
  const char *path;
  int hero;
  client_view v;
  uint8_t mem[RULES_CELLS];
} lab_trace;

/* Opens path; -1, said on stderr, when it cannot be read. */
static int lab__trace_open(lab_trace *t, const char *path, int hero) {
  t->f = fopen(path, "r");
  if (!t->f) perror(path);
  t->path = path;
  t->hero = hero;
  memset(t->mem, 255, sizeof t->mem);
  return t->f ? 0 : -1;
}

/* The next state into t->v (lab__next_state): 1, 0 at the end, -1. */
static int lab__trace_next(lab_trace *t) { return lab__next_state(t->f, t->path, t->hero, &t->v, t->mem); }

/* --follow: reads a trace (one server state JSON a line, as the referee's
   --trace writes), asks the sparring policy `kind` (one bot per hero,
   keeping its memory along the game) for the move of the hero to move in
   each state, and compares it with that hero's lastDir in the next state.
   Prints a line per hero (moves, agreements) and, with --log, a line per
   disagreement. Returns 0, or 1 when the file cannot be read. */
static int lab__follow(const char *path, int kind, int log) {
  static lab_trace t;
  static sparring_bot bots[RULES_HEROES];
  if (lab__trace_open(&t, path, 1) < 0) return 1;
  for (int k = 0; k < RULES_HEROES; k++) sparring_init(&bots[k], kind, (uint64_t)k + 1);
  int have = 0, mover = 0, want = RULES_STAY, moves[RULES_HEROES] = {0}, agree[RULES_HEROES] = {0}, rc;
  static rules_state prev;
  while ((rc = lab__trace_next(&t)) > 0) {
    if (have && t.v.st.turn == prev.turn + 1) {
      int got = t.v.st.heroes[mover - 1].last_dir;
      moves[mover - 1]++;
      agree[mover - 1] += got == want;
      if (log && got != want) {
        const rules_hero *h = &prev.heroes[mover - 1];
        printf("turn %d hero %d at (%d,%d) life %d gold %d mines %d: model %s, trace %s\n", prev.turn, mover,
               h->x, h->y, h->life, h->gold, h->mines, rules_dir_name(want), got >= 0 ? rules_dir_name(got) : "?");
      }
    }
    have = !rules_finished(&t.v.st);
    if (!have) continue;
    prev = t.v.st;
    mover = rules_to_move(&t.v.st);
    want = sparring_move(&bots[mover - 1], &t.v.st, mover);
  }
  fclose(t.f);
  if (rc < 0) return 1;
  for (int k = 0; k < RULES_HEROES; k++)
    printf("follow %s hero %d moves %d agree %d rate %.3f\n", sparring_name(kind), k + 1, moves[k], agree[k],
           moves[k] ? (double)agree[k] / moves[k] : 0.0);
  return 0;
}

/* --replay: our search (node budget o->nodes) as hero o->hero along the
   trace; prints a line per move of ours in [o->from, o->to]. Returns 0, or
   1 when the file cannot be read. */
static int lab__replay(const lab_opts *o) {
  static lab_trace t;
  static rules_state prev;
  if (lab__trace_open(&t, o->replay, o->hero) < 0) return 1;
  ai_set_node_limit(o->nodes);
  int pending = 0, want = RULES_STAY, moves = 0, agree = 0, rc;
  while ((rc = lab__trace_next(&t)) > 0) {
    if (pending && t.v.st.turn == prev.turn + 1) {
      int got = t.v.st.heroes[o->hero - 1].last_dir;
      moves++;
      agree += got == want;
      if (prev.turn >= o->from && prev.turn <= o->to)
        printf(" trace %s%s\n", got >= 0 ? rules_dir_name(got) : "?", got == want ? "" : " *");
    } else if (pending && prev.turn >= o->from && prev.turn <= o->to) {
      printf(" trace ?\n");
    }
    pending = 0;
    if (rules_finished(&t.v.st) || rules_to_move(&t.v.st) != o->hero) continue;
    prev = t.v.st;
    deadline_t d;
    deadline_start(&d, 1e9);
    ai_stats st;
    want = lab__choose(o, &t.v.st, o->hero, &d, &st);
    pending = 1;
    if (prev.turn >= o->from && prev.turn <= o->to) lab__log_move(&prev, o->hero, want, &st);
  }
  if (pending && prev.turn >= o->from && prev.turn <= o->to) printf(" trace ?\n");
  fclose(t.f);
  if (rc < 0) return 1;
  printf("replay hero %d moves %d agree %d rate %.3f\n", o->hero, moves, agree, moves ? (double)agree / moves : 0.0);
  return 0;
}

/* The seats' names from TRACE.names (one a line, the arena's), "?" for
   a seat it does not name. */
static void lab__seat_names(const char *trace, char names[RULES_HEROES][256]) {
  char path[4096];
  for (int k = 0; k < RULES_HEROES; k++) snprintf(names[k], sizeof names[k], "?");
  if (snprintf(path, sizeof path, "%s.names", trace) >= (int)sizeof path) return;
  FILE *f = fopen(path, "r");
  if (!f) return;
  for (int k = 0; k < RULES_HEROES && fgets(names[k], sizeof names[k], f); k++) names[k][strcspn(names[k], "\r\n")] = 0;
  fclose(f);
}

/* --fit-trace: the fit of the other heroes along a trace, as hero o->hero
   would have it; prints them at its move of turn o->fit_report. Returns 0,
   or 1 when the file cannot be read or the turn never comes. */
static int lab__fit_trace(const lab_opts *o) {
  static lab_trace t;
  static fit f;
  if (lab__trace_open(&t, o->fit_trace, o->hero) < 0) return 1;
  fit_reset(&f);
  int pending = 0, prev_turn = -1, printed = 0, rc;
  while (!printed && (rc = lab__trace_next(&t)) > 0) {
    if (pending && t.v.st.turn == prev_turn + 1) fit_moved(&f, t.v.st.heroes[o->hero - 1].last_dir);
    pending = 0;
    if (rules_finished(&t.v.st) || rules_to_move(&t.v.st) != o->hero) continue;
    fit_observe(&f, &t.v.st, o->hero);
    prev_turn = t.v.st.turn;
    pending = 1;
    if (t.v.st.turn / 4 != o->fit_report / 4) continue;
    char names[RULES_HEROES][256], d[256];
    lab__seat_names(o->fit_trace, names);
    for (int k = 1; k <= RULES_HEROES; k++)
      if (k != o->hero)
        printf("fit trace turn %d hero %d %s: %s\n", t.v.st.turn, k, names[k - 1], fit_describe(&f, k, d, sizeof d));
    printed = 1; /* the rest of the trace is not read */
  }
  fclose(t.f);
  if (rc < 0) return 1;
  if (!printed) fprintf(stderr, "blitz-lab: %s: hero %d never moved at turn %d\n", o->fit_trace, o->hero, o->fit_report);
  return printed ? 0 : 1;
}

static int lab__usage(void) {
  fprintf(stderr, "usage: blitz-lab [--games N] [--seed S] [--nodes N | --think-ms MS] [--boards contest|own]\n"
                  "                 [--max-mines M] [--min-mines M] [--turns T] [--jobs J] [--verbose]\n"
                  "                 [--oracle | --known] [--no-fit]\n"
                  "                 [--fit-report T] [--explain T] OPP OPP OPP\n"
                  "                 (OPP: miner, hunter, killer, brute, wow, random)\n"
                  "       blitz-lab --follow TRACE [--log] OPP\n"
                  "       blitz-lab --replay TRACE --hero H [--nodes N] [--from T] [--to T] [--explain T]\n"
                  "       blitz-lab --fit-trace TRACE --hero H [--fit-report T]\n");
  return 2;
}

static int lab__int(const char *s, int lo, int hi, int *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < lo || v > hi) return -1;
  *out = (int)v;
  return 0;
}

/* Reads exactly n bytes from fd (blocking); returns 0 or -1 at EOF/error. */
static int lab__read(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n > 0) {
    ssize_t k = read(fd, p, n);
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

static int lab__write(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Runs the games over o->jobs workers; returns the number of results. */
static int lab__run(const lab_opts *o) {
  if (o->only >= 0) {
    lab__play(o, o->only, &lab__res[o->only]);
    return 1;
  }
  if (o->jobs <= 1) {
    for (int g = 0; g < o->games; g++) lab__play(o, g, &lab__res[g]);
    return o->games;
  }
  int fds[LAB_MAX_JOBS];
  pid_t pids[LAB_MAX_JOBS];
  for (int j = 0; j < o->jobs; j++) {
    int p[2];
    if (pipe(p) < 0) {
      perror("blitz-lab: pipe");
      exit(1);
    }
    pid_t pid = fork();
    if (pid < 0) {
      perror("blitz-lab: fork");
      exit(1);
    }
    if (pid == 0) {
      close(p[0]);
      for (int i = 0; i < j; i++) close(fds[i]);
      for (int g = j; g < o->games; g += o->jobs) {
        lab_result r;
        lab__play(o, g, &r);
        if (lab__write(p[1], &r, sizeof r) < 0) _exit(1);
      }
      _exit(0);
    }
    close(p[1]);
    fds[j] = p[0];
    pids[j] = pid;
  }
  int got = 0, open = o->jobs;
  struct pollfd pf[LAB_MAX_JOBS];
  while (open > 0) {
    int m = 0;
    for (int j = 0; j < o->jobs; j++)
      if (fds[j] >= 0) pf[m++] = (struct pollfd){.fd = fds[j], .events = POLLIN};
    if (poll(pf, (nfds_t)m, -1) < 0) continue;
    for (int i = 0; i < m; i++) {
      if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      lab_result r;
      int j = 0;
      while (fds[j] != pf[i].fd) j++;
      if (lab__read(fds[j], &r, sizeof r) < 0 || r.g < 0 || r.g >= o->games) {
        close(fds[j]);
        fds[j] = -1;
        open--;
        continue;
      }
      lab__res[r.g] = r;
      got++;
    }
  }
  for (int j = 0; j < o->jobs; j++) waitpid(pids[j], NULL, 0);
  return got;
}

int main(int argc, char **argv) {
  lab_opts o = {.games = 40, .seed = 1, .nodes = 400000, .turns = 300, .jobs = 1, .only = -1, .to = 1 << 30,
                .fit_report = -1, .explain = -1};
  int nopp = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0;
    if (!strcmp(a, "--games") && v) bad = lab__int(v, 1, LAB_MAX_GAMES, &o.games), i++;
    else if (!strcmp(a, "--seed") && v) bad = lab__int(v, 0, 1 << 30, &o.seed), i++;
    else if (!strcmp(a, "--oracle")) o.oracle = 1;
    else if (!strcmp(a, "--known")) o.known = 1;
    else if (!strcmp(a, "--no-fit")) o.nofit = 1;
    else if (!strcmp(a, "--fit-report") && v) bad = lab__int(v, 0, 1 << 30, &o.fit_report), i++;
    else if (!strcmp(a, "--explain") && v) bad = lab__int(v, 0, 1 << 30, &o.explain), i++;
    else if (!strcmp(a, "--nodes") && v) bad = lab__int(v, 256, 1 << 30, &o.nodes), i++;
    else if (!strcmp(a, "--turns") && v) bad = lab__int(v, 1, 100000, &o.turns), i++;
    else if (!strcmp(a, "--jobs") && v) bad = lab__int(v, 1, LAB_MAX_JOBS, &o.jobs), i++;
    else if (!strcmp(a, "--think-ms") && v) {
      int ms = 0;
      bad = lab__int(v, 1, 100000, &ms), i++;
      o.think_ms = ms;
    } else if (!strcmp(a, "--boards") && v) {
      o.own = !strcmp(v, "own");
      bad = !o.own && strcmp(v, "contest") != 0;
      i++;
    } else if (!strcmp(a, "--max-mines") && v) bad = lab__int(v, 1, RULES_CELLS, &o.max_mines), i++;
    else if (!strcmp(a, "--min-mines") && v) bad = lab__int(v, 1, RULES_CELLS, &o.min_mines), i++;
    else if (!strcmp(a, "--only") && v) bad = lab__int(v, 0, LAB_MAX_GAMES - 1, &o.only), i++;
    else if (!strcmp(a, "--verbose")) o.verbose = 1;
    else if (!strcmp(a, "--log")) o.log = 1;
    else if (!strcmp(a, "--follow") && v) o.follow = argv[++i];
    else if (!strcmp(a, "--replay") && v) o.replay = argv[++i];
    else if (!strcmp(a, "--fit-trace") && v) o.fit_trace = argv[++i];
    else if (!strcmp(a, "--hero") && v) bad = lab__int(v, 1, RULES_HEROES, &o.hero), i++;
    else if (!strcmp(a, "--from") && v) bad = lab__int(v, 0, 1 << 30, &o.from), i++;
    else if (!strcmp(a, "--to") && v) bad = lab__int(v, 0, 1 << 30, &o.to), i++;
    else if (a[0] != '-' && nopp < 3 && sparring_kind(a) >= 0) o.opp[nopp++] = sparring_kind(a);
    else {
      fprintf(stderr, "blitz-lab: bad argument \"%s\"\n", a);
      return lab__usage();
    }
    if (bad) {
      fprintf(stderr, "blitz-lab: bad value for %s\n", a);
      return lab__usage();
    }
  }
  if (o.follow && nopp == 1) return lab__follow(o.follow, o.opp[0], o.log);
  if (o.replay) {
    if (!o.hero || nopp) return lab__usage();
    return lab__replay(&o);
  }
  if (o.fit_trace) {
    if (!o.hero || nopp) return lab__usage();
    if (o.fit_report < 0) o.fit_report = 400;
    return lab__fit_trace(&o);
  }
  if (nopp != 3) return lab__usage();
  if (o.only >= 0 && o.games <= o.only) o.games = o.only + 1;
  if (lab__filtered(&o) && lab__find_seeds(&o) < 0) {
    fprintf(stderr, "blitz-lab: no board with %d to %d mines in %d seeds from %d\n", o.min_mines,
            o.max_mines > 0 ? o.max_mines : RULES_CELLS, LAB_SEED_SCAN, o.seed);
    return 1;
  }
  fflush(stdout);
  lab__run(&o);
  int n = 0, wins = 0, places[4] = {0}, deaths = 0, searches = 0;
  long nodes = 0, depth = 0;
  double ms_max = 0, share = 0;
  char lost[8192];
  size_t ll = 0;
  lost[0] = 0;
  for (int g = 0; g < o.games; g++) {
    const lab_result *r = &lab__res[g];
    if (!r->ok || (o.only >= 0 && g != o.only)) continue;
    n++;
    wins += r->first;
    places[r->place - 1 < 4 ? r->place - 1 : 3]++;
    deaths += r->deaths[r->seat];
    int all = r->gold[0] + r->gold[1] + r->gold[2] + r->gold[3];
    share += all > 0 ? (double)r->gold[r->seat] / all : 0.25;
    nodes += r->nodes;
    depth += r->depth;
    searches += r->searches;
    if (r->ms_max > ms_max) ms_max = r->ms_max;
    if (!r->first && ll + 40 < sizeof lost) {
      int opp = 0;
      for (int k = 0, next = 0; k < RULES_HEROES; k++) {
        if (k == r->seat) continue;
        if (k + 1 == r->winner) opp = o.opp[next];
        next++;
      }
      ll += (size_t)snprintf(lost + ll, sizeof lost - ll, "%s%d/%d(%s)", ll ? "," : "", r->seed, r->seat,
                             r->winner == r->seat + 1 ? "tie" : sparring_name(opp));
    }
    if (o.verbose)
      printf("game %d seed %d seat %d place %d first %d gold %d %d %d %d mines %d %d %d %d deaths %d %d %d %d "
             "nodes_mean %.0f depth_mean %.1f ms_max %.1f\n",
             r->g, r->seed, r->seat, r->place, r->first, r->gold[0], r->gold[1], r->gold[2], r->gold[3],
             r->mines[0], r->mines[1], r->mines[2], r->mines[3], r->deaths[0], r->deaths[1], r->deaths[2],
             r->deaths[3], r->searches ? (double)r->nodes / r->searches : 0.0,
             r->searches ? (double)r->depth / r->searches : 0.0, r->ms_max);
  }
  double p = n ? (double)wins / n : 0, z = 1.959963984540054, lo = 0, hi = 1;
  if (n) {
    double dd = 1 + z * z / n, c = (p + z * z / (2.0 * n)) / dd;
    double h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / dd;
    lo = c - h < 0 ? 0 : c - h;
    hi = c + h > 1 ? 1 : c + h;
  }
  printf("lab blitz games=%d first=%d rate=%.3f lo=%.3f hi=%.3f places=%d/%d/%d/%d our_deaths=%.2f "
         "gold_share=%.4f nodes_mean=%.0f depth_mean=%.1f ms_max=%.1f not_won=%s\n",
         n, wins, p, lo, hi, places[0], places[1], places[2], places[3], n ? (double)deaths / n : 0.0,
         n ? share / n : 0.0,
         searches ? (double)nodes / searches : 0.0, searches ? (double)depth / searches : 0.0, ms_max,
         lost[0] ? lost : "-");
  return n == (o.only >= 0 ? 1 : o.games) ? 0 : 1;
}

#undef LAB_MAX_GAMES
#undef LAB_MAX_JOBS
#undef LAB_SEED_SCAN
