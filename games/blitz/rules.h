/*
** rules.h -- the exact rules of Blitz 2016 (Vindinium with spikes), as in
** games/blitz/README.md: board, map text and tiles parsing, one hero move
** resolved in the server's order (crash, direction, target cell, fights,
** thirst, income, turn counter), death, respawn and telefrag, the end of the
** game and the ranking, and the seeded board generator.
**
** Invariants of rules_state (fixed size, no pointers, copy with memcpy):
**   - the board is n x n, 1 <= n <= RULES_MAXN; cell index = x * n + y where
**     x is the ROW (0 = top) and y the column, as the server's JSON has it;
**   - terrain[] holds what is under the heroes (RULES_AIR or RULES_SPIKES
**     under a hero); owner[] is 0 (neutral) or a hero id 1..4 on mine cells,
**     0 elsewhere; mine_cell[0..nmines) lists every mine cell;
**   - heroes[k] is hero id k + 1; heroes[k].mines equals the number of mine
**     cells whose owner is k + 1;
**   - the hero to move is turn % 4 + 1; finished is set when turn reaches
**     max_turns or on an AllCrashed end (then turn is not incremented).
*/
#ifndef RULES_H
#define RULES_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define RULES_MAXN 32
#define RULES_CELLS (RULES_MAXN * RULES_MAXN)
#define RULES_MAXMINES 512
#define RULES_HEROES 4

#define RULES_MAX_LIFE 100
#define RULES_TAVERN_PRICE 1
#define RULES_TAVERN_HEAL 25
#define RULES_MINE_DAMAGE 25
#define RULES_HIT_DAMAGE 25
#define RULES_SPIKE_DAMAGE 10

/* Terrain kinds. */
enum { RULES_AIR = 0, RULES_WALL = 1, RULES_TAVERN = 2, RULES_MINE = 3, RULES_SPIKES = 4 };

/* Directions; the fight order is North, East, South, West = 0..3. */
enum { RULES_NORTH = 0, RULES_EAST = 1, RULES_SOUTH = 2, RULES_WEST = 3, RULES_STAY = 4,
       RULES_CRASH = 5 };

/* End status. */
enum { RULES_RUNNING = 0, RULES_TURNMAX = 1, RULES_ALLCRASHED = 2 };

typedef struct rules_hero {
  int x, y;             /* position (x = row) */
  int spawn_x, spawn_y; /* respawn cell (hero 1's spawn mirrored) */
  int life, gold, mines;
  int crashed;          /* 0/1 */
  int last_dir;         /* RULES_NORTH..RULES_STAY, -1 until the first move */
  int respawn_turn;     /* value of turn when it last (re)spawned, -1 none */
} rules_hero;

typedef struct rules_state {
  int n;
  int turn, max_turns;
  int training;         /* 1: the first crash ends the game */
  int status;           /* RULES_RUNNING / RULES_TURNMAX / RULES_ALLCRASHED */
  int nmines;
  rules_hero heroes[RULES_HEROES];
  uint8_t terrain[RULES_CELLS];
  uint8_t owner[RULES_CELLS];
  int16_t mine_cell[RULES_MAXMINES];
} rules_state;

/* Delta of a direction (RULES_NORTH..RULES_STAY). */
BOT_API int rules_dx(int dir);
BOT_API int rules_dy(int dir);
/* "North", ..., "Stay" ("Crash" for RULES_CRASH). */
BOT_API const char *rules_dir_name(int dir);
/* The server's reading of a `dir` parameter: case-insensitive, surrounding
   spaces ignored; any other non-empty text is Stay. Returns -1 for an empty
   or missing value. "Crash" is not accepted here (Stay). */
BOT_API int rules_dir_parse(const char *s);
/* The trace reading: like rules_dir_parse but also accepts "Crash". */
BOT_API int rules_dir_parse_trace(const char *s);

/* Parses map text. Sets terrain, mines (owned by "$k" digits),
   hero start cells, spawns from hero 1 mirrored, life 100, gold 0, turn 0,
   max_turns 1200, arena mode. Returns 0, or -1 with a message in err (the
   map lacks a hero, a token is unknown, the board is too large, ...). */
BOT_API int rules_parse_map(rules_state *s, const char *text, char *err, size_t errcap);
/* Reads a JSON tiles string (2*n*n chars) into terrain/owners/hero cells.
   Cells under heroes are read as RULES_AIR and flagged in hidden[] (may be
   NULL). Hero positions are set only for heroes drawn; others keep theirs.
   Returns 0 or -1 (bad length or token). */
BOT_API int rules_load_tiles(rules_state *s, int n, const char *tiles, size_t len,
                             uint8_t *hidden);
/* Sets spawns of all heroes from hero 1's spawn (sx, sy). */
BOT_API void rules_set_spawns(rules_state *s, int sx, int sy);
/* Recomputes heroes[].mines and the mine list from owner[]/terrain[]. */
BOT_API void rules_recount(rules_state *s);

/* Hero id (1..4) at (x, y), lowest id if several, or 0. */
BOT_API int rules_hero_at(const rules_state *s, int x, int y);
/* Id of the hero to move. */
BOT_API int rules_to_move(const rules_state *s);
/* Plays dir (RULES_NORTH..RULES_STAY or RULES_CRASH) for the hero to move.
   Does nothing on a finished game. */
BOT_API void rules_move(rules_state *s, int dir);
BOT_API int rules_finished(const rules_state *s);

/* Writes the JSON tiles string (2*n*n chars + NUL); returns its length or -1
   if cap is too small. */
BOT_API int rules_tiles(const rules_state *s, char *out, size_t cap);
/* Places as the seed counts them: place[k] = number of heroes whose gold is
   >= hero k+1's gold (1..4; ties share the lowest place). */
BOT_API void rules_places(const rules_state *s, int place[RULES_HEROES]);

/* Generates a random board as the server does from seed.
   size = 0 draws the size, else an even size 10..28 is forced. Returns 0 or
   -1 with a message (gave up). */
BOT_API int rules_generate(rules_state *s, uint64_t seed, int size, char *err, size_t errcap);

/* 1 when a and b agree on what a move can change and the server shows:
   every hero (position, life, gold, mines, crashed) and every mine's owner. */
BOT_API int rules_same_shown(const rules_state *a, const rules_state *b);

#endif /* RULES_H */
