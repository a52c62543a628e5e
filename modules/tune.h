/*
** tune.h -- named tunables of a tuning build, set from a string of
** settings "NAME=VALUE NAME=VALUE ..." (the environment's BOT_TUNE, which
** ./tune.py writes; see docs/arena.md).
**
** Invariants: no allocation; the settings string is only read; a variable
** of the table changes only when a setting names it with a number.
*/
#ifndef TUNE_H
#define TUNE_H

#include "common.h"

/* One tunable: its name and its variable. */
typedef struct tune_var {
  const char *name;
  double *v;
} tune_var;

/* Sets the variables of tab[0..n) that `settings` names (settings separated
   by spaces or commas; NULL is none). A setting whose name is in no entry,
   or whose value is not a number, is bad: reported on stderr as "GAME:
   BOT_TUNE: bad setting NAME=VALUE" unless quiet or its name starts with
   one of the space-separated prefixes of `skip` (NULL: none; names that
   another table reads). Returns the number of bad settings, skipped ones
   not counted. */
BOT_API int tune_apply(const char *game, const char *settings, const tune_var *tab, int n, const char *skip,
                       int quiet);

#endif /* TUNE_H */
