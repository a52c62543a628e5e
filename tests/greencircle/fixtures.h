/*
** fixtures.h -- the positions the Green Circle search tests share
** (test_race.c, test_clean.c, test_search.c, test_mc.c): a pile from a digit string,
** the base position, and the check every search must pass (the free clean
** fifth taken, a MOVE request answered with a listed option), each search
** on a number of samples, not the clock.
**
** Invariants: header-only (static functions, one copy per test program);
** fx_base fills every field the rules read, so tests start from the same
** position and change only what they test.
*/
#ifndef GC_FIXTURES_H
#define GC_FIXTURES_H

#include <stdint.h>
#include <string.h>

#include "rules.h"
#include "testhelp.h"

/* Sets pile p to the card types of s, one digit a card ("0011" = two
   TRAINING, two CODING; 8 BONUS, 9 DEBT). */
static void put(rules_pile *p, const char *s) {
  p->n = 0;
  for (; *s; s++) p->c[p->n++] = (uint8_t)(*s - '0');
}

/* Player 0 has ended its turn, player 1 to move; applications 0
   (TRAINING + CODING), 7 (CODING + DAILY_ROUTINE) and 27 (CODE_REVIEW +
   REFACTORING); three cards on every desk; the draw piles are draw0 and
   draw1, every other pile empty. */
static void fx_base(rules_game *g, const char *draw0, const char *draw1) {
  memset(g, 0, sizeof *g);
  for (int k = 0; k < 8; k++) g->desk[k] = 3;
  g->bonus = 20;
  g->debt = 80;
  int apps[3] = {0, 7, 27};
  for (int i = 0; i < 3; i++) g->apps[i] = (int8_t)apps[i];
  g->napps = 3;
  g->active = 1;
  g->phase = RULES_PH_MOVE;
  g->p[0].loc = 2;
  g->p[1].loc = 5;
  put(&g->p[0].draw, draw0);
  put(&g->p[1].draw, draw1);
}

/* A search on an explicit game (player 0 active): the answer. */
typedef rules_action (*fx_decide_fn)(const rules_game *g, double budget_ms, uint64_t seed);

/* What every search must do, from fx_base(draw0, draw1): at four releases
   each, a hand that releases application 0 cleanly (the fifth, the game)
   releases it; at a MOVE request the answer is one of the listed options,
   not RANDOM. */
/* The searches of these checks run on samples, not the clock: a budget no
   search reaches, and FX_SAMPLES samples (ai_set_sample_limit for those on
   ai_run, mc_run's max_samples), so an answer depends on the position and
   the seed alone, never on the machine's load (issue 34). A test whose
   search is slow per sample defines a smaller FX_SAMPLES first. */
#define FX_NO_CLOCK_MS 1e9
#ifndef FX_SAMPLES
#define FX_SAMPLES 50
#endif

static void fx_check_answers(fx_decide_fn decide, const char *draw0, const char *draw1) {
  rules_game g;
  fx_base(&g, draw0, draw1);
  g.active = 0;
  g.phase = RULES_PH_RELEASE;
  g.p[0].score = 4;
  g.p[1].score = 4;
  put(&g.p[0].hand, "0011");
  put(&g.p[0].draw, "9999999999");
  TH_EQ_INT(rules_release_cost(&g, 0, 0), 0);
  rules_action a = decide(&g, FX_NO_CLOCK_MS, th_seed());
  TH_EQ_INT(a.kind, RULES_A_RELEASE);
  TH_EQ_INT(a.x, 0);
  fx_base(&g, draw0, draw1);
  g.active = 0;
  put(&g.p[0].hand, "01289");
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(&g, o, RULES_MAX_OPTS);
  a = decide(&g, FX_NO_CLOCK_MS, th_seed());
  int found = 0;
  for (int i = 0; i < n; i++) found |= memcmp(&a, &o[i], sizeof a) == 0;
  TH_ASSERT(found);
  TH_ASSERT(a.kind != RULES_A_RANDOM);
}

#endif /* GC_FIXTURES_H */
