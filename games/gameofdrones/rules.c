/*
** rules.c -- GameOfDrones engine semantics (see rules.h). Pure functions on
** small structs; no libc.
*/
#include "rules.h"

BOT_API rules_action rules_act(double np, double ns, int attack) {
  rules_action a;
  a.np = np;
  a.ns = ns;
  a.flag = attack ? RULES_FLAG_TRUE : RULES_FLAG_FALSE;
  return a;
}

BOT_API rules_action rules_act_none(int flag) {
  rules_action a;
  a.np = __builtin_nan(""); /* a missing field; counts as 0 */
  a.ns = a.np;
  a.flag = flag;
  return a;
}

BOT_API int rules_flag_of_number(double v) { return v == 1.0 ? RULES_FLAG_TRUE : RULES_FLAG_FALSE; }

BOT_API void rules_produce(rules_side *s, const rules_action *a) {
  double cap = s->producers;
  double rx = a->np > 0 ? a->np : 0; /* NaN > 0 is false, as in JS */
  double ry = a->ns > 0 ? a->ns : 0;
  double x = rx < cap ? rx : cap;
  double left = cap - x;
  double y = ry < left ? ry : left;
  s->producers += x;
  s->soldiers += y;
}

/* JS loose equality between two flag values (NaN equals nothing). */
static int rules__loose_eq(int f0, int f1) {
  if (f0 == RULES_FLAG_NAN || f1 == RULES_FLAG_NAN) return 0;
  return f0 == f1;
}

BOT_API int rules_clash(double s0, double s1, int flag0, int flag1) {
  if (rules__loose_eq(flag0, flag1)) return s0 > s1 ? 1 : (s0 < s1 ? -1 : 0);
  if (flag0 == RULES_FLAG_TRUE) return s0 > s1 + RULES_BONUS ? 1 : -1;
  return s1 > s0 + RULES_BONUS ? -1 : 1; /* player 1 attacker (truthy or quirk) */
}

BOT_API void rules_round_start(rules_round *r, int turns) {
  r->turns = turns < 1 ? 1 : turns;
  r->turn = 0;
  r->over = 0;
  r->outcome = 0;
  r->flag[0] = r->flag[1] = RULES_FLAG_FALSE;
  for (int i = 0; i < 2; i++) {
    r->side[i].producers = 1;
    r->side[i].soldiers = 0;
  }
}

BOT_API int rules_round_step(rules_round *r, const rules_action *a0, const rules_action *a1) {
  if (r->over) return 1;
  r->turn++;
  rules_produce(&r->side[0], a0);
  rules_produce(&r->side[1], a1);
  r->flag[0] = a0->flag;
  r->flag[1] = a1->flag;
  if (a0->flag == RULES_FLAG_TRUE || a1->flag == RULES_FLAG_TRUE || r->turn >= r->turns) {
    r->over = 1;
    r->outcome = rules_clash(r->side[0].soldiers, r->side[1].soldiers, a0->flag, a1->flag);
  }
  return r->over;
}

BOT_API void rules_match_start(rules_match *m, int rounds) {
  m->rounds = rounds;
  m->played = 0;
  m->wins[0] = m->wins[1] = 0;
  m->draws = 0;
}

BOT_API void rules_match_add(rules_match *m, int outcome0) {
  m->played++;
  if (outcome0 > 0) m->wins[0]++;
  else if (outcome0 < 0) m->wins[1]++;
  else m->draws++;
}

BOT_API int rules_match_result(const rules_match *m) {
  return m->wins[0] > m->wins[1] ? 1 : (m->wins[0] < m->wins[1] ? -1 : 0);
}
