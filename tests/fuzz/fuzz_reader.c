/*
** fuzz_reader.c -- modules/reader.c over a string and over a pipe (the
** first byte chooses), every call in turn on every line: reader_int with a
** range taken from the input, reader_word into a small buffer, reader_rest,
** reader_end. Checks: statuses are known codes, a returned integer is in
** range, a word fits its buffer, the line stays NUL-terminated.
*/
#include <fcntl.h>
#include <unistd.h>

#include "fuzz.h"
#include "reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static reader_t r;
  if (size < 1) return 0;
  int use_pipe = data[0] & 1;
  long lo = -(long)(data[0] >> 1) * 1000, hi = 1000000;
  size_t n;
  const char *s = fuzz_cstr(data + 1, size - 1, &n);
  int fds[2] = {-1, -1};
  if (use_pipe && n < 60000 && pipe(fds) == 0) {
    if (write(fds[1], data + 1, size - 1) != (ssize_t)(size - 1)) abort();
    close(fds[1]);
    reader_init(&r, fds[0]);
  } else {
    reader_init_str(&r, s);
  }
  for (int lines = 0; lines < 10000; lines++) {
    int st = reader_line(&r);
    FUZZ_CHECK(st >= READER_OK && st <= READER_IOERR);
    if (st == READER_EOF || st == READER_IOERR) break;
    FUZZ_CHECK(strlen(reader_errmsg(&r)) < 160);
    if (st != READER_OK) continue;
    FUZZ_CHECK(r.line_len <= READER_LINE_MAX && r.line[r.line_len] == 0);
    for (int k = 0; k < 64; k++) {
      long v;
      char w[8];
      int a = reader_int(&r, &v, lo, hi);
      if (a == READER_OK) FUZZ_CHECK(v >= lo && v <= hi);
      int b = reader_word(&r, w, sizeof w);
      if (b == READER_OK) FUZZ_CHECK(strlen(w) < sizeof w);
      if (a == READER_MISSING && b == READER_MISSING) break;
    }
    FUZZ_CHECK(reader_end(&r) == READER_OK || reader_end(&r) == READER_EXTRA);
    (void)reader_rest(&r);
  }
  if (fds[0] >= 0) close(fds[0]);
  return 0;
}
