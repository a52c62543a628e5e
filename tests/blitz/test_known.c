/*
** test_known.c -- recognising known bots (known.c): in a contest-board
** game played in-process, the heroes played by the lab's models of the
** 2016 contest bots are each recognised as their own model, the sparring
** hunter and miner (random moves and all) mostly as theirs, a randomly
** moving hero as none; a round that no moves explain scores nothing; and
** known_predict gives the trusted model's move.
*/
#include <stdio.h>
#include <string.h>

#include "contest.h"
#include "known.h"
#include "rules.h"
#include "sparring.h"
#include "testhelp.h"

static rules_state S;
static known K;
static sparring_bot B[RULES_HEROES];

/* S = the contest board of `seed`, at turn 0. */
static void board(int seed) {
  static char text[CONTEST_TEXT_CAP];
  char err[160];
  TH_ASSERT(contest_board(seed, text, sizeof text, NULL, err, sizeof err) == 0);
  TH_ASSERT(rules_parse_map(&S, text, err, sizeof err) == 0);
}

/* Contest board `seed`; hero 1 (us) plays `ours`, heroes 2..4 the kinds
   given; known forgets. */
static void start(int seed, int ours, const int kinds[3]) {
  board(seed);
  sparring_init(&B[0], ours, 77);
  for (int k = 1; k < RULES_HEROES; k++) sparring_init(&B[k], kinds[k - 1], (uint64_t)(seed * 8 + k));
  known_reset(&K);
}

/* One round: known observes from hero 1's seat, then every hero moves. */
static void round_played(void) {
  known_observe(&K, &S, 1);
  int dir = sparring_move(&B[0], &S, 1);
  known_moved(&K, dir);
  for (int k = 0; k < RULES_HEROES && !rules_finished(&S); k++) {
    int id = rules_to_move(&S);
    rules_move(&S, id == 1 ? dir : sparring_move(&B[id - 1], &S, id));
  }
}

/* start, then `rounds` rounds (fewer if the game ends). */
static void play(int seed, int ours, const int kinds[3], int rounds) {
  start(seed, ours, kinds);
  for (int r = 0; r < rounds && !rules_finished(&S); r++) round_played();
}

static int model_index(int kind) {
  for (int m = 0; m < KNOWN_MODELS; m++)
    if (known_kind(m) == kind) return m;
  return -1;
}

static void test_recognises_each_contest_bot(void) {
  const int kinds[3] = {SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW};
  for (int seed = 1000; seed < 1003; seed++) {
    play(seed, SPARRING_MINER, kinds, 60);
    TH_EQ_INT(K.rounds, 59);
    TH_ASSERT(K.unexplained == 0);
    TH_EQ_INT(known_model(&K, 1), -1); /* never ourselves */
    for (int k = 2; k <= 4; k++) TH_EQ_INT(known_model(&K, k), model_index(kinds[k - 2]));
  }
}

static void test_other_seat_order(void) {
  const int kinds[3] = {SPARRING_WOW, SPARRING_KILLER, SPARRING_BRUTE};
  play(1004, SPARRING_HUNTER, kinds, 80);
  for (int k = 2; k <= 4; k++) TH_EQ_INT(known_model(&K, k), model_index(kinds[k - 2]));
}

/* The sparring bots hunter and miner, with their 5 % of random moves:
   from round 20 on, each is trusted as its own model in most rounds, the
   hunter never as a miner. */
static void test_recognises_hunter_and_miner(void) {
  const int kinds[3] = {SPARRING_HUNTER, SPARRING_MINER, SPARRING_MINER};
  TH_ASSERT(model_index(SPARRING_HUNTER) >= 0 && model_index(SPARRING_MINER) >= 0);
  TH_ASSERT(known_sparring(model_index(SPARRING_HUNTER)) && known_sparring(model_index(SPARRING_MINER)));
  TH_ASSERT(!known_sparring(model_index(SPARRING_KILLER)) && !known_sparring(-1));
  for (int seed = 1000; seed < 1004; seed++) {
    int own[RULES_HEROES + 1] = {0}, hunter_as_miner = 0, rounds = 0;
    start(seed, SPARRING_MINER, kinds);
    for (int r = 0; r < 200 && !rules_finished(&S); r++) {
      round_played(); /* the models as trusted at that round's observation */
      if (r >= 20) {
        rounds++;
        for (int k = 2; k <= 4; k++) own[k] += known_model(&K, k) == model_index(kinds[k - 2]);
        hunter_as_miner += known_model(&K, 2) == model_index(SPARRING_MINER);
      }
    }
    TH_EQ_INT(rounds, 180);
    for (int k = 2; k <= 4; k++) TH_ASSERT(own[k] >= rounds * 8 / 10);
    TH_EQ_INT(hunter_as_miner, 0);
  }
}

