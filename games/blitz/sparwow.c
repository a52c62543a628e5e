/*
** sparwow.c -- see sparwow.h. (Scaffold: stands still until written.)
*/
#include "sparwow.h"

#include <string.h>

BOT_API void sparwow_init(sparwow *b, uint64_t seed) {
  (void)seed;
  memset(b, 0, sizeof *b);
}

BOT_API int sparwow_move(sparwow *b, const rules_state *s, int me) {
  (void)s;
  (void)me;
  b->turns++;
  return RULES_STAY;
}
