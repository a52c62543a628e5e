/*
** referee.c -- build/gameofdrones-referee: plays GameOfDrones matches with
** the exact engine rules (rules.c) and prints the README's JSON line.
**
**   gameofdrones-referee match [--rounds R] [--turns T] [--seed S]
**                              [--log] [--trace FILE] -- BOT0 BOT1
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
** A command that dies, answers garbage or takes over 5 s loses the match
** (errors[i] = "crash" / "invalid" / "timeout").
** Output: {"game":"gameofdrones","seed":S,"ranks":[..],"scores":[wins0,
** wins1],"errors":[..],"turns":R_played,"draws":D, think times per move}.
** --log adds one stderr line per round. --trace FILE writes, for view.py:
**   GAMEOFDRONES_TRACE 1 / BOT 0 CMD0 / BOT 1 CMD1 / then per turn
**   T round turn P0 S0 P1 S1 np0 ns0 att0 np1 ns1 att1 ms0 ms1
**   (P,S: the counts each bot was told; np,ns,att: its answer; ms: think)
**   and per round R round outcome turns P0 S0 att0 P1 S1 att1 (after it).
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "proc.h"
#include "rules.h"
#include "spar.h"
#include "strategy.h"

#define REF_ANSWER_MS 5000.0 /* a command bot's time for one answer, wall clock */

enum { REF_NATIVE, REF_EQ, REF_SPAR, REF_CMD };

typedef struct ref_player {
  int type;
  const char *name;
  spar_t spar;
  proc_t proc; /* REF_CMD: the process and its pipes (modules/proc) */
  char err[16];
  double think_sum, think_max;
  long moves;
} ref_player;

static strategy_t ref_bots[2];
static ref_player ref_pl[2];

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

static void ref_send(ref_player *p, const char *line) {
  if (p->type != REF_CMD || p->err[0]) return;
  if (proc_send(&p->proc, line, strlen(line)) < 0) strcpy(p->err, "crash");
}

/* Reads one answer line within 5 s of wall time. */
static int ref_recv(ref_player *p, char *buf, int cap) {
  proc_clock c;
  double took;
  proc_clock_start(&p->proc, &c);
  int r = proc_read_line(&p->proc, &c, REF_ANSWER_MS, REF_ANSWER_MS, buf, (size_t)cap, &took);
  if (r == PROC_OK) return 0;
  strcpy(p->err, r == PROC_TIMEOUT ? "timeout" : r == PROC_LONG ? "invalid" : "crash");
  return -1;
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
  } else if (!p->err[0]) {
    char line[256];
    snprintf(line, sizeof line, "turn %.17g %.17g\n", P, S);
    ref_send(p, line);
    if (!p->err[0] && ref_recv(p, line, sizeof line) == 0) {
      double np, ns;
      int att;
      char extra;
      if (sscanf(line, "%lf %lf %d %c", &np, &ns, &att, &extra) != 3) strcpy(p->err, "invalid");
      else a = rules_act(np, ns, att == 1);
    }
  }
  double dt = ref_now_ms() - t0;
  p->think_sum += dt;
  if (dt > p->think_max) p->think_max = dt;
  p->moves++;
  return a;
}

static int ref_usage(void) {
  fprintf(stderr, "usage: gameofdrones-referee match [--rounds R] [--turns T] [--seed S] [--log] [--trace FILE] -- BOT0 BOT1\n"
                  "BOT: dist | eq | %s | a command (line protocol, see referee.c)\n", spar_names());
  return 2;
}

