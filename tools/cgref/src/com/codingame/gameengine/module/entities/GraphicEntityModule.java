/* GraphicEntityModule.java -- cgref stand-in: creates entities that draw
 * nothing; committing states does nothing. A singleton, as in the SDK. */
package com.codingame.gameengine.module.entities;

import com.codingame.gameengine.core.Module;
import com.google.inject.Singleton;

@Singleton
public class GraphicEntityModule implements Module {
    private World world = new World();

    public World createWorld(int width, int height) { return world = new World(width, height); }
    public World getWorld() { return world; }
    public SpriteSheetSplitter createSpriteSheetSplitter() { return new SpriteSheetSplitter(this); }
    public void commitWorldState(double t) {}
    public void commitEntityState(double t, Entity<?>... entities) {}
    public Circle createCircle() { return new Circle(); }
    public Sprite createSprite() { return new Sprite(); }
    public Line createLine() { return new Line(); }
    public Rectangle createRectangle() { return new Rectangle(); }
    public RoundedRectangle createRoundedRectangle() { return new RoundedRectangle(); }
    public Polygon createPolygon() { return new Polygon(); }
    public Text createText(String s) { return new Text().setText(s); }
    public Text createText() { return new Text(); }
    public BitmapText createBitmapText() { return new BitmapText(); }

    public Group createGroup(Entity<?>... entities) {
        Group g = new Group();
        g.add(entities);
        return g;
    }

    public BufferedGroup createBufferedGroup(Entity<?>... entities) {
        BufferedGroup g = new BufferedGroup();
        g.add(entities);
        return g;
    }

    public SpriteAnimation createSpriteAnimation() { return new SpriteAnimation(); }
    public TilingSprite createTilingSprite() { return new TilingSprite(); }
    public final void onGameInit() {}
    public final void onAfterGameTurn() {}
    public final void onAfterOnEnd() {}
}
