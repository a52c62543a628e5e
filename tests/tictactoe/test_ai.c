/*
** test_ai.c -- the perfect-play AI, checked exhaustively:
**   - on every reachable position its score agrees with a plain minimax
**     written here, and its move keeps that value;
**   - playing either side against every possible line of the opponent, it
**     never loses (and wins every line where the opponent errs enough);
**   - it takes an immediate win whenever one exists;
**   - its expected score against a random opponent is consistent move by
**     move, and matches the mean of games actually played against one.
*/
#include <math.h>

#include "ai.h"
#include "rng.h"
#include "rules.h"
#include "testhelp.h"

/* Plain minimax, for the player to move: 1 win, 0 draw, -1 loss. Memo by
   board code (positions are final: the value depends on the board only). */
static signed char ref_memo[RULES_CODES];
static unsigned char ref_have[RULES_CODES];

static int ref_value(const rules_state *s) {
  int code = rules_code(s);
  if (ref_have[code]) return ref_memo[code];
  int r = rules_result(s), best = -1;
  if (r == RULES_DRAW) best = 0;
  else if (r != RULES_ONGOING) best = r == rules_to_move(s) ? 1 : -1;
  else
    for (int c = 0; c < RULES_CELLS; c++) {
      rules_state k = *s;
      if (rules_play(&k, c) == 0 && -ref_value(&k) > best) best = -ref_value(&k);
    }
  ref_have[code] = 1;
  ref_memo[code] = (signed char)best;
  return best;
}

/* Calls fn on every reachable position once. */
static unsigned char visited[RULES_CODES];
static void each_position(const rules_state *s, void (*fn)(const rules_state *)) {
  int code = rules_code(s);
  if (visited[code]) return;
  visited[code] = 1;
  fn(s);
  int mv[RULES_CELLS], n = rules_moves(s, mv);
  for (int i = 0; i < n; i++) {
    rules_state c = *s;
    rules_play(&c, mv[i]);
    each_position(&c, fn);
  }
}
static void walk_all(void (*fn)(const rules_state *)) {
  rules_state s;
  rules_init(&s);
  memset(visited, 0, sizeof visited);
  each_position(&s, fn);
}

static int sign(int v) { return (v > 0) - (v < 0); }

static long checked;
static void check_value(const rules_state *s) {
  int v = ref_value(s);
  TH_EQ_INT(sign(ai_score(s)), v);
  int cell = ai_best(s, NULL);
  if (rules_result(s) != RULES_ONGOING) {
    TH_EQ_INT(cell, -1);
    return;
  }
  rules_state c = *s;
  TH_EQ_INT(rules_play(&c, cell), 0);
  TH_ASSERT_MSG(-ref_value(&c) == v, "position %d: move %d gives %d, best is %d", rules_code(s), cell,
                -ref_value(&c), v);
  checked++;
}

static void test_every_position_keeps_its_value(void) {
  checked = 0;
  walk_all(check_value);
  TH_EQ_INT(checked, 5478 - 958); /* 958 positions are finished games */
  rules_state s;
  rules_init(&s);
  TH_EQ_INT(ref_value(&s), 0); /* tic-tac-toe is a draw */
}

/* The AI plays `me`; the opponent tries every move. */
static long lines_played, lines_won, lines_lost;
static void against_every_line(const rules_state *s, int me) {
  int r = rules_result(s);
  if (r != RULES_ONGOING) {
    lines_played++;
    if (r == me) lines_won++;
    else if (r != RULES_DRAW) lines_lost++;
    return;
  }
  if (rules_to_move(s) == me) {
    rules_state c = *s;
    TH_EQ_INT(rules_play(&c, ai_best(s, NULL)), 0);
    against_every_line(&c, me);
    return;
  }
  int mv[RULES_CELLS], n = rules_moves(s, mv);
  for (int i = 0; i < n; i++) {
    rules_state c = *s;
    rules_play(&c, mv[i]);
    against_every_line(&c, me);
  }
}

static void test_never_loses_against_any_line(void) {
  for (int me = 0; me < 2; me++) {
    rules_state s;
    rules_init(&s);
    lines_played = lines_won = lines_lost = 0;
    against_every_line(&s, me);
    printf("    as player %d: %ld opponent lines, %ld won, %ld drawn, 0 lost\n", me, lines_played,
           lines_won, lines_played - lines_won - lines_lost);
    TH_EQ_INT(lines_lost, 0);
    /* the first player's opponent has 8 * 6 * 4 * 2 = 384 choices at most,
       the second's 9 * 7 * 5 * 3 = 945; fewer when games end early */
    TH_ASSERT(lines_played > 1 && lines_played <= (me == 0 ? 384 : 945));
    TH_ASSERT(lines_won > 0 && lines_won < lines_played); /* perfect opponents draw */
  }
}

