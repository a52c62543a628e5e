/*
** bot_random.c -- Spring Challenge 2021 sparring bot "random": answers a
** uniformly random line of the referee's list of possible actions (so it is
** always legal), WAIT included. SPRING2021_SEED=N in the environment seeds
** its generator (tests: the same game on every run); else the clock does.
**
** Invariants: one line per turn, flushed; bad input -> stderr and WAIT.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deadline.h"
#include "reader.h"
#include "rng.h"

static reader_t random__in;
static char random__lines[512][64];

int main(void) {
  reader_t *r = &random__in;
  rng_t g;
  reader_init(r, 0);
  /* SPRING2021_SEED (tests): the same answers on every run */
  const char *seed = getenv("SPRING2021_SEED");
  rng_seed(&g, seed && *seed ? strtoull(seed, NULL, 10) : (uint64_t)deadline_now_ns());
  long n;
  if (reader_line(r) || reader_int(r, &n, 0, 37)) {
    fprintf(stderr, "random: bad init: %s\n", reader_errmsg(r));
    return 0;
  }
  for (long i = 0; i < n; i++)
    if (reader_line(r)) return 0;
  for (;;) {
    long nt, na = 0;
    int st = reader_line(r); /* day */
    if (st == READER_EOF || st == READER_IOERR) return 0;
    int ok = st == READER_OK;
    for (int k = 0; ok && k < 3; k++) ok = reader_line(r) == READER_OK;
    if (ok) ok = reader_line(r) == READER_OK && reader_int(r, &nt, 0, 37) == READER_OK;
    for (long i = 0; ok && i < nt; i++) ok = reader_line(r) == READER_OK;
    if (ok) ok = reader_line(r) == READER_OK && reader_int(r, &na, 1, 100000) == READER_OK;
    long kept = 0;
    for (long i = 0; ok && i < na; i++) {
      ok = reader_line(r) == READER_OK;
      if (ok && kept < 512) snprintf(random__lines[kept++], sizeof random__lines[0], "%.60s", r->line);
    }
    if (!ok || kept == 0) {
      fprintf(stderr, "random: bad turn input: %s\n", reader_errmsg(r));
      printf("WAIT\n");
    } else {
      printf("%s\n", random__lines[rng_below(&g, (uint32_t)kept)]);
    }
    fflush(stdout);
  }
}
