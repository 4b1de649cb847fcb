package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.export.HeadlessTerminal;
import dev.holdfast.terminal.export.RandomStyledText;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The export is a faithful serialization of what the terminal shows: exporting, replaying into a fresh
 * terminal and exporting again gives the same text — colours (16, 256, RGB), attributes, wide characters and
 * emoji, and long lines wrapped at the terminal's width included.
 */
class ExportReplayRoundTripTest {
    private static final int CASES = 300;

    private final InertReplay replay =
            new InertReplay(new ReplaySanitizer(), Clock.systemUTC(), DateTimeFormatter.ISO_LOCAL_DATE_TIME);

    @Test
    void exportThenReplayIntoAFreshTerminalExportsTheSameText() {
        long seed = 0xE8_9047L;
        Random random = new Random(seed);
        RandomStyledText outputs = new RandomStyledText(random, 60, 260);
        int styled = 0;
        int wrapped = 0;
        int scrolled = 0;
        for (int i = 0; i < CASES; i++) {
            String output = outputs.next();
            String where = "seed " + seed + ", case " + i;

            // Fed in one pass through JediTerm's own stream, exactly as the PTY reader feeds live output (with its
            // wide-character overflow: rows wider than the terminal, characters lost at wraps; see
            // CellBoundedTextStream). Whatever the original model holds, the export must replay to itself.
            HeadlessTerminal original = new HeadlessTerminal(80, 24, 10_000).feed(output);
            String exported = original.export();

            HeadlessTerminal restored = new HeadlessTerminal(80, 24, 10_000);
            if (random.nextBoolean()) {
                replay.replay(restored.terminal(), exported);
            } else {
                PendingReplay pending = replay.begin(restored.terminal(), exported);
                int step = 1 + random.nextInt(200);
                while (!pending.step(step)) {
                    // Bounded steps, as a UI would run them.
                }
            }
            assertVtEquals(exported, restored.export(), where);

            assertFalse(exported.isBlank(), where + ": nothing exported");
            styled += exported.contains("\u001b[") ? 1 : 0;
            original.buffer().lock();
            try {
                scrolled += original.buffer().getHistoryLinesCount() > 0 ? 1 : 0;
                for (int row = 0; row < original.buffer().getScreenLinesCount(); row++) {
                    if (original.buffer().getScreenBuffer().getLine(row).isWrapped()) {
                        wrapped++;
                        break;
                    }
                }
            } finally {
                original.buffer().unlock();
            }
        }
        // The generator must really produce what the property is about.
        assertTrue(styled > CASES * 9 / 10, "styled cases: " + styled);
        assertTrue(wrapped > CASES / 4, "cases with wrapped lines: " + wrapped);
        assertTrue(scrolled > CASES / 4, "cases with history: " + scrolled);
    }
}
