/*
** bot_random.c -- sparring bot "random": a random direction every move (never Stay).
** The policy is sparring.c's (the lab plays the same one in-process).
*/
#include <stdint.h>

#include "client.h"
#include "sparring.h"

static sparring_bot botrandom__bot;

static int botrandom__policy(const client_view *v, void *ctx) {
  (void)ctx;
  return sparring_move(&botrandom__bot, &v->st, v->me);
}

int main(int argc, char **argv) {
  sparring_init(&botrandom__bot, SPARRING_RANDOM, sparring_process_seed());
  return client_run(argc, argv, "blitz-random", botrandom__policy, NULL);
}
