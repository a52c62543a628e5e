/*
** rules.h -- GameOfDrones (Bravo LT Code Challenge 2018) exactly as the
** contest's engine executes it (games/gameofdrones/README.md).
**
** Units are doubles like the engine's JavaScript numbers (fractions are
** kept). An action is two requested counts and an attack "flag value":
** the engine tests `value > 0` on the counts (NaN, negatives, missing -> 0)
** and compares the flag with loose equality, so the flag keeps the JS class
** of what the bot returned: a real boolean/number, or a non-object action
** (null/undefined/NaN), which triggers the engine's seat-dependent quirk.
**
** Invariants: producers >= 1 and soldiers >= 0 for the whole round (only
** positive requests are added); a round ends after at most `turns` turns;
** the defender bonus is the engine constant RULES_BONUS whatever the
** configured value; outcomes are +1 win, 0 draw, -1 loss for player 0.
** Not modelled: numeric *strings* (the engine concatenates them and corrupts
** its state); callers pass numbers.
*/
#ifndef RULES_H
#define RULES_H

#include "common.h"

#define RULES_BONUS 1.0

/* The value the engine's "is attacking" test yields for one action. */
enum {
  RULES_FLAG_FALSE = 0,   /* object without a loosely-true launchAttack, or 0/false/'' */
  RULES_FLAG_TRUE = 1,    /* object with launchAttack == true (true, 1, "1") */
  RULES_FLAG_NULLISH = 2, /* action was null or undefined */
  RULES_FLAG_NAN = 3      /* action was NaN */
};

typedef struct rules_action {
  double np, ns; /* newProducers, newSoldiers as numbers (NaN if missing) */
  int flag;      /* RULES_FLAG_* */
} rules_action;

typedef struct rules_side {
  double producers, soldiers;
} rules_side;

typedef struct rules_round {
  int turns;           /* T of this round (>= 1) */
  int turn;            /* turns played so far */
  int over;            /* 1 once the clash happened */
  int outcome;         /* for player 0 when over: +1, 0, -1 */
  int flag[2];         /* flags of the last actions */
  rules_side side[2];  /* after the last turn's production */
} rules_round;

typedef struct rules_match {
  int rounds, played;
  int wins[2], draws;
} rules_match;

/* Builders for actions. */
BOT_API rules_action rules_act(double np, double ns, int attack);
BOT_API rules_action rules_act_none(int flag); /* non-object action */
/* JS `launchAttack == true` for a number (1 only). */
BOT_API int rules_flag_of_number(double v);

/* Applies one action's production to a side (capacity = producers at the
   start of the turn, producers served first, requests clamped). */
BOT_API void rules_produce(rules_side *s, const rules_action *a);
/* Outcome for player 0 of a clash with the given flags (engine role logic:
   loosely equal flags -> field, else the truthy one or else player 1 is the
   attacker; the attacker needs more than defender + RULES_BONUS). */
BOT_API int rules_clash(double s0, double s1, int flag0, int flag1);

BOT_API void rules_round_start(rules_round *r, int turns);
/* Plays one turn; returns 1 if the round ended (r->outcome is then set). */
BOT_API int rules_round_step(rules_round *r, const rules_action *a0, const rules_action *a1);

BOT_API void rules_match_start(rules_match *m, int rounds);
BOT_API void rules_match_add(rules_match *m, int outcome0);
/* Match result for player 0: +1, 0 (draw: equal round wins), -1. */
BOT_API int rules_match_result(const rules_match *m);

#endif /* RULES_H */
