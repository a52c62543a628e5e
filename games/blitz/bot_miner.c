/*
** bot_miner.c -- sparring bot "miner": walks to the nearest mine it does not own (spikes cost 10
** extra steps); below 35 life it heals at the nearest tavern up to 90 while it
** has gold. 5 % of its moves are random, like the traces' scripted miner.
** The policy is sparring.c's (the lab plays the same one in-process).
*/
#include <stdint.h>

#include "client.h"
#include "sparring.h"

static sparring_bot botminer__bot;

static int botminer__policy(const client_view *v, void *ctx) {
  (void)ctx;
  return sparring_move(&botminer__bot, &v->st, v->me);
}

int main(int argc, char **argv) {
  sparring_init(&botminer__bot, SPARRING_MINER, sparring_process_seed());
  return client_run(argc, argv, "blitz-miner", botminer__policy, NULL);
}
