/*
** opts.c -- a program's command-line options from a table (see opts.h).
*/
#include "opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const opts_spec *opts__find(const opts_spec *spec, const char *name) {
  for (; spec->name; spec++)
    if (strcmp(spec->name, name) == 0) return spec;
  return NULL;
}

/* Stores v into o's destination; 0, or -1 with err. */
static int opts__store(const opts_spec *o, const char *v, char *err, size_t errcap) {
  char *end = NULL;
  errno = 0;
  if (o->kind == OPTS_INT) {
    long x = strtol(v, &end, 10);
    if (!*v || *end || errno || x < o->lo || x > o->hi) {
      snprintf(err, errcap, "%s wants a number in %ld..%ld, got \"%.40s\"", o->name, o->lo, o->hi, v);
      return -1;
    }
    *(int *)o->dst = (int)x;
  } else if (o->kind == OPTS_U64) {
    unsigned long long x = strtoull(v, &end, 0);
    if (!*v || *end || errno || *v == '-') {
      snprintf(err, errcap, "%s wants a number, got \"%.40s\"", o->name, v);
      return -1;
    }
    *(uint64_t *)o->dst = (uint64_t)x;
  } else if (o->kind == OPTS_STR) {
    if (strlen(v) >= (size_t)o->hi) {
      snprintf(err, errcap, "%s takes at most %ld bytes", o->name, o->hi - 1);
      return -1;
    }
    memcpy(o->dst, v, strlen(v) + 1);
  } else if (o->call(o->dst, v, err, errcap) != 0) {
    return -1;
  }
  return 0;
}

BOT_API int opts_parse(const opts_spec *spec, int argc, char **argv, const char *prog, const char *usage) {
  char err[200];
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 1;
    }
    const opts_spec *o = opts__find(spec, a);
    if (!o) {
      snprintf(err, sizeof err, "unknown option %.60s", a);
    } else if (o->kind == OPTS_FLAG) {
      *(int *)o->dst = (int)o->lo;
      continue;
    } else if (i + 1 >= argc) {
      snprintf(err, sizeof err, "%s needs a value", a);
    } else if (opts__store(o, argv[++i], err, sizeof err) == 0) {
      continue;
    }
    fprintf(stderr, "%s: %s\n%s", prog, err, usage);
    return 2;
  }
  return 0;
}
