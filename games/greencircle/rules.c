/*
** rules.c -- the exact Green Circle game (see rules.h and
** games/greencircle/README.md; "spec" section numbers below refer to the
** rules write-up the README describes).
**
** Invariants: every card is in exactly one place (a desk, a pool, or one of
** a player's piles) except the cards destroyed by quirks Q1 and Q2; the active
** player's phase is always one that asks for input unless the game is over.
*/
#include "rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const rules__names[RULES_NTYPES] = {
    "TRAINING", "CODING", "DAILY_ROUTINE", "TASK_PRIORITIZATION", "ARCHITECTURE_STUDY",
    "CONTINUOUS_INTEGRATION", "CODE_REVIEW", "REFACTORING", "BONUS", "TECHNICAL_DEBT"};

static const char *const rules__phases[5] = {"MOVE", "GIVE_CARD", "THROW_CARD", "PLAY_CARD", "RELEASE"};

BOT_API const char *rules_phase_name(int phase) {
  return (phase >= 0 && phase < 5) ? rules__phases[phase] : "?";
}

BOT_API const char *rules_card_name(int type) {
  return (type >= 0 && type < RULES_NTYPES) ? rules__names[type] : "?";
}

BOT_API void rules_app_need(int id, int need[RULES_NSKILL]) {
  int k = 0;
  for (int i = 0; i < RULES_NSKILL; i++) need[i] = 0;
  for (int a = 0; a < RULES_NSKILL; a++)
    for (int b = a + 1; b < RULES_NSKILL; b++) {
      if (k == id) {
        need[a] = 4;
        need[b] = 4;
        return;
      }
      k++;
    }
}

/* ---- random numbers -------------------------------------------------- */

BOT_API void rules_rng_exact(rules_rng *r, int64_t seed) {
  memset(r, 0, sizeof *r);
  r->exact = 1;
  sha1prng_seed(&r->sp, seed);
}

BOT_API void rules_rng_fast(rules_rng *r, uint64_t seed) {
  r->exact = 0;
  r->log = NULL;
  rng_seed(&r->x, seed);
}

static void rules__log(rules_rng *r, int bound, int v) {
  rules_log *l = r->log;
  if (l && l->n < RULES_LOG) {
    l->bound[l->n] = (int16_t)bound;
    l->val[l->n] = (int16_t)v;
    l->n++;
  }
}

BOT_API int rules_rng_int(rules_rng *r, int bound) {
  int v = r->exact ? (int)sha1prng_next_int(&r->sp, bound) : (int)rng_below(&r->x, (uint32_t)(bound < 1 ? 1 : bound));
  rules__log(r, bound, v);
  return v;
}

BOT_API int rules_rng_bool(rules_rng *r) {
  int v = r->exact ? sha1prng_next_bool(&r->sp) : (int)(rng_next(&r->x) >> 63);
  rules__log(r, 0, v);
  return v;
}

/* ---- piles ------------------------------------------------------------ */

static void rules__push(rules_pile *p, int c) {
  if (p->n < RULES_PILE) p->c[p->n++] = (uint8_t)c;
}

static int rules__find(const rules_pile *p, int c) {
  for (int i = 0; i < p->n; i++)
    if (p->c[i] == c) return i;
  return -1;
}

static void rules__remove_at(rules_pile *p, int i) {
  memmove(p->c + i, p->c + i + 1, (size_t)(p->n - i - 1));
  p->n--;
}

/* Removes the first card of type c; returns 1 if there was one. */
static int rules__remove_first(rules_pile *p, int c) {
  int i = rules__find(p, c);
  if (i < 0) return 0;
  rules__remove_at(p, i);
  return 1;
}

static int rules__count(const rules_pile *p, int c) {
  int n = 0;
  for (int i = 0; i < p->n; i++) n += p->c[i] == c;
  return n;
}

static int rules__nondebt(const rules_pile *p) { return p->n - rules__count(p, RULES_DEBT); }

/* 1 if every non-debt card of the pile has the same type (and there is one). */
static int rules__one_type(const rules_pile *p) {
  int t = -1;
  for (int i = 0; i < p->n; i++) {
    int c = p->c[i];
    if (c == RULES_DEBT) continue;
    if (t < 0) t = c;
    else if (c != t) return 0;
  }
  return t >= 0;
}

/* ---- board ------------------------------------------------------------ */

static void rules__to_board(rules_game *g, int c) {
  if (c < RULES_NSKILL) g->desk[c]++;
  else if (c == RULES_BONUS) g->bonus++;
  else g->debt++;
}

static void rules__gain_debt(rules_game *g, rules_player *P, int n) {
  for (int i = 0; i < n && g->debt > 0; i++) {
    g->debt--;
    rules__push(&P->discard, RULES_DEBT);
  }
}

/* Takes from desk k (or a BONUS); returns the card or -1. */
static int rules__from_desk(rules_game *g, int k) {
  if (k >= 0 && k < RULES_NDESK && g->desk[k] > 0) {
    g->desk[k]--;
    return k;
  }
  if (g->bonus > 0) {
    g->bonus--;
    return RULES_BONUS;
  }
  return -1;
}

static void rules__take_desk(rules_game *g, rules_player *P, int k) {
  int c = rules__from_desk(g, k);
  if (c >= 0) rules__push(&P->hand, c);
}

