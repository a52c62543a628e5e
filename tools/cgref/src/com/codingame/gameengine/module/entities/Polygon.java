/* Polygon.java -- cgref stand-in: a polygon (its points are not kept). */
package com.codingame.gameengine.module.entities;

public class Polygon extends Shape<Polygon> {
    Polygon() {}
    public Polygon addPoint(int x, int y) { return this; }
    public Polygon clearPoints() { return this; }
    public Polygon setPointsInterpolationCurve(Curve c) { return this; }
}
