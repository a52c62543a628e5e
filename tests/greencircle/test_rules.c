/*
** test_rules.c -- Green Circle rules against the spec's test vectors
** (TV1..TV17 of the rules write-up, games/greencircle/README.md) and a few
** invariants (card conservation, option/parse agreement, RANDOM legality).
** Vectors that follow one recorded game (TV1-TV5, seed 1) are replayed from
** setup with the recorded commands; the others are built by hand from the
** spec's description of the position.
*/
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "testhelp.h"

/* ---- helpers ----------------------------------------------------------- */

static void set_pile(rules_pile *p, const char *s) {
  p->n = 0;
  if (strcmp(s, "-") == 0) return;
  for (; *s; s++) p->c[p->n++] = (uint8_t)(*s - '0');
}

static const char *pile_str(const rules_pile *p) {
  static char buf[8][RULES_PILE + 2];
  static int k;
  char *b = buf[k++ & 7];
  if (p->n == 0) return strcpy(b, "-");
  for (int i = 0; i < p->n; i++) b[i] = (char)('0' + p->c[i]);
  b[p->n] = 0;
  return b;
}

/* A blank mid-game position: desks full, all 12 given apps, empty piles. */
static void blank(rules_game *g, const int *apps, int napps) {
  memset(g, 0, sizeof *g);
  for (int k = 0; k < 8; k++) g->desk[k] = 5;
  g->bonus = 28;
  g->debt = 92;
  for (int i = 0; i < napps; i++) g->apps[i] = (int8_t)apps[i];
  g->napps = (int8_t)napps;
  g->p[0].loc = g->p[1].loc = -1;
  g->turn = 10;
}

static void act(rules_game *g, rules_rng *r, const char *cmd) {
  rules_action a;
  char err[160];
  int rc = rules_parse(g, cmd, &a, err, sizeof err);
  TH_ASSERT_MSG(rc == 0, "'%s' rejected: %s", cmd, err);
  rules_apply(g, r, &a);
}

static int total_cards(const rules_game *g) {
  int n = g->bonus + g->debt;
  for (int k = 0; k < 8; k++) n += g->desk[k];
  for (int p = 0; p < 2; p++) {
    const rules_player *P = &g->p[p];
    n += P->hand.n + P->draw.n + P->discard.n + P->played.n + P->automated.n + P->permanent.n;
  }
  return n;
}

static const int APPS_SEED1[12] = {0, 2, 5, 8, 11, 12, 13, 14, 18, 21, 23, 26};

/* ---- TV1-TV5: the start of seed1_first_vs_last ------------------------ */

static void test_tv1_setup_seed1(void) {
  rules_rng r;
  rules_game g;
  static rules_log lg;
  rules_rng_exact(&r, 1);
  r.log = &lg;
  rules_setup(&g, &r);
  TH_EQ_INT(g.napps, 12);
  for (int i = 0; i < 12; i++) TH_EQ_INT(g.apps[i], APPS_SEED1[i]);
  TH_EQ_INT(lg.n, 16 + 6 + 7);
  TH_EQ_STR(pile_str(&g.p[0].hand), "8898");
  TH_EQ_STR(pile_str(&g.p[0].draw), "8999");
  TH_EQ_STR(pile_str(&g.p[1].hand), "9889");
  TH_EQ_STR(pile_str(&g.p[1].draw), "8989");
  TH_EQ_INT(g.bonus, 28);
  TH_EQ_INT(g.debt, 92);
  TH_EQ_INT(total_cards(&g), 176);
  TH_EQ_INT(g.phase, RULES_PH_MOVE);
  TH_EQ_INT(g.active, 0);
}

