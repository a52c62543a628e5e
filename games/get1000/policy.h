/*
** policy.h -- Get1000 placement policies (see
** games/get1000/README.md): the exact expected-distance DP (`ev`), the beat-the-field
** marginal-utility policy (`mu1`, the default), and the sparring policies
** `greedy` (certainty equivalent) and `random` (uniform legal column).
**
** State of a round: dice per column (h, t, o in 0..3) and the partial total S.
** Tables are indexed [h*16 + t*4 + o][S] with S in 0..POLICY_SMAX; the caller
** owns one policy_tables (about 3 MB, make it static) and fills it once with
** policy_build (a few milliseconds, no malloc).
**
** Invariants:
**   - ev[i][S] = 6^(9-k) * V(state), k = h+t+o, an exact integer; ev of the
**     start state is 591766244 (= 6^9 * 147941561 / 2519424).
**   - mu[i][S] = U(state) in [0, 1], the chance of beating one EV-optimal
**     opponent (ties half) under optimal play against that utility.
**   - policy_choose never returns a full column while any column has room
**     (the legality guard), whatever the table values or the roll are.
**   - Canonical tie-break H before T before O (ev: exact integer ties; mu1:
**     tolerance 1e-12). With an rng, ties (ev exact, mu1 within 1e-9) are
**     broken uniformly at random instead.
*/
#ifndef POLICY_H
#define POLICY_H

#include <stdint.h>
#include "common.h"
#include "rng.h"

#define POLICY_SMAX 1998      /* largest reachable total (9 dice of 6) */
#define POLICY_NS (POLICY_SMAX + 1)
#define POLICY_NIDX 64        /* h*16 + t*4 + o */
#define POLICY_DMAX 1000      /* largest distance from 1000 over 0..1998 */
#define POLICY_SEQS 10077696LL /* 6^9 roll sequences of a round */

enum { POLICY_COL_H = 0, POLICY_COL_T = 1, POLICY_COL_O = 2 };

typedef enum policy_kind {
  POLICY_MU1 = 0, /* default: beat-the-field utility */
  POLICY_EV = 1,  /* minimise expected distance */
  POLICY_GREEDY = 2,
  POLICY_RANDOM = 3,
  POLICY_SEQUENTIAL = 4 /* H,H,H,T,T,T,O,O,O (ignores the dice) */
} policy_kind;

/* One player's grid during a round. s is the true partial total (it may
   leave 0..POLICY_SMAX only after out-of-range rolls). */
typedef struct policy_grid {
  int n[3];    /* dice in H, T, O */
  long long s; /* partial total */
} policy_grid;

typedef struct policy_tables {
  int ties_win;                       /* 1: a tie counts as a win (u uses >=) */
  int opponents;                      /* n of the MU_n utility (1: MU1) */
  int64_t ev[POLICY_NIDX][POLICY_NS]; /* 6^(9-k) * expected final distance */
  double mu[POLICY_NIDX][POLICY_NS];  /* MU1 value */
  int64_t cnt[POLICY_NIDX][POLICY_NS];/* scratch: sequence counts (forward) */
  double aux[POLICY_NIDX][POLICY_NS]; /* scratch of policy_optimum */
  int64_t ev_dist[POLICY_DMAX + 1];   /* EV-opt sequences per final distance */
  double util[POLICY_DMAX + 1];       /* u(d) of the MU1 terminal */
} policy_tables;

/* Builds ev, the EV-opt distance counts, util and mu. ties_win selects the
   tie rule of the MU utility (0: ties half, the spec's default). */
BOT_API void policy_build(policy_tables *t, int ties_win);
/* The same against n independent EV-opt opponents (MU_n):
   u_n(d) = sum_j C(n,j) h(d)^j G(d)^(n-j) / (j+1), G(d) = P(distance > d);
   with ties_win, u_n(d) = (G(d) + h(d))^n. n = 1 is policy_build. */
BOT_API void policy_build_n(policy_tables *t, int ties_win, int n);

/* The best start value any online policy reaches for the terminal value
   util[distance] (maximised or minimised), by the same DP; fills t->aux. */
BOT_API double policy_optimum(policy_tables *t, const double util[POLICY_DMAX + 1], int maximise);

/* Grid helpers. */
BOT_API void policy_reset(policy_grid *g);
BOT_API int policy_placed(const policy_grid *g);
BOT_API int policy_legal(const policy_grid *g, int col);
/* The legality guard: col if it has room, else the first column with room in
   the order H, T, O; -1 only if the grid is full. */
BOT_API int policy_guard(const policy_grid *g, int col);
/* Places roll v in col (must be legal; returns -1 and changes nothing if
   not). */
BOT_API int policy_place(policy_grid *g, int col, int v);
BOT_API int policy_weight(int col);
BOT_API long long policy_distance(long long total);
/* Column letter 'H','T','O' and wire name "HUNDREDS","TENS","ONES". */
BOT_API char policy_letter(int col);
BOT_API const char *policy_wire_name(int col);
BOT_API const char *policy_kind_name(policy_kind k);
/* Parses "mu1", "ev", "greedy", "random", "sequential"; -1 if unknown. */
BOT_API int policy_parse_kind(const char *s);

/* Value after placing roll v (1..6) in col: ev in units of 6^(8-k), mu as a
   probability. Returns -1 / -1.0 if col is full or v is out of range. */
BOT_API int64_t policy_ev_after(const policy_tables *t, const policy_grid *g, int v, int col);
BOT_API double policy_mu_after(const policy_tables *t, const policy_grid *g, int v, int col);
/* Value of a state before its next roll. */
BOT_API int64_t policy_ev_state(const policy_tables *t, int h, int tt, int o, int s);
BOT_API double policy_mu_state(const policy_tables *t, int h, int tt, int o, int s);

/* The column to play: always legal while the grid has room (guarded).
   rng may be NULL (canonical tie-break); POLICY_RANDOM needs an rng and
   falls back to the guard's H,T,O order without one. Rolls outside 1..6
   use the certainty-equivalent rule (README: What our server and bot
   assume). Returns -1 only for a full grid. */
BOT_API int policy_choose(const policy_tables *t, policy_kind k, const policy_grid *g,
                          int v, rng_t *rng);

/* The same with another mu1 tie tolerance for the random choice (used only
   when rng != NULL; ev ties stay exact). */
BOT_API int policy_choose_eps(const policy_tables *t, policy_kind k, const policy_grid *g,
                              int v, rng_t *rng, double tie_eps);

/* Exact forward pass of a deterministic policy (canonical ties) over all
   6^9 sequences: out[d] = number of sequences ending at distance d. Uses
   t->cnt as scratch. Returns the total count (6^9) or -1 for POLICY_RANDOM. */
BOT_API long long policy_distance_counts(policy_tables *t, policy_kind k,
                                         int64_t out[POLICY_DMAX + 1]);

/* Exact head to head on shared dice over all 6^9 sequences (depth-first):
   wtl[0] sequences where a wins, wtl[1] ties, wtl[2] b wins. Deterministic
   kinds only (returns -1 for POLICY_RANDOM), else 0. */
BOT_API int policy_head_to_head(const policy_tables *t, policy_kind a, policy_kind b,
                                long long wtl[3]);

/* Probability that a player who wins a decisive round with probability p
   reaches `target` round wins first (ties ignored). */
BOT_API double policy_match_win(double p, int target);

#endif /* POLICY_H */
