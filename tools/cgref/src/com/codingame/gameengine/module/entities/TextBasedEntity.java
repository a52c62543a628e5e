/* TextBasedEntity.java -- cgref stand-in: text, alignment, font size. */
package com.codingame.gameengine.module.entities;

public abstract class TextBasedEntity<T extends TextureBasedEntity<?>> extends TextureBasedEntity<T> {
    public static enum TextAlign { LEFT, CENTER, RIGHT }

    public String getText() { return (String) get("text", ""); }
    public T setText(String text) { return put("text", text); }
    public TextAlign getTextAlign() { return (TextAlign) get("align", TextAlign.LEFT); }
    public T setTextAlign(TextAlign a) { return put("align", a); }
    public int getFontSize() { return getInt("fontSize", 26); }
    public T setFontSize(int s) { return put("fontSize", s); }
    public T setFontSize(int s, Curve c) { return put("fontSize", s); }
    public int getMaxWidth() { return getInt("maxWidth", 0); }
    public T setMaxWidth(int w) { return put("maxWidth", w); }
}