static void test_tv2_to_tv5_seed1_opening(void) {
  rules_rng r;
  rules_game g;
  rules_rng_exact(&r, 1);
  rules_setup(&g, &r);
  act(&g, &r, "MOVE 0");
  TH_EQ_INT(g.desk[0], 4);
  TH_EQ_STR(pile_str(&g.p[0].hand), "88980");
  TH_EQ_INT(g.phase, RULES_PH_PLAY);
  TH_EQ_INT(g.p[0].plays, 1);
  static rules_log lg;
  lg.n = 0;
  r.log = &lg;
  act(&g, &r, "TRAINING");
  /* TV2: reshuffle of 7 with 1,1,2,0,0,0,0 */
  TH_EQ_INT(lg.n, 7);
  static const int sh[7] = {1, 1, 2, 0, 0, 0, 0};
  for (int i = 0; i < 7; i++) {
    TH_EQ_INT(lg.bound[i], 7 - i);
    TH_EQ_INT(lg.val[i], sh[i]);
  }
  TH_EQ_STR(pile_str(&g.p[0].hand), "9809");
  TH_EQ_STR(pile_str(&g.p[0].draw), "89988");
  TH_EQ_STR(pile_str(&g.p[0].discard), "-");
  TH_EQ_INT(g.active, 1);
  /* TV3: forced give on P1's first move (0 and 7 are neighbours) */
  act(&g, &r, "MOVE 7");
  TH_EQ_STR(pile_str(&g.p[0].hand), "98098");
  TH_EQ_STR(pile_str(&g.p[1].hand), "9897");
  TH_EQ_INT(g.desk[7], 4);
  /* TV4: REFACTORING */
  act(&g, &r, "REFACTORING");
  TH_EQ_INT(g.debt, 93);
  TH_EQ_STR(pile_str(&g.p[1].discard), "897");
  TH_EQ_STR(pile_str(&g.p[1].hand), "9898");
  TH_EQ_STR(pile_str(&g.p[1].draw), "-");
  /* TV5: CODING opens a RELEASE phase, all 12 apps listed, cost 4 */
  act(&g, &r, "MOVE 1");
  TH_EQ_STR(pile_str(&g.p[0].hand), "980981");
  act(&g, &r, "TRAINING");
  TH_EQ_STR(pile_str(&g.p[0].hand), "9898188");
  TH_EQ_INT(g.p[0].plays, 1);
  act(&g, &r, "CODING");
  TH_EQ_STR(pile_str(&g.p[0].hand), "9898889");
  TH_EQ_INT(g.phase, RULES_PH_RELEASE);
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(&g, opts, RULES_MAX_OPTS);
  TH_EQ_INT(n, 14);
  TH_EQ_INT(rules_release_cost(&g, 0, 0), 4);
  act(&g, &r, "RELEASE 0");
  TH_EQ_INT(g.p[0].score, 1);
  TH_EQ_INT(g.debt, 89);
  TH_EQ_INT(g.napps, 11);
  TH_EQ_INT(total_cards(&g), 176);
}

/* ---- TV6-TV11: moves, admin desk, disturbance ------------------------- */

static void test_tv6_admin_one_card(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 7;
  g.p[0].ndr = 5;
  set_pile(&g.p[0].permanent, "22222");
  g.p[1].loc = 3;
  set_pile(&g.p[0].hand, "0999");
  set_pile(&g.p[0].draw, "99999");
  g.desk[0] = 3;
  g.desk[3] = 4;
  g.debt = 78;
  act(&g, &r, "MOVE 0 3");
  TH_EQ_INT(g.desk[0], 4);
  TH_EQ_INT(g.debt, 77);
  TH_EQ_INT(g.desk[3], 3);
  /* TP alone is not playable, nothing releasable: the turn ended */
  TH_EQ_INT(g.active, 1);
  /* the gained debt first, then the hand 9993; 4 drawn without a reshuffle */
  TH_EQ_STR(pile_str(&g.p[0].discard), "99993");
  TH_EQ_STR(pile_str(&g.p[0].hand), "9999");
  TH_EQ_STR(pile_str(&g.p[0].draw), "9");
}

