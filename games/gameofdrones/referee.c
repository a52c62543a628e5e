/*
** referee.c -- build/gameofdrones-referee: plays GameOfDrones matches with
** the exact engine rules (rules.c) and prints the README's JSON line.
**
**   gameofdrones-referee match [--rounds R] [--turns T] [--log]
**                              [judge options] -- BOT0 BOT1
**
** R defaults to 1000 (the event's match length), T to 10. A BOT is
**   dist | build/gameofdrones | ./build/gameofdrones
**            our strategy (strategy.c) linked natively, seeded 2*S+1+seat
**   eq       our equilibrium alone (a plan sampled every round)
**   a sparring name (spar.h): rush zerg turtle grow timing2..9 random copy
**            earlier defender bye
**   anything else: a shell command speaking the line protocol below.
** Line protocol (referee -> bot, one line each; the bot answers `turn`):
**   match R | round T BONUS | turn P S  ->  "NP NS A" (A = 1 attacks)
**   end OUTCOME TAU YOUP YOUS YOUA THEMP THEMS THEMA | quit
** A command that dies, answers garbage or takes over 5 s (--limit-ms) loses
** the match (errors[i] = "crash" / "invalid" / "timeout"); its stderr is
** ours. Options, command bots, timing, think times (in-process players:
** wall time of a move) and the JSON line are modules/judge's; scores are
** round wins, turns the rounds played, "draws" is added. The seed defaults
** to 1. --log adds one stderr line per round. --trace FILE writes, for
** view.py: GAMEOFDRONES_TRACE 1, BOT 0 CMD0, BOT 1 CMD1, then per turn
**   T round turn P0 S0 P1 S1 np0 ns0 att0 np1 ns1 att1 ms0 ms1
**   (P,S: the counts each bot was told; np,ns,att: its answer; ms: think),
** per round R round outcome turns P0 S0 att0 P1 S1 att1 (after it), and
** END error0 error1 ("-" for none).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "judge.h"
#include "rules.h"
#include "spar.h"
#include "strategy.h"

enum { REF_NATIVE, REF_EQ, REF_SPAR, REF_CMD };

typedef struct ref_player {
  int type;
  spar_t spar;
} ref_player;

static strategy_t ref_bots[2];
static ref_player ref_pl[2];
static judge_t ref_j; /* command bots, errors, think times (modules/judge) */

static double ref_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int ref_is_dist(const char *s) {
  size_t n = strlen(s);
  if (!strcmp(s, "dist")) return 1;
  return n >= 18 && !strcmp(s + n - 18, "build/gameofdrones");
}

static void ref_send(int seat, const char *line) {
  if (ref_pl[seat].type == REF_CMD) judge_send(&ref_j, seat, line, strlen(line));
}

static rules_action ref_action(ref_player *p, int seat, double P, double S) {
  double t0 = ref_now_ms();
  rules_action a = rules_act(P, 0, 0);
  if (p->type == REF_NATIVE || p->type == REF_EQ) {
    int att;
    strategy_turn(&ref_bots[seat], P, S, &a.np, &a.ns, &att);
    a.flag = att ? RULES_FLAG_TRUE : RULES_FLAG_FALSE;
  } else if (p->type == REF_SPAR) {
    a = spar_turn(&p->spar, P, S);
  } else {
    char line[256];
    int n = snprintf(line, sizeof line, "turn %.17g %.17g\n", P, S);
    if (judge_ask(&ref_j, seat, line, (size_t)n, line, sizeof line) == JUDGE_OK) {
      double np, ns;
      int att;
      char extra;
      if (sscanf(line, "%lf %lf %d %c", &np, &ns, &att, &extra) != 3)
        judge_fail(&ref_j, seat, JUDGE_INVALID, "round %d: '%.60s' is not \"NP NS A\"", ref_j.turn, line);
      else a = rules_act(np, ns, att == 1);
    }
    return a; /* judge_ask counted the think time */
  }
  judge_think(&ref_j, seat, ref_now_ms() - t0);
  return a;
}

