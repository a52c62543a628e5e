/*
** test_sparring.c -- the sparring policies (sparring.c) that both the HTTP
** sparring bots and the lab play: the same seed gives the same moves; the
** miner walks to the nearest mine it does not own and heals when weak; the
** hunter chases a weaker hero that owns mines and leaves a stronger one
** alone; random never stays; killer (no random moves) chases a richer
** hero with 25+ life less within 4 steps only, mines while its life is
** above 30 (50 with 5+ mines) and then drinks until above 75. Miner and
** hunter make 5 % random moves, so their direction is checked as the
** majority over many seeds; a pure one (known.c's models) makes none.
*/
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "sparring.h"
#include "testhelp.h"
#include "fixtures.h"

/*   row 0: hero 1 top left, a mine two cells east; a tavern at row 4. */
static const char *MAP =
    "@1  $-      @4\n"
    "              \n"
    "              \n"
    "              \n"
    "  []          \n"
    "              \n"
    "@2          @3\n";

/* How many of `runs` freshly seeded bots of `kind` play `dir` as hero 1. */
static int count_dir(int kind, int dir, int runs) {
  int hits = 0;
  for (int r = 0; r < runs; r++) {
    sparring_bot b;
    sparring_init(&b, kind, 1000 + (uint64_t)r);
    hits += sparring_move(&b, &S, 1) == dir;
  }
  return hits;
}

static void test_names(void) {
  TH_EQ_INT(sparring_kind("miner"), SPARRING_MINER);
  TH_EQ_INT(sparring_kind("hunter"), SPARRING_HUNTER);
  TH_EQ_INT(sparring_kind("random"), SPARRING_RANDOM);
  TH_EQ_INT(sparring_kind("brute"), SPARRING_BRUTE);
  TH_EQ_INT(sparring_kind("wow"), SPARRING_WOW);
  TH_EQ_INT(sparring_kind("nosuch"), -1);
  TH_EQ_INT(sparring_kind(NULL), -1);
  TH_EQ_STR(sparring_name(SPARRING_HUNTER), "hunter");
  TH_EQ_INT(sparring_kind("killer"), SPARRING_KILLER);
}

static void test_same_seed_same_moves(void) {
  load(MAP);
  sparring_bot a, b;
  sparring_init(&a, SPARRING_MINER, 7);
  sparring_init(&b, SPARRING_MINER, 7);
  int differ = 0, moves[64];
  for (int i = 0; i < 64; i++) {
    moves[i] = sparring_move(&a, &S, 1);
    differ += moves[i] != sparring_move(&b, &S, 1);
  }
  TH_EQ_INT(differ, 0);
  /* a different seed draws its random moves elsewhere */
  sparring_init(&b, SPARRING_MINER, 8);
  for (int i = 0; i < 64; i++) differ += moves[i] != sparring_move(&b, &S, 1);
  TH_ASSERT(differ > 0);
}

/* A pure bot (known.c's models) plays the policy alone: every seed gives
   the policy's move, where the bots' random moves differ among 200 seeds. */
static void test_pure_makes_no_random_moves(void) {
  load(MAP);
  for (int kind = SPARRING_MINER; kind <= SPARRING_HUNTER; kind++) {
    int pure_off = 0, noisy_off = 0;
    for (int r = 0; r < 200; r++) {
      sparring_bot b;
      sparring_init(&b, kind, 1000 + (uint64_t)r);
      noisy_off += sparring_move(&b, &S, 1) != RULES_EAST;
      sparring_init(&b, kind, 1000 + (uint64_t)r);
      b.pure = 1;
      pure_off += sparring_move(&b, &S, 1) != RULES_EAST;
    }
    TH_EQ_INT(pure_off, 0);
    TH_ASSERT(noisy_off > 0);
  }
}

static void test_miner_walks_to_mine(void) {
  load(MAP);
  TH_ASSERT(count_dir(SPARRING_MINER, RULES_EAST, 200) >= 180);
  /* a mine it owns is no target: with hero 1 owning it, the miner walks
     to... nothing else exists, so it stays */
  S.owner[0 * S.n + 2] = 1;
  rules_recount(&S);
  TH_ASSERT(count_dir(SPARRING_MINER, RULES_STAY, 200) >= 180);
}

