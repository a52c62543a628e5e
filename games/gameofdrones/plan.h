/*
** plan.h -- the plan graph of one GameOfDrones round, exact best response
** against a distribution of opponent plans, CFR+ equilibrium, exploitability.
**
** Within a round a player learns nothing about the opponent, so a strategy
** is an open-loop plan. Nodes are a player's states *after* production on
** turn t: (t, P, S); node 0 is the start (t = 0, P = 1, S = 0). A node at
** 1 <= t <= T-2 has the actions ATTACK (action 0) and CONT(x), x = new
** producers of turn t+1 (an edge to the node of turn t+1). On turn T-1 the
** split is irrelevant for the final army, so only x = 0 (all soldiers) is
** kept; a node of turn T-1 has ATTACK and FINAL (all soldiers on turn T,
** final army S + P). Attacking on turn T is weakly dominated and never
** planned (opponent distributions may still attack on T). Full use of the
** capacity is assumed (soldiers never hurt).
**
** For T <= PLAN_TEXACT the graph holds every reachable state; above, the
** graph is capped (PLAN_NODES/PLAN_EDGES): x = 0 is always kept, other
** splits while the budget lasts, so plans stay legal but the plan space is
** a subset. Payoffs: +1 win, 0 draw, -1 loss; the round's value is 0.
**
** An opponent distribution (plan_dist) gives, per turn t = 1..T, the mass
** of opponent plans that reach turn t and attack on it with s soldiers, and
** the mass that reach it and do not attack (s = soldiers after production).
** Masses are unconditional probabilities, so the values below are expected
** payoffs. All storage is caller-owned, fixed size, no allocation.
*/
#ifndef PLAN_H
#define PLAN_H

#include <stdint.h>
#include "common.h"

#define PLAN_TMAX 64          /* longest round planned; longer rounds clamp */
#define PLAN_TEXACT 10        /* rounds up to this length are exact */
#define PLAN_NODES 50000
#define PLAN_EDGES 352000
#define PLAN_HASH 65536       /* power of two, > nodes of one layer */
#define PLAN_DIST_CAP 32768   /* distinct (turn, kind, soldiers) entries */
#define PLAN_DIST_BINS 4096   /* soldier bins of plan_dist_add_strat */
#define PLAN_MAXACT 4096     /* most actions of one node (P + 2) */
#define PLAN_VMAX 1024       /* soldier counts with tabulated clash values */
#define PLAN_ATTACK 0         /* action index of ATTACK at a node */

typedef struct plan_graph {
  int T;                          /* turns of the round */
  int nnodes, nedges;
  int exact;                      /* 1 if no split was dropped */
  int layer[PLAN_TMAX + 2];       /* nodes of turn t: [layer[t], layer[t+1]) */
  double P[PLAN_NODES], S[PLAN_NODES];
  int efirst[PLAN_NODES + 1];     /* CONT edges of n: [efirst[n], efirst[n+1]) */
  int child[PLAN_EDGES];          /* node reached by CONT edge e */
  int hash[PLAN_HASH];            /* build scratch */
} plan_graph;

/* Per-action weights over a graph: behaviour strategy, regrets, sums.
   Action a of node n lives at index plan_act(g, n) + a, where a = 0 is
   ATTACK and a = 1 + k is the k-th CONT edge (or FINAL on turn T-1). */
typedef struct plan_strat {
  float w[PLAN_EDGES + 2 * PLAN_NODES];
} plan_strat;

typedef struct plan_dist {
  int T;
  int n;                          /* entries used */
  int first[2][PLAN_TMAX + 2];    /* kind 0 stay, 1 attack: [first[k][t], first[k][t+1]) */
  double s[PLAN_DIST_CAP], m[PLAN_DIST_CAP];
  double cum[PLAN_DIST_CAP + 2 * (PLAN_TMAX + 2)]; /* prefix sums per segment */
  /* builder scratch */
  int rn;
  int rk[PLAN_DIST_CAP];
  double rs[PLAN_DIST_CAP], rm[PLAN_DIST_CAP];
  double total_dropped;           /* mass that did not fit (should be 0) */
  double bin[2][PLAN_DIST_BINS];  /* add_strat scratch: one layer's masses */
} plan_dist;

/* One pure plan: new producers per turn 1..len, attack turn (0 = never). */
typedef struct plan_pure {
  int attack;                     /* 1..T-1, or 0 = never */
  int len;                        /* turns given */
  int x[PLAN_TMAX];               /* x[t-1] = new producers on turn t */
} plan_pure;

