/*
 * Main.java -- cgref, the official-referee runner: plays one game of a
 * CodinGame referee (its Java source tree, compiled against cgref's SDK
 * stand-ins) between bot processes, and prints the project's one JSON
 * result line (README, "Referee contract").
 *
 *   match --referee DIR [--game NAME] [--seed S] [--league L]
 *         [--limit-ms FIRST[,NEXT]] [--trace FILE] [--stderr]
 *         [--param KEY=VALUE]... [--jar JAR]... [--wall-clock]
 *         -- CMD0 CMD1 [...]
 *   compile --referee DIR       compile only; prints the class folder
 *
 * Limits: the referee's own (setFirstTurnMaxTime, setTurnMaxTime; SDK
 * defaults 1000 and 50 ms) plus the SDK's 50 ms grace, unless --limit-ms
 * replaces them. The league is the SDK's system property league.level.
 * --wall-clock is accepted for the arena's sake (cgref always counts wall
 * time, as the SDK does).
 *
 * Trace (--trace FILE), one fact a line, every bot line prefixed:
 *   CGREF_TRACE 1 | GAME g | REFEREE dir | SEED s | LEAGUE l | BOT p cmd
 *   LIMITS first next          the limits in force after the referee's init
 *   ASK turn p nlines limit    a question, then its input lines "> line",
 *   < line                     the answer's lines, then
 *   TIME p ms                  its think time, or
 *   NOANSWER p ms timeout|eof  no complete answer in time (or output closed)
 *   ERR p "json"               what the bot wrote on stderr meanwhile
 *   SOFTTIMEOUT p              the answer above came, but counts as a
 *                              timeout (late for the third time, SDK rule)
 *   SUMMARY turn line          game summary lines (turn 0: init)
 *   TOOLTIP turn p text        tooltips (deactivation reasons among them)
 *   END turns T                then SCORE p s and DEACTIVATED p turn reason
 *   FAIL "json"                the referee threw: its stack trace
 *
 * Exit status: 0 when the game was played, 1 when the referee failed, 2
 * on a bad command line.
 */
package cgref;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

import com.codingame.gameengine.core.*;

public final class Main implements CgrefHost {
    private String game = null, refDir = null, tracePath = null;
    private Long seed = null;
    private int league = 1;
    private int[] limits = null;
    private boolean echoStderr = false;
    private final Properties params = new Properties();
    private final List<String> jars = new ArrayList<>(), cmds = new ArrayList<>();
    private final List<Bot> bots = new ArrayList<>();
    private PrintWriter trace;
    private double[] thinkSum, thinkMax;
    private int[] answers, noAnswerTurn;
    private String[] noAnswerDetail;

    static final String USAGE = "usage: cgref match --referee DIR [--game NAME] [--seed S] [--league L]\n"
        + "         [--limit-ms FIRST[,NEXT]] [--trace FILE] [--stderr] [--param K=V]... [--jar JAR]...\n"
        + "         [--wall-clock] -- CMD0 CMD1 [...]\n"
        + "       cgref compile --referee DIR\n"
        + "BOT: (a command)\n";

    public static void main(String[] argv) {
        Main m = new Main();
        int rc;
        try {
            rc = m.run(argv);
        } catch (UsageError e) {
            System.err.println("cgref: " + e.getMessage() + "\n" + USAGE);
            rc = 2;
        } catch (Build.SetupError e) {
            System.err.println("cgref: " + e.getMessage());
            rc = 1;
        } catch (Throwable e) {
            rc = m.fail(e);
        }
        for (Bot b : m.bots) b.kill();
        System.out.flush();
        System.exit(rc);
    }

    static final class UsageError extends Exception {
        UsageError(String m) { super(m); }
    }

