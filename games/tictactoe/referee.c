/*
** referee.c -- the tic-tac-toe referee (build/tictactoe-referee): only the
** game glue; options, bots, timing, errors and the JSON line are the
** referee core's (modules/judge.h).
**
**   match [--seed S] [--limit-ms FIRST[,NEXT]] [--wall-clock] [--trace FILE]
**         [--stderr] -- CMD0 CMD1
**
** Plays one game and prints one JSON line (README "Referee contract").
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
** --trace FILE writes a text trace, one fact a line:
**     TICTACTOE_TRACE 1
**     SEED S
**     BOT P CMD              one a seat
**     MOVE P ROW COL MS      one a move, MS the answer's counted think time
**     ERROR P KIND DETAIL    a player's timeout, crash or invalid answer
**     END winner P | END draw
**
** Invariants: the board changes only through rules_play; a game has at
** most 9 turns, one answer each.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "rules.h"

#define TTT_LIMIT_FIRST_MS 1000.0
#define TTT_LIMIT_NEXT_MS 100.0

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

/* Plays the game; fills scores. Returns the number of moves played. */
static int ttt__play(judge_t *j, int scores[2]) {
  rules_state s;
  char input[128], line[PROC_LINE];
  int last = -1;
  rules_init(&s);
  if (j->trace) {
    fprintf(j->trace, "TICTACTOE_TRACE 1\nSEED %lld\n", (long long)j->seed);
    for (int p = 0; p < 2; p++) fprintf(j->trace, "BOT %d %s\n", p, j->cmd[p]);
  }
  while (rules_result(&s) == RULES_ONGOING) {
    int p = rules_to_move(&s), mv[RULES_CELLS], n = rules_moves(&s, mv);
    /* 1. the turn's input */
    int len = last < 0 ? snprintf(input, sizeof input, "-1 -1\n%d\n", n)
                       : snprintf(input, sizeof input, "%d %d\n%d\n", last / RULES_SIDE, last % RULES_SIDE, n);
    for (int i = 0; i < n; i++)
      len += snprintf(input + len, sizeof input - (size_t)len, "%d %d\n", mv[i] / RULES_SIDE, mv[i] % RULES_SIDE);
    /* 2. the answer: in time, and a free cell */
    j->turn = s.ply + 1;
    double before = j->think_sum[p];
    if (judge_ask(j, p, input, (size_t)len, line, sizeof line) != JUDGE_OK) break;
    int cell = ttt__cell(line);
    if (rules_play(&s, cell) < 0) {
      judge_fail(j, p, JUDGE_INVALID, "turn %d, answer %d: \"%.60s\" is not a free cell \"row col\"",
                 j->turn, j->asked[p], line);
      break;
    }
    if (j->trace)
      fprintf(j->trace, "MOVE %d %d %d %.3f\n", p, cell / RULES_SIDE, cell % RULES_SIDE, j->think_sum[p] - before);
    last = cell;
  }
  /* 3. the result: an error loses; else the board decides */
  int r = rules_result(&s);
  for (int p = 0; p < 2; p++)
    scores[p] = j->error[p] ? -1 : (r == p || (r == RULES_ONGOING && j->error[1 - p])) ? 1 : 0;
  if (j->trace) {
    for (int p = 0; p < 2; p++)
      if (j->error[p]) fprintf(j->trace, "ERROR %d %s %s\n", p, judge_error_name(j->error[p]), j->detail[p]);
    if (r == RULES_DRAW) fprintf(j->trace, "END draw\n");
    else fprintf(j->trace, "END winner %d\n", scores[0] > scores[1] ? 0 : 1);
  }
  return s.ply;
}

int main(int argc, char **argv) {
  static judge_t J; /* static: it holds a line buffer per bot */
  char seed[32];
  int scores[2], ranks[2];
  if (argc < 2 || strcmp(argv[1], "match") != 0) {
    fprintf(stderr, "usage: tictactoe-referee match [options] -- CMD0 CMD1 (see referee.c)\n");
    return 2;
  }
  judge_init(&J, "tictactoe", TTT_LIMIT_FIRST_MS, TTT_LIMIT_NEXT_MS);
  J.trace_ok = 1;
  if (judge_parse(&J, argc - 2, argv + 2, 2, 2, NULL, NULL)) return 2;
  snprintf(seed, sizeof seed, "%lld", (long long)J.seed);
  setenv("TICTACTOE_SEED", seed, 1);
  if (judge_spawn_all(&J)) return 2;
  int turns = ttt__play(&J, scores);
  judge_stop_all(&J, 0);
  judge_rank(&J, scores, ranks);
  judge_result(&J, ranks, scores, turns, NULL);
  return 0;
}
