/*
** test_interop.c -- modules/ws.c and the get1000 bot against an independent
** WebSocket implementation: the npm `ws` server in ws_peer.js (version pinned
** in package-lock.json; `make test-get1000` runs `npm ci` first when
** node_modules is missing). Covers text echo, client and server
** fragmentation, server pings, keep-alive pings, UTF-8, large messages,
** oversized messages, both close directions, and whole bot sessions (junk,
** unknown classes, whitespace variants, duplicate roll values, rollover);
** and the other direction: npm ws clients (ws_client.js, fragmented
** messages and pings) playing a match against our server.
** Environment: G1K_BOT (default build/get1000), NODE (default node).
*/
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server.h"
#include "testhelp.h"
#include "ws.h"

#define STR_IS(a, b) TH_ASSERT_MSG(strcmp((a), (b)) == 0, "%s: got \"%.80s\"", #a, (a))

static ws_t C;
static pid_t node_pid;
static FILE *node_out;
static int port;

static void node_start(int sessions, int rounds) {
  int pfd[2];
  TH_ASSERT(pipe(pfd) == 0);
  node_pid = fork();
  TH_ASSERT(node_pid >= 0);
  if (node_pid == 0) {
    dup2(pfd[1], 1);
    close(pfd[0]);
    char s[16], r[16];
    snprintf(s, sizeof s, "%d", sessions);
    snprintf(r, sizeof r, "%d", rounds);
    const char *node = getenv("NODE") ? getenv("NODE") : "node";
    execlp(node, node, "tests/get1000/ws_peer.js", s, r, (char *)NULL);
    _exit(127);
  }
  close(pfd[1]);
  node_out = fdopen(pfd[0], "r");
  char line[128];
  TH_ASSERT_MSG(fgets(line, sizeof line, node_out) && sscanf(line, "PORT %d", &port) == 1,
                "node ws peer did not start (is node_modules installed?)");
}

static void node_stop(void) {
  kill(node_pid, SIGTERM);
  waitpid(node_pid, NULL, 0);
  fclose(node_out);
}

static void open_echo(void) {
  char url[64];
  snprintf(url, sizeof url, "ws://127.0.0.1:%d/echo", port);
  TH_ASSERT_MSG(ws_connect(&C, url, 3000) == WS_OK, "%s", ws_error(&C));
}

static void say(const char *s) { TH_EQ_INT(ws_send_text(&C, s, strlen(s)), WS_OK); }

static void expect_text(const char *want) {
  int st = ws_recv(&C, 3000);
  TH_ASSERT_MSG(st == WS_TEXT, "status %d: %s", st, ws_error(&C));
  STR_IS(C.msg, want);
}

static void test_echo_and_fragments(void) {
  node_start(1, 1);
  open_echo();
  say("hello");
  expect_text("hello");
  /* our fragmented message */
  TH_EQ_INT(ws_send_frame(&C, WS_OP_TEXT, 0, "ab", 2), WS_OK);
  TH_EQ_INT(ws_send_frame(&C, WS_OP_PING, 1, "mid", 3), WS_OK);
  TH_EQ_INT(ws_send_frame(&C, WS_OP_CONT, 0, "cd", 2), WS_OK);
  TH_EQ_INT(ws_send_frame(&C, WS_OP_CONT, 1, "ef", 2), WS_OK);
  expect_text("abcdef");
  /* theirs */
  say("frag:5");
  expect_text("part0;part1;part2;part3;part4;");
  /* UTF-8 both ways */
  say("\xC3\xA6\xC3\xB8\xC3\xA5 \xF0\x9F\x8E\xB2");
  expect_text("\xC3\xA6\xC3\xB8\xC3\xA5 \xF0\x9F\x8E\xB2");
  /* a server ping is answered with its payload */
  long pongs = C.pongs_sent;
  say("ping");
  expect_text("pinged");
  TH_EQ_INT(C.pongs_sent, pongs + 1);
  say("stats");
  expect_text("{\"pings\":1,\"pongs\":1}");
  say("big:60000");
  TH_EQ_INT(ws_recv(&C, 3000), WS_TEXT);
  TH_EQ_INT(C.msg_len, 60000);
  /* the server closes: we answer and report its code */
  say("close");
  TH_EQ_INT(ws_recv(&C, 3000), WS_CLOSED);
  TH_EQ_INT(C.close_code, 4001);
  TH_EQ_INT(C.fd, -1);
  node_stop();
}

