/* TooltipModule.java -- cgref stand-in: remembers entity tooltips; shows nothing. */
package com.codingame.gameengine.module.tooltip;

import java.util.HashMap;
import java.util.Map;

import com.codingame.gameengine.core.Module;
import com.codingame.gameengine.module.entities.Entity;
import com.google.inject.Singleton;

@Singleton
public class TooltipModule implements Module {
    private final Map<Integer, String> texts = new HashMap<>();

    public void onGameInit() {}
    public void onAfterGameTurn() {}
    public void onAfterOnEnd() {}
    public void setTooltipText(Entity<?> e, String text) { texts.put(e.getId(), text); }
    public String getTooltipText(Entity<?> e) { return texts.get(e.getId()); }
    public void removeTooltipText(Entity<?> e) { texts.remove(e.getId()); }
}