static void test_tv7_admin_two_cards(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 7;
  g.p[0].ndr = 1;
  set_pile(&g.p[0].permanent, "2");
  g.p[1].loc = 3;
  set_pile(&g.p[0].hand, "4949");
  g.desk[4] = 2;
  g.desk[7] = 1;
  int debt = g.debt;
  act(&g, &r, "MOVE 0 7");
  TH_EQ_INT(g.desk[4], 4);
  TH_EQ_INT(g.debt, debt);
  TH_EQ_INT(g.desk[7], 0);
  TH_EQ_STR(pile_str(&g.p[0].hand), "997");
}

static void test_tv8_admin_same_type(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 5;
  g.p[1].loc = 6;
  set_pile(&g.p[0].hand, "9888");
  act(&g, &r, "MOVE 2");
  TH_EQ_INT(g.bonus, 30);
  TH_EQ_STR(pile_str(&g.p[0].hand), "982");
  TH_EQ_INT(g.phase, RULES_PH_PLAY);
}

static void test_tv9_admin_throw_then_give(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 7;
  g.p[0].ndr = 1;
  set_pile(&g.p[0].permanent, "2");
  g.p[1].loc = 0;
  set_pile(&g.p[0].hand, "98880");
  act(&g, &r, "MOVE 0 5");
  TH_EQ_INT(g.phase, RULES_PH_THROW);
  TH_EQ_INT(g.p[0].to_throw, 2);
  TH_EQ_INT(g.p[0].loc, 0);
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(&g, o, RULES_MAX_OPTS);
  char s[64];
  TH_EQ_INT(n, 3);
  rules_action_str(&o[0], s, sizeof s);
  TH_EQ_STR(s, "THROW 8");
  rules_action_str(&o[1], s, sizeof s);
  TH_EQ_STR(s, "THROW 0");
  int bonus = g.bonus;
  act(&g, &r, "THROW 8");
  TH_EQ_STR(pile_str(&g.p[0].hand), "9880");
  TH_EQ_INT(g.bonus, bonus + 1);
  TH_EQ_INT(g.phase, RULES_PH_THROW); /* Q10: asked again */
  act(&g, &r, "THROW 8");
  TH_EQ_STR(pile_str(&g.p[0].hand), "980");
  TH_EQ_INT(g.phase, RULES_PH_GIVE);
  TH_EQ_INT(g.desk[5], 5); /* not taken yet */
}

static void test_tv10_disturb_empty_hand(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 4;
  g.p[0].ndr = 3;
  set_pile(&g.p[0].permanent, "222");
  g.p[1].loc = 6;
  set_pile(&g.p[0].hand, "9999");
  set_pile(&g.p[0].discard, "899980889");
  g.debt = 84;
  g.desk[2] = 3;
  act(&g, &r, "MOVE 5 2");
  TH_EQ_INT(g.debt, 82);
  TH_EQ_STR(pile_str(&g.p[0].discard), "89998088999");
  TH_EQ_STR(pile_str(&g.p[0].hand), "99992");
  TH_EQ_INT(g.desk[2], 2);
}

static void test_tv11_give(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 0;
  g.p[0].ndr = 1;
  set_pile(&g.p[0].permanent, "2");
  g.p[1].loc = 2;
  set_pile(&g.p[0].hand, "1889");
  set_pile(&g.p[1].hand, "9898");
  g.desk[2] = 3;
  act(&g, &r, "MOVE 1 2");
  TH_EQ_INT(g.phase, RULES_PH_GIVE);
  TH_ASSERT(g.p[0].must_give);
  act(&g, &r, "GIVE 1");
  TH_EQ_STR(pile_str(&g.p[1].hand), "98981");
  TH_EQ_INT(g.desk[2], 2);
  TH_EQ_STR(pile_str(&g.p[0].hand), "8892");
  TH_ASSERT(!g.p[0].must_give);
}

/* ---- TV12-TV16: card effects ------------------------------------------- */

