/* Line.java -- cgref stand-in: a line segment. */
package com.codingame.gameengine.module.entities;

public class Line extends Shape<Line> {
    Line() {}
    public Line setX2(int v) { return put("x2", v); }
    public Line setX2(int v, Curve c) { return put("x2", v); }
    public int getX2() { return getInt("x2", 0); }
    public Line setY2(int v) { return put("y2", v); }
    public Line setY2(int v, Curve c) { return put("y2", v); }
    public int getY2() { return getInt("y2", 0); }
}