static void rules__reshuffle(rules_player *P, rules_rng *r) {
  while (P->discard.n > 0) {
    int i = rules_rng_int(r, P->discard.n);
    rules__push(&P->draw, P->discard.c[i]);
    rules__remove_at(&P->discard, i);
  }
}

static void rules__draw(rules_player *P, rules_rng *r, int n) {
  for (int i = 0; i < n; i++) {
    if (P->draw.n == 0) {
      if (P->discard.n == 0) return;
      rules__reshuffle(P, r);
    }
    rules__push(&P->hand, P->draw.c[--P->draw.n]);
  }
}

/* ---- setup (section 5) ------------------------------------------------ */

BOT_API void rules_setup(rules_game *g, rules_rng *r) {
  memset(g, 0, sizeof *g);
  for (int k = 0; k < RULES_NDESK; k++) g->desk[k] = 5;
  int taken[RULES_NAPP_ALL] = {0};
  for (int i = 0; i < RULES_NAPP; i++) {
    int idx;
    do idx = rules_rng_int(r, RULES_NAPP_ALL);
    while (taken[idx]);
    taken[idx] = 1;
  }
  g->napps = 0;
  for (int i = 0; i < RULES_NAPP_ALL; i++)
    if (taken[i]) g->apps[g->napps++] = (int8_t)i;
  g->bonus = 36;
  g->debt = 100;
  for (int p = 0; p < 2; p++) {
    rules_player *P = &g->p[p];
    P->loc = -1;
    int b = 4, d = 4;
    rules_pile *s = &P->draw;
    while (b + d > 0) {
      if (b > 0 && d > 0) {
        if (rules_rng_bool(r)) {
          rules__push(s, RULES_BONUS);
          b--;
        } else {
          rules__push(s, RULES_DEBT);
          d--;
        }
      } else if (b > 0) {
        if (b == 4) {
          int top = s->c[--s->n];
          rules__push(s, RULES_BONUS);
          rules__push(s, top);
        } else {
          rules__push(s, RULES_BONUS);
        }
        b--;
      } else {
        if (d == 4) {
          int top = s->c[--s->n];
          rules__push(s, RULES_DEBT);
          rules__push(s, top);
        } else {
          rules__push(s, RULES_DEBT);
        }
        d--;
      }
    }
    g->bonus -= 4;
    g->debt -= 4;
    rules__draw(P, r, 4);
  }
  g->active = 0;
  g->phase = RULES_PH_MOVE;
}

/* ---- releases (section 7.5) ------------------------------------------- */

BOT_API void rules_skills_held(const rules_player *P, int good[RULES_NSKILL], int *wild, int *skills) {
  const rules_pile *piles[2] = {&P->hand, &P->automated};
  for (int k = 0; k < RULES_NSKILL; k++) good[k] = 0;
  *wild = *skills = 0;
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < piles[j]->n; i++) {
      int c = piles[j]->c[i];
      if (c < RULES_NSKILL) {
        good[c] += 2;
        (*skills)++;
      } else if (c == RULES_BONUS) {
        (*wild)++;
      }
    }
}

BOT_API int rules_cost_with(int id, const int good[RULES_NSKILL], int wild, int skills, int score) {
  int need[RULES_NSKILL];
  rules_app_need(id, need);
  int missing = -wild;
  for (int k = 0; k < RULES_NSKILL; k++)
    if (need[k] > good[k]) missing += need[k] - good[k];
  if (missing <= 0) return 0;
  if (score < RULES_WIN_APPS - 1 && missing <= 2 * skills + wild) return missing;
  return -1;
}

BOT_API int rules_best_cost(const rules_game *g, int score, const int good[RULES_NSKILL], int wild, int skills) {
  int best = RULES_NO_RELEASE;
  for (int i = 0; i < g->napps; i++) {
    int c = rules_cost_with(g->apps[i], good, wild, skills, score);
    if (c >= 0 && c < best) best = c;
  }
  return best;
}

BOT_API void rules_skills_after_play(const rules_game *g, const rules_action *a, int good[RULES_NSKILL], int *wild,
                                     int *skills) {
  int out[2] = {a->card, a->card == RULES_TP ? a->x : -1};
  for (int j = 0; j < 2; j++) {
    int c = out[j];
    if (c < 0) continue;
    if (c < RULES_NSKILL) good[c] -= 2, (*skills)--;
    else if (c == RULES_BONUS) (*wild)--;
  }
  if (a->card == RULES_TP) {
    int y = a->y == RULES_BONUS || g->desk[a->y] == 0 ? RULES_BONUS : a->y;
    if (y < RULES_NSKILL) good[y] += 2, (*skills)++;
    else (*wild)++;
  }
}

BOT_API int rules_release_cost(const rules_game *g, int p, int id) {
  int good[RULES_NSKILL], wild, skills;
  rules_skills_held(&g->p[p], good, &wild, &skills);
  return rules_cost_with(id, good, wild, skills, g->p[p].score);
}

BOT_API int rules_can_release(const rules_game *g, int p) {
  for (int i = 0; i < g->napps; i++)
    if (rules_release_cost(g, p, g->apps[i]) >= 0) return 1;
  return 0;
}

BOT_API int rules_can_play(const rules_game *g, int p) {
  const rules_pile *h = &g->p[p].hand;
  int tpci = 0;
  for (int i = 0; i < h->n; i++) {
    int c = h->c[i];
    if (c == RULES_TR || c == RULES_AS || c == RULES_CR || c == RULES_RF || c == RULES_CO || c == RULES_DR)
      return 1;
    if (c == RULES_TP || c == RULES_CI) tpci = 1;
  }
  return tpci && rules__nondebt(h) >= 2;
}