static void test_tv12_task_prioritization(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.active = 0;
  g.phase = RULES_PH_PLAY;
  g.p[0].plays = 1;
  g.p[0].loc = 3;
  g.p[0].nas = 1;
  set_pile(&g.p[0].permanent, "4");
  set_pile(&g.p[0].hand, "399895");
  set_pile(&g.p[0].discard, "9989");
  set_pile(&g.p[0].draw, "8899999");
  g.desk[0] = 4;
  g.bonus = 17;
  act(&g, &r, "TASK_PRIORITIZATION 8 0");
  TH_EQ_INT(g.desk[0], 3);
  TH_EQ_INT(g.bonus, 18);
  /* one play used: end of turn with AS 1 draws 5 without a reshuffle */
  TH_EQ_INT(g.active, 1);
  TH_EQ_STR(pile_str(&g.p[0].discard), "9989999503");
  TH_EQ_STR(pile_str(&g.p[0].hand), "99999");
  TH_EQ_STR(pile_str(&g.p[0].draw), "88");
}

static void test_tv13_tp_destroys_card(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.phase = RULES_PH_PLAY;
  g.p[0].plays = 1;
  g.p[0].loc = 3;
  set_pile(&g.p[0].hand, "9938986");
  set_pile(&g.p[0].draw, "9999");
  g.desk[0] = 0;
  g.bonus = 0;
  int before = total_cards(&g);
  act(&g, &r, "TASK_PRIORITIZATION 8 0");
  TH_EQ_INT(total_cards(&g), before - 1);
  TH_EQ_STR(pile_str(&g.p[0].discard), "999863");
}

static void test_tv14_ci_bonus(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.phase = RULES_PH_PLAY;
  g.p[0].plays = 1;
  g.p[0].loc = 3;
  set_pile(&g.p[0].hand, "9998959");
  set_pile(&g.p[0].played, "0");
  set_pile(&g.p[0].draw, "9999");
  act(&g, &r, "CONTINUOUS_INTEGRATION 8");
  TH_EQ_STR(pile_str(&g.p[0].automated), "8");
  TH_EQ_STR(pile_str(&g.p[0].discard), "9999905");
}

static void test_tv15_release_with_debt(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  int apps[3] = {5, 8, 20};
  blank(&g, apps, 3);
  g.phase = RULES_PH_RELEASE;
  g.p[0].loc = 3;
  g.p[0].score = 2;
  g.p[0].ndr = 1;
  set_pile(&g.p[0].permanent, "2");
  set_pile(&g.p[0].hand, "88998");
  set_pile(&g.p[0].automated, "8");
  set_pile(&g.p[0].played, "007");
  set_pile(&g.p[0].discard, "899797");
  set_pile(&g.p[0].draw, "6892");
  g.debt = 62;
  TH_EQ_INT(rules_release_cost(&g, 0, 8), 4);
  act(&g, &r, "RELEASE 8");
  TH_EQ_INT(g.p[0].score, 3);
  TH_EQ_INT(g.debt, 58);
  TH_EQ_STR(pile_str(&g.p[0].discard), "8997972999988998007");
  TH_EQ_STR(pile_str(&g.p[0].hand), "2986");
  TH_EQ_INT(g.p[0].ndr, 0);
  TH_EQ_INT(g.napps, 2);
}

static void test_tv16_code_review(void) {
  rules_game g;
  rules_rng r;
  rules_rng_fast(&r, 1);
  blank(&g, APPS_SEED1, 12);
  g.phase = RULES_PH_PLAY;
  g.p[0].plays = 1;
  g.p[0].loc = 3;
  g.bonus = 20;
  set_pile(&g.p[0].hand, "69999");
  set_pile(&g.p[0].discard, "999999999999");
  static rules_log lg;
  r.log = &lg;
  act(&g, &r, "CODE_REVIEW");
  TH_EQ_INT(g.bonus, 18);
  /* 12 + 2 bonus + 4 hand + CR = 19 ... plus nothing: reshuffle of 19 */
  TH_EQ_INT(lg.n, 19);
  TH_EQ_INT(lg.bound[0], 19);
  TH_EQ_INT(g.p[0].hand.n, 4);
}

