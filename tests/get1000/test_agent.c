/*
** test_agent.c -- the bot's protocol state machine (games/get1000/agent.c):
** the spec's protocol vectors (section 8.5), round rollover, parser
** tolerance, GameEnd/GameError, and a fuzz run: under a random stream of
** rolls (in and out of range, duplicated), junk, truncated and unknown
** messages, every DiceRoll gets exactly one legal placement with the right
** ids and nothing else gets a reply.
*/
#include "agent.h"
#include "json.h"
#include "testhelp.h"

#define STR_IS(a, b) TH_ASSERT_MSG(strcmp((a), (b)) == 0, "%s: got \"%.200s\"", #a, (a))

static policy_tables T;
static agent_t A;
static char out[2048];

static void setup(policy_kind k, const char *room, const char *name, int random_ties) {
  static int built;
  if (!built) policy_build(&T, 0);
  built = 1;
  TH_EQ_INT(agent_init(&A, &T, k, room, name, th_seed(), random_ties), 0);
}

static int msg(const char *m) { return agent_on_message(&A, m, strlen(m), out, sizeof out); }

static void test_protocol_vectors(void) {
  setup(POLICY_MU1, "418730", "c1000", 0);
  TH_ASSERT(agent_join(&A, out, sizeof out) > 0);
  STR_IS(out, "{\"action\":[\"no.sonat.game.JoinRoomAction\",{\"id\":\"418730\",\"name\":\"c1000\"}]}");
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.JoinResponse\",{\"id\":\"418730\"}]}"), AGENT_NONE);
  TH_EQ_INT(A.joined, 1);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":6}]}"), AGENT_REPLY);
  STR_IS(out, "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":\"418730\",\"name\":\"c1000\","
              "\"placement\":\"ONES\"}]}");
  setup(POLICY_EV, "418730", "c1000", 0);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":6}]}"), AGENT_REPLY);
  STR_IS(out, "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":\"418730\",\"name\":\"c1000\","
              "\"placement\":\"TENS\"}]}");
}

static void test_escaping(void) {
  setup(POLICY_MU1, "r\"1", "n\\2", 0);
  TH_ASSERT(agent_join(&A, out, sizeof out) > 0);
  STR_IS(out, "{\"action\":[\"no.sonat.game.JoinRoomAction\",{\"id\":\"r\\\"1\",\"name\":\"n\\\\2\"}]}");
  char big[400];
  memset(big, 'a', sizeof big - 1);
  big[sizeof big - 1] = 0;
  TH_EQ_INT(agent_init(&A, &T, POLICY_MU1, big, "x", 1, 0), -1);
}

static void test_rollover_and_parser(void) {
  setup(POLICY_MU1, "Sonat", "MegaMan", 0);
  /* the whole-round vector 3 5 2 6 1 4 4 2 6 -> HHTOHTOTO, then a new round */
  const char *rolls = "352614426", *want = "HHTOHTOTO";
  for (int i = 0; i < 9; i++) {
    char m[128];
    /* alternate the spec's whitespace variant and another package prefix */
    if (i % 3 == 0)
      snprintf(m, sizeof m, "{ \"response\" : [ \"no.sonat.game.DiceRoll\" , { \"value\" : %c } ] }", rolls[i]);
    else if (i % 3 == 1)
      snprintf(m, sizeof m, "{\"response\":[\"other.pkg.DiceRoll\",{\"value\":%c,\"extra\":[1]}]}", rolls[i]);
    else
      snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":%c}]}", rolls[i]);
    TH_EQ_INT(msg(m), AGENT_REPLY);
    const char *p = strstr(out, "\"placement\":\"");
    TH_ASSERT(p != NULL);
    char c = p[13];
    TH_ASSERT_MSG(c == want[i], "move %d: %c", i, c);
  }
  TH_EQ_INT(A.rounds, 1);
  TH_EQ_INT(A.dist_sum, 4);
  /* 10th roll: first move of a fresh round (grid empty) -- a 6 goes to ONES */
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":6}]}"), AGENT_REPLY);
  TH_ASSERT(strstr(out, "\"ONES\"") != NULL);
  TH_EQ_INT(policy_placed(&A.g), 1);
  TH_EQ_INT(A.g.s, 6);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.Whatever\",{}]}"), AGENT_NONE);
  TH_EQ_INT(A.unknown, 1);
  TH_EQ_INT(msg("not json"), AGENT_NONE);
  TH_EQ_INT(msg("[1,2]"), AGENT_NONE);
  TH_EQ_INT(msg("{\"response\":\"x\"}"), AGENT_NONE);
  TH_EQ_INT(A.junk, 3);
  TH_EQ_INT(policy_placed(&A.g), 1);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.GameEnd\",{\"id\":\"Sonat\"}]}"), AGENT_END);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.GameError\",{\"id\":\"Sonat\",\"errorMsg\":\"too \\\"slow\\\" \\u00e6\"}]}"),
            AGENT_ERROR);
  STR_IS(A.error_msg, "too \"slow\" \xC3\xA6");
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.GameError\",{}]}"), AGENT_ERROR);
}

