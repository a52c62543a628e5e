/* Sprite.java -- cgref stand-in: an image. */
package com.codingame.gameengine.module.entities;

public class Sprite extends SpriteBasedEntity<Sprite> {
    Sprite() {}
}
