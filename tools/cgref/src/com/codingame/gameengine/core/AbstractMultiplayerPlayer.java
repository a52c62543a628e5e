/* AbstractMultiplayerPlayer.java -- cgref stand-in: a player of a
 * multiplayer game: index, score, active flag. deactivate(reason) adds the
 * reason as a tooltip (the SDK's behaviour) and tells the runner when. */
package com.codingame.gameengine.core;

abstract public class AbstractMultiplayerPlayer extends AbstractPlayer {
    private boolean active = true;

    public final int getColorToken() { return -(index + 1); }
    public final boolean isActive() { return active; }
    public final int getIndex() { return super.getIndex(); }
    public final int getScore() { return super.getScore(); }
    public final void setScore(int score) { super.setScore(score); }
    public final void deactivate() { deactivate(null); }

    public final void deactivate(String reason) {
        if (active) manager.noteDeactivated(this, reason);
        active = false;
        if (reason != null) manager.addTooltip(new Tooltip(index, reason));
    }
}
