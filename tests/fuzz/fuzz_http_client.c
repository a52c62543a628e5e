/*
** fuzz_http_client.c -- the HTTP response parser of modules/http.c (the
** blitz bot's side): the input is what a server sends back. The client's
** connection is one end of a socketpair, preset as an open keep-alive
** connection to 127.0.0.1:1; the other end holds the input and then EOF.
** Two requests go over it (the second reads what the first left behind);
** a retry after a dropped reused connection reconnects to port 1, which
** refuses at once. The first byte picks the method and the buffer size.
** Checks: a result is -1 or a body length that fits the buffer, the body
** is NUL-terminated there, the status is 100..999, an error has a message
** and it is printable text (no raw server bytes).
*/
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz.h"
#include "http.h"

static http_client fuzz__c;

static void fuzz__check(long r, int status, const char *out, size_t cap) {
  if (r >= 0) {
    FUZZ_CHECK((size_t)r < cap && out[r] == 0);
    FUZZ_CHECK(status >= 100 && status <= 999);
  } else {
    FUZZ_CHECK(http_error(&fuzz__c)[0] != 0);
    FUZZ_CHECK(fuzz_printable(http_error(&fuzz__c)));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char out[70000];
  if (size < 1 || size > 200000) return 0;
  static const char *methods[] = {"GET", "POST", "HEAD", "PUT"};
  const char *method = methods[data[0] & 3];
  size_t cap = (data[0] & 4) ? 64 : sizeof out;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) abort();
  int big = 1 << 20;
  setsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
  setsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
  fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL, 0) | O_NONBLOCK);
  fcntl(sv[1], F_SETFL, fcntl(sv[1], F_GETFL, 0) | O_NONBLOCK);
  size_t off = 1;
  while (off < size) {
    ssize_t w = write(sv[1], data + off, size - off);
    if (w <= 0) break; /* buffer full: the rest is never sent */
    off += (size_t)w;
  }
  shutdown(sv[1], SHUT_WR);
  http_init(&fuzz__c, 200, 200);
  fuzz__c.fd = sv[0];
  strcpy(fuzz__c.host, "127.0.0.1");
  fuzz__c.port = 1;
  int status = 0;
  const char *body = strcmp(method, "GET") == 0 ? NULL : "a=1";
  long r = http_request(&fuzz__c, method, "http://127.0.0.1:1/api/x", "application/x-www-form-urlencoded",
                        body, body ? 3 : 0, out, cap, &status);
  fuzz__check(r, status, out, cap);
  if (fuzz__c.fd == sv[0]) { /* kept alive: the next response follows */
    r = http_request(&fuzz__c, "GET", "http://127.0.0.1:1/again", NULL, NULL, 0, out, cap, &status);
    fuzz__check(r, status, out, cap);
  }
  http_close(&fuzz__c);
  close(sv[1]);
  return 0;
}
