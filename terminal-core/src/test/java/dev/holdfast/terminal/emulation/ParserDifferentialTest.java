package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.export.HeadlessTerminal;
import dev.holdfast.terminal.export.PhysicalRows;
import dev.holdfast.terminal.export.RandomStyledText;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Holdfast's parser builds the same model as the library's emulator behind the normaliser (the path it
 * replaces), after every chunk of the same output: screen, history, styles, cursor, modes, title, hyperlinks,
 * replies and the model's hidden state. The streams: random output mixing every sequence both know
 * ({@link VtFuzz}), cut at random chunk boundaries; recorded sessions of real programs (vim, htop, less,
 * {@code git log --graph}, a build, an agent-like TUI redrawing; recorded with
 * {@code src/test/resources/sessions/record-session.py}), fed read by read as recorded and again cut at random;
 * and the restore-fidelity corpus the export/replay tests use, raw and as exported.
 *
 * <p>Where the parsers are meant to differ (Holdfast's fixes of the library, each tested on its own in
 * {@code JediTerminalHandlerFixesTest}), the random streams leave those inputs out and recordings have them
 * rewritten into the form both read alike ({@link ListedFixes}).
 *
 * <p>The default run is a few seconds of cases. The long fuzz: {@code -Dvt.fuzz.chunks=10000000} runs cases
 * until that many chunks have been compared (and {@code -Dvt.fuzz.seed=…} starts elsewhere); it prints how many
 * chunks, cases and seconds it took. A failure names its case seed; {@code -Dvt.fuzz.case=…} runs that case alone.
 */
class ParserDifferentialTest {
    private static final int DEFAULT_CASES = 12;
    private static final int[][] SIZES = {{80, 24}, {20, 5}, {132, 40}, {7, 3}};
    private static final int[] HISTORIES = {100, 0, 1000, 5};

    @Test
    void randomStreamsBuildTheSameModelAfterEveryChunk() throws InterruptedException {
        Long oneCase = Long.getLong("vt.fuzz.case");
        if (oneCase != null) {
            runCase(oneCase, 0);
            return;
        }
        long seed = Long.getLong("vt.fuzz.seed", 0x5EED_0015L);
        long targetChunks = Long.getLong("vt.fuzz.chunks", 0);
        long[] done = fuzz(seed, targetChunks, System.out);
        assertTrue(done[0] > done[1], "the streams must really be cut into chunks");
    }

    /**
     * Runs random cases from {@code seed} until {@code targetChunks} chunks were compared (zero or less: the
     * default few cases), printing progress to {@code out}; returns the chunks and the cases. A difference
     * throws the test's assertion error, naming its case seed. {@link DifferentialFuzz} runs this from a shell.
     */
    static long[] fuzz(long seed, long targetChunks, java.io.PrintStream out) throws InterruptedException {
        Random random = new Random(seed);
        long chunks = 0;
        long started = System.nanoTime();
        int cases = 0;
        while (targetChunks > 0 ? chunks < targetChunks : cases < DEFAULT_CASES) {
            long caseSeed = random.nextLong();
            chunks += runCase(caseSeed, cases);
            cases++;
            if (targetChunks > 0 && cases % 200 == 0) {
                out.printf(Locale.ROOT, "vt fuzz: %,d chunks, %,d cases, %.0f s%n", chunks, cases,
                        (System.nanoTime() - started) / 1e9);
                out.flush();
            }
        }
        out.printf(Locale.ROOT, "vt fuzz: %,d chunks in %,d cases compared in %.1f s (seed %d)%n", chunks, cases,
                (System.nanoTime() - started) / 1e9, seed);
        out.flush();
        return new long[] {chunks, cases};
    }

    /**
     * A case the long fuzz found: a move onto the second half of a wide character leaves the library's cursor at
     * column -1, where the write of a row of ASCII runs fails; the cursor must stay where that write began, as
     * it does when the library writes the run itself.
     */
    @Test
    void aRowOfRunsTheModelFailsToWriteLeavesTheCursorWhereItBegan() throws InterruptedException {
        oneCase(839458579304730055L);
    }

    /** One case alone, as a failure names it. */
    static long oneCase(long caseSeed) throws InterruptedException {
        return runCase(caseSeed, 0);
    }

