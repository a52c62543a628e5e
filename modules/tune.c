/*
** tune.c -- settings "NAME=VALUE ..." onto a table of named tunables (see
** tune.h).
*/
#include "tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when the name s[0..len) starts with one of skip's prefixes. */
static int tune__skipped(const char *s, size_t len, const char *skip) {
  while (skip && *skip) {
    while (*skip == ' ') skip++;
    size_t plen = strcspn(skip, " ");
    if (plen && plen <= len && strncmp(s, skip, plen) == 0) return 1;
    skip += plen;
  }
  return 0;
}

BOT_API int tune_apply(const char *game, const char *settings, const tune_var *tab, int n, const char *skip,
                       int quiet) {
  int bad = 0;
  const char *s = settings;
  while (s && *s) {
    while (*s == ' ' || *s == ',') s++;
    if (!*s) break;
    size_t len = strcspn(s, "= ,"), whole = strcspn(s, " ,");
    int found = 0;
    if (s[len] == '=') {
      char *end = NULL;
      double v = strtod(s + len + 1, &end);
      if (end != s + len + 1 && end == s + whole)
        for (int i = 0; i < n; i++)
          if (strlen(tab[i].name) == len && strncmp(tab[i].name, s, len) == 0) *tab[i].v = v, found = 1;
    }
    if (!found && !tune__skipped(s, len, skip)) {
      bad++;
      if (!quiet) fprintf(stderr, "%s: BOT_TUNE: bad setting %.*s\n", game, (int)whole, s);
    }
    s += whole;
  }
  return bad;
}
