/*
 * Referee.java -- tic-tac-toe written against the CodinGame SDK API, the
 * test referee of cgref (tools/cgref): the same protocol and outcomes as
 * games/tictactoe/referee.c, so `arena.py diff tictactoe --official` can
 * compare the two. Seat 0 moves first; each turn the player to move gets
 * the opponent's last move ("-1 -1" at the start), the number of free
 * cells and each free cell "row col" in row-major order, and answers
 * "row col". A timeout or an answer that is not a free cell deactivates
 * the player: score -1, the opponent 1. A win scores 1 and 0, a draw 0 and 0.
 * SDK features it exercises: injection, setTurnMaxTime, league level
 * (league 2 and up: 500 ms for the first answer), the seeded random
 * generator and the game summary (init line: seed, league, one draw),
 * game parameters: with the parameter "shuffle=1" (cgref --param) each
 * turn lists the free cells in an order drawn from getRandom(), so the
 * input depends on the seed, and at seed 0 (which the SDK's SHA1PRNG
 * ignores) on nothing: two runs differ, as Green Circle's official
 * referee does at seed 0 (the test of `arena.py diff`'s "not reproducible
 * officially").
 * Invariant: board[c] is -1 (free) or the seat that took cell c.
 */
package com.codingame.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import com.codingame.gameengine.core.AbstractPlayer.TimeoutException;
import com.codingame.gameengine.core.AbstractReferee;
import com.codingame.gameengine.core.MultiplayerGameManager;
import com.google.inject.Inject;

public class Referee extends AbstractReferee {
    private static final int[][] LINES = { {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6} };
    @Inject private MultiplayerGameManager<Player> gameManager;
    private final int[] board = new int[9];
    private int last = -1;
    private boolean shuffle = false;

    @Override
    public void init() {
        Arrays.fill(board, -1);
        gameManager.setMaxTurns(9);
        gameManager.setTurnMaxTime(100);
        if (gameManager.getLeagueLevel() >= 2) gameManager.setFirstTurnMaxTime(500);
        shuffle = "1".equals(gameManager.getGameParameters().getProperty("shuffle"));
        gameManager.addToGameSummary("seed " + gameManager.getSeed() + " league " + gameManager.getLeagueLevel()
            + " draw " + gameManager.getRandom().nextInt(1000));
    }

    /* The cell of "row col" (blanks around), -1 if not a cell; ASCII digits only. */
    private static int cell(String line) {
        if (!line.matches("[ \\t\\n\\x0B\\f\\r]*[+-]?[0-9]+[ \\t\\n\\x0B\\f\\r]+[+-]?[0-9]+[ \\t]*")) return -1;
        String[] v = line.trim().split("[ \\t\\n\\x0B\\f\\r]+");
        try {
            long r = Long.parseLong(v[0]), c = Long.parseLong(v[1]);
            return r < 0 || r > 2 || c < 0 || c > 2 ? -1 : (int) (3 * r + c);
        } catch (NumberFormatException e) {
            return -1; /* overflow */
        }
    }

    private boolean won(int p) {
        for (int[] l : LINES) if (board[l[0]] == p && board[l[1]] == p && board[l[2]] == p) return true;
        return false;
    }

    private void lose(Player p, String why) {
        p.deactivate(p.getNicknameToken() + " " + why);
        p.setScore(-1);
        gameManager.getPlayer(1 - p.getIndex()).setScore(1);
        gameManager.endGame();
    }

    @Override
    public void gameTurn(int turn) {
        Player p = gameManager.getPlayer((turn - 1) % 2);
        p.sendInputLine(last < 0 ? "-1 -1" : (last / 3) + " " + (last % 3));
        p.sendInputLine(String.valueOf(10 - turn));
        List<Integer> free = new ArrayList<>();
        for (int c = 0; c < 9; c++) if (board[c] < 0) free.add(c);
        if (shuffle) Collections.shuffle(free, gameManager.getRandom());
        for (int c : free) p.sendInputLine((c / 3) + " " + (c % 3));
        p.execute();
        try {
            List<String> out = p.getOutputs();
            int c = cell(out.get(0));
            if (c < 0 || board[c] >= 0) {
                lose(p, "invalid answer: not a free cell");
                return;
            }
            board[c] = p.getIndex();
            last = c;
            gameManager.addToGameSummary(p.getNicknameToken() + " plays " + (c / 3) + " " + (c % 3));
            if (won(p.getIndex())) {
                p.setScore(1);
                gameManager.endGame();
            }
        } catch (TimeoutException e) {
            lose(p, "timeout");
        }
    }
}
