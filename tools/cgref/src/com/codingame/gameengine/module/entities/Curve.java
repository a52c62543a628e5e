/* Curve.java -- cgref stand-in: interpolation curves (ignored: nothing is drawn). */
package com.codingame.gameengine.module.entities;

public enum Curve { LINEAR, NONE, IMMEDIATE, EASE_IN, EASE_OUT, EASE_IN_AND_OUT, ELASTIC }
