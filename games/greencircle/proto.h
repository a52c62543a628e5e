/*
** proto.h -- reads one Green Circle input block (the referee's turn input)
** into a plain struct, and rebuilds a rules_game from it for a bot's own search.
**
** Invariants: proto_read never crashes on bad input; it returns non-zero
** with a message in p->err and the bot answers RANDOM. Counts are by card
** type 0..9. proto_to_game gives an exact copy of everything the input
** shows; hidden orders (own draw pile, opponent's piles) are filled in type
** order and are meant to be resampled (proto_sample_hidden) before use.
*/
#ifndef PROTO_H
#define PROTO_H

#include <stdint.h>

#include "common.h"
#include "reader.h"
#include "rules.h"

#define PROTO_MAX_OPTS 128

enum { PROTO_HAND, PROTO_DRAW, PROTO_DISCARD, PROTO_PLAYED, PROTO_AUTO, PROTO_OPP, PROTO_OPP_AUTO, PROTO_NLOC };

typedef struct proto_input {
  int phase;
  int napps;
  int app_id[RULES_NAPP];
  int app_need[RULES_NAPP][RULES_NSKILL];
  int loc[2], score[2], ndr[2], nas[2]; /* 0 = me, 1 = opponent */
  int cnt[PROTO_NLOC][RULES_NTYPES];
  int nopts;
  rules_action opts[PROTO_MAX_OPTS];
  int bad_phase;      /* the error was on the phase line (skip, no answer) */
  char err[200];
} proto_input;

/* What a bot remembers between requests of its own turn: the input does not
   show playsLeft, cardsToThrow or the desk a pending move takes from. */
typedef struct proto_track {
  int last_phase;     /* phase of the previous request, -1 at start */
  rules_action last;  /* what we answered to it */
  int plays, to_throw, take;
  int requests;       /* requests answered so far */
} proto_track;

/* Reads one block. Returns 0, or -1 on end of input, or -2 on bad input. */
BOT_API int proto_read(reader_t *r, proto_input *p);
/* Parses one option string into an action; returns 0 on success. */
BOT_API int proto_parse_option(const char *s, rules_action *a);
BOT_API void proto_track_init(proto_track *t);
/* Updates the hidden counters from a new request (call before deciding). */
BOT_API void proto_track_request(proto_track *t, const proto_input *p);
/* Records the answer sent. */
BOT_API void proto_track_answer(proto_track *t, const proto_input *p, const rules_action *a);
/* Answers: prints the action (one line, flushed) and records it. */
BOT_API void proto_answer(proto_track *t, const proto_input *p, const rules_action *a, const char *msg);
/* A bot's choice for one well-formed request (t already updated). */
typedef rules_action (*proto_decide_fn)(const proto_input *in, const proto_track *t, void *ctx);
/* A bot's whole life on stdin/stdout: reads each request; bad input gets a
   message on stderr prefixed by name and RANDOM (junk before the next phase
   line is skipped without answering); else tracks it, asks decide and
   answers, flushed. Returns 0 at end of input. */
BOT_API int proto_run(const char *name, proto_decide_fn decide, void *ctx);
/* Builds the game from my point of view: I am rules player 0 and active,
   the opponent is player 1. */
BOT_API void proto_to_game(const proto_input *p, const proto_track *t, rules_game *g);
/* Shuffles my draw pile, and deals the opponent's unknown cards into
   hand/draw/discard sizes guessed from the counts (hand 4 + AS). */
BOT_API void proto_sample_hidden(rules_game *g, rules_rng *r);

#endif /* PROTO_H */
