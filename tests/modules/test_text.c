/*
** test_text.c -- modules/text.c: text_printable keeps printable ASCII and
** well-formed UTF-8, escapes controls, DEL, backslashes and malformed
** bytes, cuts with "..." at a character boundary, and never writes past
** its buffer (random bytes into random capacities).
*/
#include <string.h>

#include "rng.h"
#include "testhelp.h"
#include "text.h"

#define EQS(a, b) TH_ASSERT_MSG(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

static void test_escapes(void) {
  char out[128];
  const char in[] = "a\\b\n\r\t\x01\x1b[2J\x7f\xff\xc3\xa6\xe2\x82\xac\xf0\x9f\x98\x80 \xc0\xaf \xed\xa0\x80";
  TH_EQ_INT(text_printable(in, sizeof in - 1, out, sizeof out), sizeof in - 1);
  EQS(out, "a\\\\b\\n\\r\\t\\x01\\x1b[2J\\x7f\\xff\xc3\xa6\xe2\x82\xac\xf0\x9f\x98\x80 \\xc0\\xaf \\xed\\xa0\\x80");
  /* embedded NUL bytes are data, not the end */
  TH_EQ_INT(text_printable("a\0b", 3, out, sizeof out), 3);
  EQS(out, "a\\x00b");
}

static void test_cuts(void) {
  char out[8];
  TH_EQ_INT(text_printable("abcdefg", 7, out, sizeof out), 7); /* fits exactly */
  EQS(out, "abcdefg");
  TH_EQ_INT(text_printable("abcdefgh", 8, out, sizeof out), 4);
  EQS(out, "abcd...");
  TH_EQ_INT(text_printable("ab\x01zzzz", 7, out, sizeof out), 2); /* never half an escape */
  EQS(out, "ab...");
  TH_EQ_INT(text_printable("\xc3\xa6\xc3\xa6\xc3\xa6\xc3\xa6", 8, out, sizeof out), 4);
  EQS(out, "\xc3\xa6\xc3\xa6...");
  TH_EQ_INT(text_printable("abc", 3, out, 1), 0);
  EQS(out, "");
  TH_EQ_INT(text_printable("abc", 3, out, 0), 0);
}

static void test_random_bytes(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  char in[64], out[80];
  for (int it = 0; it < 20000; it++) {
    size_t n = rng_below(&r, sizeof in), cap = 1 + rng_below(&r, 70);
    for (size_t i = 0; i < n; i++) in[i] = (char)rng_below(&r, 256);
    memset(out, 'Z', sizeof out);
    size_t used = text_printable(in, n, out, cap);
    size_t l = strlen(out);
    TH_ASSERT(used <= n && l < cap);
    for (size_t i = cap; i < sizeof out; i++) TH_ASSERT(out[i] == 'Z');
    for (size_t i = 0; i < l; i++) TH_ASSERT((unsigned char)out[i] >= 0x20 && out[i] != 0x7f);
    if (used < n) TH_ASSERT(l >= 3 || cap < 4);
  }
}

static const th_test TESTS[] = {TH_ENTRY(test_escapes), TH_ENTRY(test_cuts), TH_ENTRY(test_random_bytes)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