/* ---- the phase machine (section 8) ------------------------------------ */

static void rules__end_turn(rules_game *g, rules_rng *r) {
  int p = g->active;
  rules_player *P = &g->p[p];
  for (int i = 0; i < P->hand.n; i++) rules__push(&P->discard, P->hand.c[i]);
  for (int i = 0; i < P->played.n; i++) rules__push(&P->discard, P->played.c[i]);
  P->hand.n = 0;
  P->played.n = 0;
  rules__draw(P, r, 4 + P->nas);
  g->phase = RULES_PH_MOVE;
  g->active = (int8_t)(1 - p);
  if (g->active == 0 && g->last_round) g->pending = 1;
}

/* After MOVE/GIVE/THROW effects. */
static void rules__after_move(rules_game *g, rules_rng *r) {
  int p = g->active;
  rules_player *P = &g->p[p];
  if (P->to_throw > 0) g->phase = RULES_PH_THROW;
  else if (P->must_give) g->phase = RULES_PH_GIVE;
  else if (rules_can_play(g, p)) {
    g->phase = RULES_PH_PLAY;
    P->plays = 1;
  } else if (rules_can_release(g, p)) g->phase = RULES_PH_RELEASE;
  else rules__end_turn(g, r);
}

/* After a PLAY_CARD request (a play, WAIT, or nothing): one play used up. */
static void rules__after_play(rules_game *g, rules_rng *r) {
  rules_player *P = &g->p[g->active];
  P->plays--;
  if (P->plays <= 0 || !rules_can_play(g, g->active)) {
    P->plays = 0;
    if (rules_can_release(g, g->active)) g->phase = RULES_PH_RELEASE;
    else rules__end_turn(g, r);
  }
}

BOT_API int rules_desks_adjacent(int a, int b) {
  if (b < 0 || a < 0) return 0;
  int d = a > b ? a - b : b - a;
  return d <= 1 || d == 7;
}

static int rules__adjacent(const rules_game *g, int p) { return rules_desks_adjacent(g->p[p].loc, g->p[1 - p].loc); }

/* Disturbance (7.1 step 3); returns 1 if a GIVE phase must follow. */
static int rules__disturb(rules_game *g, int p) {
  rules_player *P = &g->p[p];
  if (!rules__adjacent(g, p)) return 0;
  int n = rules__nondebt(&P->hand);
  if (n == 0) {
    rules__gain_debt(g, P, 2);
    return 0;
  }
  if (rules__one_type(&P->hand)) {
    for (int i = 0; i < P->hand.n; i++)
      if (P->hand.c[i] != RULES_DEBT) {
        int c = P->hand.c[i];
        rules__remove_at(&P->hand, i);
        rules__push(&g->p[1 - p].hand, c);
        break;
      }
    return 0;
  }
  P->must_give = 1;
  return 1;
}

static void rules__move(rules_game *g, int a, int t) {
  int p = g->active;
  rules_player *P = &g->p[p];
  P->take = (int8_t)t;
  if (a < P->loc) {
    int n = rules__nondebt(&P->hand);
    if (n <= 2) {
      for (int i = 0; i < P->hand.n;) {
        if (P->hand.c[i] != RULES_DEBT) {
          rules__to_board(g, P->hand.c[i]);
          rules__remove_at(&P->hand, i);
        } else {
          i++;
        }
      }
      rules__gain_debt(g, P, 2 - n);
    } else if (rules__one_type(&P->hand)) {
      int left = 2;
      for (int i = 0; i < P->hand.n && left > 0;) {
        if (P->hand.c[i] != RULES_DEBT) {
          rules__to_board(g, P->hand.c[i]);
          rules__remove_at(&P->hand, i);
          left--;
        } else {
          i++;
        }
      }
    } else {
      P->to_throw = 2;
      P->loc = (int8_t)a;
      return;
    }
  }
  P->loc = (int8_t)a;
  if (rules__disturb(g, p)) return;
  rules__take_desk(g, P, t);
}

static void rules__play(rules_game *g, rules_rng *r, const rules_action *a) {
  int p = g->active;
  rules_player *P = &g->p[p];
  int c = a->card;
  rules__remove_first(&P->hand, c);
  if (c == RULES_DR || c == RULES_AS) {
    rules__push(&P->permanent, c);
    if (c == RULES_DR) P->ndr++;
    else P->nas++;
    return;
  }
  rules__push(&P->played, c);
  switch (c) {
  case RULES_TR:
    rules__draw(P, r, 2);
    P->plays += 1;
    break;
  case RULES_CO:
    rules__draw(P, r, 1);
    P->plays += 2;
    break;
  case RULES_TP: {
    int x = a->x, y = a->y;
    if (!rules__remove_first(&P->hand, x)) break;
    int got;
    if (y == RULES_BONUS) {
      got = -1;
      if (g->bonus > 0) {
        g->bonus--;
        got = RULES_BONUS;
      }
    } else {
      got = rules__from_desk(g, y);
    }
    if (got < 0) break; /* quirk Q1: the thrown card is lost */
    rules__to_board(g, x);
    rules__push(&P->hand, got);
    break;
  }
  case RULES_CI:
    if (rules__remove_first(&P->hand, a->x)) rules__push(&P->automated, a->x);
    break;
  case RULES_CR:
    for (int i = 0; i < 2 && g->bonus > 0; i++) {
      g->bonus--;
      rules__push(&P->discard, RULES_BONUS);
    }
    break;
  case RULES_RF:
    if (rules__remove_first(&P->hand, RULES_DEBT)) g->debt++;
    break;
  default:
    break;
  }
}

