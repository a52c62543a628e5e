/*
** javarand.h -- bit-exact port of java.util.Random (the 48-bit linear
** congruential generator of the JDK), for referees that must reproduce a
** Java game's random draws from its seed.
**
** Invariants: the state is a plain struct (copy it to fork a stream); after
** javarand_seed the state holds 48 significant bits, as in Java. Every
** function returns exactly what the Java method of the same name returns for
** the same state, including signedness (Java int -> int32_t, long ->
** int64_t).
*/
#ifndef JAVARAND_H
#define JAVARAND_H

#include <stdint.h>
#include "common.h"

#define JAVARAND_MULT 0x5DEECE66DULL
#define JAVARAND_ADD 0xBULL
#define JAVARAND_MASK ((1ULL << 48) - 1)

typedef struct javarand_t {
  uint64_t state; /* 48-bit LCG state */
} javarand_t;

/* new Random(seed) / setSeed(seed): scrambles the seed with the multiplier. */
BOT_API void javarand_seed(javarand_t *r, int64_t seed);
/* protected int next(int bits), 1 <= bits <= 32. */
BOT_API int32_t javarand_next(javarand_t *r, int bits);
/* nextInt(): 32 random bits. */
BOT_API int32_t javarand_next_int(javarand_t *r);
/* nextInt(bound), bound >= 1 (returns 0 for a bad bound; Java throws). */
BOT_API int32_t javarand_next_int_bound(javarand_t *r, int32_t bound);
BOT_API int64_t javarand_next_long(javarand_t *r);
BOT_API int javarand_next_boolean(javarand_t *r);
BOT_API double javarand_next_double(javarand_t *r);

#endif /* JAVARAND_H */
