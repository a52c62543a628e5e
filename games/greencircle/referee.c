/*
** referee.c -- Green Circle local referee (a tool, not part of any bot).
**
**   greencircle-referee replay TRACE...
**       Replays recorded games (format: tests/data/greencircle/
**       README.md): every input block, generator call and hidden state must
**       match. Prints the first difference; exit 0 iff all traces match.
**   greencircle-referee match [--timeout-ms T] [--first-timeout-ms T]
**                             [judge options] -- CMD0 CMD1
**       Plays one game between two commands (run with sh -c) over the real
**       protocol and prints one JSON result line (docs/referee.md).
**       Limits: 1000 ms for a player's first answer, 50 ms after
**       (--first-timeout-ms and --timeout-ms set them, like --limit-ms),
**       under the timing rule of modules/judge.h, which also owns the
**       options, the bots, the think times and the JSON line.
**
** Invariants: the referee never trusts a bot: a missing line is a timeout,
** end of output is a crash, an unparsable or illegal line is invalid; each
** ends the game with that player disqualified, as on the platform.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rules.h"

#define REF_LINE 8192
#define REF_INPUT 16384

/* ---- replay ------------------------------------------------------------ */

typedef struct ref_reader {
  FILE *f;
  long lineno;
  char line[REF_LINE];
  int peeked;
} ref_reader;

static int ref_next(ref_reader *r) {
  if (r->peeked) {
    r->peeked = 0;
    return 1;
  }
  if (!fgets(r->line, sizeof r->line, r->f)) return 0;
  r->lineno++;
  size_t n = strlen(r->line);
  while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r')) r->line[--n] = 0;
  return 1;
}

static void ref_rng_str(const rules_log *r, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "RNG");
  for (int i = 0; i < r->n && n < cap; i++) {
    if (r->bound[i] == 0) n += (size_t)snprintf(buf + n, cap - n, " b=%d", r->val[i]);
    else n += (size_t)snprintf(buf + n, cap - n, " i%d=%d", r->bound[i], r->val[i]);
  }
}

static int ref_fail(const char *path, const ref_reader *r, const char *what, const char *want, const char *got) {
  printf("%s:%ld: %s differs\n  trace: %s\n  ours:  %s\n", path, r->lineno, what, want, got);
  return 1;
}

/* Compares the 3 state lines at the reader with ours. */
static int ref_cmp_state(const char *path, ref_reader *r, const rules_game *g, const char *tag) {
  char buf[4096];
  rules_state_str(g, tag, buf, sizeof buf);
  char *s = buf;
  for (int i = 0; i < 3; i++) {
    char *e = strchr(s, '\n');
    if (e) *e = 0;
    if (!ref_next(r)) return ref_fail(path, r, "state (missing)", "", s);
    if (strcmp(r->line, s) != 0) return ref_fail(path, r, "state", r->line, s);
    s = e ? e + 1 : s + strlen(s);
  }
  return 0;
}

static int ref_cmp_rng(const char *path, ref_reader *r, rules_log *rng) {
  char buf[REF_LINE];
  ref_rng_str(rng, buf, sizeof buf);
  if (!ref_next(r)) return ref_fail(path, r, "RNG (missing)", "", buf);
  if (strncmp(r->line, "RNG", 3) != 0) {
    r->peeked = 1;
    if (rng->n != 0) return ref_fail(path, r, "RNG calls (trace has none)", "RNG", buf);
    return 0;
  }
  if (strcmp(r->line, buf) != 0) return ref_fail(path, r, "RNG calls", r->line, buf);
  return 0;
}

/* One TURN block of a trace: the header, the input we would send, the OUT
   line played, the random numbers drawn and the state after it. Returns 0,
   1 (a difference, printed) or 2 (the trace ends after the OUT line). */
static int ref_replay_turn(const char *path, ref_reader *r, rules_game *g, rules_rng *rng, int t, int p, int k) {
  char got[32], want[REF_LINE];
  snprintf(got, sizeof got, "turn %d player %d", g->turn + 1, g->active);
  snprintf(want, sizeof want, "turn %d player %d", t, p);
  if (g->over || strcmp(got, want) != 0) return ref_fail(path, r, "turn header", want, g->over ? "game over" : got);
  char in[REF_INPUT];
  rules_input(g, in, sizeof in);
  char *s = in;
  for (int i = 0; i < k; i++) {
    char *e = strchr(s, '\n');
    if (e) *e = 0;
    if (!ref_next(r)) return ref_fail(path, r, "input (missing)", "", s);
    if (strcmp(r->line, s) != 0) return ref_fail(path, r, "input line", r->line, s);
    s = e ? e + 1 : s + strlen(s);
  }
  if (*s) return ref_fail(path, r, "input (we send more lines)", "", s);
  if (!ref_next(r) || strncmp(r->line, "OUT ", 4) != 0) return ref_fail(path, r, "OUT line", "OUT ...", r->line);
  rules_action a;
  char err[160];
  rng->log->n = 0;
  int prc = strncmp(r->line + 4, "(timeout)", 9) == 0 || strncmp(r->line + 4, "(crash)", 7) == 0
                ? -1
                : rules_parse(g, r->line + 4, &a, err, sizeof err);
  if (prc != 0) rules_disqualify(g, rng, g->active, prc == -2 ? &a : NULL);
  else rules_apply(g, rng, &a);
  if (ref_cmp_rng(path, r, rng->log)) return 1;
  char tag[32];
  snprintf(tag, sizeof tag, "AFTER %d", t);
  if (!ref_next(r)) return 2;
  r->peeked = 1;
  return strncmp(r->line, "STATE", 5) == 0 && ref_cmp_state(path, r, g, tag) ? 1 : 0;
}

