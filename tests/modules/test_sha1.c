/*
** test_sha1.c -- SHA-1 against the FIPS 180 examples and RFC 6455's
** handshake example (which also exercises base64).
*/
#include "testhelp.h"
#include "base64.h"
#include "sha1.h"

static void hex_of(const char *msg, size_t n, char out[41]) {
  uint8_t d[SHA1_DIGEST];
  sha1_digest(msg, n, d);
  sha1_hex(d, out);
}

static void test_fips_vectors(void) {
  char h[41];
  hex_of("abc", 3, h);
  TH_EQ_STR(h, "a9993e364706816aba3e25717850c26c9cd0d89d");
  hex_of("", 0, h);
  TH_EQ_STR(h, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  hex_of(two, strlen(two), h);
  TH_EQ_STR(h, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
}

static void test_million_a_streamed_in_odd_chunks(void) {
  static char buf[1000];
  memset(buf, 'a', sizeof buf);
  sha1_ctx c;
  sha1_init(&c);
  size_t left = 1000000, step = 1;
  while (left) {
    size_t k = step < left ? step : left;
    if (k > sizeof buf) k = sizeof buf;
    sha1_update(&c, buf, k);
    left -= k;
    step = step * 7 % 997 + 1;
  }
  uint8_t d[SHA1_DIGEST];
  char h[41];
  sha1_final(&c, d);
  sha1_hex(d, h);
  TH_EQ_STR(h, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

static void test_padding_boundaries_match_one_shot(void) {
  /* lengths around the 55/56/64-byte padding edges, streamed byte by byte */
  char msg[130];
  for (int i = 0; i < 130; i++) msg[i] = (char)('A' + i % 26);
  for (size_t n = 50; n < 130; n++) {
    uint8_t a[SHA1_DIGEST], b[SHA1_DIGEST];
    sha1_digest(msg, n, a);
    sha1_ctx c;
    sha1_init(&c);
    for (size_t i = 0; i < n; i++) sha1_update(&c, msg + i, 1);
    sha1_final(&c, b);
    TH_ASSERT_MSG(memcmp(a, b, SHA1_DIGEST) == 0, "length %zu", n);
  }
}

static void test_websocket_accept_example(void) {
  const char *key = "dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
  uint8_t d[SHA1_DIGEST];
  char out[32];
  sha1_digest(key, strlen(key), d);
  TH_EQ_INT(base64_encode(d, SHA1_DIGEST, out, sizeof out), 28);
  TH_EQ_STR(out, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

static const th_test TESTS[] = {TH_ENTRY(test_fips_vectors), TH_ENTRY(test_million_a_streamed_in_odd_chunks),
                                TH_ENTRY(test_padding_boundaries_match_one_shot),
                                TH_ENTRY(test_websocket_accept_example)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
