/* Module.java -- cgref stand-in: a game module the game manager calls
 * after init, after every game turn and after onEnd. */
package com.codingame.gameengine.core;

public interface Module {
    void onGameInit();
    void onAfterGameTurn();
    void onAfterOnEnd();
}
