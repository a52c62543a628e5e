/*
** ai.c -- Blitz move choice (see ai.h): distance maps, leaf evaluation and
** an iterative-deepening paranoid alpha-beta over the exact simulator.
**
** ai_choose, step by step:
**   1. observe: update each opponent's model (miner, hunter, camper) from
**      what it did since our last move (ai__observe), and fit each
**      opponent's parameters of the general policy family on the round
**      just played (fit.h; AI_FIT);
**   2. maps: distances to a mine not ours (and, for the walk term, the
**      same with a mine another hero holds AI_OWNED_STEPS further), to a
**      tavern (leaving out a
**      tavern beside which a hero stronger than us has paced for
**      AI_GUARD_OBS observations, while another is free), via a tavern to a
**      mine, the least life that reaches a tavern alive (thirst, spikes),
**      the life the ways to a tavern need and those ways around spikes
**      (for a hero too weak to cross them, AI_SAFE_WAYS), and per
**      model-played opponent to a mine not its; in a standoff (our hero
**      in one place with the same mines for AI_STANDOFF_OBS observations
**      beside another hero) the mines of the heroes beside us are left
**      out of our mine maps for a while;
**   3. adversaries: the (at most 2) heroes within AI_NEAR steps, nearest
**      first with a hero that wins a duel with us, or a hunter, counted
**      nearer (AI_ADV_THREAT_STEPS), leaving
**      out a hero seen standing still for AI_IDLE_MOVES of its moves while
**      it had a free way to a goal (a stuck or crashed bot, not one that
**      heroes wall in: it stands in the search, AI_IDLE_STAYS, where a
**      far hero would play its model's move, so it still hits whoever
**      stops beside it), and a hero of a standoff
**      (AI_STANDOFF_CALM); with AI_ADV_MODEL_MINERS a sure
**      miner among them plays its model's move instead of the worst one;
**   4. order our moves by a one-ply evaluation;
**   5. iterative deepening by whole rounds (4 plies): our moves maximise;
**      in the first AI_PRED_PLIES plies a hero whose fit foretells its
**      moves well plays its fitted move, unless it stands within
**      AI_PRED_NEAR steps of ours (then AI_PRED_SOFT of its fitted move's
**      value and the rest of its worst move's for us) and is
**      not idle (AI_IDLE_NEAR: an idle one plays its fitted move) nor of
**      a standoff; else
**      adversaries minimise (or
**      play their model, ai_terms; one whose fit is loose, AI_PRED_LOOSE
**      of its fitted move's value and the rest of its worst), far heroes
**      play their model's move (AI_FAR_MODELS; 0: they stand); the
**      deadline is checked every 256 nodes and an unfinished iteration is
**      dropped; stop at AI_MAX_DEPTH, at the game's end, or at
**      AI_FAR_DEPTH when no adversary plays its worst move;
**   6. nothing finished: the one-ply order's best;
**   7. remember a step into a mine not ours (hot mines) and tell the fit
**      our move.
** Leaves (ai_evaluate) value mines by our turns left (gold + mines x turns
** left), the risk of losing them by life (the risk term; at two hits from
** death or less, also by the way to a tavern; for a hero that can drink,
** exposed no longer than a death would cost it, AI_RISK_RETAKE), fights by the
** material that changes hands (the simulator moves mines on a kill), and
** taverns by the life they buy (concave life value, tavern detours; a hero
** that cannot afford its next mine at its life is pulled to a drink), and a
** weak hero rich in mines within reach draws us (hunt term); a mine that a
** hero near it took back from us twice soon after our takes is worth a
** few moves' income (hot mines, AI_HOT_W), and each take of it in the
** searched line costs AI_HOT_TAKE whoever holds it at the leaf. Life
** is worth nothing once the game is over: its value shrinks over the last
** AI_LIFE_TURNS own moves, and a finished game is valued by gold alone (a
** hero with mines no longer dies on its last moves for a fresh life).
** Death is cheap ("Death is cheap" below): when dying at the searched
** position is worth more than living there (few mines, no way to a drink
** or a mine alive), a death in the search counts the retaking of our
** mines and every leaf is worth at least dying now.
** Three more leaf terms are written and tested but off by default (no gain
** measured: CHANGES.md, "blitz"): the threat of a hunter that wins a duel
** near our mines, a tavern that limits a weak hero's exposure, and the
** income a hero too weak to walk to a tavern loses (the trapped term;
** ai_set_terms switches them). The caller's deadline comes from
** ai_budget_ms ("Budget" below): --think-ms shrunk on a loaded machine.
** With a buffer lent by ai_set_explain ("Explain" below), ai_choose also
** writes its reasons there: who it plays and how, each depth's root
** values, and the line its last depth saw after the chosen move.
**
** The search always stops at a ply where it is our move again, so every
** leaf is valued at the same phase of the round. Moves that cannot change
** anything but the direction shown (into walls, the border, a hero, our own
** mine, a tavern without gold) are pruned as duplicates of Stay.
*/
#include "ai.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fit.h"

/* A spike entry (10 life) counts as this many extra steps in the
   distance maps: the 10 steps of thirst its life is worth, as the walk's
   life counts it (AI_WALK_SPIKE_LIFE). At 3, a way over two spikes looked
   shorter than one 8 steps longer around them, and the hero would take
   its mine two hits from death (test_walks_around_spikes_it_would_pay_for).
   Lab, 400000 nodes, the same games: 273 against 266 first places of 320
   against the contest field's models, 190 against 189 of 200 against the
   miners (lab board 40013 won in all four seats, lost in three at 3);
   CHANGES.md. */
#define AI__SPIKE_STEPS 10
#define AI__SPIKE_LIFE 10 /* the life a spike entry costs (thirst aside) */
/* A spike our hero enters in the search (and lives) costs AI_SPIKE_PAID x
   AI__SPIKE_STEPS at the leaf, as the distance maps count it before it is
   entered (ai__spiked). Without it a spike inside the horizon cost only
   the life value of 10 life (0.2 to 1 above 40 life), one outside it 10
   steps, and the search took spikes to save a step: lab board 30088, the
   hero crossed two spikes more than the way around (2 steps longer) and
   took its mine at 26 life instead of 44, then too weak to reach a tavern
   across the spikes. 0: off. */
#ifndef AI_SPIKE_PAID
#define AI_SPIKE_PAID 1.0
#endif
/* 1: the charge of a spike entered in the search (AI_SPIKE_PAID) is net
   of the life value (ai__life_value) of the AI__SPIKE_LIFE life it took,
   so that the leaf counts the entry as the maps do, AI__SPIKE_STEPS steps
   in all, and not those steps and the life again. Counted twice, an entry
   below 70 life was worth less than standing still (one step gained, 1 to
   4 of life value lost), and a hero whose way to a tavern or mine went
   over a spike stood beside it: lab board 60310, seat 2, 130 moves at a
   dead end with no mine, 57 life down to 14
   (test_crosses_a_spike_it_cannot_go_around). Lab, 100000 nodes, the
   same games: the brawl set (760 games, --max-mines 4 from 60000) 609
   against 593, gold share +0.0037 (se 0.0014); the contest sets 30000,
   30100, 90000 (400 games each) 362/355/362 against 366/356/359, share
   -0.0004 (se 0.0011); the miners 287 against 286 of 300. 0: counted
   twice. */
#ifndef AI_SPIKE_NET
#define AI_SPIKE_NET 1
#endif
/* 1: the life of the walk to the next mine (ai_evaluate) counts a spike at
   AI__SPIKE_LIFE (contest seed 818); 0: at its AI__SPIKE_STEPS steps (the
   same while both are 10). */
#ifndef AI_WALK_SPIKE_LIFE
#define AI_WALK_SPIKE_LIFE 1
#endif
/* 1: the trapped test (ai_evaluate) counts thirst (ai__spikes; contest
   seed 534); 0: spikes alone, 10 life each. */
#ifndef AI_TRAP_THIRST
#define AI_TRAP_THIRST 1
#endif
/* The walk term's map (ai__dgoal; ai_evaluate, ai__death) counts a mine
   another hero holds this many steps further than a neutral one, so that
   a free mine a few steps further leads the walk, not the held mine
   beside us that its holder takes back. The search still values each take
   by its material; the map guides only the walk beyond its horizon.
   Arena board 84017, seat 2: our hero and wowblitzawesome each stood by
   the mine the other held for the whole game, four neutral mines behind
   a spike untaken, and ended with one mine each; board 84002, seat 0: 17
   of 40 mines stayed neutral to the end while our hero took mines others
   held 53 times, nearly all wowblitzawesome's, beside its spawn
   (test_walks_to_a_free_mine_past_a_held_one). Lab,
   100000 nodes, 400 games a set: 366/356/359 against 358/353/353 (30000,
   30100, 90000); the miners, 286 against 287 of 300. 0: off. */
#ifndef AI_OWNED_STEPS
#define AI_OWNED_STEPS 6
#endif
/* 1: a hero with less life than the spikes on its shortest way to a
   tavern need (a spike entry at 10 life or less kills) is valued by the
   way around them (dtav_safe, dvia_safe) in ai_evaluate, so that a step
   off the spike way is not a step away from the tavern. */
#ifndef AI_SAFE_WAYS
#define AI_SAFE_WAYS 1
#endif
/* With nobody near, only our moves branch (far heroes play their models):
   deepen to this many plies, then stop; the deeper budget goes to fights
   (deeper far searches meet the trapped term's horizon effects). */
#ifndef AI_FAR_DEPTH
#define AI_FAR_DEPTH 8
#endif
/* 1: far heroes play their model's move in the search; 0: they stand still. */
#ifndef AI_FAR_MODELS
#define AI_FAR_MODELS 1
#endif
/* The fitted opponent model (fit.h): 1, a hero whose fit has foretold
   about 90 % of its recent moves plays its fitted move in the first
   AI_PRED_PLIES plies of the search (its first two replies to our moves),
   then as any hero (worst case near us, its rough model far). Lab figures
   with and without it: README, "The fitted opponent model". 0: off (as
   ai_set_fit(0)). The models of particular bots (known.h) that this
   replaced stay in the lab (blitz-lab --known), never in the bot. */
#ifndef AI_FIT
#define AI_FIT 1
#endif
#ifndef AI_PRED_PLIES
#define AI_PRED_PLIES 8
#endif
/* A fitted hero within this many (manhattan) steps of ours plays its
   worst move for us instead of its fitted one: one step brings it beside
   us, where a fight decides the mines of the loser, and the fit that
   foretells 9 moves in 10 does not foretell that one (contest board
   48001, seat 0: 22 mines at 43 life stepped beside wowblitzawesome at
   70, fitted a miner, and lost them all). 0: off. */
#ifndef AI_PRED_NEAR
#define AI_PRED_NEAR 2
#endif
/* The share of a near fitted hero's value (within AI_PRED_NEAR) its fitted
   move gives, the rest its worst move for us (ai__search_soft): the worst
   case alone, decided node by node, turns a step away from such a hero
   into a bait, the hero's fitted move beyond the boundary and its worst
   inside (lab board 30037, turn 238). 0: the worst move alone; below 1. */
#ifndef AI_PRED_SOFT
#define AI_PRED_SOFT 0.75
#endif
/* A near hero searched at its worst move (step 3) whose fit is not
   trusted but loose (fit_loose: about 75 % of its recent moves foretold,
   FIT_LOOSE_MISS) is valued, in the first AI_PRED_PLIES plies, this share
   by its fitted move and the rest by its worst (ai__search_soft): such a
   fit is too often wrong to play its move alone, and right too often for
   the worst case alone (brute_force_it, foretold 76 % and trusted in a
   third of the games). 0: its worst move alone. */
#ifndef AI_PRED_LOOSE
#define AI_PRED_LOOSE 0.5
#endif
/* 1: an idle hero (AI_IDLE_MOVES observations at one cell with a free way
   to a goal) plays its fitted move even within AI_PRED_NEAR: it has shown
   it does not step out, and its worst move for us walls our hero in
   (contest board 62009, seat 0: every way to a mine passed within 2 steps
   of brute_force_it, which stood on one cell for hundreds of moves; our
   hero stood beside a tavern and ended with 0 gold). 0: worst move. */
#ifndef AI_IDLE_NEAR
#define AI_IDLE_NEAR 1
#endif

static int ai__dmine[RULES_CELLS]; /* moves from a cell to take the nearest mine not ours */
static int ai__dmlife[RULES_CELLS]; /* life spent walking to take the cheapest such mine */
static int ai__dtav[RULES_CELLS];  /* moves from a cell to drink at the nearest tavern */
static int ai__dmtav[RULES_CELLS]; /* dtav where the walk's way takes its mine (AI_FILL_MINE_TAV, AI_FILL_GOAL) */
static int ai__dmneed[RULES_CELLS]; /* dtneed where the walk's way takes its mine (AI_STUCK_HELD, AI_FILL_GOAL) */
static int ai__dvia[RULES_CELLS];  /* moves from a cell to a tavern's side, then to a mine */
static int ai__dvleg[RULES_CELLS]; /* dvia's second leg: from its tavern's side to the mine, -1: none */
static int ai__dneed[RULES_CELLS]; /* least life to walk alive to a tavern's side */
/* Ways for a hero too weak for the spikes on its shortest way (AI_SAFE_WAYS):
   the life the ways of dtav and dvia need (thirst and spikes, as dneed),
   and both distances with spikes as walls. */
static int ai__dtneed[RULES_CELLS], ai__dvneed[RULES_CELLS];
static int ai__dtav_safe[RULES_CELLS], ai__dvia_safe[RULES_CELLS];
static int ai__dmk[RULES_HEROES + 1][RULES_CELLS]; /* per other hero: moves to a mine not its own */
static int ai__dhunt[RULES_CELLS]; /* moves from a cell to the hunt target's cell (ai_prepare) */
static int ai__dfoe[RULES_CELLS]; /* moves from the nearest other hero to a cell (AI_RISK_REACH) */
static double ai__rshare = 1.0; /* the risk's share at the valued cell (AI_RISK_REACH) */
static int ai__rheals = 0;         /* the valued hero can drink (ai__heals; AI_RISK_RETAKE) */
static int ai__spawn_walk = 1 << 20; /* moves from our spawn to a mine we own (ai__downed) */
/* Death is cheap (AI_DEATH, ai__death): moves from a cell to act on a mine
   we own in the searched position (to retake it after a death), and to
   step onto spikes; the searched position's turn and mines' owners. */
static int ai__downed[RULES_CELLS], ai__dspike[RULES_CELLS];
static int ai__root_turn;
static uint8_t ai__root_owner[RULES_CELLS];
/* ai__death's probe of the searched position (ai_prepare): 1 when dying
   there is worth more than living (the search then counts deaths as
   cheap); ai__death_probe is set while the probe runs. */
