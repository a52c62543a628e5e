/* ScaleMode.java -- cgref stand-in: texture scaling modes (ignored). */
package com.codingame.gameengine.module.entities;

public enum ScaleMode { LINEAR, NEAREST }
