/*
** sha1prng.h -- bit-exact port of Java's SecureRandom "SHA1PRNG" (the
** generator the CodinGame SDK 4.x hands to referees), seeded with a 64-bit
** value, plus the java.util.Random-style calls referees make on it.
**
** Byte stream: state S = SHA-1(seed as 8 bytes, least significant first);
** each new 20-byte output block B = SHA-1(S), then S = S + B + 1 computed
** bytewise with sign-extended bytes and an arithmetic carry (S[0] is bumped if
** no byte changed). Bytes are consumed in order across calls.
**
** Invariants: a sha1prng_t is a plain struct (copy it to fork the stream);
** `used` is the number of bytes of `block` already consumed (20 = none left).
** A seed of 0 is treated like any other value here (Java would ignore it and
** self-seed, which cannot be reproduced).
*/
#ifndef SHA1PRNG_H
#define SHA1PRNG_H

#include <stdint.h>
#include "common.h"

typedef struct sha1prng_t {
  uint8_t state[20];
  uint8_t block[20];
  int used;
} sha1prng_t;

BOT_API void sha1prng_seed(sha1prng_t *g, int64_t seed);
/* Next raw byte of the stream. */
BOT_API uint8_t sha1prng_byte(sha1prng_t *g);
/* Java Random.next(bits), 1 <= bits <= 32: ceil(bits/8) bytes, big-endian,
   keeping the top `bits` bits. */
BOT_API uint32_t sha1prng_next(sha1prng_t *g, int bits);
/* Java nextInt(bound), bound >= 1 (a bound < 1 returns 0 without consuming). */
BOT_API int32_t sha1prng_next_int(sha1prng_t *g, int32_t bound);
/* Java nextBoolean(): one byte, its top bit. */
BOT_API int sha1prng_next_bool(sha1prng_t *g);

#endif /* SHA1PRNG_H */
