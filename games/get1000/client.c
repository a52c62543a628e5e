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

BOT_API int client_run(int argc, char **argv, policy_kind default_kind) {
  const char *url = NULL, *room = NULL, *name = NULL;
  int kind = (int)default_kind, ties_win = 0, random_ties = 1, verbose = 1;
  double tie_eps = 1e-9;
  int opponents = 1;
  long connect_ms = 5000, idle_s = 0; /* 0: wait for the server forever */
  uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20) ^ (uint64_t)deadline_now_ns();
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = 1;
    if (strcmp(o, "--url") == 0) url = v;
    else if (strcmp(o, "--room") == 0) room = v;
    else if (strcmp(o, "--name") == 0) name = v;
    else if (strcmp(o, "--policy") == 0) {
      if ((kind = policy_parse_kind(v)) < 0) return client__usage("unknown --policy");
    } else if (strcmp(o, "--seed") == 0) {
      if (!v) return client__usage("--seed needs a value");
      seed = strtoull(v, NULL, 0);
    } else if (strcmp(o, "--ties") == 0) {
      if (!v || (strcmp(v, "none") != 0 && strcmp(v, "all") != 0))
        return client__usage("--ties takes none or all");
      ties_win = strcmp(v, "all") == 0;
    } else if (strcmp(o, "--opponents") == 0) {
      if (!v || (opponents = atoi(v)) < 1 || opponents > 16) return client__usage("bad --opponents");
    } else if (strcmp(o, "--tie-eps") == 0) {
      if (!v || (tie_eps = strtod(v, NULL)) < 0 || tie_eps > 1) return client__usage("bad --tie-eps");
    } else if (strcmp(o, "--connect-timeout") == 0) {
      if (!v || (connect_ms = strtol(v, NULL, 10)) <= 0) return client__usage("bad --connect-timeout");
    } else if (strcmp(o, "--idle-timeout") == 0) {
      if (!v || (idle_s = strtol(v, NULL, 10)) < 0 || idle_s > 2000000) return client__usage("bad --idle-timeout");
    } else {
      takes = 0;
      if (strcmp(o, "--quiet") == 0) verbose = 0;
      else if (strcmp(o, "--no-random-ties") == 0) random_ties = 0;
      else {
        fprintf(stderr, "get1000: unknown option %s\n", o);
        return client__usage("bad command line");
      }
    }
    if (takes) {
      if (!v) return client__usage("option needs a value");
      i++;
    }
  }
  if (!url || !room || !name) return client__usage("--url, --room and --name are required");

  deadline_t build;
  deadline_start(&build, 1000.0);
  policy_build_n(&client__tab, ties_win, opponents);
  if (verbose)
    fprintf(stderr, "get1000: policy %s, tables built in %.2f ms, tie seed %llu\n",
            policy_kind_name((policy_kind)kind), deadline_elapsed_ms(&build),
            (unsigned long long)seed);
  if (agent_init(&client__agent, &client__tab, (policy_kind)kind, room, name, seed, random_ties) != 0)
    return client__usage("room or name too long");
  client__agent.verbose = verbose;
  client__agent.tie_eps = tie_eps;

  ws_t *c = &client__ws;
  if (ws_connect(c, url, (int)connect_ms) != WS_OK) {
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
  int rc = 1;
  double lat_sum = 0, lat_max = 0;
  for (;;) {
    int st = ws_recv(c, idle_s > 0 ? (int)(idle_s * 1000) : -1);
    if (st == WS_TIMEOUT) {
      fprintf(stderr, "get1000: nothing from the server for %ld s, leaving\n", idle_s);
      ws_close(c, WS_CLOSE_GOING_AWAY, "idle", 500);
      rc = 1;
      break;
    }
    if (st == WS_CLOSED) {
      if (verbose) fprintf(stderr, "get1000: %s\n", ws_error(c));
      rc = c->close_code == WS_CLOSE_ABNORMAL ? 1 : 0;
      break;
    }
    if (st == WS_ERROR) {
      fprintf(stderr, "get1000: connection error: %s\n", ws_error(c));
      rc = 1;
      break;
    }
    if (st != WS_TEXT) {
      if (verbose) fprintf(stderr, "get1000: ignoring a binary message\n");
      continue;
    }
    int64_t t0 = deadline_now_ns();
    int r = agent_on_message(&client__agent, c->msg, c->msg_len, out, sizeof out);
    if (r == AGENT_REPLY) {
      if (ws_send_text(c, out, strlen(out)) != WS_OK) {
        fprintf(stderr, "get1000: cannot send the placement: %s\n", ws_error(c));
        rc = 1;
        break;
      }
      double us = (double)(deadline_now_ns() - t0) / 1000.0;
      lat_sum += us;
      if (us > lat_max) lat_max = us;
    } else if (r == AGENT_END) {
      if (verbose) fprintf(stderr, "get1000: GameEnd\n");
      ws_close(c, WS_CLOSE_NORMAL, "", 500);
      rc = 0;
      break;
    } else if (r == AGENT_REJECT) {
      fprintf(stderr, "get1000: %s\n", client__agent.error_msg);
    } else if (r == AGENT_ERROR) {
      fprintf(stderr, "get1000: GameError: %s\n", client__agent.error_msg);
      ws_close(c, WS_CLOSE_NORMAL, "", 500);
      rc = 1;
      break;
    }
  }
  agent_t *a = &client__agent;
  if (verbose)
    fprintf(stderr,
            "get1000: %ld rolls, %ld rounds, mean distance %.2f, reply mean %.1f us max %.1f us, "
            "junk %ld unknown %ld bad values %ld, pings %ld pongs %ld\n",
            a->total_rolls, a->rounds, a->rounds ? (double)a->dist_sum / (double)a->rounds : 0.0,
            a->total_rolls ? lat_sum / (double)a->total_rolls : 0.0, lat_max, a->junk, a->unknown,
            a->bad_values, c->pings_sent, c->pongs_sent);
  return rc;
}
