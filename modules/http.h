/*
** http.h -- a small HTTP/1.1 client over POSIX sockets, allocator-free.
**
** One http_client holds at most one open connection (to the last host:port
** used) and reuses it while the server keeps it alive (HTTP/1.1 without
** "Connection: close", or HTTP/1.0 with "Connection: keep-alive"). Bodies
** are read by Content-Length, chunked transfer coding, or up to the close.
** Connect and read timeouts come from the monotonic clock (deadline.h); a
** request never blocks longer than connect_ms + read_ms.
**
** Invariants: the response body is written into the caller's buffer and
** NUL-terminated; on any failure the call returns -1, the connection is
** closed and http_error() says what happened (e.g. "connect to
** 127.0.0.1:9 failed: Connection refused", "timed out after 5000 ms waiting
** for the response"). A reused connection that the server had already
** closed (or reset) is reopened once, transparently, if no response byte
** was read. Interim 1xx responses (100 Continue) are skipped; error
** messages quote server bytes through text_printable (no raw binary).
*/
#ifndef HTTP_H
#define HTTP_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"

#define HTTP_HOST_MAX 128
#define HTTP_PATH_MAX 1024
#define HTTP_IOBUF 16384

typedef struct http_url {
  char host[HTTP_HOST_MAX]; /* name or dotted address, no brackets */
  int port;                 /* 80 if absent */
  char path[HTTP_PATH_MAX]; /* starts with '/', includes the query */
} http_url;

typedef struct http_client {
  int fd;                   /* -1 when not connected */
  char host[HTTP_HOST_MAX];
  int port;
  int connect_ms, read_ms;  /* timeouts */
  int last_status;
  int reused;               /* 1 if the last request went over a reused connection */
  long requests, connects;  /* counters */
  char err[256];
  size_t in_len, in_pos;    /* bytes buffered from the socket */
  char in[HTTP_IOBUF];
} http_client;

/* Parses "http://host[:port][/path]". Returns 0 or -1 (err filled). */
BOT_API int http_parse_url(const char *url, http_url *u, char *err, size_t cap);
BOT_API void http_init(http_client *c, int connect_ms, int read_ms);
BOT_API void http_set_timeouts(http_client *c, int connect_ms, int read_ms);
BOT_API void http_close(http_client *c);
/* Sends one request and reads the whole response body into out[0..cap)
   (NUL-terminated). Returns the body length, or -1 (see http_error). The
   status goes into *status (also c->last_status). */
BOT_API long http_request(http_client *c, const char *method, const char *url,
                          const char *content_type, const char *body, size_t body_len,
                          char *out, size_t cap, int *status);
/* POST with an application/x-www-form-urlencoded body. */
BOT_API long http_post_form(http_client *c, const char *url, const char *form, char *out,
                            size_t cap, int *status);
/* Appends "key=value" (percent-encoded, '&' before it if form is not empty)
   to the NUL-terminated form in buf. Returns the new length or -1. */
BOT_API int http_form_add(char *buf, size_t cap, const char *key, const char *value);
/* Decodes a form/query component (+ to space, %XX) in place; returns the
   new length, or -1 on a bad escape. */
BOT_API int http_url_decode(char *s);
BOT_API const char *http_error(const http_client *c);

#endif /* HTTP_H */
