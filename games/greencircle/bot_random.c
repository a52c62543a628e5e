/*
** bot_random.c -- Green Circle sparring bot: answers RANDOM to every
** request (the referee picks a random legal action). Never crashes on bad
** input: a block it cannot read still gets RANDOM; junk lines before the
** next phase line are skipped.
*/
#include <stdio.h>

#include "proto.h"

int main(void) {
  static reader_t r;
  static proto_input in;
  reader_init(&r, 0);
  for (;;) {
    int rc = proto_read(&r, &in);
    if (rc == -1) return 0;
    if (rc == -2) {
      fprintf(stderr, "random: %s\n", in.err);
      if (in.bad_phase) continue;
    }
    printf("RANDOM\n");
    fflush(stdout);
  }
}