static int ai__death_ok, ai__death_probe;
/* What the other heroes did over our observations (ai__observe): their
   last cells, the observations in a row at the same cell (idle), and at
   one step or less from the cell pace_x, pace_y (pacing: guarded taverns,
   AI_GUARD_OBS), the decayed evidence of each model. */
static struct {
  int valid, turn, n;
  rules_hero h[RULES_HEROES];
  int idle[RULES_HEROES]; /* observations in a row at the same cell */
  int pace_x[RULES_HEROES], pace_y[RULES_HEROES], pace[RULES_HEROES];
  double ev[RULES_HEROES][AI_MODELS];
  /* mines (AI_HOT_W): owners at the last observation, the turn + 1 we
     last stepped into each, how often another hero took it back soon
     after (decayed) and who did last */
  uint8_t owner[RULES_CELLS], hot_by[RULES_CELLS];
  int took_at[RULES_CELLS];
  float hot[RULES_CELLS];
  /* standoff (AI_STANDOFF_OBS): our observations in a row within
     AI_STANDOFF_AREA steps of the cell so_x, so_y with the same mines, the
     turn the standoff ends, the heroes it is with */
  int so_x, so_y, so_n, so_mines, standoff_end;
  uint8_t standoff_with[RULES_HEROES];
} ai__hist;
static uint8_t ai__tav_off[RULES_CELLS]; /* taverns the distance maps leave out this move (ai_prepare) */
static uint8_t ai__mine_off[RULES_CELLS]; /* mines our mine maps leave out this move (AI_STANDOFF_OBS) */
static int ai__hunt;                /* hunt target's id, 0: none */
static int ai__hot_c[RULES_HEROES * 4], ai__nhot; /* hot mines not ours (ai_prepare) */
static int ai__me;
/* per hero: 0 far (stands, or its model's move with AI_FAR_MODELS),
   AI__ADV_WORST searched for the move worst for us, AI__ADV_MODEL a near
   hero that plays its model's move (AI_ADV_MODEL_MINERS) */
enum { AI__ADV_FAR, AI__ADV_WORST, AI__ADV_MODEL };
static double ai__spiked; /* spikes our hero entered and lived in the search so far, each its share of the charge (ai__spike_entry) */
static int ai__hot_taken; /* hot mines our hero took in the search so far (AI_HOT_TAKE) */
static int ai__dtav0; /* ai__fill_tav at our cell in the searched position (AI_FILL_REL) */
static int ai__fill0; /* the fill-up term is on at the searched position (AI_FILL_NO_GAIN) */
static int ai__near[RULES_HEROES + 1];
/* 1: a near hero modelled a miner, with hunter evidence below
   AI_ADV_MODEL_HUNT_EV (ai__observe), is searched playing its model's move
   (to its nearest mine not its own, or to a tavern when weak), not the
   move worst for us: against the worst case a weak hero beside a miner at
   its tavern finds every move losing and stands still. Hunter evidence
   grows 0.3 a step toward the nearest hero: 0.5 lets one such step
   through, two in a row (a chase) make the hero an adversary again. */
#ifndef AI_ADV_MODEL_MINERS
#define AI_ADV_MODEL_MINERS 1
#endif
#ifndef AI_ADV_MODEL_HUNT_EV
#define AI_ADV_MODEL_HUNT_EV 0.5
#endif
/* Hot mines: a mine we took that another hero took back within
   AI_HOT_WINDOW turns (we alive) counts 1 more, decayed by AI_HOT_DECAY a
   move; at AI_HOT_MIN or more (two quick retakes) with its retaker within
   AI_HOT_DIST steps of it, taking it again is worth AI_HOT_HOLD of our
   moves' income, not every move left (ai_evaluate: AI_HOT_W times the
   difference), so that two heroes do not trade one mine every round while
   a third mines. 0: off. */
#ifndef AI_HOT_W
#define AI_HOT_W 1.0
#endif
#define AI_HOT_WINDOW 12
#define AI_HOT_DECAY 0.98
#define AI_HOT_MIN 1.5
#define AI_HOT_DIST 3
#define AI_HOT_HOLD 2
/* Each take of a hot mine by our hero in the searched line costs this
   much (ai_evaluate), whoever holds the mine at the leaf: the retaker's
   take back within the horizon left the take's 25 life unpaid against a
   round of income, and two heroes traded one mine by a tavern every round
   (arena board 82008). 0: off. */
#ifndef AI_HOT_TAKE
#define AI_HOT_TAKE 5
#endif
static ai_predictor ai__pred; /* ai_set_predictor's, or NULL: the fit (fit.h) */
static void *ai__pred_ctx;
static fit ai__fit;
static int ai__fit_on = AI_FIT; /* ai_set_fit */
static int ai__pred_plies[RULES_HEROES + 1]; /* plies the predictor plays each hero, 0: none (ai_choose) */
static int ai__pred_loose[RULES_HEROES + 1]; /* 1: a loose fit mixed into its worst move (AI_PRED_LOOSE) */
static int ai__root_depth; /* the iteration's depth (plies from the root: it less depth) */
static long ai__nodes;
static int ai__abort;
static const deadline_t *ai__dl;
static long ai__node_limit; /* 0: none (ai_set_node_limit) */

/* The cell beside cell c of an n x n board in direction k (rules_dx,
   rules_dy), -1 off the board. */
static int ai__next(int n, int c, int k) {
  int x = c / n + rules_dx(k), y = c % n + rules_dy(k);
  return x < 0 || y < 0 || x >= n || y >= n ? -1 : x * n + y;
}

/* 1 when a hero can stand on cell c of s: open ground or spikes. */
static int ai__open(const rules_state *s, int c) { return s->terrain[c] == RULES_AIR || s->terrain[c] == RULES_SPIKES; }

/* The least life to step from a cell onto one of terrain t and walk on
   from there needing `need` (see dneed). */
static int ai__need_into(int need, int t) {
  if (!AI_TRAP_THIRST) return need + (t == RULES_SPIKES ? 10 : 0);
  return (t == RULES_SPIKES ? 11 : 1) + (need == 1 ? 0 : need);
}

/* Multi-source Dijkstra: dist[c] = moves from c to act on a target cell;
   a spike entry costs `spike` more steps (spike < 0: spikes are walls).
   owned: the steps a mine another hero holds counts further than a
   neutral one (0 for the moves themselves; AI_OWNED_STEPS for ai__dgoal).
   need (or NULL): the least life to walk dist's way alive. end (or
   NULL): the cell where dist's way ends (beside the target), -1 where
   no way is. The 16 buckets hold the distances d..d+15 in play: a seed
   is at most 1 + owned, a step adds at most 1 + spike. */
#if AI_OWNED_STEPS > 15 || AI__SPIKE_STEPS > 14 || AI__SPIKE_LIFE > 14
#error "ai__distmap_end's 16 buckets need AI_OWNED_STEPS <= 15 and spikes <= 14 steps"
#endif
static void ai__distmap_end(const rules_state *s, int *dist, int want_mine, int me, int spike, int owned, int *need,
                              int *end) {
  int n = s->n;
  static int16_t bucket[16][RULES_CELLS];
  static int bsize[16];
  memset(bsize, 0, sizeof bsize);
  for (int c = 0; c < n * n; c++) dist[c] = 1 << 20;
  for (int c = 0; c < n * n && end; c++) end[c] = -1;
  int pending = 0;
  for (int c = 0; c < n * n; c++) {
    int t = s->terrain[c];
    int target = want_mine ? (t == RULES_MINE && s->owner[c] != me && !(me == ai__me && ai__mine_off[c]))
                           : t == RULES_TAVERN && !ai__tav_off[c];
    if (!target) continue;
    int d0 = 1 + (want_mine && s->owner[c] != 0 ? owned : 0);
    for (int d = 0; d < 4; d++) {
      int nc = ai__next(n, c, d);
      if (nc < 0 || !ai__open(s, nc)) continue;
      if (dist[nc] > d0) {
        dist[nc] = d0;
        if (need) need[nc] = 1;
        if (end) end[nc] = nc;
        bucket[d0 % 16][bsize[d0 % 16]++] = (int16_t)nc;
        pending++;
      }
    }
  }
  for (int d = 1; pending > 0 && d < (1 << 20); d++) {
    int b = d % 16;
    for (int i = 0; i < bsize[b]; i++) {
      int c = bucket[b][i];
      if (dist[c] != d) continue;
      for (int k = 0; k < 4; k++) {
        int pc = ai__next(n, c, k); /* a walker at pc steps into c */
        if (pc < 0 || !ai__open(s, pc)) continue;
        if (spike < 0 && s->terrain[c] == RULES_SPIKES) continue;
        int nd = d + 1 + (s->terrain[c] == RULES_SPIKES ? spike : 0);
        if (nd >= dist[pc]) continue;
        dist[pc] = nd;
        if (need) need[pc] = ai__need_into(need[c], s->terrain[c]);
        if (end) end[pc] = end[c];
        int nb = nd % 16;
        if (bsize[nb] < RULES_CELLS) {
          bucket[nb][bsize[nb]++] = (int16_t)pc;
          pending++;
        }
      }
    }
    pending -= bsize[b];
    bsize[b] = 0;
  }
}

static void ai__distmap_need(const rules_state *s, int *dist, int want_mine, int me, int spike, int *need) {
  ai__distmap_end(s, dist, want_mine, me, spike, 0, need, NULL);
}

static void ai__distmap(const rules_state *s, int *dist, int want_mine, int me, int spike) {
  ai__distmap_need(s, dist, want_mine, me, spike, NULL);
}

/* One relaxation of cell c from its neighbour nc (both walkable); 1 when
   it lowered c's value. dist (or NULL): dist[c] becomes dist[nc] + step,
   plus spike when nc is a spike cell (spike < 0: spikes are walls), need
   following the way; dist NULL: need[c] becomes the life to step into nc
   and walk on from there (ai__need_into). */
static int ai__relax_from(const rules_state *s, int *dist, int step, int spike, int *need, int c, int nc) {
  int t = s->terrain[nc];
  if (!dist) {
    if (need[nc] >= (1 << 20)) return 0;
    int nd = ai__need_into(need[nc], t);
    if (nd >= need[c]) return 0;
    need[c] = nd;
    return 1;
  }
  if (dist[nc] >= (1 << 20) || (spike < 0 && t == RULES_SPIKES)) return 0;
  int nd = dist[nc] + step + (t == RULES_SPIKES ? spike : 0);
  if (nd >= dist[c]) return 0;
  dist[c] = nd;
  if (need) need[c] = ai__need_into(need[nc], t);
  return 1;
}

/* Relaxation sweeps until nothing changes (the grid is small), forward and
   backward in turn, over walkable cells and their walkable neighbours
   (ai__relax_from). dist (or need) holds the seeds, 1 << 20 elsewhere. */
static void ai__relax(const rules_state *s, int *dist, int step, int spike, int *need) {
  int n = s->n;
  for (int pass = 0, changed = 1; changed && pass < 4 * RULES_MAXN * RULES_MAXN; pass++) {
    changed = 0;
    for (int i = 0; i < n * n; i++) {
      int c = (pass & 1) ? n * n - 1 - i : i;
      if (!ai__open(s, c)) continue;
      for (int k = 0; k < 4; k++) {
        int nc = ai__next(n, c, k);
        if (nc >= 0 && ai__open(s, nc) && ai__relax_from(s, dist, step, spike, need, c, nc)) changed = 1;
      }
    }
  }
}

/* ai__dgoal: dmine's map with each mine another hero holds AI_OWNED_STEPS
   further, for the walk term (ai_evaluate, dvia, and the walk of a fresh
   life in ai__death); dmine stays the moves of the walk (the life it
   costs, the moves to a death on a mine). Both come from ai__distmap_end,
   so they share their targets and ways: one is finite where the other is. */
static int ai__dgoal[RULES_CELLS];

/* ai__dvleg: for each cell with a finite dvia, the second leg of its
   via (dgoal at the tavern's side the way goes through): a tavern's side
   whose dvia is its own dgoal starts a leg, and a cell copies the leg of
   the first neighbour its way steps to (dvia one step, or one spike,
   lower) once that one has its own, in sweeps as ai__relax's until
   nothing changes. The via's tavern is not always the nearest (dtav):
   past a spike gate the nearest tavern lies behind and the via goes on
   to another. */
static void ai__via_legs(const rules_state *s) {
  int n = s->n;
  for (int c = 0; c < n * n; c++)
    ai__dvleg[c] = ai__dvia[c] < (1 << 20) && ai__dtav[c] == 1 && ai__dvia[c] == ai__dgoal[c] ? ai__dgoal[c] : -1;
  for (int pass = 0, changed = 1; changed && pass < 4 * RULES_MAXN * RULES_MAXN; pass++) {
    changed = 0;
    for (int i = 0; i < n * n; i++) {
      int c = (pass & 1) ? n * n - 1 - i : i;
      if (ai__dvleg[c] >= 0 || ai__dvia[c] >= (1 << 20) || !ai__open(s, c)) continue;
      for (int k = 0; k < 4; k++) { /* the first neighbour the way steps to, once its leg is known */
        int nc = ai__next(n, c, k);
        if (nc < 0 || !ai__open(s, nc) || ai__dvia[nc] >= (1 << 20) ||
            ai__dvia[nc] + 1 + (s->terrain[nc] == RULES_SPIKES ? AI__SPIKE_STEPS : 0) != ai__dvia[c])
          continue;
        if (ai__dvleg[nc] >= 0) {
          ai__dvleg[c] = ai__dvleg[nc];
          changed = 1;
        }
        break;
      }
    }
  }
}

/* dvia[c] = min over cells t beside a tavern of (path c -> t) + dgoal[t];
   dvneed[c]: the life the way c -> t needs; dvia_safe: the same with no
   spikes on the way c -> t (after the drink the hero is strong). */
static void ai__via(const rules_state *s) {
  for (int c = 0; c < s->n * s->n; c++) {
    ai__dvia[c] = ai__dvia_safe[c] = (ai__dtav[c] == 1 && ai__dgoal[c] < (1 << 20)) ? ai__dgoal[c] : 1 << 20;
    ai__dvneed[c] = 1;
  }
  ai__relax(s, ai__dvia, 1, AI__SPIKE_STEPS, ai__dvneed);
  ai__relax(s, ai__dvia_safe, 1, -1, NULL);
  ai__via_legs(s);
}

/* dneed[c]: the least life with which a hero at c reaches a tavern's side
   alive. A step costs a life of thirst, which never goes below 1; entering
   spikes costs 10 and kills at 10 or less. So from a cell next to nc: onto
   open ground, need[nc] + 1 (1 when need[nc] is 1: thirst stops there);
   onto spikes, need[nc] + 11 (11 when need[nc] is 1). Sweeps until stable. */
static void ai__spikes(const rules_state *s) {
  for (int c = 0; c < s->n * s->n; c++) ai__dneed[c] = ai__dtav[c] == 1 ? 1 : 1 << 20;
  ai__relax(s, NULL, 0, 0, ai__dneed);
}

