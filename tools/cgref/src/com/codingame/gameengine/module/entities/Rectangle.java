/* Rectangle.java -- cgref stand-in: a rectangle. */
package com.codingame.gameengine.module.entities;

public class Rectangle extends Shape<Rectangle> {
    Rectangle() {}
    public Rectangle setWidth(int v) { return put("width", v); }
    public Rectangle setWidth(int v, Curve c) { return put("width", v); }
    public int getWidth() { return getInt("width", 100); }
    public Rectangle setHeight(int v) { return put("height", v); }
    public Rectangle setHeight(int v, Curve c) { return put("height", v); }
    public int getHeight() { return getInt("height", 100); }
}
