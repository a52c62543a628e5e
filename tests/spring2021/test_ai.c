/*
** test_ai.c -- Spring Challenge 2021 AI: the playout policy only plays
** legal moves and playouts end the game; both searches (Monte Carlo and
** beam) return legal actions, respect their deadlines, and play simple
** endgames exactly; the beam's layer sort is a stable sort by value and
** hash; issue 37: the race model of the opponent's completions ends a
** short game against an opponent that sells all its big trees with more
** points and less unspent sun than the first beam bot's model (BEAM_V1),
** and the end flush model (opp_end_*) ends it with as many final points
** as the shipped daily model or more; the evaluation's shade term
** (sun_shade_w) tells a shaded growth from a free one where BEAM_V1's
** does not; the opponent's plan (opp_plan_width) starts from its trees,
** follows the rules of growth from dawn to dawn, counts its completions,
** is the opponent's whichever seat we play, and leaves its trees alone on
** a day it has already ended.
*/
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "beam.h"
#include "javarand.h"
#include "rules.h"
#include "testhelp.h"

static void start_league(rules_board *b, rules_state *s, int64_t seed, int league) {
  javarand_t jr;
  javarand_seed(&jr, seed);
  rules_generate(b, s, &jr, league);
  rules_gather(b, s);
}

static void start(rules_board *b, rules_state *s, int64_t seed) { start_league(b, s, seed, 3); }

/* Every policy action in 30 games per league is valid for the state it is
   played in (the wood leagues lack SEED, and wood 2 GROW too). */
static void test_policy_legal(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  for (int g = 0; g < 90; g++) {
    rules_board b;
    rules_state s;
    start_league(&b, &s, (int64_t)th_seed() + g, 1 + g % 3);
    int frames = 0;
    while (s.day < b.days) {
      while (!(s.waiting[0] && s.waiting[1])) {
        int act[2];
        for (int p = 0; p < 2; p++) {
          act[p] = s.waiting[p] ? RULES_WAIT : ai_policy(&b, &s, p, &r);
          if (!s.waiting[p])
            TH_ASSERT_MSG(rules_valid(&b, &s, p, act[p], s.sun[p]), "day %d action %d", s.day, act[p]);
        }
        rules_resolve(&b, &s, act);
        TH_ASSERT(++frames < 2000);
      }
      rules_sun_move(&b, &s);
      if (s.day >= b.days) break;
      rules_gather(&b, &s);
    }
    TH_EQ_INT(s.day, b.days);
  }
}

/* Playouts finish the game: day 24, scores include the sun bonus. */
static void test_playout_finishes(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  rules_board b;
  rules_state s;
  start(&b, &s, 7);
  int first[2] = {-1, -1};
  int some_points = 0;
  for (int i = 0; i < 20; i++) {
    rules_state t = s;
    ai_playout(&b, &t, first, &r);
    TH_EQ_INT(t.day, 24);
    TH_ASSERT(t.score[0] >= 0 && t.score[1] >= 0);
    some_points += t.score[0] + t.score[1] > 20;
    double v = ai_value(&t, 0);
    TH_ASSERT(v >= 0.0 && v <= 1.0);
    TH_NEAR(v + ai_value(&t, 1), 1.0, 1e-9);
  }
  TH_ASSERT(some_points > 10);
}

/* The root answer is one of the listed actions and the search stops. */
static void test_search_legal_and_bounded(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  rules_board b;
  rules_state s;
  start(&b, &s, 42);
  deadline_t d;
  ai_stats st;
  deadline_start(&d, 30.0);
  int a = ai_search(&b, &s, 0, &d, &r, &st);
  /* it stops (the search loops until its deadline): a bound loose enough
     that no load on a shared machine trips it (8 busy processes on 2
     cores give it a fifth of a core), while a search that never reads
     its clock would still hang far beyond it */
  TH_ASSERT_MSG(deadline_elapsed_ms(&d) < 30.0 + 30000.0, "%.1f ms", deadline_elapsed_ms(&d));
  TH_ASSERT(rules_valid(&b, &s, 0, a, s.sun[0]));
  TH_ASSERT(st.playouts >= st.candidates);
  /* an expired deadline still gives a legal answer */
  deadline_start(&d, 0.0);
  a = ai_search(&b, &s, 1, &d, &r, &st);
  TH_ASSERT(rules_valid(&b, &s, 1, a, s.sun[1]));
}

