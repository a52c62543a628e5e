/*
 * CgrefHost.java -- cgref's own interface (not an SDK class): what the game
 * manager stand-in needs from the runner (cgref/Main.java): ask a bot and
 * write the trace. Keeping it an interface leaves the SDK stand-ins free of
 * processes and files.
 */
package com.codingame.gameengine.core;

import java.util.List;

public interface CgrefHost {
    /** One bot's answer: lines == null for no (complete) answer in time. */
    final class Answer {
        public final List<String> lines;
        public final long ms; /* whole milliseconds, as the SDK counts them */

        public Answer(List<String> lines, long ms) {
            this.lines = lines;
            this.ms = ms;
        }
    }

    /** Sends the input lines to player p and reads nLines lines within
     *  waitMs (the limit plus the SDK's 50 ms grace). */
    Answer ask(int turn, int p, List<String> inputs, int nLines, int limitMs, int waitMs);

    /** Player p answered but is timed out anyway: its answer was over the
     *  limit (without the grace) for the third time (the SDK's soft limit). */
    void softTimeout(int turn, int p);

    /** The game summary lines and tooltips one turn produced (turn 0: init). */
    void frame(int turn, List<String> summary, List<int[]> tooltipPlayers, List<String> tooltips);
}
