/*
** fixtures.h -- the position the Blitz tests share (test_rules.c,
** test_ai.c, test_sparring.c): one state S, a map loaded into it, and a
** hero put on a cell with its life and gold.
**
** Invariants: header-only (static, one copy per test program); load fails
** the running test when the map is rejected.
*/
#ifndef BZ_FIXTURES_H
#define BZ_FIXTURES_H

#include "rules.h"
#include "testhelp.h"

static rules_state S;

/* Parses map text into S (every hero at full life, turn 0). */
static void load(const char *map) {
  char err[200];
  int rc = rules_parse_map(&S, map, err, sizeof err);
  TH_ASSERT_MSG(rc == 0, "map rejected: %s", err);
}

/* Hero id (1..4) at (x, y) = (row, column) with life and gold. */
static void put(int id, int x, int y, int life, int gold) {
  S.heroes[id - 1].x = x;
  S.heroes[id - 1].y = y;
  S.heroes[id - 1].life = life;
  S.heroes[id - 1].gold = gold;
}

#endif /* BZ_FIXTURES_H */
