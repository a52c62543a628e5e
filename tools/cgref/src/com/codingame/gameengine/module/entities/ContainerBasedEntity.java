/* ContainerBasedEntity.java -- cgref stand-in: an entity holding others
 * (it records the parent of each child, as getParent() reads it). */
package com.codingame.gameengine.module.entities;

import java.util.LinkedHashSet;
import java.util.Set;

public abstract class ContainerBasedEntity<T extends Entity<?>> extends Entity<T> {
    private final Set<Entity<?>> children = new LinkedHashSet<>();

    public void add(Entity<?>... entities) {
        for (Entity<?> e : entities) {
            if (e.parent != null) e.parent.remove(e);
            e.parent = this;
            children.add(e);
        }
    }

    public void remove(Entity<?> entity) {
        if (children.remove(entity)) entity.parent = null;
    }
}
