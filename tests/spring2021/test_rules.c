/*
** test_rules.c -- Spring Challenge 2021 rules against every test vector of
** the rules write-up (games/spring2021/README.md): TV2..TV11 (TV1 is in
** tests/modules/test_javarand.c) and its edge cases; the fast paths of
** random playouts (menus, rules_apply, the harvest) against reference
** computations over many random games.
*/
#include <string.h>

#include "javarand.h"
#include "rng.h"
#include "rules.h"
#include "testhelp.h"

static void setup(rules_board *b, rules_state *s) {
  rules_board_default(b, 3);
  rules_state_empty(s);
}

static uint64_t mask_of(const int *cells, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; i++) m |= 1ULL << cells[i];
  return m;
}

static uint64_t holes_of(const rules_board *b) { return RULES_ALL & ~b->usable; }

/* TV2: holes and starting trees for six seeds. */
static void test_tv2_mapgen(void) {
  static const struct {
    int64_t seed;
    int holes[10], nh;
    int p0[2], p1[2];
  } tv[] = {
    {7308340236785320085LL, {0}, 0, {19, 22}, {28, 31}},
    {0, {0}, 0, {35, 21}, {26, 30}},
    {1, {1, 4, 24, 33}, 4, {26, 21}, {35, 30}},
    {2021, {11, 17}, 2, {31, 27}, {22, 36}},
    {42, {8, 11, 14, 17, 20, 29}, 6, {24, 21}, {33, 30}},
    {-5, {0, 9, 15, 19, 20, 24, 28, 29, 33}, 9, {22, 36}, {31, 27}},
  };
  for (int i = 0; i < (int)(sizeof tv / sizeof tv[0]); i++) {
    rules_board b;
    rules_state s;
    javarand_t r;
    javarand_seed(&r, tv[i].seed);
    rules_generate(&b, &s, &r, 3);
    TH_EQ_U64(holes_of(&b), mask_of(tv[i].holes, tv[i].nh));
    TH_EQ_U64(s.own[0], mask_of(tv[i].p0, 2));
    TH_EQ_U64(s.own[1], mask_of(tv[i].p1, 2));
    TH_EQ_U64(s.size[1], s.own[0] | s.own[1]);
    TH_EQ_U64(s.dormant, 0);
  }
}

/* TV3: the first shuffled action lists of seed 7308340236785320085. */
static void test_tv3_first_lists(void) {
  rules_board b;
  rules_state s;
  javarand_t r;
  javarand_seed(&r, 7308340236785320085LL);
  rules_generate(&b, &s, &r, 3);
  rules_gather(&b, &s);
  TH_EQ_INT(s.sun[0], 2);
  TH_EQ_INT(s.sun[1], 2);
  int acts[RULES_MAX_ACTIONS];
  char txt[32];
  static const char *const want0[] = {"WAIT", "SEED 22 9", "SEED 22 21", "SEED 19 20",
                                      "SEED 19 7", "SEED 22 23", "SEED 19 36"};
  static const char *const want1[] = {"WAIT", "SEED 28 27", "SEED 31 32", "SEED 31 30",
                                      "SEED 28 29", "SEED 31 15", "SEED 28 13"};
  int n = rules_possible(&b, &s, 0, &r, acts);
  TH_EQ_INT(n, 7);
  for (int i = 0; i < n; i++) {
    rules_format(acts[i], txt, sizeof txt);
    TH_EQ_STR(txt, want0[i]);
  }
  n = rules_possible(&b, &s, 1, &r, acts);
  TH_EQ_INT(n, 7);
  for (int i = 0; i < n; i++) {
    rules_format(acts[i], txt, sizeof txt);
    TH_EQ_STR(txt, want1[i]);
  }
}

