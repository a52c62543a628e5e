/*
** sparbrute.c -- see sparbrute.h. (Scaffold: stands still until written.)
*/
#include "sparbrute.h"

#include <string.h>

BOT_API void sparbrute_init(sparbrute *b, uint64_t seed) {
  (void)seed;
  memset(b, 0, sizeof *b);
}

BOT_API int sparbrute_move(sparbrute *b, const rules_state *s, int me) {
  (void)s;
  (void)me;
  b->turns++;
  return RULES_STAY;
}
