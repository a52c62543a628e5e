/*
** beam.c -- Spring Challenge 2021 day-structured beam search (see beam.h).
**
** Data flow: beam_search (steps 1-5 above it) -> beam__make_plan (the
** opponent's own pass, when opp_plan_width asks for one) -> beam__pass (one
** width: day after day, layer after layer) -> beam__expand (a node's
** children: tonight's WAIT, the opponent's night by its plan or model,
** into the dawn heap, today's next actions into the layer heap) ->
** beam_eval.
**
** Invariants: states are searched from player 0's side (beam_search swaps
** the seats when me == 1); only our own actions are applied (beam__apply,
** which assumes rules_valid holds: expansion checks every condition the
** referee checks); a node's `last` key makes every day's actions come in
** one canonical order, so each set of actions is reached once: COMPLETE
** (key = cell), GROW from size 2, 1, 0 (key = 64 * (3 - size) + cell), SEED
** (key = 256 + target); heaps never hold more than the pass's width.
*/
#include "beam.h"

#include <string.h>

#include "tune.h"

/* Width schedule of the passes (the same for every version). */
#ifndef BEAM_FIRST_WIDTH
#define BEAM_FIRST_WIDTH 16     /* width of the first pass; each next doubles */
#endif
#ifndef BEAM_NEXT_PASS
#define BEAM_NEXT_PASS 2.0      /* a pass takes about this many times the last */
#endif

/* Tunables of the shipped search besides BEAM_TUNABLES below (each may be
   set with -D for experiments; beam_params holds them at run time, field by
   field as named here). */
#ifndef BEAM_DAYS
#define BEAM_DAYS 6             /* days searched from the root's, today included */
#endif
#ifndef BEAM_END_DAYS
#define BEAM_END_DAYS 8         /* search to the game's end when this few days remain */
#endif
#ifndef BEAM_MAX_ACTIONS
#define BEAM_MAX_ACTIONS 8      /* our actions in one day */
#endif
#ifndef BEAM_SEED_MIN_LEFT
#define BEAM_SEED_MIN_LEFT 2    /* no seed when fewer days remain (today included) */
#endif

/* Tunables of the opponent model, applied every night. */
#ifndef BEAM_OPP_GROWS
#define BEAM_OPP_GROWS 0 /* its trees that grow each night, largest first */
#endif
#ifndef BEAM_OPP_RACE
#define BEAM_OPP_RACE 0 /* 1: it completes as its sun and a keep schedule allow */
#endif
#ifndef BEAM_OPP_KEEP_RATE
#define BEAM_OPP_KEEP_RATE 0.35 /* race: size-3 trees it keeps per day left (rounded up) */
#endif
#ifndef BEAM_OPP_MAX_DAILY
#define BEAM_OPP_MAX_DAILY 3 /* race: its completions in one night at most */
#endif
#ifndef BEAM_OPP_END_LEFT
#define BEAM_OPP_END_LEFT 0 /* on the nights of the last this many days... */
#endif
#ifndef BEAM_OPP_END_DAILY
#define BEAM_OPP_END_DAILY 1 /* ...it completes this many (up to its size-3 trees) */
#endif
#ifndef BEAM_OPP_PLAN_WIDTH
#define BEAM_OPP_PLAN_WIDTH 256 /* width of the opponent's own search (0: none) */
#endif
#ifndef BEAM_RACE_FINISH
#define BEAM_RACE_FINISH 0 /* 1: our i-th size-3 tree valued after i of the opponent's */
#endif

/* Tunables of the evaluation (days left L = days - day, L' = L - growth_end_left). */
#ifndef BEAM_SUN_CAST_W
#define BEAM_SUN_CAST_W 0.0     /* per sun a day our shade takes from the opponent, times L' */
#endif
#ifndef BEAM_TIE_W
#define BEAM_TIE_W 0.01         /* final points per tree (tiebreak on equal scores) */
#endif
#ifndef BEAM_FILL
#define BEAM_FILL 0.0           /* last pass at this fraction of the width the time left allows (0: none) */
#endif
#ifndef BEAM_FILL_FROM
#define BEAM_FILL_FROM 1024     /* ... once a pass this wide has finished */
#endif

/* Tunables that ./tune.py explores: one row per beam_params field, its
   shipped value and the range searched (integer fields take the rounded
   value). beam_params_init sets them for BEAM_SHIPPED; in a tuning build
   (-DBOT_TUNING: build/spring2021-tune) the environment's BOT_TUNE="field=
   value ..." then overrides them (an unknown name or a bad value: a message
   on stderr, the rest still applies). Days are the game's (24), L the days
   left, L' = L - growth_end_left. */