/* TV17: 4-4 applications and 45-45 debt is a draw; otherwise debt decides. */
static void test_tv17_scoring(void) {
  rules_game g;
  blank(&g, APPS_SEED1, 12);
  g.p[0].score = g.p[1].score = 4;
  char d45[46];
  memset(d45, '9', 45);
  d45[45] = 0;
  set_pile(&g.p[0].discard, d45);
  set_pile(&g.p[1].draw, d45);
  int ranks[2], sc[2];
  rules_result(&g, ranks, sc);
  TH_EQ_INT(sc[0], -45);
  TH_EQ_INT(sc[1], -45);
  TH_EQ_INT(ranks[0], 0);
  TH_EQ_INT(ranks[1], 0);
  g.p[1].draw.n = 44;
  rules_result(&g, ranks, sc);
  TH_EQ_INT(ranks[0], 1);
  TH_EQ_INT(ranks[1], 0);
  g.p[0].score = 5;
  rules_result(&g, ranks, sc);
  TH_EQ_INT(sc[0], 5);
  TH_EQ_INT(ranks[0], 0);
  g.dq[0] = 1;
  rules_result(&g, ranks, sc);
  TH_EQ_INT(ranks[0], 1);
  TH_EQ_INT(sc[1], 1);
}

/* ---- parsing, options and invariants ----------------------------------- */

static void test_parse_quirks(void) {
  rules_game g;
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 3;
  rules_action a;
  char err[160];
  TH_EQ_INT(rules_parse(&g, "MOVE 3", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "MOVE 8", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "WAIT", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, " MOVE 4", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "move 4", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "MOVE 99999999999", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "MOVE 4x", &a, err, sizeof err), -1);
  /* Q6: DR 0, second number is a message */
  TH_EQ_INT(rules_parse(&g, "MOVE 4 6", &a, err, sizeof err), 0);
  TH_EQ_INT(a.x, 4);
  TH_EQ_INT(a.y, 4);
  TH_EQ_INT(rules_parse(&g, "RANDOM hello there", &a, err, sizeof err), 0);
  TH_EQ_INT(a.kind, RULES_A_RANDOM);
  g.p[0].ndr = 1;
  TH_EQ_INT(rules_parse(&g, "MOVE 4 5", &a, err, sizeof err), 0);
  TH_EQ_INT(a.y, 5);
  TH_EQ_INT(rules_parse(&g, "MOVE 0 7", &a, err, sizeof err), 0);
  TH_EQ_INT(a.y, 7);
  TH_EQ_INT(rules_parse(&g, "MOVE 4 7", &a, err, sizeof err), 0); /* too far: plain move */
  TH_EQ_INT(a.y, 4);
  TH_EQ_INT(rules_parse(&g, "MOVE 4 8", &a, err, sizeof err), -1);
  g.phase = RULES_PH_PLAY;
  set_pile(&g.p[0].hand, "3389");
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 3 0", &a, err, sizeof err), 0);
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 8 8", &a, err, sizeof err), 0);
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 8 9", &a, err, sizeof err), -2); /* Q2: valid, crashes */
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 8 10", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 9 0", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "TRAINING", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "CONTINUOUS_INTEGRATION 8", &a, err, sizeof err), -1);
  TH_EQ_INT(rules_parse(&g, "WAIT  done", &a, err, sizeof err), 0);
  TH_EQ_INT(rules_parse(&g, "RELEASE 0", &a, err, sizeof err), -1);
}