/* Regression (issue 15): a value of 2^63 aborted the sanitizer build and
   was played wrapped; 0, 7 and -1 were placed. Values that are not a die
   roll are rejected: no reply, nothing placed, a printable reason. */
static void test_bad_values_rejected(void) {
  setup(POLICY_MU1, "R", "N", 1);
  const char *bad[] = {
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":9223372036854775808}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":-9223372036854775809}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":1e400}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":0}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":7}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":-1}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":\"3\\u0007\"}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":2.5}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":1e300}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":99999999999}]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\",null]}",
      "{\"response\":[\"no.sonat.game.DiceRoll\"]}",
  };
  for (size_t i = 0; i < COMMON_COUNT(bad); i++) {
    out[0] = 'x';
    out[1] = 0;
    TH_ASSERT_MSG(msg(bad[i]) == AGENT_REJECT, "message %zu", i);
    TH_ASSERT_MSG(strstr(A.error_msg, "not a die roll 1..6") != NULL, "message %zu: %.200s", i, A.error_msg);
    for (const char *p = A.error_msg; *p; p++) TH_ASSERT((unsigned char)*p >= 0x20 && *p != 0x7f);
    TH_EQ_INT(policy_placed(&A.g), 0);
    TH_EQ_INT(A.total_rolls, 0);
  }
  TH_EQ_INT(A.bad_values, (long)COMMON_COUNT(bad));
  TH_ASSERT(strstr(A.error_msg, "(no value)") != NULL);
  char tmp[64];
  TH_EQ_INT(agent_on_roll(&A, 7, tmp, sizeof tmp), -1);
  TH_EQ_INT(agent_on_roll(&A, 0, tmp, sizeof tmp), -1);
  TH_EQ_INT(tmp[0], 0);
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":6.0}]}"), AGENT_REPLY);
  TH_EQ_INT(policy_placed(&A.g), 1);
}

/* Regression (issue 15): a GameError message over 512 bytes printed
   "(no readable errorMsg)"; control characters went out raw. */
static void test_long_error_message_cut(void) {
  setup(POLICY_MU1, "R", "N", 1);
  static char m[4096];
  int n = snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.GameError\",{\"errorMsg\":\"\\u001b[31m");
  for (int i = 0; i < 700; i++) m[n++] = (char)('a' + i % 26);
  snprintf(m + n, sizeof m - (size_t)n, "\"}]}");
  TH_EQ_INT(msg(m), AGENT_ERROR);
  size_t l = strlen(A.error_msg);
  /* found by fuzz_get1000: an empty errorMsg gave an empty message */
  TH_EQ_INT(msg("{\"response\":[\"no.sonat.game.GameError\",{\"errorMsg\":\"\"}]}"), AGENT_ERROR);
  STR_IS(A.error_msg, "(empty errorMsg)");
  TH_EQ_INT(msg(m), AGENT_ERROR);
  TH_ASSERT_MSG(strncmp(A.error_msg, "\\x1b[31mabcdef", 14) == 0, "%.100s", A.error_msg);
  TH_ASSERT_MSG(l > 400 && l < sizeof A.error_msg && strcmp(A.error_msg + l - 3, "...") == 0, "%zu", l);
  for (const char *p = A.error_msg; *p; p++) TH_ASSERT((unsigned char)*p >= 0x20 && *p != 0x7f);
}

/* Reads the placement of a reply; checks ids; -1 if malformed. */
static int reply_col(const char *room, const char *name) {
  json_tok t[32];
  json_doc d;
  if (json_parse(&d, out, strlen(out), t, 32) < 0) return -1;
  int env = json_get(&d, 0, "action");
  int cls = json_at(&d, env, 0), body = json_at(&d, env, 1);
  if (!json_str_eq(&d, cls, "no.sonat.game.PlacementAction") || t[body].size != 3) return -1;
  if (!json_str_eq(&d, json_get(&d, body, "id"), room) || !json_str_eq(&d, json_get(&d, body, "name"), name))
    return -1;
  int p = json_get(&d, body, "placement");
  if (json_str_eq(&d, p, "HUNDREDS")) return 0;
  if (json_str_eq(&d, p, "TENS")) return 1;
  if (json_str_eq(&d, p, "ONES")) return 2;
  return -1;
}

