/*
** referee.c -- Green Circle local referee (a tool, not part of any bot).
**
**   greencircle-referee replay TRACE...
**       Replays recorded games (format: tests/data/greencircle/
**       README.md): every input block, generator call and hidden state must
**       match. Prints the first difference; exit 0 iff all traces match.
**   greencircle-referee match [--seed S] [--trace FILE] [--timeout-ms T]
**                             [--first-timeout-ms T] [--stderr] [--wall-clock]
**                             -- CMD0 CMD1
**       Plays one game between two commands (run with sh -c) over the real
**       protocol and prints one JSON result line (README "Referee contract").
**       Limits: 1000 ms for a player's first answer, 50 ms after. Time runs
**       from the input's write to the answer's newline, minus the time the
**       bot's processes and the referee spent runnable but waiting for a CPU
**       (the rule of modules/proc.h): on the platform each bot has a core, on a
**       shared machine other load would be charged to the bot. A bot that
**       computes or sleeps too long still times out. --wall-clock counts
**       plain wall time. Think times in the JSON line use the same measure.
**
** Invariants: the referee never trusts a bot: a missing line is a timeout,
** end of output is a crash, an unparsable or illegal line is invalid; each
** ends the game with that player disqualified, as on the platform.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
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
      char got[32];
      snprintf(got, sizeof got, "turn %d player %d", g.turn + 1, g.active);
      snprintf(want, sizeof want, "turn %d player %d", t, p);
      if (g.over || strcmp(got, want) != 0) {
        bad = ref_fail(path, &r, "turn header", want, g.over ? "game over" : got);
        break;
      }
      char in[REF_INPUT];
      rules_input(&g, in, sizeof in);
      char *s = in;
      for (int i = 0; i < k && !bad; i++) {
        char *e = strchr(s, '\n');
        if (e) *e = 0;
        if (!ref_next(&r)) bad = ref_fail(path, &r, "input (missing)", "", s);
        else if (strcmp(r.line, s) != 0) bad = ref_fail(path, &r, "input line", r.line, s);
        s = e ? e + 1 : s + strlen(s);
      }
      if (!bad && *s) bad = ref_fail(path, &r, "input (we send more lines)", "", s);
      if (bad) break;
      if (!ref_next(&r) || strncmp(r.line, "OUT ", 4) != 0) {
        bad = ref_fail(path, &r, "OUT line", "OUT ...", r.line);
        break;
      }
      rules_action a;
      char err[160];
      lg.n = 0;
      if (rules_parse(&g, r.line + 4, &a, err, sizeof err) != 0) rules_disqualify(&g, g.active);
      else rules_apply(&g, &rng, &a);
      bad = ref_cmp_rng(path, &r, &lg);
      if (bad) break;
      char tag[32];
      snprintf(tag, sizeof tag, "AFTER %d", t);
      if (!ref_next(&r)) break;
      r.peeked = 1;
      if (strncmp(r.line, "STATE", 5) == 0) bad = ref_cmp_state(path, &r, &g, tag);
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

typedef struct ref_bot {
  proc_t proc;  /* the process, its pipes and the timing rule (modules/proc) */
  int answered; /* responses so far */
  double think_sum, think_max;
  const char *err;
} ref_bot;

/* Sends the input and reads one answer line ('\r' before the newline
   dropped) within ms of counted time; a wall cap of 20 x ms (at least 5 s)
   bounds runs on a crowded machine. Returns 0 ok, 1 timeout, 2 crash (EOF,
   write error, a line too long to be a command). */
static int ref_ask(ref_bot *b, const char *in, size_t n, double ms, char *out, size_t cap, double *took) {
  proc_clock c;
  proc_clock_start(&b->proc, &c);
  if (proc_send(&b->proc, in, n) < 0) return 2;
  int r = proc_read_line(&b->proc, &c, ms, ms * 20 > 5000 ? ms * 20 : 5000, out, cap, took);
  if (r == PROC_OK) {
    size_t k = strlen(out);
    if (k > 0 && out[k - 1] == '\r') out[k - 1] = 0;
    return 0;
  }
  return r == PROC_TIMEOUT ? 1 : 2;
}

