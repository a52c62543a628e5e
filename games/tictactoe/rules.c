/*
** rules.c -- tic-tac-toe rules (see rules.h).
**
** Invariants: rules__lines lists the eight winning lines once each; the
** result is recomputed from the board on every call (nine cells: cheaper
** than keeping it in sync).
*/
#include "rules.h"

static const unsigned char rules__lines[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, /* rows */
    {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, /* columns */
    {0, 4, 8}, {2, 4, 6},            /* diagonals */
};

BOT_API void rules_init(rules_state *s) {
  for (int i = 0; i < RULES_CELLS; i++) s->cell[i] = RULES_EMPTY;
  s->ply = 0;
}

BOT_API int rules_to_move(const rules_state *s) { return s->ply & 1; }

BOT_API int rules_result(const rules_state *s) {
  for (int l = 0; l < 8; l++) {
    int a = s->cell[rules__lines[l][0]];
    if (a != RULES_EMPTY && a == s->cell[rules__lines[l][1]] && a == s->cell[rules__lines[l][2]])
      return a == RULES_P0 ? 0 : 1;
  }
  return s->ply == RULES_CELLS ? RULES_DRAW : RULES_ONGOING;
}

BOT_API int rules_legal(const rules_state *s, int cell) {
  return cell >= 0 && cell < RULES_CELLS && s->cell[cell] == RULES_EMPTY &&
         rules_result(s) == RULES_ONGOING;
}

BOT_API int rules_play(rules_state *s, int cell) {
  if (!rules_legal(s, cell)) return -1;
  s->cell[cell] = (unsigned char)(rules_to_move(s) == 0 ? RULES_P0 : RULES_P1);
  s->ply++;
  return 0;
}

BOT_API int rules_moves(const rules_state *s, int out[RULES_CELLS]) {
  int n = 0;
  if (rules_result(s) != RULES_ONGOING) return 0;
  for (int i = 0; i < RULES_CELLS; i++)
    if (s->cell[i] == RULES_EMPTY) out[n++] = i;
  return n;
}

BOT_API int rules_code(const rules_state *s) {
  int code = 0;
  for (int i = RULES_CELLS - 1; i >= 0; i--) code = 3 * code + s->cell[i];
  return code;
}
