/*
** bot_hunter.c -- sparring bot "hunter": chases the nearest hero that owns mines and that it can
** beat (its life not above ours); otherwise mines like the miner. Heals at a
** tavern from below 40 up to 85 while it has gold. 5 % of its moves are
** random.
** The policy is sparring.c's (the lab plays the same one in-process).
*/
#include <stdint.h>

#include "client.h"
#include "sparring.h"

static sparring_bot bothunter__bot;

static int bothunter__policy(const client_view *v, void *ctx) {
  (void)ctx;
  return sparring_move(&bothunter__bot, &v->st, v->me);
}

int main(int argc, char **argv) {
  sparring_init(&bothunter__bot, SPARRING_HUNTER, sparring_process_seed());
  return client_run(argc, argv, "blitz-hunter", bothunter__policy, NULL);
}
