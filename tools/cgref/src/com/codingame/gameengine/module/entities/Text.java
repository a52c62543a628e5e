/* Text.java -- cgref stand-in: a text label. */
package com.codingame.gameengine.module.entities;

public class Text extends TextBasedEntity<Text> {
    public static enum FontWeight { NORMAL, BOLD, BOLDER, LIGHTER }

    Text() {}
    public int getStrokeColor() { return getInt("stroke", 0); }
    public Text setStrokeColor(int c) { return put("stroke", c); }
    public Text setStrokeColor(int c, Curve cv) { return put("stroke", c); }
    public String getFontFamily() { return (String) get("font", "Lato"); }
    public Text setFontFamily(String f) { return put("font", f); }
    public double getStrokeThickness() { return getDouble("strokeThickness", 0); }
    public Text setStrokeThickness(double t) { return put("strokeThickness", t); }
    public Text setStrokeThickness(double t, Curve c) { return put("strokeThickness", t); }
    public Text setFontWeight(FontWeight w) { return put("weight", w); }
    public FontWeight getFontWeight() { return (FontWeight) get("weight", FontWeight.NORMAL); }
    public int getFillColor() { return getInt("fill", 0); }
    public Text setFillColor(int c) { return put("fill", c); }
    public Text setFillColor(int c, Curve cv) { return put("fill", c); }
}
