/* Player.java -- a tic-tac-toe player of tests/cgref's own Java referee:
 * one answer line a turn. */
package com.codingame.game;

import com.codingame.gameengine.core.AbstractMultiplayerPlayer;

public class Player extends AbstractMultiplayerPlayer {
    @Override
    public int getExpectedOutputLines() {
        return 1;
    }
}