/* TV4: shadows and harvest on the hole-free board. */
static void test_tv4_shadows(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  rules_put(&s, 0, 3, 0, 0);
  rules_put(&s, 1, 2, 1, 0);
  rules_put(&s, 2, 1, 1, 0);
  rules_put(&s, 7, 2, 0, 0);
  rules_put(&s, 8, 1, 1, 0);
  rules_put(&s, 19, 1, 0, 0);
  rules_put(&s, 20, 3, 1, 0);
  uint64_t sh[4];
  rules_shadows(&s, 0, sh);
  /* {1:3, 7:3, 8:1, 19:3, 20:1} */
  TH_EQ_U64(sh[3], (1ULL << 1) | (1ULL << 7) | (1ULL << 19));
  TH_EQ_U64(sh[1], (1ULL << 1) | (1ULL << 7) | (1ULL << 19) | (1ULL << 8) | (1ULL << 20));
  TH_EQ_U64(sh[2], sh[3]);
  s.day = 6;
  s.sun_dir = 0;
  rules_state t = s;
  rules_gather(&b, &t);
  TH_EQ_INT(t.sun[0], 3);
  TH_EQ_INT(t.sun[1], 4);
  s.day = 9;
  s.sun_dir = 3;
  t = s;
  rules_gather(&b, &t);
  TH_EQ_INT(t.sun[0], 6);
  TH_EQ_INT(t.sun[1], 3);
  rules_shadows(&s, 3, sh);
  int want3[] = {2, 3, 4, 8, 13, 28};
  TH_EQ_U64(sh[3], mask_of(want3, 6));
  int want1[] = {0, 1, 2, 3, 4, 7, 8, 13, 28};
  TH_EQ_U64(sh[1], mask_of(want1, 9));
}

static int act_of(const rules_board *b, const char *line) {
  int a = -1;
  TH_ASSERT(rules_parse(b, line, &a) == 0);
  return a;
}

/* TV5: costs over four frames. */
static void test_tv5_costs(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  s.day = 3;
  s.sun[0] = s.sun[1] = 20;
  rules_put(&s, 0, 0, 0, 0);
  rules_put(&s, 1, 0, 0, 0);
  rules_put(&s, 2, 1, 0, 0);
  rules_put(&s, 3, 2, 0, 0);
  rules_put(&s, 4, 2, 0, 0);
  rules_put(&s, 5, 3, 0, 0);
  rules_put(&s, 25, 1, 1, 0);
  int a[2] = {act_of(&b, "GROW 2"), act_of(&b, "SEED 25 26")};
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.sun[0], 15);
  TH_EQ_INT(s.sun[1], 20);
  TH_EQ_INT(rules_size_at(&s, 2), 2);
  TH_ASSERT((s.dormant >> 2) & 1);
  TH_EQ_INT(rules_owner_at(&s, 26), 1);
  TH_EQ_INT(rules_size_at(&s, 26), 0);
  TH_ASSERT((s.dormant >> 26) & 1);
  TH_ASSERT((s.dormant >> 25) & 1);
  a[0] = act_of(&b, "GROW 0");
  a[1] = act_of(&b, "SEED 26 27");
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.sun[0], 14);
  TH_EQ_INT(s.sun[1], 20);
  TH_EQ_INT(s.waiting[1], 1);
  TH_EQ_INT(s.waiting[0], 0);
  a[0] = act_of(&b, "SEED 3 9");
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.sun[0], 13);
  TH_EQ_INT(rules_owner_at(&s, 9), 0);
  TH_EQ_INT(rules_size_at(&s, 9), 0);
  a[0] = act_of(&b, "COMPLETE 5");
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.sun[0], 9);
  TH_EQ_INT(s.score[0], 24);
  TH_EQ_INT(s.nutrients, 19);
  TH_EQ_INT(rules_owner_at(&s, 5), -1);
}

