/*
** text.h -- printable copies of untrusted bytes, for error messages.
**
** A bot that quotes what a server sent (a status line, a body, an error
** message) must not write raw binary or terminal control sequences to
** stderr. text_printable copies bytes into a caller buffer: printable ASCII
** and well-formed UTF-8 sequences as they are, a backslash as "\\",
** \n \r \t as those escapes, every other byte (controls, DEL, bytes of
** malformed UTF-8) as "\xHH". If the copy does not fit it is cut at a
** character boundary and ends with "...".
**
** Invariants: the output is NUL-terminated (cap >= 1), holds no byte below
** 0x20 and no 0x7f, and is valid UTF-8; the function never reads past n.
*/
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>
#include "common.h"

/* Writes the printable form of s[0..n) into out[0..cap); returns the
   number of input bytes represented (n unless cut). */
BOT_API size_t text_printable(const char *s, size_t n, char *out, size_t cap);

#endif /* TEXT_H */
