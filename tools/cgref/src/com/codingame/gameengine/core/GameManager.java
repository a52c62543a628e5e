/*
 * GameManager.java -- cgref stand-in for the SDK's game manager: the game
 * loop and the settings a referee makes. The loop (cgrefRun) follows the
 * SDK: init, then turns 1..maxTurns while the game is not ended and some
 * player is active; a turn in which the referee executed nobody still
 * makes a frame (player 0 "executed" for 0 lines); then onEnd. Defaults as
 * the SDK's: 200 turns, 1000 ms for a player's first answer, 50 ms after,
 * limits between 50 ms and 25 s, 30 s of total turn time at most (the
 * game fails beyond), 800 characters of game summary a turn. View data is
 * accepted and dropped (nothing is drawn).
 * Invariant: a player is asked only through execute(), after init.
 */
package com.codingame.gameengine.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

abstract public class GameManager<T extends AbstractPlayer> {
    private static final int GAME_DURATION_HARD_QUOTA = 30_000;
    private static final int MAX_TURN_TIME = 25_000, MIN_TURN_TIME = 50, SOFT_TIMELIMIT_EXTRA = 50;
    private static final int SUMMARY_TURN_QUOTA = 800, SUMMARY_TOTAL_QUOTA = 512 * 1024;

    protected List<T> players;
    private int maxTurns = 200, turnMaxTime = 50, firstTurnMaxTime = 1000, frameDuration = 1000;
    private int turn = 0, totalTurnTime = 0, summaryBytes = 0;
    private boolean gameEnd, initDone, useTurntime, useTimebank;
    boolean outputsRead;
    private List<String> summary = new ArrayList<>();
    private List<int[]> tooltipPlayers = new ArrayList<>();
    private List<String> tooltips = new ArrayList<>();
    private final List<Module> modules = new ArrayList<>();
    private CgrefHost host;
    private int[] override; /* the runner's --limit-ms {first, next}: the limits
                               asked with; the 30 s quota counts the referee's */
    /* what the runner reads after the game */
    public int cgrefTurns;
    public int[] cgrefTimeoutTurn, cgrefDeactivatedTurn;
    public String[] cgrefDeactivateReason;

    abstract protected boolean allPlayersInactive();
    abstract protected void readGameProperties(Properties params);

    /** Plays the game (cgref's entry point; the SDK's is package-private).
     *  limits: {first, next} ms overriding the referee's, or null. */
    public final void cgrefRun(AbstractReferee referee, List<T> players, Properties params, CgrefHost host, int[] limits) {
        this.players = players;
        this.host = host;
        int n = players.size();
        cgrefTimeoutTurn = new int[n];
        cgrefDeactivatedTurn = new int[n];
        cgrefDeactivateReason = new String[n];
        for (int i = 0; i < n; i++) {
            players.get(i).index = i;
            players.get(i).manager = this;
        }
        readGameProperties(params);
        referee.init();
        modules.forEach(Module::onGameInit);
        override = limits;
        initDone = true;
        for (turn = 1; turn <= maxTurns && !gameEnd && !allPlayersInactive(); turn++) {
            flushFrame(turn - 1);
            outputsRead = false;
            referee.gameTurn(turn);
            modules.forEach(Module::onAfterGameTurn);
            if (!players.isEmpty() && players.stream().noneMatch(p -> p.hasBeenExecuted())) execute(players.get(0), 0);
            for (T p : players) {
                p.setOutputs(null);
                p.setHasBeenExecuted(false);
            }
        }
        cgrefTurns = turn - 1;
        referee.onEnd();
        modules.forEach(Module::onAfterOnEnd);
        flushFrame(cgrefTurns);
    }

    private void flushFrame(int t) {
        host.frame(t, summary, tooltipPlayers, tooltips);
        summary = new ArrayList<>();
        tooltipPlayers = new ArrayList<>();
        tooltips = new ArrayList<>();
    }

    /* Asks a player for nLines lines (the SDK's GameManager.execute). */
    void execute(T player, int nLines) {
        if (!initDone) throw new RuntimeException("Impossible to execute a player during init phase.");
        player.setTimeout(false);
        if (nLines > 0 && !useTimebank) {
            totalTurnTime += turnMaxTime;
            if (totalTurnTime > GAME_DURATION_HARD_QUOTA)
                throw new RuntimeException(String.format("Total game duration too long (>%dms)", GAME_DURATION_HARD_QUOTA));
        }
        int limit = player.hasNeverBeenExecuted() ? firstTurnMaxTime : turnMaxTime;
        if (override != null) limit = override[player.hasNeverBeenExecuted() ? 0 : 1];
        if (useTimebank) limit = player.getRemainingTimebank();
        player.setTimelimit(limit);
        CgrefHost.Answer a = host.ask(turn, player.index, player.takeInputs(), nLines, limit,
                                      limit + (useTimebank ? 0 : SOFT_TIMELIMIT_EXTRA));
        player.setLastExecutionTimeMs(a.ms);
        if (a.lines == null) player.setTimeout(true);
        else player.setOutputs(a.lines);
    }