/* TV6: seed collision refunds both and plants nothing. */
static void test_tv6_collision(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  s.day = 2;
  s.sun[0] = s.sun[1] = 5;
  rules_put(&s, 7, 2, 0, 0);
  rules_put(&s, 9, 2, 1, 0);
  rules_put(&s, 20, 1, 0, 0);
  rules_put(&s, 21, 0, 0, 0);
  int a[2] = {act_of(&b, "SEED 7 8"), act_of(&b, "SEED 9 8")};
  rules_resolve(&b, &s, a);
  TH_EQ_INT(rules_owner_at(&s, 8), -1);
  TH_EQ_INT(s.sun[0], 5);
  TH_EQ_INT(s.sun[1], 5);
  TH_ASSERT((s.dormant >> 7) & 1);
  TH_ASSERT((s.dormant >> 9) & 1);
  a[0] = act_of(&b, "SEED 20 8");
  a[1] = act_of(&b, "WAIT");
  rules_resolve(&b, &s, a);
  TH_EQ_INT(rules_owner_at(&s, 8), 0);
  TH_EQ_INT(s.sun[0], 4);
  TH_EQ_INT(s.waiting[1], 1);
}

/* TV7: simultaneous completes, nutrients floored at 0. */
static void test_tv7_double_complete(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  s.day = 20;
  s.nutrients = 1;
  s.sun[0] = 10;
  s.sun[1] = 9;
  rules_put(&s, 0, 3, 0, 0);
  rules_put(&s, 19, 3, 1, 0);
  rules_put(&s, 7, 3, 0, 0);
  rules_put(&s, 8, 3, 1, 0);
  int a[2] = {act_of(&b, "COMPLETE 0"), act_of(&b, "COMPLETE 19")};
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.score[0], 5);
  TH_EQ_INT(s.score[1], 1);
  TH_EQ_INT(s.nutrients, 0);
  TH_EQ_INT(s.sun[0], 6);
  TH_EQ_INT(s.sun[1], 5);
  a[0] = act_of(&b, "COMPLETE 7");
  a[1] = act_of(&b, "COMPLETE 8");
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.score[0], 7);
  TH_EQ_INT(s.score[1], 3);
  TH_EQ_INT(s.nutrients, 0);
  TH_EQ_INT(s.sun[0], 2);
  TH_EQ_INT(s.sun[1], 1);
}

/* TV8: invalid but well-formed actions put the player to sleep for free. */
static void test_tv8_invalid(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  s.day = 5;
  s.sun[0] = 10;
  s.sun[1] = 3;
  rules_put(&s, 1, 1, 0, 0);
  rules_put(&s, 2, 2, 0, 1);
  rules_put(&s, 3, 1, 1, 0);
  rules_put(&s, 4, 3, 1, 0);
  rules_state before = s;
  int a[2] = {act_of(&b, "GROW 2"), act_of(&b, "COMPLETE 4")};
  rules_resolve(&b, &s, a);
  TH_EQ_INT(s.sun[0], 10);
  TH_EQ_INT(s.sun[1], 3);
  TH_EQ_INT(s.waiting[0], 1);
  TH_EQ_INT(s.waiting[1], 1);
  TH_ASSERT(memcmp(s.size, before.size, sizeof s.size) == 0);
  /* out-of-board index: well formed, so a sleep and not a disqualification */
  rules_state t = before;
  a[0] = act_of(&b, "GROW 99");
  a[1] = RULES_WAIT;
  rules_resolve(&b, &t, a);
  TH_EQ_INT(t.waiting[0], 1);
  TH_EQ_INT(t.active[0], 1);
}