static ai_engine test__engine; /* the beam's buffers: too big for the stack */

/* Two exact last-day endgames, for the player in `seat`:
   k = 0: completing a rich tree with nutrients left wins points (COMPLETE 0);
   k = 1: nutrients 0, poor cell, 20-20: WAIT ends 21-20 (sun/3), while
   COMPLETE gains nothing, costs the sun/3 point and the tree, and loses the
   tiebreak 20+0 vs 20+1 (WAIT). Returns the right answer. */
static int endgame(rules_board *b, rules_state *s, int seat, int k) {
  rules_board_default(b, 3);
  rules_state_empty(s);
  s->day = 23;
  s->sun_dir = 5;
  s->nutrients = k == 0 ? 10 : 0;
  s->sun[seat] = k == 0 ? 4 : 5;
  s->score[seat] = k == 0 ? 10 : 20;
  s->score[1 - seat] = 20;
  int tree = k == 0 ? 0 : 19;
  rules_put(s, tree, 3, seat, 0);
  rules_put(s, 30, 1, 1 - seat, 0);
  return k == 0 ? RULES_ACT(RULES_COMPLETE, 0, tree) : RULES_WAIT;
}

/* Both designs play both endgames exactly, from either seat, on a work
   budget (the beam's widest pass; playouts), not the clock: the same
   answer on any machine at any load. */
static void test_endgames(void) {
  for (int design = AI_MCTS; design <= AI_BEAM; design++) {
    ai_engine_init(&test__engine, design, th_seed());
    test__engine.budget = design == AI_BEAM ? 256 : 2000;
    for (int seat = 0; seat < 2; seat++)
      for (int k = 0; k < 2; k++) {
        rules_board b;
        rules_state s;
        int want = endgame(&b, &s, seat, k);
        deadline_t d;
        deadline_start(&d, 0.0); /* already passed: the budget decides */
        TH_EQ_INT(ai_choose(&test__engine, &b, &s, seat, &d, NULL), want);
      }
  }
}

/* The beam search (through ai_choose) answers a valid action for either
   seat on positions of policy games of every league at every day, with a
   short deadline and with the deadline already passed. */
static void test_beam_legal(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  ai_engine_init(&test__engine, AI_BEAM, th_seed());
  for (int g = 0; g < 9; g++) {
    rules_board b;
    rules_state s;
    start_league(&b, &s, (int64_t)th_seed() + 100 + g, 1 + g % 3);
    while (s.day < b.days) {
      for (int me = 0; me < 2; me++) {
        deadline_t d;
        ai_report rep;
        deadline_start(&d, (g + s.day) % 4 == 0 ? 0.0 : 3.0);
        int a = ai_choose(&test__engine, &b, &s, me, &d, &rep);
        TH_ASSERT_MSG(rules_valid(&b, &s, me, a, s.sun[me]), "league %d day %d seat %d action %d",
                      b.league, s.day, me, a);
        TH_ASSERT(strcmp(rep.unit, "states") == 0);
        /* no seed from a size-1 tree */
        if (RULES_KIND(a) == RULES_SEED) TH_ASSERT(rules_size_at(&s, RULES_SRC(a)) >= 2);
      }
      ai_policy_day(&b, &s, &r);
    }
  }
}

/* The opponent of the race tests: it completes a big tree in every frame
   while its sun pays for it (it sells them all as soon as it can). */
static int race__seller(const rules_state *s) {
  uint64_t big = s->own[1] & s->size[3] & ~s->dormant;
  if (big && s->sun[1] >= 4) return RULES_ACT(RULES_COMPLETE, 0, __builtin_ctzll(big));
  return RULES_WAIT;
}

