/*
** proto.c -- input block reader and game reconstruction for Green Circle
** bots (see proto.h). All sizes are checked against the fixed arrays.
*/
#include "proto.h"

#include <stdio.h>
#include <string.h>

static const char *const proto__locnames[PROTO_NLOC] = {"HAND",           "DRAW", "DISCARD", "PLAYED_CARDS", "AUTOMATED",
                                                        "OPPONENT_CARDS", "OPPONENT_AUTOMATED"};

static int proto__fail(proto_input *p, reader_t *r, const char *what) {
  snprintf(p->err, sizeof p->err, "bad input (%s): %s", what, reader_errmsg(r));
  return r->status == READER_EOF ? -1 : -2;
}

static int proto__names_eq(const char *s, const char *kw, const char **rest) {
  size_t n = strlen(kw);
  if (strncmp(s, kw, n) != 0) return 0;
  *rest = s + n;
  return 1;
}

static int proto__int(const char **s, int *v) {
  const char *q = *s;
  if (*q != ' ') return 0;
  q++;
  if (*q < '0' || *q > '9') return 0;
  int x = 0;
  while (*q >= '0' && *q <= '9' && x < 100000) x = x * 10 + (*q++ - '0');
  *v = x;
  *s = q;
  return 1;
}

BOT_API int proto_parse_option(const char *s, rules_action *a) {
  const char *q;
  int x = 0, y = 0;
  memset(a, 0, sizeof *a);
  if (strcmp(s, "WAIT") == 0) {
    a->kind = RULES_A_WAIT;
    return 0;
  }
  if (strcmp(s, "RANDOM") == 0) {
    a->kind = RULES_A_RANDOM;
    return 0;
  }
  if (proto__names_eq(s, "MOVE", &q) && proto__int(&q, &x)) {
    y = x;
    if (*q == ' ' && !proto__int(&q, &y)) return -1;
    if (*q || x > 7 || y > 7) return -1;
    a->kind = RULES_A_MOVE;
    a->x = (int8_t)x;
    a->y = (int8_t)y;
    return 0;
  }
  if ((proto__names_eq(s, "GIVE", &q) || proto__names_eq(s, "THROW", &q)) && proto__int(&q, &x)) {
    if (*q || x > 8) return -1;
    a->kind = s[0] == 'G' ? RULES_A_GIVE : RULES_A_THROW;
    a->x = (int8_t)x;
    return 0;
  }
  if (proto__names_eq(s, "RELEASE", &q) && proto__int(&q, &x)) {
    if (*q || x >= RULES_NAPP_ALL) return -1;
    a->kind = RULES_A_RELEASE;
    a->x = (int8_t)x;
    return 0;
  }
  for (int c = 0; c < RULES_NSKILL; c++) {
    if (!proto__names_eq(s, rules_card_name(c), &q)) continue;
    a->kind = RULES_A_PLAY;
    a->card = (int8_t)c;
    if (c == RULES_TP) {
      if (!proto__int(&q, &x) || !proto__int(&q, &y) || x > 8 || y > 8) return -1;
      a->x = (int8_t)x;
      a->y = (int8_t)y;
    } else if (c == RULES_CI) {
      if (!proto__int(&q, &x) || x > 8) return -1;
      a->x = (int8_t)x;
    }
    return *q ? -1 : 0;
  }
  return -1;
}

