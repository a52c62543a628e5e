/*
** test_tune.c -- tune_apply: settings onto a table, bad names and values,
** skipped prefixes, separators, an absent string.
*/
#include "testhelp.h"
#include "tune.h"

static double a, b;
static const tune_var TAB[] = {{"A", &a}, {"B_W", &b}};

static void test_sets_named_variables(void) {
  a = 1.0, b = 2.0;
  TH_EQ_INT(tune_apply("t", "A=2.5 B_W=-0.25", TAB, 2, NULL, 1), 0);
  TH_NEAR(a, 2.5, 1e-12);
  TH_NEAR(b, -0.25, 1e-12);
  TH_EQ_INT(tune_apply("t", " ,A=3e1,, B_W=7 ", TAB, 2, NULL, 1), 0);
  TH_NEAR(a, 30.0, 1e-12);
  TH_NEAR(b, 7.0, 1e-12);
}

static void test_bad_settings_change_nothing(void) {
  a = 1.0, b = 2.0;
  /* unknown name, a prefix of a name, no value, not a number, a number with
     a tail, no '=' */
  TH_EQ_INT(tune_apply("t", "C=1 B=3 A= A=x A=1.5x B_W", TAB, 2, NULL, 1), 6);
  TH_NEAR(a, 1.0, 0.0);
  TH_NEAR(b, 2.0, 0.0);
  TH_EQ_INT(tune_apply("t", NULL, TAB, 2, NULL, 1), 0);
  TH_EQ_INT(tune_apply("t", "", TAB, 2, NULL, 1), 0);
}

static void test_skipped_prefixes(void) {
  a = 1.0;
  TH_EQ_INT(tune_apply("t", "S_X=1 R_Y=2 Q_Z=3 A=4", TAB, 2, "S_ R_", 1), 1);
  TH_NEAR(a, 4.0, 0.0);
}

static const th_test TESTS[] = {TH_ENTRY(test_sets_named_variables), TH_ENTRY(test_bad_settings_change_nothing),
                                TH_ENTRY(test_skipped_prefixes)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
