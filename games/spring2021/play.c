/*
** play.c -- Spring Challenge 2021 protocol loop (see play.h).
**
** input -> rules_state (we are player 0 of our own view, the opponent 1)
**       -> ai_choose -> one listed command line.
**
** Lines come from stdin through a small queue (play__unread puts lines
** back in order), so the header search can look four lines ahead and
** give back what did not match. Each line is parsed as a whole by
** play__ints (integers only, each within its range, nothing else).
**
** League: the first turn's tree count tells it (6 trees each: wood 2, one
** day, COMPLETE only; 4: wood 1, six days, no SEED; else bronze and above),
** so the same file plays every league from the first one up.
**
** Tests (issue 34): SPRING2021_BUDGET=N replaces the clock by a work
** budget (ai.h, ai_engine.budget: the beam's widest pass, or playouts), and
** SPRING2021_SEED=N seeds the search's generator, so a game played from a
** referee seed is the same game on any machine at any load. Unset (as on
** CodinGame), the clock decides.
**
** Invariants: see play.h. The answer printed is the text of a listed
** action whose cells are on the board (an off-board cell, which rules_parse
** maps to 63, is never printed), or WAIT.
*/
#include "play.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "deadline.h"
#include "reader.h"
#include "rules.h"

#define PLAY_QUEUE 8          /* lines given back at most */
#define PLAY_MAX_LISTED 1024  /* listed actions remembered */
#define PLAY_ACTION_TEXT 48   /* longest listed action remembered */

typedef struct play__line {
  char text[READER_LINE_MAX + 1];
  int ok;      /* 0: too long or unreadable */
  int64_t at;  /* when it was read */
} play__line;

static reader_t play__in;
static play__line play__queue[PLAY_QUEUE];
static int play__queued;
static int play__eof;

/* The actions the referee listed this turn, parsed and as text. */
static int play__listed[PLAY_MAX_LISTED];
static char play__listed_text[PLAY_MAX_LISTED][PLAY_ACTION_TEXT];
static int play__nlisted;

static ai_engine play__engine;

/* Next line into *l; 0 at end of input. */
static int play__next(play__line *l) {
  if (play__queued > 0) {
    *l = play__queue[0];
    memmove(&play__queue[0], &play__queue[1], (size_t)(play__queued - 1) * sizeof play__queue[0]);
    play__queued--;
    return 1;
  }
  if (play__eof) return 0;
  int st = reader_line(&play__in);
  l->at = deadline_now_ns();
  if (st == READER_EOF || st == READER_IOERR) {
    play__eof = 1;
    return 0;
  }
  l->ok = st == READER_OK;
  if (l->ok) {
    size_t n = strlen(play__in.line);
    memcpy(l->text, play__in.line, n + 1);
  } else {
    l->text[0] = 0;
  }
  return 1;
}

/* Gives lines v[0..n-1] back, to be read next in that order. */
static void play__unread(const play__line *v, int n) {
  if (n > PLAY_QUEUE - play__queued) n = PLAY_QUEUE - play__queued; /* cannot happen */
  memmove(&play__queue[n], &play__queue[0], (size_t)play__queued * sizeof play__queue[0]);
  for (int i = 0; i < n; i++) play__queue[i] = v[i];
  play__queued += n;
}

/* 1 if line l is exactly n integers, the i-th within [lo[i], hi[i]]. */
static int play__ints(const play__line *l, int n, long *v, const long *lo, const long *hi) {
  if (!l->ok) return 0;
  const char *p = l->text;
  for (int i = 0; i < n; i++) {
    while (*p == ' ' || *p == '\t') p++;
    if (!((*p >= '0' && *p <= '9') || ((*p == '-' || *p == '+') && p[1] >= '0' && p[1] <= '9')))
      return 0;
    char *end;
    errno = 0;
    long x = strtol(p, &end, 10);
    if (errno || x < lo[i] || x > hi[i] || (*end && *end != ' ' && *end != '\t')) return 0;
    v[i] = x;
    p = end;
  }
  while (*p == ' ' || *p == '\t') p++;
  return *p == 0;
}

static int play__int(const play__line *l, long *v, long lo, long hi) {
  return play__ints(l, 1, v, &lo, &hi);
}

