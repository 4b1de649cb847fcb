package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One terminal's scrollback as its checkpoint file {@code scrollback/<panelId>.json} holds it: the record written
 * whole, with any later appends applied.
 *
 * @param panelId     the tab it belongs to; must match the file's name
 * @param launchId    the launch that wrote it; it is merged only while that launch is among the checkpoint owners
 * @param capturedAt  when the terminal's lines were copied (for a seed: when the restored text was captured)
 * @param generation  the terminal's processed output generation the copy reflects; 0 for a seed
 * @param lineCount   lines in {@code scrollback}
 * @param truncated   the tail limits cut the text to fit
 * @param agent       a coding agent ran in the tab; restore decides whether to replay it
 * @param scrollback  the text, with SGR attributes only
 * @param screenChars how many characters at the end of {@code scrollback} are the terminal's screen (and the
 *                    line still wrapping onto it), which the next append replaces; 0 for a seed
 * @param screenFingerprint the fingerprint of the visible screen the text was captured from (what the pane clocks
 *                    store, so that a restart with nothing changed moves no clock), or null when none was recorded
 *                    (a file from before it, or a capture the watcher could not vouch for)
 */
public record ScrollbackRecord(
        UUID panelId,
        UUID launchId,
        Instant capturedAt,
        long generation,
        int lineCount,
        boolean truncated,
        boolean agent,
        String scrollback,
        int screenChars,
        String screenFingerprint) {

    public ScrollbackRecord {
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
        if (screenChars < 0 || screenChars > scrollback.length()) {
            throw new IllegalArgumentException("screenChars " + screenChars + " is outside the scrollback");
        }
        if (screenFingerprint != null && screenFingerprint.isBlank()) {
            screenFingerprint = null;
        }
    }

    /** A record without a screen fingerprint. */
    public ScrollbackRecord(UUID panelId, UUID launchId, Instant capturedAt, long generation, int lineCount,
                            boolean truncated, boolean agent, String scrollback, int screenChars) {
        this(panelId, launchId, capturedAt, generation, lineCount, truncated, agent, scrollback, screenChars, null);
    }

    /** A record whose whole text is history (a seed, or a test's), its line count taken from the text. */
    public static ScrollbackRecord of(UUID panelId, UUID launchId, Instant capturedAt, long generation,
                                      boolean truncated, boolean agent, String scrollback) {
        return of(panelId, launchId, capturedAt, generation, truncated, agent, scrollback, 0);
    }

    public static ScrollbackRecord of(UUID panelId, UUID launchId, Instant capturedAt, long generation,
                                      boolean truncated, boolean agent, String scrollback, int screenChars) {
        return of(panelId, launchId, capturedAt, generation, truncated, agent, scrollback, screenChars, null);
    }

    public static ScrollbackRecord of(UUID panelId, UUID launchId, Instant capturedAt, long generation,
                                      boolean truncated, boolean agent, String scrollback, int screenChars,
                                      String screenFingerprint) {
        return new ScrollbackRecord(panelId, launchId, capturedAt, generation, countLines(scrollback), truncated,
                agent, scrollback, screenChars, screenFingerprint);
    }

    /** The lines that an append keeps: everything but the screen. */
    public String history() {
        return scrollback.substring(0, scrollback.length() - screenChars);
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
