/* Group.java -- cgref stand-in: a group of entities. */
package com.codingame.gameengine.module.entities;

public class Group extends ContainerBasedEntity<Group> {
    Group() {}
}
