/*
** test_rules.c -- the engine vectors of the rules write-up
** (games/gameofdrones/README.md; all 16 engine vectors and the framework-level ones that the C
** rules can express) against games/gameofdrones/rules.c.
**
** A player is a script of actions; the last entry repeats. Shorthands P, S,
** SA build "all producers", "all soldiers", "all soldiers + attack" from the
** producers held at the start of the turn, as the spec's notation does.
*/
#include "testhelp.h"
#include "rules.h"

enum { K_P, K_S, K_SA, K_RAW };
typedef struct step { int kind; rules_action raw; } step;

static rules_action mk(const step *s, const rules_side *me) {
  switch (s->kind) {
  case K_P: return rules_act(me->producers, 0, 0);
  case K_S: return rules_act(0, me->producers, 0);
  case K_SA: return rules_act(0, me->producers, 1);
  default: return s->raw;
  }
}

static const step P_ = {K_P, {0, 0, 0}}, S_ = {K_S, {0, 0, 0}}, SA_ = {K_SA, {0, 0, 0}};
static step RAW(rules_action a) { step s = {K_RAW, a}; return s; }
static double NaN(void) { return __builtin_nan(""); }

/* Plays one round of the two scripts; returns the round. */
static rules_round play(int turns, const step *a, int na, const step *b, int nb) {
  rules_round r;
  rules_round_start(&r, turns);
  for (int t = 0; !r.over; t++) {
    rules_action x = mk(&a[t < na ? t : na - 1], &r.side[0]);
    rules_action y = mk(&b[t < nb ? t : nb - 1], &r.side[1]);
    rules_round_step(&r, &x, &y);
  }
  return r;
}

#define SIDE(r, i, p, s) do { TH_NEAR((r).side[i].producers, p, 0); TH_NEAR((r).side[i].soldiers, s, 0); } while (0)

