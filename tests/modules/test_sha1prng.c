/*
** test_sha1prng.c -- SHA1PRNG port against the spec's seed vectors
** (games/greencircle/README.md) and the setup RNG calls recorded
** in the reference trace seed1_first_vs_last.
*/
#include <string.h>

#include "sha1prng.h"
#include "testhelp.h"

typedef struct {
  int64_t seed;
  const char *hex24;
  int i28[6];
  const char *bools;
  int i7[4];
  int i16[3];
} tv_t;

static const tv_t TV[] = {
    {1, "96cb4cedc6d78a4666351950dd1d06af5561187421065896", {2, 23, 12, 11, 18, 11}, "FFTTFFTT", {1, 6, 5, 4}, {12, 15, 7}},
    {12345, "507551526d92154ed9bf3f658db7de49b78ed5736f002bab", {17, 19, 10, 16, 13, 13}, "TTFTFTTF", {0, 3, 0, 2}, {13, 7, 14}},
    {-1, "bde848494a8671e61d7d572b9c9dcbd42e4fccb8d505b759", {20, 15, 9, 26, 0, 0}, "FTTTFFTT", {5, 5, 1, 2}, {1, 8, 12}},
    {4242424242LL, "82ea49df096592b1f37aab474b3f485431e6335836805dc5", {3, 20, 15, 10, 12, 26}, "FTTTFTFT", {5, 2, 3, 2}, {8, 12, 10}},
    {-9223372036854775807LL + 6, "0ca38ea12ddb90d4579e9d0bdcd6bfb88cbf0547474b4f2d", {8, 2, 13, 0, 19, 14}, "FFTTFFFF", {0, 2, 5, 1}, {4, 3, 7}},
};

static void test_first_bytes(void) {
  for (size_t t = 0; t < sizeof TV / sizeof TV[0]; t++) {
    sha1prng_t g;
    sha1prng_seed(&g, TV[t].seed);
    char hex[49];
    for (int i = 0; i < 24; i++) snprintf(hex + 2 * i, 3, "%02x", sha1prng_byte(&g));
    TH_EQ_STR(hex, TV[t].hex24);
  }
}

static void test_derived_calls(void) {
  for (size_t t = 0; t < sizeof TV / sizeof TV[0]; t++) {
    sha1prng_t g;
    sha1prng_seed(&g, TV[t].seed);
    for (int i = 0; i < 6; i++) TH_EQ_INT(sha1prng_next_int(&g, 28), TV[t].i28[i]);
    for (int i = 0; i < 8; i++) TH_EQ_INT(sha1prng_next_bool(&g), TV[t].bools[i] == 'T');
    for (int i = 0; i < 4; i++) TH_EQ_INT(sha1prng_next_int(&g, 7), TV[t].i7[i]);
    for (int i = 0; i < 3; i++) TH_EQ_INT(sha1prng_next_int(&g, 16), TV[t].i16[i]);
  }
}

/* Bytes carry over between calls: a bool then an int use bytes 0 and 1..4. */
static void test_byte_accounting(void) {
  sha1prng_t a, b;
  sha1prng_seed(&a, 12345);
  sha1prng_seed(&b, 12345);
  uint8_t raw[45];
  for (int i = 0; i < 45; i++) raw[i] = sha1prng_byte(&b);
  TH_EQ_INT(sha1prng_next_bool(&a), raw[0] >> 7);
  uint32_t v = ((uint32_t)raw[1] << 24 | (uint32_t)raw[2] << 16 | (uint32_t)raw[3] << 8 | raw[4]) >> 1;
  TH_EQ_U64(sha1prng_next(&a, 31), v);
  /* nextInt(1) returns 0 but still eats 4 bytes */
  TH_EQ_INT(sha1prng_next_int(&a, 1), 0);
  TH_EQ_INT(sha1prng_byte(&a), raw[9]);
  /* cross a block boundary (20 bytes) */
  for (int i = 10; i < 45; i++) TH_EQ_INT(sha1prng_byte(&a), raw[i]);
}

/* Setup calls of trace seed1_first_vs_last: 16 picks then 13 booleans. */
static void test_trace_seed1_setup(void) {
  static const int picks[16] = {2, 23, 12, 11, 18, 11, 0, 14, 8, 13, 26, 11, 11, 26, 21, 5};
  static const int bools[13] = {1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};
  sha1prng_t g;
  sha1prng_seed(&g, 1);
  for (int i = 0; i < 16; i++) TH_EQ_INT(sha1prng_next_int(&g, 28), picks[i]);
  for (int i = 0; i < 13; i++) TH_EQ_INT(sha1prng_next_bool(&g), bools[i]);
  /* the first reshuffle of that trace: nextInt 7..1 = 1 1 2 0 0 0 0 */
  static const int sh[7] = {1, 1, 2, 0, 0, 0, 0};
  for (int i = 0; i < 7; i++) TH_EQ_INT(sha1prng_next_int(&g, 7 - i), sh[i]);
}

static void test_copy_forks_stream(void) {
  sha1prng_t a, b;
  sha1prng_seed(&a, 99);
  for (int i = 0; i < 7; i++) sha1prng_byte(&a);
  b = a;
  for (int i = 0; i < 50; i++) TH_EQ_INT(sha1prng_next_int(&a, 1000), sha1prng_next_int(&b, 1000));
  TH_EQ_INT(sha1prng_next_int(&a, 0), 0);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_first_bytes), TH_ENTRY(test_derived_calls), TH_ENTRY(test_byte_accounting),
    TH_ENTRY(test_trace_seed1_setup), TH_ENTRY(test_copy_forks_stream),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
