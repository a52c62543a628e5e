/*
** fuzz_blitz.c -- the Blitz bot's state JSON into its AI: client_parse_state
** (the JSON a server answers, with the terrain memory of earlier states:
** the input may hold several documents separated by NUL bytes, read in
** turn), then ai_choose with a 0.3 ms budget, as client_run does, on the
** counting clock (fuzz_clock.c: 3 clock checks, 256 nodes each).
** Checks: a parsed state is one the simulator accepts (board size, own id,
** heroes on the board); the move is a direction; error messages are
** printable text.
*/
#include "fuzz.h"
#include "fuzz_clock.h"
#include "ai.h"
#include "client.h"
#include "deadline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static client_view v;
  static uint8_t mem[RULES_CELLS];
  fuzz_clock_reset();
  memset(&v, 0, sizeof v);
  memset(mem, 255, sizeof mem);
  const char *p = (const char *)data, *end = p + size;
  for (int doc = 0; doc < 8 && p < end; doc++) {
    const char *z = memchr(p, 0, (size_t)(end - p));
    size_t len = z ? (size_t)(z - p) : (size_t)(end - p);
    char play[256], view[256], err[256];
    int finished = -1;
    int rc = client_parse_state(&v, mem, p, len, play, sizeof play, view, sizeof view, &finished, err, sizeof err);
    p += len + 1;
    if (rc < 0) {
      FUZZ_CHECK(err[0] && fuzz_printable(err));
      continue;
    }
    FUZZ_CHECK(finished == 0 || finished == 1);
    FUZZ_CHECK(v.me >= 1 && v.me <= 4 && v.st.n >= 1 && v.st.n <= RULES_MAXN);
    for (int k = 0; k < 4; k++)
      FUZZ_CHECK(v.st.heroes[k].x >= 0 && v.st.heroes[k].x < v.st.n && v.st.heroes[k].y >= 0 &&
                 v.st.heroes[k].y < v.st.n);
    if (finished) continue;
    deadline_t d;
    deadline_start(&d, 0.3);
    ai_stats st;
    int dir = ai_choose(&v.st, v.me, &d, &st);
    FUZZ_CHECK(dir >= RULES_NORTH && dir <= RULES_STAY);
  }
  return 0;
}
