/*
** test_json.c -- the tokenizer on a Blitz-like state, lookups, escapes,
** every error class, truncation at every byte, and the token-array limit.
*/
#include "testhelp.h"
#include "json.h"
#include "rng.h"

static json_tok T[256];

static void test_state_document(void) {
  const char *s =
      "{\"game\":{\"id\":\"abc\",\"turn\":4,\"maxTurns\":1200,\"heroes\":[{\"id\":1,\"name\":\"x\","
      "\"pos\":{\"x\":0,\"y\":5},\"life\":100,\"gold\":-2.5e1,\"crashed\":false},{\"id\":2}],"
      "\"board\":{\"size\":4,\"tiles\":\"##  @1\"},\"finished\":true,\"none\":null},"
      "\"token\":\"t\\\"q\",\"viewUrl\":\"http://h\\/v\"}";
  json_doc d;
  int n = json_parse(&d, s, strlen(s), T, 256);
  TH_ASSERT_MSG(n > 0, "parse: %s at %d", json_strerror(n), d.err_pos);
  TH_EQ_INT(T[0].type, JSON_OBJECT);
  TH_EQ_INT(T[0].size, 3);
  TH_EQ_INT(T[0].next, n);
  int game = json_get(&d, 0, "game");
  TH_ASSERT(game > 0);
  long long v;
  TH_EQ_INT(json_int(&d, json_get(&d, game, "maxTurns"), &v), 0);
  TH_EQ_INT(v, 1200);
  int heroes = json_get(&d, game, "heroes");
  TH_EQ_INT(T[heroes].size, 2);
  int h1 = json_at(&d, heroes, 1);
  TH_EQ_INT(json_int(&d, json_get(&d, h1, "id"), &v), 0);
  TH_EQ_INT(v, 2);
  TH_EQ_INT(json_at(&d, heroes, 2), -1);
  int h0 = json_at(&d, heroes, 0);
  double g;
  TH_EQ_INT(json_double(&d, json_get(&d, h0, "gold"), &g), 0);
  TH_NEAR(g, -25.0, 1e-12);
  int b;
  TH_EQ_INT(json_bool(&d, json_get(&d, h0, "crashed"), &b), 0);
  TH_EQ_INT(b, 0);
  TH_EQ_INT(json_bool(&d, json_get(&d, game, "finished"), &b), 0);
  TH_EQ_INT(b, 1);
  TH_EQ_INT(T[json_get(&d, game, "none")].type, JSON_NULL);
  char buf[32];
  TH_EQ_INT(json_str_copy(&d, json_get(&d, 0, "token"), buf, sizeof buf), 3);
  TH_EQ_STR(buf, "t\"q");
  TH_ASSERT(json_str_eq(&d, json_get(&d, 0, "viewUrl"), "http://h/v"));
  TH_EQ_INT(json_get(&d, 0, "missing"), -1);
  TH_EQ_INT(json_get(&d, heroes, "id"), -1); /* not an object */
  int tiles = json_get(&d, json_get(&d, game, "board"), "tiles");
  TH_EQ_INT(T[tiles].len, 6);
}

static void test_unicode_escapes(void) {
  const char *s = "[\"\\u00e9\\ud83d\\ude00\\n\", \"\\ud800\"]";
  json_doc d;
  TH_ASSERT(json_parse(&d, s, strlen(s), T, 256) == 3);
  char buf[16];
  TH_EQ_INT(json_str_copy(&d, 1, buf, sizeof buf), 7);
  TH_ASSERT(memcmp(buf, "\xc3\xa9\xf0\x9f\x98\x80\n", 7) == 0);
  TH_EQ_INT(json_str_copy(&d, 2, buf, sizeof buf), -1); /* lone surrogate */
  TH_EQ_INT(json_str_copy(&d, 1, buf, 4), -1);          /* too small */
}

static void test_errors(void) {
  const char *bad[] = {"", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "[1 2]", "01", "-", "1.",
                       "tru", "nul", "\"abc", "\"\\x\"", "[\"a\nb\"]", "{1:2}", "}", "[1]]",
                       "truex", "1 2", "[\"\\u12g4\"]"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    json_doc d;
    int n = json_parse(&d, bad[i], strlen(bad[i]), T, 256);
    TH_ASSERT_MSG(n < 0, "accepted bad input #%zu: %s", i, bad[i]);
    TH_ASSERT(d.err_pos >= 0);
  }
  char deep[200];
  for (int i = 0; i < 100; i++) deep[i] = '[';
  for (int i = 0; i < 100; i++) deep[100 + i] = ']';
  json_doc d;
  TH_EQ_INT(json_parse(&d, deep, 200, T, 256), JSON_EDEPTH);
  TH_EQ_INT(json_parse(&d, "[1,2,3]", 7, T, 3), JSON_ENOMEM);
  TH_EQ_INT(json_parse(&d, "[1,2,3]", 7, T, 4), 4);
}

