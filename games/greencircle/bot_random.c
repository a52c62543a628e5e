/*
** bot_random.c -- Green Circle sparring bot: answers RANDOM to every
** request (the referee picks a random legal action). Never crashes on bad
** input: a block it cannot read still gets RANDOM; junk lines before the
** next phase line are skipped.
*/
#include <stdio.h>
#include <string.h>

#include "proto.h"

static rules_action random_answer(const proto_input *in, const proto_track *t, void *ctx) {
  (void)in, (void)t, (void)ctx;
  rules_action a;
  memset(&a, 0, sizeof a);
  a.kind = RULES_A_RANDOM;
  return a;
}

int main(void) { return proto_run("random", random_answer, NULL); }
