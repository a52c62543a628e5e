/* Mask.java -- cgref stand-in: what an entity can be masked by. */
package com.codingame.gameengine.module.entities;

public interface Mask {
    int getId();
}
