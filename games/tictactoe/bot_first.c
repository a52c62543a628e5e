/*
** bot_first.c -- tic-tac-toe sparring bot "first": answers the first cell
** of the referee's list (deterministic, always legal; "1 1" without a
** list). The smallest possible bot for this protocol.
*/
#include <stdio.h>

#include "proto.h"

int main(void) {
  static reader_t in;
  proto_turn t;
  reader_init(&in, 0);
  for (;;) {
    int rc = proto_read(&in, &t);
    if (rc == PROTO_END) return 0;
    if (rc == PROTO_BAD) fprintf(stderr, "first: %s\n", t.err);
    proto_answer(t.nvalid > 0 ? t.valid[0] : RULES_CELLS / 2);
  }
}
