/*
** json.c -- allocator-free JSON tokenizer (see json.h).
**
** One pass, no recursion: an explicit stack holds the open containers. Each
** token records its byte span; a container's `next` is filled when it closes.
** Invariants: after success, for every container token t, the tokens
** t+1 .. next-1 are exactly its descendants, in document order; object
** members alternate key (string) and value tokens.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"

static int json__err(json_doc *d, int code, size_t pos) {
  d->err_pos = (int)pos;
  return code;
}

static int json__new(json_doc *d, json_type t, size_t start) {
  if (d->ntoks >= d->cap) return -1;
  json_tok *k = &d->toks[d->ntoks];
  k->type = t;
  k->start = (int)start;
  k->len = 0;
  k->size = 0;
  k->next = d->ntoks + 1;
  return d->ntoks++;
}

static int json__hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Scans a string starting after its opening quote; returns the index of the
   closing quote, or a negative code. */
static long json__scan_string(const char *s, size_t n, size_t i) {
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"') return (long)i;
    if (c < 0x20) return JSON_EINVAL;
    if (c == '\\') {
      if (i + 1 >= n) return JSON_EPART;
      char e = s[i + 1];
      if (e == 'u') {
        if (i + 6 > n) return JSON_EPART;
        for (int k = 2; k < 6; k++)
          if (json__hex(s[i + k]) < 0) return JSON_EINVAL;
        i += 6;
        continue;
      }
      if (!strchr("\"\\/bfnrt", e) || e == 0) return JSON_EINVAL;
      i += 2;
      continue;
    }
    i++;
  }
  return JSON_EPART;
}

static long json__scan_number(const char *s, size_t n, size_t i) {
  if (i < n && s[i] == '-') i++;
  if (i >= n) return JSON_EPART;
  if (s[i] == '0') i++;
  else if (s[i] >= '1' && s[i] <= '9') while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  else return JSON_EINVAL;
  if (i < n && s[i] == '.') {
    i++;
    if (i >= n || s[i] < '0' || s[i] > '9') return i >= n ? JSON_EPART : JSON_EINVAL;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    if (i >= n || s[i] < '0' || s[i] > '9') return i >= n ? JSON_EPART : JSON_EINVAL;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  }
  return (long)i;
}

BOT_API int json_parse(json_doc *d, const char *s, size_t n, json_tok *toks, int cap) {
  int stack[JSON_MAX_DEPTH];
  int depth = 0;
  /* What the grammar allows next: a value, a key (or '}' if the object is
     empty), ':' after a key, ',' or a closer after a value. */
  enum { WANT_VALUE, WANT_KEY, WANT_KEY_OR_END, WANT_VALUE_OR_END, WANT_COLON, WANT_COMMA_OR_END, WANT_NOTHING };
  int want = WANT_VALUE;
  size_t i = 0;
  d->text = s;
  d->text_len = n;
  d->toks = toks;
  d->ntoks = 0;
  d->cap = cap;
  d->err_pos = -1;
  while (i < n) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      i++;
      continue;
    }
    if (want == WANT_NOTHING) return json__err(d, JSON_EINVAL, i);
    if (want == WANT_COLON) {
      if (c != ':') return json__err(d, JSON_EINVAL, i);
      i++;
      want = WANT_VALUE;
      continue;
    }
    if (want == WANT_COMMA_OR_END) {
      int top = stack[depth - 1];
      if (c == ',') {
        want = toks[top].type == JSON_OBJECT ? WANT_KEY : WANT_VALUE;
        i++;
        continue;
      }
      /* fall through to the closer check below */
    }
    if (c == '}' || c == ']') {
      if (depth == 0) return json__err(d, JSON_EINVAL, i);
      int top = stack[depth - 1];
      json_type need = c == '}' ? JSON_OBJECT : JSON_ARRAY;
      if (toks[top].type != need) return json__err(d, JSON_EINVAL, i);
      int ok = want == WANT_COMMA_OR_END ||
               (need == JSON_OBJECT && want == WANT_KEY_OR_END) ||
               (need == JSON_ARRAY && want == WANT_VALUE_OR_END);
      if (!ok) return json__err(d, JSON_EINVAL, i);
      toks[top].len = (int)(i + 1) - toks[top].start;
      toks[top].next = d->ntoks;
      depth--;
      i++;
      want = depth ? WANT_COMMA_OR_END : WANT_NOTHING;
      continue;
    }
    if (want == WANT_COMMA_OR_END) return json__err(d, JSON_EINVAL, i);
    int is_key = want == WANT_KEY || want == WANT_KEY_OR_END;
    if (is_key && c != '"') return json__err(d, JSON_EINVAL, i);
    /* A value (or a key) starts here: count it in its container. */
    if (depth && !is_key) {
      int top = stack[depth - 1];
      toks[top].size++;
    }
    int t;
    if (c == '{' || c == '[') {
      if (depth >= JSON_MAX_DEPTH) return json__err(d, JSON_EDEPTH, i);
      t = json__new(d, c == '{' ? JSON_OBJECT : JSON_ARRAY, i);
      if (t < 0) return json__err(d, JSON_ENOMEM, i);
      stack[depth++] = t;
      want = c == '{' ? WANT_KEY_OR_END : WANT_VALUE_OR_END;
      i++;
      continue;
    }
    if (c == '"') {
      long e = json__scan_string(s, n, i + 1);
      if (e < 0) return json__err(d, (int)e, i);
      t = json__new(d, JSON_STRING, i + 1);
      if (t < 0) return json__err(d, JSON_ENOMEM, i);
      toks[t].len = (int)(e - (long)(i + 1));
      i = (size_t)e + 1;
      want = is_key ? WANT_COLON : (depth ? WANT_COMMA_OR_END : WANT_NOTHING);
      continue;
    }
    json_type lit;
    size_t end;
    if (c == '-' || (c >= '0' && c <= '9')) {
      long e = json__scan_number(s, n, i);
      if (e < 0) return json__err(d, (int)e, i);
      lit = JSON_NUMBER;
      end = (size_t)e;
    } else {
      const char *word = c == 't' ? "true" : c == 'f' ? "false" : c == 'n' ? "null" : NULL;
      if (!word) return json__err(d, JSON_EINVAL, i);
      size_t wl = strlen(word);
      size_t have = n - i < wl ? n - i : wl;
      if (memcmp(s + i, word, have) != 0) return json__err(d, JSON_EINVAL, i);
      if (have < wl) return json__err(d, JSON_EPART, i);
      lit = c == 't' ? JSON_TRUE : c == 'f' ? JSON_FALSE : JSON_NULL;
      end = i + wl;
    }
    /* a literal must end at a delimiter */
    if (end < n && !strchr(" \t\r\n,]}", s[end])) return json__err(d, JSON_EINVAL, end);
    t = json__new(d, lit, i);
    if (t < 0) return json__err(d, JSON_ENOMEM, i);
    toks[t].len = (int)(end - i);
    i = end;
    want = depth ? WANT_COMMA_OR_END : WANT_NOTHING;
  }
  if (depth > 0 || want != WANT_NOTHING) return json__err(d, JSON_EPART, n);
  return d->ntoks;
}