#define BEAM_TUNABLES(X)                                                         \
  X(complete_from, 11, 8, 14)       /* no COMPLETE before this day */            \
  X(seed_max_cost, 0, 0, 3)         /* plant when a seed costs this or less */   \
  X(opp_complete_from, 12, 9, 15)   /* opponent model: it completes from then */ \
  X(late_disc, 0.0, 0.0, 1.0)       /* points count 1 - this x L / days */       \
  X(rich_w, 0.5, 0.0, 2.0)          /* per point of a tree's cell bonus */       \
  X(finish_w, 1.0, 0.5, 1.5)        /* size-3 trees x their completion */        \
  X(growth_end_left, 4, 2, 7)       /* trees worth their size while L > this */  \
  X(shade_w, 0.05, 0.0, 0.3)        /* per (tree, tree in line), times L' */     \
  X(sun_shade_w, 0.0, 0.0, 1.5)     /* per sun a day lost to shade, times L' */  \
  X(big_w, 3.0, 1.0, 5.0)           /* a size-3 tree's weight, times L' */

/* The value of a row for its field: rounded for an int field. */
#define BEAM__AS(field, x) _Generic((field), int: (int)((x) < 0 ? (x) - 0.5 : (x) + 0.5), default: (x))

static void beam__set_tunables(beam_params *p) {
#define BEAM__SET(name, value, lo, hi) p->name = BEAM__AS(p->name, value);
  BEAM_TUNABLES(BEAM__SET)
#undef BEAM__SET
}

#ifdef BOT_TUNING
#include <stdlib.h>
/* BOT_TUNE="name=value ..." over the table's fields, through doubles. */
static void beam__tune_env(beam_params *p) {
  static int warned; /* beam_params_init runs once per engine: say it once */
#define BEAM__FIELD(name, value, lo, hi) double name;
#define BEAM__NOW(name, value, lo, hi) .name = p->name,
#define BEAM__VAR(name, value, lo, hi) {#name, &d.name},
#define BEAM__BACK(name, value, lo, hi) p->name = BEAM__AS(p->name, d.name);
  struct { BEAM_TUNABLES(BEAM__FIELD) } d = {BEAM_TUNABLES(BEAM__NOW)};
  const tune_var tab[] = {BEAM_TUNABLES(BEAM__VAR)};
  tune_apply("spring2021", getenv("BOT_TUNE"), tab, (int)(sizeof tab / sizeof tab[0]), NULL, warned);
  BEAM_TUNABLES(BEAM__BACK)
#undef BEAM__FIELD
#undef BEAM__NOW
#undef BEAM__VAR
#undef BEAM__BACK
  warned = 1;
}
#else
static void beam__tune_env(beam_params *p) { (void)p; }
#endif

static const beam_params beam__shipped = {
  .days = BEAM_DAYS, .end_days = BEAM_END_DAYS, .max_actions = BEAM_MAX_ACTIONS,
  .seed_min_left = BEAM_SEED_MIN_LEFT, .opp_grows = BEAM_OPP_GROWS,
  .opp_race = BEAM_OPP_RACE,
  .opp_keep_rate = BEAM_OPP_KEEP_RATE, .opp_max_daily = BEAM_OPP_MAX_DAILY,
  .opp_end_left = BEAM_OPP_END_LEFT, .opp_end_daily = BEAM_OPP_END_DAILY,
  .race_finish = BEAM_RACE_FINISH, .sun_cast_w = BEAM_SUN_CAST_W, .tie_w = BEAM_TIE_W, .fill = BEAM_FILL,
  .fill_from = BEAM_FILL_FROM, .opp_plan_width = BEAM_OPP_PLAN_WIDTH,
};

/* The first beam bot's tunables (shipped until issue 37), frozen for the
   sparring bot beam1: never change them. */
static const beam_params beam__v1 = {
  .days = 6, .end_days = 8, .max_actions = 8, .complete_from = 11, .seed_max_cost = 0,
  .seed_min_left = 2, .opp_grows = 0, .opp_complete_from = 12, .opp_race = 0,
  .opp_keep_rate = 0.0, .opp_max_daily = 1, .opp_end_left = 0, .opp_end_daily = 1,
  .race_finish = 0, .late_disc = 1.0, .rich_w = 0.5,
  .finish_w = 1.0, .growth_end_left = 4, .shade_w = 0.05, .sun_shade_w = 0.0, .sun_cast_w = 0.0,
  .big_w = 3.0, .tie_w = 0.01, .fill = 0.0, .fill_from = 0, .opp_plan_width = 0,
};

/* Cells within three steps along the six lines (who can shade whom), and
   within j steps (j = 1..3: where a tree of size j shades c from). */
static uint64_t beam__lines[RULES_CELLS];
static uint64_t beam__near[RULES_CELLS][4];

static void beam__tables(void) {
  if (beam__lines[0]) return;
  rules_init();
  for (int c = 0; c < RULES_CELLS; c++)
    for (int d = 0; d < 6; d++) {
      beam__lines[c] |= rules_tab.ray[c][d][3];
      for (int j = 1; j <= 3; j++) beam__near[c][j] |= rules_tab.ray[c][d][j];
    }
}

/* Sun a day that player q's trees lose, on average over the six sun
   directions, to the shade of the trees in `by`: a tree of size k loses k
   on each day a tree of `by` of size j >= k stands within j cells in the
   sun's line (one direction in six; two shaders in one line count twice). */