static void test_v01_zerg_vs_producer(void) {
  step a[] = {S_, SA_}, b[] = {P_};
  rules_round r = play(10, a, 2, b, 1);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 2); TH_EQ_INT(r.flag[0], RULES_FLAG_TRUE);
  SIDE(r, 0, 1, 2); SIDE(r, 1, 4, 0);
}
static void test_v02_attack_2_vs_1_plus_bonus(void) {
  step a[] = {S_, SA_}, b[] = {S_, P_};
  rules_round r = play(10, a, 2, b, 2);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 2); SIDE(r, 1, 2, 1);
}
static void test_v03_attack_2_vs_2(void) {
  step a[] = {S_, SA_}, b[] = {P_, S_};
  rules_round r = play(10, a, 2, b, 2);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 2); SIDE(r, 1, 2, 2);
}
static void test_v04_field_draw(void) {
  step a[] = {S_, SA_};
  rules_round r = play(10, a, 2, a, 2);
  TH_EQ_INT(r.outcome, 0); TH_EQ_INT(r.turn, 2);
}
static void test_v05_field_0_vs_1(void) {
  step a[] = {RAW(rules_act(NaN(), NaN(), 1))}, b[] = {SA_};
  rules_round r = play(10, a, 1, b, 1);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 1); SIDE(r, 0, 1, 0); SIDE(r, 1, 1, 1);
}
static void test_v06_auto_clash_ignores_producers(void) {
  step a[] = {P_, P_, P_, P_, P_, P_, P_, P_, P_, S_}, b[] = {P_, P_, P_, P_, P_, P_, P_, P_, S_, S_};
  rules_round r = play(10, a, 10, b, 10);
  TH_EQ_INT(r.outcome, 0); TH_EQ_INT(r.turn, 10); SIDE(r, 0, 512, 512); SIDE(r, 1, 256, 512);
}
static void test_v07_last_turn_attack_loses(void) {
  step a[] = {P_, P_, P_, P_, P_, P_, P_, P_, P_, SA_}, b[] = {P_, P_, P_, P_, P_, P_, P_, P_, S_, S_};
  rules_round r = play(10, a, 10, b, 10);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 10);
}
static void test_v08_clamping(void) {
  step a[] = {RAW(rules_act(5, 5, 0)), RAW(rules_act(1, 5, 0))}, b[] = {RAW(rules_act(NaN(), NaN(), 0))};
  rules_round r = play(10, a, 2, b, 1);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 10); SIDE(r, 0, 11, 35); SIDE(r, 1, 1, 0);
}
static void test_v09_fractions_kept(void) {
  step a[] = {RAW(rules_act(0.5, 0.5, 0)), RAW(rules_act(NaN(), 1.5, 0))}, b[] = {RAW(rules_act(NaN(), NaN(), 0))};
  rules_round r = play(10, a, 2, b, 1);
  TH_EQ_INT(r.outcome, 1); SIDE(r, 0, 1.5, 14);
}
static void test_v10_negative_nan_null_strings(void) {
  /* {np:-3,ns:NaN}, null, {np:'abc'} (NaN) vs {launchAttack:'yes'} (not == true) */
  step a[] = {RAW(rules_act(-3, NaN(), 0)), RAW(rules_act_none(RULES_FLAG_NULLISH)), RAW(rules_act(NaN(), NaN(), 0))};
  step b[] = {RAW(rules_act(NaN(), NaN(), 0))};
  rules_round r = play(10, a, 3, b, 1);
  TH_EQ_INT(r.outcome, 0); TH_EQ_INT(r.turn, 10); SIDE(r, 0, 1, 0); SIDE(r, 1, 1, 0);
}
static void test_v11_attack_flag_1(void) {
  step a[] = {S_, RAW((rules_action){NaN(), 1, rules_flag_of_number(1)})}, b[] = {P_};
  rules_round r = play(10, a, 2, b, 1);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 2);
}
static void test_v12_attack_flag_2_is_no_attack(void) {
  step a[] = {S_, RAW((rules_action){NaN(), 1, rules_flag_of_number(2)})}, b[] = {P_};
  rules_round r = play(10, a, 2, b, 1);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 10); SIDE(r, 0, 1, 10); SIDE(r, 1, 1024, 0);
}
static void test_v13_attack_3_vs_2_plus_bonus(void) {
  step a[] = {S_, S_, RAW(rules_act(NaN(), 1, 1))}, b[] = {P_, RAW(rules_act(NaN(), 1, 0))};
  rules_round r = play(10, a, 3, b, 2);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 3);
}
static void test_v14_attack_4_beats_2_plus_bonus(void) {
  step a[] = {P_, S_, SA_}, b[] = {P_, RAW(rules_act(NaN(), 1, 0))};
  rules_round r = play(10, a, 3, b, 2);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 3); SIDE(r, 0, 2, 4); SIDE(r, 1, 2, 2);
}
static void test_v15_three_turns(void) {
  step a[] = {P_}, b[] = {P_, P_, S_};
  rules_round r = play(3, a, 1, b, 3);
  TH_EQ_INT(r.outcome, -1); TH_EQ_INT(r.turn, 3); SIDE(r, 1, 4, 4); SIDE(r, 0, 8, 0);
}
static void test_v16_configured_bonus_ignored(void) {
  /* The configured defenderBonus 5 is only reported; the engine uses 1. */
  TH_NEAR(RULES_BONUS, 1.0, 0);
  step a[] = {P_, S_, SA_}, b[] = {P_, RAW(rules_act(NaN(), 1, 0))};
  rules_round r = play(10, a, 3, b, 2);
  TH_EQ_INT(r.outcome, 1);
}
/* Framework-level vectors. */
static void test_fw_spy_vs_no_playturn(void) {
  step a[] = {RAW(rules_act(1, NaN(), 0))}, b[] = {RAW(rules_act_none(RULES_FLAG_NULLISH))};
  rules_round r = play(2, a, 1, b, 1);
  TH_EQ_INT(r.outcome, 1); TH_EQ_INT(r.turn, 2); SIDE(r, 0, 3, 0); SIDE(r, 1, 1, 0);
}
static void test_fw_quirk_p2_undefined(void) {
  step a[] = {P_}, b[] = {RAW(rules_act_none(RULES_FLAG_NULLISH))};
  rules_round r = play(10, a, 1, b, 1);
  TH_EQ_INT(r.outcome, 1);
  /* seat dependence: swapped, the all-producer bot is player 2, counts as the
     attacker and needs 0 > 0 + 1: the bot that returned nothing wins */
  rules_round q = play(10, b, 1, a, 1);
  TH_EQ_INT(q.outcome, 1);
}
static void test_fw_quirk_null_last_turn(void) {
  step a[] = {S_, S_, S_, S_, S_, S_, S_, S_, S_, RAW(rules_act_none(RULES_FLAG_NULLISH))};
  step b[] = {RAW(rules_act(NaN(), 1, 0))};
  rules_round r = play(10, a, 10, b, 1);
  TH_EQ_INT(r.outcome, 1); SIDE(r, 0, 1, 9); SIDE(r, 1, 1, 10);
  a[9] = RAW(rules_act_none(RULES_FLAG_FALSE)); /* returning 0 */
  r = play(10, a, 10, b, 1);
  TH_EQ_INT(r.outcome, -1);
}
static void test_fw_both_undefined_draw(void) {
  step a[] = {RAW(rules_act_none(RULES_FLAG_NULLISH))};
  rules_round r = play(10, a, 1, a, 1);
  TH_EQ_INT(r.outcome, 0); TH_EQ_INT(r.turn, 10);
}
static void test_fw_real_attack_with_missing_opponent(void) {
  /* A real attack is attributed correctly when the other action is missing. */
  step a[] = {RAW(rules_act_none(RULES_FLAG_NULLISH))}, b[] = {S_, SA_};
  rules_round r = play(10, a, 1, b, 2);
  TH_EQ_INT(r.turn, 2); TH_EQ_INT(r.outcome, -1);
  step c[] = {RAW(rules_act_none(RULES_FLAG_NULLISH))}, d[] = {SA_}; /* 1 vs 0+1: defender wins */
  r = play(10, d, 1, c, 1);
  TH_EQ_INT(r.turn, 1); TH_EQ_INT(r.outcome, -1);
}
static void test_fw_match_scoring(void) {
  rules_match m;
  rules_match_start(&m, 2);
  step a[] = {P_};
  for (int i = 0; i < 2; i++) rules_match_add(&m, play(10, a, 1, a, 1).outcome);
  TH_EQ_INT(m.draws, 2); TH_EQ_INT(m.wins[0], 0); TH_EQ_INT(rules_match_result(&m), 0);
  rules_match_add(&m, -1);
  TH_EQ_INT(rules_match_result(&m), -1);
  rules_match_add(&m, 1); rules_match_add(&m, 1);
  TH_EQ_INT(rules_match_result(&m), 1); TH_EQ_INT(m.played, 5);
}
static void test_turns_below_one_play_one_turn(void) {
  step a[] = {S_}, b[] = {P_};
  rules_round r = play(0, a, 1, b, 1);
  TH_EQ_INT(r.turn, 1); TH_EQ_INT(r.outcome, 1);
}

