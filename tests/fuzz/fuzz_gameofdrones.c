/*
** fuzz_gameofdrones.c -- the GameOfDrones player through the C hooks the
** JavaScript glue calls (games/gameofdrones/main.c): the input is a
** sequence of calls, each one byte (which hook) and its arguments; a
** number argument is one byte picking a value from a table of small and
** odd values (NaN, infinities, negatives, fractions, 1e300, 2^53) or, for
** byte 255, the next 8 bytes as a raw double. Rounds get at most
** FUZZ_GOD_TMAX turns.
** Cost bound: a change to a round length the player holds no prepared
** slot for (strategy.c keeps a few; its state outlives the input) rebuilds
** the plan graph: about 1 ms under the sanitizers up to FUZZ_GOD_TSMALL
** turns, 20-50 ms for 10 turns and more. A change to a length still in
** its slot only switches, so these caps bound the worst case. One input
** changes the length in force at most FUZZ_GOD_CHANGES times, and to more
** than FUZZ_GOD_TSMALL turns at most once, from a round-start byte 0xFB,
** and only in one input of FUZZ_GOD_BIG_EVERY (by a hash of the input, so
** an input always runs the same way); a round start past these caps keeps
** the length in force (the framework passes the same `turns` every
** round). NaN, fractions and lengths below 1 still reach the hook.
** Checks, at every play_turn: the answer asks for at most the producers
** held, never a negative or NaN count; the attack flag is 0 or 1.
*/
#include <math.h>

#include "fuzz.h"

#define FUZZ_GOD_TMAX 100
#define FUZZ_GOD_CHANGES 3
#define FUZZ_GOD_TSMALL 9
#define FUZZ_GOD_BIG_EVERY 8

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

/* The round length the player plans for after on_round_start(t)
   (strategy_round_start, strategy_prepare: 10 when not a number >= 1,
   clamped to PLAN_TMAX = 64). */
static int fuzz__planned_T(double t) {
  if (!(t >= 1)) return 10;
  return t > 64 ? 64 : (int)t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int in_force = 10; /* the player's round length, across inputs */
  int changes = 0, big = 0;
  uint32_t h = 2166136261u; /* FNV-1a of the input: which inputs may go big */
  for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 16777619u;
  if (h % FUZZ_GOD_BIG_EVERY != 0) big = 1;
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
      int pt = fuzz__planned_T(t);
      if (pt != in_force) {
        int is_big = pt > FUZZ_GOD_TSMALL;
        if (changes >= FUZZ_GOD_CHANGES || (is_big && (big || op != 0xFB))) {
          t = in_force; /* past the caps: the length in force */
          pt = in_force;
        } else {
          changes++;
          big += is_big;
          in_force = pt;
        }
      }
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