static void test_random_bot_is_none(void) {
  const int kinds[3] = {SPARRING_RANDOM, SPARRING_RANDOM, SPARRING_KILLER};
  play(1001, SPARRING_MINER, kinds, 60);
  TH_EQ_INT(known_model(&K, 2), -1);
  TH_EQ_INT(known_model(&K, 3), -1);
  TH_EQ_INT(known_model(&K, 4), model_index(SPARRING_KILLER));
}

static void test_prediction_is_the_model_move(void) {
  const int kinds[3] = {SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW};
  play(1002, SPARRING_MINER, kinds, 40);
  known_observe(&K, &S, 1); /* the last round scored: the models' memory caught up */
  /* the state after our move: each hero's prediction is what the bot
     itself (its memory copied) plays there */
  rules_state t;
  memcpy(&t, &S, sizeof t);
  rules_move(&t, RULES_STAY);
  sparring_bot copy;
  memcpy(&copy, &B[1], sizeof copy);
  TH_EQ_INT(known_predict(&K, &t, 2), sparring_move(&copy, &t, 2));
  rules_move(&t, known_predict(&K, &t, 2));
  memcpy(&copy, &B[2], sizeof copy);
  TH_EQ_INT(known_predict(&K, &t, 3), sparring_move(&copy, &t, 3));
}

static void test_unexplained_round_scores_nothing(void) {
  const int kinds[3] = {SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW};
  play(1000, SPARRING_MINER, kinds, 20);
  int obs = K.obs[1][0], un = K.unexplained;
  /* we claim a move the server did not play (our hero went elsewhere) */
  known_observe(&K, &S, 1);
  int dir = sparring_move(&B[0], &S, 1), claimed = -1;
  for (int d = 0; d < 4 && claimed < 0; d++) {
    rules_state a, b;
    memcpy(&a, &S, sizeof a);
    memcpy(&b, &S, sizeof b);
    rules_move(&a, d);
    rules_move(&b, dir);
    if (a.heroes[0].x != b.heroes[0].x || a.heroes[0].y != b.heroes[0].y || a.heroes[0].life != b.heroes[0].life)
      claimed = d;
  }
  TH_ASSERT(claimed >= 0);
  known_moved(&K, claimed);
  for (int k = 0; k < RULES_HEROES; k++) {
    int id = rules_to_move(&S);
    rules_move(&S, id == 1 ? dir : sparring_move(&B[id - 1], &S, id));
  }
  known_observe(&K, &S, 1);
  TH_EQ_INT(K.unexplained, un + 1);
  TH_EQ_INT(K.obs[1][0], obs + 1); /* the round before counted, this one not */
}

static void test_new_game_resets(void) {
  const int kinds[3] = {SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW};
  play(1000, SPARRING_MINER, kinds, 30);
  TH_ASSERT(known_model(&K, 2) >= 0);
  board(1001);
  known_observe(&K, &S, 1); /* turn 0 again: a new game */
  for (int k = 1; k <= 4; k++) TH_EQ_INT(known_model(&K, k), -1);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_recognises_each_contest_bot),
    TH_ENTRY(test_other_seat_order),
    TH_ENTRY(test_recognises_hunter_and_miner),
    TH_ENTRY(test_random_bot_is_none),
    TH_ENTRY(test_prediction_is_the_model_move),
    TH_ENTRY(test_unexplained_round_scores_nothing),
    TH_ENTRY(test_new_game_resets),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