/* Hunt term of ai_evaluate: another hero with at least AI_HUNT_MINES
   mines (and AI_HUNT_MORE more than ours) that we beat in a duel (fewer
   hits of 25 to kill it than us) and at most AI_HUNT_LIFE life is worth
   AI_HUNT_W per step closer, within AI_HUNT_DIST steps of its cell (a
   killed hero's mines go to its killer; the search sees the kill once it
   is within AI_NEAR). 0: off. */
#ifndef AI_HUNT_W
#define AI_HUNT_W 1.5
#endif
#ifndef AI_HUNT_MINES
#define AI_HUNT_MINES 6
#endif
#ifndef AI_HUNT_MORE
#define AI_HUNT_MORE 3
#endif
#ifndef AI_HUNT_LIFE
#define AI_HUNT_LIFE 60
#endif
#ifndef AI_HUNT_DIST
#define AI_HUNT_DIST 24
#endif

/* Hits of 25 that kill a hero at `life`: who needs fewer loses a duel. */
static int ai__hits(int life) { return (life + 24) / 25; }

/* Hunt term: hero k (1..4) is a prize for hero me in s (AI_HUNT_*). */
static int ai__prize(const rules_state *s, int me, int k) {
  const rules_hero *h = &s->heroes[me - 1], *o = &s->heroes[k - 1];
  return k != me && !o->crashed && o->mines >= AI_HUNT_MINES && o->mines >= h->mines + AI_HUNT_MORE &&
         o->life <= AI_HUNT_LIFE && ai__hits(o->life) < ai__hits(h->life);
}

/* Guarded taverns: a hero that has stayed within one step of one cell
   for AI_GUARD_OBS of our observations in a row (a camper pacing between
   two cells, not only one standing still), whose cell is within
   AI_GUARD_DIST (manhattan) steps of a tavern and who wins a duel with us,
   guards that tavern: it is left out of the distance maps (ways to drink,
   via a tavern, the life to reach one) while another tavern is not, so
   that a weak hero walks to the free tavern instead of waiting by the
   guarded one. Pacing, not mere presence: on small boards heroes live
   beside the taverns. 0: off. */
#ifndef AI_GUARD_OBS
#define AI_GUARD_OBS 16
#endif
#define AI_GUARD_DIST 2

static int ai__manhattan_xy(int x0, int y0, int x1, int y1) {
  return (x0 > x1 ? x0 - x1 : x1 - x0) + (y0 > y1 ? y0 - y1 : y1 - y0);
}

static int ai__manhattan(const rules_hero *a, const rules_hero *b) { return ai__manhattan_xy(a->x, a->y, b->x, b->y); }

/* ai__tav_off for hero me in s (see AI_GUARD_OBS). */
static void ai__guarded(const rules_state *s, int me) {
  int n = s->n, open = 0, off = 0;
  const rules_hero *h = &s->heroes[me - 1];
  memset(ai__tav_off, 0, (size_t)(n * n));
  for (int c = 0; c < n * n && AI_GUARD_OBS > 0; c++) {
    if (s->terrain[c] != RULES_TAVERN) continue;
    int guarded = 0;
    for (int k = 0; k < RULES_HEROES; k++) {
      const rules_hero *o = &s->heroes[k];
      if (k != me - 1 && !o->crashed && ai__hist.pace[k] >= AI_GUARD_OBS &&
          ai__hits(o->life) >= ai__hits(h->life) &&
          ai__manhattan_xy(ai__hist.pace_x[k], ai__hist.pace_y[k], c / n, c % n) <= AI_GUARD_DIST)
        guarded = 1;
    }
    ai__tav_off[c] = (uint8_t)guarded;
    off += guarded;
    open += !guarded;
  }
  if (off > 0 && open == 0) memset(ai__tav_off, 0, (size_t)(n * n)); /* every tavern guarded: none is */
}

/* Standoff: for AI_STANDOFF_OBS observations our hero has stayed within
   AI_STANDOFF_AREA steps of one cell with the same mines, and no hero
   within AI_STANDOFF_DIST steps of it took a mine or died (so not a hero
   we keep killing at its spawn; AI_STANDOFF_ROBBED); now a hero stands
   that near, and another hero holds more mines than ours. Each waits for
   the other to leave its mines, and neither takes the other's (contest
   board 77018, seat 0: our hero and brute_force_it stood 2 steps apart by
   a tavern with 3 mines each for 800 turns while 9 mines 16 to 23 steps
   away stayed neutral, and KillerBot won). A hero ahead in mines keeps
   them by its tavern (lab game 129: with 14 mines at 98 life, the hero
   walked off for more and died with 15), so it is no standoff. For
   AI_STANDOFF_KEEP of our moves the mines of the heroes that near leave
   our mine maps while another mine is in them, so that the walk term
   points at a mine we can take in peace and the hero does not turn back
   once the count restarts. With AI_STANDOFF_CALM those heroes are also
   searched by their model, not at their worst: they took nothing from us,
   and at their worst they wall our hero in (on 77018 the mask alone left
   it in place). The standoff ends early when we lose a mine or one of
   those heroes takes one (74018, seat 3: brute_force_it took one, was let
   near and killed our hero). Six boards of such losses, 24 games against
   the real bots: 14 first places before, 17 after (CHANGES.md). 0: off. */
#ifndef AI_STANDOFF_OBS
#define AI_STANDOFF_OBS 24
#endif
#define AI_STANDOFF_DIST 3
#define AI_STANDOFF_AREA 2
#ifndef AI_STANDOFF_CALM
#define AI_STANDOFF_CALM 1 /* 0: the heroes of a standoff are searched as any other */
#endif
#define AI_STANDOFF_KEEP 40
/* 1: a near hero whose mine count falls without a death (another hero
   robbed it of a mine elsewhere) keeps the standoff's peace; only a take
   or a death near us breaks it. 0: any change of its count does. Contest
   board 89715, seat 3: our hero, 3 mines at 95 life, stood 2 steps from
   brute_force_it by its tavern for 150 turns while KillerBot and
   wowblitzawesome took 16 mines each; brute_force_it lost its far mines
   one by one, and each loss restarted the count. */
#ifndef AI_STANDOFF_ROBBED
#define AI_STANDOFF_ROBBED 1
#endif

/* ai__mine_off for hero me in s (see AI_STANDOFF_OBS). */
static void ai__standoff(const rules_state *s, int me) {
  int n = s->n, off = 0, open = 0;
  const rules_hero *h = &s->heroes[me - 1];
  memset(ai__mine_off, 0, (size_t)(n * n));
  if (AI_STANDOFF_OBS <= 0 || !ai__hist.valid) return;
  int behind = 0; /* a hero holds more mines than we do: waiting loses */
  for (int k = 0; k < RULES_HEROES; k++) behind |= s->heroes[k].mines > h->mines;
  if (ai__hist.so_n >= AI_STANDOFF_OBS && s->turn >= ai__hist.standoff_end && behind) {
    int with = 0;
    for (int k = 0; k < RULES_HEROES; k++) {
      const rules_hero *o = &s->heroes[k];
      ai__hist.standoff_with[k] = k != me - 1 && !o->crashed && ai__manhattan(h, o) <= AI_STANDOFF_DIST;
      with += ai__hist.standoff_with[k];
    }
    if (with > 0) ai__hist.standoff_end = s->turn + RULES_HEROES * AI_STANDOFF_KEEP;
  }
  if (s->turn >= ai__hist.standoff_end) return;
  for (int i = 0; i < s->nmines; i++) {
    int c = s->mine_cell[i], o = s->owner[c];
    if (o == me) continue;
    ai__mine_off[c] = (uint8_t)(o >= 1 && o <= RULES_HEROES && ai__hist.standoff_with[o - 1]);
    off += ai__mine_off[c];
    open += !ai__mine_off[c];
  }
  if (off > 0 && open == 0) memset(ai__mine_off, 0, (size_t)(n * n)); /* no other mine: none is off */
}

/* 1 when cell c of s is open ground or spikes beside a cell that
   satisfies the kind: 0, a mine owned by me; 1, spikes. */
static int ai__beside(const rules_state *s, int c, int kind, int me) {
  int n = s->n;
  if (!ai__open(s, c)) return 0;
  for (int d = 0; d < 4; d++) {
    int nc = ai__next(n, c, d);
    if (nc < 0) continue;
    int t = s->terrain[nc];
    if (kind == 0 ? t == RULES_MINE && s->owner[nc] == me : t == RULES_SPIKES) return 1;
  }
  return 0;
}

/* 1 when hero h at cell c has gold and walks alive to a tavern (ai__dneed):
   it can drink. */
static int ai__heals(const rules_hero *h, int c) {
  return h->gold > 0 && ai__dtav[c] < (1 << 20) && (ai__dneed[c] >= (1 << 20) || h->life >= ai__dneed[c]);
}

/* ai__downed, ai__dspike and the searched position's owners (AI_DEATH). */
static void ai__death_maps(const rules_state *s, int me) {
  ai__root_turn = s->turn;
  memcpy(ai__root_owner, s->owner, sizeof ai__root_owner);
  for (int c = 0; c < s->n * s->n; c++) {
    ai__downed[c] = ai__beside(s, c, 0, me) ? 1 : 1 << 20;
    ai__dspike[c] = ai__beside(s, c, 1, me) ? 1 : 1 << 20;
  }
  ai__relax(s, ai__downed, 1, AI__SPIKE_STEPS, NULL);
  ai__relax(s, ai__dspike, 1, -1, NULL);
  const rules_hero *h = &s->heroes[me - 1];
  ai__spawn_walk = ai__downed[h->spawn_x * s->n + h->spawn_y];
}

static int ai__fill_up(const rules_hero *h, int c, int left);
static int ai__fill_tav(int c);

static void ai__foes(const rules_state *s, int me);
static double ai__risk_share(int c);
static int ai__left(const rules_state *s, int k);
static void ai__stuck_scale(const rules_state *s);

/* 1: the fill-up term (ai__fill_up) judges the mine the walk term walks
   to (the end of ai__dgoal's way, which counts a held mine AI_OWNED_STEPS
   further), 0: the nearest mine not ours (ai__dmine's). The two differ
   where a held mine is nearest and a free one leads the walk: against a
   bot the program had never met (arena seed 89675, seat 0, turn 768) our
   hero, 11 mines at 96 life, stood 60 turns beside its mines while its
   top mines were taken: from its cell the nearest mine, a held one by a
   tavern, was affordable, so the pull was off and the walk led south to a
   free mine 9 steps from a tavern; one step south the nearest mine was
   that free one, not affordable, and the pull toward a tavern cost more
   than the step gained. Judging the walk's mine on both cells, the pull
   is on at once and the hero walks to drink, then to the mine. Only the
   tavern side changes: the fill-up's walk to the mine (dm) stays
   ai__dmine's, the nearest, a bound on the walk's. */
#ifndef AI_FILL_GOAL
#define AI_FILL_GOAL 1
#endif

BOT_API void ai_prepare(const rules_state *s, int me) {
  ai__me = me;
  ai__guarded(s, me);
  ai__standoff(s, me);
  ai__distmap_need(s, ai__dtav, 0, me, AI__SPIKE_STEPS, ai__dtneed);
  static int end[RULES_CELLS]; /* where the judged way takes its mine (AI_FILL_GOAL) */
  ai__distmap_end(s, ai__dmine, 1, me, AI__SPIKE_STEPS, 0, NULL, AI_FILL_GOAL ? NULL : end);
  ai__distmap_end(s, ai__dgoal, 1, me, AI__SPIKE_STEPS, AI_OWNED_STEPS, NULL, AI_FILL_GOAL ? end : NULL);
  for (int c = 0; c < s->n * s->n; c++) {
    ai__dmtav[c] = end[c] < 0 ? 1 << 20 : ai__dtav[end[c]];
    ai__dmneed[c] = end[c] < 0 ? 1 << 20 : ai__dtneed[end[c]];
  }
  if (AI__SPIKE_STEPS == AI__SPIKE_LIFE) /* spikes cost as many steps as life: the same map */
    memcpy(ai__dmlife, ai__dmine, sizeof ai__dmlife);
  else
    ai__distmap(s, ai__dmlife, 1, me, AI__SPIKE_LIFE);
  for (int k = 1; k <= RULES_HEROES && AI_FAR_MODELS; k++)
    if (k != me) ai__distmap(s, ai__dmk[k], 1, k, AI__SPIKE_STEPS);
  ai__distmap(s, ai__dtav_safe, 0, me, -1);
  ai__spikes(s);
  ai__via(s);
  ai__foes(s, me);
  ai__death_maps(s, me);
  const rules_hero *h = &s->heroes[me - 1];
  int hc = h->x * s->n + h->y; /* our cell: the searched position's values */
  ai__rshare = ai__risk_share(hc);
  ai__dtav0 = ai__fill_tav(hc);
  ai__rheals = ai__heals(h, hc);
  ai__fill0 = ai__fill_up(h, hc, ai__left(s, me));
  ai__stuck_scale(s);
  ai__death_ok = 0; /* the probe (ai__death) */
  ai__death_probe = 1;
  ai_evaluate(s, me);
  ai__death_probe = 0;
  ai__nhot = 0; /* hot mines not ours, their retaker near (AI_HOT_W) */
  for (int i = 0; i < s->nmines && AI_HOT_W > 0 && ai__hist.valid; i++) {
    int c = s->mine_cell[i], k = ai__hist.hot_by[c];
    if (s->owner[c] == me || ai__hist.hot[c] < AI_HOT_MIN || k < 1 || k > 4 ||
        ai__nhot >= (int)(sizeof ai__hot_c / sizeof ai__hot_c[0]))
      continue;
    if (ai__manhattan_xy(s->heroes[k - 1].x, s->heroes[k - 1].y, c / s->n, c % s->n) <= AI_HOT_DIST)
      ai__hot_c[ai__nhot++] = c;
  }
  ai__hunt = 0; /* the richest prize, if any */
  for (int k = 1; k <= RULES_HEROES && AI_HUNT_W > 0; k++)
    if (ai__prize(s, me, k) && (!ai__hunt || s->heroes[k - 1].mines > s->heroes[ai__hunt - 1].mines)) ai__hunt = k;
  if (ai__hunt) {
    const rules_hero *o = &s->heroes[ai__hunt - 1];
    for (int c = 0; c < s->n * s->n; c++) ai__dhunt[c] = 1 << 20;
    ai__dhunt[o->x * s->n + o->y] = 0;
    ai__relax(s, ai__dhunt, 1, AI__SPIKE_STEPS, NULL);
  }
}

