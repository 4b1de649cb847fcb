package dev.holdfast.reliability;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one run of the harness does: which rows, how many cases each, and the build it runs.
 *
 * @param appRoot       the project root whose {@code app/target} holds the app to run
 * @param rows          the rows to run, by name
 * @param kills         kill -9 cases
 * @param damages       damaged-file cases (each a file and a kind of damage, in turn)
 * @param diskCases     state-disk cases (full, read-only, removed, in turn)
 * @param fuzzCases     replay fuzz cases
 * @param instanceRounds rounds of two instances on one state directory
 * @param socketSeconds seconds each control socket abuse lasts
 * @param loadTabs      flooding tabs in the load row
 * @param loadSeconds   how long they flood
 * @param seed          seed of every random choice, printed so that a run can be repeated
 * @param judgesSpeed   whether a case also fails on a speed target (the socket's 200 ms): the full run, on the
 *     machine it measures; the quick run inside the test command only prints the figures, since a test must
 *     not fail because the machine was slow
 */
record HarnessOptions(Path appRoot, Set<String> rows, int kills, int damages, int diskCases, int fuzzCases,
                      int instanceRounds, int socketSeconds, int loadTabs, int loadSeconds, long seed,
                      boolean judgesSpeed) {

    static final List<String> ROWS = List.of("kill9", "damaged", "disk", "fuzz", "instances", "socket", "load");

    static final String USAGE = """
            usage: src-test/reliability/run [--quick] [--rows kill9,damaged,disk,fuzz,instances,socket,load]
                   [--kills N] [--damages N] [--disk N] [--fuzz N] [--instances N] [--socket-seconds N]
                   [--load-tabs N] [--load-seconds N] [--seed N]
              full run: 200 kills, 29 damaged files, 6 disk cases, 20 fuzz cases, 100 instance rounds,
                        5 s per socket abuse, 20 tabs flooding for 120 s
              --quick:  a few cases per row (the subset the test command runs); speed targets are printed,
                        not judged""";

    static HarnessOptions full(Path appRoot) {
        return new HarnessOptions(appRoot, new LinkedHashSet<>(ROWS), 200, 29, 6, 20, 100, 5, 20, 120,
                System.nanoTime(), true);
    }

    static HarnessOptions quick(Path appRoot) {
        return new HarnessOptions(appRoot, new LinkedHashSet<>(ROWS), 3, 2, 1, 1, 1, 1, 3, 10, System.nanoTime(),
                false);
    }

    static HarnessOptions parse(Path appRoot, String... args) {
        boolean quick = List.of(args).contains("--quick");
        HarnessOptions o = quick ? quick(appRoot) : full(appRoot);
        Set<String> rows = o.rows;
        int kills = o.kills, damages = o.damages, disk = o.diskCases, fuzz = o.fuzzCases;
        int instances = o.instanceRounds, socket = o.socketSeconds, loadTabs = o.loadTabs, loadSeconds = o.loadSeconds;
        long seed = o.seed;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                continue;
            }
            if (a.equals("-h") || a.equals("--help")) {
                throw new IllegalArgumentException(USAGE);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value\n" + USAGE);
            }
            String v = args[++i];
            switch (a) {
                case "--rows" -> {
                    rows = new LinkedHashSet<>(List.of(v.split(",")));
                    for (String r : rows) {
                        if (!ROWS.contains(r)) {
                            throw new IllegalArgumentException("no row " + r + "\n" + USAGE);
                        }
                    }
                }
                case "--kills" -> kills = count(a, v);
                case "--damages" -> damages = count(a, v);
                case "--disk" -> disk = count(a, v);
                case "--fuzz" -> fuzz = count(a, v);
                case "--instances" -> instances = count(a, v);
                case "--socket-seconds" -> socket = count(a, v);
                case "--load-tabs" -> loadTabs = count(a, v);
                case "--load-seconds" -> loadSeconds = count(a, v);
                case "--seed" -> seed = Long.parseLong(v);
                default -> throw new IllegalArgumentException("unknown option " + a + "\n" + USAGE);
            }
        }
        return new HarnessOptions(appRoot, rows, kills, damages, disk, fuzz, instances, socket, loadTabs, loadSeconds,
                seed, o.judgesSpeed);
    }

    private static int count(String option, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Said below.
        }
        throw new IllegalArgumentException(option + " takes a whole number of at least 1, not " + value);
    }
}