static double beam__shade_loss(const rules_state *s, int q, uint64_t by) {
  int lost = 0;
  for (int k = 1; k <= 3; k++)
    for (uint64_t m = s->own[q] & s->size[k]; m; m &= m - 1) {
      int c = __builtin_ctzll(m), n = 0;
      for (int j = k; j <= 3; j++) n += __builtin_popcountll(beam__near[c][j] & by & s->size[j]);
      lost += k * n;
    }
  return lost / 6.0;
}

BOT_API void beam_params_init(beam_params *p, int version) {
  beam__tables(); /* beam_eval's, ready before it can be called */
  *p = version == BEAM_V1 ? beam__v1 : beam__shipped;
  if (version == BEAM_V1) return;
  beam__set_tunables(p);
  beam__tune_env(p);
}

BOT_API double beam_eval(const beam_params *p, const rules_board *b, const rules_state *s,
                         int root_score) {
  const uint64_t mine = s->own[0];
  const int left = b->days - s->day;
  if (left <= 0)
    return s->score[0] + s->sun[0] / 3 + p->tie_w * __builtin_popcountll(mine);
  /* 1. points: those made on the path count more the later the horizon
     (a tree sold early loses its income: late_disc; num / days is the
     rate, exactly (days - L) / days at late_disc 1), sun at its final
     exchange rate */
  const double num = b->days - p->late_disc * left;
  double v = root_score + (double)(s->score[0] - root_score) * num / b->days + s->sun[0] / 3.0;
  /* 2. big trees are worth what completing them would make (the i-th at
     one nutrient less; with race_finish, after i of the opponent's too),
     at the same rate as the path's points */
  if (p->finish_w > 0.0) {
    int n3 = __builtin_popcountll(mine & s->size[3]);
    int opp3 = p->race_finish ? __builtin_popcountll(s->own[1] & s->size[3]) : 0;
    int rich3 = 2 * __builtin_popcountll(mine & s->size[3] & b->rich[2]) +
                4 * __builtin_popcountll(mine & s->size[3] & b->rich[3]);
    double made = rich3 - 4.0 / 3.0 * n3;
    for (int i = 0; i < n3; i++) {
      int nut = s->nutrients - i - (i < opp3 ? i : opp3);
      made += nut > 0 ? nut : 0;
    }
    if (made > 0) v += p->finish_w * made * num / b->days;
  }
  int rest = left - p->growth_end_left;
  if (rest <= 0) return v;
  /* 3. trees by size and richness, and the trees in their lines that can
     shade them, while growth still pays */
  uint64_t geq[4];
  geq[3] = s->size[3];
  geq[2] = geq[3] | s->size[2];
  geq[1] = geq[2] | s->size[1];
  geq[0] = geq[1] | s->size[0];
  double trees = 0.0;
  int shade = 0;
  double rich = p->rich_w * (2 * __builtin_popcountll(mine & b->rich[2]) +
                               4 * __builtin_popcountll(mine & b->rich[3]));
  for (int k = 0; k <= 3; k++) {
    uint64_t m = mine & s->size[k];
    trees += (k == 3 ? p->big_w : k) * __builtin_popcountll(m);
    uint64_t shaders = mine | (s->own[1] & geq[k]);
    for (; m; m &= m - 1) shade += __builtin_popcountll(beam__lines[__builtin_ctzll(m)] & shaders);
  }
  /* 4. the sun a day lost to shade, ours and the opponent's to ours */
  double sun = 0.0;
  if (p->sun_shade_w != 0.0) sun -= p->sun_shade_w * beam__shade_loss(s, 0, s->own[0] | s->own[1]);
  if (p->sun_cast_w != 0.0) sun += p->sun_cast_w * beam__shade_loss(s, 1, s->own[0]);
  return v + rich + rest * (trees - p->shade_w * shade + sun);
}

/* Our action a on s (valid: expansion checked it). */
static void beam__apply(const rules_board *b, rules_state *s, int a) {
  int kind = RULES_KIND(a), c = RULES_DST(a);
  uint64_t bit = 1ULL << c;
  if (kind == RULES_GROW) {
    int sz = rules_size_at(s, c);
    s->sun[0] -= rules_grow_cost(s, 0, sz);
    s->size[sz] &= ~bit;
    s->size[sz + 1] |= bit;
    s->dormant |= bit;
  } else if (kind == RULES_COMPLETE) {
    int r = b->richness[c];
    s->sun[0] -= 4;
    s->score[0] += s->nutrients + (r == 2 ? 2 : r == 3 ? 4 : 0);
    if (s->nutrients > 0) s->nutrients--;
    rules_remove(s, c);
  } else if (kind == RULES_SEED) {
    s->sun[0] -= rules_seed_cost(s, 0);
    s->dormant |= 1ULL << RULES_SRC(a);
    rules_put(s, c, 0, 0, 1);
  }
}