/* ---- Opponent models (step 1 of ai_choose) ----
** Between two of our moves every other hero moved once. What it did is
** evidence, decayed by AI_MODEL_DECAY per observation:
**   miner:  took one mine;
**   hunter: gained 2+ mines at once (a kill), or a hero beside it died, or
**           it closed in on the nearest hero within AI_MODEL_CHASE steps;
**   camper: drank at a tavern with life >= AI_MODEL_CAMP_LIFE, or stayed put
**           beside a tavern.
** The strongest evidence above AI_MODEL_MIN names the model; otherwise
** AI_MODEL_DEFAULT. With AI_FAR_MODELS, far heroes (not searched as
** adversaries) play their model's move in the search instead of standing. */
#define AI_MODEL_DECAY 0.92
#define AI_MODEL_MIN 1.0
#define AI_MODEL_CHASE 6
#define AI_MODEL_CAMP_LIFE 60
#define AI_MODEL_DEFAULT AI_MODEL_MINER
#define AI_MODEL_HEAL_LIFE 35 /* a modelled miner heals below this life */
/* A hero seen at the same cell this many observations in a row, each time
   with a free way to a goal (ai__free_way), is idle: not searched as an
   adversary (step 3), so that a stuck bot beside a tavern does not keep a
   weak hero from it. */
#define AI_IDLE_MOVES 10

/* 1: an idle hero plays Stay in the search wherever it would play its
   rough model's move (ai__model_move: an idle hero is never an
   adversary, so it plays that move unless a trusted fit foretells
   another): it has shown it stands. The model's move, a miner's walk to
   a tavern or a mine, took it out of our reach (arena seed 89660, seat
   1, against bots the program had never met: a hero at 1 life with 3
   mines stood 3 steps from ours for 1100 turns, and ours stood beside
   its tavern with 1 mine and came last). 0: its model's move. */
#ifndef AI_IDLE_STAYS
#define AI_IDLE_STAYS 1
#endif

static int ai__model[RULES_HEROES + 1];

static int ai__beside_tavern(const rules_state *s, int x, int y) {
  for (int d = 0; d < 4; d++) {
    int nx = x + rules_dx(d), ny = y + rules_dy(d);
    if (nx >= 0 && ny >= 0 && nx < s->n && ny < s->n && s->terrain[nx * s->n + ny] == RULES_TAVERN)
      return 1;
  }
  return 0;
}

/* Nearest other hero's distance (manhattan) for hero k in hero array hs. */
static int ai__nearest(const rules_hero *hs, int k) {
  int best = 1 << 20;
  for (int j = 0; j < RULES_HEROES; j++)
    if (j != k && !hs[j].crashed && ai__manhattan(&hs[k], &hs[j]) < best) best = ai__manhattan(&hs[k], &hs[j]);
  return best;
}

/* 1 when hero id, with the other heroes as walls, can walk to the side of a
   mine it does not own or of a tavern (with gold): a hero that stands
   still then is stuck; 0 when heroes wall it off from every goal (blocked:
   contest seed 503, a miner held in a corridor by our hero was counted
   idle, left out of the search, and killed our hero). */
static int ai__free_way(const rules_state *s, int id) {
  int n = s->n;
  static uint8_t seen[RULES_CELLS];
  int16_t queue[RULES_CELLS];
  memset(seen, 0, (size_t)(n * n));
  for (int k = 0; k < RULES_HEROES; k++)
    if (k != id - 1) seen[s->heroes[k].x * n + s->heroes[k].y] = 1;
  const rules_hero *h = &s->heroes[id - 1];
  int head = 0, tail = 0;
  seen[h->x * n + h->y] = 1;
  queue[tail++] = (int16_t)(h->x * n + h->y);
  while (head < tail) {
    int c = queue[head++];
    for (int d = 0; d < 4; d++) {
      int x = c / n + rules_dx(d), y = c % n + rules_dy(d);
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      int nc = x * n + y, t = s->terrain[nc];
      if ((t == RULES_MINE && s->owner[nc] != id) || (t == RULES_TAVERN && h->gold > 0)) return 1;
      if (seen[nc] || (t != RULES_AIR && t != RULES_SPIKES)) continue;
      seen[nc] = 1;
      queue[tail++] = (int16_t)nc;
    }
  }
  return 0;
}

/* 1 when hero k (0-based) respawned between the observations was and now:
   at its spawn at full life, having stood elsewhere. */
static int ai__respawned(const rules_hero *was, const rules_hero *now, int k) {
  return now[k].x == now[k].spawn_x && now[k].y == now[k].spawn_y && now[k].life == 100 &&
         (was[k].x != now[k].x || was[k].y != now[k].y);
}

/* 1 when hero k (0-based) died between the observations was and now: at
   its spawn at full life, having had less. Read from positions, as the
   server shows them (client.c leaves respawn_turn unknown). */
static int ai__died(const rules_hero *was, const rules_hero *now, int k) {
  return now[k].life == 100 && was[k].life < 100 && now[k].x == now[k].spawn_x && now[k].y == now[k].spawn_y;
}

/* The standoff's counts (AI_STANDOFF_OBS) from observations was to now:
   it ends when we lost a mine or one of its heroes took one; the count
   goes on while our hero stays near so_x, so_y with so_mines and no hero
   near it took a mine (or lost one, AI_STANDOFF_ROBBED 0) or died, else
   restarts from here. */
static void ai__observe_standoff(const rules_hero *was, const rules_hero *now, int me) {
  const rules_hero *h = &now[me - 1];
  int broken = h->mines < was[me - 1].mines, peace = h->mines == ai__hist.so_mines;
  for (int k = 0; k < RULES_HEROES; k++) {
    broken |= ai__hist.standoff_with[k] && now[k].mines > was[k].mines;
    int near = ai__manhattan(&was[k], &was[me - 1]) <= AI_STANDOFF_DIST ||
               ai__manhattan(&now[k], h) <= AI_STANDOFF_DIST;
    int changed = AI_STANDOFF_ROBBED ? now[k].mines > was[k].mines : now[k].mines != was[k].mines;
    if (k != me - 1 && near && (changed || ai__respawned(was, now, k))) peace = 0;
  }
  if (broken) ai__hist.standoff_end = 0;
  if (peace && ai__manhattan_xy(h->x, h->y, ai__hist.so_x, ai__hist.so_y) <= AI_STANDOFF_AREA) {
    ai__hist.so_n++;
    return;
  }
  ai__hist.so_x = h->x;
  ai__hist.so_y = h->y;
  ai__hist.so_mines = h->mines;
  ai__hist.so_n = 0;
}

/* 1: a hero standing still counts toward idle only with a free way to a
   goal (ai__free_way; contest seed 503); 0: any standing still counts. */
#ifndef AI_IDLE_FREE_WAY
#define AI_IDLE_FREE_WAY 1
#endif
static void ai__observe(const rules_state *s, int me) {
  if (!ai__hist.valid || s->turn <= ai__hist.turn || s->turn - ai__hist.turn > 8 || s->n != ai__hist.n) {
    memset(&ai__hist, 0, sizeof ai__hist);
    for (int k = 0; k < RULES_HEROES; k++) { /* pacing (AI_GUARD_OBS) starts here */
      ai__hist.pace_x[k] = s->heroes[k].x;
      ai__hist.pace_y[k] = s->heroes[k].y;
    }
  } else {
    for (int k = 0; k < RULES_HEROES; k++) { /* pacing within a step of one cell (AI_GUARD_OBS) */
      if (ai__manhattan_xy(s->heroes[k].x, s->heroes[k].y, ai__hist.pace_x[k], ai__hist.pace_y[k]) <= 1) {
        ai__hist.pace[k]++;
      } else {
        ai__hist.pace_x[k] = s->heroes[k].x;
        ai__hist.pace_y[k] = s->heroes[k].y;
        ai__hist.pace[k] = 0;
      }
    }
    const rules_hero *was = ai__hist.h, *now = s->heroes;
    ai__observe_standoff(was, now, me);
    for (int k = 0; k < RULES_HEROES; k++) {
      if (k == me - 1) continue;
      if (now[k].x != was[k].x || now[k].y != was[k].y)
        ai__hist.idle[k] = 0;
      else if (!AI_IDLE_FREE_WAY || ai__free_way(s, k + 1))
        ai__hist.idle[k]++; /* it could have walked to a goal and stood: stuck */
      /* else heroes wall it off from every goal: blocked, not stuck (count kept) */
      double *ev = ai__hist.ev[k];
      for (int m = 0; m < AI_MODELS; m++) ev[m] *= AI_MODEL_DECAY;
      int gain = now[k].mines - was[k].mines;
      if (gain == 1) ev[AI_MODEL_MINER] += 1.0;
      if (gain >= 2) ev[AI_MODEL_HUNTER] += 2.0;
      for (int j = 0; j < RULES_HEROES; j++) /* j died beside k */
        if (j != k && ai__died(was, now, j) && ai__manhattan(&was[k], &was[j]) <= 2)
          ev[AI_MODEL_HUNTER] += 1.5;
      int d0 = ai__nearest(was, k), d1 = ai__nearest(now, k);
      if (d0 <= AI_MODEL_CHASE && d1 < d0 && gain <= 0) ev[AI_MODEL_HUNTER] += 0.3;
      if (ai__beside_tavern(s, now[k].x, now[k].y) &&
          ((now[k].life > was[k].life && was[k].life >= AI_MODEL_CAMP_LIFE) ||
           (now[k].x == was[k].x && now[k].y == was[k].y)))
        ev[AI_MODEL_CAMPER] += 0.5;
    }
    /* hot mines: ours at the last observation, or stepped into then,
       another hero's now while we lived, soon after our take */
    int died = ai__died(was, now, me - 1);
    for (int i = 0; i < s->nmines; i++) {
      int c = s->mine_cell[i];
      ai__hist.hot[c] *= (float)AI_HOT_DECAY;
      int ours = ai__hist.owner[c] == me || ai__hist.took_at[c] == ai__hist.turn + 1;
      if (!died && ours && s->owner[c] != me && s->owner[c] != 0 && ai__hist.took_at[c] > 0 &&
          s->turn - (ai__hist.took_at[c] - 1) <= AI_HOT_WINDOW) {
        ai__hist.hot[c] += 1.0f;
        ai__hist.hot_by[c] = s->owner[c];
      }
    }
  }
  memcpy(ai__hist.owner, s->owner, sizeof ai__hist.owner);
  ai__hist.valid = 1;
  ai__hist.turn = s->turn;
  ai__hist.n = s->n;
  memcpy(ai__hist.h, s->heroes, sizeof ai__hist.h);
  for (int k = 1; k <= RULES_HEROES; k++) {
    const double *ev = ai__hist.ev[k - 1];
    int best = AI_MODEL_DEFAULT;
    double top = AI_MODEL_MIN;
    for (int m = 1; m < AI_MODELS; m++)
      if (ev[m] >= top) {
        top = ev[m];
        best = m;
      }
    ai__model[k] = k == me ? AI_MODEL_UNKNOWN : best;
  }
}

BOT_API int ai_model_of(int hero) { return hero >= 1 && hero <= RULES_HEROES ? ai__model[hero] : AI_MODEL_UNKNOWN; }

static int ai__idle(int hero) { return ai__hist.valid && ai__hist.idle[hero - 1] >= AI_IDLE_MOVES; }

/* 1 while hero is one of a standoff's (AI_STANDOFF_OBS, AI_STANDOFF_CALM):
   it took nothing from us in the standoff, so the search plays its
   model's move, not its worst one, and our hero may walk past it. */
static int ai__calm(const rules_state *s, int hero) {
  return AI_STANDOFF_CALM && ai__hist.valid && s->turn < ai__hist.standoff_end && ai__hist.standoff_with[hero - 1];
}

/* One step down dist from hero id's cell: into an adjacent target (dist 1
** means "act from here"), else to the free neighbour with the least dist. */
static int ai__step_down(const rules_state *s, int id, const int *dist, int want_tavern) {
  const rules_hero *h = &s->heroes[id - 1];
  int n = s->n, here = dist[h->x * n + h->y], best = here, dir = RULES_STAY;
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x < 0 || y < 0 || x >= n || y >= n) continue;
    int c = x * n + y, t = s->terrain[c];
    if (here == 1 && ((want_tavern && t == RULES_TAVERN) || (!want_tavern && t == RULES_MINE && s->owner[c] != id)))
      return d;
    if ((t == RULES_AIR || t == RULES_SPIKES) && !rules_hero_at(s, x, y) && dist[c] < best) {
      best = dist[c];
      dir = d;
    }
  }
  return dir;
}

/* The move hero id's model plays in the search. */
static int ai__model_move(const rules_state *s, int id) {
  const rules_hero *h = &s->heroes[id - 1];
  if (h->crashed || (AI_IDLE_STAYS && ai__idle(id))) return RULES_STAY;
  switch (ai__model[id]) {
  case AI_MODEL_MINER:
    if (h->life < AI_MODEL_HEAL_LIFE && h->gold > 0) return ai__step_down(s, id, ai__dtav, 1);
    return ai__step_down(s, id, ai__dmk[id], 0);
  case AI_MODEL_HUNTER: {
    int target = -1, bd = 1 << 20;
    for (int j = 0; j < RULES_HEROES; j++)
      if (j != id - 1 && ai__manhattan(h, &s->heroes[j]) < bd) {
        bd = ai__manhattan(h, &s->heroes[j]);
        target = j;
      }
    if (target < 0) return RULES_STAY;
    for (int d = 0; d < 4; d++) {
      int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
      if (x < 0 || y < 0 || x >= s->n || y >= s->n) continue;
      int t = s->terrain[x * s->n + y];
      if (t != RULES_AIR && t != RULES_SPIKES) continue;
      if (ai__manhattan_xy(x, y, s->heroes[target].x, s->heroes[target].y) < bd) return d; /* into the target hits it */
    }
    return RULES_STAY;
  }
  default:
    return RULES_STAY;
  }
}

/* Own moves left for hero k (1..4) from the current turn on. */
static int ai__left(const rules_state *s, int k) {
  int off = (k - 1 - s->turn % 4 + 4) % 4;
  int span = s->max_turns - 1 - s->turn - off;
  return span < 0 ? 0 : span / 4 + 1;
}

/* Risk term of ai_evaluate: a weak hero's mines are exposed for
   AI_RISK_TURNS own moves (a hero that can drink, at most the moves a death
   costs it: AI_RISK_RETAKE), or (AI_RISK_TAVERN, with gold) for the moves to
   a tavern plus AI_RISK_DRINKS. */
#ifndef AI_RISK_TURNS
#define AI_RISK_TURNS 60
#endif
/* Share of the mines' exposed income lost, by the hits that kill us: one
   (life <= 25), two (<= 50), three (<= 75). */
#ifndef AI_RISK_F1
#define AI_RISK_F1 0.5
#endif
#ifndef AI_RISK_F2
#define AI_RISK_F2 0.2
#endif
#ifndef AI_RISK_F3
#define AI_RISK_F3 0.05
#endif
/* A hero two hits from death or weaker (life <= AI_RISK_TAV_LIFE) with
   gold: the risk grows with the way to the nearest tavern, by one more
   share every AI_RISK_TAV_STEPS steps (0: off), so every step toward a
   tavern pays even when the drink lies past the search's horizon. */