static void test_keepalive_and_our_close(void) {
  node_start(1, 1);
  C.ping_ms = 100;
  open_echo();
  TH_EQ_INT(ws_recv(&C, 500), WS_TIMEOUT);
  TH_ASSERT(C.pings_sent >= 2);
  C.ping_ms = 60000; /* no more pings while the stats are on their way */
  say("stats");
  int st = ws_recv(&C, 3000);
  TH_EQ_INT(st, WS_TEXT);
  int pings = -1;
  TH_ASSERT(sscanf(C.msg, "{\"pings\":%d", &pings) == 1);
  TH_EQ_INT(pings, C.pings_sent);
  ws_close(&C, WS_CLOSE_NORMAL, "done", 2000);
  TH_EQ_INT(C.close_code, WS_CLOSE_NORMAL); /* the server echoed our code */
  TH_EQ_INT(C.fd, -1);
  C.ping_ms = 0;
  node_stop();
}

static void test_oversized_message(void) {
  node_start(1, 1);
  open_echo();
  say("big:70000");
  TH_EQ_INT(ws_recv(&C, 3000), WS_ERROR);
  TH_ASSERT_MSG(strstr(ws_error(&C), "longer") != NULL, "%s", ws_error(&C));
  node_stop();
}

static int run_bot(const char *policy, char *result, size_t cap) {
  const char *bot = getenv("G1K_BOT") ? getenv("G1K_BOT") : "build/get1000";
  pid_t p = fork();
  if (p == 0) {
    char url[64];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d/agent", port);
    int dn = open("/dev/null", 1);
    if (dn >= 0 && !getenv("G1K_VERBOSE")) dup2(dn, 2);
    execl(bot, bot, "--url", url, "--room", "Sonat", "--name", "c1000", "--policy", policy, (char *)NULL);
    _exit(127);
  }
  int st = 0;
  waitpid(p, &st, 0);
  if (!fgets(result, (int)cap, node_out)) result[0] = 0;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 100;
}

static void test_bot_session(void) {
  static const char *const pol[] = {"mu1", "ev", "greedy", "random"};
  for (int i = 0; i < 4; i++) {
    node_start(1, 40);
    char res[256];
    int rc = run_bot(pol[i], res, sizeof res);
    TH_ASSERT_MSG(strncmp(res, "RESULT ok rolls=360 rounds=40", 29) == 0, "%s: %s", pol[i], res);
    TH_EQ_INT(rc, 0);
    node_stop();
  }
}

/* The other direction: npm ws clients (ws_client.js) against our server. */
static void test_node_clients_vs_our_server(void) {
  static server_t srv;
  server_config cfg;
  server_default_config(&cfg);
  cfg.port = 0;
  cfg.seed = th_seed();
  TH_EQ_INT(server_open(&srv, &cfg, 0), 0);
  pid_t sp = fork();
  TH_ASSERT(sp >= 0);
  if (sp == 0) {
    signal(SIGPIPE, SIG_IGN);
    for (;;) server_poll(&srv, 100);
  }
  close(srv.listen_fd);
  char cmd[256], line[256] = "";
  const char *node = getenv("NODE") ? getenv("NODE") : "node";
  snprintf(cmd, sizeof cmd, "%s tests/get1000/ws_client.js %d", node, srv.port);
  FILE *p = popen(cmd, "r");
  TH_ASSERT(p != NULL);
  if (!fgets(line, sizeof line, p)) line[0] = 0;
  int st = pclose(p);
  kill(sp, SIGKILL);
  waitpid(sp, NULL, 0);
  TH_ASSERT_MSG(strncmp(line, "RESULT ok", 9) == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0, "%.200s", line);
  int rolls = 0, pongs = 0;
  TH_ASSERT(sscanf(line, "RESULT ok rolls=%d pongs=%d", &rolls, &pongs) == 2);
  TH_ASSERT(rolls >= 180 && rolls % 9 == 0 && pongs >= rolls / 10 - 1);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_node_clients_vs_our_server),
    TH_ENTRY(test_echo_and_fragments), TH_ENTRY(test_keepalive_and_our_close),
    TH_ENTRY(test_oversized_message), TH_ENTRY(test_bot_session),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