/* TV9: final scoring with the tree-count tiebreak. */
static void test_tv9_final(void) {
  rules_board b;
  rules_state s;
  setup(&b, &s);
  s.day = 23;
  s.sun_dir = 23 % 6;
  s.sun[0] = 8;
  s.sun[1] = 5;
  s.score[0] = 30;
  s.score[1] = 31;
  rules_put(&s, 1, 1, 0, 0);
  rules_put(&s, 2, 2, 0, 0);
  rules_put(&s, 3, 0, 0, 0);
  rules_put(&s, 4, 3, 1, 0);
  rules_put(&s, 5, 1, 1, 0);
  int a[2] = {RULES_WAIT, RULES_WAIT};
  rules_resolve(&b, &s, a);
  TH_ASSERT(!rules_over(&b, &s));
  rules_sun_move(&b, &s);
  TH_EQ_INT(s.day, 24);
  TH_EQ_INT(s.sun_dir, 5);
  TH_ASSERT(rules_over(&b, &s));
  rules_finish(&s);
  TH_EQ_INT(s.score[0], 35);
  TH_EQ_INT(s.score[1], 34);
}

/* TV10/TV11 and the grammar of section 9.1. */
static void test_grammar(void) {
  rules_board b, w1, w2;
  rules_board_default(&b, 3);
  rules_board_default(&w1, 2);
  rules_board_default(&w2, 1);
  int a;
  TH_EQ_INT(rules_parse(&b, "WAIT", &a), 0);
  TH_EQ_INT(a, RULES_WAIT);
  TH_EQ_INT(rules_parse(&b, "WAIT hello world", &a), 0);
  TH_EQ_INT(rules_parse(&b, "WAIT ", &a), 0);
  TH_EQ_INT(rules_parse(&b, "WAITING", &a), -1);
  TH_EQ_INT(rules_parse(&b, "JUMP 3", &a), -1);
  TH_EQ_INT(rules_parse(&b, "", &a), -1);
  TH_EQ_INT(rules_parse(&b, " WAIT", &a), -1);
  TH_EQ_INT(rules_parse(&b, "wait", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW  5", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW -5", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW 2147483648", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW 5 msg\r", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW 5\r", &a), 0);
  TH_EQ_INT(rules_parse(&b, "GROW 5x", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW 007 hi", &a), 0);
  TH_EQ_INT(a, RULES_ACT(RULES_GROW, 0, 7));
  TH_EQ_INT(rules_parse(&b, "SEED 3 9\tgo", &a), 0);
  TH_EQ_INT(a, RULES_ACT(RULES_SEED, 3, 9));
  TH_EQ_INT(rules_parse(&b, "SEED 3", &a), -1);
  TH_EQ_INT(rules_parse(&b, "COMPLETE 36", &a), 0);
  TH_EQ_INT(rules_parse(&b, "GROW 2147483647", &a), 0); /* legal syntax, off board */
  TH_EQ_INT(RULES_DST(a), 63);
  /* league gating: wood 1 has no SEED, wood 2 neither GROW */
  TH_EQ_INT(rules_parse(&w1, "SEED 1 2", &a), -1);
  TH_EQ_INT(rules_parse(&w1, "GROW 1", &a), 0);
  TH_EQ_INT(rules_parse(&w2, "GROW 6 bad", &a), -1);
  TH_EQ_INT(rules_parse(&w2, "COMPLETE 6", &a), 0);
  /* Java's "." matches no U+0085, U+2028, U+2029 (UTF-8): such a message
     is invalid; other non-ASCII bytes are fine */
  TH_EQ_INT(rules_parse(&b, "WAIT hi\xc2\x85there", &a), -1);
  TH_EQ_INT(rules_parse(&b, "GROW 5 a\xe2\x80\xa8", &a), -1);
  TH_EQ_INT(rules_parse(&b, "SEED 3 9 \xe2\x80\xa9", &a), -1);
  TH_EQ_INT(rules_parse(&b, "WAIT \xc3\xa9t\xc3\xa9 \x85", &a), 0);
  TH_EQ_INT(rules_parse(&b, "WAIT \xe2\x80\xa7", &a), 0);
}

/* The FINAL reasons of rejected lines, worded as the official referee
   words them (Integer.parseInt's exception for an int overflow). */
static void test_reasons(void) {
  rules_board b, w2;
  rules_board_default(&b, 3);
  rules_board_default(&w2, 1);
  char r[256], want[512];
  const char *pre = "Invalid Input: Expected SEED <from> <to> | GROW <idx> | COMPLETE <idx> | WAIT but got ";
  static const char *const nfe[][2] = { /* line, the number Java reports */
    {"GROW 99999999999", "99999999999"},
    {"COMPLETE 2147483648 msg", "2147483648"},
    {"SEED 4294967296 1", "4294967296"}, /* the source is parsed first */
    {"SEED 99999999999 88888888888", "99999999999"},
    {"SEED 1 4294967296", "4294967296"},
  };
  for (size_t i = 0; i < sizeof nfe / sizeof nfe[0]; i++) {
    rules_reason(&b, nfe[i][0], r, sizeof r);
    snprintf(want, sizeof want, "%s'java.lang.NumberFormatException: For input string: \"%s\"'", pre,
             nfe[i][1]);
    TH_EQ_STR(r, want);
  }
  /* a line no pattern matches quotes itself, an overflow included */
  rules_reason(&b, "GROW 99999999999x", r, sizeof r);
  snprintf(want, sizeof want, "%s'GROW 99999999999x'", pre);
  TH_EQ_STR(r, want);
  rules_reason(&w2, "GROW 99999999999", r, sizeof r); /* no GROW in wood 2 */
  TH_EQ_STR(r, "Invalid Input: Expected COMPLETE <idx> | WAIT but got 'GROW 99999999999'");
  rules_reason(&b, "GROW 2147483647", r, sizeof r);
  TH_EQ_STR(r, "");
}

/* TV11 (wood 2): six size-3 trees each, 18 sun, one day. */
static void test_tv11_wood2(void) {
  rules_board b;
  rules_state s;
  javarand_t r;
  javarand_seed(&r, 5);
  rules_generate(&b, &s, &r, 1);
  TH_EQ_INT(b.days, 1);
  TH_EQ_INT(__builtin_popcountll(s.own[0] & s.size[3]), 6);
  TH_EQ_INT(__builtin_popcountll(s.own[1] & s.size[3]), 6);
  rules_gather(&b, &s);
  TH_EQ_INT(s.sun[0], 18);
  TH_EQ_INT(s.sun[1], 18);
  int acts[RULES_MAX_ACTIONS];
  int n = rules_possible(&b, &s, 0, NULL, acts);
  TH_EQ_INT(n, 7);
  for (int i = 1; i < n; i++) TH_EQ_INT(RULES_KIND(acts[i]), RULES_COMPLETE);
}

/* Disqualified player (TV10 shape): survivor gets sun/3 and +1 per tree. */
static void test_tv10_disqualified(void) {
  rules_state s;
  rules_state_empty(&s);
  s.score[0] = 100;
  s.sun[0] = 1;
  rules_put(&s, 1, 1, 0, 0);
  rules_put(&s, 5, 1, 0, 0);
  rules_put(&s, 6, 0, 0, 0);
  rules_put(&s, 7, 1, 1, 0);
  s.active[1] = 0;
  s.score[1] = -1;
  s.sun[1] = 15;
  rules_finish(&s);
  TH_EQ_INT(s.score[0], 103);
  TH_EQ_INT(s.score[1], -1);
}

/* Section 12.22: the listed actions are exactly the ones that succeed. */
static void test_list_equals_valid(void) {
  javarand_t r;
  javarand_seed(&r, (int64_t)th_seed());
  for (int g = 0; g < 40; g++) {
    rules_board b;
    rules_state s;
    javarand_t m;
    javarand_seed(&m, (int64_t)th_seed() + g);
    rules_generate(&b, &s, &m, 3);
    for (int i = 0; i < 37; i++) {
      int c = javarand_next_int_bound(&r, 37);
      if (!b.richness[c] || rules_owner_at(&s, c) >= 0) continue;
      rules_put(&s, c, javarand_next_int_bound(&r, 4), javarand_next_int_bound(&r, 2),
                javarand_next_int_bound(&r, 4) == 0);
    }
    for (int p = 0; p < 2; p++) {
      s.sun[p] = javarand_next_int_bound(&r, 30);
      int acts[RULES_MAX_ACTIONS];
      int n = rules_possible(&b, &s, p, NULL, acts);
      int listed = 0;
      for (int src = 0; src < 37; src++)
        for (int dst = 0; dst < 37; dst++)
          for (int k = 1; k <= 3; k++) {
            if (k != RULES_SEED && src != 0) continue;
            int a = RULES_ACT(k, src, dst);
            int ok = rules_valid(&b, &s, p, a, s.sun[p]);
            int found = 0;
            for (int i = 0; i < n; i++) found += acts[i] == a;
            TH_ASSERT_MSG(found == ok || (ok && found >= 1 && k == RULES_SEED),
                          "action %d valid %d listed %d", a, ok, found);
            listed += found;
          }
      TH_EQ_INT(listed + 1, n);
      /* the fast count/nth pair enumerates the same multiset */
      TH_EQ_INT(rules_action_count(&b, &s, p), n);
      int used[RULES_MAX_ACTIONS] = {0};
      for (int k = 0; k < n; k++) {
        int a = rules_action_nth(&b, &s, p, k), hit = 0;
        for (int i = 0; i < n && !hit; i++)
          if (!used[i] && acts[i] == a) used[i] = hit = 1;
        TH_ASSERT_MSG(hit, "nth %d = action %d not in the list (or repeated)", k, a);
      }
    }
  }
}

/* rules_apply (no checks) equals rules_resolve on valid action pairs, over
   whole games of uniformly random listed actions. */
static void test_apply_equals_resolve(void) {
  for (int g = 0; g < 20; g++) {
    rules_board b;
    rules_state s;
    javarand_t m, r;
    javarand_seed(&m, (int64_t)th_seed() + 100 + g);
    javarand_seed(&r, (int64_t)th_seed() * 3 + g);
    rules_generate(&b, &s, &m, 3);
    rules_gather(&b, &s);
    while (s.day < b.days) {
      while (!(s.waiting[0] && s.waiting[1])) {
        int act[2];
        for (int p = 0; p < 2; p++) {
          int n = rules_action_count(&b, &s, p);
          act[p] = s.waiting[p] ? RULES_WAIT : rules_action_nth(&b, &s, p, javarand_next_int_bound(&r, n));
        }
        rules_state t = s;
        rules_resolve(&b, &s, act);
        rules_apply(&b, &t, act);
        TH_ASSERT(memcmp(&s, &t, sizeof s) == 0);
      }
      rules_sun_move(&b, &s);
      if (s.day >= b.days) break;
      rules_gather(&b, &s);
    }
  }
}

/* Reference computations for the differential test below: written the
   slow, obvious way from the neighbour table and rules_possible, sharing
   no code with the fast paths (menus, masks, shadow rays). */

/* The sun player p harvests: every tree of size k whose cell is not shaded
   at k or more by a tree up to its size in cells upwind. */
static int ref_harvest(const rules_board *b, const rules_state *s, int p) {
  int shade[RULES_CELLS] = {0};
  for (int c = 0; c < RULES_CELLS; c++) {
    int sz = rules_size_at(s, c);
    if (sz < 1 || !b->shadows) continue;
    for (int k = 1, x = c; k <= sz; k++) {
      x = x >= 0 ? rules_tab.neigh[x][s->sun_dir] : -1;
      if (x >= 0 && shade[x] < sz) shade[x] = sz;
    }
  }
  int sun = 0;
  for (int c = 0; c < RULES_CELLS; c++) {
    int sz = rules_size_at(s, c);
    if (rules_owner_at(s, c) == p && sz >= 1 && shade[c] < sz) sun += sz;
  }
  return sun;
}

/* Menus against the referee's list (the same multiset), rules_apply
   against rules_resolve, and the day's harvest against ref_harvest, in
   many whole games of uniformly random listed actions (fixed seed; every
   league). Fails on the first frame where anything differs. */
static void test_random_playouts_match_reference(void) {
  rng_t r;
  rng_seed(&r, th_seed() + 7);
  long frames = 0, seeds = 0, completes = 0;
  for (int g = 0; g < 300; g++) {
    rules_board b;
    rules_state s;
    javarand_t m;
    javarand_seed(&m, (int64_t)th_seed() + 1000 + g);
    rules_generate(&b, &s, &m, g % 10 == 0 ? 1 : g % 10 == 1 ? 2 : 3);
    rules_gather(&b, &s);
    while (s.day < b.days) {
      while (!(s.waiting[0] && s.waiting[1])) {
        int act[2];
        for (int p = 0; p < 2; p++) {
          act[p] = RULES_WAIT;
          if (s.waiting[p]) continue;
          int list[RULES_MAX_ACTIONS];
          int n = rules_possible(&b, &s, p, NULL, list);
          rules_menu menu;
          TH_EQ_INT(rules_menu_build(&b, &s, p, &menu), n);
          /* every k names a distinct listed entry */
          int used[RULES_MAX_ACTIONS] = {0};
          for (int k = 0; k < n; k++) {
            int a = rules_menu_nth(&menu, k), hit = 0;
            for (int i = 0; i < n && !hit; i++)
              if (!used[i] && list[i] == a) used[i] = hit = 1;
            TH_ASSERT_MSG(hit, "game %d day %d: menu entry %d = action %d is not listed", g, s.day,
                          k, a);
          }
          act[p] = rules_menu_nth(&menu, (int)rng_below(&r, (uint32_t)n));
          TH_EQ_INT(rules_action_nth(&b, &s, p, 0), RULES_WAIT);
          seeds += RULES_KIND(act[p]) == RULES_SEED;
          completes += RULES_KIND(act[p]) == RULES_COMPLETE;
        }
        rules_state t = s;
        rules_resolve(&b, &s, act);
        rules_apply(&b, &t, act);
        TH_ASSERT_MSG(memcmp(&s, &t, sizeof s) == 0, "game %d day %d: apply != resolve", g, s.day);
        frames++;
      }
      rules_sun_move(&b, &s);
      if (s.day >= b.days) break;
      int want[2] = {s.sun[0] + ref_harvest(&b, &s, 0), s.sun[1] + ref_harvest(&b, &s, 1)};
      TH_EQ_INT(rules_harvest_of(&b, &s, 0), want[0] - s.sun[0]);
      rules_gather(&b, &s);
      TH_EQ_INT(s.sun[0], want[0]);
      TH_EQ_INT(s.sun[1], want[1]);
    }
  }
  /* the games did exercise every kind of action */
  TH_ASSERT(frames > 10000 && seeds > 1000 && completes > 100);
}

static const th_test TESTS[] = {
  TH_ENTRY(test_apply_equals_resolve), TH_ENTRY(test_random_playouts_match_reference),
  TH_ENTRY(test_tv2_mapgen),     TH_ENTRY(test_tv3_first_lists), TH_ENTRY(test_tv4_shadows),
  TH_ENTRY(test_tv5_costs),      TH_ENTRY(test_tv6_collision),   TH_ENTRY(test_tv7_double_complete),
  TH_ENTRY(test_tv8_invalid),    TH_ENTRY(test_tv9_final),       TH_ENTRY(test_grammar),
  TH_ENTRY(test_reasons),
  TH_ENTRY(test_tv11_wood2),     TH_ENTRY(test_tv10_disqualified), TH_ENTRY(test_list_equals_valid),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