#ifndef AI_RISK_TAV_STEPS
#define AI_RISK_TAV_STEPS 10
#endif
#ifndef AI_RISK_TAV_LIFE
#define AI_RISK_TAV_LIFE 50
#endif
/* Two hits from death or more (life > 25), the risk is a share of the above
   by the way from the nearest other hero to our searched cell (ai__dfoe,
   spikes as AI__SPIKE_STEPS): all of it at 0 steps, falling linearly to
   AI_RISK_ALONE at AI_RISK_REACH steps (further still, AI_RISK_FAR; 0: off,
   always all of it). One hit from death, any hero that passes beside us
   kills us, and all of it counts. Board 63018 (28x28, 48 mines): behind the
   spike that gates its corner our hero held 6 mines for 700 turns, because
   a take there left it at about 40 life 25 steps from a tavern, charged
   about 290 whoever stood near; the nearest hero was 8 or more steps away,
   and the contest bots held 9-10 mines at 1-20 life unrobbed. */
#ifndef AI_RISK_REACH
#define AI_RISK_REACH 12
#endif
#ifndef AI_RISK_ALONE
#define AI_RISK_ALONE 0.5
#endif
/* 1: past AI_RISK_REACH the share keeps falling, as AI_RISK_ALONE *
   AI_RISK_REACH / steps (0.25 at 24 steps; next to nothing where no hero
   can reach the cell); 0: it stays AI_RISK_ALONE. Contest board 89815
   (all four seats lost): our hero, 7 mines at 62 life, looped from turn
   400 to the end (1200) between its tavern and a free mine whose take the
   risk priced at half its exposure, while the nearest other hero was 74
   steps away (spikes as AI__SPIKE_STEPS). Lab, nine sets of 200 games:
   1589 first places against 1577 (CHANGES.md, twenty-ninth session). */
#ifndef AI_RISK_FAR
#define AI_RISK_FAR 1
#endif
/* 1: a hero that can drink (ai__heals) is exposed at most for the moves a
   death would cost it: the walk from its spawn to the nearest mine it
   owns in the searched position (ai__downed), half of AI_RETAKE_MOVES for
   each next mine, and AI_RISK_RETAKE_ADD. Death is cheap where a spawn
   stands beside its mines: on brawl boards (lab board 30008, 18x18, a
   mine beside each spawn) KillerBot died 11 times and out-mined our hero,
   which drank 21 times against 60 moves of exposure. A hero that cannot
   drink stays weak to the end, and keeps AI_RISK_TURNS (at 10 life, every
   tavern beyond spikes, the exposure is what makes it die and retake:
   test_dies_now_when_every_mine_is_held). Lab, contest field, 400 games
   a set at 100000 nodes: README, Results. 0: off. */
#ifndef AI_RISK_RETAKE
#define AI_RISK_RETAKE 1
#endif
#ifndef AI_RISK_RETAKE_ADD
#define AI_RISK_RETAKE_ADD 20
#endif
/* Life to keep after taking the next mine; below it the way to that mine
   goes through a tavern (d_eff in ai_evaluate). */
#ifndef AI_SAFE_LIFE
#define AI_SAFE_LIFE 20
#endif
#define AI_RISK_DRINKS 3
/* 0: off by default (ai_set_terms turns it on; no gain measured). */
#ifndef AI_RISK_TAVERN
#define AI_RISK_TAVERN 0
#endif

/* Threat term of ai_evaluate: heroes that win a duel with us, within this
   many (manhattan) steps, cost AI_THREAT_W x mines x min(left,
   AI_THREAT_HORIZON), scaled down linearly with distance. */
#define AI_THREAT_DIST 6
/* 0: off by default (ai_set_terms sets it; no gain measured). */
#ifndef AI_THREAT_W
#define AI_THREAT_W 0.0
#endif
#define AI_THREAT_HORIZON 60
/* 1: only heroes modelled hunters threaten; with every stronger hero (0)
   the hero fled miners at full life and mined less. */
#ifndef AI_THREAT_HUNTERS_ONLY
#define AI_THREAT_HUNTERS_ONLY 1
#endif

/* Trapped term of ai_evaluate: a hero too weak to reach a tavern alive
   loses AI_TRAP_MINE_W of its mines' income and AI_TRAP_GOLD_W a move
   left. 0: off (ai_set_terms, trap_mine_w): on boards whose taverns lie
   past spikes it kept a hero from taking a free mine; "Death is cheap"
   answers a trapped hero instead. */
#ifndef AI_TRAP_MINE_W
#define AI_TRAP_MINE_W 0.0
#endif
/* (ai.c, "Death is cheap" below) */
#ifndef AI_DEATH
#define AI_DEATH 1
#endif
static ai_terms ai__terms = {AI_THREAT_W, AI_RISK_TAVERN, AI_RISK_TAV_STEPS, AI_ADV_MODEL_MINERS, AI_TRAP_MINE_W,
                             AI_DEATH, AI_PRED_SOFT};

BOT_API ai_terms ai_set_terms(ai_terms t) {
  ai_terms was = ai__terms;
  ai__terms = t;
  return was;
}

BOT_API ai_terms ai_get_terms(void) { return ai__terms; }

/* Adversary choice (step 3): quarter steps nearer for a stronger hero,
   and again for a hunter. 0 ranks by path steps alone. */
#ifndef AI_ADV_THREAT_STEPS
#define AI_ADV_THREAT_STEPS 2
#endif

/* Fill-up term of ai_evaluate: a hero that holds mines, cannot take the
   next mine now (the risk term's rise from the life the fight leaves
   exceeds the mine's income) but could after a drink, is pulled toward a
   tavern by AI_FILL_W per step (more than the mine's pull of 1 per step),
   so that it does not stand beside a free mine it cannot afford. 0: off. */
#ifndef AI_FILL_W
#define AI_FILL_W 2.0
#endif
/* Also pulled when taking the next mine now would leave at most this
   life and after a drink more (a long way to a mine starts at a tavern),
   whatever the risk term's prices. 0: off (no gain measured). */
#ifndef AI_FILL_LIFE
#define AI_FILL_LIFE 0
#endif
/* 1: the pull counts tavern steps from the searched position's
   (ai_prepare) so that turning the term on or off between two leaves
   costs at most AI_FILL_W per move; 0: from the tavern (a leaf holding a
   new mine, or 2 gold, paid AI_FILL_W x its whole way to a tavern). */
#ifndef AI_FILL_REL
#define AI_FILL_REL 1
#endif
/* 1: whether the next mine is affordable now counts the way to a tavern
   from where the hero takes it (ai__dmtav), the same all along the walk
   to it; 0: from the hero's cell, which grows with every step toward a
   mine away from the tavern, so the answer flips halfway and the hero
   stands on the boundary. */
#ifndef AI_FILL_MINE_TAV
#define AI_FILL_MINE_TAV 1
#endif
/* 1: a leaf where the pull is on while it was off at the searched
   position never gains from it (counted from the searched position's
   tavern steps, AI_FILL_REL, a leaf nearer the tavern would): lab board
   40029, seat 0, 9 mines at 98 life, the hero stepped onto spikes beside
   its tavern to drop under AI_FILL_MAX_LIFE, turning the pull on as a
   bonus of 3 steps, drank, stepped off and back, 170 moves while two
   miners took the lead; 0: the pull's sign follows the steps. */
#ifndef AI_FILL_NO_GAIN
#define AI_FILL_NO_GAIN 1
#endif
/* 1: while the pull is on, the walk term (d_eff in ai_evaluate) counts
   the way to the next mine through a tavern (dvia), as the pull means:
   lab board 40036, seat 3 (seed 40000, game 147), 6 mines at 82 life, the
   pull on: a step toward the tavern made the straight way to the mine 4
   steps longer, more than the pull's 2 a step, and the hero stood 22
   moves between the two; 0: the straight way. */
#ifndef AI_FILL_VIA
#define AI_FILL_VIA 1
#endif
/* The pull is on when taking the next mine now earns (its income less
   the risk it adds) less than this, and taking it after a drink earns
   more. At 0 a take that paid by 2 turned the pull off while the search,
   which counts the walk's thirst and the life's value too, found that it
   did not pay: the hero stood beside the mine 4 moves, then walked 11
   moves to drink first (test_drinks_before_unaffordable_mine, nobody
   within AI_RISK_REACH). At 10 the search takes it at once and then
   drinks. Lab, 400000 nodes, seeds 40000..40039, with the share off
   (AI_RISK_REACH 0): 135 first places of 160 against 136 without it. */
#ifndef AI_FILL_MARGIN
#define AI_FILL_MARGIN 10
#endif
/* No pull at or above this life (a drink buys little). */
#ifndef AI_FILL_MAX_LIFE
#define AI_FILL_MAX_LIFE 90
#endif

#ifndef AI_TRAP_GOLD_W
#define AI_TRAP_GOLD_W 0.0
#endif

/* Own moves over which life loses its value as the game ends. */
#ifndef AI_LIFE_TURNS
#define AI_LIFE_TURNS 10
#endif

/* Weight of the best other hero's material in ai_evaluate (ours counts 1):
   first place is won against the best other. */
#ifndef AI_OTHER_W
#define AI_OTHER_W 1.0
#endif

/* ---- Death is cheap (ai__death, a term of ai_evaluate) ----
** A hero that dies respawns at full life and loses only its mines, so
** life is worth what losing it costs: the mines held and the moves to
** retake them, not a fixed amount. In ai_evaluate, for our hero:
**   1. retake: mines we held in the searched position that a death of
**      ours in the search left neutral (spikes, a mine fight) count
**      AI_RETAKE_SHARE of the income from their retaking on: the first
**      after the walk to it (ai__downed), each next AI_RETAKE_MOVES
**      moves later (ai__retake);
**   2. stuck: a hero that can neither take a mine alive (its life after
**      the walk is 25 or less) nor walk alive to a tavern with gold
**      (ai__dneed) takes no more mines: it forgoes AI_STUCK_W gold a move
**      left (the income of the next mine a free hero would take), scaled
**      down below AI_STUCK_MINES neutral mines at the searched position
**      (ai__stuck_scale: on a board whose mines are all held, a free hero
**      takes few more). With AI_STUCK_ALWAYS every leaf pays it, so that
**      the search does not walk into a spike pocket for one more mine
**      and stay there at 1 life (contest board 40000: 3 mines, 292 moves
**      at 1 life, 886 gold against 1631); else only when 4 says dying is
**      better. With AI_STUCK_HELD a hero that holds a mine and cannot
**      drink is stuck even when it could still take a mine: that take
**      leaves it weaker and as far from a drink;
**   3. die on purpose: at AI_DEATH_LIFE life or less, dying now is worth
**      walking into the nearest mine not ours (a fight at 25 life or less
**      kills) or onto spikes (at 10 or less), then full life at the
**      spawn, our mines neutral and retaken as in 1, the walk from the
**      spawn to the next mine. Living is worth the leaf's value less 2,
**      with a hero that can drink exposed only on its way to a tavern and
**      AI_RISK_DRINKS drinks (the risk term's AI_RISK_TURNS overstate a
**      walk to a drink against a death);
**   4. the probe: ai_prepare weighs 3 at the searched position. Only when
**      dying there is worth more does the search count 1 and value each
**      leaf at least at 3's death (else a death in the search would be
**      valued by the retake of 1 against a life valued with the risk
**      term's long exposure, and a hero one walk from a drink died); a
**      death in the search, or at a leaf, own moves after the searched
**      position counts the mines' income over those moves less
**      (AI_DEATH_WAIT), so that dying now beats dying later.
** It answers a hero that would otherwise stand still at low life by a
** tavern only spikes lead to, or walled in by spikes. 0: off. */
#ifndef AI_RETAKE_MOVES
#define AI_RETAKE_MOVES 8
#endif
#ifndef AI_RETAKE_SHARE
#define AI_RETAKE_SHARE 0.75
#endif
#ifndef AI_STUCK_W
#define AI_STUCK_W 1.0
#endif
#define AI_DEATH_LIFE 25
#ifndef AI_STUCK_ALWAYS
#define AI_STUCK_ALWAYS 1
#endif
/* 1: step 2 counts a hero that holds a mine and cannot walk alive to a
   drink as stuck, whatever mines it could still take, and the fill-up
   test (ai__fill_up) charges step 2 to a take that leaves the hero below
   the life that reaches a tavern from the mine (ai__dmneed), so that it
   drinks first. Arena board 74001 (every tavern in the middle, 34 steps
   and a spike from the edge mines): the hero took a second edge mine at
   34 life, one short of a tavern, held both at falling life, died for
   them and did it again, while brute_force_it camped in the middle with
   8 mines (3 seats of 4 lost). 0: off. */
#ifndef AI_STUCK_HELD
#define AI_STUCK_HELD 1
#endif
/* A death in the search (step 1) and step 4's floor (a death at a leaf)
   some own moves after the searched position count AI_DEATH_WAIT x the
   income of the mines held over those moves less: the retake pays 0.75
   of a mine's income and holding it 1, so each move a death waited looked
   better by a quarter of the mines' income and the hero put it off (arena
   board 61013: 32 moves standing, from 10 down to 1 life, with 2 mines,
   every tavern beyond spikes, while the probe said die). 0: off. */
#ifndef AI_DEATH_WAIT
#define AI_DEATH_WAIT 1.0
#endif
/* AI_DEATH_WAIT's charge: `mines`' income over the own moves from the
   searched position to `turn`. */
static double ai__wait_charge(int mines, int turn) {
  return AI_DEATH_WAIT * mines * ((turn - ai__root_turn) / RULES_HEROES);
}
#ifndef AI_STUCK_MINES
#define AI_STUCK_MINES 12
#endif
static double ai__stuck_w = AI_STUCK_W; /* step 2's charge at the searched position */

/* Step 2's charge: AI_STUCK_W, times the neutral mines over
   AI_STUCK_MINES when fewer (0: always in full). */
static void ai__stuck_scale(const rules_state *s) {
  int neutral = 0;
  for (int i = 0; i < s->nmines; i++) neutral += s->owner[s->mine_cell[i]] == 0;
  double full = AI_STUCK_MINES;
  ai__stuck_w = full > 0 && neutral < full ? AI_STUCK_W * neutral / full : AI_STUCK_W;
}

/* Step 1: the income of retaking `lost` mines, the first `walk` moves
   away, with `left` own moves to play. */
static double ai__retake(int lost, int walk, int left) {
  double v = 0;
  for (int i = 0; i < lost && walk < (1 << 20); i++) {
    int at = walk + i * AI_RETAKE_MOVES;
    if (at < left) v += AI_RETAKE_SHARE * (left - at);
  }
  return v;
}