static void rules__release(rules_game *g, int id) {
  int p = g->active;
  rules_player *P = &g->p[p];
  int cost = rules_release_cost(g, p, id);
  if (cost < 0) return;
  int j = 0;
  for (int i = 0; i < g->napps; i++)
    if (g->apps[i] != id) g->apps[j++] = g->apps[i];
  g->napps = (int8_t)j;
  P->score++;
  for (int i = 0; i < P->permanent.n; i++) rules__push(&P->discard, P->permanent.c[i]);
  P->permanent.n = 0;
  P->ndr = P->nas = 0;
  rules__gain_debt(g, P, cost);
  if (P->score >= RULES_WIN_APPS) g->last_round = 1;
}

/* RANDOM (section 7.6): the referee's own pick, without validation. */
static rules_action rules__random(const rules_game *g, rules_rng *r) {
  rules_action a = {RULES_A_WAIT, 0, 0, 0};
  const rules_player *P = &g->p[g->active];
  const rules_pile *h = &P->hand;
  switch (g->phase) {
  case RULES_PH_MOVE:
    a.kind = RULES_A_MOVE;
    a.x = a.y = (int8_t)((P->loc + 1 + rules_rng_int(r, 7)) % 8);
    break;
  case RULES_PH_GIVE:
  case RULES_PH_THROW: {
    uint8_t n[RULES_PILE];
    int k = 0;
    for (int i = 0; i < h->n; i++)
      if (h->c[i] != RULES_DEBT) n[k++] = h->c[i];
    a.kind = g->phase == RULES_PH_GIVE ? RULES_A_GIVE : RULES_A_THROW;
    a.x = (int8_t)(k > 0 ? n[rules_rng_int(r, k)] : RULES_BONUS);
    break;
  }
  case RULES_PH_PLAY: {
    uint8_t s[RULES_PILE];
    int k = 0;
    for (int i = 0; i < h->n; i++)
      if (h->c[i] < RULES_NSKILL) s[k++] = h->c[i];
    if (k == 0) break;
    int i = rules_rng_int(r, k);
    int c = s[i];
    memmove(s + i, s + i + 1, (size_t)(k - i - 1));
    k--;
    if (c == RULES_TP || c == RULES_CI) {
      if (k == 0) break;
      int t = s[rules_rng_int(r, k)];
      a.kind = RULES_A_PLAY;
      a.card = (int8_t)c;
      a.x = (int8_t)t;
      if (c == RULES_TP) a.y = (int8_t)rules_rng_int(r, 8);
    } else {
      a.kind = RULES_A_PLAY;
      a.card = (int8_t)c;
    }
    break;
  }
  case RULES_PH_RELEASE: {
    int8_t ids[RULES_NAPP];
    int k = 0;
    for (int i = 0; i < g->napps; i++)
      if (rules_release_cost(g, g->active, g->apps[i]) >= 0) ids[k++] = g->apps[i];
    if (k > 0) {
      a.kind = RULES_A_RELEASE;
      a.x = ids[rules_rng_int(r, k)];
    }
    break;
  }
  default:
    break;
  }
  return a;
}

static void rules__finish_turn_count(rules_game *g) {
  if (g->pending) {
    if (g->turn < RULES_MAX_TURNS) g->turn++;
    g->over = 1;
  } else if (g->turn >= RULES_MAX_TURNS) {
    g->over = 1;
  }
}

BOT_API void rules_apply(rules_game *g, rules_rng *r, const rules_action *act) {
  if (g->over) return;
  g->turn++;
  rules_action a = *act;
  if (a.kind == RULES_A_RANDOM) a = rules__random(g, r);
  rules_player *P = &g->p[g->active];
  switch (g->phase) {
  case RULES_PH_MOVE:
    if (a.kind == RULES_A_MOVE) rules__move(g, a.x, a.y);
    rules__after_move(g, r);
    break;
  case RULES_PH_THROW:
    if (a.kind == RULES_A_THROW && rules__remove_first(&P->hand, a.x)) {
      rules__to_board(g, a.x);
      P->to_throw--;
      if (P->to_throw <= 0) {
        P->to_throw = 0;
        if (!rules__disturb(g, g->active)) rules__take_desk(g, P, P->take);
      }
    }
    rules__after_move(g, r);
    break;
  case RULES_PH_GIVE:
    if (a.kind == RULES_A_GIVE && rules__remove_first(&P->hand, a.x)) {
      rules__push(&g->p[1 - g->active].hand, a.x);
      P->must_give = 0;
      rules__take_desk(g, P, P->take);
    }
    rules__after_move(g, r);
    break;
  case RULES_PH_PLAY:
    if (a.kind == RULES_A_PLAY) rules__play(g, r, &a);
    else P->plays = 0;
    rules__after_play(g, r);
    break;
  case RULES_PH_RELEASE:
    if (a.kind == RULES_A_RELEASE) rules__release(g, a.x);
    rules__end_turn(g, r);
    break;
  default:
    break;
  }
  rules__finish_turn_count(g);
}

