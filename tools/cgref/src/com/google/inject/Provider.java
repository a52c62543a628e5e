/* Provider.java -- cgref stand-in for com.google.inject.Provider: get() asks the
 * injector for an instance (a new one unless the class is a singleton). */
package com.google.inject;

public interface Provider<T> {
    T get();
}
