/* Singleton.java -- cgref stand-in for javax.inject.Singleton: one instance of the
 * class per game (cgref/Injector.java). */
package javax.inject;

import java.lang.annotation.*;

@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Singleton {}