static void test_miner_heals_when_weak(void) {
  load(MAP);
  put(1, 2, 1, 30, 5); /* the tavern is two rows south */
  TH_ASSERT(count_dir(SPARRING_MINER, RULES_SOUTH, 200) >= 180);
  put(1, 2, 1, 30, 0); /* no gold: mines instead */
  TH_ASSERT(count_dir(SPARRING_MINER, RULES_SOUTH, 200) < 40);
}

static void test_hunter_chases_weaker(void) {
  load(MAP);
  put(1, 3, 3, 80, 0);
  put(2, 3, 6, 50, 0); /* east of hero 1, owns a mine, weaker */
  S.owner[0 * S.n + 2] = 2;
  rules_recount(&S);
  TH_ASSERT(count_dir(SPARRING_HUNTER, RULES_EAST, 200) >= 180);
  put(2, 3, 6, 90, 0); /* stronger: left alone, the hunter mines */
  TH_ASSERT(count_dir(SPARRING_HUNTER, RULES_EAST, 200) < 40);
}

static void test_random_never_stays(void) {
  load(MAP);
  sparring_bot b;
  sparring_init(&b, SPARRING_RANDOM, 3);
  int seen[5] = {0};
  for (int i = 0; i < 400; i++) seen[sparring_move(&b, &S, 1)]++;
  TH_EQ_INT(seen[RULES_STAY], 0);
  for (int d = 0; d < 4; d++) TH_ASSERT(seen[d] > 50);
}

static void test_killer_chases_rich_weak_near(void) {
  load(MAP);
  sparring_bot b;
  sparring_init(&b, SPARRING_KILLER, 1);
  put(1, 3, 3, 80, 0);
  put(2, 3, 5, 50, 0); /* two steps east, 30 life less, owns the mine */
  S.owner[0 * S.n + 2] = 2;
  rules_recount(&S);
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_EAST);
  put(2, 3, 5, 60, 0); /* only 20 life less: mines instead (north-west) */
  int d = sparring_move(&b, &S, 1);
  TH_ASSERT_MSG(d == RULES_NORTH || d == RULES_WEST, "move %d", d);
  put(2, 6, 6, 50, 0); /* weak and rich but 6 steps away: mines */
  d = sparring_move(&b, &S, 1);
  TH_ASSERT_MSG(d == RULES_NORTH || d == RULES_WEST, "move %d", d);
}

static void test_killer_drinks_until_75(void) {
  load(MAP);
  sparring_bot b;
  sparring_init(&b, SPARRING_KILLER, 1);
  put(1, 2, 1, 31, 5); /* above 30: mines (north to row 0, then east) */
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_NORTH);
  put(1, 2, 1, 30, 5); /* at 30: to the tavern two rows south */
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_SOUTH);
  put(1, 3, 1, 60, 5); /* drinking: still to the tavern at 60 */
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_SOUTH);
  put(1, 3, 1, 80, 5); /* past 75: the drinking ends ... */
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_SOUTH);
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_NORTH); /* ... and it mines again */
}

/* A hero on spikes shows as the hero in the board string killer reads, so
   its cell costs 1 there, not the spikes' 5: through hero 2 on the spikes
   east (1 + 1 + 100) beats the detour by row 1 (4 + 100). */
static void test_killer_hero_hides_spikes(void) {
  load("@1^^  $-  @4\n"
       "            \n"
       "            \n"
       "            \n"
       "    []      \n"
       "@2        @3\n");
  sparring_bot b;
  sparring_init(&b, SPARRING_KILLER, 1);
  TH_EQ_INT(S.terrain[0 * S.n + 1], RULES_SPIKES);
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_SOUTH); /* the spikes bare: around them */
  put(2, 0, 1, 100, 0);
  TH_EQ_INT(sparring_move(&b, &S, 1), RULES_EAST);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_names),
    TH_ENTRY(test_same_seed_same_moves),
    TH_ENTRY(test_pure_makes_no_random_moves),
    TH_ENTRY(test_miner_walks_to_mine),
    TH_ENTRY(test_miner_heals_when_weak),
    TH_ENTRY(test_hunter_chases_weaker),
    TH_ENTRY(test_random_never_stays),
    TH_ENTRY(test_killer_chases_rich_weak_near),
    TH_ENTRY(test_killer_drinks_until_75),
    TH_ENTRY(test_killer_hero_hides_spikes),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
