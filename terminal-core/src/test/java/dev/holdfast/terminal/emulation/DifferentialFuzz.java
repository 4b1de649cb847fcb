package dev.holdfast.terminal.emulation;

import java.util.Locale;

/**
 * The differential fuzz of {@link ParserDifferentialTest} from a shell, for runs far longer than a build's:
 * {@code DifferentialFuzz CHUNKS [SEED]} compares both read loops over random streams until CHUNKS chunks were
 * compared, printing progress; {@code DifferentialFuzz --case SEED} replays the one case a failure names. Exits
 * 0 when every model matched, 1 with the difference otherwise.
 *
 * <p>Run: {@code mvn -B -q -pl terminal-core test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}
 * then {@code java -cp terminal-core/target/test-classes:terminal-core/target/classes:$(cat /tmp/cp.txt)
 * dev.holdfast.terminal.emulation.DifferentialFuzz 10000000}. Through Maven the same loop runs with
 * {@code -Dtest='ParserDifferentialTest#randomStreams*' -Dvt.fuzz.chunks=10000000}.
 */
public final class DifferentialFuzz {
    private DifferentialFuzz() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 0) {
            System.err.println("usage: DifferentialFuzz CHUNKS [SEED] | DifferentialFuzz --case CASE_SEED");
            System.exit(2);
        }
        try {
            if (args[0].equals("--case")) {
                long chunks = ParserDifferentialTest.oneCase(Long.parseLong(args[1]));
                System.out.printf(Locale.ROOT, "case %s: %,d chunks, the same models%n", args[1], chunks);
            } else {
                long target = Long.parseLong(args[0].replace("_", ""));
                long seed = args.length > 1 ? Long.parseLong(args[1]) : 0x5EED_0015L;
                ParserDifferentialTest.fuzz(seed, target, System.out);
            }
        } catch (AssertionError e) {
            System.out.println("vt fuzz: DIFFERENCE " + e.getMessage());
            System.exit(1);
        }
    }
}
