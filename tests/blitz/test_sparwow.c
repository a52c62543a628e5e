/*
** test_sparwow.c -- the model of wowblitzawesome (sparwow.c) on small
** hand-made boards: it steps at a weaker hero two cells away unless that
** hero stands next to a tavern or on its spawn, and next to one it stays
** (or drinks); it mines from 35 life on unless the path (spikes 11) plus
** 25 reaches its life, then drinks; its first step is read back from the
** target with ties North, West, East, South.
*/
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "sparwow.h"
#include "testhelp.h"
#include "fixtures.h"

/* 7 x 7: a mine at (2,0); the heroes are placed by each test. */
static const char *OPEN =
    "              \n"
    "              \n"
    "$-            \n"
    "              \n"
    "              \n"
    "              \n"
    "@1  @2  @3  @4\n";

static int move_of(int me) {
  sparwow b;
  sparwow_init(&b, 1);
  return sparwow_move(&b, &S, me);
}

/* Hero 1 at (2,2) with 100 life, hero 2 at (x,y) with `life`, the others
   far away at full life; spawns on the bottom row. */
static void setup(int x, int y, int life) {
  load(OPEN);
  for (int k = 0; k < RULES_HEROES; k++) {
    S.heroes[k].spawn_x = 6;
    S.heroes[k].spawn_y = 2 * k;
  }
  put(1, 2, 2, 100, 0);
  put(2, x, y, life, 0);
}

static void test_steps_at_weaker_hero(void) {
  setup(2, 4, 50);
  TH_EQ_INT(move_of(1), RULES_EAST); /* at it, not to the mine (West) */
  setup(3, 3, 50);
  TH_EQ_INT(move_of(1), RULES_SOUTH); /* diagonal: the row first */
  setup(2, 4, 100);
  TH_EQ_INT(move_of(1), RULES_WEST); /* as strong: mines */
  setup(2, 4, 50);
  S.terrain[3 * S.n + 4] = RULES_TAVERN;
  TH_EQ_INT(move_of(1), RULES_WEST); /* it can drink: left alone */
  setup(2, 4, 50);
  S.heroes[1].spawn_x = 2;
  S.heroes[1].spawn_y = 4;
  TH_EQ_INT(move_of(1), RULES_WEST); /* on its spawn: left alone */
}

static void test_next_to_weaker_hero(void) {
  setup(2, 3, 50);
  TH_EQ_INT(move_of(1), RULES_STAY);
  setup(2, 3, 50);
  S.terrain[3 * S.n + 2] = RULES_TAVERN;
  TH_EQ_INT(move_of(1), RULES_SOUTH); /* into its own tavern */
}

static void test_mine_or_tavern(void) {
  /* hero 1 at (3,3): a tavern 3 steps west, a mine 4 steps east past a
     column of spikes (path cost 14, so the mine costs 39) */
  load("^^      ^^      \n"
       "^^      ^^      \n"
       "^^      ^^      \n"
       "[]    @1^^    $-\n"
       "^^      ^^      \n"
       "^^      ^^      \n"
       "^^      ^^      \n"
       "@2  @3  ^^  @4  \n");
  TH_EQ_INT(S.terrain[3 * S.n + 0], RULES_TAVERN);
  TH_EQ_INT(move_of(1), RULES_EAST);
  S.heroes[0].life = 40;
  TH_EQ_INT(move_of(1), RULES_EAST);
  S.heroes[0].life = 39; /* 14 + 25 reaches its life */
  TH_EQ_INT(move_of(1), RULES_WEST);
  S.terrain[3 * S.n + 4] = RULES_AIR; /* the mine now costs 29 */
  TH_EQ_INT(move_of(1), RULES_EAST);
  S.heroes[0].life = 35;
  TH_EQ_INT(move_of(1), RULES_EAST);
  S.heroes[0].life = 34; /* below 35 it never mines */
  TH_EQ_INT(move_of(1), RULES_WEST);
}

static void test_step_ties(void) {
  /* a mine diagonal to the hero: two equal paths */
  load("              \n"
       "  $-          \n"
       "              \n"
       "              \n"
       "              \n"
       "              \n"
       "@1  @2  @3  @4\n");
  put(1, 0, 0, 100, 0); /* read back via the mine's north: East */
  TH_EQ_INT(move_of(1), RULES_EAST);
  put(1, 2, 2, 100, 0); /* via its east before its south: North */
  TH_EQ_INT(move_of(1), RULES_NORTH);
  put(1, 2, 0, 100, 0); /* via its west before its south: North */
  TH_EQ_INT(move_of(1), RULES_NORTH);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_steps_at_weaker_hero),
    TH_ENTRY(test_next_to_weaker_hero),
    TH_ENTRY(test_mine_or_tavern),
    TH_ENTRY(test_step_ties),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
