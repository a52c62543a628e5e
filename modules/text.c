/*
** text.c -- printable copies of untrusted bytes (see text.h).
**
** One pass: each input character (a single byte, or a whole well-formed
** UTF-8 sequence: no overlongs, no surrogates, <= U+10FFFF) becomes 1 to 4
** output bytes; the copy stops before the first character that would not
** leave room for "..." and the NUL.
*/
#include "text.h"

#include <string.h>

/* Length of the well-formed UTF-8 sequence at s[0..n), or 0. */
static size_t text__utf8_len(const unsigned char *s, size_t n) {
  unsigned b = s[0];
  size_t len;
  unsigned long cp, min;
  if (b >= 0xC2 && b <= 0xDF) len = 2, cp = b & 0x1F, min = 0x80;
  else if ((b & 0xF0) == 0xE0) len = 3, cp = b & 0x0F, min = 0x800;
  else if (b >= 0xF0 && b <= 0xF4) len = 4, cp = b & 0x07, min = 0x10000;
  else return 0;
  if (n < len) return 0;
  for (size_t k = 1; k < len; k++) {
    if ((s[k] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[k] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

/* The printable form of the character at s[i..n) into w (8 bytes); its
   input length goes into *used. Returns the output length. */
static size_t text__one(const unsigned char *u, size_t i, size_t n, char *w, size_t *used) {
  static const char hex[] = "0123456789abcdef";
  unsigned c = u[i];
  size_t ul = c >= 0x80 ? text__utf8_len(u + i, n - i) : 0;
  *used = 1;
  if (ul) {
    memcpy(w, u + i, ul);
    *used = ul;
    return ul;
  }
  if (c == '\\' || c == '\n' || c == '\r' || c == '\t') {
    w[0] = '\\';
    w[1] = c == '\\' ? '\\' : c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
    return 2;
  }
  if (c < 0x20 || c >= 0x7f) {
    w[0] = '\\';
    w[1] = 'x';
    w[2] = hex[c >> 4];
    w[3] = hex[c & 15];
    return 4;
  }
  w[0] = (char)c;
  return 1;
}

BOT_API size_t text_printable(const char *s, size_t n, char *out, size_t cap) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0, o = 0, used;
  int rest_fits = 0; /* 1 once the whole remainder is known to fit */
  char w[8];
  if (cap == 0) return 0;
  while (i < n) {
    size_t wl = text__one(u, i, n, w, &used);
    if (!rest_fits && o + wl + 4 > cap) {
      /* no room left for "..." after this character: does the rest fit? */
      size_t need = o, j = i, uj;
      while (j < n && need < cap) {
        need += text__one(u, j, n, w, &uj);
        j += uj;
      }
      if (need + 1 > cap) {
        if (o + 4 <= cap) {
          memcpy(out + o, "...", 3);
          o += 3;
        }
        break;
      }
      rest_fits = 1;
      wl = text__one(u, i, n, w, &used);
    }
    memcpy(out + o, w, wl);
    o += wl;
    i += used;
  }
  out[o] = 0;
  return i;
}
