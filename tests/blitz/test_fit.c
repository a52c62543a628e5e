/*
** test_fit.c -- the opponent model fitted during the game (fit.c): in
** contest-board games played in-process, our sparring miners (random
** moves and all) are fitted as miners that foretell most of their moves,
** whose predictions play most of them right, and are trusted most of the
** time, and on boards of 4 mines fitted with ways around heroes; a
** randomly moving hero is never trusted, fit_predict answers only for
** trusted heroes and then with a legal direction, every trusted fit is
** loose and a random bot's never (fit_loose), a loose fit is predicted on
** ways drawn for it, and a new game forgets.
*/
#include <stdio.h>
#include <string.h>

#include "contest.h"
#include "fit.h"
#include "rules.h"
#include "sparring.h"
#include "testhelp.h"

static rules_state S;
static fit F;
static sparring_bot B[RULES_HEROES];

/* Contest board `seed`; hero 1 (us) plays a miner, heroes 2..4 the kinds
   given; the fit forgets. */
static void start(int seed, const int kinds[3]) {
  static char text[CONTEST_TEXT_CAP];
  char err[160];
  TH_ASSERT(contest_board(seed, text, sizeof text, NULL, err, sizeof err) == 0);
  TH_ASSERT(rules_parse_map(&S, text, err, sizeof err) == 0);
  sparring_init(&B[0], SPARRING_MINER, 77);
  for (int k = 1; k < RULES_HEROES; k++) sparring_init(&B[k], kinds[k - 1], (uint64_t)(seed * 8 + k));
  fit_reset(&F);
}

/* The rest of a round after the fit observed S: every hero moves. */
static void heroes_move(void) {
  fit_prepare(&F, &S);
  int dir = sparring_move(&B[0], &S, 1);
  fit_moved(&F, dir);
  for (int k = 0; k < RULES_HEROES && !rules_finished(&S); k++) {
    int id = rules_to_move(&S);
    rules_move(&S, id == 1 ? dir : sparring_move(&B[id - 1], &S, id));
  }
}

/* One round: the fit observes from hero 1's seat, then every hero moves. */
static void round_played(void) {
  fit_observe(&F, &S, 1);
  heroes_move();
}

/* The fit observes S from hero 1's seat; *t is S after hero 1 stays (a
   state for fit_predict: the next hero to move is another). */
static void observed_after_stay(rules_state *t) {
  fit_observe(&F, &S, 1);
  fit_prepare(&F, &S);
  memcpy(t, &S, sizeof *t);
  rules_move(t, RULES_STAY);
}

static void test_miners_fitted_as_miners(void) {
  const int kinds[3] = {SPARRING_MINER, SPARRING_MINER, SPARRING_HUNTER};
  for (int seed = 1000; seed < 1002; seed++) {
    int trusted[RULES_HEROES + 1] = {0}, rounds = 0;
    start(seed, kinds);
    for (int r = 0; r < 100 && !rules_finished(&S); r++) {
      round_played();
      if (r >= 20) {
        rounds++;
        for (int k = 2; k <= 4; k++) trusted[k] += fit_trusted(&F, k);
      }
    }
    TH_EQ_INT(rounds, 80);
    TH_EQ_INT(F.unexplained, 0);
    TH_ASSERT(!fit_trusted(&F, 1)); /* never ourselves */
    for (int k = 2; k <= 3; k++) {
      fit_params p;
      fit_get(&F, k, &p);
      char d[256];
      TH_ASSERT_MSG(p.goal == FIT_MINE, "seed %d hero %d: %s", seed, k, fit_describe(&F, k, d, sizeof d));
      TH_ASSERT_MSG(F.hits[k - 1][F.best[k - 1]] >= F.obs[k - 1] * 8 / 10, "seed %d hero %d: %s", seed, k,
                    fit_describe(&F, k, d, sizeof d));
      TH_ASSERT_MSG(F.played[k - 1] >= F.obs[k - 1] * 7 / 10 && F.played[k - 1] <= F.obs[k - 1], "seed %d hero %d: %s",
                    seed, k, fit_describe(&F, k, d, sizeof d)); /* the move played, one of those foretold */
      TH_ASSERT_MSG(trusted[k] >= rounds * 6 / 10, "seed %d hero %d trusted %d of %d rounds", seed, k, trusted[k],
                    rounds);
    }
  }
}

static void test_miners_fitted_around_heroes(void) {
  /* Our sparring miners' ways go around other heroes (a hero is a wall
     to them). On boards of 4 mines, where the heroes crowd the few mines,
     the fit's `block` points foretell them better: after 150 rounds two
     in three of the miners' fits or more have block 1 (8 of 9 here; a
     tie goes to block 0, the first listed). */
  const int kinds[3] = {SPARRING_MINER, SPARRING_MINER, SPARRING_MINER};
  int seeds[] = {43008, 43010, 43020}, blocked = 0, fits = 0;
  for (int i = 0; i < 3; i++) {
    start(seeds[i], kinds);
    for (int r = 0; r < 150 && !rules_finished(&S); r++) round_played();
    for (int k = 2; k <= 4; k++) {
      fit_params p;
      fit_get(&F, k, &p);
      blocked += p.block;
      fits++;
    }
  }
  TH_ASSERT_MSG(blocked * 3 >= fits * 2, "%d of %d fits block", blocked, fits);
}

