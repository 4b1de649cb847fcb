package dev.holdfast.terminal.agent.transcript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptFileTest {
    @TempDir
    Path dir;

    private final List<String> lines = new ArrayList<>();
    private int restarts;
    private int oversized;
    private final TranscriptFile.LineHandler handler = new TranscriptFile.LineHandler() {
        @Override
        public void line(byte[] bytes, int length) {
            lines.add(new String(bytes, 0, length, StandardCharsets.UTF_8));
        }

        @Override
        public void oversized(long length) {
            oversized++;
        }

        @Override
        public void restart() {
            restarts++;
            lines.clear();
        }
    };

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void readsOnlyWhatWasAppendedAndWaitsForAnUnfinishedLine() throws Exception {
        Path file = dir.resolve("r.jsonl");
        TranscriptFile t = TranscriptFile.fromStart(file, TranscriptLimits.DEFAULTS);
        assertEquals(TranscriptFile.Change.MISSING, t.read(handler).change());
        append(file, "one\ntwo\nthr");
        assertEquals(TranscriptFile.Change.APPENDED, t.read(handler).change());
        assertEquals(List.of("one", "two"), lines);
        assertEquals(TranscriptFile.Change.UNCHANGED, t.read(handler).change());
        append(file, "ee\nfour\n");
        t.read(handler);
        assertEquals(List.of("one", "two", "three", "four"), lines);
        assertEquals(0, restarts);
    }

    @Test
    void aReplacedTruncatedOrEditedFileIsReadAgainFromTheTop() throws Exception {
        Path file = dir.resolve("r.jsonl");
        TranscriptFile t = TranscriptFile.fromStart(file, TranscriptLimits.DEFAULTS);
        append(file, "aaa\nbbb\n");
        t.read(handler);
        Path other = dir.resolve("new.jsonl");
        Files.writeString(other, "xxx\nyyy\nzzz\n");
        Files.move(other, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(TranscriptFile.Change.REWRITTEN, t.read(handler).change());
        assertEquals(List.of("xxx", "yyy", "zzz"), lines);

        Files.writeString(file, "short\n");
        assertEquals(TranscriptFile.Change.REWRITTEN, t.read(handler).change());
        assertEquals(List.of("short"), lines);

        Files.writeString(file, "SHORT\nmore\n");
        assertEquals(TranscriptFile.Change.REWRITTEN, t.read(handler).change());
        assertEquals(List.of("SHORT", "more"), lines);
        assertEquals(3, restarts);
    }

    @Test
    void aTailReadStartsAtTheFirstWholeLine() throws Exception {
        Path file = dir.resolve("r.jsonl");
        append(file, "first line\nsecond line\nthird\n");
        TranscriptFile t = TranscriptFile.fromTail(file, 10, TranscriptLimits.DEFAULTS);
        t.read(handler);
        assertEquals(List.of("third"), lines);
    }

    @Test
    void aLineOverTheLimitIsSkippedAndCounted() throws Exception {
        Path file = dir.resolve("r.jsonl");
        append(file, "ok\n" + "x".repeat(5000) + "\nafter\n");
        TranscriptFile t = TranscriptFile.fromStart(file, new TranscriptLimits(1024, 1 << 20));
        t.read(handler);
        assertEquals(List.of("ok", "after"), lines);
        assertEquals(1, oversized);
    }

    @Test
    void aLongFileIsReadInStepsOfTheByteBudget() throws Exception {
        Path file = dir.resolve("r.jsonl");
        append(file, ("0123456789".repeat(20) + "\n").repeat(2000));
        TranscriptFile t = TranscriptFile.fromStart(file, new TranscriptLimits(4096, 100_000));
        int steps = 0;
        while (t.read(handler).more()) {
            steps++;
        }
        assertEquals(2000, lines.size());
        assertEquals(true, steps >= 3);
    }

    @Test
    void aZstdFileIsDecompressedAndReadAgainOnlyWhenItChanges() throws Exception {
        Path file = dir.resolve("r.jsonl.zst");
        try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(file))) {
            out.write("one\ntwo\nthree".getBytes(StandardCharsets.UTF_8));
        }
        TranscriptFile t = TranscriptFile.fromStart(file, TranscriptLimits.DEFAULTS);
        assertEquals(TranscriptFile.Change.APPENDED, t.read(handler).change());
        assertEquals(List.of("one", "two", "three"), lines);
        assertEquals(TranscriptFile.Change.UNCHANGED, t.read(handler).change());
    }

    @Test
    void aCorruptZstdFileIsAnIoErrorNotACrash() throws Exception {
        Path file = dir.resolve("r.jsonl.zst");
        Files.writeString(file, "this is not zstd");
        TranscriptFile t = TranscriptFile.fromStart(file, TranscriptLimits.DEFAULTS);
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> t.read(handler));
    }
}
