/*
** fuzz_ws_client.c -- the WebSocket client of modules/ws.c (the get1000
** bot's side): the input is what a server sends. A thread plays the server
** on one end of a socketpair: it reads the client's opening handshake and
** answers with the input. If the first byte is even, the answer is a valid
** "101" head (with the right Sec-WebSocket-Accept) followed by the rest of
** the input, which so can add header lines, end the head and send frames;
** if odd, the rest of the input is the whole answer. Then EOF, and the
** thread drains whatever the client sends (pongs, close) until it closes.
** The client takes messages with ws_recv until anything but a message.
** Checks: ws_recv returns a known code; a text message is valid UTF-8 and
** fits WS_MSG_MAX; after WS_ERROR or WS_CLOSED the socket is closed; error
** messages are printable text.
** The server thread is started once and serves one input at a time
** (semaphores hand it each input and wait for it): a thread per input cost
** more than the input itself (the sanitizers map and unmap every new
** thread's stack and shadow).
*/
#include <pthread.h>
#include <semaphore.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz.h"
#include "ws.h"

static ws_t fuzz__c;

typedef struct fuzz__srv {
  int fd;
  const uint8_t *data;
  size_t size;
} fuzz__srv;

static void fuzz__write_all(int fd, const void *p, size_t n) {
  const uint8_t *b = p;
  while (n > 0) {
    /* MSG_NOSIGNAL: a client that already closed (after an error) must not
       kill the target with SIGPIPE (CI once saw exit 141 here) */
    ssize_t w = send(fd, b, n, MSG_NOSIGNAL);
    if (w <= 0) return; /* client gone */
    b += w;
    n -= (size_t)w;
  }
}

static void fuzz__serve(fuzz__srv *s) {
  char req[4096];
  size_t got = 0;
  while (got < sizeof req - 1) { /* the request head */
    ssize_t r = read(s->fd, req + got, sizeof req - 1 - got);
    if (r <= 0) break;
    got += (size_t)r;
    req[got] = 0;
    if (strstr(req, "\r\n\r\n")) break;
  }
  req[got] = 0;
  if (!(s->data[0] & 1)) {
    char key[128] = "", acc[29], head[256];
    ws_header(req, "Sec-WebSocket-Key", key, sizeof key);
    ws_accept_key(key, strlen(key), acc);
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n",
                     acc);
    fuzz__write_all(s->fd, head, (size_t)n);
  }
  fuzz__write_all(s->fd, s->data + 1, s->size - 1);
  shutdown(s->fd, SHUT_WR);
  char sink[4096];
  while (read(s->fd, sink, sizeof sink) > 0) {
  }
}

static fuzz__srv fuzz__job;
static sem_t fuzz__go, fuzz__done;

static void *fuzz__server(void *arg) {
  (void)arg;
  for (;;) {
    while (sem_wait(&fuzz__go) != 0) {
    }
    fuzz__serve(&fuzz__job);
    sem_post(&fuzz__done);
  }
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 300000) return 0;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) abort();
  static int started;
  if (!started) {
    pthread_t th;
    if (sem_init(&fuzz__go, 0, 0) != 0 || sem_init(&fuzz__done, 0, 0) != 0) abort();
    if (pthread_create(&th, NULL, fuzz__server, NULL) != 0) abort();
    pthread_detach(th);
    started = 1;
  }
  fuzz__job = (fuzz__srv){sv[1], data, size};
  sem_post(&fuzz__go);
  ws_t *c = &fuzz__c;
  int st = ws_handshake_fd(c, sv[0], "127.0.0.1:1", "/agent", 2000);
  if (st == WS_OK) {
    FUZZ_CHECK(c->fd == sv[0] && c->open);
    for (int k = 0; k < 100000; k++) {
      st = ws_recv(c, 2000);
      FUZZ_CHECK(st == WS_TEXT || st == WS_BINARY || st == WS_CLOSED || st == WS_TIMEOUT || st == WS_ERROR);
      if (st == WS_TEXT) FUZZ_CHECK(ws_utf8_valid((const uint8_t *)c->msg, c->msg_len));
      if (st == WS_TEXT || st == WS_BINARY) {
        FUZZ_CHECK(c->msg_len <= WS_MSG_MAX && c->msg[c->msg_len] == 0);
        continue;
      }
      break;
    }
    if (st == WS_ERROR || st == WS_CLOSED) FUZZ_CHECK(c->fd == -1);
    if (st == WS_ERROR) FUZZ_CHECK(fuzz_printable(ws_error(c)));
    ws_close(c, WS_CLOSE_NORMAL, "", 0);
  } else {
    FUZZ_CHECK(st == WS_ERROR && c->fd == -1 && ws_error(c)[0]);
    FUZZ_CHECK(fuzz_printable(ws_error(c)));
  }
  FUZZ_CHECK(c->fd == -1);
  while (sem_wait(&fuzz__done) != 0) {
  }
  close(sv[1]);
  return 0;
}
