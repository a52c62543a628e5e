/* ToggleModule.java -- cgref stand-in: viewer toggles (ignored). */
package com.codingame.gameengine.module.toggle;

import com.codingame.gameengine.core.Module;
import com.codingame.gameengine.module.entities.Entity;
import com.google.inject.Singleton;

@Singleton
public class ToggleModule implements Module {
    public void onGameInit() {}
    public void onAfterGameTurn() {}
    public void onAfterOnEnd() {}
    public void displayOnToggleState(Entity<?> entity, String toggle, boolean state) {}
}
