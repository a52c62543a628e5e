/*
** test_http.c -- the HTTP client against an independent server: Python's
** http.server (standard library), started by each test on 127.0.0.1 with an
** OS-chosen free port. Covers Content-Length, chunked bodies, keep-alive
** reuse, Connection: close, HTTP/1.0 read-to-close, form POST encoding,
** read and connect failures, a too-small buffer, and URL/form helpers.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "deadline.h"
#include "http.h"
#include "testhelp.h"

static const char *PY_SERVER =
    "import http.server, socketserver, sys, time\n"
    "class H(http.server.BaseHTTPRequestHandler):\n"
    "    protocol_version = 'HTTP/1.1'\n"
    "    def log_message(self, *a): pass\n"
    "    def send_body(self, body, close=False):\n"
    "        self.send_response(200)\n"
    "        self.send_header('Content-Type', 'text/plain')\n"
    "        self.send_header('Content-Length', str(len(body)))\n"
    "        if close: self.send_header('Connection', 'close')\n"
    "        self.end_headers(); self.wfile.write(body)\n"
    "        if close: self.close_connection = True\n"
    "    def do_GET(self):\n"
    "        p = self.path\n"
    "        if p == '/len': self.send_body(b'hello world')\n"
    "        elif p == '/close': self.send_body(b'bye', close=True)\n"
    "        elif p == '/chunked':\n"
    "            self.send_response(200)\n"
    "            self.send_header('Transfer-Encoding', 'chunked')\n"
    "            self.end_headers()\n"
    "            for part in (b'{\"a\":', b'[1,2,3]', b'}'):\n"
    "                self.wfile.write(b'%x\\r\\n' % len(part) + part + b'\\r\\n')\n"
    "            self.wfile.write(b'0\\r\\n\\r\\n')\n"
    "        elif p == '/http10':\n"
    "            self.wfile.write(b'HTTP/1.0 200 OK\\r\\nContent-Type: text/plain\\r\\n\\r\\nold style body')\n"
    "            self.close_connection = True\n"
    "        elif p == '/slow': time.sleep(2); self.send_body(b'late')\n"
    "        elif p == '/big': self.send_body(b'x' * 100000)\n"
    "        elif p == '/missing':\n"
    "            self.send_response(404); self.send_header('Content-Length', '9')\n"
    "            self.end_headers(); self.wfile.write(b'not found')\n"
    "        elif p == '/truncated':\n"
    "            self.wfile.write(b'HTTP/1.1 200 OK\\r\\nContent-Length: 50\\r\\n\\r\\nshort')\n"
    "            self.close_connection = True\n"
    "        else: self.send_body(p.encode())\n"
    "    def do_POST(self):\n"
    "        n = int(self.headers.get('Content-Length', '0'))\n"
    "        body = self.rfile.read(n)\n"
    "        ct = self.headers.get('Content-Type', '')\n"
    "        self.send_body(ct.encode() + b'|' + self.path.encode() + b'|' + body)\n"
    "class S(socketserver.ThreadingMixIn, http.server.HTTPServer):\n"
    "    daemon_threads = True\n"
    "s = S(('127.0.0.1', 0), H)\n"
    "open(sys.argv[1], 'w').write(str(s.server_address[1]))\n"
    "s.serve_forever()\n";

/* String equality with bounded output (TH_EQ_STR's unbounded %s trips
   -Wformat-truncation on large arrays). */
#define EQS(a, b) TH_ASSERT_MSG(strcmp((a), (b)) == 0, "\"%.200s\" != \"%.200s\"", (a), (b))

static pid_t server_pid = -1;
static int server_port;