static const th_test TESTS[] = {
  TH_ENTRY(test_v01_zerg_vs_producer), TH_ENTRY(test_v02_attack_2_vs_1_plus_bonus),
  TH_ENTRY(test_v03_attack_2_vs_2), TH_ENTRY(test_v04_field_draw), TH_ENTRY(test_v05_field_0_vs_1),
  TH_ENTRY(test_v06_auto_clash_ignores_producers), TH_ENTRY(test_v07_last_turn_attack_loses),
  TH_ENTRY(test_v08_clamping), TH_ENTRY(test_v09_fractions_kept),
  TH_ENTRY(test_v10_negative_nan_null_strings), TH_ENTRY(test_v11_attack_flag_1),
  TH_ENTRY(test_v12_attack_flag_2_is_no_attack), TH_ENTRY(test_v13_attack_3_vs_2_plus_bonus),
  TH_ENTRY(test_v14_attack_4_beats_2_plus_bonus), TH_ENTRY(test_v15_three_turns),
  TH_ENTRY(test_v16_configured_bonus_ignored), TH_ENTRY(test_fw_spy_vs_no_playturn),
  TH_ENTRY(test_fw_quirk_p2_undefined), TH_ENTRY(test_fw_quirk_null_last_turn),
  TH_ENTRY(test_fw_both_undefined_draw), TH_ENTRY(test_fw_real_attack_with_missing_opponent),
  TH_ENTRY(test_fw_match_scoring), TH_ENTRY(test_turns_below_one_play_one_turn),
};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