BOT_API void rules_disqualify(rules_game *g, rules_rng *r, int p, const rules_action *crash) {
  if (g->over) return;
  g->turn++;
  g->dq[p] = 1;
  g->pending = 1;
  rules_player *P = &g->p[p];
  /* 1. Q2: TASK_PRIORITIZATION x 9 crashes after the TP card went to the
        played pile and the thrown card left the hand (it is destroyed). */
  if (crash && crash->kind == RULES_A_PLAY && crash->card == RULES_TP && g->phase == RULES_PH_PLAY && p == g->active &&
      rules__remove_first(&P->hand, RULES_TP)) {
    rules__push(&P->played, RULES_TP);
    rules__remove_first(&P->hand, crash->x);
  }
  /* 2. deactivation sets the player's score to -1 (the state shows it, and
        the phase choice below reads it: with -1 the fifth-application rule
        no longer applies, so a shoddy release counts as possible again). */
  P->score = -1;
  /* 3. the referee still advances its phase machine for the turn, with no
        action applied: MOVE/GIVE/THROW go on as after a move, PLAY_CARD uses
        up a play, RELEASE ends the turn (discard, draw, maybe a reshuffle). */
  if (p == g->active) {
    switch (g->phase) {
    case RULES_PH_MOVE:
    case RULES_PH_GIVE:
    case RULES_PH_THROW: rules__after_move(g, r); break;
    case RULES_PH_PLAY: rules__after_play(g, r); break;
    case RULES_PH_RELEASE: rules__end_turn(g, r); break;
    default: break;
    }
  }
  rules__finish_turn_count(g);
}

/* ---- options (section 11.1) ------------------------------------------- */

BOT_API int rules_options(const rules_game *g, rules_action *out, int cap) {
  int n = 0;
  const rules_player *P = &g->p[g->active];
  const rules_pile *h = &P->hand;
#define RULES_ADD(K, C, X, Y)                                                    \
  do {                                                                           \
    if (n < cap) {                                                               \
      out[n].kind = (int8_t)(K);                                                 \
      out[n].card = (int8_t)(C);                                                 \
      out[n].x = (int8_t)(X);                                                    \
      out[n].y = (int8_t)(Y);                                                    \
    }                                                                            \
    n++;                                                                         \
  } while (0)
  switch (g->phase) {
  case RULES_PH_MOVE: {
    int rr = P->ndr;
    for (int i = 1; i <= 7; i++) {
      int a = (P->loc + i + 8) % 8;
      for (int j = -rr; j <= rr; j++) RULES_ADD(RULES_A_MOVE, 0, a, ((a + j) % 8 + 8) % 8);
    }
    if (P->loc < 0) RULES_ADD(RULES_A_MOVE, 0, 7, 7);
    RULES_ADD(RULES_A_RANDOM, 0, 0, 0);
    break;
  }
  case RULES_PH_GIVE:
  case RULES_PH_THROW: {
    int seen[RULES_NTYPES] = {0};
    for (int i = 0; i < h->n; i++) {
      int c = h->c[i];
      if (c == RULES_DEBT || seen[c]) continue;
      seen[c] = 1;
      RULES_ADD(g->phase == RULES_PH_GIVE ? RULES_A_GIVE : RULES_A_THROW, 0, c, 0);
    }
    RULES_ADD(RULES_A_RANDOM, 0, 0, 0);
    break;
  }
  case RULES_PH_PLAY: {
    uint8_t seen[RULES_NTYPES * RULES_NTYPES + 20];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < h->n; i++) {
      int c = h->c[i];
      if (c >= RULES_NSKILL) continue;
      if (c == RULES_TP || c == RULES_CI) {
        for (int j = 0; j < h->n; j++) {
          int o = h->c[j];
          if (j == i || o == RULES_DEBT) continue;
          if (c == RULES_CI) {
            if (seen[100 + o]) continue;
            seen[100 + o] = 1;
            RULES_ADD(RULES_A_PLAY, RULES_CI, o, 0);
          } else {
            for (int z = 0; z <= 8; z++) {
              if (z == o || seen[o * 10 + z]) continue;
              seen[o * 10 + z] = 1;
              RULES_ADD(RULES_A_PLAY, RULES_TP, o, z);
            }
          }
        }
      } else {
        if (seen[110 + c]) continue;
        seen[110 + c] = 1;
        RULES_ADD(RULES_A_PLAY, c, 0, 0);
      }
    }
    RULES_ADD(RULES_A_RANDOM, 0, 0, 0);
    RULES_ADD(RULES_A_WAIT, 0, 0, 0);
    break;
  }
  case RULES_PH_RELEASE:
    for (int i = 0; i < g->napps; i++)
      if (rules_release_cost(g, g->active, g->apps[i]) >= 0) RULES_ADD(RULES_A_RELEASE, 0, g->apps[i], 0);
    RULES_ADD(RULES_A_RANDOM, 0, 0, 0);
    RULES_ADD(RULES_A_WAIT, 0, 0, 0);
    break;
  default:
    break;
  }
#undef RULES_ADD
  return n < cap ? n : cap;
}