/* Starts the Python server; returns 0 or -1 (python3 missing). */
static int start_server(void) {
  char script[] = "/tmp/test_http_py_XXXXXX";
  int fd = mkstemp(script);
  TH_ASSERT(fd >= 0);
  TH_ASSERT(write(fd, PY_SERVER, strlen(PY_SERVER)) == (ssize_t)strlen(PY_SERVER));
  close(fd);
  char portfile[64];
  snprintf(portfile, sizeof portfile, "%s.port", script);
  unlink(portfile);
  server_pid = fork();
  TH_ASSERT(server_pid >= 0);
  if (server_pid == 0) {
    FILE *devnull = freopen("/dev/null", "w", stderr); /* Python's tracebacks */
    (void)devnull;
    execlp("python3", "python3", script, portfile, (char *)NULL);
    _exit(127);
  }
  deadline_t d;
  deadline_start(&d, 10000);
  server_port = 0;
  while (!deadline_passed(&d) && server_port == 0) {
    FILE *f = fopen(portfile, "r");
    if (f) {
      if (fscanf(f, "%d", &server_port) != 1) server_port = 0;
      fclose(f);
    }
    int st;
    if (server_port == 0 && waitpid(server_pid, &st, WNOHANG) == server_pid) break;
    if (server_port == 0) usleep(20000);
  }
  unlink(script);
  unlink(portfile);
  return server_port > 0 ? 0 : -1;
}

static void stop_server(void) {
  if (server_pid > 0) {
    kill(server_pid, SIGTERM);
    waitpid(server_pid, NULL, 0);
  }
  server_pid = -1;
}

static char url_buf[256];
static const char *url(const char *path) {
  snprintf(url_buf, sizeof url_buf, "http://127.0.0.1:%d%s", server_port, path);
  return url_buf;
}

static http_client C;
static char body[8192];