static void test_move_options_dr4_duplicates(void) {
  rules_game g;
  blank(&g, APPS_SEED1, 12);
  g.p[0].loc = 2;
  g.p[0].ndr = 4;
  rules_action o[RULES_MAX_OPTS];
  int n = rules_options(&g, o, RULES_MAX_OPTS);
  TH_EQ_INT(n, 7 * 9 + 1);
  char s1[32], s2[32];
  rules_action_str(&o[0], s1, sizeof s1);
  rules_action_str(&o[8], s2, sizeof s2);
  TH_EQ_STR(s1, "MOVE 3 7");
  TH_EQ_STR(s2, "MOVE 3 7"); /* Q5 */
  g.p[0].loc = -1;
  g.p[0].ndr = 0;
  n = rules_options(&g, o, RULES_MAX_OPTS);
  TH_EQ_INT(n, 9);
  TH_EQ_INT(o[7].x, 7);
}

/* Random games under RANDOM and under random listed options: every listed
   option parses, cards are conserved (Q1 aside), and games end. */
static void test_random_games_invariants(void) {
  rules_rng r, pick;
  rules_rng_fast(&pick, th_seed());
  for (int game = 0; game < 60; game++) {
    rules_game g;
    rules_rng_exact(&r, (int64_t)(th_seed() + (uint64_t)game * 7919u));
    rules_setup(&g, &r);
    int steps = 0;
    while (!g.over) {
      rules_action o[RULES_MAX_OPTS];
      int n = rules_options(&g, o, RULES_MAX_OPTS);
      TH_ASSERT(n >= 2);
      int k = rules_rng_int(&pick, n);
      char s[64], err[160];
      rules_action a;
      rules_action_str(&o[k], s, sizeof s);
      TH_ASSERT_MSG(rules_parse(&g, s, &a, err, sizeof err) == 0, "listed option '%s' rejected: %s", s, err);
      rules_apply(&g, &r, &a);
      int tc = total_cards(&g);
      TH_ASSERT_MSG(tc <= 176 && tc >= 170, "card count %d", tc);
      TH_ASSERT(++steps <= 200);
    }
    TH_ASSERT(g.turn <= 200);
  }
}


/* ---- disqualification turns (the official referee's setNextPhase) ----- */

/* The game after a disqualification: over, player p lost, one turn for the
   answer and one for the end. */
static void dq_common(const rules_game *g, int p, int turn0) {
  TH_ASSERT(g->over);
  TH_EQ_INT(g->dq[p], 1);
  TH_EQ_INT(g->dq[1 - p], 0);
  TH_EQ_INT(g->turn, turn0 + 2);
  int ranks[2], sc[2];
  rules_result(g, ranks, sc);
  TH_EQ_INT(sc[p], 0);
  TH_EQ_INT(sc[1 - p], 1);
}

/* A blank game (seed 1, 12 applications, turn 10) at phase, player 0 holding
   hand with draw pile draw (NULL: left empty). */
static void dq_setup(rules_game *g, int phase, const char *hand, const char *draw) {
  blank(g, APPS_SEED1, 12);
  g->phase = (int8_t)phase;
  if (hand) set_pile(&g->p[0].hand, hand);
  if (draw) set_pile(&g->p[0].draw, draw);
}

/* Disqualifies player p (its answer a, NULL if none) with the generator
   seeded 5 (its draws logged in lg unless NULL), then checks dq_common. */
static void dq_run(rules_game *g, int p, const rules_action *a, rules_log *lg) {
  rules_rng r;
  rules_rng_exact(&r, 5);
  if (lg) {
    lg->n = 0;
    r.log = lg;
  }
  rules_disqualify(g, &r, p, a);
  dq_common(g, p, 10);
}

static void test_dq_move_goes_to_play(void) {
  rules_game g;
  static rules_log lg;
  dq_setup(&g, RULES_PH_MOVE, "0899", "1111");
  dq_run(&g, 0, NULL, &lg);
  /* no move was made; TRAINING in hand: PLAY_CARD with one play */
  TH_EQ_INT(g.p[0].loc, -1);
  TH_EQ_INT(g.active, 0);
  TH_EQ_INT(g.phase, RULES_PH_PLAY);
  TH_EQ_INT(g.p[0].plays, 1);
  TH_EQ_STR(pile_str(&g.p[0].hand), "0899");
  TH_EQ_INT(lg.n, 0);
}

