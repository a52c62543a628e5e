/*
** test_rules.c -- Blitz 2016 rules: the 14 test vectors (V1..V14) and the
** 20 edge cases of the rules write-up (games/blitz/README.md), each as a unit test on rules.c,
** plus map parsing, the generator's invariants and the named maps.
** Positions are (x = row, y = column) as in the spec.
*/
#include <stdio.h>
#include <string.h>

#include "maps.h"
#include "rules.h"
#include "testhelp.h"
#include "fixtures.h"
#include "trace.h"

static const char *MAP_A =
    "@1$-        @4\n"
    "^^  []        \n"
    "              \n"
    "              \n"
    "              \n"
    "              \n"
    "@2          @3\n";
static const char *MAP_B =
    "@1          @4\n"
    "  $-      $-  \n"
    "      $-      \n"
    "              \n"
    "              \n"
    "              \n"
    "@2          @3\n";
static const char *MAP_C =
    "@1          @4\n"
    "              \n"
    "      $-$-    \n"
    "  ^^          \n"
    "              \n"
    "              \n"
    "@2          @3\n";
static const char *MAP_D =
    "@1[]$-$2    @4\n"
    "^^            \n"
    "              \n"
    "              \n"
    "              \n"
    "              \n"
    "@2          @3\n";

enum { N_ = RULES_NORTH, E_ = RULES_EAST, S_ = RULES_SOUTH, W_ = RULES_WEST, ST = RULES_STAY };


static void own(int x, int y, int id) {
  S.owner[x * S.n + y] = (uint8_t)id;
  rules_recount(&S);
}

static const char *tile(int x, int y) {
  static char t[2 * RULES_CELLS + 1], out[3];
  rules_tiles(&S, t, sizeof t);
  out[0] = t[2 * (x * S.n + y)];
  out[1] = t[2 * (x * S.n + y) + 1];
  out[2] = 0;
  return out;
}

#define HERO(id) (S.heroes[(id) - 1])
#define AT(id, X, Y)                                                                   \
  do {                                                                                 \
    TH_EQ_INT(HERO(id).x, X);                                                          \
    TH_EQ_INT(HERO(id).y, Y);                                                          \
  } while (0)

/* ---- test vectors ---- */

static void test_v1_basic_sequence(void) {
  load(MAP_A);
  rules_move(&S, E_);
  TH_EQ_INT(HERO(1).life, 74);
  TH_EQ_INT(HERO(1).gold, 1);
  TH_EQ_STR(tile(0, 1), "$1");
  AT(1, 0, 0);
  rules_move(&S, N_);
  AT(2, 5, 0);
  TH_EQ_INT(HERO(2).life, 99);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(3).life, 99);
  rules_move(&S, W_);
  AT(4, 0, 5);
  rules_move(&S, S_);
  AT(1, 1, 0);
  TH_EQ_INT(HERO(1).life, 63);
  TH_EQ_INT(HERO(1).gold, 2);
  rules_move(&S, N_);
  rules_move(&S, ST);
  rules_move(&S, ST);
  AT(2, 4, 0);
  TH_EQ_INT(HERO(2).life, 98);
  TH_EQ_INT(HERO(3).life, 98);
  TH_EQ_INT(HERO(4).life, 98);
  rules_move(&S, E_);
  AT(1, 1, 1);
  TH_EQ_INT(HERO(1).life, 62);
  TH_EQ_INT(HERO(1).gold, 3);
  char t[2 * RULES_CELLS + 1];
  rules_tiles(&S, t, sizeof t);
  TH_ASSERT(memcmp(t + 14, "^^@1[]        ", 14) == 0);
  /* maxTurns forced to 10: T=9 ends the game, h3 does not move again. */
  S.max_turns = 10;
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 97);
  TH_EQ_INT(S.turn, 10);
  TH_ASSERT(rules_finished(&S));
  TH_EQ_INT(S.status, RULES_TURNMAX);
  int before = HERO(3).life;
  rules_move(&S, ST);
  TH_EQ_INT(HERO(3).life, before);
  TH_EQ_INT(S.turn, 10);
}

static void tavern_case(int life, int gold, int want_life, int want_gold) {
  load(MAP_D);
  put(1, 0, 0, life, gold);
  rules_move(&S, E_);
  TH_EQ_INT(HERO(1).life, want_life);
  TH_EQ_INT(HERO(1).gold, want_gold);
  AT(1, 0, 0);
}

