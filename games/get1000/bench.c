/*
** bench.c -- build/get1000-bench: `bench get1000 k=v` lines.
**   policy_build_ms          building every table (mean of 5, -O2 tool build)
**   dist_policy_build_ms     the same inside build/get1000 (CodinGame flags)
**   reply_latency_median_us  roll sent -> placement received, at the server,
**   reply_latency_p99_us     over a long mu1 vs ev match on loopback
**   server_rolls_per_s       rolls per second of that match (both bots and
**                            the server on one machine, no artificial waits)
** Bots: build/get1000 and build/get1000-ev (override with G1K_BOT_A/B).
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include "deadline.h"
#include "policy.h"
#include "server.h"

#define BENCH_ROUNDS 2000

static policy_tables bench__tab;
static server_t bench__srv;
static float bench__lat[2 * 9 * BENCH_ROUNDS + 64];

static int bench__cmp(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  double sum = 0;
  for (int i = 0; i < 5; i++) {
    int64_t t0 = deadline_now_ns();
    policy_build(&bench__tab, 0);
    sum += (double)(deadline_now_ns() - t0) / 1e6;
  }
  printf("bench get1000 policy_build_ms=%.2f\n", sum / 5);
  fflush(stdout);
  /* The dist bot as CodinGame compiles it: it logs its own build time, then
     fails to connect to a closed port. */
  const char *dist = getenv("G1K_BOT_A") ? getenv("G1K_BOT_A") : "build/get1000";
  char cmd[512], line[512];
  snprintf(cmd, sizeof cmd, "%s --url ws://127.0.0.1:9/agent --room r --name n --connect-timeout 300 2>&1",
           dist);
  FILE *p = popen(cmd, "r");
  double dms = -1;
  while (p && fgets(line, sizeof line, p)) {
    const char *q = strstr(line, "tables built in ");
    if (q) sscanf(q, "tables built in %lf", &dms);
  }
  if (p) pclose(p);
  if (dms >= 0) printf("bench get1000 dist_policy_build_ms=%.2f\n", dms);
  fflush(stdout);

  signal(SIGPIPE, SIG_IGN);
  server_config cfg;
  server_default_config(&cfg);
  cfg.port = 0;
  cfg.players = 2;
  cfg.target = BENCH_ROUNDS + 1;
  cfg.max_rounds = BENCH_ROUNDS;
  server_t *s = &bench__srv;
  if (server_open(s, &cfg, 0) != 0) return 1;
  s->lat_ms = bench__lat;
  s->lat_cap = (long)(sizeof bench__lat / sizeof bench__lat[0]);
  const char *bots[2] = {getenv("G1K_BOT_A") ? getenv("G1K_BOT_A") : "build/get1000",
                         getenv("G1K_BOT_B") ? getenv("G1K_BOT_B") : "build/get1000-ev"};
  pid_t pid[2];
  for (int i = 0; i < 2; i++) {
    pid[i] = fork();
    if (pid[i] == 0) {
      char url[64], name[8];
      snprintf(url, sizeof url, "ws://127.0.0.1:%d/agent", s->port);
      snprintf(name, sizeof name, "p%d", i);
      close(s->listen_fd);
      execl(bots[i], bots[i], "--url", url, "--room", "bench", "--name", name, "--quiet", (char *)NULL);
      _exit(127);
    }
  }
  int64_t start = 0, t_end = deadline_now_ns() + 120000000000LL;
  while (s->matches_done == 0 && deadline_now_ns() < t_end) {
    server_poll(s, 50);
    if (!start && s->rolls_sent > 0) start = deadline_now_ns();
  }
  double secs = (double)(deadline_now_ns() - start) / 1e9;
  for (int i = 0; i < 2; i++) {
    int64_t wait_end = deadline_now_ns() + 2000000000LL;
    int st;
    while (waitpid(pid[i], &st, WNOHANG) == 0) {
      if (deadline_now_ns() > wait_end) {
        kill(pid[i], SIGKILL);
        waitpid(pid[i], &st, 0);
        break;
      }
      server_poll(s, 10);
    }
  }
  server_close(s);
  if (s->matches_done == 0 || s->lat_n == 0) {
    fprintf(stderr, "get1000-bench: the match did not finish\n");
    return 1;
  }
  qsort(bench__lat, (size_t)s->lat_n, sizeof bench__lat[0], bench__cmp);
  printf("bench get1000 reply_latency_median_us=%.1f\n", 1000.0 * bench__lat[s->lat_n / 2]);
  printf("bench get1000 reply_latency_p99_us=%.1f\n", 1000.0 * bench__lat[(s->lat_n * 99) / 100]);
  printf("bench get1000 reply_latency_max_us=%.1f\n", 1000.0 * bench__lat[s->lat_n - 1]);
  printf("bench get1000 server_rolls_per_s=%.0f\n", (double)s->last.rolls / secs);
  printf("bench get1000 bench_match_rolls=%ld\n", s->last.rolls);
  return 0;
}