/* Plays from day `day` to the end: us (seat 0) by the beam with tunables p
   on a budget of width 256, against race__seller holding six big trees
   and 40 sun on the outer ring. We hold two big trees on richness-3 cells
   (1, 4), `sun` sun, nutrients `nut`, 40-40. Gives our points and our sun
   at the end (before the final sun bonus). */
static void race__game(const beam_params *p, int day, int nut, int sun, int *points, int *left) {
  rules_board b;
  rules_state s;
  rules_board_default(&b, 3);
  rules_state_empty(&s);
  s.day = day;
  s.sun_dir = day % 6;
  s.nutrients = nut;
  s.sun[0] = sun;
  s.sun[1] = 40;
  s.score[0] = s.score[1] = 40;
  rules_put(&s, 1, 3, 0, 0);
  rules_put(&s, 4, 3, 0, 0);
  for (int i = 0; i < 6; i++) rules_put(&s, 19 + 2 * i, 3, 1, 0);
  while (s.day < b.days) {
    while (!(s.waiting[0] && s.waiting[1])) {
      int act[2] = {RULES_WAIT, RULES_WAIT};
      if (!s.waiting[0]) act[0] = beam_search_to(p, &b, &s, 0, 256, &test__engine.beam, NULL);
      if (!s.waiting[1]) act[1] = race__seller(&s);
      rules_resolve(&b, &s, act);
    }
    rules_sun_move(&b, &s);
    if (s.day < b.days) rules_gather(&b, &s);
  }
  *points = s.score[0];
  *left = s.sun[0];
}

/* Issue 37, the nutrient race: an opponent with six big trees and 40 sun
   on day 20 or 21 sells them all by the end. BEAM_V1's model (one a day)
   keeps our two big trees for the sun they gather and completes them on
   the last day at the nutrients the opponent left, with the sun that
   gathered unspent; the race model (its sun and its big trees) sells one
   or both now: more points, less sun left, a better final score. */
/* The endgame game (day, nutrients, sun: race__game) played by a and by
   b: a's points and sun left into r[0], r[1], b's into r[2], r[3]. */
static void race__pair(const beam_params *a, const beam_params *b, const int game[3], int r[4]) {
  race__game(a, game[0], game[1], game[2], &r[0], &r[1]);
  race__game(b, game[0], game[1], game[2], &r[2], &r[3]);
}

static void test_race_endgame(void) {
  static const int games[][3] = {{21, 8, 4}, {21, 12, 4}, {20, 8, 8}}; /* day, nutrients, sun */
  beam_params v1, race;
  beam_params_init(&v1, BEAM_V1);
  beam_params_init(&race, BEAM_SHIPPED);
  race.opp_race = 1;
  race.opp_complete_from = 12;
  for (int g = 0; g < 3; g++) {
    int r[4];
    race__pair(&v1, &race, games[g], r);
    TH_ASSERT_MSG(r[2] > r[0] && r[3] < r[1] && 3 * r[2] + r[3] > 3 * r[0] + r[1],
                  "game %d: v1 %d points %d sun, race %d points %d sun", g, r[0], r[1], r[2], r[3]);
  }
}

/* Issue 37, the end of the nutrient race without the race model: the
   shipped model (one completion a night) against the same seller, and the
   model that has the opponent complete opp_end_daily a night (up to its
   big trees) on the last opp_end_left days: the latter sells earlier, at
   the nutrients before the opponent's sales: as many final points or more. */
static void test_end_flush(void) {
  static const int games[][3] = {{21, 8, 4}, {21, 12, 4}, {20, 8, 8}, {19, 10, 8}}; /* day, nutrients, sun */
  beam_params base, flush;
  beam_params_init(&base, BEAM_SHIPPED);
  beam_params_init(&flush, BEAM_SHIPPED);
  base.opp_end_left = 0;
  flush.opp_end_left = 3;
  flush.opp_end_daily = 3;
  for (int g = 0; g < 4; g++) {
    int r[4];
    race__pair(&base, &flush, games[g], r);
    fprintf(stderr, "  game %d: shipped %d points %d sun, end flush %d points %d sun\n", g, r[0], r[1], r[2], r[3]);
    TH_ASSERT_MSG(3 * r[2] + r[3] >= 3 * r[0] + r[1], "game %d: shipped %d points %d sun, flush %d points %d sun",
                  g, r[0], r[1], r[2], r[3]);
  }
}

