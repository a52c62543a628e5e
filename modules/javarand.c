/*
** javarand.c -- java.util.Random, bit-exact (see javarand.h).
**
** All arithmetic is done on uint64_t and converted to the Java type at the
** end: the LCG wraps modulo 2^48, and Java's int overflow in nextInt(bound)'s
** rejection test is reproduced with an explicit 32-bit signed comparison.
*/
#include "javarand.h"

BOT_API void javarand_seed(javarand_t *r, int64_t seed) {
  r->state = ((uint64_t)seed ^ JAVARAND_MULT) & JAVARAND_MASK;
}

BOT_API int32_t javarand_next(javarand_t *r, int bits) {
  r->state = (r->state * JAVARAND_MULT + JAVARAND_ADD) & JAVARAND_MASK;
  return (int32_t)(uint32_t)(r->state >> (48 - bits));
}

BOT_API int32_t javarand_next_int(javarand_t *r) { return javarand_next(r, 32); }

BOT_API int32_t javarand_next_int_bound(javarand_t *r, int32_t bound) {
  if (bound <= 0) return 0;
  int32_t rr = javarand_next(r, 31);
  int32_t m = bound - 1;
  if ((bound & m) == 0) return (int32_t)(((int64_t)bound * (int64_t)rr) >> 31);
  for (;;) {
    int32_t v = rr % bound;
    /* Java: if (u - r + m < 0) reject, with int overflow. */
    int64_t t = (int64_t)rr - v + m;
    if (t <= 2147483647LL) return v;
    rr = javarand_next(r, 31);
  }
}

BOT_API int64_t javarand_next_long(javarand_t *r) {
  uint64_t hi = (uint64_t)(int64_t)javarand_next(r, 32);
  uint64_t lo = (uint64_t)(int64_t)javarand_next(r, 32);
  return (int64_t)((hi << 32) + lo);
}

BOT_API int javarand_next_boolean(javarand_t *r) { return javarand_next(r, 1) != 0; }

BOT_API double javarand_next_double(javarand_t *r) {
  int64_t a = javarand_next(r, 26), b = javarand_next(r, 27);
  return (double)((a << 27) + b) * (1.0 / (double)(1LL << 53));
}
