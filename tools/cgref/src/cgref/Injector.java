/*
 * Injector.java -- the smallest injector the SDK's referees need, in place
 * of Guice: @Inject constructors, fields and methods (com.google.inject or
 * javax.inject), Provider<X> for any injected X, @Singleton classes shared,
 * every other class new at each injection (Guice's default). Bindings of
 * the SDK's abstract types: AbstractReferee -> the game's Referee,
 * AbstractPlayer/AbstractMultiplayerPlayer -> its Player, GameManager ->
 * MultiplayerGameManager (one a game).
 * Invariant: a singleton is registered before its members are injected,
 * so singletons that inject each other (field injection) work.
 */
package cgref;

import java.lang.annotation.Annotation;
import java.lang.reflect.*;
import java.util.*;

import com.codingame.gameengine.core.*;

final class Injector {
    private final Map<Class<?>, Object> singletons = new HashMap<>();
    private final Class<?> refereeClass, playerClass;

    Injector(Class<?> refereeClass, Class<?> playerClass) {
        this.refereeClass = refereeClass;
        this.playerClass = playerClass;
    }

    private Class<?> bind(Class<?> c) {
        if (c == AbstractReferee.class) return refereeClass;
        if (c == AbstractPlayer.class || c == AbstractMultiplayerPlayer.class) return playerClass;
        if (c == GameManager.class) return MultiplayerGameManager.class;
        return c;
    }

    private static boolean annotated(AnnotatedElement e, String simpleName) {
        for (Annotation a : e.getAnnotations())
            if (a.annotationType().getSimpleName().equals(simpleName)) return true;
        return false;
    }

    private boolean isSingleton(Class<?> c) {
        return c == refereeClass || c == MultiplayerGameManager.class || annotated(c, "Singleton");
    }

    /** An instance of c (the shared one for a singleton). */
    Object get(Class<?> c) throws ReflectiveOperationException {
        c = bind(c);
        Object o = singletons.get(c);
        if (o != null) return o;
        o = construct(c);
        if (isSingleton(c)) singletons.put(c, o);
        injectMembers(o, c);
        return o;
    }

    private Object construct(Class<?> c) throws ReflectiveOperationException {
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers()))
            throw new InstantiationException("cgref: no binding for abstract type " + c.getName());
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (!annotated(k, "Inject")) continue;
            k.setAccessible(true);
            Type[] ts = k.getGenericParameterTypes();
            Object[] args = new Object[ts.length];
            for (int i = 0; i < ts.length; i++) args[i] = resolve(ts[i]);
            return k.newInstance(args);
        }
        Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);
        return k.newInstance();
    }

    /* Fields, then methods, superclasses first (Guice's order). */
    private void injectMembers(Object o, Class<?> c) throws ReflectiveOperationException {
        if (c == null || c == Object.class) return;
        injectMembers(o, c.getSuperclass());
        for (Field f : c.getDeclaredFields()) {
            if (!annotated(f, "Inject") || Modifier.isStatic(f.getModifiers())) continue;
            f.setAccessible(true);
            f.set(o, resolve(f.getGenericType()));
        }
        for (Method m : c.getDeclaredMethods()) {
            if (!annotated(m, "Inject") || Modifier.isStatic(m.getModifiers())) continue;
            m.setAccessible(true);
            Type[] ts = m.getGenericParameterTypes();
            Object[] args = new Object[ts.length];
            for (int i = 0; i < ts.length; i++) args[i] = resolve(ts[i]);
            m.invoke(o, args);
        }
    }

    private static Class<?> raw(Type t) {
        if (t instanceof Class) return (Class<?>) t;
        if (t instanceof ParameterizedType) return raw(((ParameterizedType) t).getRawType());
        return Object.class;
    }

    private Object resolve(Type t) throws ReflectiveOperationException {
        Class<?> r = raw(t);
        boolean guice = r == com.google.inject.Provider.class, jsr = r == javax.inject.Provider.class;
        if (!guice && !jsr) return get(r);
        Class<?> target = raw(((ParameterizedType) t).getActualTypeArguments()[0]);
        if (guice) return (com.google.inject.Provider<Object>) () -> getUnchecked(target);
        return (javax.inject.Provider<Object>) () -> getUnchecked(target);
    }

    private Object getUnchecked(Class<?> c) {
        try {
            return get(c);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }
}
