/*
** test_server.c -- the local Get1000 server (games/get1000/server.c) driven
** by our WebSocket client, the server running in a child process: shared
** rolls, first to the target, GameEnd/GameError, every forfeit rule
** (illegal column, unknown placement, no roll pending, wrong ids, bad JSON,
** timeout, disconnect), ties none/all, the /test endpoint, survival of bad
** HTTP and bad frames; then the referee's JSON line with real bots.
*/
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json.h"
#include "server.h"
#include "testhelp.h"
#include "ws.h"

static server_t S;
static ws_t A, B;
static pid_t srv_pid;
static int port;

static void srv_start(int limit_ms, int ties_all, int max_rounds, int target) {
  server_config cfg;
  server_default_config(&cfg);
  cfg.port = 0;
  cfg.seed = th_seed();
  cfg.limit_ms = limit_ms;
  cfg.ties_all = ties_all;
  cfg.max_rounds = max_rounds;
  cfg.target = target;
  cfg.verbose = getenv("G1K_VERBOSE") != NULL;
  TH_EQ_INT(server_open(&S, &cfg, 0), 0);
  port = S.port;
  srv_pid = fork();
  TH_ASSERT(srv_pid >= 0);
  if (srv_pid == 0) {
    signal(SIGPIPE, SIG_IGN);
    for (;;) server_poll(&S, 100);
  }
  close(S.listen_fd);
}

static void srv_stop(void) {
  int st = 0;
  TH_ASSERT_MSG(waitpid(srv_pid, &st, WNOHANG) == 0, "the server process died");
  kill(srv_pid, SIGKILL);
  waitpid(srv_pid, NULL, 0);
}

static void conn(ws_t *c, const char *path) {
  char url[64];
  snprintf(url, sizeof url, "ws://127.0.0.1:%d%s", port, path);
  TH_ASSERT_MSG(ws_connect(c, url, 2000) == WS_OK, "%s", ws_error(c));
}

static void say(ws_t *c, const char *s) { TH_EQ_INT(ws_send_text(c, s, strlen(s)), WS_OK); }

static void join(ws_t *c, const char *room, const char *name) {
  char m[256];
  snprintf(m, sizeof m, "{\"action\":[\"no.sonat.game.JoinRoomAction\",{\"id\":\"%s\",\"name\":\"%s\"}]}", room, name);
  say(c, m);
}

static void place(ws_t *c, const char *room, const char *name, const char *col) {
  char m[256];
  snprintf(m, sizeof m, "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":\"%s\",\"name\":\"%s\",\"placement\":\"%s\"}]}",
           room, name, col);
  say(c, m);
}

/* Next message: its class suffix in cls; DiceRoll value returned (else 0). */
static int next(ws_t *c, char *cls, size_t cap) {
  int st = ws_recv(c, 3000);
  TH_ASSERT_MSG(st == WS_TEXT, "status %d: %s", st, ws_error(c));
  json_tok t[32];
  json_doc d;
  TH_ASSERT(json_parse(&d, c->msg, c->msg_len, t, 32) > 0);
  int env = json_get(&d, 0, "response");
  char full[128];
  TH_ASSERT(json_str_copy(&d, json_at(&d, env, 0), full, sizeof full) > 0);
  TH_ASSERT(strncmp(full, "no.sonat.game.", 14) == 0);
  snprintf(cls, cap, "%.60s", full + 14);
  long long v = 0;
  if (strcmp(cls, "DiceRoll") == 0) TH_EQ_INT(json_int(&d, json_get(&d, json_at(&d, env, 1), "value"), &v), 0);
  return (int)v;
}

static void expect(ws_t *c, const char *want) {
  char cls[64];
  next(c, cls, sizeof cls);
  TH_ASSERT_MSG(strcmp(cls, want) == 0, "got %s, wanted %s (%.120s)", cls, want, c->msg);
}

static const char *COLS[3] = {"HUNDREDS", "TENS", "ONES"};

