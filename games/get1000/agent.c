/*
** agent.c -- Get1000 protocol state machine (see agent.h).
** Parsing uses modules/json.c on a fixed token array; the class name is
** matched on the part after its last '.', so another package prefix works.
*/
#include "agent.h"

#include <stdio.h>
#include <string.h>

#include "json.h"
#include "text.h"

#define AGENT_TOKS 128

BOT_API int agent_init(agent_t *a, const policy_tables *t, policy_kind k, const char *room,
                       const char *name, uint64_t seed, int random_ties) {
  memset(a, 0, sizeof *a);
  a->tab = t;
  a->kind = k;
  a->random_ties = random_ties;
  a->tie_eps = 1e-9;
  rng_seed(&a->rng, seed);
  if (!room || !name || strlen(room) > AGENT_ID_MAX || strlen(name) > AGENT_ID_MAX) return -1;
  if (json_escape(room, a->room_json, sizeof a->room_json) < 0) return -1;
  if (json_escape(name, a->name_json, sizeof a->name_json) < 0) return -1;
  policy_reset(&a->g);
  return 0;
}

BOT_API int agent_join(const agent_t *a, char *out, size_t cap) {
  int n = snprintf(out, cap, "{\"action\":[\"no.sonat.game.JoinRoomAction\",{\"id\":%s,\"name\":%s}]}",
                   a->room_json, a->name_json);
  return (n < 0 || (size_t)n >= cap) ? -1 : n;
}

static void agent__log_round(agent_t *a) {
  long long d = policy_distance(a->g.s);
  a->dist_sum += d;
  a->rounds++;
  if (!a->verbose) return;
  /* grid rows: the three dice of each column in placement order */
  int col_dice[3][3], nd[3] = {0, 0, 0};
  for (int i = 0; i < 9; i++) {
    int c = a->cols[i];
    if (c >= 0 && c < 3 && nd[c] < 3) col_dice[c][nd[c]++] = a->rolls[i];
  }
  char moves[10];
  for (int i = 0; i < 9; i++) moves[i] = policy_letter(a->cols[i]);
  moves[9] = 0;
  fprintf(stderr, "round %ld: %s H[%d %d %d] T[%d %d %d] O[%d %d %d] total %lld distance %lld\n",
          a->rounds, moves, col_dice[0][0], col_dice[0][1], col_dice[0][2], col_dice[1][0],
          col_dice[1][1], col_dice[1][2], col_dice[2][0], col_dice[2][1], col_dice[2][2], a->g.s,
          d);
}

BOT_API int agent_on_roll(agent_t *a, long long value, char *reply, size_t cap) {
  if (cap) reply[0] = 0;
  if (value < 1 || value > 6) return -1;
  if (policy_placed(&a->g) >= 9) policy_reset(&a->g);
  int v = (int)value;
  int col = policy_choose_eps(a->tab, a->kind, &a->g, v, a->random_ties ? &a->rng : NULL, a->tie_eps);
  col = policy_guard(&a->g, col); /* belt and braces: never a full column */
  int k = policy_placed(&a->g);
  a->rolls[k] = v;
  a->cols[k] = col;
  policy_place(&a->g, col, v);
  a->total_rolls++;
  int n = snprintf(reply, cap,
                   "{\"action\":[\"no.sonat.game.PlacementAction\",{\"id\":%s,\"name\":%s,"
                   "\"placement\":\"%s\"}]}",
                   a->room_json, a->name_json, policy_wire_name(col));
  if (n < 0 || (size_t)n >= cap) reply[0] = 0;
  if (policy_placed(&a->g) == 9) agent__log_round(a);
  return col;
}

/* Suffix of a class name after its last '.'. */
static int agent__class_is(const json_doc *d, int tok, const char *cls, char *buf, size_t cap) {
  if (json_str_copy(d, tok, buf, cap) < 0) return 0;
  const char *dot = strrchr(buf, '.');
  return strcmp(dot ? dot + 1 : buf, cls) == 0;
}

BOT_API int agent_on_message(agent_t *a, const char *msg, size_t len, char *reply, size_t cap) {
  json_tok toks[AGENT_TOKS];
  json_doc d;
  char cls[256];
  if (json_parse(&d, msg, len, toks, AGENT_TOKS) < 0 || toks[0].type != JSON_OBJECT) {
    a->junk++;
    if (a->verbose) fprintf(stderr, "ignoring a message that is not a JSON object: %.80s\n", msg);
    return AGENT_NONE;
  }
  int env = json_get(&d, 0, "response");
  int name = env >= 0 ? json_at(&d, env, 0) : -1;
  int body = env >= 0 ? json_at(&d, env, 1) : -1;
  if (env < 0 || toks[env].type != JSON_ARRAY || name < 0 || toks[name].type != JSON_STRING ||
      json_str_copy(&d, name, cls, sizeof cls) < 0) {
    a->junk++;
    if (a->verbose) fprintf(stderr, "ignoring a message without a response envelope: %.80s\n", msg);
    return AGENT_NONE;
  }
  int has_body = body >= 0 && toks[body].type == JSON_OBJECT;
  if (agent__class_is(&d, name, "DiceRoll", cls, sizeof cls)) {
    long long v = 0;
    int vt = has_body ? json_get(&d, body, "value") : -1;
    if (vt >= 0 && json_int(&d, vt, &v) == 0 && v >= 1 && v <= 6) {
      agent_on_roll(a, v, reply, cap);
      return AGENT_REPLY;
    }
    /* not a die: placing it would corrupt the round (and 2^63 or 1e400
       do not even convert); say what came, escaped, and place nothing */
    char shown[64];
    if (vt >= 0) text_printable(msg + toks[vt].start, (size_t)toks[vt].len, shown, sizeof shown);
    else snprintf(shown, sizeof shown, "(no value)");
    snprintf(a->error_msg, sizeof a->error_msg, "DiceRoll value %s%s%s is not a die roll 1..6: not placed",
             vt >= 0 && toks[vt].type == JSON_STRING ? "\"" : "", shown,
             vt >= 0 && toks[vt].type == JSON_STRING ? "\"" : "");
    a->bad_values++;
    return AGENT_REJECT;
  }
  if (agent__class_is(&d, name, "JoinResponse", cls, sizeof cls)) {
    a->joined++;
    if (a->verbose) fprintf(stderr, "joined: %.200s\n", msg);
    return AGENT_NONE;
  }
  if (agent__class_is(&d, name, "GameEnd", cls, sizeof cls)) return AGENT_END;
  if (agent__class_is(&d, name, "GameError", cls, sizeof cls)) {
    /* a long message is cut (with "..."), control characters escaped */
    char text[sizeof a->error_msg];
    int cut = 0, em = has_body ? json_get(&d, body, "errorMsg") : -1;
    int n = em >= 0 ? json_str_copy_cut(&d, em, text, sizeof text - 4, &cut) : -1;
    if (n <= 0) {
      snprintf(a->error_msg, sizeof a->error_msg, n < 0 ? "(no readable errorMsg)" : "(empty errorMsg)");
      return AGENT_ERROR;
    }
    text_printable(text, (size_t)n, a->error_msg, sizeof a->error_msg - 4);
    if (cut && !strstr(a->error_msg, "...")) strcat(a->error_msg, "...");
    return AGENT_ERROR;
  }
  a->unknown++;
  if (a->verbose) fprintf(stderr, "ignoring unknown message class: %.120s\n", cls);
  return AGENT_NONE;
}