static double ai__life_value(int l, int left);
static double ai__risk_at(int life, int mines, int gold, int dtav, int left);

/* Steps 1-3 for hero me in s, whose leaf value so far is v, dtav moves
   from a tavern (the way ai_evaluate's risk term counted). */
static double ai__death(const rules_state *s, int me, double v, int left, int dtav) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n, c = h->x * n + h->y, lost = 0, cheap = ai__death_probe || ai__death_ok; /* 4. */
  if (!cheap && !AI_STUCK_ALWAYS) return v;
  if (cheap && h->respawn_turn >= ai__root_turn) /* 1. died in the search (at the root move or later) */
    for (int i = 0; i < s->nmines; i++)
      lost += ai__root_owner[s->mine_cell[i]] == me && s->owner[s->mine_cell[i]] == 0;
  if (lost) /* the retake, less AI_DEATH_WAIT x the mines' income over the moves the death waited */
    v += ai__retake(lost, ai__downed[c], left) - ai__wait_charge(lost, h->respawn_turn);
  int dm = ai__dmine[c], dl = ai__dmlife[c];
  int can_mine = dm < (1 << 20) && h->life - (AI_WALK_SPIKE_LIFE ? dl : dm) > 25;
  if (AI_STUCK_HELD && h->mines > 0) can_mine = 0; /* a take would only trap it deeper */
  int can_drink = ai__heals(h, c);
  double alive = v - (!can_mine && !can_drink ? ai__stuck_w * left : 0); /* 2. */
  if (!cheap) return alive; /* AI_STUCK_ALWAYS: step 2 alone */
  if (h->life > AI_DEATH_LIFE) return ai__death_probe ? v : alive;
  /* 3. Alive, a hero that can drink is exposed only until it drinks: its
     risk term (AI_RISK_TURNS moves) counts the way to a tavern and
     AI_RISK_DRINKS drinks, so that a walk to a drink and a death compare
     on the same footing */
  if (can_drink && h->mines > 0) {
    int expo = dtav + AI_RISK_DRINKS < left ? dtav + AI_RISK_DRINKS : left;
    alive += ai__risk_at(h->life, h->mines, h->gold, dtav, left) - ai__risk_at(h->life, h->mines, h->gold, dtav, expo);
  }
  int t_die = dm;
  if (h->life <= 10 && ai__dspike[c] < t_die) t_die = ai__dspike[c];
  if (t_die >= (1 << 20) || t_die >= left) return v;
  int sc = h->spawn_x * n + h->spawn_y, l2 = left - t_die;
  double other = -1e9;
  for (int k = 0; k < RULES_HEROES; k++)
    if (k != me - 1 && s->heroes[k].gold + (double)s->heroes[k].mines * ai__left(s, k + 1) > other)
      other = s->heroes[k].gold + (double)s->heroes[k].mines * ai__left(s, k + 1);
  double dead = h->gold - AI_OTHER_W * other + ai__life_value(RULES_MAX_LIFE, l2) - t_die +
                ai__retake(h->mines + lost, ai__downed[sc], l2) - (ai__dgoal[sc] < l2 ? ai__dgoal[sc] : l2);
  if (ai__death_probe) ai__death_ok = dead > alive;
  else dead -= ai__wait_charge(h->mines, s->turn); /* 4.'s floor */
  return dead > alive ? dead : alive;
}

/* Value of life l with `left` own moves to play. */
static double ai__life_value(int l, int left) {
  double v = 0.4 * (l < 40 ? l : 40);
  if (l > 40) v += 0.1 * ((l < 70 ? l : 70) - 40);
  if (l > 70) v += 0.02 * (l - 70);
  return left >= AI_LIFE_TURNS ? v : v * left / AI_LIFE_TURNS;
}

/* ai__dfoe: moves from the nearest other living hero to each cell, spikes
   as AI__SPIKE_STEPS steps (the risk's share, AI_RISK_REACH). */
static void ai__foes(const rules_state *s, int me) {
  for (int c = 0; c < s->n * s->n; c++) ai__dfoe[c] = 1 << 20;
  for (int k = 0; k < RULES_HEROES && AI_RISK_REACH > 0; k++)
    if (k != me - 1 && !s->heroes[k].crashed) ai__dfoe[s->heroes[k].x * s->n + s->heroes[k].y] = 0;
  if (AI_RISK_REACH > 0) ai__relax(s, ai__dfoe, 1, AI__SPIKE_STEPS, NULL);
}

/* The risk's share at cell c (AI_RISK_REACH, AI_RISK_ALONE, AI_RISK_FAR). */
static double ai__risk_share(int c) {
  double reach = AI_RISK_REACH, d = ai__dfoe[c];
  if (reach <= 0) return 1.0;
  if (d >= reach) return AI_RISK_FAR ? AI_RISK_ALONE * reach / d : AI_RISK_ALONE;
  return 1.0 - (1.0 - AI_RISK_ALONE) * d / reach;
}

/* The risk term of ai_evaluate (see there) for a hero at `life` with
   `mines` and `gold`, `dtav` moves from a tavern (1 << 20: none), `left`
   own moves to play; the fill-up term prices a mine with it too. */
static double ai__risk_at(int life, int mines, int gold, int dtav, int left) {
  double f = life <= 25 ? AI_RISK_F1 : life <= 50 ? AI_RISK_F2 : life <= 75 ? AI_RISK_F3 : 0.0;
  int expo = left < AI_RISK_TURNS ? left : AI_RISK_TURNS;
  if (AI_RISK_RETAKE && ai__rheals && ai__spawn_walk < (1 << 20)) {
    int back = ai__spawn_walk + AI_RETAKE_MOVES * (mines - 1) / 2 + AI_RISK_RETAKE_ADD;
    if (back < expo) expo = back;
  }
  int tavern = gold > 0 && dtav < (1 << 20);
  if (ai__terms.risk_tavern && tavern && dtav + AI_RISK_DRINKS < expo) expo = dtav + AI_RISK_DRINKS;
  double far = 1.0;
  if (ai__terms.tavern_steps > 0 && life <= AI_RISK_TAV_LIFE && tavern) far += dtav / ai__terms.tavern_steps;
  return (life <= 25 ? 1.0 : ai__rshare) * f * mines * expo * far;
}

/* 1: the fill-up test and its pull count the way to the tavern the via
   goes through (ai__dvleg), not to the nearest tavern. Lab board 40146,
   seat 3 (seed 40125, game 87): our hero, 7 to 8 mines at 56 to 97 life,
   stood on the spike that gates its corner for most of the last 400
   turns. Its nearest tavern lay behind it, the via's tavern ahead past a
   second spike; the test took the via's second leg as dvia - dtav + 1
   (29 steps instead of 17) and found no drink worth it where it stood,
   then one step ahead found it worth it and charged AI_FILL_W x the 11
   steps back to the nearest tavern. 0: the nearest tavern. */
#ifndef AI_FILL_VIA_TAV
#define AI_FILL_VIA_TAV 1
#endif
/* The moves to drink at the fill-up's tavern from cell c (AI_FILL_VIA_TAV). */
static int ai__fill_tav(int c) {
  if (!AI_FILL_VIA_TAV || ai__dvleg[c] < 0) return ai__dtav[c];
  return ai__dvia[c] - ai__dvleg[c] + 1;
}

/* Fill-up term (AI_FILL_W): 1 when the hero at cell c should drink before
   its next mine, 0 otherwise. */
static int ai__fill_up(const rules_hero *h, int c, int left) {
  int dm = ai__dmine[c], dt = ai__fill_tav(c), dv = ai__dvia[c];
  if (h->mines < 1 || h->gold < 2 || h->life >= AI_FILL_MAX_LIFE || dm >= (1 << 20) || dt >= (1 << 20) ||
      dv >= (1 << 20))
    return 0;
  /* now: take the mine dm moves away, 25 life less (the fight and the way),
     the way to a drink counted from there (AI_FILL_MINE_TAV) */
  int l1 = h->life - dm - 25, dtm = AI_FILL_MINE_TAV ? ai__dmtav[c] : dt;
  double rise = ai__risk_at(l1, h->mines + 1, h->gold, dtm, left) - ai__risk_at(h->life, h->mines, h->gold, dtm, left);
  /* after a drink at full life, the way from the tavern to the mine */
  int dm2 = dv - dt + 1 < 1 ? 1 : dv - dt + 1, l2 = 99 - dm2 - 25; /* dvleg when dt is the via's (ai__fill_tav) */
  if (l1 <= 0) return 0; /* it dies taking it: d_eff's way through a tavern */
  if (AI_FILL_LIFE > 0 && l1 <= AI_FILL_LIFE && l2 > AI_FILL_LIFE) return 1;
  double rise2 = ai__risk_at(l2, h->mines + 1, h->gold, dm2, left - dt) -
                 ai__risk_at(99 - dm2, h->mines, h->gold, dm2, left - dt);
  double now = left - dm - rise, later = left - dt - dm2 - rise2; /* the mine's worth each way */
  if (AI_STUCK_HELD && l1 < ai__dmneed[c]) now -= ai__stuck_w * left; /* stuck after the take */
  if (l2 <= 0 || later <= 0) return 0;
  return now < AI_FILL_MARGIN && later > now;
}

BOT_API double ai_evaluate(const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n;
  double mat[RULES_HEROES];
  for (int k = 0; k < RULES_HEROES; k++)
    mat[k] = s->heroes[k].gold + (double)s->heroes[k].mines * ai__left(s, k + 1);
  double best_other = -1e9;
  for (int k = 0; k < RULES_HEROES; k++)
    if (k != me - 1 && mat[k] > best_other) best_other = mat[k];
  int left = ai__left(s, me);
  double v = mat[me - 1] - AI_OTHER_W * best_other;
  if (rules_finished(s)) return v; /* gold alone decides */
  v += ai__life_value(h->life, left);
  v -= AI_SPIKE_PAID * AI__SPIKE_STEPS * ai__spiked; /* spikes entered in the search */
  v -= AI_HOT_TAKE * ai__hot_taken; /* hot mines taken in the search */
  int c = h->x * n + h->y;
  int dm = ai__dmine[c], dvia = ai__dvia[c], dtav = ai__dtav[c];
  ai__rheals = ai__heals(h, c);
  if (AI_SAFE_WAYS && h->life < ai__dvneed[c] && ai__dvia_safe[c] < (1 << 20)) dvia = ai__dvia_safe[c];
  if (AI_SAFE_WAYS && h->life < ai__dtneed[c] && ai__dtav_safe[c] < (1 << 20)) dtav = ai__dtav_safe[c];
  int fill = AI_FILL_W > 0 && ai__fill_up(h, c, left); /* the fill-up pull (AI_FILL_W) */
  if (dm < (1 << 20)) {
    int d_eff = ai__dgoal[c]; /* finite with dm: the same seeds and ways */
    /* the walk's life: a step's thirst and 10 a spike (dmlife), not the
       steps of dm: contest seed 818 (a spike then 3 steps), the hero left
       its tavern at 73 life for a mine beyond spikes, came at 31, too weak
       to take it, and walked back to drink, a loop of hundreds of turns */
    int dl = AI_WALK_SPIKE_LIFE ? ai__dmlife[c] : dm;
    if (h->life - dl - 25 < AI_SAFE_LIFE) {
      if (h->gold > 0 && dvia < (1 << 20)) {
        int need = (25 + AI_SAFE_LIFE + dl - h->life + 24) / 25;
        if (need < 1) need = 1;
        d_eff = dvia + need;
      } else {
        d_eff = dm + 8;
      }
    }
    /* the fill-up pull on: the next mine comes after a drink, so the walk
       to it goes through a tavern (AI_FILL_VIA) */
    if (AI_FILL_VIA && fill && dvia < (1 << 20) && dvia > d_eff) d_eff = dvia;
    if (d_eff > left) d_eff = left;
    v -= 1.0 * d_eff;
  }
  /* risk: low life puts every owned mine one or two hits from a killer,
     for as long as the hero stays weak: AI_RISK_TURNS own moves, at most
     the moves a death would cost a hero that can drink (AI_RISK_RETAKE),
     or only the walk to a tavern and AI_RISK_DRINKS drinks when it has
     the gold (AI_RISK_TAVERN). Each step toward a tavern then pays while the hero
     is weak and holds mines. Contest seed 503 against {miner, miner,
     hunter}: with 6 mines the hero wandered from 30 down to 1 life, the
     nearest tavern past its horizon, and a miner leaving its own tavern
     killed it for the 6 mines. */
  if (h->mines > 0) v -= ai__risk_at(h->life, h->mines, h->gold, dtav, left);
  /* hot: a mine its retaker will take back is worth AI_HOT_HOLD moves
     (its owner's loss still counts in full: README, the leaf table) */
  for (int i = 0; i < ai__nhot; i++)
    if (s->owner[ai__hot_c[i]] == me) v -= AI_HOT_W * (left > AI_HOT_HOLD ? left - AI_HOT_HOLD : 0);
  /* hunt: close in on a weak hero rich in mines (AI_HUNT_W) */
  if (ai__hunt && ai__prize(s, me, ai__hunt) && ai__dhunt[c] < AI_HUNT_DIST)
    v += AI_HUNT_W * (AI_HUNT_DIST - ai__dhunt[c]);
  /* fill-up: drink before a mine we cannot afford now (AI_FILL_W) */
  if (fill) {
    int d = ai__fill_tav(c) - (AI_FILL_REL && ai__dtav0 < (1 << 20) ? ai__dtav0 : 0);
    if (AI_FILL_NO_GAIN && AI_FILL_REL && !ai__fill0 && d < 0) d = 0;
    v -= AI_FILL_W * d;
  }
  /* threat: a hero that wins a duel with us (as many hits to kill as we
     need, or more), modelled a hunter (AI_THREAT_HUNTERS_ONLY; miners at
     full life do not chase), within AI_THREAT_DIST steps can catch us beyond the
     search's horizon and take every mine; the nearest such hero counts,
     more the closer it stands. Contest seed 404: KillerBot chased our 10
     mines at 30-45 life down a corridor; this makes the hero drink or keep
     away before the chase starts. */
  if (h->mines > 0 && ai__terms.threat_w > 0) {
    int hits_me = ai__hits(h->life), dmin = AI_THREAT_DIST + 1;
    for (int k = 0; k < RULES_HEROES; k++) {
      const rules_hero *o = &s->heroes[k];
      if (k == me - 1 || o->crashed || ai__idle(k + 1) || ai__hits(o->life) < hits_me ||
          (AI_THREAT_HUNTERS_ONLY && ai__model[k + 1] != AI_MODEL_HUNTER))
        continue;
      int dk = ai__manhattan(h, o);
      if (dk < dmin) dmin = dk;
    }
    if (dmin <= AI_THREAT_DIST)
      v -= ai__terms.threat_w * h->mines * (left < AI_THREAT_HORIZON ? left : AI_THREAT_HORIZON) *
           (AI_THREAT_DIST + 1 - dmin) / AI_THREAT_DIST;
  }
  /* trapped: too weak to cross the spikes between us and any tavern. Such
     a hero takes no more mines and can only keep what it has until it is
     robbed (trap_mine_w of its mines' income, AI_TRAP_MINE_W: off by
     default), and loses AI_TRAP_GOLD_W a turn left. */
  if (ai__dneed[c] < (1 << 20) && h->life < ai__dneed[c])
    v -= ai__terms.trap_mine_w * h->mines * left + AI_TRAP_GOLD_W * left;
  /* death is cheap (AI_DEATH): retaking the mines a death of ours left
     neutral, the income a stuck hero forgoes, and dying on purpose */
  if (ai__terms.death) v = ai__death(s, me, v, left, dtav);
  /* standing on an enemy's spawn: its death telefrags us */
  for (int k = 0; k < RULES_HEROES; k++) {
    if (k == me - 1) continue;
    if (s->heroes[k].spawn_x == h->x && s->heroes[k].spawn_y == h->y)
      v -= 3.0 + 0.5 * h->mines * (left < 10 ? left : 10);
  }
  return v;
}

