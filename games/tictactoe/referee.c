/*
** referee.c -- the tic-tac-toe referee (build/tictactoe-referee): only the
** game glue; options, the seed, bots, timing, errors, scores of errors, the
** trace's header, ERROR and END lines and the JSON line are the referee
** core's (modules/judge.h, judge_main).
**
**   match [--seed S] [--limit-ms FIRST[,NEXT]] [--wall-clock] [--trace FILE]
**         [--stderr] -- CMD0 CMD1
**
** Plays one game and prints one JSON line (docs/referee.md).
** Seat 0 moves first (the arena swaps seats). Each turn the player to move
** gets its opponent's last move ("-1 -1" on the very first turn), the
** number of free cells and each free cell "row col" in row-major order; it
** answers "row col" (blanks around are fine, nothing else). Limits as on
** CodinGame: 1000 ms for a player's first answer, 100 ms after. A timeout,
** a crash or an answer that is not a free cell loses at once. Scores: 1 to
** the winner, 0 to the loser and to both after a draw (equal ranks); -1 to
** a player with an error. The game has no chance; the seed reaches the
** bots as the environment variable TICTACTOE_SEED (bot_random draws from
** it), so the arena's replay command replays the same game.
** --trace FILE writes a text trace, one fact a line (view.py draws it with
** games/tictactoe/view.js):
**     TICTACTOE_TRACE 1
**     SEED S
**     BOT P CMD              one a seat
**     MOVE P ROW COL MS      one a move, MS the answer's counted think time
**     ERROR P KIND DETAIL    a player's timeout, crash or invalid answer
**     END winner P | END draw
** and FILE.stderr the bots' stderr of each move (modules/judge.h).
**
** Invariants: the board changes only through rules_play; a game has at
** most 9 turns, one answer each.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rules.h"

/* The cell an answer names, or -1 when it is not "row col" on the board. */
static int ttt__cell(const char *line) {
  long v[2];
  const char *s = line;
  for (int k = 0; k < 2; k++) {
    char *end;
    v[k] = strtol(s, &end, 10);
    if (end == s || v[k] < 0 || v[k] >= RULES_SIDE) return -1;
    s = end;
  }
  s += strspn(s, " \t");
  return *s ? -1 : (int)(RULES_SIDE * v[0] + v[1]);
}

/* Plays the game; scores 1 to a winner. Returns the number of moves played. */
static long ttt__play(judge_t *j, int *scores, void *ctx) {
  rules_state s;
  char input[128], line[PROC_LINE];
  int last = -1, mv[RULES_CELLS];
  (void)ctx;
  rules_init(&s);
  while (rules_result(&s) == RULES_ONGOING) {
    int p = rules_to_move(&s), n = rules_moves(&s, mv), len;
    /* 1. the turn's input: the last move, the free cells */
    len = snprintf(input, sizeof input, "%d %d\n%d\n", last < 0 ? -1 : last / RULES_SIDE, last < 0 ? -1 : last % RULES_SIDE, n);
    for (int i = 0; i < n; i++)
      len += snprintf(input + len, sizeof input - (size_t)len, "%d %d\n", mv[i] / RULES_SIDE, mv[i] % RULES_SIDE);
    /* 2. the answer: in time, and a free cell */
    j->turn = s.ply + 1;
    if (judge_answer(j, p, input, (size_t)len, line, sizeof line) != JUDGE_OK) break;
    if (rules_play(&s, last = ttt__cell(line)) < 0) {
      judge_fail(j, p, JUDGE_INVALID, "turn %d, answer %d: \"%.60s\" is not a free cell \"row col\"", j->turn, j->asked[p], line);
      break;
    }
    judge_trace(j, "MOVE %d %d %d %.3f", p, last / RULES_SIDE, last % RULES_SIDE, j->last_ms[p]);
  }
  /* 3. the board's result (the core scores errors) */
  for (int p = 0; p < 2; p++) scores[p] = rules_result(&s) == p;
  return s.ply;
}

static const judge_game_t TTT = {"tictactoe", 1000, 100, 2, 2, ttt__play, NULL, NULL, NULL};

int main(int argc, char **argv) { return judge_main(&TTT, argc, argv); }
