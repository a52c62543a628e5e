/* BufferedGroup.java -- cgref stand-in: a group drawn as one texture. */
package com.codingame.gameengine.module.entities;

public class BufferedGroup extends ContainerBasedEntity<BufferedGroup> implements Mask {
    BufferedGroup() {}
}
