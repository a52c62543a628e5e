/*
 * AbstractPlayer.java -- cgref stand-in for the SDK's player: input lines
 * queued by sendInputLine, sent by execute(), answer read by getOutputs().
 * SDK behaviour kept: inputs cannot be added after execute() or after any
 * output was read this turn; the first answer has the first-turn limit; an
 * answer slower than the limit (without the 50 ms grace) counts as
 * exceeded, and from the third exceeded answer on every answer is a
 * timeout; getOutputs() throws TimeoutException after a timeout.
 */
package com.codingame.gameengine.core;

import java.util.ArrayList;
import java.util.List;

abstract public class AbstractPlayer {
    public static class TimeoutException extends Exception {
        private static final long serialVersionUID = 42L;
    }

    private static final int MAX_SOFT_TIMELIMIT_EXCEEDS = 2;

    GameManager<?> manager; /* set by the game manager that created the player */
    protected int index;
    private List<String> inputs = new ArrayList<>();
    private List<String> outputs;
    private boolean timeout, hasBeenExecuted, neverExecuted = true;
    private int timelimit, score, exceeded, timebank;
    private boolean useTimebank, exceededLastTurn;
    private long lastMs = -1;

    public final String getNicknameToken() { return "$" + index; }
    public final String getAvatarToken() { return "$" + index; }
    int getIndex() { return index; }
    int getScore() { return score; }
    void setScore(int score) { this.score = score; }
    public int getRemainingTimebank() { return timebank; }
    public long getLastExectionTimeMs() { return lastMs; }
    public int getTimelimitsExceeded() { return exceeded; }
    public boolean hasTimelimitExceededLastTurn() { return exceededLastTurn; }
    public final void setLastExecutionTimeMs(long ms) { lastMs = ms; }
    public abstract int getExpectedOutputLines();

    public final void sendInputLine(String line) {
        if (hasBeenExecuted) throw new RuntimeException("Impossible to send new inputs after calling execute");
        if (manager.outputsRead) throw new RuntimeException("Sending input data to a player after reading any output is forbidden.");
        inputs.add(line);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public final void execute() {
        ((GameManager) manager).execute(this, getExpectedOutputLines());
        hasBeenExecuted = true;
        neverExecuted = false;
        if (useTimebank) timebank = timeout ? 0 : (int) (timebank - lastMs);
        exceededLastTurn = lastMs > timelimit;
        if (exceededLastTurn) exceeded++;
        boolean answered = !timeout;
        if (exceeded > MAX_SOFT_TIMELIMIT_EXCEEDS) timeout = true;
        manager.noteTimeout(this, timeout, answered && timeout);
    }

    public final List<String> getOutputs() throws TimeoutException {
        manager.outputsRead = true;
        if (!hasBeenExecuted) throw new RuntimeException("Can't get outputs without executing it!");
        if (timeout) throw new TimeoutException();
        return outputs;
    }

    /* used by the game manager only */
    final List<String> takeInputs() { List<String> in = inputs; inputs = new ArrayList<>(); return in; }
    final void setOutputs(List<String> o) { outputs = o; }
    final void setTimeout(boolean t) { timeout = t; }
    final boolean hasTimedOut() { return timeout; }
    final boolean hasBeenExecuted() { return hasBeenExecuted; }
    final void setHasBeenExecuted(boolean b) { hasBeenExecuted = b; }
    final boolean hasNeverBeenExecuted() { return neverExecuted; }
    final void setTimelimit(int ms) { timelimit = ms; }
    final void setTimebank(int ms) { useTimebank = true; timebank = ms; }
}
