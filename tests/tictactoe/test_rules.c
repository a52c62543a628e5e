/*
** test_rules.c -- tic-tac-toe rules: wins on each of the eight lines for
** both players, draws, illegal moves leave the state untouched, the move
** list, and the whole game tree against the well-known counts (5,478
** positions, 255,168 games: 131,184 won by the first player, 77,904 by the
** second, 46,080 drawn).
*/
#include "rules.h"
#include "testhelp.h"

/* Plays cells in order; asserts each is legal. */
static void play_all(rules_state *s, const int *cells, int n) {
  for (int i = 0; i < n; i++) TH_EQ_INT(rules_play(s, cells[i]), 0);
}

static void test_empty_board(void) {
  rules_state s;
  int mv[RULES_CELLS];
  rules_init(&s);
  TH_EQ_INT(rules_to_move(&s), 0);
  TH_EQ_INT(rules_result(&s), RULES_ONGOING);
  TH_EQ_INT(rules_moves(&s, mv), 9);
  for (int i = 0; i < 9; i++) TH_EQ_INT(mv[i], i); /* row-major */
  TH_EQ_INT(rules_code(&s), 0);
}

/* Tries to win `line` for `winner`, the loser marking the cells of
   `lose` (need of them) in turn. Returns 1 and the final state when no
   earlier move ended the game. */
static int try_line(const int line[3], int winner, const int *lose, rules_state *s) {
  rules_init(s);
  for (int k = 0; k < 3; k++) {
    if (winner == 1 && (rules_play(s, lose[k]) || rules_result(s) != RULES_ONGOING)) return 0;
    if (rules_play(s, line[k])) return 0;
    if (k == 2) break;
    if (rules_result(s) != RULES_ONGOING) return 0;
    if (winner == 0 && (rules_play(s, lose[k]) || rules_result(s) != RULES_ONGOING)) return 0;
  }
  return 1;
}

/* Each line, won by player 0 and by player 1; the loser's marks go to
   cells off the line, the first choice of them that makes no line. */
static void test_every_line_wins(void) {
  static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (int l = 0; l < 8; l++) {
    for (int winner = 0; winner < 2; winner++) {
      int other[9], no = 0, found = 0;
      for (int c = 0; c < 9; c++)
        if (c != lines[l][0] && c != lines[l][1] && c != lines[l][2]) other[no++] = c;
      for (int mask = 0; mask < (1 << no) && !found; mask++) {
        int lose[6], nl = 0;
        for (int i = 0; i < no; i++)
          if (mask >> i & 1) lose[nl++] = other[i];
        rules_state s;
        if (nl != (winner == 0 ? 2 : 3) || !try_line(lines[l], winner, lose, &s)) continue;
        found = 1;
        TH_EQ_INT(rules_result(&s), winner);
        int mv[9];
        TH_EQ_INT(rules_moves(&s, mv), 0);
        for (int x = 0; x < 9; x++) {
          TH_ASSERT(!rules_legal(&s, x));
          if (s.cell[x] == RULES_EMPTY) TH_EQ_INT(rules_play(&s, x), -1); /* game over */
        }
      }
      TH_ASSERT_MSG(found, "line %d for player %d", l, winner);
    }
  }
}

static void test_draw(void) {
  /* X O X / X O O / O X X */
  static const int seq[9] = {0, 1, 2, 4, 3, 5, 7, 6, 8};
  rules_state s;
  rules_init(&s);
  play_all(&s, seq, 8);
  TH_EQ_INT(rules_result(&s), RULES_ONGOING);
  TH_EQ_INT(rules_play(&s, 8), 0);
  TH_EQ_INT(rules_result(&s), RULES_DRAW);
  TH_EQ_INT(s.ply, 9);
}

static void test_illegal_moves_change_nothing(void) {
  rules_state s, before;
  rules_init(&s);
  TH_EQ_INT(rules_play(&s, 4), 0);
  before = s;
  int bad[] = {-1, 9, 100, 4};
  for (int i = 0; i < 4; i++) {
    TH_EQ_INT(rules_play(&s, bad[i]), -1);
    TH_ASSERT(memcmp(&s, &before, sizeof s) == 0);
  }
  TH_EQ_INT(s.cell[4], RULES_P0);
  TH_EQ_INT(rules_to_move(&s), 1);
  TH_EQ_INT(rules_play(&s, 0), 0);
  TH_EQ_INT(s.cell[0], RULES_P1);
  int mv[9], n = rules_moves(&s, mv);
  TH_EQ_INT(n, 7);
  for (int i = 0; i < n; i++) TH_ASSERT(mv[i] != 0 && mv[i] != 4 && (i == 0 || mv[i] > mv[i - 1]));
}

/* The whole tree. */
static long seen_positions;
static unsigned char seen[RULES_CODES];
static long games[3]; /* won by 0, won by 1, drawn */

static void walk(const rules_state *s) {
  int code = rules_code(s);
  TH_ASSERT(code >= 0 && code < RULES_CODES);
  if (!seen[code]) seen[code] = 1, seen_positions++;
  int r = rules_result(s);
  if (r != RULES_ONGOING) {
    games[r == RULES_DRAW ? 2 : r]++;
    return;
  }
  int mv[9], n = rules_moves(s, mv);
  TH_ASSERT(n == 9 - s->ply);
  for (int i = 0; i < n; i++) {
    rules_state c = *s;
    TH_EQ_INT(rules_play(&c, mv[i]), 0);
    TH_EQ_INT(c.ply, s->ply + 1);
    walk(&c);
  }
}

static void test_game_tree_counts(void) {
  rules_state s;
  rules_init(&s);
  walk(&s);
  TH_EQ_INT(seen_positions, 5478);
  TH_EQ_INT(games[0], 131184);
  TH_EQ_INT(games[1], 77904);
  TH_EQ_INT(games[2], 46080);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_empty_board),
    TH_ENTRY(test_every_line_wins),
    TH_ENTRY(test_draw),
    TH_ENTRY(test_illegal_moves_change_nothing),
    TH_ENTRY(test_game_tree_counts),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