static void test_v2_tavern(void) {
  tavern_case(50, 0, 49, 0);
  tavern_case(50, 5, 74, 4);
  tavern_case(95, 5, 99, 4);
  tavern_case(100, 5, 99, 4);
}

static void test_v3_mine_thresholds(void) {
  load(MAP_C);
  put(1, 2, 2, 25, 10);
  own(2, 4, 1);
  rules_move(&S, E_);
  TH_EQ_STR(tile(2, 3), "$-");
  TH_EQ_STR(tile(2, 4), "$-");
  AT(1, 0, 0);
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 10);
  TH_EQ_INT(HERO(1).mines, 0);

  load(MAP_C);
  put(1, 2, 2, 26, 10);
  own(2, 4, 1);
  rules_move(&S, E_);
  TH_EQ_STR(tile(2, 3), "$1");
  TH_EQ_INT(HERO(1).life, 1);
  TH_EQ_INT(HERO(1).gold, 12);
  TH_EQ_INT(HERO(1).mines, 2);
  for (int i = 0; i < 3; i++) rules_move(&S, ST);
  rules_move(&S, E_);
  TH_EQ_INT(HERO(1).life, 1);
  TH_EQ_INT(HERO(1).gold, 14);
  AT(1, 2, 2);
}

static void test_v4_spike_thresholds(void) {
  load(MAP_C);
  put(1, 3, 0, 10, 20);
  own(2, 3, 1);
  own(2, 4, 1);
  rules_move(&S, E_);
  AT(1, 0, 0);
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 20);
  TH_EQ_STR(tile(2, 3), "$-");
  TH_EQ_STR(tile(2, 4), "$-");
  TH_EQ_STR(tile(3, 1), "^^");

  load(MAP_C);
  put(1, 3, 0, 11, 20);
  own(2, 4, 1);
  rules_move(&S, E_);
  AT(1, 3, 1);
  TH_EQ_INT(HERO(1).life, 1);
  TH_EQ_INT(HERO(1).gold, 21);
  for (int i = 0; i < 3; i++) rules_move(&S, ST);
  rules_move(&S, E_);
  AT(1, 3, 2);
  TH_EQ_INT(HERO(1).life, 1);
  TH_EQ_INT(HERO(1).gold, 22);
  TH_EQ_STR(tile(3, 1), "^^");
}

static void test_v5_several_neighbours(void) {
  load(MAP_B);
  put(1, 3, 3, 80, 0);
  put(2, 2, 3, 60, 0);
  put(3, 3, 4, 20, 0);
  put(4, 4, 3, 25, 0);
  own(1, 1, 3);
  own(1, 5, 4);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 35);
  TH_EQ_STR(tile(1, 1), "$1");
  TH_EQ_STR(tile(1, 5), "$1");
  AT(3, 6, 6);
  TH_EQ_INT(HERO(3).life, 100);
  AT(4, 0, 6);
  TH_EQ_INT(HERO(4).life, 100);
  TH_EQ_INT(HERO(1).life, 79);
  TH_EQ_INT(HERO(1).gold, 2);
}

static void test_v6_respawn_telefrags_third(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 10, 0);
  put(3, 6, 0, 100, 0);
  own(1, 1, 3);
  rules_move(&S, ST);
  AT(2, 6, 0);
  AT(3, 6, 6);
  TH_EQ_STR(tile(1, 1), "$2");
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 0);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 99);
  TH_EQ_INT(HERO(2).gold, 1);
}

static void test_v7_mover_dies_telefrags_no_fight(void) {
  load(MAP_B);
  put(4, 0, 0, 100, 0);
  own(1, 5, 4);
  put(1, 2, 2, 20, 3);
  put(2, 1, 0, 10, 0);
  rules_move(&S, E_);
  AT(1, 0, 0);
  AT(4, 0, 6);
  TH_EQ_STR(tile(1, 5), "$1");
  TH_EQ_STR(tile(2, 3), "$-");
  TH_EQ_INT(HERO(2).life, 10);
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 4);
}

