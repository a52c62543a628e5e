/*
** base64.h -- standard base64 (RFC 4648, alphabet A-Z a-z 0-9 + /, '='
** padding), encode and strict decode into caller buffers.
*/
#ifndef BASE64_H
#define BASE64_H

#include <stddef.h>
#include "common.h"

/* Characters needed to encode n bytes, without the NUL. */
#define BASE64_ENCODED_LEN(n) ((((n) + 2) / 3) * 4)

/* Encodes; writes a NUL. Returns the length, or -1 if cap is too small. */
BOT_API long base64_encode(const void *in, size_t n, char *out, size_t cap);
/* Decodes strict base64 (padding required, no whitespace). Returns the byte
   count, or -1 on a bad character, bad padding or small cap. */
BOT_API long base64_decode(const char *in, size_t n, void *out, size_t cap);

#endif /* BASE64_H */
