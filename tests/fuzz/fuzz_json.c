/*
** fuzz_json.c -- modules/json.c: json_parse on any bytes, then every
** accessor on every token. Checks: an error has an offset inside the text;
** on success every token's span and subtree bound stay inside the text and
** the array; json_int agrees with json_double where both succeed;
** json_str_copy output round-trips through json_escape and json_parse.
** Also text_printable on the raw bytes (its output must be printable).
*/
#include "fuzz.h"
#include "json.h"
#include "text.h"

#define FUZZ_TOKS 512

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static json_tok toks[FUZZ_TOKS], back[8];
  static char out[FUZZ_MAX + 8], esc[6 * FUZZ_MAX + 8];
  size_t n;
  const char *s = fuzz_cstr(data, size, &n);
  json_doc d;
  int k = json_parse(&d, s, n, toks, FUZZ_TOKS);
  if (k < 0) {
    FUZZ_CHECK(d.err_pos >= 0 && d.err_pos <= (int)n);
    FUZZ_CHECK(json_strerror(k)[0] != 0);
  } else {
    FUZZ_CHECK(k >= 1 && k <= FUZZ_TOKS);
    for (int i = 0; i < k; i++) {
      const json_tok *t = &toks[i];
      FUZZ_CHECK(t->start >= 0 && t->len >= 0 && t->start + t->len <= (int)n);
      FUZZ_CHECK(t->next > i && t->next <= k);
      long long iv;
      double dv;
      int bv;
      if (json_int(&d, i, &iv) == 0) {
        FUZZ_CHECK(t->type == JSON_NUMBER);
        if (json_double(&d, i, &dv) == 0 && dv > -9e15 && dv < 9e15) FUZZ_CHECK((double)iv == dv);
      }
      (void)json_double(&d, i, &dv);
      if (json_bool(&d, i, &bv) == 0) FUZZ_CHECK(bv == 0 || bv == 1);
      if (t->type == JSON_ARRAY)
        for (int e = 0; e < t->size && e < 4; e++) FUZZ_CHECK(json_at(&d, i, e) > i);
      if (t->type == JSON_OBJECT) (void)json_get(&d, i, "key");
      int m = json_str_copy(&d, i, out, sizeof out);
      (void)json_str_copy(&d, i, esc, 1 + (size_t)(n % 7));
      if (m >= 0) FUZZ_CHECK(t->type == JSON_STRING && out[m] == 0);
      if (m >= 0 && strlen(out) == (size_t)m) { /* (\u0000 decodes to a NUL byte) */
        FUZZ_CHECK(json_str_eq(&d, i, out) || m >= 255);
        /* round trip: escape, parse, decode gives the same bytes */
        int e = json_escape(out, esc, sizeof esc);
        FUZZ_CHECK(e > 0);
        json_doc d2;
        FUZZ_CHECK(json_parse(&d2, esc, (size_t)e, back, 8) == 1);
        static char again[FUZZ_MAX + 8];
        FUZZ_CHECK(json_str_copy(&d2, 0, again, sizeof again) == m && memcmp(again, out, (size_t)m) == 0);
      }
    }
  }
  static char pr[512];
  size_t used = text_printable(s, n, pr, 1 + size % sizeof pr);
  FUZZ_CHECK(used <= n && fuzz_printable(pr));
  return 0;
}
