package dev.holdfast.checkpoint.scrollback;

import java.io.IOException;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The checkpoint executor's half of a checkpoint: keeps the tail of formatted scrollback and writes it as a
 * record no larger than the readers accept.
 */
final class CheckpointWriter {

    /**
     * The tail limits bound characters, but JSON escaping makes one character cost up to six bytes (an ESC is
     * written as a six-character escape), so dense colour can outgrow the byte limit. A few tighter tails
     * always get under it; more attempts would only repeat a bug in the trimmer.
     */
    private static final int MAX_FIT_ATTEMPTS = 4;

    private final ScrollbackStore store;
    private final ScrollbackTrimmer trimmer;
    private final int tailLines;
    private final int tailChars;

    CheckpointWriter(ScrollbackStore store, ScrollbackTrimmer trimmer, CheckpointSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.trimmer = Objects.requireNonNull(trimmer, "trimmer");
        this.tailLines = settings.tailLines();
        this.tailChars = settings.tailChars();
    }

    /** Trims {@code text} to the tail limits and writes it as the panel's checkpoint. */
    ScrollbackRecord write(UUID panelId, UUID launchId, Instant capturedAt, long generation, boolean agent,
                           String text) throws IOException {
        int maxChars = tailChars;
        for (int attempt = 1; ; attempt++) {
            String kept = trimmer.keepEnd(text, tailLines, maxChars);
            ScrollbackRecord record = ScrollbackRecord.of(
                    panelId, launchId, capturedAt, generation, !kept.equals(text), agent, kept);
            try {
                store.write(record);
                return record;
            } catch (OversizedRecordException e) {
                if (attempt == MAX_FIT_ATTEMPTS || kept.isEmpty()) {
                    throw e;
                }
                // Scale to the share of the limit the last attempt used, with a tenth to spare for the
                // escapes being denser in the part that is kept.
                long scaled = (long) kept.length() * e.limitBytes() / e.encodedBytes() * 9 / 10;
                maxChars = (int) Math.max(1, Math.min(scaled, kept.length() - 1L));
            }
        }
    }
}