    private int fail(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && (cause instanceof java.lang.reflect.InvocationTargetException
                                            || cause.getClass() == RuntimeException.class && cause.getMessage() != null
                                               && cause.getMessage().startsWith("java.lang.reflect"))) cause = cause.getCause();
        StringWriter sw = new StringWriter();
        cause.printStackTrace(new PrintWriter(sw));
        System.err.println("cgref: the referee failed: " + sw);
        if (trace != null) {
            trace.println("FAIL " + json(sw.toString()));
            trace.close();
        }
        return 1;
    }

    private void parse(String[] a) throws UsageError {
        int i = 1;
        for (; i < a.length && !a[i].equals("--"); i++) {
            String o = a[i];
            if (o.equals("--help")) throw new UsageError("options of " + a[0] + " (--trace writes a trace)");
            if (o.equals("--stderr")) { echoStderr = true; continue; }
            if (o.equals("--wall-clock")) continue;
            if (i + 1 >= a.length) throw new UsageError(o + " needs a value");
            String v = a[++i];
            try {
                switch (o) {
                    case "--referee": refDir = v; break;
                    case "--game": game = v; break;
                    case "--seed": seed = Long.parseLong(v); break;
                    case "--league": league = Integer.parseInt(v); break;
                    case "--trace": tracePath = v; break;
                    case "--jar": jars.add(v); break;
                    case "--param": {
                        int eq = v.indexOf('=');
                        if (eq <= 0) throw new UsageError("--param wants KEY=VALUE");
                        params.setProperty(v.substring(0, eq), v.substring(eq + 1));
                        break;
                    }
                    case "--limit-ms": {
                        String[] p = v.split(",");
                        int f = Integer.parseInt(p[0]), n = Integer.parseInt(p[p.length > 1 ? 1 : 0]);
                        if (p.length > 2 || f < 1 || n < 1) throw new UsageError("--limit-ms wants FIRST[,NEXT] in ms");
                        limits = new int[] { f, n };
                        break;
                    }
                    default: throw new UsageError("unknown option " + o);
                }
            } catch (NumberFormatException e) {
                throw new UsageError(o + ": not a number: " + v);
            }
        }
        for (i++; i < a.length; i++) cmds.add(a[i]);
        if (refDir == null) throw new UsageError("--referee DIR is required");
    }

    private int run(String[] argv) throws Exception {
        if (argv.length < 1 || !(argv[0].equals("match") || argv[0].equals("compile"))) throw new UsageError("give match or compile");
        parse(argv);
        Path dir = Paths.get(refDir);
        List<String> cp = Build.jars(jars);
        Path classes = Build.compile(dir, cp);
        if (argv[0].equals("compile")) {
            System.out.println(classes);
            return 0;
        }
        if (cmds.size() < 1 || cmds.size() > 8) throw new UsageError("give 1 to 8 bot commands after --");
        if (game == null) game = dir.toAbsolutePath().normalize().getFileName().toString();
        ClassLoader cl = Build.loader(dir, classes, cp);
        Class<?> ref = Build.find(cl, classes, "com.codingame.game.Referee", AbstractReferee.class);
        Class<?> player = Build.find(cl, classes, "com.codingame.game.Player", AbstractMultiplayerPlayer.class);
        Thread.currentThread().setContextClassLoader(cl);
        return play(ref, player);
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private int play(Class<?> refClass, Class<?> playerClass) throws Exception {
        System.setProperty("league.level", String.valueOf(league));
        if (seed != null) params.setProperty("seed", String.valueOf(seed));
        if (tracePath != null)
            trace = new PrintWriter(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(tracePath), StandardCharsets.UTF_8)));
        int n = cmds.size();
        thinkSum = new double[n];
        thinkMax = new double[n];
        answers = new int[n];
        noAnswerTurn = new int[n];
        noAnswerDetail = new String[n];
        Injector inj = new Injector(refClass, playerClass);
        AbstractReferee referee = (AbstractReferee) inj.get(AbstractReferee.class);
        List players = new ArrayList();
        for (int i = 0; i < n; i++) players.add(inj.get(AbstractMultiplayerPlayer.class));
        for (String c : cmds) bots.add(new Bot(c, echoStderr));
        MultiplayerGameManager gm = (MultiplayerGameManager) inj.get(MultiplayerGameManager.class);
        traceHeader();
        gm.cgrefRun(referee, players, params, this, limits);
        result(gm, players);
        return 0;
    }

    private void traceHeader() {
        if (trace == null) return;
        trace.println("CGREF_TRACE 1");
        trace.println("GAME " + game);
        trace.println("REFEREE " + refDir);
        trace.println("SEED " + (seed == null ? "random" : seed));
        trace.println("LEAGUE " + league);
        for (int i = 0; i < cmds.size(); i++) trace.println("BOT " + i + " " + cmds.get(i));
    }

    private boolean limitsTraced = false;

    @Override
    public Answer ask(int turn, int p, List<String> inputs, int nLines, int limitMs, int waitMs) {
        Bot b = bots.get(p);
        if (trace != null) {
            if (!limitsTraced) trace.println("LIMITS " + (limits != null ? limits[0] + " " + limits[1] : "referee"));
            limitsTraced = true;
            trace.println("ASK " + turn + " " + p + " " + nLines + " " + limitMs);
            for (String s : inputs) for (String l : s.split("\n", -1)) trace.println("> " + l);
        }
        List<String> got;
        try {
            got = b.eof ? null : b.ask(inputs, nLines, waitMs);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
        double ms = b.eof && got == null ? 0 : b.lastThinkMs;
        if (got != null && nLines > 0) {
            answers[p]++;
            thinkSum[p] += ms;
            thinkMax[p] = Math.max(thinkMax[p], ms);
        } else if (got == null && noAnswerTurn[p] == 0) {
            noAnswerTurn[p] = Math.max(turn, 1);
            noAnswerDetail[p] = String.format(Locale.ROOT, "turn %d, answer %d: %s after %.1f ms wall (limit %d + %d ms grace)",
                turn, answers[p] + 1, b.eof ? "output closed" : "no complete answer", ms, limitMs, waitMs - limitMs);
        }
        String err = b.takeStderr();
        if (trace != null) {
            if (got != null) for (String l : got) trace.println("< " + l);
            if (got != null) trace.println(String.format(Locale.ROOT, "TIME %d %.3f", p, ms));
            else trace.println(String.format(Locale.ROOT, "NOANSWER %d %.3f %s", p, ms, b.eof ? "eof" : "timeout"));
            if (!err.isEmpty()) trace.println("ERR " + p + " " + json(err));
        }
        return new Answer(got, got == null && b.eof ? waitMs : (long) ms);
    }

    @Override
    public void softTimeout(int turn, int p) {
        if (noAnswerTurn[p] == 0) {
            noAnswerTurn[p] = Math.max(turn, 1);
            noAnswerDetail[p] = "turn " + turn + ", answer " + answers[p] + ": over the limit for the third time (the SDK's soft limit)";
        }
        if (trace != null) trace.println("SOFTTIMEOUT " + p);
    }

    @Override
    public void frame(int turn, List<String> summary, List<int[]> tooltipPlayers, List<String> tooltips) {
        if (trace == null) return;
        for (String s : summary) for (String l : s.split("\n", -1)) trace.println("SUMMARY " + turn + " " + l);
        for (int i = 0; i < tooltips.size(); i++)
            trace.println("TOOLTIP " + turn + " " + tooltipPlayers.get(i)[0] + " " + tooltips.get(i).replace("\n", "\\n"));
    }

    private void result(MultiplayerGameManager<?> gm, List<? extends AbstractMultiplayerPlayer> players) {
        int n = players.size();
        int[] scores = new int[n], ranks = new int[n];
        String[] errors = new String[n], detail = new String[n];
        for (int i = 0; i < n; i++) scores[i] = players.get(i).getScore();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) if (scores[j] > scores[i]) ranks[i]++;
            errors[i] = detail[i] = "";
            if (gm.cgrefTimeoutTurn[i] > 0 || noAnswerTurn[i] > 0 && !players.get(i).isActive()) {
                errors[i] = bots.get(i).eof ? "crash" : "timeout";
                detail[i] = noAnswerDetail[i] != null ? noAnswerDetail[i]
                    : "turn " + gm.cgrefTimeoutTurn[i] + ": over the limit three times (the SDK's soft limit)";
            } else if (gm.cgrefDeactivatedTurn[i] > 0 || !players.get(i).isActive()) {
                errors[i] = "invalid";
                detail[i] = "turn " + gm.cgrefDeactivatedTurn[i] + ": deactivated: " + gm.cgrefDeactivateReason[i];
            }
        }
        if (trace != null) {
            trace.println("END turns " + gm.cgrefTurns);
            for (int i = 0; i < n; i++) trace.println("SCORE " + i + " " + scores[i]);
            for (int i = 0; i < n; i++)
                if (!players.get(i).isActive())
                    trace.println("DEACTIVATED " + i + " " + gm.cgrefDeactivatedTurn[i] + " " + String.valueOf(gm.cgrefDeactivateReason[i]).replace("\n", "\\n"));
            trace.close();
        }
        System.out.println(jsonLine(gm, scores, ranks, errors, detail));
    }

    private String jsonLine(MultiplayerGameManager<?> gm, int[] scores, int[] ranks, String[] errors, String[] detail) {
        int n = scores.length;
        StringBuilder mean = new StringBuilder(), max = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String sep = i > 0 ? "," : "";
            mean.append(sep).append(String.format(Locale.ROOT, "%.3f", answers[i] > 0 ? thinkSum[i] / answers[i] : 0));
            max.append(sep).append(String.format(Locale.ROOT, "%.3f", thinkMax[i]));
        }
        return "{\"game\":" + json(game) + ",\"seed\":" + gm.getSeed() + ",\"ranks\":" + ints(ranks) + ",\"scores\":" + ints(scores)
            + ",\"errors\":" + strs(errors) + ",\"turns\":" + gm.cgrefTurns + ",\"think_mean_ms\":[" + mean
            + "],\"think_max_ms\":[" + max + "],\"detail\":" + strs(detail) + "}";
    }

    private static String ints(int[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) sb.append(i > 0 ? "," : "").append(v[i]);
        return sb.append("]").toString();
    }

    private static String strs(String[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) sb.append(i > 0 ? "," : "").append(json(v[i]));
        return sb.append("]").toString();
    }

    static String json(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c == '\n') sb.append("\\n");
            else if (c < 0x20 || c == 0x2028 || c == 0x2029 || c == 0x7f) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }
}
