/* SpriteAnimation.java -- cgref stand-in: a sequence of images. */
package com.codingame.gameengine.module.entities;

public class SpriteAnimation extends TextureBasedEntity<SpriteAnimation> implements Mask {
    SpriteAnimation() {}
    public boolean isPlaying() { return (Boolean) get("playing", true); }
    public SpriteAnimation setPlaying(boolean v) { return put("playing", v); }
    public SpriteAnimation reset() { return this; }
    public SpriteAnimation play() { return setPlaying(true); }
    public SpriteAnimation pause() { return setPlaying(false); }
    public boolean isLoop() { return (Boolean) get("loop", false); }
    public SpriteAnimation setLoop(boolean v) { return put("loop", v); }
    public int getDuration() { return getInt("duration", 1000); }
    public SpriteAnimation setDuration(int v) { return put("duration", v); }
    public SpriteAnimation setImages(String... images) { return put("images", images); }
    public String[] getImages() { return (String[]) get("images", new String[0]); }
}