static void test_v8_bump_and_crash(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 60, 0);
  rules_move(&S, E_);
  AT(1, 3, 3);
  TH_EQ_INT(HERO(2).life, 35);
  TH_EQ_INT(HERO(1).life, 99);
  rules_move(&S, RULES_CRASH);
  TH_EQ_INT(HERO(2).crashed, 1);
  TH_EQ_INT(HERO(2).life, 34);
  TH_ASSERT(!rules_finished(&S));
  rules_move(&S, ST);
  rules_move(&S, ST);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 9);
  TH_EQ_INT(HERO(1).life, 98);
  rules_move(&S, ST); /* server plays Stay for the crashed h2 */
  TH_EQ_INT(HERO(1).life, 73);
  TH_EQ_INT(HERO(2).life, 8);
}

static void test_v9_training_crash(void) {
  load(MAP_B);
  S.training = 1;
  rules_move(&S, RULES_CRASH);
  TH_ASSERT(rules_finished(&S));
  TH_EQ_INT(S.status, RULES_ALLCRASHED);
  TH_EQ_INT(S.turn, 0);
  TH_EQ_INT(HERO(1).life, 99);
}

static void test_v10_kill_on_victims_spawn(void) {
  load(MAP_B);
  put(1, 6, 0, 50, 3);
  own(1, 5, 1);
  put(2, 5, 0, 20, 7);
  own(1, 1, 2);
  rules_move(&S, ST);
  AT(1, 0, 0);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 3);
  TH_EQ_INT(HERO(1).mines, 0);
  TH_EQ_INT(HERO(2).life, 100);
  TH_EQ_INT(HERO(2).mines, 2);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 99);
  TH_EQ_INT(HERO(2).gold, 9);
}

static void test_v11_kill_on_own_spawn(void) {
  load(MAP_B);
  put(1, 5, 0, 100, 0);
  put(2, 6, 0, 20, 5);
  own(2, 3, 2);
  rules_move(&S, ST);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(2).life, 100);
  TH_EQ_STR(tile(2, 3), "$1");
  TH_EQ_INT(HERO(1).life, 99);
  TH_EQ_INT(HERO(1).gold, 1);
  rules_move(&S, N_);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(1).life, 74);
  TH_EQ_INT(HERO(2).life, 99);
}

static void test_v12_named_m1_spawn(void) {
  load(maps_named("m1"));
  AT(1, 0, 1);
  AT(2, 9, 1);
  AT(3, 7, 7);
  AT(4, 0, 8);
  TH_EQ_INT(HERO(3).spawn_x, 9);
  TH_EQ_INT(HERO(3).spawn_y, 8);
  put(1, 6, 7, 100, 0);
  HERO(3).life = 10;
  rules_move(&S, ST);
  AT(3, 9, 8);
  TH_EQ_INT(HERO(3).life, 100);
}

static void test_v13_seed_board(void) {
  load(maps_named("seed"));
  TH_EQ_INT(S.n, 20);
  AT(1, 5, 6);
  AT(2, 14, 6);
  AT(3, 14, 13);
  AT(4, 5, 13);
  int mines = 0, spikes = 0, taverns = 0;
  for (int c = 0; c < 400; c++) {
    mines += S.terrain[c] == RULES_MINE;
    spikes += S.terrain[c] == RULES_SPIKES;
    taverns += S.terrain[c] == RULES_TAVERN;
  }
  TH_EQ_INT(mines, 28);
  TH_EQ_INT(spikes, 4);
  TH_EQ_INT(taverns, 4);
  for (int x = 0; x < 20; x++)
    for (int y = 0; y < 20; y++) {
      TH_EQ_INT(S.terrain[x * 20 + y], S.terrain[(19 - x) * 20 + y]);
      TH_EQ_INT(S.terrain[x * 20 + y], S.terrain[x * 20 + 19 - y]);
    }
  /* The sheet's line with the typo ("# " / " #" pairs) is rejected. */
  char typo[2048];
  snprintf(typo, sizeof typo, "%s", maps_named("seed"));
  char *line10 = typo;
  for (int i = 0; i < 9; i++) line10 = strchr(line10, '\n') + 1;
  memcpy(line10, "        #########  #############        ", 40);
  char err[200];
  TH_EQ_INT(rules_parse_map(&S, typo, err, sizeof err), -1);
  TH_ASSERT(strstr(err, "Can't parse") != NULL);
}