static int play__read_init(rules_board *b) {
  play__line l;
  long n, v[8];
  static const long lo[8] = {0, 0, -1, -1, -1, -1, -1, -1};
  static const long hi[8] = {RULES_CELLS - 1, 3, 36, 36, 36, 36, 36, 36};
  if (!play__next(&l)) return -1;
  if (!play__int(&l, &n, 0, RULES_CELLS)) return 1;
  for (long i = 0; i < n; i++) {
    if (!play__next(&l)) return -1;
    if (!play__ints(&l, 8, v, lo, hi)) return 1;
    b->richness[v[0]] = (int8_t)v[1];
  }
  b->usable = 0;
  memset(b->rich, 0, sizeof b->rich);
  for (int c = 0; c < RULES_CELLS; c++) {
    b->rich[b->richness[c]] |= 1ULL << c;
    if (b->richness[c]) b->usable |= 1ULL << c;
  }
  return 0;
}

/* Finds the next turn header (four lines: day; nutrients; sun score;
   opponent sun, score, waiting), skipping what does not fit. Fills the
   header's part of s and *t0 (when its first line arrived). Returns 0, or
   -1 at end of input; *skipped counts the lines skipped. */
static int play__header(rules_state *s, int64_t *t0, int *skipped) {
  static const long lo[3] = {0, 0, 0}, hi[3] = {1000000, 1000000, 1};
  for (;;) {
    play__line w[4];
    long day, nut, me[2], op[3];
    if (!play__next(&w[0])) return -1;
    if (!play__int(&w[0], &day, 0, 23)) {
      (*skipped)++;
      continue;
    }
    int k = 1;
    for (; k < 4; k++) {
      if (!play__next(&w[k])) return -1;
      int fit = k == 1 ? play__int(&w[1], &nut, 0, 20)
                : k == 2 ? play__ints(&w[2], 2, me, lo, hi)
                         : play__ints(&w[3], 3, op, lo, hi);
      if (!fit) break;
    }
    if (k < 4) {
      play__unread(&w[1], k); /* w[1..k] may start the real header */
      (*skipped)++;
      continue;
    }
    rules_state_empty(s);
    s->day = (int)day;
    s->sun_dir = (int)(day % 6);
    s->nutrients = (int)nut;
    s->sun[0] = (int)me[0];
    s->score[0] = (int)me[1];
    s->sun[1] = (int)op[0];
    s->score[1] = (int)op[1];
    s->waiting[1] = (int)op[2];
    *t0 = w[0].at;
    return 0;
  }
}

/* The rest of a turn after its header: trees, then the listed actions.
   Returns 0, 1 for a corrupt line (given back), -1 at end of input. */
static int play__body(rules_state *s) {
  static const long lo[4] = {0, 0, 0, 0}, hi[4] = {RULES_CELLS - 1, 3, 1, 1};
  static rules_board any; /* the bronze grammar reads every league's actions */
  if (!any.seed_on) rules_board_default(&any, 3);
  play__line l;
  long n, t[4];
  play__nlisted = 0;
  if (!play__next(&l)) return -1;
  if (!play__int(&l, &n, 0, RULES_CELLS)) goto bad;
  for (long i = 0; i < n; i++) {
    if (!play__next(&l)) return -1;
    if (!play__ints(&l, 4, t, lo, hi)) goto bad;
    rules_put(s, (int)t[0], (int)t[1], t[2] ? 0 : 1, (int)t[3]);
  }
  if (!play__next(&l)) return -1;
  if (!play__int(&l, &n, 0, 100000)) goto bad;
  for (long i = 0; i < n; i++) {
    int a;
    if (!play__next(&l)) return -1;
    /* an action line starts with a letter: anything else is corrupt (and
       may be the next header: given back) */
    if (!l.ok || !(l.text[0] >= 'A' && l.text[0] <= 'Z')) goto bad;
    if (play__nlisted >= PLAY_MAX_LISTED || strlen(l.text) >= PLAY_ACTION_TEXT) continue;
    if (rules_parse(&any, l.text, &a) != 0) continue;
    if (RULES_KIND(a) != RULES_WAIT && (RULES_DST(a) >= RULES_CELLS || RULES_SRC(a) >= RULES_CELLS))
      continue; /* off the board: never answered */
    play__listed[play__nlisted] = a;
    memcpy(play__listed_text[play__nlisted], l.text, strlen(l.text) + 1);
    play__nlisted++;
  }
  return 0;
bad:
  play__unread(&l, 1);
  return 1;
}

/* League from the first turn (see the opening comment): trees per player. */
static int play__league(const rules_state *s) {
  int n0 = __builtin_popcountll(s->own[0]), n1 = __builtin_popcountll(s->own[1]);
  if (s->day == 0 && n0 == 6 && n1 == 6) return 1;
  if (s->day == 0 && n0 == 4 && n1 == 4) return 2;
  return 3;
}

