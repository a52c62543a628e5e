/*
** test_boss.c -- the re-implemented official boss (games/greencircle/boss.h):
** one test per rule (MOVE target and its fallbacks, GIVE/THROW, the PLAY
** priority list, CI's type choice, both RELEASE branches and the running
** allowance), and a legality sweep: over many refereed games every boss
** answer parses as a valid command for the request.
*/
#include <stdio.h>
#include <string.h>

#include "boss.h"
#include "proto.h"
#include "rules.h"
#include "testhelp.h"

/* An input with the given phase, applications (ids) and my location. */
static void mk(proto_input *in, int phase, int loc, int napps, const int *ids) {
  memset(in, 0, sizeof *in);
  in->phase = phase;
  in->loc[0] = loc;
  in->loc[1] = 3;
  in->napps = napps;
  for (int i = 0; i < napps; i++) {
    in->app_id[i] = ids[i];
    rules_app_need(ids[i], in->app_need[i]);
  }
}

static void expect(const proto_input *in, const char *want) {
  rules_action a = boss_decide(in);
  char s[64];
  rules_action_str(&a, s, sizeof s);
  TH_EQ_STR(s, want);
}

/* app 0 needs TR 4 + CO 4; app 27 needs CR 4 + RF 4 */
static const int APPS_0_27[2] = {0, 27};

static void test_move_first_desk_ahead_with_a_shortfall(void) {
  proto_input in;
  mk(&in, RULES_PH_MOVE, 5, 2, APPS_0_27);
  /* from 5: desk 6 (CR) is needed by app 27, nothing owned */
  expect(&in, "MOVE 6");
  /* own 2 CR cards (4 skills): desk 6 covered, desk 7 (RF) next */
  in.cnt[PROTO_HAND][RULES_CR] = 1;
  in.cnt[PROTO_DISCARD][RULES_CR] = 1;
  expect(&in, "MOVE 7");
  /* bonuses count for every skill: 4 bonuses cover everything, loc+1 */
  in.cnt[PROTO_DRAW][RULES_BONUS] = 2;
  in.cnt[PROTO_HAND][RULES_BONUS] = 1;
  in.cnt[PROTO_DISCARD][RULES_BONUS] = 1;
  expect(&in, "MOVE 6");
  /* 3 bonuses: RF 0 + 3 < 4, so desk 7 again; CR 4 + 3 >= 4 */
  in.cnt[PROTO_DISCARD][RULES_BONUS] = 0;
  expect(&in, "MOVE 7");
}

static void test_move_ignores_automated_and_wraps(void) {
  proto_input in;
  mk(&in, RULES_PH_MOVE, 6, 2, APPS_0_27);
  /* RF automated does not count: desk 7 still short */
  in.cnt[PROTO_AUTO][RULES_RF] = 2;
  expect(&in, "MOVE 7");
  /* RF covered in the deck: wraps round to desk 0 (TR) */
  in.cnt[PROTO_DRAW][RULES_RF] = 2;
  expect(&in, "MOVE 0");
}

static void test_move_first_turn(void) {
  proto_input in;
  mk(&in, RULES_PH_MOVE, -1, 2, APPS_0_27);
  in.cnt[PROTO_DRAW][RULES_TR] = 2;
  /* from -1 the desks looked at are 0..6: TR covered, CO (1) short */
  expect(&in, "MOVE 1");
  /* only desk 7 short: never looked at from -1, fallback loc+1 = 0 */
  static const int only27[1] = {27};
  mk(&in, RULES_PH_MOVE, -1, 1, only27);
  in.cnt[PROTO_DRAW][RULES_CR] = 2;
  expect(&in, "MOVE 0");
}

static void test_give_throw_bonus_else_random(void) {
  proto_input in;
  mk(&in, RULES_PH_GIVE, 2, 2, APPS_0_27);
  in.cnt[PROTO_HAND][RULES_TR] = 1;
  expect(&in, "RANDOM");
  in.cnt[PROTO_HAND][RULES_BONUS] = 1;
  expect(&in, "GIVE 8");
  in.phase = RULES_PH_THROW;
  expect(&in, "THROW 8");
  in.cnt[PROTO_HAND][RULES_BONUS] = 0;
  expect(&in, "RANDOM");
}

static void test_play_priority(void) {
  proto_input in;
  mk(&in, RULES_PH_PLAY, 2, 2, APPS_0_27);
  int *h = in.cnt[PROTO_HAND];
  expect(&in, "WAIT");
  h[RULES_CO] = 1;
  h[RULES_TP] = 1;
  expect(&in, "WAIT"); /* CODING and TASK_PRIORITIZATION never played */
  h[RULES_TR] = 1;
  expect(&in, "TRAINING");
  h[RULES_CI] = 1;
  expect(&in, "CONTINUOUS_INTEGRATION 0");
  h[RULES_CR] = 1;
  expect(&in, "CODE_REVIEW");
  h[RULES_AS] = 1;
  expect(&in, "ARCHITECTURE_STUDY");
  h[RULES_DR] = 1;
  expect(&in, "DAILY_ROUTINE");
  h[RULES_RF] = 1;
  expect(&in, "DAILY_ROUTINE"); /* REFACTORING only with a debt in hand */
  h[RULES_DEBT] = 1;
  expect(&in, "REFACTORING");
}

