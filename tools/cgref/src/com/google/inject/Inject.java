/* Inject.java -- cgref stand-in for com.google.inject.Inject: marks a constructor,
 * field or method that cgref's injector (cgref/Injector.java) fills. */
package com.google.inject;

import java.lang.annotation.*;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.CONSTRUCTOR, ElementType.FIELD, ElementType.METHOD})
public @interface Inject {}
