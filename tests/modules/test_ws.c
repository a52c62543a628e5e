/*
** test_ws.c -- tests of modules/ws.c: URL parsing, frame encode/decode at
** every length class, malformed headers, the RFC 6455 accept-key example,
** UTF-8 validation, header lookup, and the client against a scripted fake
** server in a child process over a socketpair (handshake checks, masking,
** fragmentation with an interleaved ping, close handshake, keep-alive ping,
** timeouts, and every malformed-input error path).
*/
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include "base64.h"
#include "deadline.h"
#include "testhelp.h"
#include "ws.h"

static ws_t C; /* large: static */

/* String equality with a bounded message (TH_EQ_STR on char arrays trips
   gcc's -Wformat-truncation). */
#define STR_IS(a, b) TH_ASSERT_MSG(strcmp((a), (b)) == 0, "%s: got \"%.80s\"", #a, (a))

static void test_url(void) {
  ws_url u;
  char err[200];
  TH_EQ_INT(ws_parse_url("ws://example.org:8443/agent", &u, err, sizeof err), 0);
  STR_IS(u.host, "example.org");
  TH_EQ_INT(u.port, 8443);
  STR_IS(u.path, "/agent");
  TH_EQ_INT(ws_parse_url("ws://h", &u, err, sizeof err), 0);
  TH_EQ_INT(u.port, 80);
  STR_IS(u.path, "/");
  TH_EQ_INT(ws_parse_url("ws://[::1]:9/x?y=1", &u, err, sizeof err), 0);
  STR_IS(u.host, "::1");
  TH_EQ_INT(u.port, 9);
  STR_IS(u.path, "/x?y=1");
  TH_EQ_INT(ws_parse_url("ws://h?q", &u, err, sizeof err), 0);
  STR_IS(u.path, "/?q");
  TH_EQ_INT(ws_parse_url("wss://h/", &u, err, sizeof err), -1);
  TH_ASSERT(strstr(err, "TLS") != NULL);
  TH_EQ_INT(ws_parse_url("http://h/", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws://h:0/", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws://h:70000/", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws://h:/", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws:///x", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws://[::1/x", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url("ws://h/a b", &u, err, sizeof err), -1);
  TH_EQ_INT(ws_parse_url(NULL, &u, err, sizeof err), -1);
}

static uint8_t BIG[70000], OUT[70100];

static void test_frame_roundtrip(void) {
  static const size_t lens[] = {0, 1, 125, 126, 127, 65535, 65536, 69999};
  uint8_t mk[4] = {0x12, 0x34, 0x56, 0x78};
  for (size_t i = 0; i < sizeof BIG; i++) BIG[i] = (uint8_t)(i * 7 + 3);
  for (size_t li = 0; li < COMMON_COUNT(lens); li++) {
    for (int m = 0; m < 2; m++) {
      size_t len = lens[li];
      long n = ws_frame_build(WS_OP_BINARY, 1, BIG, len, m ? mk : NULL, OUT, sizeof OUT);
      size_t want_h = 2 + (len < 126 ? 0 : len <= 65535 ? 2 : 8) + (m ? 4 : 0);
      TH_EQ_INT(n, (long)(want_h + len));
      ws_frame f;
      /* every strict prefix of the header asks for more bytes */
      for (size_t p = 0; p < want_h; p++) TH_EQ_INT(ws_frame_parse(OUT, p, &f), 0);
      TH_EQ_INT(ws_frame_parse(OUT, (size_t)n, &f), (int)want_h);
      TH_EQ_INT(f.fin, 1);
      TH_EQ_INT(f.opcode, WS_OP_BINARY);
      TH_EQ_INT(f.masked, m);
      TH_EQ_U64(f.len, len);
      if (m) {
        TH_ASSERT(memcmp(f.mask, mk, 4) == 0);
        ws_mask(OUT + want_h, len, f.mask, 0);
      }
      TH_ASSERT(memcmp(OUT + want_h, BIG, len) == 0);
    }
  }
  TH_EQ_INT(ws_frame_build(WS_OP_TEXT, 1, BIG, 200, NULL, OUT, 203), -1);
  TH_EQ_INT(ws_frame_build(WS_OP_TEXT, 1, BIG, 200, NULL, OUT, 204), 204);
}

static void test_frame_malformed(void) {
  ws_frame f;
  const uint8_t reserved_op[] = {0x83, 0x00};
  const uint8_t reserved_op2[] = {0x8B, 0x00};
  const uint8_t frag_ping[] = {0x09, 0x00};
  const uint8_t long_ping[] = {0x89, 0x7E, 0x00, 0x7E};
  const uint8_t top_bit[] = {0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 1};
  TH_EQ_INT(ws_frame_parse(reserved_op, 2, &f), -1);
  TH_EQ_INT(ws_frame_parse(reserved_op2, 2, &f), -1);
  TH_EQ_INT(ws_frame_parse(frag_ping, 2, &f), -1);
  TH_EQ_INT(ws_frame_parse(long_ping, 4, &f), -1);
  TH_EQ_INT(ws_frame_parse(top_bit, 10, &f), -1);
  const uint8_t rsv[] = {0xC1, 0x00};
  TH_EQ_INT(ws_frame_parse(rsv, 2, &f), 2);
  TH_EQ_INT(f.rsv, 4);
}

static void test_accept_key(void) {
  char out[29];
  const char *k = "dGhlIHNhbXBsZSBub25jZQ=="; /* RFC 6455 section 1.3 */
  ws_accept_key(k, strlen(k), out);
  STR_IS(out, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

static void test_utf8(void) {
  TH_ASSERT(ws_utf8_valid((const uint8_t *)"plain", 5));
  TH_ASSERT(ws_utf8_valid((const uint8_t *)"\xC3\xA6\xE2\x82\xAC\xF0\x9F\x98\x80", 9));
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"\xC0\xAF", 2));         /* overlong */
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"\xED\xA0\x80", 3));     /* surrogate */
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"\xF4\x90\x80\x80", 4)); /* > U+10FFFF */
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"\xE2\x82", 2));         /* truncated */
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"\xFF", 1));
  TH_ASSERT(!ws_utf8_valid((const uint8_t *)"a\x80", 2));
}