/* Distinct moves of hero id in s; Stay first. */
static int ai__moves(const rules_state *s, int id, int *out) {
  const rules_hero *h = &s->heroes[id - 1];
  int n = s->n, m = 0;
  out[m++] = RULES_STAY;
  if (h->crashed) return m;
  for (int d = 0; d < 4; d++) {
    int x = h->x + rules_dx(d), y = h->y + rules_dy(d);
    if (x < 0 || y < 0 || x >= n || y >= n) continue;
    int c = x * n + y;
    int t = s->terrain[c];
    if (t == RULES_WALL) continue;
    if (t == RULES_TAVERN && h->gold < 1) continue;
    if (t == RULES_MINE && s->owner[c] == id) continue;
    if ((t == RULES_AIR || t == RULES_SPIKES) && rules_hero_at(s, x, y)) continue;
    out[m++] = d;
  }
  return m;
}

/* When our hero, to move in s, entered a spike cell and lived in child
   (the state after its move): the share of AI_SPIKE_PAID x AI__SPIKE_STEPS
   the leaf charges for it, 1 less the life value the spike took
   (AI_SPIKE_NET); else 0. */
static double ai__spike_entry(const rules_state *s, const rules_state *child) {
  const rules_hero *a = &s->heroes[ai__me - 1], *b = &child->heroes[ai__me - 1];
  if (!(AI_SPIKE_PAID > 0 && s->turn % 4 + 1 == ai__me && b->respawn_turn == a->respawn_turn &&
        (a->x != b->x || a->y != b->y) && child->terrain[b->x * child->n + b->y] == RULES_SPIKES))
    return 0;
  if (!AI_SPIKE_NET) return 1;
  double took = ai__life_value(a->life, AI_LIFE_TURNS) - ai__life_value(a->life - AI__SPIKE_LIFE, AI_LIFE_TURNS);
  double share = 1.0 - took / (AI_SPIKE_PAID * AI__SPIKE_STEPS);
  return share > 0 ? share : 0;
}

static double ai__search(const rules_state *s, int depth, double alpha, double beta);

/* 1 when our move from s to child took a hot mine (AI_HOT_TAKE). */
static int ai__hot_take(const rules_state *s, const rules_state *child) {
  if (AI_HOT_TAKE <= 0 || s->turn % 4 + 1 != ai__me) return 0;
  for (int i = 0; i < ai__nhot; i++)
    if (s->owner[ai__hot_c[i]] != ai__me && child->owner[ai__hot_c[i]] == ai__me) return 1;
  return 0;
}

/* The value of `move` of the hero to move in s, searched `depth` plies on
   in (alpha, beta): the step's spike entry and hot take (ours only) count
   in ai__spiked and ai__hot_taken while the child is searched, and both
   are restored after. The one step of the search, its root and the
   explained line. */
static double ai__child(const rules_state *s, int move, int depth, double alpha, double beta) {
  rules_state child;
  memcpy(&child, s, sizeof child);
  rules_move(&child, move);
  double spiked = ai__spiked; /* restored exactly: the entry is a fraction */
  int ht = ai__hot_take(s, &child);
  ai__spiked += ai__spike_entry(s, &child);
  ai__hot_taken += ht;
  double v = ai__search(&child, depth, alpha, beta);
  ai__spiked = spiked;
  ai__hot_taken -= ht;
  return v;
}

/* Hero id's fitted move in s (the lab's predictor when set), its model's
   move when the fit cannot tell; sets ai__abort when a lab predictor, which
   may be slow, ran past the deadline. */
static int ai__fitted_move(const rules_state *s, int id) {
  int mv = ai__pred ? ai__pred(ai__pred_ctx, s, id) : fit_predict(&ai__fit, s, id);
  if (ai__pred && deadline_passed(ai__dl)) ai__abort = 1;
  return mv >= 0 ? mv : ai__model_move(s, id);
}

/* A fitted hero within AI_PRED_NEAR steps of ours (w: pred_soft of
   ai_terms, AI_PRED_SOFT) or a near adversary with a loose fit (w:
   AI_PRED_LOOSE), whose fitted move is mv: its node is worth w of mv's
   value plus the rest of its worst move's (mv among them).
   Fail-soft bounds: the mix is at most the fitted move's value, so that
   move is searched exact above alpha (at or below alpha the mix fails low
   with it); the other moves are searched in the window that keeps the mix
   inside (alpha, beta). */
static double ai__search_soft(const rules_state *s, int id, int depth, double alpha, double beta, double w, int mv) {
  double vf = ai__child(s, mv, depth - 1, alpha, 1e18); /* another hero's moves: no charge */
  if (ai__abort || vf <= alpha) return ai__abort ? 0 : vf;
  if (w > 0.99) w = 0.99;
  double a2 = (alpha - w * vf) / (1 - w), b2 = (beta - w * vf) / (1 - w), m = vf; /* the worst move's window */
  if (b2 > vf) b2 = vf;
  int moves[5];
  int nm = ai__moves(s, id, moves);
  for (int i = 0; i < nm && a2 < b2; i++) {
    if (moves[i] == mv) continue;
    double v = ai__child(s, moves[i], depth - 1, a2, b2);
    if (ai__abort) return 0;
    if (v < m) m = v;
    if (m < b2) b2 = m;
  }
  return w * vf + (1 - w) * m;
}

/* How the search plays hero id's node in s at `depth` plies left:
   AI__NODE_ONE, the one move *mv (a fitted hero away from ours, a far
   hero's or a sure miner's model); AI__NODE_SOFT, *w of *mv's value and
   the rest of the worst move's (a fitted hero beside ours, a loose fit:
   ai__search_soft); AI__NODE_ALL, every move, ours at its best, another's
   at its worst. A slow lab predictor may set ai__abort. */
enum { AI__NODE_ALL, AI__NODE_ONE, AI__NODE_SOFT };
static int ai__node(const rules_state *s, int depth, int id, int *mv, double *w) {
  int fitted = id != ai__me && ai__root_depth - depth < ai__pred_plies[id];
  int reach = fitted && !(AI_IDLE_NEAR && ai__idle(id)) && !ai__calm(s, id) &&
              ai__manhattan(&s->heroes[id - 1], &s->heroes[ai__me - 1]) <= AI_PRED_NEAR;
  if (fitted && !reach) {
    *mv = ai__fitted_move(s, id);
    return AI__NODE_ONE;
  }
  if (reach && ai__terms.pred_soft > 0) {
    *mv = ai__fitted_move(s, id);
    *w = ai__terms.pred_soft;
    return AI__NODE_SOFT;
  }
  if (ai__pred_loose[id] && ai__near[id] == AI__ADV_WORST && ai__root_depth - depth < AI_PRED_PLIES) {
    *mv = fit_predict_loose(&ai__fit, s, id);
    *w = AI_PRED_LOOSE;
    if (*mv >= 0) return AI__NODE_SOFT;
  }
  if (id != ai__me && !reach && ai__near[id] != AI__ADV_WORST) {
    *mv = ai__near[id] == AI__ADV_MODEL || AI_FAR_MODELS ? ai__model_move(s, id) : RULES_STAY;
    return AI__NODE_ONE;
  }
  return AI__NODE_ALL;
}

static double ai__search(const rules_state *s, int depth, double alpha, double beta) {
  if (ai__abort) return 0;
  if ((++ai__nodes & 255) == 0 && (deadline_passed(ai__dl) || (ai__node_limit > 0 && ai__nodes >= ai__node_limit))) {
    ai__abort = 1;
    return 0;
  }
  if (depth <= 0 || rules_finished(s)) return ai_evaluate(s, ai__me);
  int id = s->turn % 4 + 1, mv = RULES_STAY;
  double w = 0;
  int kind = ai__node(s, depth, id, &mv, &w);
  if (ai__abort) return 0;
  if (kind == AI__NODE_SOFT) return ai__search_soft(s, id, depth, alpha, beta, w, mv);
  if (kind == AI__NODE_ONE) return ai__child(s, mv, depth - 1, alpha, beta); /* another's move: no charge */
  int moves[5];
  int nm = ai__moves(s, id, moves);
  int maxing = id == ai__me;
  double best = maxing ? -1e18 : 1e18;
  for (int i = 0; i < nm; i++) {
    double v = ai__child(s, moves[i], depth - 1, alpha, beta);
    if (ai__abort) return 0;
    if (maxing) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}

BOT_API void ai_set_predictor(ai_predictor fn, void *ctx) {
  ai__pred = fn;
  ai__pred_ctx = ctx;
}

BOT_API void ai_set_fit(int on) { ai__fit_on = on != 0; }

BOT_API const fit *ai_fit(void) { return &ai__fit; }

BOT_API void ai_set_node_limit(long nodes) { ai__node_limit = nodes > 0 ? nodes : 0; }

/* ---- Budget (the caller's deadline) ----
** The server times a move from sending the state to reading the answer
** (1000 ms). Our search stops on its wall-clock deadline, counted from when
** the state was read, and everything else we do costs under 2 ms of CPU
** (JSON, maps, ordering). What is left is scheduling: on a machine where
** we get only a share of a core (niced below other jobs), each wake-up and
** each step outside the search waits its turn, so the time we cannot
** measure (the server's send until we read, our post until it reads) grows
** as the share falls. Two measured inputs shrink the budget: the CPU share
** of our last searches (CPU time / wall time; below AI_BUDGET_SHARE_FULL
** the budget scales with it, to AI_BUDGET_MIN_FRAC), and how late our moves
** came out (wall time from reading the state to the answer, past the
** budget): AI_BUDGET_LATE_MULT times that lateness (the two unmeasured
** waits, plus as much again) must fit under AI_BUDGET_SAFE_MS with the
** budget. The result is at least AI_BUDGET_MIN_MS. */
#define AI_BUDGET_SHARE_FULL 0.1
#define AI_BUDGET_MIN_FRAC 0.25
#define AI_BUDGET_SAFE_MS 800.0
#define AI_BUDGET_LATE_MULT 3.0
#define AI_BUDGET_MIN_MS 20.0

BOT_API double ai_budget_ms(double think_ms, double share, double late_ms) {
  double f = share / AI_BUDGET_SHARE_FULL;
  if (f > 1) f = 1;
  if (f < AI_BUDGET_MIN_FRAC) f = AI_BUDGET_MIN_FRAC;
  double b = think_ms * f, cap = AI_BUDGET_SAFE_MS - AI_BUDGET_LATE_MULT * (late_ms > 0 ? late_ms : 0);
  if (b > cap) b = cap;
  return b < AI_BUDGET_MIN_MS ? AI_BUDGET_MIN_MS : b;
}

/* Cells within AI_NEAR + 1 path steps of hero me (heroes ignored):
   bfs[c] = steps from our cell, -1 beyond. */
static void ai__near_steps(const rules_state *s, int me, int *bfs) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n;
  int16_t queue[RULES_CELLS];
  for (int c = 0; c < n * n; c++) bfs[c] = -1;
  int head = 0, tail = 0;
  bfs[h->x * n + h->y] = 0;
  queue[tail++] = (int16_t)(h->x * n + h->y);
  while (head < tail) {
    int c = queue[head++];
    if (bfs[c] >= AI_NEAR + 1) continue;
    for (int k = 0; k < 4; k++) {
      int nc = ai__next(n, c, k);
      if (nc < 0 || bfs[nc] >= 0 || !ai__open(s, nc)) continue;
      bfs[nc] = bfs[c] + 1;
      queue[tail++] = (int16_t)nc;
    }
  }
}

/* Heroes within AI_NEAR path steps into cand, nearest first: rank 4 x
   path steps, less AI_ADV_THREAT_STEPS for a hero that wins a duel with us
   and again for one modelled a hunter (a stronger hero or a hunter beside
   us must be among the two searched). Returns how many. */
static int ai__candidates(const rules_state *s, int me, int *cand) {
  static int bfs[RULES_CELLS];
  int cd[4], nc = 0, n = s->n;
  int hits_me = ai__hits(s->heroes[me - 1].life);
  ai__near_steps(s, me, bfs);
  for (int k = 1; k <= 4; k++) {
    if (k == me || s->heroes[k - 1].crashed || ai__idle(k) || ai__calm(s, k)) continue;
    int dd = bfs[s->heroes[k - 1].x * n + s->heroes[k - 1].y];
    if (dd < 0 || dd > AI_NEAR) continue;
    int rank = 4 * dd;
    if (ai__hits(s->heroes[k - 1].life) >= hits_me) rank -= AI_ADV_THREAT_STEPS;
    if (ai__model[k] == AI_MODEL_HUNTER) rank -= AI_ADV_THREAT_STEPS;
    cand[nc] = k;
    cd[nc++] = rank;
  }
  for (int i = 0; i < nc; i++)
    for (int j = i + 1; j < nc; j++)
      if (cd[j] < cd[i]) {
        int t = cd[i]; cd[i] = cd[j]; cd[j] = t;
        t = cand[i]; cand[i] = cand[j]; cand[j] = t;
      }
  return nc;
}

/* Step 1: each opponent's model from what it did since our last move, and
   its fitted parameters on the round just played (AI_FIT). */
static void ai__observe_all(const rules_state *s, int me) {
  ai__observe(s, me);
  if (ai__fit_on) {
    fit_observe(&ai__fit, s, me);
    fit_prepare(&ai__fit, s);
  }
}

/* Step 3: the heroes the search plays: ai__pred_plies for those whose fit
   (or the lab's predictor) foretells their moves; ai__near for the (at
   most 2) nearest candidates, a sure miner playing its model's move
   (AI_ADV_MODEL_MINERS), the others their worst move for us. */
