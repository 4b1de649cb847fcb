package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointWriterTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");
    private static final UUID PANEL = new UUID(7, 7);
    private static final UUID LAUNCH = new UUID(1, 1);

    @TempDir
    Path root;

    private StateDirectory state;

    @BeforeEach
    void openState() throws IOException {
        state = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
    }

    @Test
    void textWithinTheTailLimitsIsWrittenUncut() throws IOException {
        ScrollbackRecord written = writer(settings(10, 1_000, 64 * 1024)).write(PANEL, LAUNCH, NOW, 3, false, "a\r\nb");

        assertEquals("a\r\nb", written.scrollback());
        assertFalse(written.truncated());
        assertEquals(2, written.lineCount());
    }

    @Test
    void onlyTheLastLinesAndCharactersAreKept() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 5_000; i++) {
            text.append("line ").append(i).append("\r\n");
        }

        ScrollbackRecord byLines = writer(CheckpointSettings.defaults()).write(PANEL, LAUNCH, NOW, 1, false, text.toString());
        ScrollbackRecord byChars = writer(settings(4_000, 100, 64 * 1024)).write(PANEL, LAUNCH, NOW, 1, false, text.toString());

        assertEquals(4_000, byLines.lineCount());
        assertTrue(byLines.scrollback().startsWith("line 1001\r\n"));
        assertTrue(byLines.truncated());
        assertTrue(byChars.scrollback().length() <= 100);
        assertTrue(byChars.scrollback().endsWith("line 5000\r\n"));
    }

    @Test
    void escapeDenseTextIsCutFurtherUntilItsRecordFitsTheByteLimit() throws IOException {
        int limit = 64 * 1024;
        // Each ESC is written as a six-character escape: 30,000 characters encode to about 100,000 bytes.
        String text = "\u001b\u001b\u001bm".repeat(7_500);

        ScrollbackRecord written = writer(settings(4_000, 30_000, limit)).write(PANEL, LAUNCH, NOW, 1, true, text);

        assertTrue(Files.size(new ScrollbackStore(state, new ManualClock(NOW), limit).fileOf(PANEL)) <= limit);
        assertTrue(written.truncated());
        assertTrue(text.endsWith(written.scrollback()));
        assertTrue(written.scrollback().length() > 5_000, "cut to fit, not to nothing");
    }

    private CheckpointWriter writer(CheckpointSettings settings) {
        return new CheckpointWriter(new ScrollbackStore(state, new ManualClock(NOW), settings.maxRecordBytes()),
                new LastLinesTrimmer(), settings);
    }

    private static CheckpointSettings settings(int lines, int chars, int maxBytes) {
        CheckpointSettings d = CheckpointSettings.defaults();
        return new CheckpointSettings(true, d.autosaveInterval(), d.checkpointInterval(), d.typingQuiet(), 3,
                Duration.ofMillis(50), d.slowCaptureBackoff(), lines, chars, maxBytes);
    }
}