/* The race model's completions of tonight (opp_race): from
   p->opp_complete_from, while it has a size-3 tree, the opponent completes
   one (its steady pipeline, as the model without the race: the tree stays,
   standing for the one it grows next, and its sun is not charged), and
   besides, its size-3 trees beyond ceil(opp_keep_rate x the days left
   after today), as many as its sun pays for (4 each), opp_max_daily in
   all, richest cells first (the lowest cell numbers), removed; each
   scores the nutrients and its bonus, which then fall by one. */
static void beam__opp_race(const beam_params *p, const rules_board *b, rules_state *s) {
  uint64_t big = s->own[1] & s->size[3];
  if (s->day < p->opp_complete_from || !big) return;
  if (s->nutrients > 0) s->nutrients--;
  int left = b->days - 1 - s->day;
  int keep = (int)(p->opp_keep_rate * left + 0.999);
  int sell = __builtin_popcountll(big) - keep;
  if (sell > p->opp_max_daily - 1) sell = p->opp_max_daily - 1;
  if (sell > s->sun[1] / 4) sell = s->sun[1] / 4;
  for (; sell > 0; sell--, big &= big - 1) {
    int c = __builtin_ctzll(big), r = b->richness[c];
    s->sun[1] -= 4;
    s->score[1] += s->nutrients + (r == 2 ? 2 : r == 3 ? 4 : 0);
    if (s->nutrients > 0) s->nutrients--;
    rules_remove(s, c);
  }
}

/* The night of day s->day by the opponent's plan (pl covers it): the
   nutrients its completions of the day took (at least the daily model's
   one from p->opp_complete_from: a plan that ends before the game's end
   sells too little), and its trees at tomorrow's dawn (but not on a cell
   our own tree took first). */
static void beam__plan_night(const beam_params *p, const beam_plan *pl, rules_state *s) {
  int k = s->day - pl->from, n = pl->done[k];
  if (n < 1 && s->day >= p->opp_complete_from && (s->own[1] & s->size[3])) n = 1;
  s->nutrients = s->nutrients > n ? s->nutrients - n : 0;
  uint64_t opp = pl->own[k + 1] & ~s->own[0];
  for (int j = 0; j <= 3; j++) s->size[j] = (s->size[j] & ~s->own[1]) | (pl->size[k + 1][j] & opp);
  s->own[1] = opp;
}

/* The night after our WAIT: the opponent model (its plan when pl covers the
   day), the sun's move, the gather (the opponent's sun only in the race
   model). */
static void beam__night(const beam_params *p, const beam_plan *pl, const rules_board *b,
                        rules_state *s) {
  /* 1. the opponent completes: by its plan (beam__plan_night); in the race model as its sun allows
     (beam__opp_race), else once a day from p->opp_complete_from while it
     has a big tree, opp_end_daily a night (up to its big trees) on the
     last opp_end_left days (its trees stay: what shades us stays, and a
     sold tree stands for the one it grows next) */
  if (pl && s->day >= pl->from && s->day < pl->to) beam__plan_night(p, pl, s);
  else if (p->opp_race) beam__opp_race(p, b, s);
  else if (s->day >= p->opp_complete_from && (s->own[1] & s->size[3])) {
    int n = 1, big = __builtin_popcountll(s->own[1] & s->size[3]);
    if (b->days - s->day <= p->opp_end_left) n = p->opp_end_daily < big ? p->opp_end_daily : big;
    s->nutrients = s->nutrients > n ? s->nutrients - n : 0;
  }
  /* 2. it grows p->opp_grows trees, largest first (lowest cell first) */
  int grows = p->opp_grows;
  for (int sz = 2; sz >= 0 && grows > 0; sz--)
    for (uint64_t m = s->own[1] & s->size[sz]; m && grows > 0; m &= m - 1, grows--) {
      uint64_t bit = m & -m;
      s->size[sz] &= ~bit;
      s->size[sz + 1] |= bit;
    }
  /* 3. next day, and the gather */
  rules_sun_move(b, s);
  if (s->day >= b->days) return;
  s->dormant = 0;
  s->sun[0] += rules_harvest_of(b, s, 0);
  if (p->opp_race) s->sun[1] += rules_harvest_of(b, s, 1);
}

static uint32_t beam__hash(const rules_state *s) {
  uint64_t h = s->own[0] * 0x9E3779B97F4A7C15ULL;
  h ^= (h >> 29) ^ s->size[1] * 0xBF58476D1CE4E5B9ULL;
  h ^= (h >> 31) ^ s->size[2] * 0x94D049BB133111EBULL;
  h ^= (h >> 27) ^ s->size[3] * 0xD6E8FEB86659FD93ULL;
  h ^= (h >> 33) ^ s->dormant * 0xA0761D6478BD642FULL;
  h ^= (h >> 30) ^ ((uint64_t)(uint32_t)s->sun[0] << 32 | (uint32_t)s->score[0]) * 0xE7037ED1A0B428DBULL;
  h ^= h >> 32;
  return (uint32_t)h;
}

typedef struct beam__pass_ctx {
  const beam_params *p;
  const rules_board *b;
  const deadline_t *d;
  beam_work *w;
  const beam_plan *plan; /* the opponent's plan for our nights (NULL: none) */
  beam_plan *hist;       /* a plan pass: its first layers go here (else NULL) */
  int root_idle;         /* no action on the root's day (the player waits) */
  int width, root_score;
  int ndawn, ncand;
  long expanded;
} beam__pass_ctx;