    private static long runCase(long caseSeed, int index) throws InterruptedException {
        Random random = new Random(caseSeed);
        int[] size = SIZES[random.nextInt(SIZES.length)];
        int history = HISTORIES[random.nextInt(HISTORIES.length)];
        VtFuzz fuzz = new VtFuzz(random, size[0], size[1]);
        List<byte[]> chunks = fuzz.chunks(fuzz.stream(200 + random.nextInt(1500)));
        String name = "case " + index + " (case seed " + caseSeed + ", " + size[0] + "x" + size[1] + ", history "
                + history + ")";
        try (DifferentialRun run = new DifferentialRun(name, size[0], size[1], history)) {
            for (byte[] chunk : chunks) {
                if (random.nextInt(400) == 0) {
                    // Only larger: the stream's counts and rows were drawn for the first size (past the screen's
                    // edge is where the parsers are meant to differ).
                    int[] other = SIZES[random.nextInt(SIZES.length)];
                    if (other[0] >= size[0] && other[1] >= size[1]) {
                        run.resize(other[0], other[1]);
                    }
                }
                run.feed(chunk);
            }
            run.finish();
            return run.chunks();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"vim-80x24", "htop-100x30", "less-80x24", "git-log-graph-120x40", "build-80x24",
        "tui-redraw-100x30"})
    void recordedSessionsBuildTheSameModelAfterEveryRead(String session) throws IOException, InterruptedException {
        List<byte[]> reads = recording(session);
        String[] size = session.substring(session.lastIndexOf('-') + 1).split("x");
        int columns = Integer.parseInt(size[0]);
        int rows = Integer.parseInt(size[1]);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        reads.forEach(all::writeBytes);
        byte[] output = ListedFixes.canonical(all.toString(StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);

        // The recorded read boundaries, at most 500 bytes a read (see VtFuzz.chunks: the library reads 1,024 chars at
        // a time, and would cut a longer read where ours does not).
        List<byte[]> asRecorded = new ArrayList<>();
        int at = 0;
        for (byte[] read : reads) {
            for (int n = read.length; n > 0 && at < output.length; ) {
                int piece = Math.min(Math.min(n, 500), output.length - at);
                asRecorded.add(slice(output, at, piece));
                at += piece;
                n -= piece;
            }
        }
        if (at < output.length) {
            asRecorded.add(slice(output, at, output.length - at));
        }
        feed(session + " as recorded", columns, rows, asRecorded);
        Random random = new Random(session.hashCode());
        feed(session + " cut at random", columns, rows, new VtFuzz(random, columns, rows).chunks(output));
    }

    /**
     * What a user sees of these programs does not change with Holdfast's corrections of the model either: through
     * the parser as a session runs it (with {@code CorrectedTerminal}) and unrewritten, every screen after every
     * read is the library emulator's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"vim-80x24", "htop-100x30", "less-80x24", "git-log-graph-120x40", "build-80x24",
        "tui-redraw-100x30"})
    void recordedSessionsShowTheSameScreensThroughTheCorrectedModel(String session)
            throws IOException, InterruptedException {
        String[] size = session.substring(session.lastIndexOf('-') + 1).split("x");
        int columns = Integer.parseInt(size[0]);
        int rows = Integer.parseInt(size[1]);
        try (DifferentialTerminal ours = new DifferentialTerminal(EmulatorParser.HOLDFAST, true, columns, rows, 1000);
                DifferentialTerminal library = new DifferentialTerminal(EmulatorParser.JEDITERM, columns, rows, 1000)) {
            int read = 0;
            for (byte[] whole : recording(session)) {
                for (int at = 0; at < whole.length; at += 500) {
                    byte[] chunk = slice(whole, at, Math.min(500, whole.length - at));
                    ours.feed(chunk);
                    library.feed(chunk);
                    ours.awaitIdle();
                    library.awaitIdle();
                    assertEquals(PhysicalRows.of(library.buffer, true), PhysicalRows.of(ours.buffer, true),
                            session + ", after read " + read);
                }
                read++;
            }
        }
    }

    @Test
    void theRestoreFidelityCorpusBuildsTheSameModelRawAndExported() throws InterruptedException {
        long seed = 0xE8_9047L;
        Random random = new Random(seed);
        RandomStyledText outputs = new RandomStyledText(random, 60, 260);
        for (int i = 0; i < 10; i++) {
            String output = outputs.next();
            String exported = new HeadlessTerminal(80, 24, 10_000).feed(output).export();
            VtFuzz cutter = new VtFuzz(random, 80, 24);
            feed("corpus case " + i + " raw", 80, 24, cutter.chunks(output.getBytes(StandardCharsets.UTF_8)));
            feed("corpus case " + i + " exported", 80, 24, cutter.chunks(exported.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static void feed(String name, int columns, int rows, List<byte[]> chunks) throws InterruptedException {
        try (DifferentialRun run = new DifferentialRun(name, columns, rows, 1000)) {
            for (byte[] chunk : chunks) {
                run.feed(chunk);
            }
            run.finish();
        }
    }

    /** A recording: each read as a 4-byte big-endian length and its bytes. */
    private static List<byte[]> recording(String session) throws IOException {
        List<byte[]> reads = new ArrayList<>();
        try (InputStream in = ParserDifferentialTest.class.getResourceAsStream("/sessions/" + session + ".bin")) {
            assertNotNull(in, "no recording " + session);
            DataInputStream data = new DataInputStream(in);
            while (true) {
                int length;
                try {
                    length = data.readInt();
                } catch (EOFException e) {
                    return reads;
                }
                byte[] read = new byte[length];
                data.readFully(read);
                reads.add(read);
            }
        }
    }

    private static byte[] slice(byte[] bytes, int from, int length) {
        byte[] out = new byte[length];
        System.arraycopy(bytes, from, out, 0, length);
        return out;
    }
}