BOT_API int rules_action_str(const rules_action *a, char *buf, int cap) {
  int n;
  switch (a->kind) {
  case RULES_A_WAIT: n = snprintf(buf, (size_t)cap, "WAIT"); break;
  case RULES_A_RANDOM: n = snprintf(buf, (size_t)cap, "RANDOM"); break;
  case RULES_A_MOVE:
    n = a->x == a->y ? snprintf(buf, (size_t)cap, "MOVE %d", a->x) : snprintf(buf, (size_t)cap, "MOVE %d %d", a->x, a->y);
    break;
  case RULES_A_GIVE: n = snprintf(buf, (size_t)cap, "GIVE %d", a->x); break;
  case RULES_A_THROW: n = snprintf(buf, (size_t)cap, "THROW %d", a->x); break;
  case RULES_A_PLAY:
    if (a->card == RULES_TP) n = snprintf(buf, (size_t)cap, "TASK_PRIORITIZATION %d %d", a->x, a->y);
    else if (a->card == RULES_CI) n = snprintf(buf, (size_t)cap, "CONTINUOUS_INTEGRATION %d", a->x);
    else n = snprintf(buf, (size_t)cap, "%s", rules_card_name(a->card));
    break;
  case RULES_A_RELEASE: n = snprintf(buf, (size_t)cap, "RELEASE %d", a->x); break;
  default: n = snprintf(buf, (size_t)cap, "WAIT"); break;
  }
  return n;
}

/* ---- parsing and validation (sections 11.2-11.4) ---------------------- */

/* Matches `kw` at the start of s; on success *rest points after it. */
static int rules__kw(const char *s, const char *kw, const char **rest) {
  size_t n = strlen(kw);
  if (strncmp(s, kw, n) != 0) return 0;
  *rest = s + n;
  return 1;
}

/* Parses \d+ into *v (-1 if it does not fit in a 32-bit int). */
static int rules__num(const char **s, long long *v) {
  const char *p = *s;
  if (*p < '0' || *p > '9') return 0;
  long long x = 0;
  while (*p >= '0' && *p <= '9') {
    if (x <= 2147483647LL) x = x * 10 + (*p - '0');
    p++;
  }
  *v = x > 2147483647LL ? -1 : x;
  *s = p;
  return 1;
}

