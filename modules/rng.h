/*
** rng.h -- fast non-cryptographic PRNG for searches: xoshiro256** (Blackman &
** Vigna), seeded through splitmix64 so any 64-bit seed gives a good state.
**
** Invariants: the state is a plain struct (copy it to fork a stream); the
** state is never all zero after rng_seed; rng_below(r, n) is unbiased for
** every n >= 1 (Lemire's multiply-and-reject).
*/
#ifndef RNG_H
#define RNG_H

#include <stdint.h>
#include "common.h"

typedef struct rng_t {
  uint64_t s[4];
} rng_t;

BOT_API void rng_seed(rng_t *r, uint64_t seed);
BOT_API uint64_t rng_next(rng_t *r);
/* Uniform integer in [0, n); n must be >= 1. */
BOT_API uint32_t rng_below(rng_t *r, uint32_t n);
/* Uniform double in [0, 1) with 53 random bits. */
BOT_API double rng_double(rng_t *r);

#endif /* RNG_H */
