/*
** sha1prng.c -- Java SecureRandom SHA1PRNG byte stream and the Random-style
** calls on top of it (see sha1prng.h for the algorithm and invariants).
*/
#include "sha1prng.h"

#include <string.h>

#include "sha1.h"

BOT_API void sha1prng_seed(sha1prng_t *g, int64_t seed) {
  uint8_t k[8];
  uint64_t u = (uint64_t)seed;
  for (int i = 0; i < 8; i++) k[i] = (uint8_t)(u >> (8 * i));
  sha1_digest(k, sizeof k, g->state);
  memset(g->block, 0, sizeof g->block);
  g->used = 20;
}

static void sha1prng__refill(sha1prng_t *g) {
  uint8_t b[20];
  sha1_digest(g->state, 20, b);
  int carry = 1, changed = 0;
  for (int i = 0; i < 20; i++) {
    int x = (int)(int8_t)g->state[i] + (int)(int8_t)b[i] + carry;
    uint8_t t = (uint8_t)(x & 0xff);
    if (t != g->state[i]) changed = 1;
    g->state[i] = t;
    carry = (x - (x & 0xff)) / 256; /* floor(x / 256), like Java's x >> 8 */
  }
  if (!changed) g->state[0] = (uint8_t)(g->state[0] + 1);
  memcpy(g->block, b, 20);
  g->used = 0;
}

BOT_API uint8_t sha1prng_byte(sha1prng_t *g) {
  if (g->used >= 20) sha1prng__refill(g);
  return g->block[g->used++];
}

BOT_API uint32_t sha1prng_next(sha1prng_t *g, int bits) {
  int n = (bits + 7) / 8;
  uint32_t v = 0;
  for (int i = 0; i < n; i++) v = (v << 8) | sha1prng_byte(g);
  return (uint32_t)(v >> (8 * n - bits));
}

BOT_API int32_t sha1prng_next_int(sha1prng_t *g, int32_t bound) {
  if (bound < 1) return 0;
  int32_t r = (int32_t)sha1prng_next(g, 31);
  int32_t m = bound - 1;
  if ((bound & m) == 0) return (int32_t)(((int64_t)bound * (int64_t)r) >> 31);
  for (int32_t u = r;; u = (int32_t)sha1prng_next(g, 31)) {
    r = u % bound;
    if ((int64_t)u - r + m < ((int64_t)1 << 31)) return r;
  }
}

BOT_API int sha1prng_next_bool(sha1prng_t *g) { return sha1prng_next(g, 1) != 0; }
