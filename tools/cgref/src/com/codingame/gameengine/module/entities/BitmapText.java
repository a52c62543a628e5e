/* BitmapText.java -- cgref stand-in: text in a bitmap font. */
package com.codingame.gameengine.module.entities;

public class BitmapText extends TextBasedEntity<BitmapText> {
    BitmapText() {}
    public String getFont() { return (String) get("font", null); }
    public BitmapText setFont(String f) { return put("font", f); }
}
