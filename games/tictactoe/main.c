/*
** main.c -- the tic-tac-toe bot (CodinGame "Tic-Tac-Toe", stdin/stdout).
** Data flow, once a turn: input -> state -> search -> command.
**   1. input: proto_read gets the opponent's last move and the list of
**      valid moves;
**   2. state: the first turn tells our side ("-1 -1": we are player 0 and
**      move first); the opponent's move is played on our own board;
**   3. search: ai_best (exact, microseconds: no deadline needed);
**   4. command: the AI's cell when the referee lists it, else the first
**      listed cell; the answer is played on our board too, then flushed.
** Bad input (an unreadable line, a move our board cannot take, a list that
** leaves out the AI's cell): a message on stderr and still an answer from
** the list; with no usable list, the AI's cell on our own board. Debug
** goes to stderr only; stdout carries exactly one line a turn.
*/
#include <stdio.h>

#include "ai.h"
#include "deadline.h"
#include "proto.h"
#include "rules.h"

int main(void) {
  static reader_t in;
  rules_state board;
  proto_turn t;
  int me = -1; /* our player number, known after the first turn */
  reader_init(&in, 0);
  rules_init(&board);
  for (int turn = 1;; turn++) {
    /* 1. input */
    int rc = proto_read(&in, &t);
    if (rc == PROTO_END) return 0;
    if (rc == PROTO_BAD) fprintf(stderr, "tictactoe: turn %d: %s\n", turn, t.err);
    int64_t t0 = deadline_now_ns();
    /* 2. state */
    if (me < 0) me = t.opp_none ? 0 : t.opp >= 0 ? 1 : t.nvalid == RULES_CELLS ? 0 : 1;
    else if (t.opp_none) fprintf(stderr, "tictactoe: turn %d: \"-1 -1\" after the first turn\n", turn);
    if (t.opp >= 0 && (rules_to_move(&board) == me || rules_play(&board, t.opp) < 0))
      fprintf(stderr, "tictactoe: turn %d: the opponent's move %d %d does not fit our board\n", turn,
              t.opp / RULES_SIDE, t.opp % RULES_SIDE);
    /* 3. search */
    ai_stats st;
    int cell = ai_best(&board, &st);
    /* 4. command */
    if (t.nvalid > 0 && !proto_listed(&t, cell)) {
      fprintf(stderr, "tictactoe: turn %d: our choice is not listed; playing the first listed move\n", turn);
      cell = t.valid[0];
    }
    if (cell < 0) {
      int mv[RULES_CELLS];
      cell = rules_moves(&board, mv) > 0 ? mv[0] : RULES_CELLS / 2;
      fprintf(stderr, "tictactoe: turn %d: no move listed and none left on our board\n", turn);
    }
    if (rules_to_move(&board) == me) rules_play(&board, cell);
    fprintf(stderr, "turn %d: %d %d, score %d, %.3f expected vs random, %ld new positions, %.3f ms\n",
            turn, cell / RULES_SIDE, cell % RULES_SIDE, st.score, st.expected, st.solved,
            (double)(deadline_now_ns() - t0) / 1e6);
    proto_answer(cell);
  }
}
