/*
** main.c -- entry of dist/gameofdrones.c: the GameOfDrones player as a
** freestanding library (no libc, no malloc, no main) whose exported
** functions the JavaScript glue (dist/gameofdrones.js, built by mkjs.py
** with clang --target=wasm32) calls once per framework hook. One wasm
** instance = one player object, so the single static strategy_t is that
** player's whole state.
**
** Call order (the framework's): on_match_start, then per round
** on_round_start, play_turn + out_* getters each turn, on_round_end.
** Every entry point tolerates being called first (lazy init) and any
** number values (NaN, negatives); it never traps.
*/
#include "strategy.h"

#ifdef __wasm__
#define MAIN_EXPORT(name) __attribute__((export_name(name)))
#else
#define MAIN_EXPORT(name)
#endif

static strategy_t main__bot;
static int main__ready;
static double main__np, main__ns;
static int main__attack;

static void main__ensure(void) {
  if (!main__ready) {
    strategy_init(&main__bot, 0x5eedu);
    main__ready = 1;
  }
}

MAIN_EXPORT("on_match_start") void gameofdrones_on_match_start(double rounds, double seed) {
  main__ensure();
  strategy_match_start(&main__bot, rounds, seed);
}

MAIN_EXPORT("on_round_start") void gameofdrones_on_round_start(double turns, double bonus) {
  main__ensure();
  strategy_round_start(&main__bot, turns, bonus);
}

MAIN_EXPORT("play_turn") int gameofdrones_play_turn(double producers, double soldiers) {
  main__ensure();
  strategy_turn(&main__bot, producers, soldiers, &main__np, &main__ns, &main__attack);
  return main__attack;
}

MAIN_EXPORT("out_producers") double gameofdrones_out_producers(void) { return main__np; }
MAIN_EXPORT("out_soldiers") double gameofdrones_out_soldiers(void) { return main__ns; }
MAIN_EXPORT("out_attack") int gameofdrones_out_attack(void) { return main__attack; }

MAIN_EXPORT("on_round_end") void gameofdrones_on_round_end(int outcome, double turns_played, double you_p, double you_s,
                                                           int you_attacked, double them_p, double them_s,
                                                           int them_attacked) {
  main__ensure();
  strategy_round_end(&main__bot, outcome, turns_played, you_p, you_s, you_attacked, them_p, them_s, them_attacked);
}

/* Exploitability of the equilibrium in use (-1 if not measured). */
MAIN_EXPORT("eq_exploitability") double gameofdrones_eq_exploitability(void) {
  main__ensure();
  return main__bot.slot[main__bot.slot_cur].expl;
}

#undef MAIN_EXPORT
