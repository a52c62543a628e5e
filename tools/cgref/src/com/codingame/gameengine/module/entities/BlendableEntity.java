/* BlendableEntity.java -- cgref stand-in: an entity with a blend mode. */
package com.codingame.gameengine.module.entities;

public abstract class BlendableEntity<T extends Entity<?>> extends Entity<T> {
    public static enum BlendMode { NORMAL, ADD, MULTIPLY, SCREEN }

    public BlendMode getBlendMode() { return (BlendMode) get("blend", null); }
    public T setBlendMode(BlendMode m) { return put("blend", m); }
}
