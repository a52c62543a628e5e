/*
** rules.h -- Green Circle (CodinGame 2022), top-league rules (level >= 3),
** bit-exact with the official referee as described in
** games/greencircle/README.md: setup, decks, the phase machine with its
** auto-played steps, every card effect, RANDOM, option lists, validation,
** the 200-turn limit and scoring.
**
** Invariants:
** - rules_game is a plain fixed-size struct (no pointers): copy it to fork.
** - Card types are 0..7 (skills), RULES_BONUS (8), RULES_DEBT (9).
** - Piles are ordered; hand/discard/played/automated/permanent are
**   first-to-last, the draw pile is bottom-to-top (c[n-1] is drawn next).
** - Removals from a hand take the first card of a type; additions append.
** - All randomness goes through a rules_rng: SHA1PRNG for the exact game
**   (referee, replays), or xoshiro for fast simulations inside a bot. A
**   rules_rng may log every call (bound and value) for traces.
*/
#ifndef RULES_H
#define RULES_H

#include <stdint.h>

#include "common.h"
#include "rng.h"
#include "sha1prng.h"

#define RULES_NTYPES 10
#define RULES_NSKILL 8
#define RULES_BONUS 8
#define RULES_DEBT 9
#define RULES_NDESK 8
#define RULES_NAPP_ALL 28
#define RULES_NAPP 12
#define RULES_PILE 176 /* every card of the game */
#define RULES_MAX_TURNS 200
#define RULES_WIN_APPS 5
#define RULES_MAX_OPTS 256
#define RULES_LOG 1024

enum { RULES_TR, RULES_CO, RULES_DR, RULES_TP, RULES_AS, RULES_CI, RULES_CR, RULES_RF };

enum { RULES_PH_MOVE, RULES_PH_GIVE, RULES_PH_THROW, RULES_PH_PLAY, RULES_PH_RELEASE };

enum {
  RULES_A_WAIT,
  RULES_A_RANDOM,
  RULES_A_MOVE,    /* x = desk to move to, y = desk to take from */
  RULES_A_GIVE,    /* x = card type */
  RULES_A_THROW,   /* x = card type */
  RULES_A_PLAY,    /* card = type played; TP: x thrown, y taken; CI: x */
  RULES_A_RELEASE  /* x = application id */
};

typedef struct rules_action {
  int8_t kind, card, x, y;
} rules_action;

typedef struct rules_pile {
  uint8_t n;
  uint8_t c[RULES_PILE];
} rules_pile;

typedef struct rules_player {
  int8_t loc;        /* -1 before the first move */
  int8_t score;      /* applications released; -1 once disqualified */
  int8_t plays;      /* playsLeft */
  int8_t to_throw;   /* cardsToThrow */
  int8_t must_give;
  int8_t take;       /* desk to take from once the move completes */
  int8_t ndr, nas;   /* DAILY_ROUTINE / ARCHITECTURE_STUDY permanents */
  rules_pile hand, draw, discard, played, automated, permanent;
} rules_player;

typedef struct rules_game {
  int8_t desk[RULES_NDESK];
  int16_t bonus, debt;        /* pool counts */
  int8_t napps;
  int8_t apps[RULES_NAPP];    /* remaining ids, ascending */
  int8_t active, phase;
  int8_t last_round, pending; /* game over pending (bookkeeping turn next) */
  int8_t over;                /* the game has ended */
  int8_t dq[2];               /* disqualified players */
  int16_t turn;               /* referee turns used */
  rules_player p[2];
} rules_game;

/* Record of generator calls (for traces); owned by the caller. */
typedef struct rules_log {
  int n;
  int16_t bound[RULES_LOG]; /* 0 = nextBoolean */
  int16_t val[RULES_LOG];
} rules_log;

typedef struct rules_rng {
  int exact;                  /* 1: SHA1PRNG, 0: xoshiro */
  sha1prng_t sp;
  rng_t x;
  rules_log *log;             /* NULL: calls are not recorded */
} rules_rng;

/* Big application forms: need[id][type]. */
BOT_API void rules_app_need(int id, int need[RULES_NSKILL]);

BOT_API void rules_rng_exact(rules_rng *r, int64_t seed);
BOT_API void rules_rng_fast(rules_rng *r, uint64_t seed);
BOT_API int rules_rng_int(rules_rng *r, int bound);
BOT_API int rules_rng_bool(rules_rng *r);

/* Setup (README: What the simulator reproduces). */
BOT_API void rules_setup(rules_game *g, rules_rng *r);

