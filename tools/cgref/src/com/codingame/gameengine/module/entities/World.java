/* World.java -- cgref stand-in: the viewer's world size. */
package com.codingame.gameengine.module.entities;

public class World {
    public static final int DEFAULT_WIDTH = 1920;
    public static final int DEFAULT_HEIGHT = 1080;
    private final int width, height;

    World(int width, int height) { this.width = width; this.height = height; }
    World() { this(DEFAULT_WIDTH, DEFAULT_HEIGHT); }
    public int getWidth() { return width; }
    public int getHeight() { return height; }
}
