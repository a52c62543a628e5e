/*
** fuzz_ws_server.c -- the server-side helpers of modules/ws.c, used the way
** the get1000 server uses them: the input is what a client sends. The head
** (up to the first blank line) goes through ws_header / ws_has_token for
** the upgrade checks, base64_decode of the key and ws_accept_key; the bytes
** after it through ws_frame_parse, ws_mask and ws_utf8_valid frame by
** frame, and close payloads through ws_close_code_valid.
** Checks: a header value fits its buffer and has no surrounding blanks; a
** parsed frame header is 2..14 bytes and agrees with ws_frame_build of the
** same fields; unmasking twice restores the payload.
*/
#include "base64.h"
#include "fuzz.h"
#include "ws.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t buf[FUZZ_MAX + 1], copy[FUZZ_MAX + 1], built[FUZZ_MAX + 32];
  size_t n;
  const char *s = fuzz_cstr(data, size, &n);
  const char *end = strstr(s, "\r\n\r\n");
  size_t head_len = end ? (size_t)(end - s) + 4 : 0;
  if (end) {
    static char head[FUZZ_MAX + 1];
    memcpy(head, s, head_len);
    head[head_len] = 0;
    static const char *names[] = {"Upgrade", "Connection", "Sec-WebSocket-Version", "Sec-WebSocket-Key",
                                  "Host", "Sec-WebSocket-Extensions"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
      char v[256];
      int l = ws_header(head, names[i], v, sizeof v);
      if (l < 0) continue;
      FUZZ_CHECK((size_t)l < sizeof v && strlen(v) == (size_t)l);
      FUZZ_CHECK(l == 0 || (v[0] != ' ' && v[0] != '\t' && v[l - 1] != ' ' && v[l - 1] != '\t'));
      (void)ws_has_token(v, "websocket");
      (void)ws_has_token(v, "upgrade");
      if (i == 3) {
        uint8_t raw[64];
        char acc[29];
        (void)base64_decode(v, (size_t)l, raw, sizeof raw);
        ws_accept_key(v, (size_t)l, acc);
        FUZZ_CHECK(strlen(acc) == 28);
      }
    }
  }
  /* frames after the head (or the whole input if there is none) */
  size_t len = n - head_len;
  memcpy(buf, data + head_len, len);
  size_t pos = 0;
  while (pos < len) {
    ws_frame f;
    int h = ws_frame_parse(buf + pos, len - pos, &f);
    if (h <= 0) break;
    FUZZ_CHECK(h >= 2 && h <= WS_HDR_MAX && (size_t)h == f.hdr_len);
    if (f.len > len - pos - (size_t)h) break;
    uint8_t *pl = buf + pos + h;
    size_t pn = (size_t)f.len;
    /* the same fields built again parse back to themselves (the builder
       uses the shortest length form, so its header is never longer) */
    long b = ws_frame_build(f.opcode, f.fin, pl, pn, f.masked ? f.mask : NULL, built, sizeof built);
    FUZZ_CHECK(b > 0);
    ws_frame g;
    int hb = ws_frame_parse(built, (size_t)b, &g);
    if (f.rsv == 0) FUZZ_CHECK(hb > 0 && hb <= h && g.len == f.len && g.fin == f.fin && g.opcode == f.opcode &&
                               g.masked == f.masked && (size_t)b == (size_t)hb + pn);
    memcpy(copy, pl, pn);
    ws_mask(copy, pn, f.mask, 1);
    ws_mask(copy, pn, f.mask, 1);
    FUZZ_CHECK(memcmp(copy, pl, pn) == 0);
    if (f.masked) ws_mask(pl, pn, f.mask, 0);
    if (f.opcode == WS_OP_TEXT || f.opcode == WS_OP_CONT) (void)ws_utf8_valid(pl, pn);
    if (f.opcode == WS_OP_CLOSE && pn >= 2) {
      (void)ws_close_code_valid((pl[0] << 8) | pl[1]);
      (void)ws_utf8_valid(pl + 2, pn - 2);
    }
    pos += (size_t)h + pn;
  }
  return 0;
}
