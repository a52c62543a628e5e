/*
 * Entity.java -- cgref stand-in for the SDK's graphic entity base class.
 * The viewer is not run here: an entity only remembers what was set on it
 * (so a referee that reads a property back gets it) and draws nothing.
 * Invariant: every setter returns the entity itself, as the SDK's do.
 */
package com.codingame.gameengine.module.entities;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

public abstract class Entity<T extends Entity<?>> {
    private static int nextId = 1;
    private final int id = nextId++;
    private final Map<String, Object> props = new HashMap<>();
    ContainerBasedEntity<?> parent;

    @SuppressWarnings("unchecked")
    T put(String key, Object value) {
        props.put(key, value);
        return (T) this;
    }

    Object get(String key, Object dflt) {
        Object v = props.get(key);
        return v == null ? dflt : v;
    }

    int getInt(String key, int dflt) { return ((Number) get(key, dflt)).intValue(); }
    double getDouble(String key, double dflt) { return ((Number) get(key, dflt)).doubleValue(); }

    public int getId() { return id; }
    public T setX(int x) { return put("x", x); }
    public T setX(int x, Curve c) { return put("x", x); }
    public T setY(int y) { return put("y", y); }
    public T setY(int y, Curve c) { return put("y", y); }
    public T setZIndex(int z) { return put("zIndex", z); }
    public T setScaleX(double v) { return put("scaleX", v); }
    public T setScaleX(double v, Curve c) { return put("scaleX", v); }
    public T setScaleY(double v) { return put("scaleY", v); }
    public T setScaleY(double v, Curve c) { return put("scaleY", v); }
    public T setSkewX(double v) { return put("skewX", v); }
    public T setSkewX(double v, Curve c) { return put("skewX", v); }
    public T setSkewY(double v) { return put("skewY", v); }
    public T setSkewY(double v, Curve c) { return put("skewY", v); }
    public T setAlpha(double v) { return put("alpha", v); }
    public T setAlpha(double v, Curve c) { return put("alpha", v); }
    public T setScale(double v) { put("scaleX", v); return put("scaleY", v); }
    public T setScale(double v, Curve c) { return setScale(v); }
    public T setRotation(double v) { return put("rotation", v); }
    public T setRotation(double v, Curve c) { return put("rotation", v); }
    public T setVisible(boolean v) { return put("visible", v); }
    public int getX() { return getInt("x", 0); }
    public int getY() { return getInt("y", 0); }
    public int getZIndex() { return getInt("zIndex", 0); }
    public double getScaleX() { return getDouble("scaleX", 1); }
    public double getScaleY() { return getDouble("scaleY", 1); }
    public double getSkewX() { return getDouble("skewX", 0); }
    public double getSkewY() { return getDouble("skewY", 0); }
    public double getAlpha() { return getDouble("alpha", 1); }
    public double getRotation() { return getDouble("rotation", 0); }
    public boolean isVisible() { return (Boolean) get("visible", true); }
    public T setMask(Mask mask) { return put("mask", mask); }
    public T setMask(SpriteAnimation mask) { return put("mask", mask); }
    public Mask getMask() { return (Mask) get("mask", null); }
    public Optional<ContainerBasedEntity<?>> getParent() { return Optional.ofNullable(parent); }
}
