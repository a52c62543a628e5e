/* SpriteSheetSplitter.java -- cgref stand-in: names the images of a sprite
 * sheet (NAME0, NAME1, ...) without loading anything. */
package com.codingame.gameengine.module.entities;

public class SpriteSheetSplitter {
    private String name = "", sourceImage = "";
    private int width, height, origRow, origCol, imageCount, imagesPerRow;

    public SpriteSheetSplitter(GraphicEntityModule module) {}
    public String getName() { return name; }
    public String getSourceImage() { return sourceImage; }
    public int getWidth() { return width; }
    public int getHeight() { return height; }
    public int getOrigRow() { return origRow; }
    public int getOrigCol() { return origCol; }
    public int getImageCount() { return imageCount; }
    public int getImagesPerRow() { return imagesPerRow; }
    public SpriteSheetSplitter setName(String v) { name = v; return this; }
    public SpriteSheetSplitter setSourceImage(String v) { sourceImage = v; return this; }
    public SpriteSheetSplitter setWidth(int v) { width = v; return this; }
    public SpriteSheetSplitter setHeight(int v) { height = v; return this; }
    public SpriteSheetSplitter setOrigRow(int v) { origRow = v; return this; }
    public SpriteSheetSplitter setOrigCol(int v) { origCol = v; return this; }
    public SpriteSheetSplitter setImageCount(int v) { imageCount = v; return this; }
    public SpriteSheetSplitter setImagesPerRow(int v) { imagesPerRow = v; return this; }

    public String[] split() {
        String[] names = new String[Math.max(0, imageCount)];
        for (int i = 0; i < names.length; i++) names[i] = name + i;
        return names;
    }
}