static void test_headers(void) {
  const char *h = "HTTP/1.1 101 Switching\r\nupgrade:  WebSocket \r\n"
                  "Connection: keep-alive, Upgrade\r\nX: 1\r\n\r\n";
  char v[64];
  TH_EQ_INT(ws_header(h, "Upgrade", v, sizeof v), 9);
  STR_IS(v, "WebSocket");
  TH_EQ_INT(ws_header(h, "connection", v, sizeof v), 19);
  TH_ASSERT(ws_has_token(v, "upgrade"));
  TH_ASSERT(!ws_has_token(v, "upgrad"));
  TH_EQ_INT(ws_header(h, "Missing", v, sizeof v), -1);
  TH_EQ_INT(ws_header(h, "Connection", v, 5), -1);
  TH_ASSERT(ws_close_code_valid(1000) && ws_close_code_valid(4000));
  TH_ASSERT(!ws_close_code_valid(1005) && !ws_close_code_valid(999) && !ws_close_code_valid(5000));
}

/* ---- fake server in a child process ----------------------------------- */

static int srv_fd;
static uint8_t sbuf[200000];
static size_t slen;

#define SRV_CHECK(c) \
  do {               \
    if (!(c)) {      \
      fprintf(stderr, "fake server: %s failed (line %d)\n", #c, __LINE__); \
      _exit(10);     \
    }                \
  } while (0)

static void srv_read_more(void) {
  ssize_t r = read(srv_fd, sbuf + slen, sizeof sbuf - slen);
  SRV_CHECK(r > 0);
  slen += (size_t)r;
}

static void srv_send(const void *p, size_t n) {
  SRV_CHECK(write(srv_fd, p, n) == (ssize_t)n);
}

/* Reads the request; answers with a valid head (or a variant). */
static void srv_handshake(int variant) {
  char *e;
  for (;;) {
    sbuf[slen] = 0;
    if ((e = strstr((char *)sbuf, "\r\n\r\n"))) break;
    srv_read_more();
  }
  char key[64];
  SRV_CHECK(strncmp((char *)sbuf, "GET /agent HTTP/1.1\r\n", 21) == 0);
  SRV_CHECK(ws_header((char *)sbuf, "Sec-WebSocket-Key", key, sizeof key) == 24);
  char v[64];
  SRV_CHECK(ws_header((char *)sbuf, "Sec-WebSocket-Version", v, sizeof v) > 0 && strcmp(v, "13") == 0);
  SRV_CHECK(ws_header((char *)sbuf, "Host", v, sizeof v) > 0 && strcmp(v, "h:1") == 0);
  SRV_CHECK(ws_header((char *)sbuf, "Sec-WebSocket-Extensions", v, sizeof v) < 0);
  uint8_t raw[32];
  SRV_CHECK(base64_decode(key, 24, raw, sizeof raw) == 16);
  size_t used = (size_t)(e - (char *)sbuf) + 4;
  memmove(sbuf, sbuf + used, slen - used);
  slen -= used;
  char acc[29];
  static char resp[12000], pad[10000];
  if (variant == 4) {
    memcpy(pad, "X-Pad: ", 7);
    memset(pad + 7, 'a', 9000);
    memcpy(pad + 9007, "\r\n", 3);
  } else {
    pad[0] = 0;
  }
  ws_accept_key(key, strlen(key), acc);
  if (variant == 1) acc[3] ^= 1;
  int n = snprintf(resp, sizeof resp, "%s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Accept: %s\r\n%s%s\r\n",
                   variant == 2 ? "HTTP/1.1 403 Forbidden" : "HTTP/1.1 101 Switching Protocols",
                   acc, variant == 3 ? "Sec-WebSocket-Extensions: permessage-deflate\r\n" : "", pad);
  srv_send(resp, (size_t)n);
}

/* Reads one client frame: checks it is masked; unmasks into out. */
static int srv_frame(int *op, uint8_t *out, size_t *len) {
  ws_frame f;
  int h;
  while ((h = ws_frame_parse(sbuf, slen, &f)) == 0 || slen < (size_t)h + f.len) {
    SRV_CHECK(h >= 0);
    srv_read_more();
  }
  SRV_CHECK(f.masked == 1);
  SRV_CHECK(f.fin == 1);
  memcpy(out, sbuf + h, (size_t)f.len);
  ws_mask(out, (size_t)f.len, f.mask, 0);
  *op = f.opcode;
  *len = (size_t)f.len;
  memmove(sbuf, sbuf + h + f.len, slen - h - (size_t)f.len);
  slen -= (size_t)h + (size_t)f.len;
  return 0;
}

static void srv_frame_out(int op, int fin, const char *p, size_t n) {
  uint8_t fr[300];
  long k = ws_frame_build(op, fin, p, n, NULL, fr, sizeof fr);
  srv_send(fr, (size_t)k);
}

static void scenario(int s) {
  int op;
  uint8_t pl[70000];
  size_t len;
  srv_handshake(s >= 1 && s <= 4 ? s : 0);
  if (s >= 1 && s <= 4) _exit(0);
  switch (s) {
  case 10: /* echo one text; fragmented message with a ping in between; close */
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_TEXT && len == 5 && memcmp(pl, "hello", 5) == 0);
    srv_frame_out(WS_OP_TEXT, 0, "{\"a\":", 5);
    srv_frame_out(WS_OP_PING, 1, "xyz", 3);
    srv_frame_out(WS_OP_CONT, 0, "[1,2", 4);
    srv_frame_out(WS_OP_CONT, 1, "]}", 2);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_PONG && len == 3 && memcmp(pl, "xyz", 3) == 0);
    srv_frame_out(WS_OP_CLOSE, 1, "\x03\xe8" "bye", 5);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && len == 2 && pl[0] == 3 && pl[1] == 0xe8);
    _exit(0);
  case 11: /* keep-alive: wait for the client's ping */
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_PING && len == 4 && memcmp(pl, "PING", 4) == 0);
    srv_frame_out(WS_OP_PONG, 1, "PING", 4);
    srv_frame_out(WS_OP_TEXT, 1, "after", 5);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE);
    _exit(0);
  case 12: { /* masked server frame: client must fail with 1002 */
    uint8_t mk[4] = {1, 2, 3, 4}, fr[32];
    long k = ws_frame_build(WS_OP_TEXT, 1, "bad", 3, mk, fr, sizeof fr);
    srv_send(fr, (size_t)k);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && len >= 2 && (pl[0] << 8 | pl[1]) == 1002);
    _exit(0);
  }
  case 13: /* invalid UTF-8 text: 1007 */
    srv_frame_out(WS_OP_TEXT, 1, "\xC0\xAF", 2);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1007);
    _exit(0);
  case 14: /* stray continuation */
    srv_frame_out(WS_OP_CONT, 1, "x", 1);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1002);
    _exit(0);
  case 15: /* reserved bit */
    srv_send("\xC1\x01x", 3);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1002);
    _exit(0);
  case 16: /* too big: 1009 */
    srv_send("\x81\x7f\x00\x00\x00\x00\x00\x10\x00\x00", 10);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1009);
    _exit(0);
  case 17: /* EOF without close */
    _exit(0);
  case 18: /* silent: the client times out, then sends and closes */
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_TEXT && len == 4);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1000);
    srv_frame_out(WS_OP_CLOSE, 1, "\x03\xe8", 2);
    _exit(0);
  case 19: /* new text inside a fragmented message */
    srv_frame_out(WS_OP_TEXT, 0, "a", 1);
    srv_frame_out(WS_OP_TEXT, 1, "b", 1);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1002);
    _exit(0);
  case 20: /* bad close code */
    srv_frame_out(WS_OP_CLOSE, 1, "\x03\xed", 2);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_CLOSE && (pl[0] << 8 | pl[1]) == 1002);
    _exit(0);
  case 21: /* a long fragmented message over 126/64K boundaries and two reads */
    for (int i = 0; i < 300; i++) srv_frame_out(i ? WS_OP_CONT : WS_OP_TEXT, i == 299, "0123456789abcdefghij", 20);
    srv_frame(&op, pl, &len);
    SRV_CHECK(op == WS_OP_TEXT && len == 6000);
    _exit(0);
  }
  _exit(3);
}