static void test_v14_neighbour_list_fixed(void) {
  load(MAP_B);
  put(1, 6, 1, 100, 0);
  put(2, 5, 1, 10, 0);
  put(3, 6, 0, 60, 0);
  own(1, 1, 3);
  rules_move(&S, ST);
  AT(1, 6, 1);
  TH_EQ_INT(HERO(1).life, 99);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(2).life, 100);
  TH_EQ_INT(HERO(2).mines, 1);
  AT(3, 6, 6);
  TH_EQ_INT(HERO(3).life, 100);
  TH_EQ_INT(HERO(3).mines, 0);
}

/* ---- edge cases (README: What the simulator reproduces) ---- */

static void test_e01_one_counter(void) {
  load(MAP_B);
  S.max_turns = 8;
  for (int t = 0; t < 8; t++) {
    TH_EQ_INT(rules_to_move(&S), t % 4 + 1);
    TH_ASSERT(!rules_finished(&S));
    rules_move(&S, ST);
  }
  TH_ASSERT(rules_finished(&S));
  TH_EQ_INT(S.turn, 8);
  for (int k = 1; k <= 4; k++) TH_EQ_INT(HERO(k).life, 98);
}

static void test_e02_x_is_row(void) {
  load(MAP_B);
  rules_move(&S, S_); /* South = x + 1 */
  AT(1, 1, 0);
  char t[2 * RULES_CELLS + 1];
  rules_tiles(&S, t, sizeof t);
  TH_ASSERT(memcmp(t + 2 * (1 * 7 + 0), "@1", 2) == 0);
  rules_move(&S, N_); /* h2 North = x - 1 */
  AT(2, 5, 0);
  rules_move(&S, W_);
  AT(3, 6, 5);
}

static void test_e03_blocked_costs_thirst_and_fights(void) {
  load(MAP_B);
  put(1, 0, 0, 50, 0);
  put(2, 1, 0, 50, 0);
  rules_move(&S, N_); /* border */
  AT(1, 0, 0);
  TH_EQ_INT(HERO(1).life, 49);
  TH_EQ_INT(HERO(2).life, 25); /* adjacency fight still happens */
  load(MAP_B);
  put(1, 1, 2, 50, 0);
  own(1, 1, 1);
  rules_move(&S, W_); /* own mine */
  AT(1, 1, 2);
  TH_EQ_INT(HERO(1).life, 49);
  TH_EQ_INT(HERO(1).gold, 1);
}

static void test_e04_bump_no_damage_by_itself(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 100, 0);
  put(3, 2, 3, 100, 0);
  rules_move(&S, E_);
  TH_EQ_INT(HERO(2).life, 75); /* one hit from adjacency, not two */
  TH_EQ_INT(HERO(3).life, 75);
  AT(1, 3, 3);
}

static void test_e05_all_neighbours_in_order(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 2, 3, 25, 0); /* north: dies first */
  put(3, 3, 2, 30, 0); /* west */
  put(4, 4, 3, 30, 0); /* south */
  own(1, 1, 2);
  rules_move(&S, ST);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(1).mines, 1);
  TH_EQ_INT(HERO(3).life, 5);
  TH_EQ_INT(HERO(4).life, 5);
  TH_EQ_INT(HERO(1).gold, 1);
}

static void test_e06_respawned_immunity(void) {
  /* mover respawns next to a weak hero and does not attack (V7 variant) */
  load(MAP_B);
  put(1, 2, 2, 25, 0);
  put(2, 1, 0, 10, 0);
  rules_move(&S, E_);
  AT(1, 0, 0);
  TH_EQ_INT(HERO(2).life, 10);
  /* next own move it fights normally */
  for (int i = 0; i < 3; i++) rules_move(&S, ST);
  rules_move(&S, ST);
  AT(2, 6, 0);
}

static void test_e07_exact_thresholds(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 25, 0);
  rules_move(&S, ST);
  AT(2, 6, 0); /* a hit at exactly 25 kills */
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 26, 0);
  rules_move(&S, ST);
  AT(2, 3, 4);
  TH_EQ_INT(HERO(2).life, 1);
  load(MAP_B);
  put(1, 1, 0, 25, 0);
  rules_move(&S, E_); /* mine at 25 kills */
  AT(1, 0, 0);
  TH_EQ_STR(tile(1, 1), "$-");
  load(MAP_A);
  put(1, 0, 0, 10, 0);
  rules_move(&S, S_); /* spikes at 10 kill before moving */
  AT(1, 0, 0);
  TH_EQ_INT(HERO(1).life, 99);
}

