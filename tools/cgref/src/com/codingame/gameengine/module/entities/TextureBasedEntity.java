/* TextureBasedEntity.java -- cgref stand-in: anchor and tint. */
package com.codingame.gameengine.module.entities;

public abstract class TextureBasedEntity<T extends BlendableEntity<?>> extends BlendableEntity<T> {
    public T setAnchor(double a) { put("anchorX", a); return put("anchorY", a); }
    public double getAnchorX() { return getDouble("anchorX", 0); }
    public T setAnchorX(double a) { return put("anchorX", a); }
    public T setAnchorX(double a, Curve c) { return put("anchorX", a); }
    public double getAnchorY() { return getDouble("anchorY", 0); }
    public T setAnchorY(double a) { return put("anchorY", a); }
    public T setAnchorY(double a, Curve c) { return put("anchorY", a); }
    public T setTint(int c) { return put("tint", c); }
    public T setTint(int c, Curve cv) { return put("tint", c); }
    public int getTint() { return getInt("tint", 0xffffff); }
}