    /* After a player's execute(): soft says the answer came but was late
     * for the third time, which makes it a timeout. */
    void noteTimeout(AbstractPlayer p, boolean timeout, boolean soft) {
        if (timeout && cgrefTimeoutTurn[p.index] == 0) cgrefTimeoutTurn[p.index] = turn;
        if (soft) host.softTimeout(turn, p.index);
    }

    void noteDeactivated(AbstractPlayer p, String reason) {
        cgrefDeactivatedTurn[p.index] = Math.max(turn, 0);
        cgrefDeactivateReason[p.index] = reason;
    }

    public final void putMetadata(String key, double value) {}
    public int getFrameDuration() { return frameDuration; }

    public void setFrameDuration(int d) {
        if (d <= 0) throw new IllegalArgumentException("Invalid frame duration: only positive frame duration is supported");
        frameDuration = d;
    }

    protected void endGame() { gameEnd = true; }
    public boolean isGameEnd() { return gameEnd; }

    public void setTimebank(int timebank) {
        if (useTurntime) throw new UnsupportedOperationException("Use either setTimebank or setTurnMaxTime & setFirstTurnMaxTime, not both");
        if (timebank < MIN_TURN_TIME) throw new IllegalArgumentException("Invalid time bank: use at least 1000ms");
        if (timebank * players.size() > GAME_DURATION_HARD_QUOTA) throw new IllegalArgumentException("Invalid timebank");
        totalTurnTime += timebank * players.size();
        useTimebank = true;
        for (T p : players) p.setTimebank(timebank);
    }

    public void setMaxTurns(int n) {
        if (n <= 0) throw new IllegalArgumentException("Invalid maximum number of turns");
        maxTurns = n;
    }

    public int getMaxTurns() { return maxTurns; }
    public void setTurnMaxTime(int ms) { turnMaxTime = checkLimit(ms); }
    public void setFirstTurnMaxTime(int ms) { firstTurnMaxTime = checkLimit(ms); }
    public int getTurnMaxTime() { return turnMaxTime; }
    public int getFirstTurnMaxTime() { return firstTurnMaxTime; }

    private int checkLimit(int ms) {
        if (useTimebank) throw new UnsupportedOperationException("Use either setTimebank or setTurnMaxTime & setFirstTurnMaxTime, not both");
        if (ms < MIN_TURN_TIME) throw new IllegalArgumentException("Invalid turn max time : stay above 50ms");
        if (ms > MAX_TURN_TIME) throw new IllegalArgumentException("Invalid turn max time : stay under 25s");
        useTurntime = true;
        return ms;
    }

    public void setViewData(Object data) {}
    public void setViewData(String moduleName, Object data) {}

    public void setViewGlobalData(String moduleName, Object data) {
        if (initDone) throw new IllegalStateException("Impossible to send global data to view outside of init phase");
    }

    public void addTooltip(Tooltip t) {
        tooltipPlayers.add(new int[] { t.player });
        tooltips.add(t.message);
    }

    public void addTooltip(AbstractPlayer p, String message) { addTooltip(new Tooltip(p.index, message)); }

    /* The SDK's quotas: a line is kept while this turn's lines so far are
     * under 800 characters and the game's under 512 KiB (counted as the SDK
     * counts them: the turn's total before the line). */
    public void addToGameSummary(String line) {
        int total = summary.stream().mapToInt(String::length).sum();
        if (total < SUMMARY_TURN_QUOTA && total + summaryBytes < SUMMARY_TOTAL_QUOTA) {
            summary.add(line);
            summaryBytes += total;
        }
    }

    public void registerModule(Module m) { modules.add(m); }
    public int getLeagueLevel() { return Integer.valueOf(System.getProperty("league.level", "1")); }
    public static String formatSuccessMessage(String m) { return String.format("¤GREEN¤%s§GREEN§", m); }
    public static String formatErrorMessage(String m) { return String.format("¤RED¤%s§RED§", m); }
}