static void test_e08_death_causes_and_mines(void) {
  load(MAP_B); /* environment: neutral */
  put(1, 2, 2, 20, 0);
  own(1, 1, 1);
  rules_move(&S, E_);
  TH_EQ_STR(tile(1, 1), "$-");
  load(MAP_B); /* hero kill: to killer */
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 20, 0);
  own(1, 1, 2);
  rules_move(&S, ST);
  TH_EQ_STR(tile(1, 1), "$1");
  load(MAP_B); /* telefrag: to the respawned hero */
  put(1, 2, 2, 20, 0);
  put(3, 0, 0, 100, 0);
  own(1, 5, 3);
  rules_move(&S, E_);
  TH_EQ_STR(tile(1, 5), "$1");
}

static void test_e09_income_after_everything(void) {
  load(MAP_B);
  put(1, 1, 0, 100, 0);
  rules_move(&S, E_);
  TH_EQ_INT(HERO(1).gold, 1); /* captured this move: pays */
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 20, 0);
  own(1, 1, 2);
  own(1, 5, 2);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(1).gold, 2); /* inherited this move: pays */
}

static void test_e10_tavern_gold(void) {
  tavern_case(40, 0, 39, 0);
  tavern_case(100, 1, 99, 0);
}

static void test_e11_thirst_floor(void) {
  load(MAP_B);
  put(1, 3, 3, 1, 0);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(1).life, 1);
  load(MAP_B);
  put(1, 3, 3, 2, 0);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(1).life, 1);
}

static void test_e12_killed_shows_100(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(3, 3, 4, 20, 0);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(3).life, 100);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(3).life, 100);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(3).life, 99);
}

static void test_e13_spawn_kills(void) {
  load(MAP_B); /* victim on its own spawn: respawns in place, mines to killer */
  put(1, 6, 1, 100, 0);
  put(2, 6, 0, 10, 0);
  own(1, 5, 2);
  rules_move(&S, ST);
  AT(2, 6, 0);
  TH_EQ_INT(HERO(2).life, 100);
  TH_EQ_INT(HERO(1).mines, 1);
  load(MAP_B); /* killer on victim's spawn: telefragged */
  put(1, 6, 0, 100, 0);
  put(2, 5, 0, 10, 0);
  rules_move(&S, ST);
  AT(1, 0, 0);
  AT(2, 6, 0);
}

static void test_e14_spawnpos_from_hero1(void) {
  load("@1  @3\n      \n@2  @4\n");
  /* n = 3: spawns from h1 (0,0) mirrored, not the @k cells */
  TH_EQ_INT(HERO(3).spawn_x, 2);
  TH_EQ_INT(HERO(3).spawn_y, 2);
  TH_EQ_INT(HERO(4).spawn_x, 0);
  TH_EQ_INT(HERO(4).spawn_y, 2);
  AT(3, 0, 2);
}

static void test_e15_tiles_under_heroes(void) {
  load(MAP_A);
  rules_move(&S, S_);
  TH_EQ_STR(tile(1, 0), "@1");
  for (int i = 0; i < 3; i++) rules_move(&S, ST);
  rules_move(&S, E_);
  TH_EQ_STR(tile(1, 0), "^^");
  char t[2 * RULES_CELLS + 1];
  rules_tiles(&S, t, sizeof t);
  rules_state b;
  uint8_t hidden[RULES_CELLS];
  TH_EQ_INT(rules_load_tiles(&b, 7, t, strlen(t), hidden), 0);
  TH_EQ_INT(b.terrain[7], RULES_SPIKES);
  TH_EQ_INT(hidden[8], 1);
  TH_EQ_INT(b.heroes[0].x, 1);
  TH_EQ_INT(b.heroes[0].y, 1);
}

static void test_e16_dir_parse(void) {
  TH_EQ_INT(rules_dir_parse("north"), RULES_NORTH);
  TH_EQ_INT(rules_dir_parse("  EAST "), RULES_EAST);
  TH_EQ_INT(rules_dir_parse("N"), RULES_STAY);
  TH_EQ_INT(rules_dir_parse("Crash"), RULES_STAY);
  TH_EQ_INT(rules_dir_parse(""), -1);
  TH_EQ_INT(rules_dir_parse("   "), -1);
  TH_EQ_INT(rules_dir_parse(NULL), -1);
}

