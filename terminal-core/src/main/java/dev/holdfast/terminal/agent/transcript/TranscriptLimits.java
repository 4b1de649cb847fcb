package dev.holdfast.terminal.agent.transcript;

/**
 * Bounds on reading a transcript.
 *
 * @param maxLineBytes a record longer than this is skipped (and counted), never held in memory
 * @param maxBytesPerRead one read stops after about this much (at a line end), so a huge file is read in steps
 *     that each publish progress
 */
public record TranscriptLimits(int maxLineBytes, long maxBytesPerRead) {
    public static final TranscriptLimits DEFAULTS = new TranscriptLimits(16 * 1024 * 1024, 8L * 1024 * 1024);

    public TranscriptLimits {
        if (maxLineBytes < 1024 || maxBytesPerRead < 1) {
            throw new IllegalArgumentException("transcript limits too small");
        }
    }
}
