/*
** fuzz_http_server.c -- the request-side helpers of modules/http.c that the
** servers' request parsing uses or mirrors: http_url_decode on a query or
** form text, http_parse_url on a request target, and the form encoder
** round trip (http_form_add then decode splits back into the same key and
** value). The servers' own request-line and header code lives in
** games/<game>/server.c (owned by the server work) and is not reached here.
** Checks: decode never grows a string; a parsed URL has a path starting
** with '/' and a port in 1..65535; encode+decode is the identity.
*/
#include "fuzz.h"
#include "http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char buf[FUZZ_MAX + 1], url[FUZZ_MAX + 16], form[3 * FUZZ_MAX + 16];
  size_t n;
  const char *s = fuzz_cstr(data, size, &n);
  size_t sl = strlen(s);
  /* 1. query/form decoding, piece by piece as the blitz server does */
  memcpy(buf, s, sl + 1);
  int d = http_url_decode(buf);
  FUZZ_CHECK(d == -1 || (d >= 0 && (size_t)d <= sl && strlen(buf) <= (size_t)d));
  /* 2. a request target as a URL */
  snprintf(url, sizeof url, "http://%s", s);
  http_url u;
  char err[256];
  if (http_parse_url(url, &u, err, sizeof err) == 0) {
    FUZZ_CHECK(u.path[0] == '/' && u.port >= 1 && u.port <= 65535 && u.host[0]);
  } else {
    FUZZ_CHECK(err[0]);
  }
  /* 3. form round trip: key = text before the first NUL-free half */
  size_t half = sl / 2;
  char key[512], val[512];
  snprintf(key, sizeof key, "%.*s", (int)(half < 511 ? half : 511), s);
  snprintf(val, sizeof val, "%.511s", s + half);
  form[0] = 0;
  int fl = http_form_add(form, sizeof form, key, val);
  FUZZ_CHECK(fl >= 0 && (size_t)fl == strlen(form));
  char *eq = strchr(form, '=');
  FUZZ_CHECK(eq != NULL && strchr(eq + 1, '=') == NULL && strchr(form, '&') == NULL);
  *eq = 0;
  FUZZ_CHECK(http_url_decode(form) >= 0 && strcmp(form, key) == 0);
  FUZZ_CHECK(http_url_decode(eq + 1) >= 0 && strcmp(eq + 1, val) == 0);
  /* a too-small buffer is an error, never an overflow */
  char tiny[8] = "";
  (void)http_form_add(tiny, sizeof tiny, key, val);
  FUZZ_CHECK(strlen(tiny) < sizeof tiny);
  return 0;
}
