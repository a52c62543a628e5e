/*
** fuzz_gameofdrones.c -- the GameOfDrones player through the C hooks the
** JavaScript glue calls (games/gameofdrones/main.c): the input is a
** sequence of calls, each one byte (which hook) and its arguments; a
** number argument is one byte picking a value from a table of small and
** odd values (NaN, infinities, negatives, fractions, 1e300, 2^53) or, for
** byte 255, the next 8 bytes as a raw double. Rounds get at most
** FUZZ_GOD_TMAX turns, and more than 9 only when the round-start byte is
** 0xFB, so a run stays fast.
** Checks, at every play_turn: the answer asks for at most the producers
** held, never a negative or NaN count; the attack flag is 0 or 1.
*/
#include <math.h>

#include "fuzz.h"

#define FUZZ_GOD_TMAX 100

void gameofdrones_on_match_start(double rounds, double seed);
void gameofdrones_on_round_start(double turns, double bonus);
int gameofdrones_play_turn(double producers, double soldiers);
double gameofdrones_out_producers(void);
double gameofdrones_out_soldiers(void);
int gameofdrones_out_attack(void);
void gameofdrones_on_round_end(int outcome, double turns_played, double you_p, double you_s, int you_attacked,
                               double them_p, double them_s, int them_attacked);

static const uint8_t *fuzz__p, *fuzz__end;

static double fuzz__num(void) {
  static const double table[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 20, 30, 40, 64, 65, 100,
                                 -1, -0.5, 0.5, 1.5, 1e300, -1e300, 9007199254740992.0, 1e18, 4e9, 112, 1e100};
  if (fuzz__p >= fuzz__end) return 0;
  uint8_t b = *fuzz__p++;
  if (b == 255 && fuzz__end - fuzz__p >= 8) {
    double v;
    memcpy(&v, fuzz__p, 8);
    fuzz__p += 8;
    return v;
  }
  if (b == 254) return NAN;
  if (b == 253) return INFINITY;
  if (b == 252) return -INFINITY;
  return table[b % (sizeof table / sizeof table[0])];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz__p = data;
  fuzz__end = data + size;
  int T = 10, turn = 0;
  while (fuzz__p < fuzz__end) {
    uint8_t op = *fuzz__p++;
    switch (op % 5) {
    case 0: {
      double r = fuzz__num();
      gameofdrones_on_match_start(r, fuzz__num());
      break;
    }
    case 1: {
      double t = fuzz__num();
      if (t == t && t > FUZZ_GOD_TMAX) t = FUZZ_GOD_TMAX;
      /* a round length change builds a plan graph (milliseconds, ten times
         more under the sanitizers, and the player's state outlives the
         input): lengths above 9 only for the op byte 0xFB, so most inputs
         stay fast */
      if (t == t && t > 9 && op != 0xFB) t = 2 + (int)t % 8;
      gameofdrones_on_round_start(t, fuzz__num());
      T = t == t && t >= 1 ? (int)t : 10;
      turn = 0;
      break;
    }
    case 2:
    case 3: {
      double p = fuzz__num(), s = fuzz__num();
      int att = gameofdrones_play_turn(p, s);
      double np = gameofdrones_out_producers(), ns = gameofdrones_out_soldiers();
      FUZZ_CHECK(att == 0 || att == 1);
      FUZZ_CHECK(att == gameofdrones_out_attack());
      FUZZ_CHECK(np >= 0 && ns >= 0);
      if (p >= 0 && p <= 1e300) FUZZ_CHECK(np + ns <= p * (1 + 1e-12));
      turn++;
      if (turn >= T) turn = 0;
      break;
    }
    default: {
      int outcome = fuzz__p < fuzz__end ? (int)(*fuzz__p++ % 3) - 1 : 0;
      double tp = fuzz__num(), yp = fuzz__num(), ys = fuzz__num();
      int ya = fuzz__p < fuzz__end ? *fuzz__p++ & 1 : 0;
      double tp2 = fuzz__num(), ts = fuzz__num();
      int ta = fuzz__p < fuzz__end ? *fuzz__p++ & 1 : 0;
      gameofdrones_on_round_end(outcome, tp, yp, ys, ya, tp2, ts, ta);
      turn = 0;
    }
    }
  }
  return 0;
}