static void test_e17_crashed_still_attacks(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 100, 0);
  rules_move(&S, ST);
  rules_move(&S, RULES_CRASH);
  TH_EQ_INT(HERO(1).life, 99); /* the crash move itself does not fight */
  rules_move(&S, ST);
  rules_move(&S, ST);
  rules_move(&S, ST);
  rules_move(&S, ST); /* crashed h2 plays Stay and hits h1 */
  TH_EQ_INT(HERO(1).life, 73);
  TH_EQ_INT(HERO(2).last_dir, RULES_STAY);
}

static void test_e18_training_crash_ends(void) {
  load(MAP_B);
  S.training = 1;
  rules_move(&S, ST);
  rules_move(&S, RULES_CRASH);
  TH_ASSERT(rules_finished(&S));
  TH_EQ_INT(S.turn, 1);
  load(MAP_B); /* arena: only the fourth crash ends */
  for (int k = 0; k < 3; k++) rules_move(&S, RULES_CRASH);
  TH_ASSERT(!rules_finished(&S));
  rules_move(&S, RULES_CRASH);
  TH_ASSERT(rules_finished(&S));
  TH_EQ_INT(S.turn, 3);
}

static void test_e19_clamps(void) {
  load(MAP_B);
  put(1, 3, 3, 100, 0);
  put(2, 3, 4, 3, 0);
  rules_move(&S, ST);
  TH_EQ_INT(HERO(2).life, 100);
  for (int k = 1; k <= 4; k++) TH_ASSERT(HERO(k).gold >= 0 && HERO(k).life <= 100);
  tavern_case(99, 2, 99, 1);
}

static void test_e20_no_shared_cells(void) {
  char t[2 * RULES_CELLS + 1];
  snprintf(t, sizeof t, "%s", "");
  uint64_t seed = th_seed();
  for (int g = 0; g < 5; g++) {
    char err[100];
    TH_EQ_INT(rules_generate(&S, seed + (uint64_t)g, 10, err, sizeof err), 0);
    uint64_t x = seed * 7 + (uint64_t)g;
    for (int m = 0; m < 1200; m++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      rules_move(&S, (int)((x >> 33) % 5));
      for (int a = 0; a < 4; a++) {
        int c = HERO(a + 1).x * S.n + HERO(a + 1).y;
        TH_ASSERT(S.terrain[c] == RULES_AIR || S.terrain[c] == RULES_SPIKES);
        for (int b = a + 1; b < 4; b++)
          TH_ASSERT(HERO(a + 1).x != HERO(b + 1).x || HERO(a + 1).y != HERO(b + 1).y);
      }
    }
    TH_ASSERT(rules_finished(&S));
  }
}

/* ---- parsing, generator, traces ---- */

static void test_parse_errors(void) {
  char err[200];
  TH_EQ_INT(rules_parse_map(&S, "@1  @2\n@3    \n", err, sizeof err), -1);
  TH_ASSERT(strstr(err, "four heroes") != NULL);
  TH_EQ_INT(rules_parse_map(&S, "@1@2\n@3xx\n", err, sizeof err), -1);
  TH_ASSERT(strstr(err, "Can't parse") != NULL);
  /* leading/trailing empty lines dropped, short lines padded */
  TH_EQ_INT(rules_parse_map(&S, "\n\n@1$3@4\n@2\n    @3\n\n", err, sizeof err), 0);
  TH_EQ_INT(S.n, 3);
  TH_EQ_INT(HERO(3).mines, 1);
  TH_EQ_STR(tile(1, 1), "  ");
}

static void test_generator_invariants(void) {
  for (int g = 0; g < 40; g++) {
    char err[100];
    uint64_t seed = th_seed() + (uint64_t)g * 977;
    TH_EQ_INT(rules_generate(&S, seed, 0, err, sizeof err), 0);
    int n = S.n;
    TH_ASSERT(n >= 10 && n <= 28 && n % 2 == 0);
    int taverns = 0, mines = 0;
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++) {
        int c = x * n + y;
        TH_EQ_INT(S.terrain[c], S.terrain[(n - 1 - x) * n + y]);
        TH_EQ_INT(S.terrain[c], S.terrain[x * n + n - 1 - y]);
        taverns += S.terrain[c] == RULES_TAVERN;
        mines += S.terrain[c] == RULES_MINE;
      }
    TH_EQ_INT(taverns, 4);
    TH_ASSERT(mines >= 1);
    for (int k = 0; k < 4; k++) {
      TH_EQ_INT(S.terrain[HERO(k + 1).x * n + HERO(k + 1).y], RULES_AIR);
      TH_EQ_INT(HERO(k + 1).x, HERO(k + 1).spawn_x);
    }
    /* same seed, same board */
    static rules_state again;
    rules_generate(&again, seed, 0, err, sizeof err);
    TH_ASSERT(memcmp(again.terrain, S.terrain, sizeof S.terrain) == 0);
  }
}