/* ---- bounded min-heaps (the worst kept entry on top) --------------------- */

/* Makes room in the bounded min-heap h (*n entries, at most width) for an
   entry of value v: returns the index to write it at (entries moved up or
   down), or -1 when v is no better than the worst of a full heap; *evicted
   gets the worst entry when it had to go (its parent field then names the
   slot that frees), else its parent is -1. */
static int beam__heap_room(beam_cand *h, int *n, int width, float v, beam_cand *evicted) {
  int i;
  evicted->parent = -1;
  if (*n < width) {
    i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].value > v) h[i] = h[(i - 1) / 2], i = (i - 1) / 2;
    return i;
  }
  if (v <= h[0].value) return -1;
  *evicted = h[0];
  i = 0;
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    float mv = v;
    if (l < *n && h[l].value < mv) m = l, mv = h[l].value;
    if (r < *n && h[r].value < mv) m = r;
    if (m == i) return i;
    h[i] = h[m];
    i = m;
  }
}

/* (the hash of a child, s, is computed only once it has a place) */
static void beam__cand_push(beam__pass_ctx *c, float v, const rules_state *s, int parent, int action) {
  beam_cand ev;
  int i = beam__heap_room(c->w->cand, &c->ncand, c->width, v, &ev);
  if (i < 0) return;
  c->w->cand[i] = (beam_cand){v, beam__hash(s), parent, action};
}

/* Tomorrow's nodes live in w->dawn at slots the heap w->dawn_heap names
   (n->hash is set here, once n has a place). */
static void beam__dawn_push(beam__pass_ctx *c, beam_node *n) {
  beam_cand ev;
  int i = beam__heap_room(c->w->dawn_heap, &c->ndawn, c->width, n->value, &ev);
  if (i < 0) return;
  int slot = ev.parent >= 0 ? ev.parent : c->ndawn - 1;
  n->hash = beam__hash(&n->s);
  c->w->dawn[slot] = *n;
  c->w->dawn_heap[i] = (beam_cand){n->value, n->hash, slot, 0};
}

/* Best first; equal values by hash, so duplicates are neighbours. */
static int beam__before(const beam_cand *a, const beam_cand *b) {
  return a->value > b->value || (a->value == b->value && a->hash < b->hash);
}

#define BEAM_SORT_RUN 8 /* runs sorted by insertion before the merges */

/* Sorts a[0..n) by beam__before, stably (equal entries keep their order,
   as glibc's merge sort behind qsort left them): insertion-sorted runs,
   then bottom-up merges between a and tmp. The comparisons are inline:
   through the library's callback the sort took a third of a pass. */
