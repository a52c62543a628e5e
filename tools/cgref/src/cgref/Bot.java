/*
 * Bot.java -- one bot process (sh -c CMD) and the SDK's way of reading it.
 * Input lines go through a writer thread (a bot that stops reading cannot
 * block the game); stdout and stderr are drained by reader threads. An
 * answer is read as the SDK's runner reads it: byte by byte until the
 * expected number of line ends ("\n", "\r" or "\r\n", each one end) or
 * 10000 bytes or the time is up; "\r" becomes "\n"; fewer line ends than
 * expected is no answer (a timeout), and the bytes read are dropped; bytes
 * after the last expected line end stay for the next question.
 * Invariant: a closed output (EOF) is remembered; every later question
 * gets no answer at once (the SDK would wait its full limit for nothing).
 */
package cgref;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

final class Bot {
    static final int MAX_ANSWER_BYTES = 10_000, TIMEOUT = -1, EOF = -2;
    private static final byte[] END = new byte[0];

    final String cmd;
    private final Process proc;
    private final LinkedBlockingQueue<byte[]> toBot = new LinkedBlockingQueue<>(), fromBot = new LinkedBlockingQueue<>();
    private final StringBuilder stderr = new StringBuilder();
    private byte[] chunk;
    private int pos;
    private boolean lastCR;
    boolean eof;
    double lastThinkMs;

    Bot(String cmd, boolean echoStderr) throws IOException {
        this.cmd = cmd;
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", cmd);
        proc = pb.start();
        thread(() -> writeLoop(proc.getOutputStream()));
        thread(() -> readLoop(proc.getInputStream()));
        thread(() -> errLoop(proc.getErrorStream(), echoStderr));
    }

    private static void thread(Runnable r) {
        Thread t = new Thread(r);
        t.setDaemon(true);
        t.start();
    }

    private void writeLoop(OutputStream out) {
        try {
            while (true) {
                byte[] b = toBot.take();
                out.write(b);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            /* the bot closed its input: later input is dropped, as in the SDK */
        }
    }

    private void readLoop(InputStream in) {
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) > 0;) fromBot.add(Arrays.copyOf(buf, n));
        } catch (IOException e) {
            /* treated as the end of the output */
        }
        fromBot.add(END);
    }

    private void errLoop(InputStream in, boolean echo) {
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) > 0;) {
                String s = new String(buf, 0, n, StandardCharsets.UTF_8);
                if (echo) System.err.print(s);
                synchronized (stderr) {
                    if (stderr.length() < (1 << 20)) stderr.append(s);
                }
            }
        } catch (IOException e) {
            /* nothing more to read */
        }
    }

    /** The stderr written since the last call. */
    String takeStderr() {
        synchronized (stderr) {
            String s = stderr.toString();
            stderr.setLength(0);
            return s;
        }
    }

    private int next(long deadline) throws InterruptedException {
        if (System.nanoTime() > deadline) return TIMEOUT;
        if (chunk != null && pos < chunk.length) return chunk[pos++] & 0xff;
        if (eof) return EOF;
        chunk = fromBot.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        pos = 0;
        if (chunk == null) return TIMEOUT;
        if (chunk.length == 0) {
            eof = true;
            return EOF;
        }
        return chunk[pos++] & 0xff;
    }

    /** Sends the inputs, reads nLines lines within waitMs; null for none. */
    List<String> ask(List<String> inputs, int nLines, int waitMs) throws InterruptedException {
        StringBuilder sb = new StringBuilder();
        for (String s : inputs) sb.append(s).append('\n');
        long t0 = System.nanoTime(), deadline = t0 + waitMs * 1_000_000L;
        if (sb.length() > 0) toBot.add(sb.toString().getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int ends = 0;
        while (got.size() < MAX_ANSWER_BYTES && ends < nLines) {
            int b = next(deadline);
            if (b < 0) break;
            if (!(b == '\n' && lastCR)) {
                got.write(b);
                if (b == '\n' || b == '\r') ends++;
            }
            lastCR = b == '\r';
        }
        lastThinkMs = (System.nanoTime() - t0) / 1e6;
        if (ends < nLines) return null;
        String text = new String(got.toByteArray(), StandardCharsets.UTF_8).replace('\r', '\n');
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        return new ArrayList<>(lines.subList(0, nLines));
    }

    void kill() {
        proc.descendants().forEach(ProcessHandle::destroyForcibly);
        proc.destroyForcibly();
    }
}