static void test_fuzz_never_illegal(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  for (int run = 0; run < 40; run++) {
    setup((policy_kind)rng_below(&r, 4), "room\"x", "bot", (int)rng_below(&r, 2));
    int n[3] = {0, 0, 0}, placed = 0;
    long rolls = 0;
    char m[256], prev[256] = "";
    for (int i = 0; i < 3000; i++) {
      int kind = (int)rng_below(&r, 10), is_roll = 0;
      switch (kind) {
      case 0: /* junk bytes */
        for (int j = 0; j < 40; j++) m[j] = (char)(1 + rng_below(&r, 255));
        m[40] = 0;
        break;
      case 1: /* a truncated roll */
        snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":%d", 1 + (int)rng_below(&r, 6));
        break;
      case 2: /* unknown class or join response */
        snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.%s\",{\"id\":\"room\"}]}",
                 rng_below(&r, 2) ? "JoinResponse" : "RoundResult");
        break;
      case 3: { /* any value: only 1..6 is a roll, the rest is rejected */
        int v = (int)rng_below(&r, 2000001) - 1000000;
        if (rng_below(&r, 2)) v = (int)rng_below(&r, 10) - 2;
        snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":%d}]}", v);
        is_roll = v >= 1 && v <= 6 ? 1 : -1;
        break;
      }
      case 4: /* duplicate of the previous message */
        if (prev[0]) {
          snprintf(m, sizeof m, "%s", prev);
          if (strstr(m, "DiceRoll\",{\"value\":") != NULL && m[strlen(m) - 1] == '}') {
            int v = atoi(strstr(m, "value\":") + 7);
            is_roll = v >= 1 && v <= 6 ? 1 : -1;
          }
          break;
        }
        /* fall through */
      default:
        snprintf(m, sizeof m, "{\"response\":[\"no.sonat.game.DiceRoll\",{\"value\":%d}]}", 1 + (int)rng_below(&r, 6));
        is_roll = 1;
      }
      snprintf(prev, sizeof prev, "%s", m);
      out[0] = 0;
      int st = agent_on_message(&A, m, strlen(m), out, sizeof out);
      TH_ASSERT_MSG(st == (is_roll > 0 ? AGENT_REPLY : is_roll < 0 ? AGENT_REJECT : AGENT_NONE),
                    "message %d kind %d: st %d", i, kind, st);
      if (is_roll <= 0) continue;
      rolls++;
      int c = reply_col("room\"x", "bot");
      TH_ASSERT_MSG(c >= 0, "bad reply %.200s", out);
      TH_ASSERT_MSG(n[c] < 3, "illegal placement into full column %d at roll %ld", c, rolls);
      n[c]++;
      if (++placed == 9) {
        n[0] = n[1] = n[2] = 0;
        placed = 0;
      }
    }
    TH_EQ_INT(A.total_rolls, rolls);
    TH_EQ_INT(A.rounds, rolls / 9);
  }
}

static void test_random_ties_diverge(void) {
  /* ev tie at H2 T2 O2 S=402 roll 4: two seeds differ sometimes */
  int differ = 0;
  for (uint64_t s = 1; s <= 40; s++) {
    agent_t b;
    setup(POLICY_EV, "R", "N", 1);
    agent_init(&A, &T, POLICY_EV, "R", "N", s, 1);
    agent_init(&b, &T, POLICY_EV, "R", "N", s + 1000, 1);
    policy_grid g = {{2, 2, 2}, 402};
    A.g = g;
    b.g = g;
    char o2[512];
    int ca = agent_on_roll(&A, 4, out, sizeof out), cb = agent_on_roll(&b, 4, o2, sizeof o2);
    TH_ASSERT(ca != POLICY_COL_O && cb != POLICY_COL_O);
    differ += ca != cb;
  }
  TH_ASSERT(differ > 5);
}

static void test_tie_eps(void) {
  /* tolerance 1: every legal column ties, so choices spread; 1e-9: none */
  int seen[3] = {0, 0, 0}, canon = 0;
  for (uint64_t s = 1; s <= 60; s++) {
    setup(POLICY_MU1, "R", "N", 1);
    agent_init(&A, &T, POLICY_MU1, "R", "N", s, 1);
    A.tie_eps = 1.0;
    seen[agent_on_roll(&A, 6, out, sizeof out)]++;
    agent_init(&A, &T, POLICY_MU1, "R", "N", s, 1);
    canon += agent_on_roll(&A, 6, out, sizeof out) == POLICY_COL_O;
  }
  TH_ASSERT(seen[0] > 5 && seen[1] > 5 && seen[2] > 5);
  TH_EQ_INT(canon, 60);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_tie_eps),
    TH_ENTRY(test_protocol_vectors), TH_ENTRY(test_escaping), TH_ENTRY(test_rollover_and_parser),
    TH_ENTRY(test_bad_values_rejected), TH_ENTRY(test_long_error_message_cut), TH_ENTRY(test_fuzz_never_illegal),
    TH_ENTRY(test_random_ties_diverge),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