static void test_play_ci_type(void) {
  proto_input in;
  mk(&in, RULES_PH_PLAY, 2, 2, APPS_0_27);
  int *h = in.cnt[PROTO_HAND];
  h[RULES_CI] = 1;
  h[RULES_DEBT] = 3;
  expect(&in, "WAIT"); /* nothing to automate: debt is not a choice */
  h[RULES_BONUS] = 1;
  expect(&in, "CONTINUOUS_INTEGRATION 8");
  h[RULES_CI] = 2;
  expect(&in, "CONTINUOUS_INTEGRATION 5"); /* a second CI comes before BONUS */
  h[RULES_TP] = 1;
  expect(&in, "CONTINUOUS_INTEGRATION 3");
}

static void test_release_covered_by_bonuses(void) {
  static const int ids[3] = {27, 0, 1};
  proto_input in;
  mk(&in, RULES_PH_RELEASE, 2, 3, ids);
  int *h = in.cnt[PROTO_HAND];
  h[RULES_TR] = 2;
  h[RULES_CO] = 1;
  in.score[0] = 4; /* app 0 misses 2: no debt allowed at four */
  expect(&in, "WAIT");
  in.cnt[PROTO_AUTO][RULES_BONUS] = 1;
  expect(&in, "WAIT"); /* 2 missing, 1 bonus */
  h[RULES_BONUS] = 1;
  expect(&in, "RELEASE 0"); /* 2 missing, 2 bonuses, even at four releases */
}

static void test_release_small_debt(void) {
  static const int ids[3] = {27, 0, 1};
  proto_input in;
  mk(&in, RULES_PH_RELEASE, 2, 3, ids);
  int *h = in.cnt[PROTO_HAND];
  h[RULES_TR] = 2;
  h[RULES_CO] = 1; /* app 0: 2 missing; app 1 (TR+DR): 4 missing */
  in.score[0] = 3;
  expect(&in, "RELEASE 0");
  h[RULES_CO] = 0; /* app 0: 4 missing, nothing under 3 */
  expect(&in, "WAIT");
  h[RULES_DR] = 1; /* app 1 (TR 4, DR 4): 2 missing, listed after 0 */
  expect(&in, "RELEASE 1");
}

static void test_release_first_listed(void) {
  static const int ids[2] = {0, 1};
  proto_input in;
  mk(&in, RULES_PH_RELEASE, 2, 2, ids);
  int *h = in.cnt[PROTO_HAND];
  h[RULES_TR] = 2;
  h[RULES_CO] = 2;
  h[RULES_DR] = 2; /* both free: the first listed */
  expect(&in, "RELEASE 0");
  in.app_id[0] = 1; /* input order, not id order */
  rules_app_need(1, in.app_need[0]);
  in.app_id[1] = 0;
  rules_app_need(0, in.app_need[1]);
  expect(&in, "RELEASE 1");
}

static void test_release_running_allowance(void) {
  /* no skills, 1 bonus, 2 missing: the rules allow it (1 debt), the boss's
     allowance (the bonus only) does not; one useless skill card raises it */
  proto_input in;
  static const int ids[1] = {0};
  mk(&in, RULES_PH_RELEASE, 2, 1, ids);
  in.app_need[0][0] = 2; /* a forged small form to reach the branch */
  in.app_need[0][1] = 0;
  in.cnt[PROTO_HAND][RULES_BONUS] = 1;
  expect(&in, "WAIT");
  in.cnt[PROTO_HAND][RULES_DR] = 1;
  expect(&in, "RELEASE 0");
}

static void test_other_phase_random(void) {
  proto_input in;
  mk(&in, 9, 2, 2, APPS_0_27);
  expect(&in, "RANDOM");
}

/* Every boss answer in refereed games is valid (the referee would accept it). */
static void test_legal_in_games(void) {
  static char buf[16384];
  static reader_t rd;
  static proto_input in;
  long answers = 0, bad = 0, rel = 0, plays = 0;
  for (int s = 0; s < 60; s++) {
    rules_game g;
    rules_rng r;
    rules_rng_exact(&r, (int64_t)(th_seed() % 100000) + s);
    rules_setup(&g, &r);
    while (!g.over) {
      int len = rules_input(&g, buf, sizeof buf);
      TH_ASSERT(len > 0);
      reader_init_str(&rd, buf);
      TH_EQ_INT(proto_read(&rd, &in), 0);
      rules_action a = boss_decide(&in);
      char s1[64], err[200];
      rules_action_str(&a, s1, sizeof s1);
      rules_action v;
      if (rules_parse(&g, s1, &v, err, sizeof err) != 0) {
        bad++;
        fprintf(stderr, "seed %d: %s: %s\n", s, s1, err);
        break;
      }
      answers++;
      rel += v.kind == RULES_A_RELEASE;
      plays += v.kind == RULES_A_PLAY;
      rules_apply(&g, &r, &v);
    }
  }
  TH_EQ_INT(bad, 0);
  TH_ASSERT(answers > 1000);
  TH_ASSERT(rel > 100);
  TH_ASSERT(plays > 100);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_move_first_desk_ahead_with_a_shortfall),
    TH_ENTRY(test_move_ignores_automated_and_wraps),
    TH_ENTRY(test_move_first_turn),
    TH_ENTRY(test_give_throw_bonus_else_random),
    TH_ENTRY(test_play_priority),
    TH_ENTRY(test_play_ci_type),
    TH_ENTRY(test_release_covered_by_bonuses),
    TH_ENTRY(test_release_small_debt),
    TH_ENTRY(test_release_first_listed),
    TH_ENTRY(test_release_running_allowance),
    TH_ENTRY(test_other_phase_random),
    TH_ENTRY(test_legal_in_games),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
