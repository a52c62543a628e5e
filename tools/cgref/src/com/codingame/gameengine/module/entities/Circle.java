/* Circle.java -- cgref stand-in: a circle. */
package com.codingame.gameengine.module.entities;

public class Circle extends Shape<Circle> {
    Circle() {}
    public Circle setRadius(int r) { return put("radius", r); }
    public Circle setRadius(int r, Curve c) { return put("radius", r); }
    public int getRadius() { return getInt("radius", 100); }
}
