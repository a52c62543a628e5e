/*
** ws.h -- RFC 6455 WebSocket client over plain TCP (ws://, no TLS, no
** extensions, no subprotocol), plus the framing helpers a small server
** needs (frame header parse/build, accept key, UTF-8 check, header lookup).
**
** Client use:
**     static ws_t c;                          // about 140 KB: make it static
**     if (ws_connect(&c, "ws://127.0.0.1:8443/agent", 5000) != WS_OK) ...
**     ws_send_text(&c, "{...}", n);
**     int st = ws_recv(&c, 1000);             // WS_TEXT: c.msg / c.msg_len
**     ws_close(&c, WS_CLOSE_NORMAL, "", 1000);
** ws_recv answers pings with pongs, skips pongs, reassembles fragmented
** messages (control frames may arrive in between), sends a keep-alive ping
** when nothing was sent for c.ping_ms (default WS_PING_MS, at most 60 s),
** and on a close frame answers it and returns WS_CLOSED.
**
** Invariants: no allocation; every client frame is masked with a fresh
** random key; every malformed input (bad status line, wrong accept key,
** masked or reserved-bit server frame, bad length, oversized or fragmented
** control frame, stray continuation, invalid UTF-8 text, message over
** WS_MSG_MAX) gives WS_ERROR with a message in ws_error(), after sending
** the matching close code where the connection still allows it. After
** WS_CLOSED or WS_ERROR the socket is closed (fd = -1).
*/
#ifndef WS_H
#define WS_H

#include <stddef.h>
#include <stdint.h>
#include "common.h"
#include "rng.h"

#define WS_MSG_MAX 65536          /* largest message accepted (bytes) */
#define WS_HDR_MAX 14             /* largest frame header */
#define WS_HTTP_MAX 8192          /* largest handshake response */
#define WS_PING_MS 30000          /* default keep-alive interval */
#define WS_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

enum {
  WS_OK = 0,
  WS_TEXT = 1,
  WS_BINARY = 2,
  WS_CLOSED = 3,  /* peer closed (close_code tells how; 1006: no close frame) */
  WS_TIMEOUT = 4, /* no complete message within the timeout */
  WS_ERROR = -1
};

enum {
  WS_OP_CONT = 0x0, WS_OP_TEXT = 0x1, WS_OP_BINARY = 0x2,
  WS_OP_CLOSE = 0x8, WS_OP_PING = 0x9, WS_OP_PONG = 0xA
};

enum {
  WS_CLOSE_NORMAL = 1000, WS_CLOSE_GOING_AWAY = 1001, WS_CLOSE_PROTOCOL = 1002,
  WS_CLOSE_NO_STATUS = 1005, WS_CLOSE_ABNORMAL = 1006, WS_CLOSE_BAD_DATA = 1007,
  WS_CLOSE_TOO_BIG = 1009
};

typedef struct ws_url {
  char host[256]; /* without brackets for IPv6 literals */
  int port;
  char path[1024]; /* starts with '/', includes any query */
} ws_url;

typedef struct ws_frame {
  int fin, rsv, opcode, masked;
  uint8_t mask[4];
  uint64_t len;   /* payload length */
  size_t hdr_len; /* bytes of header, mask key included */
} ws_frame;

typedef struct ws_t {
  int fd;            /* -1 when not connected */
  int open;          /* handshake done, no close sent or received */
  int close_sent;
  int close_code;    /* code of the peer's close frame, or WS_CLOSE_* */
  int ping_ms;       /* keep-alive interval, 1..60000 */
  int64_t last_send_ns;
  long pings_sent, pongs_sent;
  rng_t rng;         /* masking keys and the handshake key */
  int frag_op;       /* opcode of the message being reassembled, or 0 */
  size_t in_len;     /* raw bytes waiting in in[] */
  size_t msg_len;    /* the message returned by ws_recv */
  char err[200];
  char msg[WS_MSG_MAX + 1];                 /* NUL-terminated message */
  uint8_t in[WS_MSG_MAX + WS_HDR_MAX + 64]; /* raw input */
} ws_t;

/* ws://host[:port][/path]; 0 on success, -1 with a message in err. */
BOT_API int ws_parse_url(const char *url, ws_url *u, char *err, size_t errcap);

/* Frame header at buf[0..n): returns the header length (> 0), 0 if more
   bytes are needed, -1 if malformed (reserved opcode, fragmented or long
   control frame, 64-bit length with the top bit set). */
BOT_API int ws_frame_parse(const uint8_t *buf, size_t n, ws_frame *f);
/* Writes one frame (header, then payload masked with mask if mask != NULL)
   into out; returns its length or -1 if cap is too small. */
BOT_API long ws_frame_build(int opcode, int fin, const void *payload, size_t len,
                            const uint8_t *mask, uint8_t *out, size_t cap);
/* XORs data with the 4-byte mask, starting at mask offset `off`. */
BOT_API void ws_mask(uint8_t *data, size_t len, const uint8_t mask[4], size_t off);
/* Sec-WebSocket-Accept for a Sec-WebSocket-Key: base64(sha1(key + GUID)). */
BOT_API void ws_accept_key(const char *key, size_t key_len, char out[29]);
/* 1 if s[0..n) is valid UTF-8 (no overlongs, no surrogates, <= U+10FFFF). */
BOT_API int ws_utf8_valid(const uint8_t *s, size_t n);
/* Value of header `name` (case-insensitive) in an HTTP head (lines ending
   in \r\n), trimmed, into out. Returns its length or -1 if absent/too long. */
BOT_API int ws_header(const char *head, const char *name, char *out, size_t cap);
/* 1 if the comma-separated header value contains token (case-insensitive). */
BOT_API int ws_has_token(const char *value, const char *token);
/* Valid close code on the wire (RFC 6455 7.4). */
BOT_API int ws_close_code_valid(int code);

/* Connects (TCP with TCP_NODELAY, then the opening handshake), all within
   timeout_ms. */
BOT_API int ws_connect(ws_t *c, const char *url, int timeout_ms);
/* Opening handshake on an already connected socket (tests, socketpairs).
   host is the Host header value. Takes ownership of fd. */
BOT_API int ws_handshake_fd(ws_t *c, int fd, const char *host, const char *path, int timeout_ms);
BOT_API int ws_send_text(ws_t *c, const char *data, size_t len);
/* Any single frame (masked); fin = 1 except for fragment tests. */
BOT_API int ws_send_frame(ws_t *c, int opcode, int fin, const void *data, size_t len);
/* Waits up to timeout_ms (< 0: forever) for the next data message. */
BOT_API int ws_recv(ws_t *c, int timeout_ms);
/* Sends a close frame (if still open), waits up to timeout_ms for the
   peer's, and closes the socket. Safe to call in any state. */
BOT_API void ws_close(ws_t *c, int code, const char *reason, int timeout_ms);
BOT_API const char *ws_error(const ws_t *c);

#endif /* WS_H */