BOT_API int proto_read(reader_t *r, proto_input *p) {
  char w[64];
  long v;
  p->err[0] = 0;
  p->bad_phase = 1;
  if (reader_line(r) != READER_OK) return proto__fail(p, r, "phase");
  if (reader_word(r, w, sizeof w) != READER_OK) return proto__fail(p, r, "phase");
  p->phase = -1;
  for (int i = 0; i < 5; i++)
    if (strcmp(w, rules_phase_name(i)) == 0) p->phase = i;
  if (p->phase < 0) {
    snprintf(p->err, sizeof p->err, "unknown phase '%.40s'", w);
    return -2;
  }
  p->bad_phase = 0;
  if (reader_line(r) != READER_OK || reader_int(r, &v, 0, RULES_NAPP) != READER_OK) return proto__fail(p, r, "appCount");
  p->napps = (int)v;
  for (int i = 0; i < p->napps; i++) {
    if (reader_line(r) != READER_OK || reader_word(r, w, sizeof w) != READER_OK || strcmp(w, "APPLICATION") != 0)
      return proto__fail(p, r, "application");
    if (reader_int(r, &v, 0, RULES_NAPP_ALL - 1) != READER_OK) return proto__fail(p, r, "application id");
    p->app_id[i] = (int)v;
    for (int k = 0; k < RULES_NSKILL; k++) {
      if (reader_int(r, &v, 0, 100) != READER_OK) return proto__fail(p, r, "application need");
      p->app_need[i][k] = (int)v;
    }
  }
  for (int s = 0; s < 2; s++) {
    long a, b, c, d;
    if (reader_line(r) != READER_OK || reader_int(r, &a, -1, 7) != READER_OK || reader_int(r, &b, 0, 5) != READER_OK ||
        reader_int(r, &c, 0, 40) != READER_OK || reader_int(r, &d, 0, 40) != READER_OK)
      return proto__fail(p, r, "player line");
    p->loc[s] = (int)a;
    p->score[s] = (int)b;
    p->ndr[s] = (int)c;
    p->nas[s] = (int)d;
  }
  memset(p->cnt, 0, sizeof p->cnt);
  if (reader_line(r) != READER_OK || reader_int(r, &v, 0, PROTO_NLOC) != READER_OK) return proto__fail(p, r, "locationCount");
  int nloc = (int)v;
  for (int i = 0; i < nloc; i++) {
    if (reader_line(r) != READER_OK || reader_word(r, w, sizeof w) != READER_OK) return proto__fail(p, r, "location");
    int li = -1;
    for (int j = 0; j < PROTO_NLOC; j++)
      if (strcmp(w, proto__locnames[j]) == 0) li = j;
    if (li < 0) {
      snprintf(p->err, sizeof p->err, "unknown location '%.40s'", w);
      return -2;
    }
    for (int k = 0; k < RULES_NTYPES; k++) {
      if (reader_int(r, &v, 0, RULES_PILE) != READER_OK) return proto__fail(p, r, "location count");
      p->cnt[li][k] = (int)v;
    }
  }
  if (reader_line(r) != READER_OK || reader_int(r, &v, 0, 1000) != READER_OK) return proto__fail(p, r, "optionCount");
  int nopt = (int)v;
  p->nopts = 0;
  for (int i = 0; i < nopt; i++) {
    if (reader_line(r) != READER_OK) return proto__fail(p, r, "option");
    rules_action a;
    if (proto_parse_option(reader_rest(r), &a) == 0 && p->nopts < PROTO_MAX_OPTS) p->opts[p->nopts++] = a;
  }
  return 0;
}

static void proto__fill(rules_pile *pl, const int cnt[RULES_NTYPES]) {
  pl->n = 0;
  for (int k = 0; k < RULES_NTYPES; k++)
    for (int j = 0; j < cnt[k] && pl->n < RULES_PILE; j++) pl->c[pl->n++] = (uint8_t)k;
}

BOT_API void proto_track_init(proto_track *t) {
  memset(t, 0, sizeof *t);
  t->last_phase = -1;
}

BOT_API void proto_track_request(proto_track *t, const proto_input *p) {
  if (p->phase == RULES_PH_PLAY) {
    if (t->last_phase == RULES_PH_PLAY && t->last.kind == RULES_A_PLAY) {
      t->plays += t->last.card == RULES_TR ? 0 : t->last.card == RULES_CO ? 1 : -1;
      if (t->plays < 1) t->plays = 1;
    } else {
      t->plays = 1;
    }
  }
  if (p->phase == RULES_PH_THROW) t->to_throw = t->last_phase == RULES_PH_THROW ? 1 : 2;
}

BOT_API void proto_track_answer(proto_track *t, const proto_input *p, const rules_action *a) {
  t->last_phase = p->phase;
  t->last = *a;
  if (a->kind == RULES_A_MOVE) t->take = a->y;
  t->requests++;
}

BOT_API void proto_answer(proto_track *t, const proto_input *p, const rules_action *a, const char *msg) {
  char s[64];
  rules_action_str(a, s, sizeof s);
  if (msg && *msg) printf("%s %s\n", s, msg);
  else printf("%s\n", s);
  fflush(stdout);
  proto_track_answer(t, p, a);
}

BOT_API int proto_run(const char *name, proto_decide_fn decide, void *ctx) {
  static reader_t r;
  static proto_input in;
  proto_track t;
  proto_track_init(&t);
  reader_init(&r, 0);
  for (;;) {
    int rc = proto_read(&r, &in);
    if (rc == -1) return 0;
    if (rc == -2 || in.nopts == 0) {
      fprintf(stderr, "%s: %s\n", name, in.err[0] ? in.err : "no options listed");
      if (rc == -2 && in.bad_phase) continue;
      printf("RANDOM\n");
      fflush(stdout);
      continue;
    }
    proto_track_request(&t, &in);
    rules_action a = decide(&in, &t, ctx);
    proto_answer(&t, &in, &a, NULL);
  }
}

