/*
** rng.c -- xoshiro256** seeded by splitmix64 (see rng.h).
** Invariant: after rng_seed the state is not all zero (splitmix64 outputs
** four consecutive values of a bijection of distinct inputs).
*/
#include "rng.h"

static uint64_t rng__splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t rng__rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

BOT_API void rng_seed(rng_t *r, uint64_t seed) {
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = rng__splitmix(&x);
}

BOT_API uint64_t rng_next(rng_t *r) {
  uint64_t *s = r->s;
  uint64_t result = rng__rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rng__rotl(s[3], 45);
  return result;
}

BOT_API uint32_t rng_below(rng_t *r, uint32_t n) {
  /* Lemire: multiply a 32-bit draw by n; reject the few low products that
     would bias the high word. */
  uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    while (low < threshold) {
      m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

BOT_API double rng_double(rng_t *r) {
  return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}
