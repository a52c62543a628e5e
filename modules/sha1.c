/*
** sha1.c -- SHA-1 compression and padding (FIPS 180-4, section 6.1).
** Invariant: c->used < 64 between calls; c->total counts every byte given.
*/
#include <string.h>
#include "sha1.h"

static uint32_t sha1__rol(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static void sha1__block(sha1_ctx *c, const uint8_t *p) {
  uint32_t w[80];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
           (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
  for (int i = 16; i < 80; i++) w[i] = sha1__rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  uint32_t a = c->h[0], b = c->h[1], cc = c->h[2], d = c->h[3], e = c->h[4];
  for (int i = 0; i < 80; i++) {
    uint32_t f, k;
    if (i < 20) { f = (b & cc) | (~b & d); k = 0x5a827999u; }
    else if (i < 40) { f = b ^ cc ^ d; k = 0x6ed9eba1u; }
    else if (i < 60) { f = (b & cc) | (b & d) | (cc & d); k = 0x8f1bbcdcu; }
    else { f = b ^ cc ^ d; k = 0xca62c1d6u; }
    uint32_t t = sha1__rol(a, 5) + f + e + k + w[i];
    e = d; d = cc; cc = sha1__rol(b, 30); b = a; a = t;
  }
  c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d; c->h[4] += e;
}

BOT_API void sha1_init(sha1_ctx *c) {
  c->h[0] = 0x67452301u; c->h[1] = 0xefcdab89u; c->h[2] = 0x98badcfeu;
  c->h[3] = 0x10325476u; c->h[4] = 0xc3d2e1f0u;
  c->total = 0;
  c->used = 0;
}

BOT_API void sha1_update(sha1_ctx *c, const void *data, size_t len) {
  const uint8_t *p = (const uint8_t *)data;
  c->total += len;
  while (len > 0) {
    size_t take = 64 - c->used;
    if (take > len) take = len;
    memcpy(c->block + c->used, p, take);
    c->used += (uint32_t)take;
    p += take;
    len -= take;
    if (c->used == 64) {
      sha1__block(c, c->block);
      c->used = 0;
    }
  }
}

BOT_API void sha1_final(sha1_ctx *c, uint8_t out[SHA1_DIGEST]) {
  uint64_t bits = c->total * 8;
  uint8_t pad = 0x80;
  sha1_update(c, &pad, 1);
  pad = 0;
  while (c->used != 56) sha1_update(c, &pad, 1);
  uint8_t len[8];
  for (int i = 0; i < 8; i++) len[i] = (uint8_t)(bits >> (56 - 8 * i));
  sha1_update(c, len, 8);
  for (int i = 0; i < 5; i++) {
    out[4 * i] = (uint8_t)(c->h[i] >> 24);
    out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
    out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
    out[4 * i + 3] = (uint8_t)c->h[i];
  }
}

BOT_API void sha1_digest(const void *data, size_t len, uint8_t out[SHA1_DIGEST]) {
  sha1_ctx c;
  sha1_init(&c);
  sha1_update(&c, data, len);
  sha1_final(&c, out);
}

BOT_API void sha1_hex(const uint8_t d[SHA1_DIGEST], char out[41]) {
  static const char sha1__hexd[] = "0123456789abcdef";
  for (int i = 0; i < SHA1_DIGEST; i++) {
    out[2 * i] = sha1__hexd[d[i] >> 4];
    out[2 * i + 1] = sha1__hexd[d[i] & 15];
  }
  out[40] = 0;
}
