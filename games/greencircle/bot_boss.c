/*
** bot_boss.c -- Green Circle sparring bot: the official top-league boss
** (boss.h describes its rules). Answers every request with boss_decide.
** Invariant: one line per request, flushed; RANDOM on bad input.
*/
#include <stdio.h>

#include "boss.h"
#include "proto.h"

static rules_action boss_answer(const proto_input *in, const proto_track *t, void *ctx) {
  (void)t, (void)ctx;
  return boss_decide(in);
}

int main(void) { return proto_run("boss", boss_answer, NULL); }
