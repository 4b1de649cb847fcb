package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One terminal's scrollback as saved in {@code scrollback/<panelId>.json}.
 *
 * @param version    the file format; a build reads only {@link #CURRENT_VERSION}
 * @param panelId    the tab it belongs to; must match the file's name
 * @param launchId   the launch that wrote it; only the launch right after that one may merge it
 * @param capturedAt when the terminal's lines were copied (for a seed: when the restored text was captured in
 *                   the launch before)
 * @param generation the terminal's processed output generation the copy reflects; 0 for a seed, which copied
 *                   no terminal
 * @param lineCount  lines in {@code scrollback}
 * @param truncated  the tail limits cut the formatted text to fit
 * @param agent      a coding agent ran in the tab; restore decides whether to replay it
 * @param scrollback the text, with SGR attributes only
 * @param screenFingerprint the fingerprint of the visible screen the text was captured from (what the pane clock
 *                   store compares its row with on restore), or null when none was recorded (files from before it)
 */
public record ScrollbackRecord(
        int version,
        UUID panelId,
        UUID launchId,
        Instant capturedAt,
        long generation,
        int lineCount,
        boolean truncated,
        boolean agent,
        String scrollback,
        String screenFingerprint) {

    public static final int CURRENT_VERSION = 1;

    public ScrollbackRecord {
        if (version != CURRENT_VERSION) {
            throw new IllegalArgumentException(
                    "version " + version + " is not supported (this build reads version " + CURRENT_VERSION + ")");
        }
        Objects.requireNonNull(panelId, "panelId is missing");
        Objects.requireNonNull(launchId, "launchId is missing");
        Objects.requireNonNull(capturedAt, "capturedAt is missing");
        Objects.requireNonNull(scrollback, "scrollback is missing");
        if (generation < 0) {
            throw new IllegalArgumentException("generation " + generation + " is negative");
        }
        if (lineCount < 0) {
            throw new IllegalArgumentException("lineCount " + lineCount + " is negative");
        }
    }

    /** A record without a screen fingerprint. */
    public ScrollbackRecord(int version, UUID panelId, UUID launchId, Instant capturedAt, long generation,
                            int lineCount, boolean truncated, boolean agent, String scrollback) {
        this(version, panelId, launchId, capturedAt, generation, lineCount, truncated, agent, scrollback, null);
    }

    /** A record in the current format, its line count taken from the text. */
    public static ScrollbackRecord of(UUID panelId, UUID launchId, Instant capturedAt, long generation,
                                      boolean truncated, boolean agent, String scrollback) {
        return of(panelId, launchId, capturedAt, generation, truncated, agent, scrollback, null);
    }

    /** A record in the current format with the fingerprint of the screen it was captured from. */
    public static ScrollbackRecord of(UUID panelId, UUID launchId, Instant capturedAt, long generation,
                                      boolean truncated, boolean agent, String scrollback, String screenFingerprint) {
        return new ScrollbackRecord(CURRENT_VERSION, panelId, launchId, capturedAt, generation,
                countLines(scrollback), truncated, agent, scrollback, screenFingerprint);
    }

    /** Lines as the export separates them: by LF (of CR LF); a break that ends the text opens no line. */
    static int countLines(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int breaks = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                breaks++;
            }
        }
        return text.charAt(text.length() - 1) == '\n' ? breaks : breaks + 1;
    }
}
