/*
** rules.h -- Spring Challenge 2021 (wood spirits, trees, sun and shadows):
** the exact game of games/spring2021/README.md as bitboards over 37 cells.
**
** Invariants:
**   - rules_init() must run once before anything else (it fills the board
**     tables: neighbours, distances, shadow rays, seed ranges); it is
**     idempotent and cheap.
**   - A rules_state is a fixed-size struct with no pointers: copy it with
**     memcpy or assignment. The four size masks are disjoint, own[0] and
**     own[1] are disjoint, and own[0] | own[1] == the union of the size masks;
**     dormant is a subset of the trees.
**   - The per-game constants (richness after holes, league parameters) live in
**     rules_board, which never changes during a game.
**   - Actions are small ints (RULES_ACT): kind in bits 12..13, source cell in
**     bits 6..11, target cell in bits 0..5. WAIT is 0.
*/
#ifndef RULES_H
#define RULES_H

#include <stdint.h>
#include "common.h"
#include "javarand.h"

/* The bitboards live on popcount: the hardware instruction (every x86-64
   judge has it) instead of GCC's table routine, which took 39% of a random
   playout's time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC target("popcnt")
#endif

#define RULES_CELLS 37
#define RULES_MAX_ACTIONS 256 /* WAIT + completes + grows + seeds, bounded */
#define RULES_ALL ((1ULL << RULES_CELLS) - 1)

enum { RULES_WAIT = 0, RULES_GROW = 1, RULES_COMPLETE = 2, RULES_SEED = 3 };
#define RULES_ACT(kind, src, dst) (((kind) << 12) | ((src) << 6) | (dst))
#define RULES_KIND(a) (((a) >> 12) & 3)
#define RULES_SRC(a) (((a) >> 6) & 63)
#define RULES_DST(a) ((a)&63)

typedef struct rules_tables {
  int ready;
  int8_t cube[RULES_CELLS][3];
  int8_t neigh[RULES_CELLS][6];   /* -1 = off board */
  int8_t opposite[RULES_CELLS];
  int8_t ring[RULES_CELLS];
  int8_t dist[RULES_CELLS][RULES_CELLS];
  uint64_t ray[RULES_CELLS][6][4]; /* cells shaded by size s (1..3) in dir d */
  uint64_t range[RULES_CELLS][4];  /* cells at distance 1..n, n = 0..3 */
  /* seed targets of (cell, range n) in the referee's enumeration order */
  int8_t seed_order[RULES_CELLS][4][RULES_CELLS];
  int8_t seed_count[RULES_CELLS][4];
  int8_t select8[256][8];          /* k-th set bit of a byte (-1: none) */
} rules_tables;

extern rules_tables rules_tab;

typedef struct rules_board {
  int league;         /* 1 = wood 2, 2 = wood 1, 3 = bronze and above */
  int days;           /* 1, 6 or 24 */
  int shadows, grow_on, seed_on;
  int8_t richness[RULES_CELLS];
  uint64_t usable;    /* richness > 0 */
  uint64_t rich[4];   /* cells of richness r */
} rules_board;

typedef struct rules_state {
  uint64_t size[4];   /* trees of size s, both owners */
  uint64_t own[2];    /* trees of player p (seeds included) */
  uint64_t dormant;
  int sun[2], score[2];
  int waiting[2], active[2];
  int nutrients, day, sun_dir;
} rules_state;

/* Fills rules_tab (idempotent). */
BOT_API void rules_init(void);
/* League parameters and default richness; no holes, no trees. */
BOT_API void rules_board_default(rules_board *b, int league);
/* Map generation from the match RNG (holes, starting trees) as the official
   referee does it (README: What the simulator reproduces). The rng is left
   where the referee's is. */
BOT_API void rules_generate(rules_board *b, rules_state *s, javarand_t *rng, int league);
/* Empty state: day 0, nutrients 20, both active, no trees. */
BOT_API void rules_state_empty(rules_state *s);
/* Tree helpers. */
BOT_API int rules_size_at(const rules_state *s, int cell); /* -1 = none */
BOT_API int rules_owner_at(const rules_state *s, int cell); /* -1 = none */
BOT_API void rules_put(rules_state *s, int cell, int size, int owner, int dormant);
BOT_API void rules_remove(rules_state *s, int cell);
BOT_API int rules_tree_count(const rules_state *s);
/* Masks of cells whose shadow value is >= m, for m = 1..3 (index m), for the
   sun direction dir; out[0] is 0. */
