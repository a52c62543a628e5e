/*
** client.c -- the Get1000 bot program (see client.h).
**
** Tables are built before connecting (a few ms). Each DiceRoll is answered
** as soon as its frame is read: a table lookup and one send, microseconds.
** Keep-alive pings come from ws_recv. All large state is static.
*/
#include "client.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "deadline.h"
#include "ws.h"

static policy_tables client__tab;
static ws_t client__ws;
static agent_t client__agent;

static int client__usage(const char *msg) {
  fprintf(stderr,
          "get1000: %s\nusage: get1000 --url ws://HOST:PORT/agent --room ROOM --name NAME\n"
          "       [--policy mu1|ev|greedy|random|sequential] [--seed N] [--ties none|all]\n"
          "       [--no-random-ties] [--tie-eps E] [--opponents N]\n"
          "       [--connect-timeout MS] [--idle-timeout S] [--quiet]\n",
          msg);
  return 2;
}

/* The command line, parsed into client__opts by client__parse. */
typedef struct client__opts {
  const char *url, *room, *name;
  int kind, ties_win, random_ties, verbose, opponents;
  double tie_eps;
  long connect_ms, idle_s; /* idle_s 0: wait for the server forever */
  uint64_t seed;
} client__opts;

/* An option with a value v (not NULL): 1 when taken, 0 when not ours, -1
   after the usage message. */
static int client__valued(client__opts *o, const char *name, const char *v) {
  if (strcmp(name, "--url") == 0) o->url = v;
  else if (strcmp(name, "--room") == 0) o->room = v;
  else if (strcmp(name, "--name") == 0) o->name = v;
  else if (strcmp(name, "--policy") == 0) {
    if ((o->kind = policy_parse_kind(v)) < 0) return client__usage("unknown --policy"), -1;
  } else if (strcmp(name, "--seed") == 0) o->seed = strtoull(v, NULL, 0);
  else if (strcmp(name, "--ties") == 0) {
    if (strcmp(v, "none") != 0 && strcmp(v, "all") != 0) return client__usage("--ties takes none or all"), -1;
    o->ties_win = strcmp(v, "all") == 0;
  } else if (strcmp(name, "--opponents") == 0) {
    if ((o->opponents = atoi(v)) < 1 || o->opponents > 16) return client__usage("bad --opponents"), -1;
  } else if (strcmp(name, "--tie-eps") == 0) {
    if ((o->tie_eps = strtod(v, NULL)) < 0 || o->tie_eps > 1) return client__usage("bad --tie-eps"), -1;
  } else if (strcmp(name, "--connect-timeout") == 0) {
    if ((o->connect_ms = strtol(v, NULL, 10)) <= 0) return client__usage("bad --connect-timeout"), -1;
  } else if (strcmp(name, "--idle-timeout") == 0) {
    if ((o->idle_s = strtol(v, NULL, 10)) < 0 || o->idle_s > 2000000)
      return client__usage("bad --idle-timeout"), -1;
  } else return 0;
  return 1;
}

/* Returns 0, or 2 after the usage message. */
static int client__parse(client__opts *o, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quiet") != 0 && strcmp(argv[i], "--no-random-ties") != 0 && i + 1 == argc &&
        strncmp(argv[i], "--", 2) == 0)
      return client__usage("option needs a value");
    int took = i + 1 < argc ? client__valued(o, argv[i], argv[i + 1]) : 0;
    if (took < 0) return 2;
    if (took > 0) i++;
    else if (strcmp(argv[i], "--quiet") == 0) o->verbose = 0;
    else if (strcmp(argv[i], "--no-random-ties") == 0) o->random_ties = 0;
    else {
      fprintf(stderr, "get1000: unknown option %s\n", argv[i]);
      return client__usage("bad command line");
    }
  }
  if (!o->url || !o->room || !o->name) return client__usage("--url, --room and --name are required");
  return 0;
}

/* Step 1: the tables and the agent, before connecting. Returns 0 or 2. */
static int client__prepare(const client__opts *o) {
  deadline_t build;
  deadline_start(&build, 1000.0);
  policy_build_n(&client__tab, o->ties_win, o->opponents);
  if (o->verbose)
    fprintf(stderr, "get1000: policy %s, tables built in %.2f ms, tie seed %llu\n",
            policy_kind_name((policy_kind)o->kind), deadline_elapsed_ms(&build),
            (unsigned long long)o->seed);
  if (agent_init(&client__agent, &client__tab, (policy_kind)o->kind, o->room, o->name, o->seed,
                 o->random_ties) != 0)
    return client__usage("room or name too long");
  client__agent.verbose = o->verbose;
  client__agent.tie_eps = o->tie_eps;
  return 0;
}