static void check_immediate_win(const rules_state *s) {
  if (rules_result(s) != RULES_ONGOING) return;
  int mv[RULES_CELLS], n = rules_moves(s, mv), can_win = 0;
  for (int i = 0; i < n; i++) {
    rules_state c = *s;
    rules_play(&c, mv[i]);
    if (rules_result(&c) == rules_to_move(s)) can_win = 1;
  }
  if (!can_win) return;
  rules_state c = *s;
  rules_play(&c, ai_best(s, NULL));
  TH_ASSERT_MSG(rules_result(&c) == rules_to_move(s), "position %d: a win in one was missed", rules_code(s));
  checked++;
}

static void test_takes_an_immediate_win(void) {
  checked = 0;
  walk_all(check_immediate_win);
  TH_ASSERT(checked > 100);
}

static void check_expected(const rules_state *s) {
  for (int smart = 0; smart < 2; smart++) {
    double e = ai_expected(s, smart);
    int r = rules_result(s);
    if (r != RULES_ONGOING) {
      TH_ASSERT(e == (r == RULES_DRAW ? 0.5 : r == smart ? 1.0 : 0.0));
      continue;
    }
    if (rules_to_move(s) == smart) {
      rules_state c = *s;
      rules_play(&c, ai_best(s, NULL));
      TH_ASSERT(e == ai_expected(&c, smart));
      continue;
    }
    int mv[RULES_CELLS], n = rules_moves(s, mv);
    double sum = 0;
    for (int i = 0; i < n; i++) {
      rules_state c = *s;
      rules_play(&c, mv[i]);
      sum += ai_expected(&c, smart);
    }
    TH_NEAR(e, sum / n, 1e-12);
    TH_ASSERT(e >= 0 && e <= 1);
  }
}

static void test_expected_score_is_consistent(void) { walk_all(check_expected); }

/* Games against a random opponent: the mean score lies within five
   standard errors of the expectation the AI computed. */
static void test_expected_score_matches_play(void) {
  rng_t g;
  rng_seed(&g, th_seed());
  for (int me = 0; me < 2; me++) {
    const int games = 4000;
    double sum = 0, sum2 = 0;
    for (int k = 0; k < games; k++) {
      rules_state s;
      rules_init(&s);
      while (rules_result(&s) == RULES_ONGOING) {
        int mv[RULES_CELLS], n = rules_moves(&s, mv);
        rules_play(&s, rules_to_move(&s) == me ? ai_best(&s, NULL) : mv[rng_below(&g, (uint32_t)n)]);
      }
      int r = rules_result(&s);
      TH_ASSERT(r == me || r == RULES_DRAW);
      double x = r == RULES_DRAW ? 0.5 : 1.0;
      sum += x, sum2 += x * x;
    }
    rules_state s;
    rules_init(&s);
    double mean = sum / games, sd = sqrt(sum2 / games - mean * mean), e = ai_expected(&s, me);
    printf("    as player %d: %.4f in %d games vs random, expected %.4f\n", me, mean, games, e);
    TH_ASSERT(fabs(mean - e) <= 5 * sd / sqrt(games) + 1e-9);
  }
}

static void test_stats(void) {
  rules_state s;
  ai_stats st;
  rules_init(&s);
  int cell = ai_best(&s, &st);
  TH_ASSERT(cell >= 0 && cell < 9);
  TH_EQ_INT(st.moves, 9);
  TH_EQ_INT(st.score, 0);
  TH_ASSERT(st.expected > 0.5 && st.expected <= 1);
  ai_best(&s, &st);
  TH_EQ_INT(st.solved, 0); /* the tables are kept */
}

static const th_test TESTS[] = {
    TH_ENTRY(test_every_position_keeps_its_value),
    TH_ENTRY(test_never_loses_against_any_line),
    TH_ENTRY(test_takes_an_immediate_win),
    TH_ENTRY(test_expected_score_is_consistent),
    TH_ENTRY(test_expected_score_matches_play),
    TH_ENTRY(test_stats),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