static int ref_match(int argc, char **argv) {
  long long seed = 0;
  int have_seed = 0, keep_stderr = 0, wall_clock = 0;
  double timeout_ms = 50, first_ms = 1000;
  const char *trace = NULL;
  int i = 0;
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    }
    if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      seed = strtoll(argv[++i], NULL, 0);
      have_seed = 1;
    } else if (strcmp(argv[i], "--trace") == 0 && i + 1 < argc) {
      trace = argv[++i];
    } else if (strcmp(argv[i], "--timeout-ms") == 0 && i + 1 < argc) {
      timeout_ms = atof(argv[++i]);
    } else if (strcmp(argv[i], "--first-timeout-ms") == 0 && i + 1 < argc) {
      first_ms = atof(argv[++i]);
    } else if (strcmp(argv[i], "--stderr") == 0) {
      keep_stderr = 1;
    } else if (strcmp(argv[i], "--wall-clock") == 0) {
      wall_clock = 1;
    } else {
      fprintf(stderr, "match: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (argc - i != 2) {
    fprintf(stderr, "usage: greencircle-referee match [--seed S] [--trace FILE] -- CMD0 CMD1\n");
    return 2;
  }
  if (!have_seed) {
    seed = (long long)(time(NULL) ^ ((long long)getpid() << 16));
    if (seed == 0) seed = 1;
  }
  signal(SIGPIPE, SIG_IGN);
  FILE *tf = NULL;
  if (trace) {
    tf = fopen(trace, "w");
    if (!tf) {
      fprintf(stderr, "match: cannot write %s\n", trace);
      return 2;
    }
  }
  static rules_rng rng;
  static rules_log lg;
  rules_game g;
  rules_rng_exact(&rng, (int64_t)seed);
  rng.log = &lg;
  rules_setup(&g, &rng);
  char buf[REF_LINE];
  static char sbuf[4096];
  if (tf) {
    fprintf(tf, "GREENCIRCLE_TRACE 1\nSEED %lld\nLEAGUE 4\nBOTS %s %s\n", seed, argv[i], argv[i + 1]);
    ref_rng_str(&lg, buf, sizeof buf);
    fprintf(tf, "%s\n", buf);
    rules_state_str(&g, "INIT", sbuf, sizeof sbuf);
    fputs(sbuf, tf);
  }
  ref_bot bots[2];
  memset(bots, 0, sizeof bots);
  for (int p = 0; p < 2; p++) {
    if (proc_spawn(&bots[p].proc, argv[i + p], keep_stderr, wall_clock) < 0) {
      fprintf(stderr, "match: cannot start %s\n", argv[i + p]);
      return 2;
    }
  }
  while (!g.over) {
    int p = g.active;
    ref_bot *b = &bots[p];
    char in[REF_INPUT];
    int n = rules_input(&g, in, sizeof in);
    int lines = 0;
    for (int k = 0; k < n; k++) lines += in[k] == '\n';
    char out[REF_LINE];
    double took = 0;
    int rc = ref_ask(b, in, (size_t)n, b->answered ? timeout_ms : first_ms, out, sizeof out, &took);
    int t = g.turn + 1;
    if (tf) fprintf(tf, "TURN %d PLAYER %d LINES %d\n%s", t, p, lines, in);
    lg.n = 0;
    if (rc != 0) {
      b->err = rc == 1 ? "timeout" : "crash";
      if (tf) fprintf(tf, "OUT %s\n", rc == 1 ? "(timeout)" : "(crash)");
      rules_disqualify(&g, p);
    } else {
      b->answered++;
      b->think_sum += took;
      if (took > b->think_max) b->think_max = took;
      if (tf) fprintf(tf, "OUT %s\n", out);
      rules_action a;
      char err[160];
      if (rules_parse(&g, out, &a, err, sizeof err) != 0) {
        b->err = "invalid";
        fprintf(stderr, "match: player %d invalid: %s\n", p, err);
        rules_disqualify(&g, p);
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
    }
  }
  for (int p = 0; p < 2; p++) proc_kill(&bots[p].proc);
  int ranks[2], sc[2];
  rules_result(&g, ranks, sc);
  if (tf) {
    const char *reason = (g.dq[0] || g.dq[1]) ? "deactivation" : g.pending ? "five_applications" : "phase_limit";
    fprintf(tf, "END reason=%s refereeTurns=%d\nACTIVE %s %s\nAPPS %d %d\nDEBT %d %d\nFINAL_SCORES %d %d\n", reason,
            g.turn, g.dq[0] ? "false" : "true", g.dq[1] ? "false" : "true", g.p[0].score, g.p[1].score,
            rules_debt_count(&g, 0), rules_debt_count(&g, 1), sc[0], sc[1]);
    fclose(tf);
  }
  printf("{\"game\":\"greencircle\",\"seed\":%lld,\"ranks\":[%d,%d],\"scores\":[%d,%d],"
         "\"errors\":[\"%s\",\"%s\"],\"turns\":%d,\"think_mean_ms\":[%.2f,%.2f],\"think_max_ms\":[%.2f,%.2f]}\n",
         seed, ranks[0], ranks[1], sc[0], sc[1], bots[0].err ? bots[0].err : "", bots[1].err ? bots[1].err : "",
         g.turn, bots[0].answered ? bots[0].think_sum / bots[0].answered : 0.0,
         bots[1].answered ? bots[1].think_sum / bots[1].answered : 0.0, bots[0].think_max, bots[1].think_max);
  fflush(stdout);
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
          "       greencircle-referee match [--seed S] [--trace FILE] [--timeout-ms T] [--first-timeout-ms T]\n"
          "                                 [--stderr] [--wall-clock] -- CMD0 CMD1\n");
  return 2;
}
