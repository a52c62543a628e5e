/* Shape.java -- cgref stand-in: fill and line properties of a shape. */
package com.codingame.gameengine.module.entities;

public abstract class Shape<T extends BlendableEntity<?>> extends BlendableEntity<T> implements Mask {
    public T setFillColor(int c) { return put("fill", c); }
    public T setFillColor(int c, Curve cv) { return put("fill", c); }
    public Integer getFillColor() { return (Integer) get("fill", 0xffffff); }
    public T setFillAlpha(double a) { return put("fillAlpha", a); }
    public T setFillAlpha(double a, Curve cv) { return put("fillAlpha", a); }
    public double getFillAlpha() { return getDouble("fillAlpha", 1); }
    public T setLineAlpha(double a) { return put("lineAlpha", a); }
    public T setLineAlpha(double a, Curve cv) { return put("lineAlpha", a); }
    public double getLineAlpha() { return getDouble("lineAlpha", 1); }
    public T setLineWidth(double w) { return put("lineWidth", w); }
    public T setLineWidth(double w, Curve cv) { return put("lineWidth", w); }
    public double getLineWidth() { return getDouble("lineWidth", 0); }
    public T setLineColor(int c) { return put("lineColor", c); }
    public T setLineColor(int c, Curve cv) { return put("lineColor", c); }
    public int getLineColor() { return getInt("lineColor", 0); }
}