static void test_full_match_shared_rolls(void) {
  srv_start(1000, 0, 1000, 20);
  conn(&A, "/agent");
  conn(&B, "/agent");
  join(&A, "R1", "a");
  expect(&A, "JoinResponse");
  join(&B, "R1", "b");
  expect(&B, "JoinResponse");
  /* a plays H,H,H,T,T,T,O,O,O; b plays O,O,O,T,T,T,H,H,H */
  int rolls = 0, wa = 0, wb = 0, sa = 0, sb = 0;
  for (;;) {
    char ca[64], cb[64];
    int va = next(&A, ca, sizeof ca), vb = next(&B, cb, sizeof cb);
    if (strcmp(ca, "GameEnd") == 0) {
      TH_ASSERT_MSG(strcmp(cb, "GameEnd") == 0, "b got %s", cb);
      break;
    }
    TH_ASSERT(strcmp(ca, "DiceRoll") == 0 && strcmp(cb, "DiceRoll") == 0);
    TH_EQ_INT(va, vb); /* the same roll to everyone */
    TH_ASSERT(va >= 1 && va <= 6);
    int k = rolls % 9;
    static const int w[3] = {100, 10, 1};
    sa += va * w[k / 3];
    sb += va * w[2 - k / 3];
    place(&A, "R1", "a", COLS[k / 3]);
    place(&B, "R1", "b", COLS[2 - k / 3]);
    rolls++;
    if (rolls % 9 == 0) {
      int da = abs(1000 - sa), db = abs(1000 - sb);
      wa += da < db;
      wb += db < da;
      sa = sb = 0;
    }
    TH_ASSERT(rolls < 9 * 2000);
  }
  TH_EQ_INT(rolls % 9, 0);
  TH_ASSERT(wa == 20 || wb == 20);
  TH_ASSERT(wa <= 20 && wb <= 20);
  TH_EQ_INT(ws_recv(&A, 2000), WS_CLOSED);
  TH_EQ_INT(ws_recv(&B, 2000), WS_CLOSED);
  srv_stop();
}

/* Starts a 2-agent room and delivers the first roll to both. */
static void two(const char *room) {
  conn(&A, "/agent");
  conn(&B, "/agent");
  join(&A, room, "a");
  join(&B, room, "b");
  expect(&A, "JoinResponse");
  expect(&B, "JoinResponse");
  expect(&A, "DiceRoll");
  expect(&B, "DiceRoll");
}

static const char *cur_room = "";

static void forfeit_case(const char *room, void (*bad)(void), const char *why) {
  cur_room = room;
  two(room);
  bad();
  expect(&B, "GameError");
  TH_ASSERT_MSG(strstr(B.msg, why) != NULL, "%.200s", B.msg);
  place(&A, room, "a", "HUNDREDS");
  expect(&A, "GameEnd"); /* the last agent standing */
  TH_EQ_INT(ws_recv(&B, 2000), WS_CLOSED);
  TH_EQ_INT(ws_recv(&A, 2000), WS_CLOSED);
}

