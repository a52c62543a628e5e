/*
** rules.h -- tic-tac-toe on a 3x3 board: the whole game (CodinGame's
** "Tic-Tac-Toe" wood league). Two players mark empty cells in turn; the
** first to own a full row, column or diagonal wins; a full board without
** such a line is a draw.
**
** Cells are numbered row-major, cell = 3 * row + col (0..8). Player 0 moves
** first and owns the marks RULES_P0 ("X"), player 1 owns RULES_P1 ("O").
**
** Invariants: a rules_state is a plain struct (copy it by assignment); it is
** only changed through rules_play, so the marks always alternate starting
** with player 0 (ply = number of marks, the side to move is ply % 2) and no
** mark is ever placed after the game ended.
*/
#ifndef RULES_H
#define RULES_H

#include "common.h"

#define RULES_SIDE 3
#define RULES_CELLS 9
#define RULES_CODES 19683 /* 3^9: rules_code is below this */

/* cell contents */
#define RULES_EMPTY 0
#define RULES_P0 1 /* player 0's mark (X, moves first) */
#define RULES_P1 2 /* player 1's mark (O) */

/* rules_result */
#define RULES_ONGOING (-1)
#define RULES_DRAW 2 /* 0 and 1 are the winner's number */

typedef struct rules_state {
  unsigned char cell[RULES_CELLS]; /* RULES_EMPTY, RULES_P0 or RULES_P1 */
  int ply;                         /* marks on the board */
} rules_state;

/* The empty board, player 0 to move. */
BOT_API void rules_init(rules_state *s);
/* The player to move: 0 or 1 (meaningless once the game is over). */
BOT_API int rules_to_move(const rules_state *s);
/* 1 if the player to move may mark `cell` (in range, empty, game not over). */
BOT_API int rules_legal(const rules_state *s, int cell);
/* Marks `cell` for the player to move. Returns 0, or -1 (and changes
   nothing) when the move is not legal. */
BOT_API int rules_play(rules_state *s, int cell);
/* RULES_ONGOING, the winner (0 or 1), or RULES_DRAW. */
BOT_API int rules_result(const rules_state *s);
/* The legal moves in row-major order (the order of CodinGame's list); the
   count, 0 once the game is over. */
BOT_API int rules_moves(const rules_state *s, int out[RULES_CELLS]);
/* The board as a base-3 number (cell 0 is the lowest digit), a table index
   below RULES_CODES. */
BOT_API int rules_code(const rules_state *s);

#endif /* RULES_H */
