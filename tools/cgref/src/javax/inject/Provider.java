/* Provider.java -- cgref stand-in for javax.inject.Provider: get() asks the
 * injector for an instance (a new one unless the class is a singleton). */
package javax.inject;

public interface Provider<T> {
    T get();
}
