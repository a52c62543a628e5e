/* Inject.java -- cgref stand-in for javax.inject.Inject: marks a constructor,
 * field or method that cgref's injector (cgref/Injector.java) fills. */
package javax.inject;

import java.lang.annotation.*;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.CONSTRUCTOR, ElementType.FIELD, ElementType.METHOD})
public @interface Inject {}
