/* Tooltip.java -- cgref stand-in: a message about one player in one frame
 * (cgref writes it to the trace). */
package com.codingame.gameengine.core;

public class Tooltip {
    int player;
    String message;

    public Tooltip(int player, String message) {
        this.player = player;
        this.message = message;
    }
}