BOT_API const char *json_strerror(int code) {
  switch (code) {
  case JSON_ENOMEM: return "too many tokens";
  case JSON_EINVAL: return "malformed JSON";
  case JSON_EPART: return "truncated JSON";
  case JSON_EDEPTH: return "JSON nested too deeply";
  default: return code >= 0 ? "no error" : "unknown JSON error";
  }
}

BOT_API int json_get(const json_doc *d, int obj, const char *key) {
  if (obj < 0 || obj >= d->ntoks || d->toks[obj].type != JSON_OBJECT) return -1;
  int t = obj + 1;
  for (int m = 0; m < d->toks[obj].size; m++) {
    int v = t + 1;
    if (json_str_eq(d, t, key)) return v;
    t = d->toks[v].next;
  }
  return -1;
}

BOT_API int json_at(const json_doc *d, int arr, int i) {
  if (arr < 0 || arr >= d->ntoks || d->toks[arr].type != JSON_ARRAY) return -1;
  if (i < 0 || i >= d->toks[arr].size) return -1;
  int t = arr + 1;
  while (i-- > 0) t = d->toks[t].next;
  return t;
}

BOT_API int json_double(const json_doc *d, int tok, double *out) {
  if (tok < 0 || tok >= d->ntoks || d->toks[tok].type != JSON_NUMBER) return -1;
  char buf[64];
  int n = d->toks[tok].len;
  if (n >= (int)sizeof buf) return -1;
  memcpy(buf, d->text + d->toks[tok].start, (size_t)n);
  buf[n] = 0;
  *out = strtod(buf, NULL);
  return 0;
}

/* Integers are read digit by digit in unsigned arithmetic, checked against
   the limit before each step (so 2^63 and -2^63-1 are range errors, not
   wrapped values); any other number form goes through strtod and is range
   checked before the conversion, which is undefined outside the range. */
BOT_API int json_int(const json_doc *d, int tok, long long *out) {
  if (tok < 0 || tok >= d->ntoks || d->toks[tok].type != JSON_NUMBER) return -1;
  const char *p = d->text + d->toks[tok].start;
  int n = d->toks[tok].len, i = 0, neg = 0;
  if (n > 0 && p[0] == '-') {
    neg = 1;
    i = 1;
  }
  unsigned long long v = 0, lim = (unsigned long long)LLONG_MAX + (unsigned long long)neg;
  for (; i < n; i++) {
    if (p[i] < '0' || p[i] > '9') {
      /* 3.0 or 1e2: accept if the value is integral and in range */
      double dv;
      if (json_double(d, tok, &dv) != 0) return -1;
      if (!(dv >= -9223372036854775808.0 && dv < 9223372036854775808.0)) return -1;
      long long iv = (long long)dv;
      if ((double)iv != dv) return -1;
      *out = iv;
      return 0;
    }
    unsigned digit = (unsigned)(p[i] - '0');
    if (v > (lim - digit) / 10) return -1;
    v = v * 10 + digit;
  }
  if (!neg) *out = (long long)v;
  else *out = v > (unsigned long long)LLONG_MAX ? LLONG_MIN : -(long long)v;
  return 0;
}