static void test_every_truncation_fails_cleanly(void) {
  const char *s = "{\"a\":[1,2.5,{\"b\":\"c\\u0041\"}],\"t\":true,\"n\":null,\"e\":-1e+3}";
  size_t n = strlen(s);
  json_doc d;
  TH_ASSERT(json_parse(&d, s, n, T, 256) > 0);
  for (size_t k = 0; k < n; k++) {
    int r = json_parse(&d, s, k, T, 256);
    /* a prefix is never a valid document here, except none of them */
    TH_ASSERT_MSG(r < 0, "prefix of length %zu accepted", k);
  }
}

static void test_escape_round_trip(void) {
  char out[64];
  int n = json_escape("a\"b\\c\n\x01", out, sizeof out);
  TH_ASSERT(n > 0);
  TH_EQ_STR(out, "\"a\\\"b\\\\c\\n\\u0001\"");
  json_doc d;
  TH_EQ_INT(json_parse(&d, out, (size_t)n, T, 8), 1);
  char back[16];
  TH_EQ_INT(json_str_copy(&d, 0, back, sizeof back), 7);
  TH_EQ_STR(back, "a\"b\\c\n\x01");
  TH_EQ_INT(json_escape("abcdef", out, 5), -1);
}

/* Mutated documents: the parser must either reject them or return a token
   tree whose spans and subtree bounds stay inside the text and the array. */
static void test_random_mutations_stay_in_bounds(void) {
  const char *base = "{\"a\":[1,-2.5e3,{\"b\":\"c\\u0041\\n\"}],\"t\":true,\"f\":false,\"n\":null}";
  size_t n = strlen(base);
  char buf[128];
  rng_t r;
  rng_seed(&r, th_seed());
  const char alphabet[] = "{}[]:,\"\\ \n0123456789-+.eEtrufalsn\x01\x7f";
  for (int it = 0; it < 20000; it++) {
    memcpy(buf, base, n);
    int edits = 1 + (int)rng_below(&r, 4);
    for (int e = 0; e < edits; e++) buf[rng_below(&r, (uint32_t)n)] = alphabet[rng_below(&r, sizeof alphabet - 1)];
    json_doc d;
    int k = json_parse(&d, buf, n, T, 256);
    if (k < 0) {
      TH_ASSERT(d.err_pos >= 0 && d.err_pos <= (int)n);
      continue;
    }
    for (int i = 0; i < k; i++) {
      TH_ASSERT(T[i].start >= 0 && T[i].start + T[i].len <= (int)n);
      TH_ASSERT(T[i].next > i && T[i].next <= k);
      char out[128];
      if (T[i].type == JSON_STRING) (void)json_str_copy(&d, i, out, sizeof out);
    }
  }
}

/* Regression (issue 15): json_int converted before its range check, which
   is undefined for 1e400, and wrapped 2^63 and -2^63-1. */
static void test_int_range(void) {
  static const char *bad[] = {"1e400", "-1e400", "9223372036854775808", "-9223372036854775809",
                              "18446744073709551616", "99999999999999999999", "9.3e18", "-9.3e18",
                              "9223372036854775808.0", "1.5"};
  static const struct { const char *s; long long v; } good[] = {
      {"0", 0}, {"-0", 0}, {"7", 7}, {"-7", -7}, {"1e2", 100}, {"3.0", 3}, {"-2.5e1", -25},
      {"9223372036854775807", 9223372036854775807LL}, {"-9223372036854775808", -9223372036854775807LL - 1},
      {"922337203685477580", 922337203685477580LL}, {"9e18", 9000000000000000000LL}};
  json_doc d;
  long long v;
  for (size_t i = 0; i < COMMON_COUNT(bad); i++) {
    TH_EQ_INT(json_parse(&d, bad[i], strlen(bad[i]), T, 4), 1);
    v = 12345;
    TH_ASSERT_MSG(json_int(&d, 0, &v) == -1 && v == 12345, "%s accepted as %lld", bad[i], v);
  }
  for (size_t i = 0; i < COMMON_COUNT(good); i++) {
    TH_EQ_INT(json_parse(&d, good[i].s, strlen(good[i].s), T, 4), 1);
    TH_ASSERT_MSG(json_int(&d, 0, &v) == 0 && v == good[i].v, "%s read as %lld", good[i].s, v);
  }
}

static const th_test TESTS[] = {TH_ENTRY(test_int_range), TH_ENTRY(test_random_mutations_stay_in_bounds), TH_ENTRY(test_state_document), TH_ENTRY(test_unicode_escapes),
                                TH_ENTRY(test_errors), TH_ENTRY(test_every_truncation_fails_cleanly),
                                TH_ENTRY(test_escape_round_trip)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