/* Release cost for player p of application id: >= 0 debt, -1 not releasable. */
BOT_API int rules_release_cost(const rules_game *g, int p, int id);
/* What P's hand and automated cards give: good[k] skill points per skill
   (2 a card), wild BONUS cards, skills = skill cards (not BONUS). */
BOT_API void rules_skills_held(const rules_player *P, int good[RULES_NSKILL], int *wild, int *skills);
/* Release cost of application id with those (rules_release_cost's rule at
   score): 0 clean, >0 the debt, -1 not releasable. */
BOT_API int rules_cost_with(int id, const int good[RULES_NSKILL], int wild, int skills, int score);
/* The lowest rules_cost_with over the remaining applications (0: one
   releases clean), RULES_NO_RELEASE when none can be released. */
#define RULES_NO_RELEASE 99
BOT_API int rules_best_cost(const rules_game *g, int score, const int good[RULES_NSKILL], int wild, int skills);
/* Skills held (rules_skills_held's good, wild, skills) changed by playing
   PLAY action a: its card leaves the hand, and TASK_PRIORITIZATION also
   throws a->x and takes a->y (BONUS when that desk is empty). */
BOT_API void rules_skills_after_play(const rules_game *g, const rules_action *a, int good[RULES_NSKILL], int *wild,
                                     int *skills);
BOT_API int rules_can_play(const rules_game *g, int p);
/* 1 if a player on desk a stands next to (or on) desk b, the desks in a
   ring (7 and 0 are neighbours); 0 when either is -1 (before the first move). */
BOT_API int rules_desks_adjacent(int a, int b);
BOT_API int rules_can_release(const rules_game *g, int p);

/* Options of the active player in the exact referee order (RANDOM and WAIT
   included). Returns the count. */
BOT_API int rules_options(const rules_game *g, rules_action *out, int cap);
/* Text of an action as the referee lists it. Returns the length. */
BOT_API int rules_action_str(const rules_action *a, char *buf, int cap);

/* Parses and validates a player's line for the active player. Returns 0 and
   fills *a, or -1 with a reason in err (the player is disqualified), or -2
   for TASK_PRIORITIZATION x 9 (quirk Q2): valid, but applying it crashes the
   referee; *a is filled and goes to rules_disqualify as the crash. */
BOT_API int rules_parse(const rules_game *g, const char *line, rules_action *a, char *err, int errcap);

/* Applies a valid action (or RANDOM) of the active player: one referee turn,
   with every automatic step that follows. */
BOT_API void rules_apply(rules_game *g, rules_rng *r, const rules_action *a);
/* Disqualifies player p (invalid output, timeout, crash): one referee turn
   used, as the official referee does it: `crash` (or NULL) is the action that
   crashed it (Q2: the TP card is played and the thrown card destroyed), the
   player's score becomes -1, then the phase machine advances with no action
   and reads that score (PLAY_CARD uses a play; the turn may end: discard,
   draw, reshuffle on r). The game ends the next turn; rules_result still
   gives the platform scores (1 to the other player, 0 to p). */
BOT_API void rules_disqualify(rules_game *g, rules_rng *r, int p, const rules_action *crash);

/* DEBT cards in hand + draw + discard. */
BOT_API int rules_debt_count(const rules_game *g, int p);
/* Final result: ranks (0 first) and platform scores. */
BOT_API void rules_result(const rules_game *g, int ranks[2], int scores[2]);

/* Input block for player p (the active one) into buf; returns the length, or
   -1 if cap is too small. */
BOT_API int rules_input(const rules_game *g, char *buf, int cap);
/* Hidden state as the traces print it (3 lines, each ending in '\n'). */
BOT_API int rules_state_str(const rules_game *g, const char *tag, char *buf, int cap);

BOT_API const char *rules_phase_name(int phase);
BOT_API const char *rules_card_name(int type);

/* The deficit of the two applications (of napps, needs in need[]) that
   miss the fewest skill cards, given have[] per skill and `wild` cards that
   count for any skill: deficit[k] is the most either of them still misses
   of skill k (0 for every k when there is no application). */
BOT_API void rules_nearest_deficit(const int need[][RULES_NSKILL], int napps, const int have[RULES_NSKILL],
                                   int wild, int deficit[RULES_NSKILL]);

/* rules_nearest_deficit over player p's whole deck (hand, draw, discard,
   played and automated cards; BONUS wild) against the remaining
   applications; *debt and *deck count its DEBT cards and all those cards. */
BOT_API void rules_deck_deficit(const rules_game *g, int p, int deficit[RULES_NSKILL], int *debt, int *deck);

#endif /* RULES_H */
