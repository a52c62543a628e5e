/* AbstractReferee.java -- cgref stand-in: what a game's Referee implements.
 * init() once, gameTurn(turn) for turns 1.., onEnd() once at the end. */
package com.codingame.gameengine.core;

public abstract class AbstractReferee {
    abstract public void init();
    abstract public void gameTurn(int turn);
    public void onEnd() {}
}
