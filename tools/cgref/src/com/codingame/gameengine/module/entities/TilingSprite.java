/* TilingSprite.java -- cgref stand-in: a repeated image. */
package com.codingame.gameengine.module.entities;

public class TilingSprite extends SpriteBasedEntity<TilingSprite> {
    TilingSprite() {}
    public TilingSprite setTileX(int v) { return put("tileX", v); }
    public TilingSprite setTileX(int v, Curve c) { return put("tileX", v); }
    public TilingSprite setTileY(int v) { return put("tileY", v); }
    public TilingSprite setTileY(int v, Curve c) { return put("tileY", v); }
    public TilingSprite setTileScale(double v) { put("tileScaleX", v); return put("tileScaleY", v); }
    public TilingSprite setTileScale(double v, Curve c) { return setTileScale(v); }
    public TilingSprite setTileScaleX(double v) { return put("tileScaleX", v); }
    public TilingSprite setTileScaleX(double v, Curve c) { return put("tileScaleX", v); }
    public TilingSprite setTileScaleY(double v) { return put("tileScaleY", v); }
    public TilingSprite setTileScaleY(double v, Curve c) { return put("tileScaleY", v); }
    public int getTileX() { return getInt("tileX", 0); }
    public int getTileY() { return getInt("tileY", 0); }
    public double getTileScaleX() { return getDouble("tileScaleX", 1); }
    public double getTileScaleY() { return getDouble("tileScaleY", 1); }
}
