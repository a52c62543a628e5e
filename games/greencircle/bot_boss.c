/*
** bot_boss.c -- Green Circle sparring bot: the official top-league boss
** (boss.h describes its rules). Answers every request with boss_decide.
** Invariant: one line per request, flushed; RANDOM on bad input.
*/
#include <stdio.h>

#include "boss.h"
#include "proto.h"

int main(void) {
  static reader_t r;
  static proto_input in;
  reader_init(&r, 0);
  for (;;) {
    int rc = proto_read(&r, &in);
    if (rc == -1) return 0;
    if (rc == -2) {
      fprintf(stderr, "boss: %s\n", in.err);
      if (in.bad_phase) continue;
      printf("RANDOM\n");
      fflush(stdout);
      continue;
    }
    rules_action a = boss_decide(&in);
    char s[64];
    rules_action_str(&a, s, sizeof s);
    printf("%s\n", s);
    fflush(stdout);
  }
}
