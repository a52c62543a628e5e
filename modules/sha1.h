/*
** sha1.h -- SHA-1 (FIPS 180-4), streaming, allocator-free.
**
** Used by the WebSocket handshake (Sec-WebSocket-Accept) and by Green
** Circle's SHA1PRNG port. Not for security.
** Invariant: a sha1_ctx can be copied to fork a running hash.
*/
#ifndef SHA1_H
#define SHA1_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define SHA1_DIGEST 20

typedef struct sha1_ctx {
  uint32_t h[5];
  uint64_t total;   /* bytes hashed so far */
  uint8_t block[64];
  uint32_t used;    /* bytes waiting in block */
} sha1_ctx;

BOT_API void sha1_init(sha1_ctx *c);
BOT_API void sha1_update(sha1_ctx *c, const void *data, size_t len);
BOT_API void sha1_final(sha1_ctx *c, uint8_t out[SHA1_DIGEST]);
/* One-shot digest. */
BOT_API void sha1_digest(const void *data, size_t len, uint8_t out[SHA1_DIGEST]);
/* Lower-case hex of a digest into out[41]. */
BOT_API void sha1_hex(const uint8_t d[SHA1_DIGEST], char out[41]);

#endif /* SHA1_H */