/* Issue 37, shade in the evaluation: two states that differ only in which
   of our size-1 trees grew to size 2, one next to an opponent's big tree
   (it shades ours on one day in six), the other free. BEAM_V1's shade term
   counts trees in line whatever the growth, so it values both alike; with
   sun_shade_w the free growth is worth more. */
static void test_shade_growth(void) {
  rules_board b;
  rules_state s, grew_shaded, grew_free;
  rules_board_default(&b, 3);
  rules_state_empty(&s);
  s.day = 6;
  s.nutrients = 20;
  rules_put(&s, 7, 1, 0, 0);  /* next to the opponent's big tree at 19 */
  rules_put(&s, 13, 1, 0, 0); /* richness 2 as 7, nothing within three cells in line */
  rules_put(&s, 19, 3, 1, 0);
  grew_shaded = grew_free = s;
  rules_put(&grew_shaded, 7, 2, 0, 0);
  rules_put(&grew_free, 13, 2, 0, 0);
  beam_params v1, shade;
  beam_params_init(&v1, BEAM_V1);
  beam_params_init(&shade, BEAM_V1);
  shade.sun_shade_w = 1.0;
  TH_NEAR(beam_eval(&v1, &b, &grew_free, 0), beam_eval(&v1, &b, &grew_shaded, 0), 1e-9);
  TH_ASSERT(beam_eval(&shade, &b, &grew_free, 0) > beam_eval(&shade, &b, &grew_shaded, 0) + 0.1);
}

/* Checks the plan in w against the opponent's trees in s (seat opp) and
   the rules: from dawn to dawn a tree stays, grows by one at most, or, of
   size 3, goes (a completion, counted in done; the cell may take a seed
   the same day); new trees are seeds. */
static void plan__check(const beam_work *w, const rules_state *s, int opp, const beam_stats *st) {
  const beam_plan *pl = &w->plan;
  TH_EQ_INT(pl->from, s->day);
  TH_EQ_INT(pl->to, st->horizon);
  TH_ASSERT(pl->own[0] == s->own[opp]);
  for (int j = 0; j <= 3; j++) TH_ASSERT(pl->size[0][j] == (s->size[j] & s->own[opp]));
  for (int k = 0; k < pl->to - pl->from; k++) {
    int gone = 0;
    for (int c = 0; c < RULES_CELLS; c++) {
      int a = -1, z = -1;
      for (int j = 0; j <= 3; j++) {
        if (pl->size[k][j] >> c & 1) a = j;
        if (pl->size[k + 1][j] >> c & 1) z = j;
      }
      TH_ASSERT(((pl->own[k] >> c & 1) != 0) == (a >= 0) && ((pl->own[k + 1] >> c & 1) != 0) == (z >= 0));
      if (a >= 0 && z < 0) {
        TH_EQ_INT(a, 3);
        gone++;
      }
      if (a == 3 && z == 0) gone++; /* sold, then seeded again the same day */
      else if (a >= 0 && z >= 0)
        TH_ASSERT_MSG(z == a || z == a + 1, "day %d cell %d: %d -> %d", pl->from + k, c, a, z);
      if (a < 0 && z >= 0) TH_EQ_INT(z, 0);
    }
    TH_EQ_INT(pl->done[k], gone);
  }
}

/* Issue 37, the opponent's plan: from states of beam-played games on
   days 3 to 21, for both seats, the plan passes plan__check; once the
   opponent has ended its day, its trees stay as they are until dawn. */
