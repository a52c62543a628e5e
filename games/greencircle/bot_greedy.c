/*
** bot_greedy.c -- Green Circle sparring bot: a hand-written one-step
** heuristic. It values each card type by what the two most advanced
** applications still miss (over the whole deck, automated cards included),
** moves to the desk whose card is worth most while avoiding the opponent and
** the administrative desk, plays cards in a fixed priority (automate, draw,
** clean debt, bonuses, permanents early, swap a useless card), and releases
** when the debt cost is small.
** Invariant: answers one listed option per request (RANDOM on bad input).
*/
#include <stdio.h>

#include "proto.h"

typedef struct greedy_ctx {
  rules_game g;
  double val[RULES_NTYPES]; /* value of one more card of each type */
  int deficit[RULES_NSKILL];
  int debt_in_deck, deck;
} greedy_ctx;

static void greedy_values(const proto_input *in, greedy_ctx *c) {
  int have[RULES_NSKILL] = {0}, wild = 0;
  c->debt_in_deck = c->deck = 0;
  for (int l = PROTO_HAND; l <= PROTO_AUTO; l++) {
    for (int k = 0; k < RULES_NSKILL; k++) have[k] += 2 * in->cnt[l][k];
    wild += in->cnt[l][RULES_BONUS];
    c->debt_in_deck += in->cnt[l][RULES_DEBT];
    for (int k = 0; k < RULES_NTYPES; k++) c->deck += in->cnt[l][k];
  }
  rules_nearest_deficit((const int(*)[RULES_NSKILL])in->app_need, in->napps, have, wild, c->deficit);
  static const double base[RULES_NTYPES] = {1.5, 1.5, 1.0, 0.5, 1.0, 2.5, 1.0, 1.0, 1.5, -2.0};
  for (int k = 0; k < RULES_NTYPES; k++) c->val[k] = base[k];
  for (int k = 0; k < RULES_NSKILL; k++)
    if (c->deficit[k] > 0) c->val[k] += 3.0;
  if (c->deck > 0) c->val[RULES_RF] += 4.0 * c->debt_in_deck / c->deck;
}

static double greedy_move_score(const proto_input *in, const greedy_ctx *c, const rules_action *a) {
  const rules_player *M = &c->g.p[0];
  int t = a->y;
  double s = c->g.desk[t] > 0 ? c->val[t] : (c->g.bonus > 0 ? c->val[RULES_BONUS] : 0);
  int nondebt = M->hand.n - in->cnt[PROTO_HAND][RULES_DEBT];
  if (a->x < M->loc) s -= nondebt <= 2 ? 1.0 + 1.5 * (2 - nondebt) : 2.5;
  if (rules_desks_adjacent(a->x, c->g.p[1].loc)) s -= nondebt == 0 ? 3.0 : 1.5;
  return s;
}

static int greedy_release_ok(const greedy_ctx *c, int cost) {
  int score = c->g.p[0].score;
  if (cost == 0) return 1;
  return cost <= (score <= 1 ? 3 : 2);
}

static rules_action greedy_decide(const proto_input *in, const proto_track *t, void *ctx) {
  (void)ctx;
  static greedy_ctx c;
  proto_to_game(in, t, &c.g);
  greedy_values(in, &c);
  const rules_player *M = &c.g.p[0];
  rules_action pick = in->opts[0];
  double best = -1e9;
  for (int i = 0; i < in->nopts; i++) {
    const rules_action *a = &in->opts[i];
    double s = -1e9;
    switch (a->kind) {
    case RULES_A_MOVE:
      s = greedy_move_score(in, &c, a);
      break;
    case RULES_A_GIVE:
    case RULES_A_THROW:
      s = -c.val[a->x];
      break;
    case RULES_A_WAIT:
      s = 0.0;
      break;
    case RULES_A_RELEASE: {
      int cost = rules_release_cost(&c.g, 0, a->x);
      s = (cost >= 0 && greedy_release_ok(&c, cost)) ? 10.0 - cost : -1e9;
      break;
    }
    case RULES_A_PLAY:
      switch (a->card) {
      case RULES_CI:
        s = a->x == RULES_BONUS ? 9.0 : (a->x < RULES_NSKILL && c.deficit[a->x] > 0 ? 8.0 : -1.0);
        break;
      case RULES_TR: s = 7.0; break;
      case RULES_CO: s = 6.5; break;
      case RULES_RF: s = in->cnt[PROTO_HAND][RULES_DEBT] > 0 ? 6.0 : -1.0; break;
      case RULES_CR: s = 5.0; break;
      case RULES_DR: s = (M->score <= 2 && M->ndr < 2) ? 4.0 : -1.0; break;
      case RULES_AS: s = (M->score <= 2 && M->nas < 2) ? 4.5 : -1.0; break;
      case RULES_TP: {
        int x = a->x, y = a->y;
        double gain = (y == RULES_BONUS || c.g.desk[y] == 0) ? c.val[RULES_BONUS] : c.val[y];
        s = gain - c.val[x] - 0.5 > 0 ? 2.0 + gain - c.val[x] : -1.0;
        break;
      }
      default: break;
      }
      break;
    default:
      break;
    }
    if (s > best) {
      best = s;
      pick = *a;
    }
  }
  if (in->phase == RULES_PH_PLAY && best < 0) pick.kind = RULES_A_WAIT;
  return pick;
}

int main(void) { return proto_run("greedy", greedy_decide, NULL); }
