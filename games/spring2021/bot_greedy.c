/*
** bot_greedy.c -- Spring Challenge 2021 sparring bot "greedy": reads the
** referee's list of possible actions and picks, in order: COMPLETE from day
** 11 (richest cell first), GROW (largest tree first; seeds and size-1 trees
** not after day 19), SEED only while it owns no seed (richest target, away
** from its own trees when possible), else WAIT.
**
** Invariants: one line per turn, flushed; bad input -> stderr and WAIT.
*/
#include <stdio.h>
#include <string.h>

#include "reader.h"
#include "rules.h"

static reader_t greedy__in;

int main(void) {
  rules_board b;
  rules_state s;
  rules_board_default(&b, 3);
  reader_init(&greedy__in, 0);
  reader_t *r = &greedy__in;
  long n, idx, rich;
  if (reader_line(r) || reader_int(r, &n, 0, RULES_CELLS)) {
    fprintf(stderr, "greedy: bad init: %s\n", reader_errmsg(r));
    return 0;
  }
  for (long i = 0; i < n; i++) {
    if (reader_line(r) || reader_int(r, &idx, 0, 36) || reader_int(r, &rich, 0, 3)) {
      fprintf(stderr, "greedy: bad cell line: %s\n", reader_errmsg(r));
      return 0;
    }
    b.richness[idx] = (int8_t)rich;
  }
  for (;;) {
    long day, nt, mine, size, dorm, c;
    int st = reader_line(r);
    if (st == READER_EOF || st == READER_IOERR) return 0;
    int ok = st == READER_OK && reader_int(r, &day, 0, 23) == READER_OK;
    for (int k = 0; ok && k < 3; k++) ok = reader_line(r) == READER_OK; /* nutrients, suns */
    rules_state_empty(&s);
    if (ok) ok = reader_line(r) == READER_OK && reader_int(r, &nt, 0, 37) == READER_OK;
    for (long i = 0; ok && i < nt; i++) {
      ok = reader_line(r) == READER_OK && reader_int(r, &c, 0, 36) == READER_OK &&
           reader_int(r, &size, 0, 3) == READER_OK && reader_int(r, &mine, 0, 1) == READER_OK &&
           reader_int(r, &dorm, 0, 1) == READER_OK;
      if (ok) rules_put(&s, (int)c, (int)size, mine ? 0 : 1, (int)dorm);
    }
    long na = 0;
    if (ok) ok = reader_line(r) == READER_OK && reader_int(r, &na, 1, 100000) == READER_OK;
    char best[64] = "WAIT";
    long best_score = 0;
    uint64_t near = 0;
    for (uint64_t t = s.own[0]; t; t &= t - 1) near |= rules_tab.range[__builtin_ctzll(t)][1];
    int have_seed = (s.own[0] & s.size[0]) != 0;
    for (long i = 0; ok && i < na; i++) {
      char kind[16];
      ok = reader_line(r) == READER_OK && reader_word(r, kind, sizeof kind) == READER_OK;
      if (!ok) break;
      long score = 0, a1 = 0, a2 = 0;
      if (strcmp(kind, "COMPLETE") == 0 && reader_int(r, &a1, 0, 36) == READER_OK) {
        if (day >= 11) score = 3000 + b.richness[a1];
      } else if (strcmp(kind, "GROW") == 0 && reader_int(r, &a1, 0, 36) == READER_OK) {
        int sz = rules_size_at(&s, (int)a1);
        if (sz >= 2 || day < 20) score = 2000 + sz * 10 + b.richness[a1];
      } else if (strcmp(kind, "SEED") == 0 && reader_int(r, &a1, 0, 36) == READER_OK &&
                 reader_int(r, &a2, 0, 36) == READER_OK) {
        if (!have_seed && day < 20) score = 1000 + b.richness[a2] * 10 + ((near >> a2 & 1) ? 0 : 5);
      }
      if (score > best_score) {
        best_score = score;
        snprintf(best, sizeof best, "%s", r->line);
      }
    }
    if (!ok) fprintf(stderr, "greedy: bad turn input: %s\n", reader_errmsg(r));
    printf("%s g\n", ok ? best : "WAIT");
    fflush(stdout);
  }
}
