/*
** test_base64.c -- RFC 4648 section 10 vectors, round trips, and rejection
** of malformed input.
*/
#include "testhelp.h"
#include "base64.h"
#include "rng.h"

static void test_rfc4648_vectors(void) {
  const char *in[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
  const char *out[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
  for (int i = 0; i < 7; i++) {
    char e[16];
    char d[16];
    TH_EQ_INT(base64_encode(in[i], strlen(in[i]), e, sizeof e), (long)strlen(out[i]));
    TH_EQ_STR(e, out[i]);
    long n = base64_decode(out[i], strlen(out[i]), d, sizeof d);
    TH_EQ_INT(n, (long)strlen(in[i]));
    d[n] = 0;
    TH_EQ_STR(d, in[i]);
  }
}

static void test_random_round_trips(void) {
  rng_t r;
  rng_seed(&r, th_seed());
  for (int it = 0; it < 500; it++) {
    unsigned char src[64], back[64];
    char enc[100];
    size_t n = rng_below(&r, 64);
    for (size_t i = 0; i < n; i++) src[i] = (unsigned char)rng_next(&r);
    long e = base64_encode(src, n, enc, sizeof enc);
    TH_EQ_INT(e, (long)BASE64_ENCODED_LEN(n));
    TH_EQ_INT(base64_decode(enc, (size_t)e, back, sizeof back), (long)n);
    TH_ASSERT(memcmp(src, back, n) == 0);
  }
}

static void test_rejects_malformed(void) {
  char d[16];
  TH_EQ_INT(base64_decode("Zm9", 3, d, sizeof d), -1);      /* length */
  TH_EQ_INT(base64_decode("Zm9*", 4, d, sizeof d), -1);     /* alphabet */
  TH_EQ_INT(base64_decode("Z===", 4, d, sizeof d), -1);     /* padding */
  TH_EQ_INT(base64_decode("Zm=v", 4, d, sizeof d), -1);     /* data after '=' */
  TH_EQ_INT(base64_decode("Zh==", 4, d, sizeof d), -1);     /* non-zero spare bits */
  TH_EQ_INT(base64_decode("Zg==Zg==", 8, d, sizeof d), -1); /* padding mid-stream */
  TH_EQ_INT(base64_decode("Zm9vYmFy", 8, d, 5), -1);        /* small buffer */
  char e[4];
  TH_EQ_INT(base64_encode("foo", 3, e, sizeof e), -1);      /* no room for NUL */
}

static const th_test TESTS[] = {TH_ENTRY(test_rfc4648_vectors), TH_ENTRY(test_random_round_trips),
                                TH_ENTRY(test_rejects_malformed)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
