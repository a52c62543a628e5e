/*
** bot_random.c -- sparring bot "random": like the server's training bots,
** a uniform choice among North, South, East, West (never Stay).
*/
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "rng.h"

static rng_t botrandom__rng;

static int botrandom__policy(const client_view *v, void *ctx) {
  (void)v;
  (void)ctx;
  return (int)rng_below(&botrandom__rng, 4);
}

int main(int argc, char **argv) {
  rng_seed(&botrandom__rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20));
  return client_run(argc, argv, "blitz-random", botrandom__policy, NULL);
}
