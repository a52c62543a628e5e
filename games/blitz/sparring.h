/*
** sparring.h -- the sparring bots' policies as functions: "random",
** "miner" and "hunter". The bot_*.c programs play them over HTTP; the lab
** (lab.c) plays them in-process, so a game needs no server and no clock.
**
**   random  a random direction (never Stay);
**   miner   walks to the nearest mine it does not own (spikes cost 10
**           extra steps); below 35 life it heals at the nearest tavern up
**           to 90 while it has gold; 5 % of its moves are random;
**   hunter  chases the nearest hero that owns mines and whose life is not
**           above its own; otherwise mines like the miner; heals from below
**           40 up to 85 while it has gold; 5 % of its moves are random.
**
** Invariants: a sparring_bot is a fixed-size struct (copy with memcpy);
** its moves depend only on the states it is shown and its seed, so a game
** of sparring bots against a node-limited search replays exactly.
*/
#ifndef SPARRING_H
#define SPARRING_H

#include <stdint.h>
#include "common.h"
#include "nav.h"
#include "rng.h"
#include "rules.h"

enum { SPARRING_RANDOM, SPARRING_MINER, SPARRING_HUNTER, SPARRING_KINDS };

typedef struct sparring_bot {
  int kind;    /* SPARRING_* */
  int healing; /* 1 while walking to a tavern to heal */
  rng_t rng;
  nav_map nav;
} sparring_bot;

/* SPARRING_* for "random", "miner" or "hunter"; -1 otherwise. */
BOT_API int sparring_kind(const char *name);
BOT_API const char *sparring_name(int kind);
BOT_API void sparring_init(sparring_bot *b, int kind, uint64_t seed);
/* The move (RULES_NORTH..RULES_STAY) of hero `me` (1..4) in s. */
BOT_API int sparring_move(sparring_bot *b, const rules_state *s, int me);

#endif /* SPARRING_H */