/* Scratch for the solvers (values, reach, CFR+ sums). */
typedef struct plan_work {
  double val[PLAN_NODES];
  double reach[PLAN_NODES];
  int best[PLAN_NODES];           /* best action index of a node (BR) */
  int vt_n[PLAN_TMAX + 2];        /* value tables filled for S = 0..vt_n[t] */
  double vt_att[PLAN_TMAX + 2][PLAN_VMAX + 1];
  double vt_def[PLAN_TMAX + 2][PLAN_VMAX + 1];
  double vt_fin[PLAN_VMAX + 1];
  float regret[PLAN_EDGES + 2 * PLAN_NODES];
  float sum[PLAN_EDGES + 2 * PLAN_NODES];
} plan_work;

/* Builds the graph for a round of T turns (clamped to 1..PLAN_TMAX). */
BOT_API void plan_build(plan_graph *g, int T);
/* Index of node n's first action in plan_strat/plan_work arrays. */
BOT_API int plan_act(const plan_graph *g, int n);
/* Number of actions of node n (ATTACK included, 0 for the start node's). */
BOT_API int plan_nact(const plan_graph *g, int n);
BOT_API int plan_turn(const plan_graph *g, int n);
BOT_API int plan_nactions(const plan_graph *g); /* total action slots */

/* Distribution builder: begin, add entries, finish (sorts and merges). */
BOT_API void plan_dist_begin(plan_dist *d, int T);
/* attack = 1: reaches turn t and attacks with s soldiers; 0: reaches t and
   does not attack (s = soldiers after production on t). */
BOT_API void plan_dist_add(plan_dist *d, int t, int attack, double s, double m);
BOT_API void plan_dist_finish(plan_dist *d);
/* Adds a pure opponent plan given as its soldiers after production on turns
   1..len (soldiers[t-1]) and attack turn (0 = never: the last soldiers
   count is kept until T), with mass m. */
BOT_API void plan_dist_add_path(plan_dist *d, const double *soldiers, int len, int attack, double m);
/* Adds the distribution a behaviour strategy induces (mass m in all). */
BOT_API void plan_dist_add_strat(plan_dist *d, const plan_graph *g, const plan_strat *s, double m, plan_work *w);
/* Value for us of the three clash situations against d. */
BOT_API double plan_dist_attack_value(const plan_dist *d, int t, double s);
BOT_API double plan_dist_defend_value(const plan_dist *d, int t, double s);
BOT_API double plan_dist_final_value(const plan_dist *d, double s);

/* Exact best response against d: fills w->val/w->best, returns the value. */
BOT_API double plan_best_response(const plan_graph *g, const plan_dist *d, plan_work *w);
/* The best-response plan after plan_best_response. */
BOT_API void plan_best_plan(const plan_graph *g, const plan_work *w, plan_pure *out);
/* Expected payoff of behaviour strategy s against d. */
BOT_API double plan_strat_value(const plan_graph *g, const plan_strat *s, const plan_dist *d, plan_work *w);
/* Exploitability of a symmetric strategy: best-response value against it. */
BOT_API double plan_exploitability(const plan_graph *g, const plan_strat *s, plan_dist *d, plan_work *w);

/* CFR+ self-play: plan_cfr_init, then plan_cfr_iterate(n) any number of
   times; plan_cfr_average writes the average strategy into out. */
BOT_API void plan_cfr_init(const plan_graph *g, plan_strat *cur, plan_work *w);
BOT_API void plan_cfr_iterate(const plan_graph *g, plan_strat *cur, plan_dist *d, plan_work *w, int iters, int *counter);
BOT_API void plan_cfr_average(const plan_graph *g, const plan_work *w, plan_strat *out);

/* Strategy from weighted pure plans (plans that leave the graph are
   skipped; returns the weight used). */
BOT_API double plan_strat_from_plans(const plan_graph *g, plan_strat *s, const plan_pure *plans, const double *weight, int n, plan_work *w);
/* Samples a pure plan from s; u() returns uniform [0,1) numbers. */
BOT_API void plan_sample(const plan_graph *g, const plan_strat *s, double (*u)(void *), void *ctx, plan_pure *out);
/* Greedy flow decomposition of s into at most cap weighted pure plans
   (widest path first); returns the count. Weights sum to <= 1. */
BOT_API int plan_decompose(const plan_graph *g, const plan_strat *s, plan_pure *plans, double *weight, int cap, double min_weight, plan_work *w);
/* Soldiers after production on turns 1..T of a pure plan (out[t-1]);
   returns the turn the plan ends (attack turn or T). */
BOT_API int plan_soldiers(const plan_pure *p, int T, double *out);

#endif /* PLAN_H */