/* Sets the league's rules, keeping the richness read from the init input. */
static void play__set_league(rules_board *b, int league) {
  rules_board keep = *b;
  rules_board_default(b, league);
  memcpy(b->richness, keep.richness, sizeof b->richness);
  b->usable = keep.usable;
  memcpy(b->rich, keep.rich, sizeof b->rich);
}

/* The listed text of a, else of the first listed COMPLETE, else GROW, else
   "WAIT" (see play.h). */
static const char *play__answer(int a) {
  for (int i = 0; i < play__nlisted; i++)
    if (play__listed[i] == a) return play__listed_text[i];
  static const int kinds[2] = {RULES_COMPLETE, RULES_GROW};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < play__nlisted; i++)
      if (RULES_KIND(play__listed[i]) == kinds[k]) return play__listed_text[i];
  return "WAIT";
}

static void play__say(const char *line) {
  printf("%s\n", line);
  fflush(stdout);
}

/* The environment variable `name` as a number in [1, max], else 0 (unset,
   or not such a number: said on stderr). */
static long play__env(const play_config *cfg, const char *name, long max) {
  const char *v = getenv(name);
  if (!v || !*v) return 0;
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno || *end || x < 1 || x > max) {
    fprintf(stderr, "%s: %s=%.20s ignored (want 1..%ld)\n", cfg->name, name, v, max);
    return 0;
  }
  return x;
}

BOT_API int play_run(const play_config *cfg) {
  rules_board b;
  rules_state s;
  rules_board_default(&b, 3);
  reader_init(&play__in, 0);
  long seed = play__env(cfg, "SPRING2021_SEED", 2147483647L);
  ai_engine_init(&play__engine, cfg->design, seed ? (uint64_t)seed : (uint64_t)deadline_now_ns());
  beam_params_init(&play__engine.beam_par, cfg->beam_version);
  play__engine.budget = play__env(cfg, "SPRING2021_BUDGET", 1000000000L);
  int err = play__read_init(&b);
  if (err < 0) {
    fprintf(stderr, "%s: end of input before the board\n", cfg->name);
    return 0;
  }
  if (err > 0) fprintf(stderr, "%s: bad init input (line %ld)\n", cfg->name, play__in.lineno);
  double share = 1.0;
  for (int turn = 0;; turn++) {
    /* 1. the turn: header, then body */
    int64_t t0;
    int skipped = 0;
    if (play__header(&s, &t0, &skipped) < 0) {
      fprintf(stderr, "%s: end of input\n", cfg->name);
      return 0;
    }
    if (skipped) fprintf(stderr, "%s: skipped %d lines before a turn header\n", cfg->name, skipped);
    err = play__body(&s);
    if (err != 0) {
      fprintf(stderr, "%s: %s turn input (line %ld); WAIT\n", cfg->name,
              err < 0 ? "truncated" : "bad", play__in.lineno);
      play__say("WAIT");
      if (err < 0) return 0;
      continue;
    }
    /* 2. the league, from the first turn */
    int league = turn == 0 ? play__league(&s) : b.league;
    if (league != b.league) {
      play__set_league(&b, league);
      fprintf(stderr, "%s: league %d rules (%d days)\n", cfg->name, b.league, b.days);
    }
    /* 3. search within the budget */
    deadline_t d;
    double budget = turn == 0 ? cfg->first_ms
                    : share > 0.9 ? cfg->turn_ms
                    : share > 0.7 ? cfg->busy_ms
                                  : cfg->loaded_ms;
    deadline_start_at(&d, t0, budget);
    double cpu0 = deadline_cpu_ms();
    ai_report rep;
    int a = ai_choose(&play__engine, &b, &s, 0, &d, &rep);
    const char *out = play__answer(a);
    char was[64];
    rules_format(a, was, sizeof was);
    if (strcmp(out, was) != 0)
      fprintf(stderr, "%s: %s is not among the listed actions; answering %s\n", cfg->name, was, out);
    double wall = deadline_elapsed_ms(&d), cpu = deadline_cpu_ms() - cpu0;
    if (wall > 5.0) {
      double now = cpu / wall > 1.0 ? 1.0 : cpu / wall;
      share = now < share ? now : 0.8 * share + 0.2 * now; /* drop fast, recover slowly */
    }
    /* 4. the answer */
    play__say(out);
    fprintf(stderr, "day %d: %s %s %ld breadth %d value %.3f %.1f ms cpu share %.2f\n", s.day, out,
            rep.unit, rep.work, rep.breadth, rep.value, deadline_elapsed_ms(&d), share);
  }
}
