/* Singleton.java -- cgref stand-in for com.google.inject.Singleton: one instance of the
 * class per game (cgref/Injector.java). */
package com.google.inject;

import java.lang.annotation.*;

@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Singleton {}
