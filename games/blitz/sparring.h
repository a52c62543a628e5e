/*
** sparring.h -- the sparring bots' policies as functions: "random",
** "miner", "hunter" and the lab's models of contest bots. The bot_*.c
** programs play them over HTTP; the lab (lab.c) plays them in-process, so
** a game needs no server and no clock.
**
**   random  a random direction (never Stay);
**   miner   walks to the nearest mine it does not own (spikes cost 10
**           extra steps); below 35 life it heals at the nearest tavern up
**           to 90 while it has gold; 5 % of its moves are random;
**   hunter  chases the nearest hero that owns mines and whose life is not
**           above its own; otherwise mines like the miner; heals from below
**           40 up to 85 while it has gold; 5 % of its moves are random.
**   killer  plays as the 2016 contest bot lamothe.KillerBot is described
**           in the README ("Contest boards and contest bots"), from what
**           its public code does, written anew: Dijkstra from its cell where
**           entering a wall, mine or tavern costs 100, spikes 5, anything
**           else (heroes too, even on spikes) 1; it chases the first hero
**           (by id) that owns more mines, has more than 25 life less and is
**           under 5 steps away; else it takes the nearest mine not its
**           own while its life is above 30 (50 with more than 4 mines);
**           else it drinks until its life passes 75. No random moves.
**   brute   the contest bot brute_force_it (sparbrute.h);
**   wow     the contest bot wowblitzawesome (sparwow.h).
**   With killer, brute and wow the lab plays the arena's contest field
**   in-process (README, "The lab").
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
#include "sparbrute.h"
#include "sparwow.h"

enum { SPARRING_RANDOM, SPARRING_MINER, SPARRING_HUNTER, SPARRING_KILLER, SPARRING_BRUTE, SPARRING_WOW, SPARRING_KINDS };

typedef struct sparring_bot {
  int kind;    /* SPARRING_* */
  int healing; /* 1 while walking to a tavern to heal */
  int last;    /* killer: its last plan (SPARRING__BEER etc. in sparring.c) */
  int pure;    /* miner, hunter: 1, no random moves (known.c's models predict the policy, not its dice) */
  rng_t rng;
  nav_map nav;
  int kdist[RULES_CELLS];     /* killer: path costs from its cell */
  int16_t kprev[RULES_CELLS]; /* killer: previous cell on a cheapest path, -1 at the start */
  sparbrute brute;            /* brute: its model's memory (sparbrute.h) */
  sparwow wow;                /* wow: its model's memory (sparwow.h) */
} sparring_bot;

/* SPARRING_* for "random", "miner", "hunter", "killer", "brute" or "wow"; -1 otherwise. */
BOT_API int sparring_kind(const char *name);
BOT_API const char *sparring_name(int kind);
BOT_API void sparring_init(sparring_bot *b, int kind, uint64_t seed);
/* The seed of a sparring bot process: BLITZ_BOT_SEED when it is set (a
   test's referee game then replays the same), else the clock and the pid
   (also when BLITZ_BOT_SEED is not a decimal number, said on stderr). */
BOT_API uint64_t sparring_process_seed(void);
/* The move (RULES_NORTH..RULES_STAY) of hero `me` (1..4) in s. */
BOT_API int sparring_move(sparring_bot *b, const rules_state *s, int me);

#endif /* SPARRING_H */