static int rules__isspace(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

/* The optional message: end of line, or whitespace then anything. */
static int rules__tail(const char *s) { return *s == 0 || rules__isspace((unsigned char)*s); }

/* Pattern "KW" + count numbers each after one space, then tail. */
static int rules__match(const char *line, const char *kw, int count, long long v[2]) {
  const char *s;
  if (!rules__kw(line, kw, &s)) return 0;
  for (int i = 0; i < count; i++) {
    if (*s != ' ') return 0;
    s++;
    if (!rules__num(&s, &v[i])) return 0;
  }
  return rules__tail(s);
}

#define RULES_ERR(...) do { snprintf(err, (size_t)errcap, __VA_ARGS__); return -1; } while (0)

BOT_API int rules_parse(const rules_game *g, const char *line, rules_action *a, char *err, int errcap) {
  const rules_player *P = &g->p[g->active];
  const rules_pile *h = &P->hand;
  int ph = g->phase;
  long long v[2] = {0, 0};
  memset(a, 0, sizeof *a);
  if (rules__match(line, "WAIT", 0, v) && (ph == RULES_PH_PLAY || ph == RULES_PH_RELEASE)) {
    a->kind = RULES_A_WAIT;
    return 0;
  }
  if (rules__match(line, "RANDOM", 0, v)) {
    a->kind = RULES_A_RANDOM;
    return 0;
  }
  if (ph == RULES_PH_MOVE && P->ndr > 0 && rules__match(line, "MOVE", 2, v)) {
    if (v[0] < 0 || v[0] > 7) RULES_ERR("you can only move to a zone between 0 and 7");
    if (v[0] == P->loc) RULES_ERR("you must move to another desk");
    if (v[1] < 0 || v[1] > 7) RULES_ERR("you can only take a card from a zone between 0 and 7");
    long long d = v[0] > v[1] ? v[0] - v[1] : v[1] - v[0];
    if (d > P->ndr) d = 8 - d;
    if (d <= P->ndr) {
      a->kind = RULES_A_MOVE;
      a->x = (int8_t)v[0];
      a->y = (int8_t)v[1];
      return 0;
    }
  }
  if (ph == RULES_PH_MOVE && rules__match(line, "MOVE", 1, v)) {
    if (v[0] < 0 || v[0] > 7) RULES_ERR("you can only move to a zone between 0 and 7");
    if (v[0] == P->loc) RULES_ERR("you must move to another desk");
    a->kind = RULES_A_MOVE;
    a->x = a->y = (int8_t)v[0];
    return 0;
  }
  if ((ph == RULES_PH_THROW && rules__match(line, "THROW", 1, v)) ||
      (ph == RULES_PH_GIVE && rules__match(line, "GIVE", 1, v))) {
    if (v[0] < 0 || v[0] > 8) RULES_ERR("card type must be between 0 and 8");
    if (rules__find(h, (int)v[0]) < 0) RULES_ERR("no card of type %lld in hand", v[0]);
    a->kind = ph == RULES_PH_THROW ? RULES_A_THROW : RULES_A_GIVE;
    a->x = (int8_t)v[0];
    return 0;
  }
  if (ph == RULES_PH_PLAY) {
    static const int simple[6] = {RULES_TR, RULES_CO, RULES_DR, RULES_AS, RULES_CR, RULES_RF};
    for (int i = 0; i < 6; i++) {
      if (!rules__match(line, rules__names[simple[i]], 0, v)) continue;
      /* TRAINING vs TASK_PRIORITIZATION etc. cannot clash: names differ before a space */
      if (rules__find(h, simple[i]) < 0) RULES_ERR("you do not have any %s card in hand", rules__names[simple[i]]);
      a->kind = RULES_A_PLAY;
      a->card = (int8_t)simple[i];
      return 0;
    }
    if (rules__match(line, "TASK_PRIORITIZATION", 2, v)) {
      if (rules__find(h, RULES_TP) < 0) RULES_ERR("you do not have any TASK_PRIORITIZATION card in hand");
      if (v[0] < 0 || v[0] > 8) RULES_ERR("you can only deprioritize a card type between 0 and 8");
      int cnt = rules__count(h, (int)v[0]);
      if (cnt == 0 || (cnt == 1 && v[0] == RULES_TP)) RULES_ERR("no card of type %lld to deprioritize", v[0]);
      if (v[1] < 0 || v[1] > 9) RULES_ERR("you can only prioritize a card type between 0 and 8");
      a->kind = RULES_A_PLAY;
      a->card = RULES_TP;
      a->x = (int8_t)v[0];
      a->y = (int8_t)v[1];
      if (v[1] == 9) {
        snprintf(err, (size_t)errcap, "TASK_PRIORITIZATION %lld 9 crashes the referee (no desk 9)", v[0]);
        return -2;
      }
      return 0;
    }
    if (rules__match(line, "CONTINUOUS_INTEGRATION", 1, v)) {
      if (rules__find(h, RULES_CI) < 0) RULES_ERR("you do not have any CONTINUOUS_INTEGRATION card in hand");
      if (v[0] < 0 || v[0] > 8) RULES_ERR("you can only automate a card type between 0 and 8");
      int cnt = rules__count(h, (int)v[0]);
      if (cnt == 0 || (cnt == 1 && v[0] == RULES_CI)) RULES_ERR("no card of type %lld to automate", v[0]);
      a->kind = RULES_A_PLAY;
      a->card = RULES_CI;
      a->x = (int8_t)v[0];
      return 0;
    }
  }
  if (ph == RULES_PH_RELEASE && rules__match(line, "RELEASE", 1, v)) {
    int present = 0;
    for (int i = 0; i < g->napps; i++) present |= g->apps[i] == v[0];
    if (!present) RULES_ERR("application %lld is not in play", v[0]);
    if (rules_release_cost(g, g->active, (int)v[0]) < 0) RULES_ERR("application %lld cannot be released", v[0]);
    a->kind = RULES_A_RELEASE;
    a->x = (int8_t)v[0];
    return 0;
  }
  RULES_ERR("invalid command in phase %s: '%.40s'", rules_phase_name(ph), line);
}

#undef RULES_ERR

/* ---- scoring (section 10) ---------------------------------------------- */

BOT_API int rules_debt_count(const rules_game *g, int p) {
  const rules_player *P = &g->p[p];
  return rules__count(&P->hand, RULES_DEBT) + rules__count(&P->draw, RULES_DEBT) +
         rules__count(&P->discard, RULES_DEBT);
}

BOT_API void rules_result(const rules_game *g, int ranks[2], int scores[2]) {
  if (g->dq[0] || g->dq[1]) {
    scores[0] = g->dq[0] ? 0 : 1;
    scores[1] = g->dq[1] ? 0 : 1;
    if (g->dq[0] && g->dq[1]) scores[0] = scores[1] = 0;
  } else if (g->p[0].score != g->p[1].score) {
    scores[0] = g->p[0].score;
    scores[1] = g->p[1].score;
  } else {
    scores[0] = -rules_debt_count(g, 0);
    scores[1] = -rules_debt_count(g, 1);
  }
  ranks[0] = scores[0] < scores[1] ? 1 : 0;
  ranks[1] = scores[1] < scores[0] ? 1 : 0;
}

/* ---- text -------------------------------------------------------------- */

typedef struct rules__buf {
  char *s;
  int n, cap, bad;
} rules__buf;

static void rules__put(rules__buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void rules__put(rules__buf *b, const char *fmt, ...) {
  if (b->bad) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(b->s + b->n, (size_t)(b->cap - b->n), fmt, ap);
  va_end(ap);
  if (k < 0 || k >= b->cap - b->n) {
    b->bad = 1;
    return;
  }
  b->n += k;
}

static void rules__counts(rules__buf *b, const char *name, const rules_pile *const *ps, int np, int always) {
  int cnt[RULES_NTYPES] = {0}, tot = 0;
  for (int j = 0; j < np; j++)
    for (int i = 0; i < ps[j]->n; i++) {
      cnt[ps[j]->c[i]]++;
      tot++;
    }
  if (!tot && !always) return;
  rules__put(b, "%s", name);
  for (int k = 0; k < RULES_NTYPES; k++) rules__put(b, " %d", cnt[k]);
  rules__put(b, "\n");
}

BOT_API int rules_input(const rules_game *g, char *buf, int cap) {
  rules__buf b = {buf, 0, cap, 0};
  int p = g->active;
  const rules_player *P = &g->p[p], *O = &g->p[1 - p];
  rules__put(&b, "%s\n%d\n", rules_phase_name(g->phase), g->napps);
  for (int i = 0; i < g->napps; i++) {
    int need[RULES_NSKILL];
    rules_app_need(g->apps[i], need);
    rules__put(&b, "APPLICATION %d", g->apps[i]);
    for (int k = 0; k < RULES_NSKILL; k++) rules__put(&b, " %d", need[k]);
    rules__put(&b, "\n");
  }
  rules__put(&b, "%d %d %d %d\n", P->loc, P->score, P->ndr, P->nas);
  rules__put(&b, "%d %d %d %d\n", O->loc, O->score, O->ndr, O->nas);
  int nloc = (P->hand.n > 0) + (P->draw.n > 0) + (P->discard.n > 0) + (P->played.n > 0) + (P->automated.n > 0) + 1 +
             (O->automated.n > 0);
  rules__put(&b, "%d\n", nloc);
  const rules_pile *one[1];
  one[0] = &P->hand;
  rules__counts(&b, "HAND", one, 1, 0);
  one[0] = &P->draw;
  rules__counts(&b, "DRAW", one, 1, 0);
  one[0] = &P->discard;
  rules__counts(&b, "DISCARD", one, 1, 0);
  one[0] = &P->played;
  rules__counts(&b, "PLAYED_CARDS", one, 1, 0);
  one[0] = &P->automated;
  rules__counts(&b, "AUTOMATED", one, 1, 0);
  const rules_pile *opp[3] = {&O->hand, &O->draw, &O->discard};
  rules__counts(&b, "OPPONENT_CARDS", opp, 3, 1);
  one[0] = &O->automated;
  rules__counts(&b, "OPPONENT_AUTOMATED", one, 1, 0);
  rules_action opts[RULES_MAX_OPTS];
  int n = rules_options(g, opts, RULES_MAX_OPTS);
  rules__put(&b, "%d\n", n);
  for (int i = 0; i < n; i++) {
    char s[64];
    rules_action_str(&opts[i], s, sizeof s);
    rules__put(&b, "%s\n", s);
  }
  return b.bad ? -1 : b.n;
}

static void rules__pile_str(rules__buf *b, const rules_pile *p) {
  if (p->n == 0) {
    rules__put(b, "-");
    return;
  }
  for (int i = 0; i < p->n; i++) rules__put(b, "%d", p->c[i]);
}

BOT_API int rules_state_str(const rules_game *g, const char *tag, char *buf, int cap) {
  rules__buf b = {buf, 0, cap, 0};
  rules__put(&b, "STATE %s next=%d:%s desks=", tag, g->active, rules_phase_name(g->phase));
  for (int k = 0; k < RULES_NDESK; k++) rules__put(&b, k ? ",%d" : "%d", g->desk[k]);
  rules__put(&b, " bonusPool=%d debtPool=%d apps=", g->bonus, g->debt);
  for (int i = 0; i < g->napps; i++) rules__put(&b, i ? ",%d" : "%d", g->apps[i]);
  rules__put(&b, "\n");
  for (int p = 0; p < 2; p++) {
    const rules_player *P = &g->p[p];
    rules__put(&b, "  P%d zone=%d score=%d plays=%d toThrow=%d mustGive=%s hand=", p, P->loc, P->score, P->plays,
               P->to_throw, P->must_give ? "true" : "false");
    rules__pile_str(&b, &P->hand);
    rules__put(&b, " draw=");
    rules__pile_str(&b, &P->draw);
    rules__put(&b, " discard=");
    rules__pile_str(&b, &P->discard);
    rules__put(&b, " played=");
    rules__pile_str(&b, &P->played);
    rules__put(&b, " automated=");
    rules__pile_str(&b, &P->automated);
    rules__put(&b, " permanent=");
    rules__pile_str(&b, &P->permanent);
    rules__put(&b, "\n");
  }
  return b.bad ? -1 : b.n;
}

BOT_API void rules_nearest_deficit(const int need[][RULES_NSKILL], int napps, const int have[RULES_NSKILL],
                                   int wild, int deficit[RULES_NSKILL]) {
  int m1 = 1 << 30, m2 = 1 << 30, a1 = -1, a2 = -1;
  for (int i = 0; i < napps; i++) {
    int m = -wild;
    for (int k = 0; k < RULES_NSKILL; k++)
      if (need[i][k] > have[k]) m += need[i][k] - have[k];
    if (m < m1) {
      m2 = m1;
      a2 = a1;
      m1 = m;
      a1 = i;
    } else if (m < m2) {
      m2 = m;
      a2 = i;
    }
  }
  for (int k = 0; k < RULES_NSKILL; k++) {
    int d = 0;
    if (a1 >= 0 && need[a1][k] - have[k] > d) d = need[a1][k] - have[k];
    if (a2 >= 0 && need[a2][k] - have[k] > d) d = need[a2][k] - have[k];
    deficit[k] = d;
  }
}

BOT_API void rules_deck_deficit(const rules_game *g, int p, int deficit[RULES_NSKILL], int *debt, int *deck) {
  const rules_player *P = &g->p[p];
  int have[RULES_NSKILL] = {0}, wild = 0;
  *debt = *deck = 0;
  const rules_pile *ps[5] = {&P->hand, &P->draw, &P->discard, &P->played, &P->automated};
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < ps[j]->n; i++) {
      int c = ps[j]->c[i];
      if (c < RULES_NSKILL) have[c] += 2;
      else if (c == RULES_BONUS) wild++;
      else (*debt)++;
      (*deck)++;
    }
  int need[RULES_NAPP][RULES_NSKILL];
  for (int i = 0; i < g->napps; i++) rules_app_need(g->apps[i], need[i]);
  rules_nearest_deficit((const int(*)[RULES_NSKILL])need, g->napps, have, wild, deficit);
}