static int ref_usage(void) {
  fprintf(stderr, "usage: gameofdrones-referee match [--rounds R] [--turns T] [--log] [judge options] -- BOT0 BOT1\n"
                  "BOT: dist | eq | %s | a command (line protocol, see referee.c)\n", spar_names());
  return 2;
}

typedef struct ref_opts {
  long rounds, turns;
  int log;
} ref_opts;

static int ref_opt(judge_t *j, void *ctx, const char *name, const char *value) {
  ref_opts *o = ctx;
  (void)j;
  if (!strcmp(name, "--log")) o->log = 1;
  else if (!strcmp(name, "--rounds") && value) o->rounds = atol(value);
  else if (!strcmp(name, "--turns") && value) o->turns = atol(value);
  else return JUDGE_OPT_BAD;
  return name[2] == 'l' ? JUDGE_OPT_FLAG : JUDGE_OPT_VALUE;
}

int main(int argc, char **argv) {
  ref_opts o = {1000, 10, 0};
  judge_init(&ref_j, "gameofdrones", 5000, 5000);
  ref_j.seed = 1;
  ref_j.keep_stderr = 1;
  ref_j.usage = "[--rounds R] [--turns T] [--log]";
  ref_j.trace_ok = 1;
  if (argc < 2 || strcmp(argv[1], "match")) return ref_usage();
  if (judge_parse(&ref_j, argc - 2, argv + 2, 2, 2, ref_opt, &o)) return 2;
  long rounds = o.rounds, turns = o.turns;
  if (rounds < 1 || rounds > 10000000 || turns < 1 || turns > 100000) return ref_usage();
  uint64_t seed = (uint64_t)ref_j.seed;
  FILE *tf = ref_j.trace;
  if (tf) fprintf(tf, "GAMEOFDRONES_TRACE 1\nBOT 0 %s\nBOT 1 %s\n", ref_j.cmd[0], ref_j.cmd[1]);
  for (int s = 0; s < 2; s++) {
    ref_player *p = &ref_pl[s];
    const char *b = ref_j.cmd[s];
    memset(p, 0, sizeof *p);
    uint32_t bseed = (uint32_t)(seed * 2 + 1 + s);
    if (ref_is_dist(b) || !strcmp(b, "eq")) {
      p->type = ref_is_dist(b) ? REF_NATIVE : REF_EQ;
      strategy_init(&ref_bots[s], bseed);
      strategy_match_start(&ref_bots[s], (double)rounds, (double)bseed);
    } else if (spar_init(&p->spar, b, seed * 2 + 1 + s) == 0) {
      p->type = REF_SPAR;
    } else {
      p->type = REF_CMD;
      if (judge_spawn_captured(&ref_j, s) < 0) return 1;
      char line[64];
      snprintf(line, sizeof line, "match %ld\n", rounds);
      ref_send(s, line);
    }
  }
  rules_match m;
  rules_match_start(&m, (int)rounds);
  for (long r = 0; r < rounds && !ref_j.error[0] && !ref_j.error[1]; r++) {
    ref_j.turn = (int)r + 1;
    rules_round rd;
    rules_round_start(&rd, (int)turns);
    for (int s = 0; s < 2; s++) {
      ref_player *p = &ref_pl[s];
      if (p->type == REF_NATIVE || p->type == REF_EQ) strategy_round_start(&ref_bots[s], (double)turns, 1);
      if (p->type == REF_EQ) ref_bots[s].nhist = 0; /* no model: always the equilibrium */
      if (p->type == REF_SPAR) spar_round_start(&p->spar, (int)turns);
      if (p->type == REF_CMD) {
        char line[64];
        snprintf(line, sizeof line, "round %ld 1\n", turns);
        ref_send(s, line);
      }
    }
    while (!rd.over) {
      rules_round was = rd;
      double t0 = ref_j.think_sum[0], t1 = ref_j.think_sum[1];
      rules_action a0 = ref_action(&ref_pl[0], 0, rd.side[0].producers, rd.side[0].soldiers);
      rules_action a1 = ref_action(&ref_pl[1], 1, rd.side[1].producers, rd.side[1].soldiers);
      rules_round_step(&rd, &a0, &a1);
      if (tf)
        fprintf(tf, "T %ld %d %g %g %g %g %g %g %d %g %g %d %.3f %.3f\n", r + 1, rd.turn, was.side[0].producers,
                was.side[0].soldiers, was.side[1].producers, was.side[1].soldiers, a0.np, a0.ns,
                a0.flag == RULES_FLAG_TRUE, a1.np, a1.ns, a1.flag == RULES_FLAG_TRUE, ref_j.think_sum[0] - t0,
                ref_j.think_sum[1] - t1);
    }
    if (tf)
      fprintf(tf, "R %ld %d %d %g %g %d %g %g %d\n", r + 1, rd.outcome, rd.turn, rd.side[0].producers,
              rd.side[0].soldiers, rd.flag[0] == RULES_FLAG_TRUE, rd.side[1].producers, rd.side[1].soldiers,
              rd.flag[1] == RULES_FLAG_TRUE);
    judge_trace_stderr(&ref_j); /* the round's stderr: FILE.stderr (modules/judge.h) */
    rules_match_add(&m, rd.outcome);
    for (int s = 0; s < 2; s++) {
      ref_player *p = &ref_pl[s];
      int out = s == 0 ? rd.outcome : -rd.outcome;
      const rules_side *you = &rd.side[s], *them = &rd.side[1 - s];
      int ya = rd.flag[s] == RULES_FLAG_TRUE, ta = rd.flag[1 - s] == RULES_FLAG_TRUE;
      if (p->type == REF_NATIVE || p->type == REF_EQ)
        strategy_round_end(&ref_bots[s], out, rd.turn, you->producers, you->soldiers, ya, them->producers,
                           them->soldiers, ta);
      if (p->type == REF_SPAR) spar_round_end(&p->spar, out, rd.turn, ya, ta);
      if (p->type == REF_CMD) {
        char line[256];
        snprintf(line, sizeof line, "end %d %d %.17g %.17g %d %.17g %.17g %d\n", out, rd.turn, you->producers,
                 you->soldiers, ya, them->producers, them->soldiers, ta);
        ref_send(s, line);
      }
    }
    if (o.log)
      fprintf(stderr, "round %ld: outcome %d turn %d p0 {P%g S%g%s} p1 {P%g S%g%s}\n", r + 1, rd.outcome, rd.turn,
              rd.side[0].producers, rd.side[0].soldiers, rd.flag[0] == RULES_FLAG_TRUE ? " att" : "",
              rd.side[1].producers, rd.side[1].soldiers, rd.flag[1] == RULES_FLAG_TRUE ? " att" : "");
  }
  for (int s = 0; s < 2; s++) ref_send(s, "quit\n");
  if (tf)
    fprintf(tf, "END %s %s\n", ref_j.error[0] ? judge_error_name(ref_j.error[0]) : "-",
            ref_j.error[1] ? judge_error_name(ref_j.error[1]) : "-");
  judge_trace_close(&ref_j);
  judge_stop_all(&ref_j, 0); /* closes the trace */
  int ranks[2] = {0, 0};
  if (ref_j.error[0] && !ref_j.error[1]) ranks[0] = 1;
  else if (ref_j.error[1] && !ref_j.error[0]) ranks[1] = 1;
  else if (!ref_j.error[0]) {
    int res = rules_match_result(&m);
    if (res > 0) ranks[1] = 1;
    if (res < 0) ranks[0] = 1;
  }
  char extra[32];
  snprintf(extra, sizeof extra, "\"draws\":%d", m.draws);
  judge_result(&ref_j, ranks, m.wins, m.played, extra);
  return 0;
}