static int ref_replay_one(const char *path) {
  ref_reader r = {0};
  r.f = fopen(path, "r");
  if (!r.f) {
    printf("%s: cannot open\n", path);
    return 1;
  }
  static rules_rng rng;
  static rules_log lg;
  rules_game g;
  long long seed = 0;
  int league = 4, bad = 0, turns = 0;
  char want[REF_LINE];
  if (!ref_next(&r) || strcmp(r.line, "GREENCIRCLE_TRACE 1") != 0) {
    printf("%s: not a GREENCIRCLE_TRACE 1 file\n", path);
    fclose(r.f);
    return 1;
  }
  while (ref_next(&r)) {
    if (sscanf(r.line, "SEED %lld", &seed) == 1) continue;
    if (sscanf(r.line, "LEAGUE %d", &league) == 1) continue;
    if (strncmp(r.line, "BOTS", 4) == 0) continue;
    r.peeked = 1;
    break;
  }
  if (league < 3) {
    printf("%s: league %d not supported (top-league rules only)\n", path, league);
    fclose(r.f);
    return 1;
  }
  rules_rng_exact(&rng, (int64_t)seed);
  lg.n = 0;
  rng.log = &lg;
  rules_setup(&g, &rng);
  bad = ref_cmp_rng(path, &r, &lg);
  if (!bad) bad = ref_cmp_state(path, &r, &g, "INIT");
  while (!bad && ref_next(&r)) {
    int t, p, k;
    if (sscanf(r.line, "TURN %d PLAYER %d LINES %d", &t, &p, &k) == 3) {
      int rc = ref_replay_turn(path, &r, &g, &rng, t, p, k);
      bad = rc == 1;
      if (rc) break;
      turns++;
      continue;
    }
    int n;
    char reason[64];
    if (sscanf(r.line, "END reason=%63s refereeTurns=%d", reason, &n) == 2) {
      snprintf(want, sizeof want, "over refereeTurns=%d", n);
      char got[64];
      snprintf(got, sizeof got, "%s refereeTurns=%d", g.over ? "over" : "running", g.turn);
      if (strcmp(want, got) != 0) bad = ref_fail(path, &r, "end", want, got);
      continue;
    }
    int a0, a1;
    if (sscanf(r.line, "APPS %d %d", &a0, &a1) == 2) {
      if (a0 != g.p[0].score || a1 != g.p[1].score) {
        char got[64];
        snprintf(got, sizeof got, "APPS %d %d", g.p[0].score, g.p[1].score);
        bad = ref_fail(path, &r, "applications", r.line, got);
      }
      continue;
    }
    if (sscanf(r.line, "DEBT %d %d", &a0, &a1) == 2) {
      if (a0 != rules_debt_count(&g, 0) || a1 != rules_debt_count(&g, 1)) {
        char got[64];
        snprintf(got, sizeof got, "DEBT %d %d", rules_debt_count(&g, 0), rules_debt_count(&g, 1));
        bad = ref_fail(path, &r, "debt", r.line, got);
      }
      continue;
    }
    if (sscanf(r.line, "FINAL_SCORES %d %d", &a0, &a1) == 2) {
      int ranks[2], sc[2];
      rules_result(&g, ranks, sc);
      if (a0 != sc[0] || a1 != sc[1]) {
        char got[64];
        snprintf(got, sizeof got, "FINAL_SCORES %d %d", sc[0], sc[1]);
        bad = ref_fail(path, &r, "final scores", r.line, got);
      }
      continue;
    }
  }
  fclose(r.f);
  if (!bad) printf("ok   %s (%d turns)\n", path, turns);
  return bad;
}