int main(int argc, char **argv) {
  long rounds = 1000, turns = 10;
  unsigned long long seed = 1;
  int log = 0, i = 2;
  FILE *tf = NULL;
  if (argc < 2 || strcmp(argv[1], "match")) return ref_usage();
  for (; i < argc && strcmp(argv[i], "--"); i++) {
    if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atol(argv[++i]);
    else if (!strcmp(argv[i], "--turns") && i + 1 < argc) turns = atol(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--log")) log = 1;
    else if (!strcmp(argv[i], "--trace") && i + 1 < argc && !tf) {
      if (!(tf = fopen(argv[++i], "w"))) return ref_usage();
    }
    else return ref_usage();
  }
  if (i + 3 != argc || rounds < 1 || rounds > 10000000 || turns < 1 || turns > 100000) return ref_usage();
  signal(SIGPIPE, SIG_IGN);
  if (tf) fprintf(tf, "GAMEOFDRONES_TRACE 1\nBOT 0 %s\nBOT 1 %s\n", argv[i + 1], argv[i + 2]);
  for (int s = 0; s < 2; s++) {
    ref_player *p = &ref_pl[s];
    const char *b = argv[i + 1 + s];
    memset(p, 0, sizeof *p);
    p->name = b;
    uint32_t bseed = (uint32_t)(seed * 2 + 1 + s);
    if (ref_is_dist(b) || !strcmp(b, "eq")) {
      p->type = ref_is_dist(b) ? REF_NATIVE : REF_EQ;
      strategy_init(&ref_bots[s], bseed);
      strategy_match_start(&ref_bots[s], (double)rounds, (double)bseed);
    } else if (spar_init(&p->spar, b, (uint64_t)seed * 2 + 1 + s) == 0) {
      p->type = REF_SPAR;
    } else {
      p->type = REF_CMD;
      if (proc_spawn(&p->proc, b, 1, 1) < 0) {
        fprintf(stderr, "gameofdrones-referee: cannot start %s\n", b);
        return 1;
      }
      char line[64];
      snprintf(line, sizeof line, "match %ld\n", rounds);
      ref_send(p, line);
    }
  }
  rules_match m;
  rules_match_start(&m, (int)rounds);
  for (long r = 0; r < rounds && !ref_pl[0].err[0] && !ref_pl[1].err[0]; r++) {
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
        ref_send(p, line);
      }
    }
    while (!rd.over) {
      rules_round was = rd;
      double t0 = ref_pl[0].think_sum, t1 = ref_pl[1].think_sum;
      rules_action a0 = ref_action(&ref_pl[0], 0, rd.side[0].producers, rd.side[0].soldiers);
      rules_action a1 = ref_action(&ref_pl[1], 1, rd.side[1].producers, rd.side[1].soldiers);
      rules_round_step(&rd, &a0, &a1);
      if (tf)
        fprintf(tf, "T %ld %d %g %g %g %g %g %g %d %g %g %d %.3f %.3f\n", r + 1, rd.turn, was.side[0].producers,
                was.side[0].soldiers, was.side[1].producers, was.side[1].soldiers, a0.np, a0.ns,
                a0.flag == RULES_FLAG_TRUE, a1.np, a1.ns, a1.flag == RULES_FLAG_TRUE, ref_pl[0].think_sum - t0,
                ref_pl[1].think_sum - t1);
    }
    if (tf)
      fprintf(tf, "R %ld %d %d %g %g %d %g %g %d\n", r + 1, rd.outcome, rd.turn, rd.side[0].producers,
              rd.side[0].soldiers, rd.flag[0] == RULES_FLAG_TRUE, rd.side[1].producers, rd.side[1].soldiers,
              rd.flag[1] == RULES_FLAG_TRUE);
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
        ref_send(p, line);
      }
    }
    if (log)
      fprintf(stderr, "round %ld: outcome %d turn %d p0 {P%g S%g%s} p1 {P%g S%g%s}\n", r + 1, rd.outcome, rd.turn,
              rd.side[0].producers, rd.side[0].soldiers, rd.flag[0] == RULES_FLAG_TRUE ? " att" : "",
              rd.side[1].producers, rd.side[1].soldiers, rd.flag[1] == RULES_FLAG_TRUE ? " att" : "");
  }
  for (int s = 0; s < 2; s++) {
    ref_player *p = &ref_pl[s];
    if (p->type == REF_CMD) {
      ref_send(p, "quit\n");
      proc_kill(&p->proc);
    }
  }
  if (tf) {
    fprintf(tf, "END %s %s\n", ref_pl[0].err[0] ? ref_pl[0].err : "-", ref_pl[1].err[0] ? ref_pl[1].err : "-");
    fclose(tf);
  }
  int ranks[2] = {0, 0};
  if (ref_pl[0].err[0] && !ref_pl[1].err[0]) ranks[0] = 1;
  else if (ref_pl[1].err[0] && !ref_pl[0].err[0]) ranks[1] = 1;
  else if (!ref_pl[0].err[0]) {
    int res = rules_match_result(&m);
    if (res > 0) ranks[1] = 1;
    if (res < 0) ranks[0] = 1;
  }
  printf("{\"game\":\"gameofdrones\",\"seed\":%llu,\"ranks\":[%d,%d],\"scores\":[%d,%d],\"errors\":[\"%s\",\"%s\"],"
         "\"turns\":%d,\"draws\":%d,\"think_mean_ms\":[%.4f,%.4f],\"think_max_ms\":[%.3f,%.3f]}\n",
         seed, ranks[0], ranks[1], m.wins[0], m.wins[1], ref_pl[0].err, ref_pl[1].err, m.played, m.draws,
         ref_pl[0].moves ? ref_pl[0].think_sum / ref_pl[0].moves : 0.0,
         ref_pl[1].moves ? ref_pl[1].think_sum / ref_pl[1].moves : 0.0, ref_pl[0].think_max, ref_pl[1].think_max);
  return 0;
}