/* Starts the fake server; returns its pid; C is handshaken on the other end
   with result *hs. */
static pid_t start(int s, int *hs) {
  int sv[2];
  TH_ASSERT(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  pid_t pid = fork();
  TH_ASSERT(pid >= 0);
  if (pid == 0) {
    close(sv[0]);
    srv_fd = sv[1];
    slen = 0;
    scenario(s);
  }
  close(sv[1]);
  *hs = ws_handshake_fd(&C, sv[0], "h:1", "/agent", 2000);
  return pid;
}

static int finish(pid_t pid) {
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 100 + WTERMSIG(st);
}

static void test_handshake_failures(void) {
  int hs;
  pid_t p = start(1, &hs);
  TH_EQ_INT(hs, WS_ERROR);
  TH_ASSERT(strstr(ws_error(&C), "Accept") != NULL);
  TH_EQ_INT(C.fd, -1);
  TH_EQ_INT(finish(p), 0);
  p = start(2, &hs);
  TH_EQ_INT(hs, WS_ERROR);
  TH_ASSERT(strstr(ws_error(&C), "403") != NULL);
  TH_EQ_INT(finish(p), 0);
  p = start(3, &hs);
  TH_EQ_INT(hs, WS_ERROR);
  TH_ASSERT(strstr(ws_error(&C), "extension") != NULL);
  TH_EQ_INT(finish(p), 0);
  p = start(4, &hs); /* a response head over WS_HTTP_MAX */
  TH_EQ_INT(hs, WS_ERROR);
  TH_ASSERT(strstr(ws_error(&C), "longer") != NULL);
  TH_EQ_INT(finish(p), 0);
}

static void test_fragments_ping_close(void) {
  int hs;
  pid_t p = start(10, &hs);
  TH_EQ_INT(hs, WS_OK);
  TH_EQ_INT(ws_send_text(&C, "hello", 5), WS_OK);
  TH_EQ_INT(ws_recv(&C, 2000), WS_TEXT);
  STR_IS(C.msg, "{\"a\":[1,2]}");
  TH_EQ_INT(C.msg_len, 11);
  TH_EQ_INT(C.pongs_sent, 1);
  TH_EQ_INT(ws_recv(&C, 2000), WS_CLOSED);
  TH_EQ_INT(C.close_code, 1000);
  TH_EQ_INT(C.fd, -1);
  TH_EQ_INT(finish(p), 0);
}

static void test_keepalive(void) {
  int hs;
  C.ping_ms = 50;
  pid_t p = start(11, &hs);
  TH_EQ_INT(hs, WS_OK);
  int64_t t0 = deadline_now_ns();
  TH_EQ_INT(ws_recv(&C, 3000), WS_TEXT);
  double ms = (double)(deadline_now_ns() - t0) / 1e6;
  STR_IS(C.msg, "after");
  TH_ASSERT(C.pings_sent >= 1);
  TH_ASSERT_MSG(ms >= 40 && ms < 2000, "ping after %.1f ms", ms);
  ws_close(&C, WS_CLOSE_NORMAL, "", 200);
  TH_EQ_INT(finish(p), 0);
  C.ping_ms = 0;
}

static void expect_error(int s, const char *what) {
  int hs;
  pid_t p = start(s, &hs);
  TH_EQ_INT(hs, WS_OK);
  TH_EQ_INT(ws_recv(&C, 2000), WS_ERROR);
  TH_ASSERT_MSG(strstr(ws_error(&C), what) != NULL, "scenario %d: \"%s\"", s, ws_error(&C));
  TH_EQ_INT(C.fd, -1);
  TH_EQ_INT(finish(p), 0);
}

static void test_malformed_server_frames(void) {
  expect_error(12, "masked");
  expect_error(13, "UTF-8");
  expect_error(14, "continuation");
  expect_error(15, "reserved");
  expect_error(16, "longer");
  expect_error(19, "inside");
  expect_error(20, "close code");
}

static void test_eof_and_timeout(void) {
  int hs;
  pid_t p = start(17, &hs);
  TH_EQ_INT(hs, WS_OK);
  TH_EQ_INT(ws_recv(&C, 2000), WS_CLOSED);
  TH_EQ_INT(C.close_code, WS_CLOSE_ABNORMAL);
  TH_EQ_INT(finish(p), 0);
  p = start(18, &hs);
  TH_EQ_INT(hs, WS_OK);
  int64_t t0 = deadline_now_ns();
  TH_EQ_INT(ws_recv(&C, 100), WS_TIMEOUT);
  double ms = (double)(deadline_now_ns() - t0) / 1e6;
  TH_ASSERT_MSG(ms >= 95 && ms < 1500, "timeout after %.1f ms", ms);
  TH_EQ_INT(ws_send_text(&C, "ping", 4), WS_OK);
  ws_close(&C, WS_CLOSE_NORMAL, "done", 2000);
  TH_EQ_INT(C.close_code, 1000);
  TH_EQ_INT(C.fd, -1);
  TH_EQ_INT(ws_send_text(&C, "x", 1), WS_ERROR);
  TH_EQ_INT(finish(p), 0);
}

static void test_long_fragmented(void) {
  int hs;
  pid_t p = start(21, &hs);
  TH_EQ_INT(hs, WS_OK);
  TH_EQ_INT(ws_recv(&C, 2000), WS_TEXT);
  TH_EQ_INT(C.msg_len, 6000);
  TH_ASSERT(memcmp(C.msg + 5980, "0123456789abcdefghij", 20) == 0);
  TH_EQ_INT(ws_send_text(&C, C.msg, C.msg_len), WS_OK);
  TH_EQ_INT(finish(p), 0);
  ws_close(&C, WS_CLOSE_NORMAL, "", 100);
}

static void test_connect_refused(void) {
  /* A port nobody listens on: a clear error, quickly. */
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(0x7f000001);
  socklen_t al = sizeof a;
  TH_ASSERT(bind(s, (struct sockaddr *)&a, sizeof a) == 0);
  TH_ASSERT(getsockname(s, (struct sockaddr *)&a, &al) == 0);
  char url[64];
  snprintf(url, sizeof url, "ws://127.0.0.1:%d/agent", ntohs(a.sin_port));
  close(s);
  TH_EQ_INT(ws_connect(&C, url, 1000), WS_ERROR);
  TH_ASSERT_MSG(strstr(ws_error(&C), "cannot connect") != NULL, "%s", ws_error(&C));
  TH_EQ_INT(ws_connect(&C, "ws://no-such-host.invalid/", 1000), WS_ERROR);
  TH_EQ_INT(ws_connect(&C, "wss://h/", 1000), WS_ERROR);
}

static const th_test TESTS[] = {
    TH_ENTRY(test_url),          TH_ENTRY(test_frame_roundtrip), TH_ENTRY(test_frame_malformed),
    TH_ENTRY(test_accept_key),   TH_ENTRY(test_utf8),            TH_ENTRY(test_headers),
    TH_ENTRY(test_handshake_failures), TH_ENTRY(test_fragments_ping_close),
    TH_ENTRY(test_keepalive),    TH_ENTRY(test_malformed_server_frames),
    TH_ENTRY(test_eof_and_timeout), TH_ENTRY(test_long_fragmented),
    TH_ENTRY(test_connect_refused),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
