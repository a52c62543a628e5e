/*
** agent.h -- the Get1000 bot's protocol state machine, independent of the
** transport: it turns each server message (README: What our server and bot assume) into at most
** one reply (section 3.1), counts its own rolls and rounds (rounds are not
** signalled), and keeps the grid.
**
** Invariants:
**   - every DiceRoll with a die value (an integer 1..6) gets exactly one
**     PlacementAction, in arrival order, and that placement is always legal
**     for the agent's own grid (the policy's legality guard); a DiceRoll
**     whose value is missing, not an integer or outside 1..6 is rejected:
**     nothing placed, no reply, AGENT_REJECT with the reason in error_msg
**     (counted in bad_values);
**   - error_msg is printable text (server bytes escaped, cut with "...");
**   - after the 9th placement of a round the grid is empty again;
**   - anything that is not a recognised message changes nothing and gets no
**     reply (counted in junk / unknown).
*/
#ifndef AGENT_H
#define AGENT_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "policy.h"
#include "rng.h"

#define AGENT_ID_MAX 256

enum {
  AGENT_NONE = 0,   /* nothing to send */
  AGENT_REPLY = 1,  /* reply holds a PlacementAction */
  AGENT_END = 2,    /* GameEnd: close and stop */
  AGENT_ERROR = 3,  /* GameError: error_msg holds errorMsg; stop */
  AGENT_REJECT = 4  /* a DiceRoll without a die value: error_msg says; no reply */
};

typedef struct agent_t {
  const policy_tables *tab;
  policy_kind kind;
  int random_ties;      /* break exact ties with rng */
  double tie_eps;       /* mu1: values within this of the best tie (1e-9) */
  rng_t rng;
  int verbose;          /* log rounds and oddities to stderr */
  char room_json[2 * AGENT_ID_MAX + 8]; /* JSON literals, quotes included */
  char name_json[2 * AGENT_ID_MAX + 8];
  policy_grid g;
  int rolls[9], cols[9]; /* this round so far */
  long total_rolls, rounds, joined;
  long junk, unknown, bad_values;
  long long dist_sum;   /* over finished rounds */
  char error_msg[512];
} agent_t;

/* room and name must be at most AGENT_ID_MAX bytes. Returns 0, or -1. */
BOT_API int agent_init(agent_t *a, const policy_tables *t, policy_kind k, const char *room,
                       const char *name, uint64_t seed, int random_ties);
/* The JoinRoomAction text. Returns its length or -1. */
BOT_API int agent_join(const agent_t *a, char *out, size_t cap);
/* Handles one server text message; see AGENT_*. */
BOT_API int agent_on_message(agent_t *a, const char *msg, size_t len, char *reply, size_t cap);
/* Handles one roll directly (the DiceRoll path): writes the reply and
   returns the column played; -1 (nothing placed, empty reply) for a value
   outside 1..6. */
BOT_API int agent_on_roll(agent_t *a, long long value, char *reply, size_t cap);

#endif /* AGENT_H */
