/* RoundedRectangle.java -- cgref stand-in: a rectangle with round corners. */
package com.codingame.gameengine.module.entities;

public class RoundedRectangle extends Shape<RoundedRectangle> {
    RoundedRectangle() {}
    public RoundedRectangle setWidth(int v) { return put("width", v); }
    public RoundedRectangle setWidth(int v, Curve c) { return put("width", v); }
    public int getWidth() { return getInt("width", 100); }
    public RoundedRectangle setHeight(int v) { return put("height", v); }
    public RoundedRectangle setHeight(int v, Curve c) { return put("height", v); }
    public int getHeight() { return getInt("height", 100); }
    public RoundedRectangle setRadius(int v) { return put("radius", v); }
    public RoundedRectangle setRadius(int v, Curve c) { return put("radius", v); }
    public int getRadius() { return getInt("radius", 20); }
}