/* One text message: the agent's answer sent. Returns -1 to go on, else
   the exit status (the connection is closed where the game ends). */
static int client__message(ws_t *c, char *out, size_t cap, double *lat_sum, double *lat_max) {
  int64_t t0 = deadline_now_ns();
  int r = agent_on_message(&client__agent, c->msg, c->msg_len, out, cap);
  if (r == AGENT_REPLY) {
    if (ws_send_text(c, out, strlen(out)) != WS_OK) {
      fprintf(stderr, "get1000: cannot send the placement: %s\n", ws_error(c));
      return 1;
    }
    double us = (double)(deadline_now_ns() - t0) / 1000.0;
    *lat_sum += us;
    if (us > *lat_max) *lat_max = us;
  } else if (r == AGENT_END) {
    if (client__agent.verbose) fprintf(stderr, "get1000: GameEnd\n");
    ws_close(c, WS_CLOSE_NORMAL, "", 500);
    return 0;
  } else if (r == AGENT_REJECT) {
    fprintf(stderr, "get1000: %s\n", client__agent.error_msg);
  } else if (r == AGENT_ERROR) {
    fprintf(stderr, "get1000: GameError: %s\n", client__agent.error_msg);
    ws_close(c, WS_CLOSE_NORMAL, "", 500);
    return 1;
  }
  return -1;
}

/* Step 3: messages until the game ends or the connection does. */
static int client__loop(ws_t *c, const client__opts *o, char *out, size_t cap, double *lat_sum,
                        double *lat_max) {
  for (;;) {
    int st = ws_recv(c, o->idle_s > 0 ? (int)(o->idle_s * 1000) : -1);
    if (st == WS_TIMEOUT) {
      fprintf(stderr, "get1000: nothing from the server for %ld s, leaving\n", o->idle_s);
      ws_close(c, WS_CLOSE_GOING_AWAY, "idle", 500);
      return 1;
    }
    if (st == WS_CLOSED) {
      if (o->verbose) fprintf(stderr, "get1000: %s\n", ws_error(c));
      return c->close_code == WS_CLOSE_ABNORMAL ? 1 : 0;
    }
    if (st == WS_ERROR) {
      fprintf(stderr, "get1000: connection error: %s\n", ws_error(c));
      return 1;
    }
    if (st != WS_TEXT) {
      if (o->verbose) fprintf(stderr, "get1000: ignoring a binary message\n");
      continue;
    }
    int rc = client__message(c, out, cap, lat_sum, lat_max);
    if (rc >= 0) return rc;
  }
}

BOT_API int client_run(int argc, char **argv, policy_kind default_kind) {
  client__opts o = {NULL, NULL, NULL, (int)default_kind, 0, 1, 1, 1, 1e-9, 5000, 0, 0};
  o.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20) ^ (uint64_t)deadline_now_ns();
  if (client__parse(&o, argc, argv) || client__prepare(&o)) return 2;
  /* step 2: connect and join */
  ws_t *c = &client__ws;
  if (ws_connect(c, o.url, (int)o.connect_ms) != WS_OK) {
    fprintf(stderr, "get1000: %s\n", ws_error(c));
    return 2;
  }
  static char out[4096];
  int n = agent_join(&client__agent, out, sizeof out);
  if (n < 0 || ws_send_text(c, out, (size_t)n) != WS_OK) {
    fprintf(stderr, "get1000: cannot send the join: %s\n", ws_error(c));
    ws_close(c, WS_CLOSE_NORMAL, "", 200);
    return 1;
  }
  double lat_sum = 0, lat_max = 0;
  int rc = client__loop(c, &o, out, sizeof out, &lat_sum, &lat_max);
  /* step 4: the session's figures */
  agent_t *a = &client__agent;
  if (o.verbose)
    fprintf(stderr,
            "get1000: %ld rolls, %ld rounds, mean distance %.2f, reply mean %.1f us max %.1f us, "
            "junk %ld unknown %ld bad values %ld, pings %ld pongs %ld\n",
            a->total_rolls, a->rounds, a->rounds ? (double)a->dist_sum / (double)a->rounds : 0.0,
            a->total_rolls ? lat_sum / (double)a->total_rolls : 0.0, lat_max, a->junk, a->unknown,
            a->bad_values, c->pings_sent, c->pongs_sent);
  return rc;
}
