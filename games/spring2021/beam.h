/*
** beam.h -- Spring Challenge 2021 day-structured beam search: our own
** actions of each day expanded in cost-optimal order (COMPLETE, GROW
** largest first, SEED last), the day ended by WAIT, each layer pruned to a
** width, days carried on to a horizon or to the end of the game; the
** opponent plays its plan (opp_plan_width: a narrow search of its own, run
** first, gives its trees at each dawn and its completions each day, at
** least one a day from a set day) or a fixed model (its trees stay, it
** completes once a day from a set day, so nutrients fall; several a night
** on the last days with opp_end_*; or, with opp_race, also sells its big
** trees as its sun allows). Widths double while time remains (with fill, a last pass as
** wide as the time left allows). The tunables are
** a beam_params read at run time (one search code for every version).
**
** Invariants: no allocation (the caller owns a beam_work, about 3.8 MB: keep
** it static); beam_search reads the clock once per BEAM_CLOCK_EVERY
** expansions and returns an action valid for player `me` in s (WAIT at
** worst), the first action of the best plan of the widest finished pass.
*/
#ifndef BEAM_H
#define BEAM_H

#include <stdint.h>
#include "common.h"
#include "deadline.h"
#include "rules.h"

#define BEAM_MAX_WIDTH 8192
#define BEAM_CLOCK_EVERY 256

/* The search's tunables, read at run time so that one search code plays
   both the shipped bot and the frozen earlier versions (sparring bots):
   beam_params_init fills them for a version. */
typedef struct beam_params {
  int days;            /* days searched from the root's, today included */
  int end_days;        /* search to the game's end when this few days remain */
  int max_actions;     /* our actions in one day */
  int complete_from;   /* no COMPLETE before this day (24-day games) */
  int seed_max_cost;   /* plant only when a seed costs this much or less */
  int seed_min_left;   /* no seed when fewer days remain (today included) */
  int opp_grows;       /* opponent model: its trees that grow each night */
  int opp_complete_from; /* opponent model: from this day it completes */
  int opp_race;        /* opponent model: 0 once a day while it has a size-3
                          tree; 1 the race: its sun gathered each night, and
                          every size-3 tree beyond opp_keep_rate x the days
                          left that its sun pays for (at most opp_max_daily) */
  double opp_keep_rate; /* race: size-3 trees it keeps per day left */
  int opp_max_daily;   /* race: its completions in one night at most */
  int opp_end_left;    /* opponent model: on the nights of the last this many
                          days (its last chances to sell)... */
  int opp_end_daily;   /* ...it completes this many a night (at most its
                          size-3 trees; they stay, as in the daily model) */
  int race_finish;     /* eval: our i-th size-3 tree is valued after i of the
                          opponent's too (nutrients fall for both) */
  double rich_w;       /* eval: per point of a tree's cell's completion bonus */
  double late_disc;    /* eval: points (made, or of size-3 trees) count
                          1 - late_disc x L / days (1: a tree sold early
                          loses its income; 0: that income is the sun and
                          tree terms' only) */
  double finish_w;     /* eval: size-3 trees, times their completion's points */
  int growth_end_left; /* eval: trees are worth their size while L > this */
  double shade_w;      /* eval: per (tree, tree in line that can shade it), times L' */
  double sun_shade_w;  /* eval: per sun a day our trees lose to shade (any
                          tree tall and near enough in a line, one day in
                          six each), times L' */
  double sun_cast_w;   /* eval: per sun a day the opponent's trees lose to
                          our shade, times L' */
  double big_w;        /* eval: a size-3 tree's weight, times L' (sizes 0-2 weigh their size) */
  double tie_w;        /* eval: final points per tree (tiebreak on equal scores) */
  double fill;         /* schedule: one last pass at this fraction of the
                          width the time left allows at the last pass's
                          speed (0: none, the doubling passes only)... */
  int fill_from;       /* ...once a pass this wide has finished, or when the
                          next doubled pass cannot finish */
  int opp_plan_width;  /* opponent model: 0 none; else, before our search, a
                          search of the opponent's own at this width (its
                          model of us: the daily one) gives its trees at
                          each dawn and its completions each day, which
                          replace the model above on our nights */
} beam_params;