BOT_API void proto_to_game(const proto_input *p, const proto_track *t, rules_game *g) {
  memset(g, 0, sizeof *g);
  g->active = 0;
  g->phase = (int8_t)p->phase;
  int na = p->napps < 0 ? 0 : p->napps > RULES_NAPP ? RULES_NAPP : p->napps;
  g->napps = (int8_t)na;
  for (int i = 0; i < na && i < RULES_NAPP; i++) g->apps[i] = (int8_t)p->app_id[i];
  int seen[RULES_NTYPES] = {0};
  for (int s = 0; s < 2; s++) {
    rules_player *P = &g->p[s];
    P->loc = (int8_t)p->loc[s];
    P->score = (int8_t)p->score[s];
    P->ndr = (int8_t)p->ndr[s];
    P->nas = (int8_t)p->nas[s];
    P->permanent.n = 0;
    for (int j = 0; j < p->ndr[s] && P->permanent.n < RULES_PILE; j++) P->permanent.c[P->permanent.n++] = RULES_DR;
    for (int j = 0; j < p->nas[s] && P->permanent.n < RULES_PILE; j++) P->permanent.c[P->permanent.n++] = RULES_AS;
    seen[RULES_DR] += p->ndr[s];
    seen[RULES_AS] += p->nas[s];
  }
  rules_player *M = &g->p[0], *O = &g->p[1];
  proto__fill(&M->hand, p->cnt[PROTO_HAND]);
  proto__fill(&M->draw, p->cnt[PROTO_DRAW]);
  proto__fill(&M->discard, p->cnt[PROTO_DISCARD]);
  proto__fill(&M->played, p->cnt[PROTO_PLAYED]);
  proto__fill(&M->automated, p->cnt[PROTO_AUTO]);
  proto__fill(&O->discard, p->cnt[PROTO_OPP]);
  proto__fill(&O->automated, p->cnt[PROTO_OPP_AUTO]);
  for (int l = 0; l < PROTO_NLOC; l++)
    for (int k = 0; k < RULES_NTYPES; k++) seen[k] += p->cnt[l][k];
  for (int k = 0; k < RULES_NDESK; k++) g->desk[k] = (int8_t)(5 - seen[k] < 0 ? 0 : 5 - seen[k]);
  g->bonus = (int16_t)(36 - seen[RULES_BONUS] < 0 ? 0 : 36 - seen[RULES_BONUS]);
  g->debt = (int16_t)(100 - seen[RULES_DEBT] < 0 ? 0 : 100 - seen[RULES_DEBT]);
  if (p->phase == RULES_PH_PLAY) M->plays = (int8_t)(t->plays > 0 ? t->plays : 1);
  if (p->phase == RULES_PH_THROW) M->to_throw = (int8_t)(t->to_throw > 0 ? t->to_throw : 1);
  if (p->phase == RULES_PH_GIVE) M->must_give = 1;
  M->take = (int8_t)(t->take >= 0 && t->take < 8 ? t->take : (p->loc[0] < 0 ? 0 : p->loc[0]));
  g->turn = 0; /* unknown; the search looks at one turn */
}

static void proto__shuffle(rules_pile *pl, rules_rng *r) {
  for (int i = pl->n - 1; i > 0; i--) {
    int j = rules_rng_int(r, i + 1);
    uint8_t t = pl->c[i];
    pl->c[i] = pl->c[j];
    pl->c[j] = t;
  }
}

BOT_API void proto_sample_hidden(rules_game *g, rules_rng *r) {
  rules_player *M = &g->p[0], *O = &g->p[1];
  proto__shuffle(&M->draw, r);
  /* opponent: all unknown cards are in discard; deal a hand of 4 + AS */
  rules_pile all = O->discard;
  for (int i = 0; i < O->hand.n; i++) all.c[all.n++] = O->hand.c[i];
  for (int i = 0; i < O->draw.n; i++) all.c[all.n++] = O->draw.c[i];
  proto__shuffle(&all, r);
  int h = 4 + O->nas;
  if (h > all.n) h = all.n;
  O->hand.n = 0;
  O->draw.n = 0;
  for (int i = 0; i < h; i++) O->hand.c[O->hand.n++] = all.c[--all.n];
  O->discard = all;
}