static void bad_full_column(void) {
  place(&B, cur_room, "b", "HUNDREDS");
  for (int i = 0; i < 3; i++) {
    place(&A, cur_room, "a", "TENS");
    expect(&A, "DiceRoll");
    expect(&B, "DiceRoll");
    place(&B, cur_room, "b", "HUNDREDS");
  }
}
static void bad_unknown(void) { place(&B, cur_room, "b", "THOUSANDS"); }
static void bad_twice(void) {
  place(&B, cur_room, "b", "ONES");
  place(&B, cur_room, "b", "ONES");
}
static void bad_ids(void) { place(&B, cur_room, "zz", "ONES"); }
static void bad_json(void) { say(&B, "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":"); }
static void bad_keys(void) {
  say(&B, "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":\"F6\",\"name\":\"b\",\"placement\":\"ONES\",\"x\":\"y\"}]}");
}

static void test_forfeits(void) {
  srv_start(1000, 0, 1000, 20);
  forfeit_case("F1", bad_full_column, "full");
  forfeit_case("F2", bad_unknown, "unknown placement");
  forfeit_case("F3", bad_twice, "no roll pending");
  forfeit_case("F4", bad_ids, "differs");
  forfeit_case("F5", bad_json, "malformed JSON");
  forfeit_case("F6", bad_keys, "exactly");
  srv_stop();
}

static void test_timeout_and_disconnect(void) {
  srv_start(500, 0, 1000, 20);
  two("T1");
  place(&A, "T1", "a", "HUNDREDS");
  /* b says nothing: after 500 ms b forfeits, a gets GameEnd */
  expect(&B, "GameError");
  TH_ASSERT(strstr(B.msg, "time") != NULL);
  expect(&A, "GameEnd");
  ws_close(&A, WS_CLOSE_NORMAL, "", 500);
  ws_close(&B, WS_CLOSE_NORMAL, "", 500);
  two("T2");
  ws_close(&B, WS_CLOSE_GOING_AWAY, "bye", 500); /* b leaves mid-match */
  place(&A, "T2", "a", "ONES");
  expect(&A, "GameEnd");
  ws_close(&A, WS_CLOSE_NORMAL, "", 500);
  srv_stop();
}

static void test_ties(void) {
  /* identical play: every round ties */
  for (int all = 0; all < 2; all++) {
    srv_start(1000, all, 3, 2);
    two(all ? "Y1" : "Y0");
    int rolls = 0;
    for (;;) {
      const char *c = COLS[(rolls % 9) / 3];
      place(&A, all ? "Y1" : "Y0", "a", c);
      place(&B, all ? "Y1" : "Y0", "b", c);
      rolls++;
      char ca[64], cb[64];
      next(&A, ca, sizeof ca);
      next(&B, cb, sizeof cb);
      TH_ASSERT(strcmp(ca, cb) == 0);
      if (strcmp(ca, "GameEnd") == 0) break;
      TH_ASSERT(rolls < 100);
    }
    /* ties all: both reach 2 wins after 2 rounds; none: max_rounds (3) */
    TH_EQ_INT(rolls, all ? 18 : 27);
    ws_close(&A, WS_CLOSE_NORMAL, "", 500);
    ws_close(&B, WS_CLOSE_NORMAL, "", 500);
    srv_stop();
  }
}

static void test_test_endpoint(void) {
  srv_start(1000, 0, 1000, 20);
  conn(&A, "/test");
  join(&A, "anything", "solo");
  expect(&A, "JoinResponse");
  for (int i = 0; i < 27; i++) { /* 3 rounds by default */
    expect(&A, "DiceRoll");
    place(&A, "anything", "solo", COLS[(i % 9) / 3]);
  }
  expect(&A, "GameEnd");
  ws_close(&A, WS_CLOSE_NORMAL, "", 500);
  conn(&A, "/test");
  join(&A, "x", "solo");
  expect(&A, "JoinResponse");
  for (int i = 0; i < 4; i++) {
    expect(&A, "DiceRoll");
    place(&A, "x", "solo", "TENS");
  }
  expect(&A, "GameError");
  TH_ASSERT(strstr(A.msg, "full") != NULL);
  srv_stop();
}

static int raw_connect(void) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons((uint16_t)port);
  a.sin_addr.s_addr = htonl(0x7f000001);
  TH_ASSERT(connect(fd, (struct sockaddr *)&a, sizeof a) == 0);
  return fd;
}

static void raw_expect(int fd, const char *req, size_t n, const char *want) {
  char buf[512];
  TH_ASSERT(write(fd, req, n) == (ssize_t)n);
  struct timeval tv = {2, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ssize_t r = read(fd, buf, sizeof buf - 1);
  TH_ASSERT(r > 0);
  buf[r] = 0;
  TH_ASSERT_MSG(strstr(buf, want) != NULL, "got %.100s", buf);
  close(fd);
}

static void test_survives_garbage(void) {
  srv_start(1000, 0, 1000, 20);
  raw_expect(raw_connect(), "HELLO\r\n\r\n", 9, "400");
  raw_expect(raw_connect(), "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n", 31, "404");
  raw_expect(raw_connect(), "GET /agent HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n", 52, "400");
  /* a valid handshake, then an unmasked frame: close 1002 */
  conn(&A, "/agent");
  static uint8_t fr[64];
  long n = ws_frame_build(WS_OP_TEXT, 1, "hi", 2, NULL, fr, sizeof fr);
  TH_ASSERT(send(A.fd, fr, (size_t)n, 0) == n);
  TH_EQ_INT(ws_recv(&A, 2000), WS_CLOSED);
  TH_EQ_INT(A.close_code, 1002);
  /* a frame with a 64-bit length: close 1009 */
  conn(&A, "/agent");
  TH_ASSERT(send(A.fd, "\x81\xff\x00\x00\x00\x01\x00\x00\x00\x00\x01\x02\x03\x04", 14, 0) == 14);
  TH_EQ_INT(ws_recv(&A, 2000), WS_CLOSED);
  TH_EQ_INT(A.close_code, 1009);
  /* junk before joining: GameError */
  conn(&A, "/agent");
  say(&A, "\x01\x02 not json");
  expect(&A, "GameError");
  /* random byte storms after a handshake */
  uint8_t junk[300];
  uint64_t x = th_seed();
  for (int k = 0; k < 20; k++) {
    conn(&A, "/agent");
    for (size_t i = 0; i < sizeof junk; i++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      junk[i] = (uint8_t)(x >> 56);
    }
    if (send(A.fd, junk, sizeof junk, MSG_NOSIGNAL) < 0) {
      /* the server may already have closed */
    }
    ws_close(&A, WS_CLOSE_NORMAL, "", 100);
  }
  /* still serving */
  forfeit_case("G1", bad_unknown, "unknown placement");
  srv_stop();
}

/* ---- real bots ---------------------------------------------------------- */

static void test_concurrent_rooms(void) {
  /* three rooms of two real bots at once, plus a solo /test session */
  srv_start(1000, 0, 1000, 20);
  static const char *const bots[] = {"build/get1000", "build/get1000-ev", "build/get1000-greedy",
                                     "build/get1000-random", "build/get1000", "build/get1000",
                                     "build/get1000-ev"};
  pid_t pid[7];
  for (int i = 0; i < 7; i++) {
    pid[i] = fork();
    TH_ASSERT(pid[i] >= 0);
    if (pid[i] == 0) {
      char url[64], room[16], name[16];
      snprintf(url, sizeof url, "ws://127.0.0.1:%d/%s", port, i == 6 ? "test" : "agent");
      snprintf(room, sizeof room, "room%d", i / 2);
      snprintf(name, sizeof name, "bot%d", i);
      execl(bots[i], bots[i], "--url", url, "--room", room, "--name", name, "--quiet", "--tie-eps", "0.01",
            (char *)NULL);
      _exit(127);
    }
  }
  for (int i = 0; i < 7; i++) {
    int st = 0;
    waitpid(pid[i], &st, 0);
    TH_ASSERT_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0, "bot %d: status %d", i, st);
  }
  srv_stop();
}

/* ---- the referee with real bots --------------------------------------- */

static int referee(const char *args, char *line, size_t cap) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "build/get1000-referee match %s 2>/dev/null", args);
  FILE *p = popen(cmd, "r");
  TH_ASSERT(p != NULL);
  if (!fgets(line, (int)cap, p)) line[0] = 0;
  int st = pclose(p);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_referee_json(void) {
  char line[1024];
  TH_EQ_INT(referee("--seed 7 -- build/get1000 build/get1000-ev", line, sizeof line), 0);
  json_tok t[64];
  json_doc d;
  TH_ASSERT_MSG(json_parse(&d, line, strlen(line), t, 64) > 0, "%.300s", line);
  TH_ASSERT(json_str_eq(&d, json_get(&d, 0, "game"), "get1000"));
  long long seed, r0, r1, s0, s1, turns;
  TH_EQ_INT(json_int(&d, json_get(&d, 0, "seed"), &seed), 0);
  TH_EQ_INT(seed, 7);
  int ranks = json_get(&d, 0, "ranks"), scores = json_get(&d, 0, "scores");
  json_int(&d, json_at(&d, ranks, 0), &r0);
  json_int(&d, json_at(&d, ranks, 1), &r1);
  json_int(&d, json_at(&d, scores, 0), &s0);
  json_int(&d, json_at(&d, scores, 1), &s1);
  TH_ASSERT_MSG((s0 == 20) != (s1 == 20), "%.300s", line);
  TH_EQ_INT(r0, s0 == 20 ? 0 : 1);
  TH_EQ_INT(r1, s1 == 20 ? 0 : 1);
  TH_EQ_INT(json_int(&d, json_get(&d, 0, "turns"), &turns), 0);
  TH_ASSERT(turns >= 20);
  int errs = json_get(&d, 0, "errors");
  TH_ASSERT(json_str_eq(&d, json_at(&d, errs, 0), "") && json_str_eq(&d, json_at(&d, errs, 1), ""));
  double tm, tx;
  TH_EQ_INT(json_double(&d, json_at(&d, json_get(&d, 0, "think_mean_ms"), 0), &tm), 0);
  TH_EQ_INT(json_double(&d, json_at(&d, json_get(&d, 0, "think_max_ms"), 0), &tx), 0);
  TH_ASSERT(tm > 0 && tm <= tx && tx < 1000);
  /* same seed, same rolls: with canonical ties the result repeats */
  char again[1024];
  TH_EQ_INT(referee("--seed 7 -- 'build/get1000 --no-random-ties' 'build/get1000-ev --no-random-ties'", line, sizeof line), 0);
  TH_EQ_INT(referee("--seed 7 -- 'build/get1000 --no-random-ties' 'build/get1000-ev --no-random-ties'", again, sizeof again), 0);
  char *a = strstr(line, "\"think"), *b = strstr(again, "\"think");
  TH_ASSERT(a && b);
  *a = *b = 0;
  TH_ASSERT_MSG(strcmp(line, again) == 0, "%.150s vs %.150s", line, again);
  /* a bot that dies at once: crash, ranked last */
  TH_EQ_INT(referee("--seed 3 -- build/get1000 'exit 3 #'", line, sizeof line), 0);
  TH_ASSERT_MSG(strstr(line, "\"ranks\":[0,1]") && strstr(line, "\"errors\":[\"\",\"crash\"]"), "%.300s", line);
  /* three players */
  TH_EQ_INT(referee("--seed 4 -- build/get1000 build/get1000-ev build/get1000-greedy", line, sizeof line), 0);
  TH_ASSERT_MSG(strstr(line, "\"errors\":[\"\",\"\",\"\"]") != NULL, "%.300s", line);
  TH_EQ_INT(referee("nonsense", line, sizeof line), 2);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_full_match_shared_rolls), TH_ENTRY(test_forfeits),
    TH_ENTRY(test_timeout_and_disconnect),  TH_ENTRY(test_ties),
    TH_ENTRY(test_test_endpoint),           TH_ENTRY(test_survives_garbage),
    TH_ENTRY(test_concurrent_rooms),        TH_ENTRY(test_referee_json),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
