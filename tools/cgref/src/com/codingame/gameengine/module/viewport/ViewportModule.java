/* ViewportModule.java -- cgref stand-in: a zoomable viewport (ignored). */
package com.codingame.gameengine.module.viewport;

import com.codingame.gameengine.core.Module;
import com.codingame.gameengine.module.entities.Group;
import com.google.inject.Singleton;

@Singleton
public class ViewportModule implements Module {
    public void onGameInit() {}
    public void onAfterGameTurn() {}
    public void onAfterOnEnd() {}
    public void createViewport(Group group) {}
}