static void test_dq_move_goes_to_release(void) {
  rules_game g;
  dq_setup(&g, RULES_PH_MOVE, "88888888", NULL); /* nothing to play, app 0 for free */
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.active, 0);
  TH_EQ_INT(g.phase, RULES_PH_RELEASE);
  TH_EQ_INT(g.p[0].plays, 0);
}

static void test_dq_move_ends_turn_with_reshuffle(void) {
  rules_game g;
  static rules_log lg;
  dq_setup(&g, RULES_PH_MOVE, NULL, NULL);
  g.active = 1;
  set_pile(&g.p[1].hand, "99");
  set_pile(&g.p[1].discard, "8899");
  int total = total_cards(&g);
  dq_run(&g, 1, NULL, &lg);
  /* nothing to play or release: the turn ends; hand to discard (6 cards),
     the draw pile is empty so the discard is reshuffled: six draws on the
     generator with bounds 6..1, then four cards drawn */
  TH_EQ_INT(g.active, 0);
  TH_EQ_INT(g.phase, RULES_PH_MOVE);
  TH_EQ_INT(lg.n, 6);
  for (int i = 0; i < 6; i++) TH_EQ_INT(lg.bound[i], 6 - i);
  TH_EQ_INT(g.p[1].hand.n, 4);
  TH_EQ_INT(g.p[1].draw.n, 2);
  TH_EQ_INT(g.p[1].discard.n, 0);
  TH_EQ_INT(total_cards(&g), total);
}

static void test_dq_give_and_throw_stay(void) {
  rules_game g;
  dq_setup(&g, RULES_PH_THROW, "0123", NULL);
  g.p[0].loc = 2;
  g.p[0].to_throw = 2;
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.phase, RULES_PH_THROW);
  TH_EQ_INT(g.p[0].to_throw, 2);
  dq_setup(&g, RULES_PH_GIVE, "0123", NULL);
  g.p[0].must_give = 1;
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.phase, RULES_PH_GIVE);
  TH_EQ_STR(pile_str(&g.p[0].hand), "0123");
}

static void test_dq_play_uses_a_play(void) {
  rules_game g;
  /* two plays left (after CODING), TRAINING in hand: one play left */
  dq_setup(&g, RULES_PH_PLAY, "0999", NULL);
  g.p[0].plays = 2;
  set_pile(&g.p[0].played, "1");
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.phase, RULES_PH_PLAY);
  TH_EQ_INT(g.p[0].plays, 1);
  TH_EQ_STR(pile_str(&g.p[0].hand), "0999");
  /* the last play: on to RELEASE when something is releasable */
  dq_setup(&g, RULES_PH_PLAY, "088888888", NULL);
  g.p[0].plays = 1;
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.phase, RULES_PH_RELEASE);
  TH_EQ_INT(g.p[0].plays, 0);
  TH_EQ_INT(g.active, 0);
  /* the last play, nothing releasable: the turn ends (played to discard) */
  dq_setup(&g, RULES_PH_PLAY, "0", "22334455");
  g.p[0].plays = 1;
  set_pile(&g.p[0].played, "1");
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.active, 1);
  TH_EQ_INT(g.phase, RULES_PH_MOVE);
  TH_EQ_STR(pile_str(&g.p[0].discard), "01");
  TH_EQ_STR(pile_str(&g.p[0].hand), "5544");
  TH_EQ_STR(pile_str(&g.p[0].played), "-");
}

