/*
 * Build.java -- compiles a CodinGame referee's game code (SRC/src/main/java)
 * against cgref's SDK stand-ins with the JDK's compiler, into
 * BUILD/ref/NAME-HASH/, and loads it. HASH covers every source file's path,
 * size and time and the stand-ins' build, so an unchanged tree is compiled
 * once. Concurrent games compile into private folders and the first to
 * finish renames its folder into place (the others drop theirs).
 */
package cgref;

import java.io.*;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.*;
import java.security.MessageDigest;
import java.util.*;
import java.util.stream.*;
import javax.tools.*;

final class Build {
    /** The referee cannot be compiled or loaded (no stack trace needed). */
    static final class SetupError extends Exception {
        SetupError(String m) { super(m); }
    }

    /** Jars of Debian packages a referee may import (added when present). */
    static final String[] SYSTEM_JARS = { "/usr/share/java/commons-lang3.jar", "/usr/share/java/gson.jar",
        "/usr/share/java/guava.jar" };

    static Path sdkDir() throws Exception {
        return Paths.get(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    static List<String> jars(List<String> extra) {
        List<String> all = new ArrayList<>(extra);
        for (String j : SYSTEM_JARS) if (new File(j).isFile()) all.add(j);
        return all;
    }

    private static String hash(Path src, List<Path> files, Path sdk) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        for (Path f : files)
            md.update((src.relativize(f) + " " + Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis() + "\n").getBytes("UTF-8"));
        Path stamp = sdk.resolve("cgref/Main.class");
        md.update(String.valueOf(Files.getLastModifiedTime(stamp).toMillis()).getBytes("UTF-8"));
        StringBuilder sb = new StringBuilder();
        for (byte b : md.digest()) sb.append(String.format("%02x", b));
        return sb.substring(0, 12);
    }

    /** The class folder of the referee's compiled game code. */
    static Path compile(Path refDir, List<String> jars) throws Exception {
        Path src = refDir.resolve("src/main/java");
        if (!Files.isDirectory(src)) throw new SetupError("no " + src + ": not a CodinGame referee tree");
        List<Path> files;
        try (Stream<Path> s = Files.walk(src)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        Path sdk = sdkDir();
        String name = refDir.toAbsolutePath().normalize().getFileName().toString().replaceAll("[^A-Za-z0-9_.-]", "_");
        Path out = sdk.getParent().resolve("ref").resolve(name + "-" + hash(src, files, sdk));
        if (Files.isRegularFile(out.resolve(".ok"))) return out;
        Files.createDirectories(out.getParent());
        Path tmp = Files.createTempDirectory(out.getParent(), name + ".tmp");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new SetupError("no Java compiler in this runtime (install a JDK)");
        List<String> opts = new ArrayList<>(Arrays.asList("-d", tmp.toString(), "-nowarn", "-encoding", "UTF-8",
            "-proc:none", "-cp", sdk + File.pathSeparator + String.join(File.pathSeparator, jars)));
        List<String> args = new ArrayList<>(opts);
        for (Path f : files) args.add(f.toString());
        ByteArrayOutputStream msgs = new ByteArrayOutputStream();
        int rc = javac.run(null, msgs, msgs, args.toArray(new String[0]));
        for (String line : msgs.toString("UTF-8").split("\n")) /* javac's notes (deprecations) are noise here */
            if (!line.isEmpty() && !line.startsWith("Note:")) System.err.println(line);
        if (rc != 0) {
            deleteTree(tmp);
            throw new SetupError("javac failed on " + src);
        }
        Files.createFile(tmp.resolve(".ok"));
        try {
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteTree(tmp); /* another game compiled it first */
        }
        return out;
    }

    static void deleteTree(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) Files.deleteIfExists(q);
        }
    }

    static ClassLoader loader(Path refDir, Path classes, List<String> jars) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        Path res = refDir.resolve("src/main/resources");
        if (Files.isDirectory(res)) urls.add(res.toUri().toURL());
        for (String j : jars) urls.add(new File(j).toURI().toURL());
        return new URLClassLoader(urls.toArray(new URL[0]), Main.class.getClassLoader());
    }

    /** The class named `name`, else the only compiled class extending `base`. */
    static Class<?> find(ClassLoader cl, Path classes, String name, Class<?> base) throws Exception {
        try {
            return Class.forName(name, false, cl);
        } catch (ClassNotFoundException e) {
            /* look for a subclass below */
        }
        List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(classes)) {
            for (Path p : s.filter(q -> q.toString().endsWith(".class")).collect(Collectors.toList())) {
                String cn = classes.relativize(p).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(cn, false, cl);
                if (base.isAssignableFrom(c) && !java.lang.reflect.Modifier.isAbstract(c.getModifiers())) found.add(c);
            }
        }
        if (found.size() != 1)
            throw new SetupError("no class " + name + " and " + found.size() + " classes extending " + base.getSimpleName());
        return found.get(0);
    }
}
