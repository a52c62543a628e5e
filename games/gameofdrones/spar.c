/*
** spar.c -- GameOfDrones sparring bots (see spar.h). No libc.
*/
#include "spar.h"

static int spar__eq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

BOT_API const char *spar_names(void) {
  return "rush zerg turtle grow timing2..timing9 random copy earlier defender bye";
}

BOT_API int spar_init(spar_t *b, const char *name, uint64_t seed) {
  static const char *names[] = {"rush", "zerg", "turtle", "grow", "", "random", "copy", "earlier", "bye", "defender"};
  b->kind = -1;
  b->param = 0;
  for (int i = 0; i < 10; i++)
    if (names[i][0] && spar__eq(name, names[i])) b->kind = i;
  /* timing2 .. timing9 */
  const char *w = "timing", *p = name;
  while (*w && *p == *w) p++, w++;
  if (b->kind < 0 && !*w && p[0] >= '2' && p[0] <= '9' && p[1] == 0) {
    b->kind = SPAR_TIMING;
    b->param = p[0] - '0';
  }
  if (b->kind < 0) return -1;
  b->T = 10;
  b->turn = 0;
  b->attack_turn = 0;
  b->opp_last_attack = 0;
  b->rng = (seed ^ 0x9E3779B97F4A7C15ull) | 1;
  return 0;
}

static double spar__u(spar_t *b) {
  uint64_t x = b->rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  b->rng = x;
  return (double)((x * 0x2545F4914F6CDD1Dull) >> 11) * (1.0 / 9007199254740992.0);
}

BOT_API void spar_round_start(spar_t *b, int turns) {
  b->T = turns < 1 ? 1 : turns;
  b->turn = 0;
  switch (b->kind) {
  case SPAR_RUSH: b->attack_turn = 1; break;
  case SPAR_ZERG: b->attack_turn = 2; break;
  case SPAR_TIMING: b->attack_turn = b->param; break;
  case SPAR_COPY: b->attack_turn = b->opp_last_attack ? b->opp_last_attack : 5; break;
  case SPAR_EARLIER: b->attack_turn = b->opp_last_attack > 2 ? b->opp_last_attack - 1 : (b->opp_last_attack ? 2 : 5); break;
  case SPAR_DEFENDER: b->attack_turn = 0; b->param = b->opp_last_attack ? b->opp_last_attack : 5; break;
  default: b->attack_turn = 0; break;
  }
}

BOT_API rules_action spar_turn(spar_t *b, double producers, double soldiers) {
  (void)soldiers;
  int t = ++b->turn;
  double P = producers;
  switch (b->kind) {
  case SPAR_RUSH:
  case SPAR_ZERG:
  case SPAR_TURTLE: return rules_act(0, P, t == b->attack_turn);
  case SPAR_GROW: return t <= b->T - 2 ? rules_act(P, 0, 0) : rules_act(0, P, 0);
  case SPAR_TIMING:
  case SPAR_COPY:
  case SPAR_EARLIER: {
    int a = b->attack_turn;
    if (t <= a - 2) return rules_act(P, 0, 0);
    return rules_act(0, P, t == a);
  }
  case SPAR_DEFENDER: return t < b->param ? rules_act(P, 0, 0) : rules_act(0, P, 0);
  case SPAR_RANDOM: {
    double x = (double)(int)(spar__u(b) * (P + 1));
    if (x > P) x = P;
    return rules_act(x, P - x, spar__u(b) < 0.2);
  }
  default: return rules_act_none(RULES_FLAG_NULLISH);
  }
}

BOT_API void spar_round_end(spar_t *b, int outcome, int turns_played, int you_attacked, int them_attacked) {
  (void)outcome;
  (void)you_attacked;
  if (them_attacked) b->opp_last_attack = turns_played;
}