static void beam__sort(beam_cand *a, beam_cand *tmp, int n) {
  for (int lo = 0; lo < n; lo += BEAM_SORT_RUN) {
    int hi = lo + BEAM_SORT_RUN < n ? lo + BEAM_SORT_RUN : n;
    for (int i = lo + 1; i < hi; i++) {
      beam_cand x = a[i];
      int j = i;
      while (j > lo && beam__before(&x, &a[j - 1])) a[j] = a[j - 1], j--;
      a[j] = x;
    }
  }
  beam_cand *src = a, *dst = tmp;
  for (int w = BEAM_SORT_RUN; w < n; w *= 2) {
    for (int lo = 0; lo < n; lo += 2 * w) {
      int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      int i = lo, j = mid, k = lo;
      while (i < mid && j < hi) dst[k++] = beam__before(&src[j], &src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    beam_cand *x = src;
    src = dst;
    dst = x;
  }
  if (src != a) memcpy(a, src, (size_t)n * sizeof *a);
}

#define BEAM_RADIX_FROM 512 /* layers this large are sorted by radix */
#define BEAM_RADIX_BITS 11  /* bits of the key per pass */

/* The radix sort's key of an entry: ascending keys are beam__before's
   order (value descending, then hash ascending; -0 counts as +0, as the
   float comparison has it). */
static uint64_t beam__key(const beam_cand *c) {
  float v = c->value == 0.0f ? 0.0f : c->value;
  uint32_t u;
  memcpy(&u, &v, sizeof u);
  u = (u & 0x80000000u) ? ~u : (u | 0x80000000u); /* ascending as the floats */
  return (uint64_t)~u << 32 | c->hash;
}

/* beam__sort for large layers: a stable least-significant-digit radix sort
   on beam__key (so the same order as the merge sort), passes over digits
   that every key shares skipped. */
static void beam__radix_sort(beam_work *w, beam_cand *a, int n) {
  beam_cand *src = a, *dst = w->sort_tmp;
  uint64_t *ks = w->sort_key[0], *kd = w->sort_key[1];
  for (int i = 0; i < n; i++) ks[i] = beam__key(&a[i]);
  const uint64_t mask = (1u << BEAM_RADIX_BITS) - 1;
  for (int shift = 0; shift < 64; shift += BEAM_RADIX_BITS) {
    int at[1 << BEAM_RADIX_BITS];
    memset(at, 0, sizeof at);
    for (int i = 0; i < n; i++) at[(ks[i] >> shift) & mask]++;
    if (at[(ks[0] >> shift) & mask] == n) continue;
    for (int d = 0, sum = 0; d <= (int)mask; d++) {
      int c = at[d];
      at[d] = sum;
      sum += c;
    }
    for (int i = 0; i < n; i++) {
      int j = at[(ks[i] >> shift) & mask]++;
      dst[j] = src[i];
      kd[j] = ks[i];
    }
    beam_cand *x = src;
    src = dst, dst = x;
    uint64_t *y = ks;
    ks = kd, kd = y;
  }
  if (src != a) memcpy(a, src, (size_t)n * sizeof *a);
}

BOT_API void beam_sort(beam_work *w, beam_cand *a, int n) {
  if (n >= BEAM_RADIX_FROM) beam__radix_sort(w, a, n);
  else beam__sort(a, w->sort_tmp, n);
}

/* ---- expansion ------------------------------------------------------------ */

/* Children of node n (index idx of the layer `cur`): the night after WAIT
   into the dawn heap; with more actions allowed, every action in canonical
   order after n's into the layer heap. */
static void beam__expand(beam__pass_ctx *c, const beam_node *n, int idx, int more) {
  const rules_board *b = c->b;
  const rules_state *s = &n->s;
  const int day = s->day, left = b->days - day;
  beam_node t;

  /* 1. WAIT: the day ends */
  t.s = *s;
  beam__night(c->p, c->plan, b, &t.s);
  t.value = (float)beam_eval(c->p, b, &t.s, c->root_score);
  t.first = n->first >= 0 ? n->first : RULES_WAIT;
  t.last = -1;
  t.slot = n->slot;
  t.seeded = 0;
  beam__dawn_push(c, &t);
  c->expanded++;
  if (!more) return;

  const uint64_t ready = s->own[0] & ~s->dormant;
  const int sun = s->sun[0];
  /* 2. COMPLETE */
  if (sun >= 4 && (day >= c->p->complete_from || b->days < 24))
    for (uint64_t m = ready & s->size[3]; m; m &= m - 1) {
      int cell = __builtin_ctzll(m);
      if (cell <= n->last) continue;
      t.s = *s;
      int a = RULES_ACT(RULES_COMPLETE, 0, cell);
      beam__apply(b, &t.s, a);
      beam__cand_push(c, (float)beam_eval(c->p, b, &t.s, c->root_score), &t.s, idx, a);
      c->expanded++;
    }
  /* 3. GROW, largest first, only trees that can still be completed */
  for (int sz = 2; sz >= 0 && b->grow_on; sz--) {
    if (left < 4 - sz) continue;
    int cost = rules_grow_cost(s, 0, sz), base = 64 * (3 - sz);
    if (cost > sun) continue;
    for (uint64_t m = ready & s->size[sz]; m; m &= m - 1) {
      int cell = __builtin_ctzll(m);
      if (base + cell <= n->last) continue;
      t.s = *s;
      int a = RULES_ACT(RULES_GROW, 0, cell);
      beam__apply(b, &t.s, a);
      beam__cand_push(c, (float)beam_eval(c->p, b, &t.s, c->root_score), &t.s, idx, a);
      c->expanded++;
    }
  }
  /* 4. SEED: one a day, cheap, from a tree of size 2 or 3, not next to our
     own trees */
  if (b->seed_on && !n->seeded && left >= c->p->seed_min_left &&
      rules_seed_cost(s, 0) <= c->p->seed_max_cost && rules_seed_cost(s, 0) <= sun) {
    uint64_t src = ready & (s->size[2] | s->size[3]), targets = 0, near = 0;
    if (!src) return;
    for (uint64_t m = s->own[0]; m; m &= m - 1) near |= rules_tab.range[__builtin_ctzll(m)][1];
    for (uint64_t m = src; m; m &= m - 1) {
      int cell = __builtin_ctzll(m);
      targets |= rules_tab.range[cell][rules_size_at(s, cell)];
    }
    targets &= b->usable & ~(s->own[0] | s->own[1]) & ~near;
    for (; targets; targets &= targets - 1) {
      int tg = __builtin_ctzll(targets);
      if (256 + tg <= n->last) continue;
      int from = -1; /* the smallest source in range */
      for (int k = 2; k <= 3 && from < 0; k++)
        for (uint64_t m = src & s->size[k]; m && from < 0; m &= m - 1)
          if (rules_tab.dist[__builtin_ctzll(m)][tg] <= k) from = __builtin_ctzll(m);
      if (from < 0) continue;
      t.s = *s;
      int a = RULES_ACT(RULES_SEED, from, tg);
      beam__apply(b, &t.s, a);
      beam__cand_push(c, (float)beam_eval(c->p, b, &t.s, c->root_score), &t.s, idx, a);
      c->expanded++;
    }
  }
}

/* One pass at c->width from root; returns the best final node's index in
   w->layer[0] via *best, or -1 when the deadline passed first. */
static int beam__pass(beam__pass_ctx *c, const rules_state *root, int horizon, beam_node *best) {
  beam_work *w = c->w;
  beam_node *cur = w->layer[0], *next = w->layer[1];
  int ncur = 1;
  cur[0].s = *root;
  cur[0].first = -1;
  cur[0].last = -1;
  cur[0].slot = 0;
  cur[0].seeded = 0;
  if (c->hist) c->hist->hist[0][0] = (beam_dawn){*root, -1};
  cur[0].hash = beam__hash(root);
  cur[0].value = 0.0f;
  long clock_at = c->expanded + BEAM_CLOCK_EVERY;
  for (int day = root->day; day < horizon; day++) {
    c->ndawn = 0;
    for (int depth = 0; ncur > 0; depth++) {
      int more = depth < c->p->max_actions && !(c->root_idle && day == root->day);
      c->ncand = 0;
      for (int i = 0; i < ncur; i++) {
        beam__expand(c, &cur[i], i, more);
        if (c->expanded >= clock_at) {
          clock_at = c->expanded + BEAM_CLOCK_EVERY;
          if (c->d && deadline_passed(c->d)) return -1;
        }
      }
      /* build the next layer: best first, duplicates (same state, same
         value) dropped */
      beam_sort(w, w->cand, c->ncand);
      int nn = 0;
      for (int i = 0; i < c->ncand; i++) {
        const beam_cand *k = &w->cand[i];
        if (i > 0 && k->hash == w->cand[i - 1].hash && k->value == w->cand[i - 1].value) continue;
        const beam_node *p = &cur[k->parent];
        beam_node *n = &next[nn++];
        n->s = p->s;
        beam__apply(c->b, &n->s, k->action);
        n->value = k->value;
        n->hash = k->hash;
        n->first = p->first >= 0 ? p->first : k->action;
        n->last = (int16_t)(RULES_KIND(k->action) == RULES_COMPLETE ? RULES_DST(k->action)
                            : RULES_KIND(k->action) == RULES_GROW
                                ? 64 * (3 - rules_size_at(&p->s, RULES_DST(k->action))) +
                                      RULES_DST(k->action)
                                : 256 + RULES_DST(k->action));
        n->slot = p->slot;
        n->seeded = (int8_t)(p->seeded || RULES_KIND(k->action) == RULES_SEED);
      }
      beam_node *x = cur;
      cur = next;
      next = x;
      ncur = nn;
    }
    /* tomorrow's first layer: best first, duplicates dropped */
    beam_sort(w, w->dawn_heap, c->ndawn);
    ncur = 0;
    for (int i = 0; i < c->ndawn; i++) {
      const beam_cand *k = &w->dawn_heap[i];
      if (i > 0 && k->hash == k[-1].hash && k->value == k[-1].value) continue;
      cur[ncur++] = w->dawn[k->parent];
    }
    /* a plan pass keeps the first layers (each node's ancestor in the
       last) */
    int kday = day + 1 - root->day;
    for (int i = 0; i < ncur; i++) {
      if (c->hist && kday < BEAM_PLAN_DAYS) c->hist->hist[kday][i] = (beam_dawn){cur[i].s, cur[i].slot};
      cur[i].slot = (int16_t)i;
    }
  }
  if (ncur == 0) return -1;
  *best = cur[0];
  return 0;
}

static void beam__swap_seats(rules_state *s) {
  uint64_t o = s->own[0];
  s->own[0] = s->own[1];
  s->own[1] = o;
  int x;
  x = s->sun[0], s->sun[0] = s->sun[1], s->sun[1] = x;
  x = s->score[0], s->score[0] = s->score[1], s->score[1] = x;
  x = s->waiting[0], s->waiting[0] = s->waiting[1], s->waiting[1] = x;
  x = s->active[0], s->active[0] = s->active[1], s->active[1] = x;
}

/* The opponent's plan (p->opp_plan_width): from our root (player 0 = us),
   one pass of the opponent's own search at that width to the same horizon
   (seats swapped; it waits today if it already has; its model of us is the
   daily one of p), then its trees at each dawn, back along the best final
   node's ancestors, and its completions each day. pl->to < pl->from when
   there is none (a horizon longer than BEAM_PLAN_DAYS - 1 days). */
static void beam__make_plan(beam__pass_ctx *c, const rules_state *root, int horizon) {
  beam_plan *pl = &c->w->plan;
  int days = horizon - root->day;
  pl->from = 0, pl->to = -1;
  if (days <= 0 || days >= BEAM_PLAN_DAYS) return;
  beam__pass_ctx o = *c;
  rules_state r = *root;
  beam__swap_seats(&r);
  o.d = NULL, o.plan = NULL, o.hist = pl;
  o.width = c->p->opp_plan_width < BEAM_PLAN_WIDTH ? c->p->opp_plan_width : BEAM_PLAN_WIDTH;
  o.root_idle = r.waiting[0] || !r.active[0];
  o.root_score = r.score[0];
  beam_node best;
  if (beam__pass(&o, &r, horizon, &best) < 0) return;
  c->expanded = o.expanded;
  int slot = 0;
  for (int k = days; k >= 0; k--) {
    const beam_dawn *dn = &pl->hist[k][slot];
    pl->own[k] = dn->s.own[0];
    for (int j = 0; j <= 3; j++) pl->size[k][j] = dn->s.size[j] & dn->s.own[0];
    slot = dn->up;
  }
  for (int k = 0; k < days; k++)
    pl->done[k] = (int8_t)__builtin_popcountll(pl->size[k][3] & ~pl->size[k + 1][3]);
  pl->from = root->day, pl->to = horizon;
}

/* The search, for the ACTIONS frame of s and player me:
     1. Seen from player 0 (seats swapped when me == 1).
     2. Horizon: p->days days from today, or the game's end when it is
        within p->end_days.
     3a. With p->opp_plan_width (24-day games), the opponent's plan to the
        same horizon (beam__make_plan): our nights then take its trees and
        completions from it.
     3. Passes of width BEAM_FIRST_WIDTH, doubling up to max_width,
        until the deadline interrupts one or the time left is less than
        BEAM_NEXT_PASS times the last pass took (with no deadline, d NULL:
        every pass up to max_width); with p->fill, once a pass of
        p->fill_from has finished (or doubling no longer fits), one last
        pass at p->fill times the width the time left allows at that
        pass's speed, when that is at least 1.25 times wider (the
        deadline may cut it: the last finished pass answers). Each pass
        searches day by day;
        within a day, layer after layer, every node ends the day (WAIT: the
        night, the opponent model, the gather, into the dawn heap) or takes
        one more action in canonical order (into the layer heap), and the
        heaps keep the `width` best by beam_eval.
     4. The answer is the first action on the path to the best final node
        of the widest finished pass.
     5. Not valid after all (cannot happen unless the state is odd): WAIT.
   beam_search and beam_search_to (no clock) call it. */
static int beam__search(const beam_params *p, const rules_board *b, const rules_state *s, int me,
                        const deadline_t *d, int max_width, beam_work *w, beam_stats *st) {
  beam__tables();
  if (!p) p = &beam__shipped;
  /* 1. our side */
  rules_state root = *s;
  if (me == 1) beam__swap_seats(&root);
  /* 2. horizon */
  int horizon = root.day + p->days;
  if (horizon > b->days || b->days - root.day <= p->end_days) horizon = b->days;
  /* 3. widening passes */
  beam__pass_ctx c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.b = b;
  c.d = d;
  c.w = w;
  c.root_score = root.score[0];
  /* 3a. the opponent's plan, when asked for */
  if (p->opp_plan_width > 0 && b->days == 24 && b->seed_on) {
    beam__make_plan(&c, &root, horizon);
    if (c.w->plan.to > c.w->plan.from) c.plan = &c.w->plan;
  }
  int answer = RULES_WAIT, width = 0;
  double value = 0.0;
  if (max_width <= 0 || max_width > BEAM_MAX_WIDTH) max_width = BEAM_MAX_WIDTH;
  int last = 0; /* 1: the pass under way is the fill pass */
  for (c.width = BEAM_FIRST_WIDTH; c.width <= max_width;) {
    beam_node best;
    int64_t t0 = deadline_now_ns();
    if (beam__pass(&c, &root, horizon, &best) < 0) break;
    /* 4. the best plan's first action */
    answer = best.first >= 0 ? best.first : RULES_WAIT;
    width = c.width;
    value = best.value;
    if (last) break;
    /* a pass that cannot finish in the time left is not started; with
       p->fill, one last pass as wide as the time left allows, once
       p->fill_from is reached or doubling no longer fits */
    double took = (double)(deadline_now_ns() - t0) / 1e6;
    int fits = !d || deadline_left_ms(d) >= BEAM_NEXT_PASS * took;
    if (d && p->fill > 0.0 && took > 0.0 && (!fits || c.width >= p->fill_from)) {
      double fit = p->fill * c.width * deadline_left_ms(d) / took;
      if (fit > max_width) fit = max_width;
      if (fit < 1.25 * c.width) break;
      c.width = (int)fit;
      last = 1;
    } else if (fits) {
      c.width *= 2;
    } else {
      break;
    }
  }
  /* 5. a last check */
  if (!rules_valid(b, &root, 0, answer, root.sun[0])) answer = RULES_WAIT;
  if (st) {
    st->expanded = c.expanded;
    st->width = width;
    st->horizon = horizon;
    st->value = value;
  }
  return answer;
}

BOT_API int beam_search(const beam_params *p, const rules_board *b, const rules_state *s, int me,
                        const deadline_t *d, beam_work *w, beam_stats *st) {
  return beam__search(p, b, s, me, d, BEAM_MAX_WIDTH, w, st);
}

BOT_API int beam_search_to(const beam_params *p, const rules_board *b, const rules_state *s,
                           int me, int max_width, beam_work *w, beam_stats *st) {
  return beam__search(p, b, s, me, NULL, max_width, w, st);
}
