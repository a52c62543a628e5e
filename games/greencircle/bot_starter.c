/*
** bot_starter.c -- Green Circle sparring bot modelled on the starter AIs'
** simple logic: aim at the application with the fewest missing skills over
** the whole deck, move to the desk of its most missing skill, play no card,
** release the cheapest listed application as soon as one is listed.
** Invariant: answers one listed option per request (RANDOM on bad input).
*/
#include <stdio.h>

#include "proto.h"

/* Good skills per type and wildcards over all my cards. */
static void starter_have(const proto_input *in, int have[RULES_NSKILL], int *wild) {
  *wild = 0;
  for (int k = 0; k < RULES_NSKILL; k++) have[k] = 0;
  for (int l = PROTO_HAND; l <= PROTO_AUTO; l++) {
    for (int k = 0; k < RULES_NSKILL; k++) have[k] += 2 * in->cnt[l][k];
    *wild += in->cnt[l][RULES_BONUS];
  }
}

static int starter_target(const proto_input *in, const int have[RULES_NSKILL], int wild) {
  int best = -1, bm = 1 << 30;
  for (int i = 0; i < in->napps; i++) {
    int m = -wild;
    for (int k = 0; k < RULES_NSKILL; k++)
      if (in->app_need[i][k] > have[k]) m += in->app_need[i][k] - have[k];
    if (m < bm) {
      bm = m;
      best = i;
    }
  }
  return best;
}

static rules_action starter_decide(const proto_input *in, const proto_track *t, void *ctx) {
  (void)ctx;
  rules_action pick = in->opts[0];
  int have[RULES_NSKILL], wild;
  starter_have(in, have, &wild);
  int tg = starter_target(in, have, wild);
  rules_game g;
  proto_to_game(in, t, &g);
  switch (in->phase) {
  case RULES_PH_MOVE: {
    int bestd = -100;
    for (int i = 0; i < in->nopts; i++) {
      const rules_action *a = &in->opts[i];
      if (a->kind != RULES_A_MOVE || a->x != a->y) continue;
      int d = tg >= 0 ? in->app_need[tg][a->x] - have[a->x] : 0;
      if (g.desk[a->x] == 0) d -= 10;
      if (d > bestd) {
        bestd = d;
        pick = *a;
      }
    }
    break;
  }
  case RULES_PH_GIVE:
  case RULES_PH_THROW: {
    int bestn = 1 << 30;
    for (int i = 0; i < in->nopts; i++) {
      const rules_action *a = &in->opts[i];
      if (a->kind == RULES_A_RANDOM) continue;
      int need = a->x < RULES_NSKILL && tg >= 0 ? in->app_need[tg][a->x] : (a->x == RULES_BONUS ? 3 : 0);
      if (need < bestn) {
        bestn = need;
        pick = *a;
      }
    }
    break;
  }
  case RULES_PH_PLAY:
    pick.kind = RULES_A_WAIT;
    break;
  case RULES_PH_RELEASE: {
    int bestc = 1 << 30;
    pick.kind = RULES_A_WAIT;
    for (int i = 0; i < in->nopts; i++) {
      const rules_action *a = &in->opts[i];
      if (a->kind != RULES_A_RELEASE) continue;
      int c = rules_release_cost(&g, 0, a->x);
      if (c >= 0 && c < bestc) {
        bestc = c;
        pick = *a;
      }
    }
    break;
  }
  default:
    break;
  }
  return pick;
}

int main(void) { return proto_run("starter", starter_decide, NULL); }