static int ref_replay(int argc, char **argv) {
  int failed = 0, passed = 0;
  for (int i = 0; i < argc; i++) {
    if (ref_replay_one(argv[i])) failed++;
    else passed++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed || !passed ? 1 : 0;
}

/* ---- match ------------------------------------------------------------- */

/* --timeout-ms T and --first-timeout-ms T: the limits, as --limit-ms */
static int ref_opt(judge_t *j, void *ctx, const char *name, const char *value) {
  (void)ctx;
  double ms = value ? atof(value) : 0;
  if (strcmp(name, "--timeout-ms") == 0 && ms > 0) j->limit_next = ms;
  else if (strcmp(name, "--first-timeout-ms") == 0 && ms > 0) j->limit_first = ms;
  else return JUDGE_OPT_BAD;
  return JUDGE_OPT_VALUE;
}

static int ref_match(int argc, char **argv) {
  static judge_t J;
  judge_init(&J, "greencircle", 1000, 50);
  J.trace_ok = 1;
  J.usage = "[--timeout-ms T] [--first-timeout-ms T]";
  if (judge_parse(&J, argc, argv, 2, 2, ref_opt, NULL)) return 2;
  static rules_rng rng;
  static rules_log lg;
  rules_game g;
  rules_rng_exact(&rng, J.seed);
  rng.log = &lg;
  rules_setup(&g, &rng);
  char buf[REF_LINE];
  static char sbuf[4096];
  FILE *tf = J.trace;
  if (tf) {
    fprintf(tf, "GREENCIRCLE_TRACE 1\nSEED %lld\nLEAGUE 4\nBOTS %s %s\n", (long long)J.seed, J.cmd[0], J.cmd[1]);
    ref_rng_str(&lg, buf, sizeof buf);
    fprintf(tf, "%s\n", buf);
    rules_state_str(&g, "INIT", sbuf, sizeof sbuf);
    fputs(sbuf, tf);
  }
  if (judge_spawn_traced(&J)) return 2;
  while (!g.over) {
    int p = g.active, t = g.turn + 1;
    char in[REF_INPUT], out[REF_LINE];
    int n = rules_input(&g, in, sizeof in), lines = 0;
    for (int k = 0; k < n; k++) lines += in[k] == '\n';
    J.turn = t;
    int rc = judge_ask(&J, p, in, (size_t)n, out, sizeof out);
    if (tf) fprintf(tf, "TURN %d PLAYER %d LINES %d\n%s", t, p, lines, in);
    lg.n = 0;
    if (rc != JUDGE_OK) {
      if (tf) fprintf(tf, "OUT %s\n", rc == JUDGE_TIMEOUT ? "(timeout)" : "(crash)");
      rules_disqualify(&g, &rng, p, NULL);
    } else {
      if (tf) fprintf(tf, "OUT %s\n", out);
      rules_action a;
      char err[160];
      int prc = rules_parse(&g, out, &a, err, sizeof err);
      if (prc != 0) {
        judge_fail(&J, p, JUDGE_INVALID, "turn %d: %s", t, err);
        rules_disqualify(&g, &rng, p, prc == -2 ? &a : NULL);
      } else {
        rules_apply(&g, &rng, &a);
      }
    }
    if (tf) {
      if (lg.n) {
        ref_rng_str(&lg, buf, sizeof buf);
        fprintf(tf, "%s\n", buf);
      }
      char tag[32];
      snprintf(tag, sizeof tag, "AFTER %d", t);
      rules_state_str(&g, tag, sbuf, sizeof sbuf);
      fputs(sbuf, tf);
      judge_trace_stderr(&J); /* the turn's stderr: FILE.stderr (modules/judge.h) */
    }
  }
  int ranks[2], sc[2];
  rules_result(&g, ranks, sc);
  if (tf) {
    const char *reason = (g.dq[0] || g.dq[1]) ? "deactivation" : g.pending ? "five_applications" : "phase_limit";
    fprintf(tf, "END reason=%s refereeTurns=%d\nACTIVE %s %s\nAPPS %d %d\nDEBT %d %d\nFINAL_SCORES %d %d\n", reason,
            g.turn, g.dq[0] ? "false" : "true", g.dq[1] ? "false" : "true", g.p[0].score, g.p[1].score,
            rules_debt_count(&g, 0), rules_debt_count(&g, 1), sc[0], sc[1]);
  }
  judge_trace_close(&J);
  judge_stop_all(&J, 0);
  judge_result(&J, ranks, sc, g.turn, NULL);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "replay") == 0) {
    if (argc < 3) {
      fprintf(stderr, "usage: greencircle-referee replay TRACE...\n");
      return 2;
    }
    return ref_replay(argc - 2, argv + 2);
  }
  if (argc >= 2 && strcmp(argv[1], "match") == 0) return ref_match(argc - 2, argv + 2);
  fprintf(stderr,
          "usage: greencircle-referee replay TRACE...\n"
          "       greencircle-referee match [--timeout-ms T] [--first-timeout-ms T] [judge options] -- CMD0 CMD1\n");
  return 2;
}