static void test_content_length_and_keepalive(void) {
  TH_ASSERT_MSG(start_server() == 0, "python3 http.server did not start");
  http_init(&C, 2000, 3000);
  int st = 0;
  for (int i = 0; i < 3; i++) {
    long n = http_request(&C, "GET", url("/len"), NULL, NULL, 0, body, sizeof body, &st);
    TH_ASSERT_MSG(n == 11, "n=%ld err=%s", n, http_error(&C));
    TH_EQ_INT(st, 200);
    EQS(body, "hello world");
  }
  TH_EQ_INT(C.connects, 1); /* one connection reused */
  TH_ASSERT(C.fd >= 0);
  long n = http_request(&C, "GET", url("/close"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, 3);
  EQS(body, "bye");
  TH_EQ_INT(C.fd, -1); /* the server said close */
  n = http_request(&C, "GET", url("/len"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, 11);
  TH_EQ_INT(C.connects, 2);
  http_close(&C);
  stop_server();
}

static void test_chunked(void) {
  TH_ASSERT(start_server() == 0);
  http_init(&C, 2000, 3000);
  int st;
  long n = http_request(&C, "GET", url("/chunked"), NULL, NULL, 0, body, sizeof body, &st);
  TH_ASSERT_MSG(n == 13, "n=%ld err=%s", n, http_error(&C));
  EQS(body, "{\"a\":[1,2,3]}");
  /* the connection stays usable after a chunked body */
  n = http_request(&C, "GET", url("/len"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, 11);
  TH_EQ_INT(C.connects, 1);
  http_close(&C);
  stop_server();
}

static void test_http10_read_to_close(void) {
  TH_ASSERT(start_server() == 0);
  http_init(&C, 2000, 3000);
  int st;
  long n = http_request(&C, "GET", url("/http10"), NULL, NULL, 0, body, sizeof body, &st);
  TH_ASSERT_MSG(n == 14, "n=%ld err=%s", n, http_error(&C));
  EQS(body, "old style body");
  TH_EQ_INT(C.fd, -1);
  stop_server();
}

static void test_form_post(void) {
  TH_ASSERT(start_server() == 0);
  http_init(&C, 2000, 3000);
  char form[256] = "";
  TH_ASSERT(http_form_add(form, sizeof form, "key", "a b&c=d") > 0);
  TH_ASSERT(http_form_add(form, sizeof form, "dir", "North") > 0);
  EQS(form, "key=a%20b%26c%3Dd&dir=North");
  int st;
  long n = http_post_form(&C, url("/api/x?gameId=7"), form, body, sizeof body, &st);
  TH_ASSERT_MSG(n > 0, "err=%s", http_error(&C));
  EQS(body, "application/x-www-form-urlencoded|/api/x?gameId=7|key=a%20b%26c%3Dd&dir=North");
  http_close(&C);
  stop_server();
}

static void test_status_and_errors(void) {
  TH_ASSERT(start_server() == 0);
  http_init(&C, 2000, 500);
  int st;
  long n = http_request(&C, "GET", url("/missing"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, 9);
  TH_EQ_INT(st, 404);
  /* read timeout */
  deadline_t d;
  deadline_start(&d, 0);
  n = http_request(&C, "GET", url("/slow"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, -1);
  TH_ASSERT(strstr(http_error(&C), "timed out") != NULL);
  TH_ASSERT(deadline_elapsed_ms(&d) < 1500);
  /* body larger than the buffer */
  http_set_timeouts(&C, 2000, 3000);
  n = http_request(&C, "GET", url("/big"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, -1);
  TH_ASSERT(strstr(http_error(&C), "larger") != NULL);
  /* truncated body */
  n = http_request(&C, "GET", url("/truncated"), NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, -1);
  TH_ASSERT(strstr(http_error(&C), "closed") != NULL);
  int port = server_port;
  stop_server();
  /* connection refused once the server is gone */
  char u[128];
  snprintf(u, sizeof u, "http://127.0.0.1:%d/len", port);
  http_init(&C, 1000, 1000);
  n = http_request(&C, "GET", u, NULL, NULL, 0, body, sizeof body, &st);
  TH_EQ_INT(n, -1);
  TH_ASSERT_MSG(strstr(http_error(&C), "connect") != NULL, "%s", http_error(&C));
}

static void test_url_parsing(void) {
  http_url u;
  char err[128];
  TH_EQ_INT(http_parse_url("http://example.org:8080/api/a/b/play", &u, err, sizeof err), 0);
  EQS(u.host, "example.org");
  TH_EQ_INT(u.port, 8080);
  EQS(u.path, "/api/a/b/play");
  TH_EQ_INT(http_parse_url("http://h", &u, err, sizeof err), 0);
  TH_EQ_INT(u.port, 80);
  EQS(u.path, "/");
  TH_EQ_INT(http_parse_url("http://h?x=1", &u, err, sizeof err), 0);
  EQS(u.path, "/?x=1");
  TH_EQ_INT(http_parse_url("https://h/", &u, err, sizeof err), -1);
  TH_EQ_INT(http_parse_url("http://h:99999/", &u, err, sizeof err), -1);
  TH_EQ_INT(http_parse_url("http://:80/", &u, err, sizeof err), -1);
  char s[] = "a+b%2Fc%3d";
  TH_EQ_INT(http_url_decode(s), 6);
  EQS(s, "a b/c=");
  char bad[] = "%zz";
  TH_EQ_INT(http_url_decode(bad), -1);
  char small[8] = "";
  TH_EQ_INT(http_form_add(small, sizeof small, "key", "long value"), -1);
}

/* A scripted server in a child process: for connection k (0-based) it
   reads one request head at a time and answers replies[k][i] (raw bytes);
   the reply "RST" resets the connection after reading the request
   (SO_LINGER 0), "" closes it at once. Returns the port; the child is server_pid. */
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
static int scripted_server(const char *const replies[][4], int nconn) {
  int lfd = socket(AF_INET, SOCK_STREAM, 0);
  TH_ASSERT(lfd >= 0);
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  TH_ASSERT(bind(lfd, (struct sockaddr *)&a, sizeof a) == 0 && listen(lfd, 8) == 0);
  socklen_t al = sizeof a;
  getsockname(lfd, (struct sockaddr *)&a, &al);
  server_pid = fork();
  TH_ASSERT(server_pid >= 0);
  if (server_pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a failed test leaves no server behind */
    alarm(20);
    for (int k = 0; k < nconn; k++) {
      int fd = accept(lfd, NULL, NULL);
      if (fd < 0) _exit(1);
      for (int i = 0; i < 4 && replies[k][i]; i++) {
        if (!replies[k][i][0]) break; /* close without reading more */
        char req[4096];
        size_t got = 0;
        while (got < sizeof req - 1) {
          ssize_t r = read(fd, req + got, sizeof req - 1 - got);
          if (r <= 0) break;
          got += (size_t)r;
          req[got] = 0;
          if (strstr(req, "\r\n\r\n")) break;
        }
        if (strcmp(replies[k][i], "RST") == 0) {
          struct linger lg = {1, 0};
          setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
          break;
        }
        if (write(fd, replies[k][i], strlen(replies[k][i])) < 0) break;
      }
      close(fd);
    }
    _exit(0);
  }
  close(lfd);
  server_port = ntohs(a.sin_port);
  return server_port;
}

#define OK2 "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"

/* Regression (issue 15): a server that resets a reused keep-alive
   connection (instead of a clean close) failed the request with
   "Connection reset by peer"; it must be retried once on a new one. */
static void test_reset_reused_connection_retried(void) {
  static const char *const script[][4] = {{OK2, "RST", NULL, NULL}, {OK2, NULL, NULL, NULL}};
  scripted_server(script, 2);
  http_init(&C, 2000, 3000);
  int st = 0;
  for (int i = 0; i < 2; i++) {
    long n = http_request(&C, "GET", url("/x"), NULL, NULL, 0, body, sizeof body, &st);
    TH_ASSERT_MSG(n == 2 && st == 200, "request %d: %ld %d %s", i, n, st, http_error(&C));
    EQS(body, "ok");
  }
  TH_EQ_INT(C.connects, 2);
  http_close(&C);
  stop_server();
}

/* Regression (issue 15): "100 Continue" was taken as the final status. */
static void test_interim_100_continue_skipped(void) {
  static const char *const script[][4] = {
      {"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\nX: y\r\n\r\n" OK2,
       "HTTP/1.1 100 Continue\r\n\r\n", NULL, NULL}};
  scripted_server(script, 1);
  http_init(&C, 2000, 3000);
  int st = 0;
  long n = http_post_form(&C, url("/p"), "a=1", body, sizeof body, &st);
  TH_ASSERT_MSG(n == 2 && st == 200, "%ld %d %s", n, st, http_error(&C));
  EQS(body, "ok");
  n = http_request(&C, "GET", url("/x"), NULL, NULL, 0, body, sizeof body, &st);
  TH_ASSERT_MSG(n == -1 && strstr(http_error(&C), "interim"), "%ld %s", n, http_error(&C));
  http_close(&C);
  stop_server();
}

/* Regression (issue 15): server bytes quoted in errors are escaped. */
static void test_binary_in_errors_escaped(void) {
  static const char *const script[][4] = {{"\x1b[2J\x01\xff\xfe garbage\r\n\r\n", NULL, NULL, NULL},
                                          {"HTTP/1.1 200 OK\r\nContent-Length: \x1b]0;x\x07\r\n\r\n", NULL, NULL, NULL}};
  scripted_server(script, 2);
  http_init(&C, 2000, 3000);
  int st = 0;
  for (int i = 0; i < 2; i++) {
    long n = http_request(&C, "GET", url("/x"), NULL, NULL, 0, body, sizeof body, &st);
    const char *e = http_error(&C);
    TH_ASSERT_MSG(n == -1 && e[0], "%ld", n);
    for (const char *p = e; *p; p++)
      TH_ASSERT_MSG((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f, "raw byte 0x%02x in \"%s\"",
                    (unsigned char)*p, e);
    TH_ASSERT_MSG(strstr(e, "\\x1b") != NULL, "%s", e);
  }
  http_close(&C);
  stop_server();
}

/* Found by fuzz_http_client: a chunked body whose trailer ended with the
   connection failed without any error message. */
static void test_eof_in_chunk_trailer_has_message(void) {
  static const char *const script[][4] = {
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nX-Trailer: y\r\n", "", NULL, NULL}};
  scripted_server(script, 1);
  http_init(&C, 2000, 3000);
  int st = 0;
  long n = http_request(&C, "GET", url("/x"), NULL, NULL, 0, body, sizeof body, &st);
  TH_ASSERT_MSG(n == -1 && strstr(http_error(&C), "trailer") != NULL, "%ld \"%s\"", n, http_error(&C));
  stop_server();
}

static const th_test TESTS[] = {
    TH_ENTRY(test_eof_in_chunk_trailer_has_message),
    TH_ENTRY(test_reset_reused_connection_retried),
    TH_ENTRY(test_interim_100_continue_skipped),
    TH_ENTRY(test_binary_in_errors_escaped),
    TH_ENTRY(test_content_length_and_keepalive),
    TH_ENTRY(test_chunked),
    TH_ENTRY(test_http10_read_to_close),
    TH_ENTRY(test_form_post),
    TH_ENTRY(test_status_and_errors),
    TH_ENTRY(test_url_parsing),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
