/*
** boss.c -- the official boss's choice for one request (see boss.h for the
** rules, in the order they are tried).
** Invariant: reads only the input block; no state between requests.
*/
#include "boss.h"

#include <string.h>

static rules_action boss__act(int kind, int card, int x, int y) {
  rules_action a;
  a.kind = (int8_t)kind;
  a.card = (int8_t)card;
  a.x = (int8_t)x;
  a.y = (int8_t)y;
  return a;
}

static rules_action boss__move(const proto_input *in) {
  const int(*c)[RULES_NTYPES] = in->cnt;
  int loc = in->loc[0];
  int best = ((loc + 1) % RULES_NDESK + RULES_NDESK) % RULES_NDESK;
  int bonus = c[PROTO_DRAW][RULES_BONUS] + c[PROTO_HAND][RULES_BONUS] + c[PROTO_DISCARD][RULES_BONUS];
  for (int step = 1; step < RULES_NDESK; step++) {
    int d = ((loc + step) % RULES_NDESK + RULES_NDESK) % RULES_NDESK;
    int avail = 2 * (c[PROTO_DRAW][d] + c[PROTO_HAND][d] + c[PROTO_DISCARD][d]) + bonus;
    int found = 0;
    for (int i = 0; i < in->napps; i++)
      if (in->app_need[i][d] > avail) found = 1;
    if (found) {
      best = d;
      break;
    }
  }
  return boss__act(RULES_A_MOVE, 0, best, best);
}

static rules_action boss__play(const proto_input *in) {
  const int *h = in->cnt[PROTO_HAND];
  if (h[RULES_RF] > 0 && h[RULES_DEBT] > 0) return boss__act(RULES_A_PLAY, RULES_RF, 0, 0);
  if (h[RULES_DR] > 0) return boss__act(RULES_A_PLAY, RULES_DR, 0, 0);
  if (h[RULES_AS] > 0) return boss__act(RULES_A_PLAY, RULES_AS, 0, 0);
  if (h[RULES_CR] > 0) return boss__act(RULES_A_PLAY, RULES_CR, 0, 0);
  if (h[RULES_CI] > 0)
    for (int t = 0; t <= RULES_BONUS; t++)
      if (h[t] > (t == RULES_CI ? 1 : 0)) return boss__act(RULES_A_PLAY, RULES_CI, t, 0);
  if (h[RULES_TR] > 0) return boss__act(RULES_A_PLAY, RULES_TR, 0, 0);
  return boss__act(RULES_A_WAIT, 0, 0, 0);
}

static rules_action boss__release(const proto_input *in) {
  const int *h = in->cnt[PROTO_HAND], *au = in->cnt[PROTO_AUTO];
  int bonus = h[RULES_BONUS] + au[RULES_BONUS];
  int allowance = in->score[0] == RULES_WIN_APPS - 1 ? 0 : bonus;
  for (int i = 0; i < in->napps; i++) {
    int missing = 0;
    for (int k = 0; k < RULES_NSKILL; k++) {
      int good = 2 * (h[k] + au[k]);
      if (in->app_need[i][k] > good) missing += in->app_need[i][k] - good;
      allowance += good;
    }
    if (missing <= bonus || (in->score[0] < RULES_WIN_APPS - 1 && missing <= allowance && missing < 3))
      return boss__act(RULES_A_RELEASE, 0, in->app_id[i], 0);
  }
  return boss__act(RULES_A_WAIT, 0, 0, 0);
}

BOT_API rules_action boss_decide(const proto_input *in) {
  const int *h = in->cnt[PROTO_HAND];
  switch (in->phase) {
  case RULES_PH_MOVE: return boss__move(in);
  case RULES_PH_GIVE:
    return h[RULES_BONUS] > 0 ? boss__act(RULES_A_GIVE, 0, RULES_BONUS, 0) : boss__act(RULES_A_RANDOM, 0, 0, 0);
  case RULES_PH_THROW:
    return h[RULES_BONUS] > 0 ? boss__act(RULES_A_THROW, 0, RULES_BONUS, 0) : boss__act(RULES_A_RANDOM, 0, 0, 0);
  case RULES_PH_PLAY: return boss__play(in);
  case RULES_PH_RELEASE: return boss__release(in);
  default: return boss__act(RULES_A_RANDOM, 0, 0, 0);
  }
}