BOT_API int json_bool(const json_doc *d, int tok, int *out) {
  if (tok < 0 || tok >= d->ntoks) return -1;
  if (d->toks[tok].type == JSON_TRUE) *out = 1;
  else if (d->toks[tok].type == JSON_FALSE) *out = 0;
  else return -1;
  return 0;
}

/* Appends code point cp as UTF-8; returns bytes written or -1. */
static int json__utf8(unsigned long cp, char *out, size_t room) {
  if (cp < 0x80) {
    if (room < 1) return -1;
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    if (room < 2) return -1;
    out[0] = (char)(0xc0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    if (room < 3) return -1;
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  if (room < 4) return -1;
  out[0] = (char)(0xf0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
  out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

static unsigned long json__u4(const char *p) {
  return (unsigned long)(json__hex(p[0]) << 12 | json__hex(p[1]) << 8 | json__hex(p[2]) << 4 | json__hex(p[3]));
}

/* Decodes string token tok into out[0..cap). cut = 0: -1 if it does not
   fit; cut = 1: stops before the first character that does not fit and
   sets *was_cut. Returns the bytes written (NUL not counted) or -1. */
static int json__decode(const json_doc *d, int tok, char *out, size_t cap, int cut, int *was_cut) {
  if (tok < 0 || tok >= d->ntoks || d->toks[tok].type != JSON_STRING || cap == 0) return -1;
  const char *p = d->text + d->toks[tok].start;
  int n = d->toks[tok].len;
  size_t o = 0;
  if (was_cut) *was_cut = 0;
  for (int i = 0; i < n;) {
    char c = p[i];
    char tmp[4];
    int w;
    if (c != '\\') {
      tmp[0] = c;
      w = 1;
      i++;
    } else {
      char e = p[i + 1];
      char simple = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b'
                  : e == 'f' ? '\f' : (e == '"' || e == '\\' || e == '/') ? e : 0;
      if (simple) {
        tmp[0] = simple;
        w = 1;
        i += 2;
      } else {
        /* \uXXXX, possibly a surrogate pair */
        unsigned long cp = json__u4(p + i + 2);
        i += 6;
        if (cp >= 0xd800 && cp < 0xdc00) {
          if (i + 6 > n || p[i] != '\\' || p[i + 1] != 'u') return -1;
          unsigned long lo = json__u4(p + i + 2);
          if (lo < 0xdc00 || lo >= 0xe000) return -1;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
        } else if (cp >= 0xdc00 && cp < 0xe000) {
          return -1;
        }
        w = json__utf8(cp, tmp, sizeof tmp);
      }
    }
    if (o + (size_t)w + 1 > cap) {
      if (!cut) return -1;
      if (was_cut) *was_cut = 1;
      break;
    }
    memcpy(out + o, tmp, (size_t)w);
    o += (size_t)w;
  }
  out[o] = 0;
  return (int)o;
}

BOT_API int json_str_copy(const json_doc *d, int tok, char *out, size_t cap) {
  return json__decode(d, tok, out, cap, 0, NULL);
}

BOT_API int json_str_copy_cut(const json_doc *d, int tok, char *out, size_t cap, int *was_cut) {
  return json__decode(d, tok, out, cap, 1, was_cut);
}

BOT_API int json_str_eq(const json_doc *d, int tok, const char *s) {
  if (tok < 0 || tok >= d->ntoks || d->toks[tok].type != JSON_STRING) return 0;
  const json_tok *k = &d->toks[tok];
  size_t sl = strlen(s);
  /* fast path: no escapes */
  if (!memchr(d->text + k->start, '\\', (size_t)k->len))
    return (size_t)k->len == sl && memcmp(d->text + k->start, s, sl) == 0;
  char buf[256];
  int n = json_str_copy(d, tok, buf, sizeof buf);
  return n >= 0 && (size_t)n == sl && memcmp(buf, s, sl) == 0;
}

BOT_API int json_escape(const char *s, char *out, size_t cap) {
  size_t o = 0;
  if (cap < 3) return -1;
  out[o++] = '"';
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    char tmp[8];
    const char *w = tmp;
    if (c == '"') w = "\\\"";
    else if (c == '\\') w = "\\\\";
    else if (c == '\n') w = "\\n";
    else if (c == '\r') w = "\\r";
    else if (c == '\t') w = "\\t";
    else if (c < 0x20) snprintf(tmp, sizeof tmp, "\\u%04x", c);
    else {
      tmp[0] = (char)c;
      tmp[1] = 0;
    }
    size_t wl = strlen(w);
    if (o + wl + 2 > cap) return -1;
    memcpy(out + o, w, wl);
    o += wl;
  }
  out[o++] = '"';
  out[o] = 0;
  return (int)o;
}
