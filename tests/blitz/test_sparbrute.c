/*
** test_sparbrute.c -- the lab's model of brute_force_it (sparbrute.c) on
** small hand-made boards, hero 1 in the middle of a 7 x 7 board: it takes
** the first mine its ring scan meets even when another is nearer by path;
** it mines above 36 life and drinks at 36; it heads for a tavern whose
** path costs more than its life - 10 (spikes cost 11); it drinks at an
** adjacent tavern below 85 life even beside a mine, and a tie between
** the two goes by Java's HashSet order; it attacks a hero
** within 2 steps with 25 life or less that owns mines; with nothing
** reachable it stays at 85+ life and otherwise moves at random.
*/
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "sparbrute.h"
#include "testhelp.h"
#include "fixtures.h"

static int brute(int life) {
  sparbrute b;
  sparbrute_init(&b, 1);
  S.heroes[0].life = life;
  return sparbrute_move(&b, &S, 1);
}

/* Mine A (row 1) comes first in the ring scan but costs 30 (walls above
   the hero); mine B (row 3, two cells east) costs 26. */
static void test_first_scanned_mine(void) {
  load("@2          @3\n"
       "      $-      \n"
       "    ######    \n"
       "      @1  $-  \n"
       "              \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(100), RULES_WEST);
  S.owner[1 * S.n + 3] = 1; /* A is its own: B is the target */
  rules_recount(&S);
  TH_EQ_INT(brute(100), RULES_EAST);
}

static void test_mines_above_36_life(void) {
  load("@2          @3\n"
       "              \n"
       "              \n"
       "  []  @1  $-  \n"
       "              \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(37), RULES_EAST);
  TH_EQ_INT(brute(36), RULES_WEST);
}

/* The tavern is 2 spikes away (11 + 11 + 25 = 47), a mine is adjacent. */
static void test_far_tavern_first(void) {
  load("@2          @3\n"
       "              \n"
       "######        \n"
       "[]^^^^@1$-    \n"
       "######        \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(50), RULES_WEST);
  TH_EQ_INT(brute(56), RULES_WEST);
  TH_EQ_INT(brute(57), RULES_EAST);
}

static void test_adjacent_tavern(void) {
  load("@2          @3\n"
       "              \n"
       "              \n"
       "    []@1$-    \n"
       "              \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(84), RULES_WEST);
  TH_EQ_INT(brute(85), RULES_EAST);
}

/* Mine north and tavern south both cost 25: the tie goes to the one first
   in a Java HashSet (bucket (31 * row + col) & 15: the tavern's 1 before
   the mine's 3), not to the one the scan met first. */
static void test_hashset_tie(void) {
  load("@2    $-    @3\n"
       "      @1      \n"
       "      []      \n"
       "              \n"
       "              \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(80), RULES_SOUTH);
  TH_EQ_INT(brute(85), RULES_NORTH);
}

static void test_attacks_weak_hero(void) {
  load("@2          @3\n"
       "              \n"
       "              \n"
       "$-    @1      \n"
       "              \n"
       "              \n"
       "@4            \n");
  put(2, 3, 5, 25, 0);
  S.owner[3 * S.n + 0] = 2;
  rules_recount(&S);
  TH_EQ_INT(brute(100), RULES_EAST);
  S.heroes[1].life = 26;
  TH_EQ_INT(brute(100), RULES_WEST);
  put(2, 2, 5, 25, 0); /* three steps away */
  TH_EQ_INT(brute(100), RULES_WEST);
}

/* The only tavern is walled in: no target can be reached. */
static void test_nothing_reachable(void) {
  load("@2    ##    @3\n"
       "    ##[]##    \n"
       "      ##      \n"
       "      @1      \n"
       "              \n"
       "              \n"
       "@4            \n");
  TH_EQ_INT(brute(90), RULES_STAY);
  int seen[5] = {0};
  sparbrute b;
  sparbrute_init(&b, 3);
  S.heroes[0].life = 50;
  for (int i = 0; i < 200; i++) seen[sparbrute_move(&b, &S, 1)]++;
  for (int d = 0; d < 5; d++) TH_ASSERT_MSG(seen[d] > 15, "direction %d drawn %d times", d, seen[d]);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_first_scanned_mine),
    TH_ENTRY(test_mines_above_36_life),
    TH_ENTRY(test_far_tavern_first),
    TH_ENTRY(test_adjacent_tavern),
    TH_ENTRY(test_hashset_tie),
    TH_ENTRY(test_attacks_weak_hero),
    TH_ENTRY(test_nothing_reachable),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
