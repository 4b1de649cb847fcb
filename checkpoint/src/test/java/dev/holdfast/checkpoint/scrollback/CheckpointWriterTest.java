package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
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
        ScrollbackRecord written = writer(settings(10, 1_000, 64 * 1024)).write(PANEL, LAUNCH, NOW, 3, false,
                new CaptureText("a\r\n", "b"));

        assertEquals("a\r\nb", written.scrollback());
        assertEquals(1, written.screenChars());
        assertFalse(written.truncated());
        assertEquals(2, written.lineCount());
    }

    @Test
    void onlyTheLastLinesAndCharactersAreKept() throws IOException {
        String text = lines(1, 5_000);

        ScrollbackRecord byLines = writer(CheckpointSettings.defaults()).write(PANEL, LAUNCH, NOW, 1, false,
                new CaptureText(text, ""));
        ScrollbackRecord byChars = writer(settings(4_000, 100, 64 * 1024)).write(PANEL, LAUNCH, NOW, 1, false,
                new CaptureText(text, ""));

        assertEquals(4_000, byLines.lineCount());
        assertTrue(byLines.scrollback().startsWith("line 1001\r\n"));
        assertTrue(byLines.truncated());
        assertTrue(byChars.scrollback().length() <= 100);
        assertTrue(byChars.scrollback().endsWith("line 5000\r\n"));
    }

    @Test
    void theScreenIsKeptWholeAndTheHistoryAboveItIsCut() throws IOException {
        ScrollbackRecord written = writer(settings(3, 1_000, 64 * 1024)).write(PANEL, LAUNCH, NOW, 1, false,
                new CaptureText(lines(1, 5), "prompt$ "));

        assertEquals("line 4\r\nline 5\r\nprompt$ ", written.scrollback());
        assertEquals("prompt$ ".length(), written.screenChars());
    }

    @Test
    void escapeDenseTextIsCutFurtherUntilItsRecordFitsTheByteLimit() throws IOException {
        int limit = 64 * 1024;
        // Each ESC is written as a six-character escape: 30,000 characters encode to about 100,000 bytes.
        String text = "\u001b\u001b\u001bm".repeat(7_500);

        ScrollbackRecord written = writer(settings(4_000, 30_000, limit)).write(PANEL, LAUNCH, NOW, 1, true,
                new CaptureText(text, ""));

        assertTrue(Files.size(store(limit).fileOf(PANEL)) <= limit);
        assertTrue(written.truncated());
        assertTrue(text.endsWith(written.scrollback()));
        assertTrue(written.scrollback().length() > 5_000, "cut to fit, not to nothing");
    }

    @Test
    void anIncrementalCaptureIsAppendedWithoutRewritingTheRecordAndReadsBackWhole() throws IOException {
        CheckpointWriter writer = writer(CheckpointSettings.defaults());
        writer.write(PANEL, LAUNCH, NOW, 1, false, new CaptureText(lines(1, 1_000), "$ make"));
        Path file = store(CheckpointSettings.DEFAULT_MAX_RECORD_BYTES).fileOf(PANEL);
        byte[] before = Files.readAllBytes(file);

        writer.append(PANEL, LAUNCH, NOW.plusSeconds(60), 2, false, new CaptureText(lines(1_001, 1_003), "$ "));

        byte[] after = Files.readAllBytes(file);
        String added = new String(after, before.length, after.length - before.length, StandardCharsets.UTF_8);
        assertTrue(new String(after, 0, before.length, StandardCharsets.UTF_8)
                .equals(new String(before, StandardCharsets.UTF_8)), "the record written first is untouched");
        assertTrue(added.length() < 200, "an append costs what it adds: " + added.length() + " bytes");
        ScrollbackRecord read = readBack();
        assertEquals(lines(1, 1_003) + "$ ", read.scrollback());
        assertEquals(2, read.generation());
        assertEquals(NOW.plusSeconds(60), read.capturedAt());
    }

    @Test
    void aFileHoldingTwiceTheTailIsRewrittenWholeAtTheTail() throws IOException {
        CheckpointWriter writer = writer(settings(10, 10_000, 64 * 1024));
        writer.write(PANEL, LAUNCH, NOW, 1, false, new CaptureText(lines(1, 10), ""));
        writer.append(PANEL, LAUNCH, NOW, 2, false, new CaptureText(lines(11, 20), ""));
        long withAppend = Files.size(store(64 * 1024).fileOf(PANEL));

        writer.append(PANEL, LAUNCH, NOW, 3, false, new CaptureText(lines(21, 22), "$ "));

        ScrollbackRecord read = readBack();
        assertEquals(lines(14, 22) + "$ ", read.scrollback());
        assertTrue(read.truncated());
        assertTrue(Files.size(store(64 * 1024).fileOf(PANEL)) < withAppend, "rewritten, not appended");
        assertEquals(1, Files.readAllLines(store(64 * 1024).fileOf(PANEL)).size());
    }

    @Test
    void nothingIsAppendedToAFileThisLaunchDidNotWriteOrThatChangedSince() throws IOException {
        CheckpointWriter writer = writer(CheckpointSettings.defaults());
        assertThrows(IOException.class, () -> writer.append(PANEL, LAUNCH, NOW, 1, false, new CaptureText("x\r\n", "")));

        writer.write(PANEL, LAUNCH, NOW, 1, false, new CaptureText("a\r\n", ""));
        Files.writeString(store(CheckpointSettings.DEFAULT_MAX_RECORD_BYTES).fileOf(PANEL), "\n",
                java.nio.file.StandardOpenOption.APPEND);

        assertThrows(IOException.class, () -> writer.append(PANEL, LAUNCH, NOW, 2, false, new CaptureText("b\r\n", "")));
        assertThrows(IOException.class, () -> writer.append(PANEL, LAUNCH, NOW, 3, false, new CaptureText("c\r\n", "")),
                "after a failed append the next capture must be taken whole");
    }

    private ScrollbackRecord readBack() {
        List<CheckpointRead> reads = store(CheckpointSettings.DEFAULT_MAX_RECORD_BYTES)
                .readAll(new CheckpointOwners(List.of(LAUNCH), false));
        return ((CheckpointRead.Accepted) reads.get(0)).record();
    }

    private static String lines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append("line ").append(i).append("\r\n");
        }
        return text.toString();
    }

    private ScrollbackStore store(int limit) {
        return new ScrollbackStore(state, new ManualClock(NOW), limit);
    }

    private CheckpointWriter writer(CheckpointSettings settings) {
        return new CheckpointWriter(store(settings.maxRecordBytes()), new LastLinesTrimmer(), settings);
    }

    private static CheckpointSettings settings(int lines, int chars, int maxBytes) {
        CheckpointSettings d = CheckpointSettings.defaults();
        return new CheckpointSettings(true, d.autosaveInterval(), d.checkpointInterval(), d.typingQuiet(), 3,
                d.captureBudget(), d.failedCaptureBackoff(), lines, chars, d.maxLineChars(), maxBytes);
    }
}
