/* EndScreenModule.java -- cgref stand-in: keeps the end screen's scores
 * and texts; shows nothing. */
package com.codingame.gameengine.module.endscreen;

import com.codingame.gameengine.core.Module;
import com.google.inject.Singleton;

@Singleton
public class EndScreenModule implements Module {
    private int[] scores;
    private String[] texts;
    private String titleSprite = "logo.png";

    public void setScores(int[] scores) { this.scores = scores; }
    public void setScores(int[] scores, String[] texts) { this.scores = scores; this.texts = texts; }
    public void setTitleRankingsSprite(String s) { titleSprite = s; }
    public String getTitleRankingsSprite() { return titleSprite; }
    public final void onGameInit() {}
    public final void onAfterGameTurn() {}
    public final void onAfterOnEnd() {}
}
