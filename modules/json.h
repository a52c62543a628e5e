/*
** json.h -- allocator-free JSON tokenizer and reader (RFC 8259).
**
** json_parse fills a caller-owned token array: one token per value, in
** document order; containers know their size (members or elements) and the
** index just past their last descendant, so skipping a subtree is O(1).
** Strings are not copied: a token points into the caller's text (without the
** quotes, escapes left as written); json_str_copy decodes escapes (\uXXXX to
** UTF-8, surrogate pairs included) into a caller buffer.
**
** Invariants: on success tokens[0] is the root and json_parse returns the
** token count; on failure it returns a negative JSON_E* code and json_error
** tells the byte offset. Depth is bounded by JSON_MAX_DEPTH (no recursion).
*/
#ifndef JSON_H
#define JSON_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define JSON_MAX_DEPTH 64

typedef enum json_type {
  JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT
} json_type;

enum {
  JSON_ENOMEM = -1,   /* more tokens than the array holds */
  JSON_EINVAL = -2,   /* malformed text */
  JSON_EPART = -3,    /* text ended inside a value */
  JSON_EDEPTH = -4    /* nesting deeper than JSON_MAX_DEPTH */
};

typedef struct json_tok {
  json_type type;
  int start, len; /* bytes of the value in the text; strings: inside quotes */
  int size;       /* objects: members, arrays: elements, others 0 */
  int next;       /* index of the first token after this value's subtree */
} json_tok;

typedef struct json_doc {
  const char *text;
  size_t text_len;
  json_tok *toks;
  int ntoks, cap;
  int err_pos; /* byte offset of the error, -1 if none */
} json_doc;

/* Parses text[0..len) into toks[0..cap). Returns the token count or JSON_E*. */
BOT_API int json_parse(json_doc *d, const char *text, size_t len, json_tok *toks, int cap);
BOT_API const char *json_strerror(int code);
/* Object member lookup: token index of the value of key `key` in object
   token `obj`, or -1. Keys are compared after unescaping. */
BOT_API int json_get(const json_doc *d, int obj, const char *key);
/* Array element `i` of array token `arr`, or -1. */
BOT_API int json_at(const json_doc *d, int arr, int i);
/* Value helpers: return 0 on success, -1 if the token has another type or
   does not fit. */
BOT_API int json_int(const json_doc *d, int tok, long long *out);
BOT_API int json_double(const json_doc *d, int tok, double *out);
BOT_API int json_bool(const json_doc *d, int tok, int *out);
/* Decodes a string token into out (NUL-terminated); returns its length or
   -1 (not a string, bad escape, or cap too small). */
BOT_API int json_str_copy(const json_doc *d, int tok, char *out, size_t cap);
/* The same, but a string that does not fit is cut before the first
   character (never inside a UTF-8 sequence) that would not fit; *was_cut
   (may be NULL) tells. Returns the bytes written, or -1 (not a string, bad
   escape, cap 0). */
BOT_API int json_str_copy_cut(const json_doc *d, int tok, char *out, size_t cap, int *was_cut);
/* 1 if string token `tok` equals s after unescaping. */
BOT_API int json_str_eq(const json_doc *d, int tok, const char *s);
/* Writes s as a JSON string literal (with quotes) into out; returns length
   or -1 if cap is too small. For building messages. */
BOT_API int json_escape(const char *s, char *out, size_t cap);

#endif /* JSON_H */
