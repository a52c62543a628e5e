/*
** fuzz_spring2021.c -- the Spring Challenge 2021 bot's turn input and
** decision: games/spring2021/main.c is included (its main renamed) so the
** bot's own readers run: main__read_init, then per turn main__read_turn,
** the league choice, ai_search with a 0.2 ms budget, main__listed_or and
** rules_format, as main() does, on the input as stdin.
** Checks: the search's choice is legal for player 0 in the state read
** (WAIT at worst); the answer is listed when the list was usable; the
** formatted command is non-empty printable text.
*/
#include "fuzz.h"

#define main fuzz__spring2021_main
#include "main.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static rules_board b;
  static rules_state s;
  rng_t rng;
  ai_stats st;
  const char *text = fuzz_cstr(data, size, NULL);
  rules_board_default(&b, 3);
  reader_init_str(&main__in, text);
  rng_seed(&rng, size);
  int err = main__read_init(&main__in, &b);
  if (err == READER_EOF || err == READER_IOERR) return 0;
  for (int turn = 0; turn < 30; turn++) {
    int64_t t0;
    err = main__read_turn(&main__in, &s, &t0);
    if (err == MAIN_NO_TURN || err == READER_EOF || err == READER_IOERR) break;
    if (err) continue;
    int league = turn == 0 ? main__league(&s) : b.league;
    if (league != b.league) main__set_league(&b, league);
    deadline_t d;
    deadline_start(&d, 0.2);
    int chosen = ai_search(&b, &s, 0, &d, &rng, &st);
    FUZZ_CHECK(chosen == RULES_WAIT || rules_valid(&b, &s, 0, chosen, s.sun[0]));
    int a = main__listed_or(chosen);
    if (main__nlisted > 0 && a != RULES_WAIT) {
      int found = 0;
      for (int i = 0; i < main__nlisted; i++) found |= main__listed[i] == a;
      FUZZ_CHECK(found);
    }
    char out[64];
    FUZZ_CHECK(rules_format(a, out, sizeof out) > 0 && fuzz_printable(out));
  }
  return 0;
}
