package dev.holdfast.checkpoint.scrollback;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The checkpoint executor's half of a checkpoint: keeps the tail of formatted scrollback and writes it as a
 * record no larger than the readers accept — whole, or as an append of what an incremental capture added.
 *
 * <p>Appends let a file grow past the tail; once it holds twice the tail (or would outgrow the byte limit) the
 * next capture rewrites it whole, cut to the tail. Each rewrite follows at least a tail's worth of appends, so
 * the cost per captured line stays constant however long the terminal runs. Confined to the checkpoint
 * executor, as is what it knows of each file.
 */
final class CheckpointWriter {

    /**
     * The tail limits bound characters, but JSON escaping makes one character cost up to six bytes (an ESC is
     * written as a six-character escape), so dense colour can outgrow the byte limit. A few tighter tails
     * always get under it; more attempts would only repeat a bug in the trimmer.
     */
    private static final int MAX_FIT_ATTEMPTS = 4;

    /** A file is rewritten whole once its text is this many times the tail. */
    private static final int REWRITE_AT_TAILS = 2;

    private final ScrollbackStore store;
    private final ScrollbackTrimmer trimmer;
    private final int tailLines;
    private final int tailChars;
    /** What this launch last wrote to each file; absent: it wrote none, or the file has changed since. */
    private final Map<UUID, Written> files = new HashMap<>();

    CheckpointWriter(ScrollbackStore store, ScrollbackTrimmer trimmer, CheckpointSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.trimmer = Objects.requireNonNull(trimmer, "trimmer");
        this.tailLines = settings.tailLines();
        this.tailChars = settings.tailChars();
    }

    /** Trims {@code text} to the tail limits and writes it whole as the panel's checkpoint. */
    ScrollbackRecord write(UUID panelId, UUID launchId, Instant capturedAt, long generation, boolean agent,
                           CaptureText text) throws IOException {
        files.remove(panelId);
        Split split = fit(text.history(), text.screen(), tailChars);
        for (int attempt = 1; ; attempt++) {
            String whole = split.history() + split.screen();
            ScrollbackRecord record = ScrollbackRecord.of(panelId, launchId, capturedAt, generation, split.cut(),
                    agent, whole, split.screen().length(), text.screenFingerprint());
            try {
                long size = store.write(record);
                files.put(panelId, new Written(launchId, size, split.history().length(),
                        ScrollbackRecord.countLines(split.history())));
                return record;
            } catch (OversizedRecordException e) {
                if (attempt == MAX_FIT_ATTEMPTS || whole.isEmpty()) {
                    throw e;
                }
                // Scale to the share of the limit the last attempt used, with a tenth to spare for the
                // escapes being denser in the part that is kept.
                long scaled = (long) whole.length() * e.limitBytes() / e.encodedBytes() * 9 / 10;
                Split tighter = fit(split.history(), split.screen(), (int) Math.max(1, Math.min(scaled, whole.length() - 1L)));
                split = new Split(tighter.history(), tighter.screen(), true);
            }
        }
    }

    /**
     * Adds an incremental capture to the record this launch wrote last for the panel. When the file would hold
     * more than twice the tail, or outgrow the byte limit, the record is read back and written whole instead,
     * cut to the tail.
     *
     * @throws IOException when there is no record of this launch to append to (the capture must then be taken
     *                     whole), or it could not be written
     */
    void append(UUID panelId, UUID launchId, Instant capturedAt, long generation, boolean agent, CaptureText text)
            throws IOException {
        Written last = files.get(panelId);
        if (last == null || !last.launchId().equals(launchId)) {
            throw new IOException("no checkpoint of panel " + panelId + " by launch " + launchId + " to append to");
        }
        int historyChars = last.historyChars() + text.history().length();
        int historyLines = last.historyLines() + ScrollbackRecord.countLines(text.history());
        boolean tooLong = historyChars + (long) text.screen().length() > REWRITE_AT_TAILS * (long) tailChars
                || historyLines > REWRITE_AT_TAILS * (long) tailLines;
        if (!tooLong) {
            ScrollbackAppend append = new ScrollbackAppend(launchId, capturedAt, generation, text.history(),
                    text.screen(), text.screenFingerprint());
            try {
                long size = store.append(panelId, append, last.bytes());
                files.put(panelId, new Written(launchId, size, historyChars, historyLines));
                return;
            } catch (OversizedRecordException e) {
                // Rewritten whole below.
            } catch (IOException e) {
                files.remove(panelId);
                throw e;
            }
        }
        // Read back rather than kept in memory: between checkpoints nothing of a terminal's text is cached.
        ScrollbackRecord current = store.read(panelId, launchId).orElseThrow(() -> {
            files.remove(panelId);
            return new IOException("the checkpoint of panel " + panelId + " could not be read back to rewrite it");
        });
        write(panelId, launchId, capturedAt, generation, agent || current.agent(),
                new CaptureText(current.history() + text.history(), text.screen(), text.screenFingerprint()));
    }

    /**
     * The text within {@code chars} characters and the tail's lines, the screen first: it is what the user saw
     * last. Only a screen larger than the tail itself is cut.
     */
    private Split fit(String history, String screen, int chars) {
        int screenLines = ScrollbackRecord.countLines(screen);
        if (screenLines >= tailLines || screen.length() >= chars) {
            String kept = trimmer.keepEnd(screen, tailLines, chars);
            return new Split("", kept, !history.isEmpty() || !kept.equals(screen));
        }
        String kept = trimmer.keepEnd(history, tailLines - screenLines, chars - screen.length());
        return new Split(kept, screen, !kept.equals(history));
    }

    private record Split(String history, String screen, boolean cut) {
    }

    /** The panel's file was deleted, or another writer replaced it: nothing may be appended to it. */
    void forget(UUID panelId) {
        files.remove(panelId);
    }

    /** What this launch last wrote to a file: its size, and how much history it holds. */
    private record Written(UUID launchId, long bytes, int historyChars, int historyLines) {
    }
}