static void ai__adversaries(const rules_state *s, int me, ai_stats *st) {
  int cand[4];
  int nc = ai__candidates(s, me, cand);
  memset(ai__near, 0, sizeof ai__near);
  for (int k = 1; k <= RULES_HEROES; k++) {
    ai__pred_plies[k] = 0;
    ai__pred_loose[k] = k != me && !ai__pred && ai__fit_on && AI_PRED_LOOSE > 0 && !fit_trusted(&ai__fit, k) &&
                        fit_loose(&ai__fit, k);
    if (k == me || (ai__pred ? ai__pred(ai__pred_ctx, s, k) < 0 : !ai__fit_on || !fit_trusted(&ai__fit, k))) continue;
    ai__pred_plies[k] = AI_PRED_PLIES;
    st->fit_mask |= 1 << k;
  }
  for (int i = 0; i < nc && i < 2; i++) {
    int k = cand[i];
    const double *ev = ai__hist.ev[k - 1];
    if (ai__terms.model_miners && ai__model[k] == AI_MODEL_MINER && ev[AI_MODEL_MINER] >= AI_MODEL_MIN &&
        ev[AI_MODEL_HUNTER] < AI_ADV_MODEL_HUNT_EV) {
      ai__near[k] = AI__ADV_MODEL;
      if (!AI_FAR_MODELS) ai__distmap(s, ai__dmk[k], 1, k, AI__SPIKE_STEPS);
      st->model_mask |= 1 << k;
    } else {
      ai__near[k] = AI__ADV_WORST;
    }
    st->adv_mask |= 1 << k;
  }
  st->near = nc < 2 ? nc : 2;
}

/* Step 4: vals[i] = the one-ply value of moves[i] for hero me. */
static void ai__order(const rules_state *s, int me, const int *moves, int nm, double *vals) {
  rules_state child;
  for (int i = 0; i < nm; i++) {
    memcpy(&child, s, sizeof child);
    rules_move(&child, moves[i]);
    ai__spiked = ai__spike_entry(s, &child);
    ai__hot_taken = ai__hot_take(s, &child);
    vals[i] = ai_evaluate(&child, me);
    ai__spiked = ai__hot_taken = 0;
  }
}

/* Sorts moves by vals, best first (a stable exchange sort). */
static void ai__sort_moves(int *moves, double *vals, int nm) {
  for (int i = 0; i < nm; i++)
    for (int j = i + 1; j < nm; j++)
      if (vals[j] > vals[i]) {
        double tv = vals[i]; vals[i] = vals[j]; vals[j] = tv;
        int tm = moves[i]; moves[i] = moves[j]; moves[j] = tm;
      }
}

/* The move of the best value (the first of equals); *best_val its value. */
static int ai__best(const int *moves, const double *vals, int nm, double *best_val) {
  int best_move = moves[0];
  *best_val = -1e18;
  for (int i = 0; i < nm; i++)
    if (vals[i] > *best_val) {
      *best_val = vals[i];
      best_move = moves[i];
    }
  return best_move;
}

/* ---- Explain (ai_set_explain) ----
** When the caller lends a buffer, ai_choose writes why it chose: the
** heroes the search plays and how, each finished depth's root values, and
** the line its last depth saw after the chosen move. Off (NULL), it costs
** one test per iteration. */
static char *ai__xbuf;
static size_t ai__xcap, ai__xlen;

BOT_API void ai_set_explain(char *buf, size_t cap) {
  ai__xbuf = buf && cap > 0 ? buf : NULL;
  ai__xcap = ai__xbuf ? cap : 0;
  ai__xlen = 0;
  if (ai__xbuf) ai__xbuf[0] = 0;
}

/* Appends to the explain buffer (printf-like; cut at its end). */
static void ai__say(const char *fmt, ...) {
  if (!ai__xbuf || ai__xlen + 1 >= ai__xcap) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(ai__xbuf + ai__xlen, ai__xcap - ai__xlen, fmt, ap);
  va_end(ap);
  if (k > 0) ai__xlen += (size_t)k;
  if (ai__xlen >= ai__xcap) ai__xlen = ai__xcap - 1;
}

/* Explain: the moves of one finished iteration, best first. */
static void ai__say_depth(int depth, const int *moves, const double *vals, int nm) {
  int m[5];
  double v[5];
  memcpy(m, moves, sizeof m[0] * (size_t)nm);
  memcpy(v, vals, sizeof v[0] * (size_t)nm);
  ai__sort_moves(m, v, nm);
  ai__say("depth %d:", depth);
  for (int i = 0; i < nm; i++) ai__say(" %s %.1f", rules_dir_name(m[i]), v[i]);
  ai__say("\n");
}

/* One iteration at `depth` plies: vals[i] = the search's value of
   moves[i] (full window for the first move, then a null-ish window above
   alpha). 0 when the deadline or the node budget cut it short (vals
   untouched). */
static int ai__iteration(const rules_state *s, const int *moves, int nm, int depth, double *vals) {
  double iter_vals[5], alpha = -1e18;
  ai__root_depth = depth;
  for (int i = 0; i < nm; i++) {
    double v = ai__child(s, moves[i], depth - 1, i == 0 ? -1e18 : alpha - 1e-9, 1e18); /* from 0 charges */
    if (ai__abort) return 0;
    iter_vals[i] = v;
    if (v > alpha) alpha = v;
  }
  for (int i = 0; i < nm; i++) vals[i] = iter_vals[i];
  return 1;
}

/* Step 5: iterative deepening by whole rounds from the one-ply order in
   vals; stops at AI_MAX_DEPTH, the game's end, the deadline, or
   AI_FAR_DEPTH when no hero plays its worst move (deeper only for fights).
   Returns the last finished iteration's best move (st->depth its depth,
   0: none finished). */
static int ai__deepen(const rules_state *s, int *moves, int nm, double *vals, ai_stats *st, double *best_val) {
  int best_move = moves[0];
  *best_val = -1e18;
  for (int depth = 4; depth <= AI_MAX_DEPTH; depth += 4) {
    ai__sort_moves(moves, vals, nm);
    if (!ai__iteration(s, moves, nm, depth, vals)) break;
    best_move = ai__best(moves, vals, nm, best_val);
    if (ai__xbuf) ai__say_depth(depth, moves, vals, nm);
    st->depth = depth;
    if (s->turn + depth >= s->max_turns) break;
    int worst = 0;
    for (int k = 1; k <= RULES_HEROES; k++) worst += ai__near[k] == AI__ADV_WORST;
    if (!worst && depth >= AI_FAR_DEPTH) break;
  }
  return best_move;
}

/* Step 7: remember a step into a mine not ours (hot mines, AI_HOT_W) and
   tell the fit our move. */
static void ai__moved(const rules_state *s, int me, int move) {
  const rules_hero *h = &s->heroes[me - 1];
  int n = s->n;
  if (move != RULES_STAY) {
    int x = h->x + rules_dx(move), y = h->y + rules_dy(move);
    if (x >= 0 && y >= 0 && x < n && y < n && s->terrain[x * n + y] == RULES_MINE && s->owner[x * n + y] != me)
      ai__hist.took_at[x * n + y] = s->turn + 1;
  }
  fit_moved(&ai__fit, move);
}

/* Explain: at an enumerated node (or a soft one) of hero id with d plies
   left, each move's value searched again in a full window (the node
   budget anew for each, the caller's deadline); returns the move the line
   goes on with: ours at its best, another's at its worst, a soft node's
   fitted move fmv. ai__spiked and ai__hot_taken hold the line's charges. */
static int ai__explain_node(const rules_state *s, int d, int id, int kind, int fmv) {
  int moves[5], nm = ai__moves(s, id, moves), best = moves[0], maxing = id == ai__me;
  double bv = maxing ? -1e18 : 1e18;
  ai__say("    hero %d, %s:", id, maxing ? "its best" : kind == AI__NODE_SOFT ? "fitted and worst" : "its worst");
  for (int i = 0; i < nm && !ai__abort; i++) {
    ai__nodes = 0;
    double v = ai__child(s, moves[i], d - 1, -1e18, 1e18);
    if (ai__abort) break;
    ai__say(" %s %.1f", rules_dir_name(moves[i]), v);
    if (maxing ? v > bv : v < bv) {
      bv = v;
      best = moves[i];
    }
  }
  ai__say("\n");
  return kind == AI__NODE_SOFT ? fmv : best;
}

/* Explain: the line the search's last iteration (depth plies) saw after
   our move `first`, ply by ply, each with the leaf value of the position it
   leaves. Stops where the node budget or the deadline runs out. */
static void ai__explain_line(const rules_state *s, int first, int depth) {
  static rules_state cur, child;
  static const char *const how[3] = {"", " (its model or fit)", " (fitted)"};
  memcpy(&cur, s, sizeof cur);
  ai__root_depth = depth;
  ai__abort = 0;
  ai__say("line after %s:\n", rules_dir_name(first));
  for (int d = depth, mv = first; d > 0 && !rules_finished(&cur); d--) {
    int id = cur.turn % 4 + 1, kind = AI__NODE_ONE;
    double w = 0;
    if (d < depth) kind = ai__node(&cur, d, id, &mv, &w);
    if (kind != AI__NODE_ONE && !ai__abort) mv = ai__explain_node(&cur, d, id, kind, mv);
    if (ai__abort) {
      ai__say("  (stopped: node budget or deadline)\n");
      break;
    }
    memcpy(&child, &cur, sizeof child);
    rules_move(&child, mv);
    ai__spiked += ai__spike_entry(&cur, &child); /* the line's charges, as the search counts them */
    ai__hot_taken += ai__hot_take(&cur, &child);
    const rules_hero *h = &child.heroes[id - 1];
    ai__say("  ply %d hero %d %s%s: at %d,%d life %d mines %d gold %d; value %.1f\n", depth - d + 1, id,
            rules_dir_name(mv), d < depth ? how[kind] : "", h->x, h->y, h->life, h->mines, h->gold,
            ai_evaluate(&child, ai__me));
    memcpy(&cur, &child, sizeof cur);
  }
  ai__spiked = 0;
  ai__hot_taken = 0;
}

/* Explain: who the search plays at the root, and how. */
static void ai__say_root(const rules_state *s, int me) {
  const rules_hero *h = &s->heroes[me - 1];
  ai__say("turn %d hero %d at %d,%d life %d mines %d gold %d\n", s->turn, me, h->x, h->y, h->life, h->mines, h->gold);
  for (int k = 1; k <= RULES_HEROES; k++) {
    if (k == me) continue;
    const rules_hero *o = &s->heroes[k - 1];
    ai__say("  hero %d at %d,%d life %d mines %d: %s%s\n", k, o->x, o->y, o->life, o->mines,
            ai__near[k] == AI__ADV_WORST ? "adversary (worst move)"
            : ai__near[k] == AI__ADV_MODEL ? "adversary (model move)"
                                           : "far (model move)",
            ai__pred_plies[k] ? ", fitted in the first plies" : "");
  }
}

BOT_API int ai_choose(const rules_state *s, int me, const deadline_t *d, ai_stats *st) {
  ai_stats local;
  if (!st) st = &local;
  memset(st, 0, sizeof *st);
  if (me < 1 || me > 4 || s->turn < 0 || s->turn % 4 + 1 != me || rules_finished(s)) return RULES_STAY;
  ai__observe_all(s, me); /* 1. opponent models and fit */
  ai_prepare(s, me);      /* 2. distance maps */
  ai__dl = d;
  ai__abort = 0;
  ai__nodes = 0;
  ai__adversaries(s, me, st); /* 3. who the search plays, and how */
  if (ai__xbuf) {
    ai__xlen = 0;
    ai__xbuf[0] = 0;
    ai__say_root(s, me);
  }
  int moves[5];
  double vals[5], best_val;
  int nm = ai__moves(s, me, moves);
  ai__order(s, me, moves, nm, vals);                               /* 4. one-ply order */
  int best_move = ai__deepen(s, moves, nm, vals, st, &best_val);  /* 5. deepen */
  if (st->depth == 0) best_move = ai__best(moves, vals, nm, &best_val); /* 6. none finished */
  ai__moved(s, me, best_move); /* 7. */
  st->nodes = ai__nodes;
  st->ms = deadline_elapsed_ms(d);
  st->score = best_val;
  if (ai__xbuf && st->depth > 0) ai__explain_line(s, best_move, st->depth); /* after the stats: its own nodes */
  return best_move;
}

#undef AI__SPIKE_STEPS
#undef AI__SPIKE_LIFE
#undef AI_WALK_SPIKE_LIFE
#undef AI_SPIKE_PAID
#undef AI_TRAP_THIRST
#undef AI_SAFE_WAYS
#undef AI_IDLE_FREE_WAY
#undef AI_FAR_DEPTH
#undef AI_FIT
#undef AI_PRED_PLIES
#undef AI_PRED_NEAR
#undef AI_PRED_SOFT
#undef AI_PRED_LOOSE
#undef AI_IDLE_NEAR
#undef AI_GUARD_OBS
#undef AI_GUARD_DIST
#undef AI_FAR_MODELS
#undef AI_IDLE_MOVES
#undef AI_IDLE_STAYS
#undef AI_LIFE_TURNS
#undef AI_TRAP_MINE_W
#undef AI_TRAP_GOLD_W
#undef AI_OTHER_W
#undef AI_ADV_THREAT_STEPS
#undef AI_HOT_HOLD
#undef AI_HOT_DIST
#undef AI_HOT_MIN
#undef AI_HOT_DECAY
#undef AI_HOT_WINDOW
#undef AI_HOT_W
#undef AI_THREAT_DIST
#undef AI_THREAT_W
#undef AI_THREAT_HORIZON
#undef AI_RISK_TURNS
#undef AI_RISK_F1
#undef AI_RISK_F2
#undef AI_RISK_F3
#undef AI_SAFE_LIFE
#undef AI_RISK_TAV_STEPS
#undef AI_RISK_TAV_LIFE
#undef AI_RISK_REACH
#undef AI_RISK_ALONE
#undef AI_RISK_RETAKE
#undef AI_RISK_RETAKE_ADD
#undef AI_RISK_DRINKS
#undef AI_STUCK_ALWAYS
#undef AI_STUCK_MINES
#undef AI_RISK_TAVERN
#undef AI_FILL_W
#undef AI_HUNT_W
#undef AI_HUNT_MINES
#undef AI_HUNT_MORE
#undef AI_HUNT_LIFE
#undef AI_HUNT_DIST
#undef AI_FILL_MAX_LIFE
#undef AI_FILL_MARGIN
#undef AI_FILL_MINE_TAV
#undef AI_FILL_LIFE
#undef AI_FILL_REL
#undef AI_FILL_NO_GAIN
#undef AI_FILL_VIA
#undef AI_THREAT_HUNTERS_ONLY
#undef AI_BUDGET_SHARE_FULL
#undef AI_BUDGET_MIN_FRAC
#undef AI_BUDGET_SAFE_MS
#undef AI_BUDGET_LATE_MULT
#undef AI_BUDGET_MIN_MS
