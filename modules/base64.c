/*
** base64.c -- RFC 4648 base64 (see base64.h).
** Invariant: decode accepts exactly what encode produces (canonical padding,
** unused bits zero); anything else is -1.
*/
#include <stdint.h>
#include "base64.h"

static const char base64__alpha[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int base64__val(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

BOT_API long base64_encode(const void *in, size_t n, char *out, size_t cap) {
  const uint8_t *p = (const uint8_t *)in;
  size_t need = BASE64_ENCODED_LEN(n);
  if (cap < need + 1) return -1;
  size_t o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16;
    if (i + 1 < n) v |= (uint32_t)p[i + 1] << 8;
    if (i + 2 < n) v |= p[i + 2];
    out[o++] = base64__alpha[(v >> 18) & 63];
    out[o++] = base64__alpha[(v >> 12) & 63];
    out[o++] = i + 1 < n ? base64__alpha[(v >> 6) & 63] : '=';
    out[o++] = i + 2 < n ? base64__alpha[v & 63] : '=';
  }
  out[o] = 0;
  return (long)o;
}

BOT_API long base64_decode(const char *in, size_t n, void *out, size_t cap) {
  uint8_t *q = (uint8_t *)out;
  if (n % 4 != 0) return -1;
  size_t o = 0;
  for (size_t i = 0; i < n; i += 4) {
    int v[4], pad = 0;
    for (int k = 0; k < 4; k++) {
      char c = in[i + k];
      if (c == '=' && i + 4 == n && k >= 2) {
        v[k] = 0;
        pad++;
      } else {
        if (pad) return -1; /* data after padding */
        v[k] = base64__val(c);
        if (v[k] < 0) return -1;
      }
    }
    if (pad == 2 && in[i + 2] != '=') return -1;
    uint32_t w = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 | (uint32_t)v[3];
    int bytes = 3 - pad;
    if (pad == 1 && (w & 0xff) != 0) return -1;
    if (pad == 2 && (w & 0xffff) != 0) return -1;
    if (o + (size_t)bytes > cap) return -1;
    q[o++] = (uint8_t)(w >> 16);
    if (bytes > 1) q[o++] = (uint8_t)(w >> 8);
    if (bytes > 2) q[o++] = (uint8_t)w;
  }
  return (long)o;
}