static void test_random_bot_not_trusted(void) {
  const int kinds[3] = {SPARRING_RANDOM, SPARRING_RANDOM, SPARRING_MINER};
  start(1001, kinds);
  int trusted = 0;
  for (int r = 0; r < 80; r++) {
    round_played();
    trusted += fit_trusted(&F, 2) + fit_trusted(&F, 3);
  }
  TH_EQ_INT(trusted, 0);
}

static void test_predicts_only_trusted_heroes(void) {
  const int kinds[3] = {SPARRING_RANDOM, SPARRING_MINER, SPARRING_MINER};
  start(1002, kinds);
  for (int r = 0; r < 60; r++) round_played();
  rules_state t;
  observed_after_stay(&t);
  TH_EQ_INT(fit_predict(&F, &t, 2), -1);
  TH_EQ_INT(fit_predict(&F, &t, 1), -1);
  for (int k = 3; k <= 4; k++)
    if (fit_trusted(&F, k)) {
      int d = fit_predict(&F, &t, k);
      TH_ASSERT(d >= RULES_NORTH && d <= RULES_STAY);
    }
}

static void test_loose_fits(void) {
  /* A loose fit (fit_loose) is any that foretells about 75 % of recent
     moves: every trusted fit is loose, a random bot's never is, and
     fit_predict_loose answers for loose fits only, never for us. */
  const int kinds[3] = {SPARRING_RANDOM, SPARRING_MINER, SPARRING_MINER};
  start(1002, kinds);
  int loose_random = 0, trusted_not_loose = 0, loose = 0;
  for (int r = 0; r < 60; r++) {
    round_played();
    loose_random += fit_loose(&F, 2);
    for (int k = 3; k <= 4; k++) {
      trusted_not_loose += fit_trusted(&F, k) && !fit_loose(&F, k);
      loose += fit_loose(&F, k);
    }
  }
  TH_EQ_INT(loose_random, 0);
  TH_EQ_INT(trusted_not_loose, 0);
  TH_ASSERT(loose > 0);
  rules_state t;
  observed_after_stay(&t);
  TH_EQ_INT(fit_predict_loose(&F, &t, 1), -1);
  TH_EQ_INT(fit_predict_loose(&F, &t, 2), -1);
  for (int k = 3; k <= 4; k++) {
    int d = fit_predict_loose(&F, &t, k);
    TH_ASSERT(fit_loose(&F, k) ? d >= RULES_NORTH && d <= RULES_STAY : d == -1);
  }
}

static void test_loose_fit_walks_its_ways(void) {
  /* A loose fit never trusted (its ways never drawn) is predicted on ways
     fit_prepare draws for it: the move a trusted fit at the same point
     would play, a step toward a mine, not a stand on ways of zeros. */
  static fit loose, trusted;
  const int kinds[3] = {SPARRING_MINER, SPARRING_MINER, SPARRING_MINER};
  start(1000, kinds);
  int walked = 0;
  for (int r = 0; r < 60 && !rules_finished(&S); r++) {
    fit_observe(&F, &S, 1);
    memcpy(&loose, &F, sizeof loose);
    memcpy(&trusted, &F, sizeof trusted);
    for (int k = 2; k <= 4; k++) {
      loose.miss[k - 1][F.best[k - 1]] = 2.0f; /* loose, not trusted */
      trusted.miss[k - 1][F.best[k - 1]] = 0.0f;
      memset(loose.dmine[k - 1], 0, sizeof loose.dmine[k - 1]);
    }
    fit_prepare(&loose, &S);
    fit_prepare(&trusted, &S);
    rules_state t;
    memcpy(&t, &S, sizeof t);
    rules_move(&t, RULES_STAY);
    int id = rules_to_move(&t);
    if (r >= 20) {
      TH_ASSERT(!fit_trusted(&loose, id) && fit_loose(&loose, id) && fit_trusted(&trusted, id));
      int d = fit_predict_loose(&loose, &t, id);
      TH_EQ_INT(d, fit_predict(&trusted, &t, id));
      walked += d != RULES_STAY;
    }
    heroes_move();
  }
  TH_ASSERT_MSG(walked >= 20, "walked %d", walked);
}

static void test_new_game_forgets(void) {
  const int kinds[3] = {SPARRING_MINER, SPARRING_MINER, SPARRING_MINER};
  start(1000, kinds);
  for (int r = 0; r < 30; r++) round_played();
  TH_ASSERT(F.obs[1] > 0);
  fit k;
  memcpy(&k, &F, sizeof k); /* start() resets: keep the played fit */
  start(1003, kinds);
  memcpy(&F, &k, sizeof F);
  fit_observe(&F, &S, 1); /* turn 0 again: a new game */
  TH_EQ_INT(F.obs[1], 0);
  TH_EQ_INT(F.rounds, 0);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_miners_fitted_as_miners),
    TH_ENTRY(test_miners_fitted_around_heroes),
    TH_ENTRY(test_random_bot_not_trusted),
    TH_ENTRY(test_predicts_only_trusted_heroes),
    TH_ENTRY(test_loose_fits),
    TH_ENTRY(test_loose_fit_walks_its_ways),
    TH_ENTRY(test_new_game_forgets),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