static void test_dq_release_ends_turn(void) {
  rules_game g;
  dq_setup(&g, RULES_PH_RELEASE, "00118", "6677");
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.p[0].score, -1);
  TH_EQ_INT(g.napps, 12);
  TH_EQ_INT(g.active, 1);
  TH_EQ_STR(pile_str(&g.p[0].discard), "00118");
  TH_EQ_STR(pile_str(&g.p[0].hand), "7766");
}

/* Deactivation sets the score to -1 before the phase is chosen, so a player
   at four releases whose hand covers an application only with shoddy skills
   (app 0: 4 TRAINING + 4 CODING; four TRAINING cards) goes on to RELEASE:
   the clean-fifth rule reads the -1 (official trace: seed 123456789). */
static void test_dq_score_minus_one_reopens_shoddy_release(void) {
  rules_game g;
  dq_setup(&g, RULES_PH_PLAY, "0000", NULL);
  g.p[0].plays = 1;
  g.p[0].score = 4;
  TH_EQ_INT(rules_release_cost(&g, 0, 0), -1);
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.p[0].score, -1);
  TH_EQ_INT(g.active, 0);
  TH_EQ_INT(g.phase, RULES_PH_RELEASE);
  /* the same hand at three releases goes there too (-1 changes nothing) */
  dq_setup(&g, RULES_PH_PLAY, "0000", NULL);
  g.p[0].plays = 1;
  g.p[0].score = 3;
  TH_EQ_INT(rules_release_cost(&g, 0, 0), 4);
  dq_run(&g, 0, NULL, NULL);
  TH_EQ_INT(g.phase, RULES_PH_RELEASE);
}

static void test_dq_tp_crash_q2(void) {
  rules_game g;
  dq_setup(&g, RULES_PH_PLAY, "18399", "2222");
  g.p[0].plays = 1;
  int total = total_cards(&g);
  rules_action a;
  char err[160];
  TH_EQ_INT(rules_parse(&g, "TASK_PRIORITIZATION 8 9", &a, err, sizeof err), -2);
  dq_run(&g, 0, &a, NULL);
  /* TP played, the BONUS thrown and destroyed (no desk 9: nothing taken,
     nothing returned), then the play is used up and the turn ends */
  TH_EQ_INT(total_cards(&g), total - 1);
  TH_EQ_INT(g.bonus, 28);
  TH_EQ_INT(g.active, 1);
  TH_EQ_STR(pile_str(&g.p[0].discard), "1993");
  TH_EQ_STR(pile_str(&g.p[0].hand), "2222");
}

static const th_test TESTS[] = {
    TH_ENTRY(test_tv1_setup_seed1),        TH_ENTRY(test_tv2_to_tv5_seed1_opening),
    TH_ENTRY(test_tv6_admin_one_card),     TH_ENTRY(test_tv7_admin_two_cards),
    TH_ENTRY(test_tv8_admin_same_type),    TH_ENTRY(test_tv9_admin_throw_then_give),
    TH_ENTRY(test_tv10_disturb_empty_hand), TH_ENTRY(test_tv11_give),
    TH_ENTRY(test_tv12_task_prioritization), TH_ENTRY(test_tv13_tp_destroys_card),
    TH_ENTRY(test_tv14_ci_bonus),          TH_ENTRY(test_tv15_release_with_debt),
    TH_ENTRY(test_tv16_code_review),       TH_ENTRY(test_tv17_scoring),
    TH_ENTRY(test_parse_quirks),           TH_ENTRY(test_move_options_dr4_duplicates),
    TH_ENTRY(test_random_games_invariants),
    TH_ENTRY(test_dq_move_goes_to_play),   TH_ENTRY(test_dq_move_goes_to_release),
    TH_ENTRY(test_dq_move_ends_turn_with_reshuffle), TH_ENTRY(test_dq_give_and_throw_stay),
    TH_ENTRY(test_dq_play_uses_a_play),    TH_ENTRY(test_dq_release_ends_turn),
    TH_ENTRY(test_dq_tp_crash_q2),         TH_ENTRY(test_dq_score_minus_one_reopens_shoddy_release),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
