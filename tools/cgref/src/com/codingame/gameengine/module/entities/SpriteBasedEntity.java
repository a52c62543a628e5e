/* SpriteBasedEntity.java -- cgref stand-in: an image-based entity. */
package com.codingame.gameengine.module.entities;

public abstract class SpriteBasedEntity<T extends SpriteBasedEntity<?>> extends TextureBasedEntity<T> implements Mask {
    public T setImage(String image) { return put("image", image); }
    public T setBaseWidth(int w) { return put("baseWidth", w); }
    public T setBaseHeight(int h) { return put("baseHeight", h); }
    public String getImage() { return (String) get("image", null); }
    public Integer getBaseWidth() { return (Integer) get("baseWidth", null); }
    public Integer getBaseHeight() { return (Integer) get("baseHeight", null); }
    public T setScaleMode(ScaleMode m) { return put("scaleMode", m); }
    public ScaleMode getScaleMode() { return (ScaleMode) get("scaleMode", ScaleMode.LINEAR); }
}
