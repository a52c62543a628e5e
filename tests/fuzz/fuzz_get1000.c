/*
** fuzz_get1000.c -- server messages into the Get1000 bot's agent
** (games/get1000/agent.c, with the real policy tables): the input is a
** sequence of text messages separated by newlines; the first byte picks the
** policy and the tie rule. Each goes through agent_on_message as
** client_run passes them.
** Checks: a reply is a PlacementAction JSON naming a column that was not
** full (so never illegal), exactly when the message was a DiceRoll with a
** die value; the grid holds at most 9 dice and 3 a column; error_msg is
** printable text.
*/
#include "fuzz.h"
#include "agent.h"
#include "json.h"

static policy_tables fuzz__tab;
static agent_t fuzz__a;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  policy_build_n(&fuzz__tab, 0, 1);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static char reply[4096];
  if (size < 1) return 0;
  agent_t *a = &fuzz__a;
  FUZZ_CHECK(agent_init(a, &fuzz__tab, (policy_kind)(data[0] % 5), "room\"1", "bot", data[0], data[0] >> 7) == 0);
  const char *p = (const char *)data + 1, *end = (const char *)data + size;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    int before = policy_placed(&a->g) % 9;
    long rolls = a->total_rolls;
    reply[0] = 0;
    int r = agent_on_message(a, p, len, reply, sizeof reply);
    FUZZ_CHECK(r >= AGENT_NONE && r <= AGENT_REJECT);
    if (r == AGENT_REPLY) {
      FUZZ_CHECK(a->total_rolls == rolls + 1 && strstr(reply, "PlacementAction"));
      json_tok t[32];
      json_doc d;
      FUZZ_CHECK(json_parse(&d, reply, strlen(reply), t, 32) > 0);
      int k = (int)(a->total_rolls - 1) % 9;
      FUZZ_CHECK(k == before);
      int col = a->cols[k], n = 0;
      FUZZ_CHECK(col >= 0 && col < 3 && a->rolls[k] >= 1 && a->rolls[k] <= 6);
      for (int i = 0; i < k; i++) n += a->cols[i] == col;
      FUZZ_CHECK(n < 3);
    } else {
      FUZZ_CHECK(a->total_rolls == rolls);
    }
    if (r == AGENT_ERROR || r == AGENT_REJECT) FUZZ_CHECK(a->error_msg[0] && fuzz_printable(a->error_msg));
    FUZZ_CHECK(policy_placed(&a->g) <= 9);
    p += len + 1;
  }
  return 0;
}