static void test_opp_plan(void) {
  beam_params p;
  beam_params_init(&p, BEAM_SHIPPED);
  p.opp_plan_width = 32;
  for (int g = 0; g < 4; g++) {
    rules_board b;
    rules_state s;
    start(&b, &s, (int64_t)th_seed() + g);
    int checked = 0;
    while (s.day < b.days) {
      while (!(s.waiting[0] && s.waiting[1])) {
        int act[2] = {RULES_WAIT, RULES_WAIT};
        for (int q = 0; q < 2; q++) {
          if (s.waiting[q]) continue;
          beam_stats st;
          act[q] = beam_search_to(&p, &b, &s, q, 32, &test__engine.beam, &st);
          if (s.day >= 3 && s.day <= 21) {
            plan__check(&test__engine.beam, &s, 1 - q, &st);
            if (s.waiting[1 - q]) {
              TH_ASSERT(test__engine.beam.plan.own[1] == test__engine.beam.plan.own[0]);
              for (int j = 0; j <= 3; j++) TH_ASSERT(test__engine.beam.plan.size[1][j] == test__engine.beam.plan.size[0][j]);
            }
            checked++;
          }
        }
        rules_resolve(&b, &s, act);
      }
      rules_sun_move(&b, &s);
      if (s.day < b.days) rules_gather(&b, &s);
    }
    TH_ASSERT(checked > 40);
  }
}

/* The reference order of beam_sort: value descending, hash ascending,
   then the original index (kept in parent), which makes it total. */
static int test__cand_cmp(const void *x, const void *y) {
  const beam_cand *a = x, *b = y;
  if (a->value != b->value) return a->value < b->value ? 1 : -1;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  return (a->parent > b->parent) - (a->parent < b->parent);
}

static beam_work test__work;
static beam_cand test__got[BEAM_MAX_WIDTH], test__want[BEAM_MAX_WIDTH];

/* beam_sort (insertion runs and merges for small layers, a radix sort on
   the float's bits for large ones) is a stable sort by value and hash:
   both sizes, many ties, -0 and +0 equal, negative values. */
static void test_beam_sort(void) {
  static const float values[] = {0.0f, -0.0f, 1.5f, -2.25f, 1e6f, 13.0f, 13.000001f, -1e-9f};
  static const int sizes[] = {0, 1, 2, 7, 8, 9, 100, 511, 512, 513, 3000, BEAM_MAX_WIDTH};
  rng_t r;
  rng_seed(&r, th_seed());
  for (int t = 0; t < (int)(sizeof sizes / sizeof sizes[0]); t++) {
    int n = sizes[t];
    for (int i = 0; i < n; i++) {
      int spread = (t + i) % 3 == 0 ? 8 : 3; /* few distinct keys: many ties */
      test__got[i].value = values[rng_below(&r, (uint32_t)spread)];
      if (rng_below(&r, 4) == 0) test__got[i].value = (float)rng_double(&r) * 100.0f - 50.0f;
      test__got[i].hash = rng_below(&r, 4) == 0 ? (uint32_t)rng_next(&r) : rng_below(&r, 3);
      test__got[i].parent = i;
      test__got[i].action = (int)rng_below(&r, 1000);
    }
    memcpy(test__want, test__got, (size_t)n * sizeof test__got[0]);
    qsort(test__want, (size_t)n, sizeof test__want[0], test__cand_cmp);
    beam_sort(&test__work, test__got, n);
    for (int i = 0; i < n; i++)
      TH_ASSERT_MSG(test__got[i].parent == test__want[i].parent &&
                        test__got[i].action == test__want[i].action,
                    "n %d at %d: entry %d, want %d", n, i, test__got[i].parent, test__want[i].parent);
  }
}

static const th_test TESTS[] = {
  TH_ENTRY(test_beam_sort),
  TH_ENTRY(test_beam_legal), TH_ENTRY(test_endgames),
  TH_ENTRY(test_race_endgame), TH_ENTRY(test_end_flush), TH_ENTRY(test_shade_growth),
  TH_ENTRY(test_opp_plan),
  TH_ENTRY(test_policy_legal), TH_ENTRY(test_playout_finishes),
  TH_ENTRY(test_search_legal_and_bounded),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