enum { BEAM_SHIPPED = 0, BEAM_V1 = 1 }; /* versions of beam_params_init */

typedef struct beam_node {
  rules_state s;
  float value;
  int first;     /* our action of the root frame on this path */
  uint32_t hash;
  int16_t last;  /* order key of the day's last action (-1: none yet) */
  int16_t slot;  /* index of this day's first-layer node it descends from */
  int8_t seeded; /* planted a seed today */
} beam_node;

#define BEAM_PLAN_WIDTH 512 /* opp_plan_width at most */
#define BEAM_PLAN_DAYS 10   /* days of a plan at most (the horizon's) */

typedef struct beam_dawn { /* a first-layer node of the plan's search */
  rules_state s;
  int16_t up; /* its slot in the day before's first layer */
} beam_dawn;

typedef struct beam_plan { /* the opponent's plan, player 0 = the opponent */
  beam_dawn hist[BEAM_PLAN_DAYS][BEAM_PLAN_WIDTH]; /* first layers, by day */
  int from, to;   /* days: dawn[d - from] for d in [from, to]; to < from: none */
  uint64_t own[BEAM_PLAN_DAYS], size[BEAM_PLAN_DAYS][4]; /* its trees at dawn */
  int8_t done[BEAM_PLAN_DAYS]; /* its completions on day d (d - from) */
} beam_plan;

typedef struct beam_cand { /* a child not yet built: parent and action */
  float value;
  uint32_t hash;
  int parent, action;
} beam_cand;

typedef struct beam_work {
  beam_node layer[2][BEAM_MAX_WIDTH]; /* this layer of the day and the next */
  beam_node dawn[BEAM_MAX_WIDTH];     /* tomorrow's first layer, by slot */
  beam_cand dawn_heap[BEAM_MAX_WIDTH]; /* min-heap of those (parent = slot) */
  beam_cand cand[BEAM_MAX_WIDTH];     /* min-heap: next layer's children */
  beam_cand sort_tmp[BEAM_MAX_WIDTH]; /* the sorts' other half */
  uint64_t sort_key[2][BEAM_MAX_WIDTH]; /* the radix sort's keys */
  beam_plan plan;                       /* opp_plan_width's (about 0.5 MB) */
} beam_work;

typedef struct beam_stats {
  long expanded;  /* children evaluated, all passes */
  int width;      /* widest finished pass */
  int horizon;    /* last day searched (exclusive) */
  double value;   /* value of the chosen plan */
} beam_stats;

/* Fills *p with the tunables of a version: BEAM_SHIPPED (the shipped bot,
   the default) or BEAM_V1 (the first beam bot, sparring bot beam1). */
BOT_API void beam_params_init(beam_params *p, int version);
/* Value of state s for player 0 on a path from a root where player 0 had
   root_score points (exact final points once s->day reaches b->days);
   p comes from beam_params_init (which also fills the tables it reads). */
BOT_API double beam_eval(const beam_params *p, const rules_board *b, const rules_state *s,
                         int root_score);
/* Sorts a[0..n) (n <= BEAM_MAX_WIDTH; not w's own sort buffers) best
   first: value descending, then hash ascending, equal entries in their
   order (stable). Each layer of the search is built in this order. */
BOT_API void beam_sort(beam_work *w, beam_cand *a, int n);
/* Chooses player me's action for the ACTIONS frame of s before d passes,
   with the tunables p (NULL: BEAM_SHIPPED's). */
BOT_API int beam_search(const beam_params *p, const rules_board *b, const rules_state *s, int me,
                        const deadline_t *d, beam_work *w, beam_stats *st);
/* The same search without a clock: every pass up to width max_width
   (BEAM_FIRST_WIDTH doubling; <= 0 or above BEAM_MAX_WIDTH: up to
   BEAM_MAX_WIDTH) runs to its end, so the answer depends on s alone, on
   any machine at any load (tests, issue 34). */
BOT_API int beam_search_to(const beam_params *p, const rules_board *b, const rules_state *s,
                           int me, int max_width, beam_work *w, beam_stats *st);

#endif /* BEAM_H */
