/*
** opts.h -- a program's command-line options from a table.
**
** A main() names its options once, in an array of opts_spec ended by an
** entry whose name is NULL, and opts_parse walks argv against it: a flag
** stores its value, a number is checked against its range, a string
** against its buffer's size, and anything else (a list, a file to read, a
** choice of words) goes to the entry's own function. The servers' option
** parsing was two hand-written loops doing the same checks; this is the
** one loop.
**
** Invariants: a destination is written only with a value that passed its
** checks; every refusal prints one line "PROG: ..." and the usage text on
** stderr and returns 2; "--help" or "-h" prints the usage text on stdout
** and returns 1 (the caller exits 0). Options may come in any order and
** again (the last one wins, or the function sees each).
*/
#ifndef OPTS_H
#define OPTS_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

enum {
  OPTS_FLAG, /* no value: *(int *)dst = lo */
  OPTS_INT,  /* a decimal number in lo..hi: *(int *)dst */
  OPTS_U64,  /* a number strtoull reads whole (0x... too): *(uint64_t *)dst */
  OPTS_STR,  /* a text shorter than hi bytes: copied into (char *)dst */
  OPTS_CALL  /* call(dst, value, err, errcap) != 0 refuses the value */
};

typedef struct opts_spec {
  const char *name; /* "--port"; NULL ends the table */
  int kind;         /* OPTS_* */
  void *dst;
  long lo, hi;
  int (*call)(void *dst, const char *value, char *err, size_t errcap);
} opts_spec;

/* Parses argv[1..argc) against spec. Returns 0 when every argument was
   an option of the table with a good value, 1 after --help, 2 after a
   refusal (see the invariants). */
BOT_API int opts_parse(const opts_spec *spec, int argc, char **argv, const char *prog, const char *usage);

#endif /* OPTS_H */