static void test_named_maps_parse(void) {
  const char *names[] = {"m1", "m2", "m3", "m4", "m5", "m6", "seed"};
  for (int i = 0; i < 7; i++) load(maps_named(names[i]));
  TH_ASSERT(maps_named("m7") == NULL);
}

static void test_trace_detects_difference(void) {
  /* A corrupted copy of a real trace must be rejected. */
  const char *src = "tests/data/blitz/x02_allcrashed_m2.txt";
  FILE *in = fopen(src, "r");
  if (!in) {
    printf("    (trace absent: %s)\n", src);
    TH_ASSERT(0);
  }
  char path[] = "/tmp/blitz_trace_XXXXXX";
  int fd = mkstemp(path);
  TH_ASSERT(fd >= 0);
  FILE *out = fdopen(fd, "w");
  static char line[8192];
  int n = 0;
  while (fgets(line, sizeof line, in)) {
    if (line[0] == 'M' && line[1] == ' ' && ++n == 50) {
      char *bar = strchr(line, '|');
      bar[5] = bar[5] == '#' ? ' ' : '#';
    }
    fputs(line, out);
  }
  fclose(in);
  fclose(out);
  char msg[300];
  int moves;
  int rc = trace_replay(path, msg, sizeof msg, &moves);
  unlink(path);
  TH_EQ_INT(rc, 1);
  TH_EQ_INT(moves, 50);
  TH_ASSERT(strstr(msg, "tiles") != NULL);
  TH_EQ_INT(trace_replay(src, msg, sizeof msg, &moves), 0);
  TH_EQ_INT(moves, 164);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_v1_basic_sequence),
    TH_ENTRY(test_v2_tavern),
    TH_ENTRY(test_v3_mine_thresholds),
    TH_ENTRY(test_v4_spike_thresholds),
    TH_ENTRY(test_v5_several_neighbours),
    TH_ENTRY(test_v6_respawn_telefrags_third),
    TH_ENTRY(test_v7_mover_dies_telefrags_no_fight),
    TH_ENTRY(test_v8_bump_and_crash),
    TH_ENTRY(test_v9_training_crash),
    TH_ENTRY(test_v10_kill_on_victims_spawn),
    TH_ENTRY(test_v11_kill_on_own_spawn),
    TH_ENTRY(test_v12_named_m1_spawn),
    TH_ENTRY(test_v13_seed_board),
    TH_ENTRY(test_v14_neighbour_list_fixed),
    TH_ENTRY(test_e01_one_counter),
    TH_ENTRY(test_e02_x_is_row),
    TH_ENTRY(test_e03_blocked_costs_thirst_and_fights),
    TH_ENTRY(test_e04_bump_no_damage_by_itself),
    TH_ENTRY(test_e05_all_neighbours_in_order),
    TH_ENTRY(test_e06_respawned_immunity),
    TH_ENTRY(test_e07_exact_thresholds),
    TH_ENTRY(test_e08_death_causes_and_mines),
    TH_ENTRY(test_e09_income_after_everything),
    TH_ENTRY(test_e10_tavern_gold),
    TH_ENTRY(test_e11_thirst_floor),
    TH_ENTRY(test_e12_killed_shows_100),
    TH_ENTRY(test_e13_spawn_kills),
    TH_ENTRY(test_e14_spawnpos_from_hero1),
    TH_ENTRY(test_e15_tiles_under_heroes),
    TH_ENTRY(test_e16_dir_parse),
    TH_ENTRY(test_e17_crashed_still_attacks),
    TH_ENTRY(test_e18_training_crash_ends),
    TH_ENTRY(test_e19_clamps),
    TH_ENTRY(test_e20_no_shared_cells),
    TH_ENTRY(test_parse_errors),
    TH_ENTRY(test_generator_invariants),
    TH_ENTRY(test_named_maps_parse),
    TH_ENTRY(test_trace_detects_difference),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