BOT_API void rules_shadows(const rules_state *s, int dir, uint64_t out[4]);
/* Sun that player p would harvest now (shadows per board). */
BOT_API int rules_harvest_of(const rules_board *b, const rules_state *s, int p);
/* GATHERING frame: clear waiting and dormancy, harvest. */
BOT_API void rules_gather(const rules_board *b, rules_state *s);
/* SUN_MOVE frame: next day, rotate the sun while days remain. */
BOT_API void rules_sun_move(const rules_board *b, rules_state *s);
/* Costs for player p. */
BOT_API int rules_grow_cost(const rules_state *s, int p, int from_size);
BOT_API int rules_seed_cost(const rules_state *s, int p);
/* 1 if action a would succeed for player p with `sun` available. */
BOT_API int rules_valid(const rules_board *b, const rules_state *s, int p, int a, int sun);
/* Possible-action list in the referee's order. With rng != NULL the three
   categories are shuffled exactly as the referee does (consuming draws);
   with NULL they stay in enumeration order. Returns the count (WAIT first). */
BOT_API int rules_possible(const rules_board *b, const rules_state *s, int p, javarand_t *rng,
                           int out[RULES_MAX_ACTIONS]);
/* Fast uniform choice without building the list: the number of listed
   actions (WAIT included, same multiset as rules_possible), and the k-th of
   them (0 <= k < count) in an unspecified fixed order. */
BOT_API int rules_action_count(const rules_board *b, const rules_state *s, int p);
BOT_API int rules_action_nth(const rules_board *b, const rules_state *s, int p, int k);
/* The same enumeration built once, for a count and then one pick (a
   random playout's step): rules_menu_build returns the count
   (rules_action_count), rules_menu_nth(m, k) the action rules_action_nth
   would return for that k (0 <= k < count). The menu reads nothing of the
   state later. */
typedef struct rules_menu {
  int n;                        /* listed actions, WAIT included */
  int ncomp;                    /* COMPLETE entries */
  uint64_t comp;                /* their cells */
  int ngrow[3];                 /* GROW entries from size 0, 1, 2 */
  uint64_t grow[3];             /* their cells */
  uint64_t src;                 /* seed sources (ready, size >= 1; 0 when no seed) */
  uint64_t odd, big;            /* sizes 1 or 3, sizes 2 or 3 */
  uint64_t room;                /* empty usable cells */
} rules_menu;
BOT_API int rules_menu_build(const rules_board *b, const rules_state *s, int p, rules_menu *m);
BOT_API int rules_menu_nth(const rules_menu *m, int k);
/* Resolves one ACTIONS frame. act[p] is the command of each player that is
   not waiting (ignored for waiting players; a player disqualified this frame
   must already be inactive with score -1 and pass RULES_WAIT). */
BOT_API void rules_resolve(const rules_board *b, rules_state *s, const int act[2]);
/* rules_resolve for callers that guarantee every non-waiting player's
   action is valid (rules_valid against the frame-start state): the same
   result without the checks. For playouts. */
BOT_API void rules_apply(const rules_board *b, rules_state *s, const int act[2]);
/* 1 when the game is over (fewer than two active players, or day >= days). */
BOT_API int rules_over(const rules_board *b, const rules_state *s);
/* Final scores (sun/3 bonus, tree-count tiebreak on equal scores); the
   state's scores are updated in place. */
BOT_API void rules_finish(rules_state *s);
/* Parses a command line with the official grammar. Returns 0 and sets *a on
   success, -1 if the line would disqualify the player. */
BOT_API int rules_parse(const rules_board *b, const char *line, int *a);
/* The FINAL line's reason for a line rules_parse rejects, as the official
   referee words it (a number over Java's int gives its NumberFormatException
   text); "" for a valid line. Returns the length snprintf reports. */
BOT_API int rules_reason(const rules_board *b, const char *line, char *out, int cap);
/* Formats an action as the referee lists it ("GROW 5"); returns length. */
BOT_API int rules_format(int a, char *out, int cap);
/* "SEED <from> <to> | GROW <idx> | COMPLETE <idx> | WAIT" etc. per league. */
BOT_API const char *rules_expected(const rules_board *b);

#endif /* RULES_H */
