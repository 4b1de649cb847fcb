package dev.holdfast.app.autosave;

import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.export.ExportLimits;
import dev.holdfast.terminal.export.PrimaryBuffers;
import dev.holdfast.terminal.export.ScrollbackCapture;
import dev.holdfast.terminal.export.ScrollbackTail;
import dev.holdfast.terminal.export.SgrFormatter;
import dev.holdfast.terminal.export.VtExport;

/**
 * Scrollback export split at the lock: {@link #capture} copies lines under the terminal's lock (FX thread,
 * bounded by the tail size), {@link #format} turns the copy into SGR text and trims it to the tail (any
 * thread). The same split serves the clean-quit save and the crash checkpoints.
 */
public final class ScrollbackExporter {
    private final ScrollbackCapture capture = new ScrollbackCapture(new PrimaryBuffers());
    private final SgrFormatter sgr = new SgrFormatter();
    private final VtExport export = new VtExport(sgr);
    private final ScrollbackTail tail = new ScrollbackTail(sgr);
    private final ExportLimits limits;

    public ScrollbackExporter(ExportLimits limits) {
        this.limits = limits;
    }

    /** Copies the lines a tail can keep. Holds the buffer lock for a copy only. */
    public CapturedLines capture(TerminalSession session) {
        return capture.capture(session.terminal(), limits.maxLines());
    }

    /** Formats a copy into the stored scrollback text: SGR only, at most the tail's lines and characters. */
    public String format(CapturedLines lines) {
        return trim(export.format(lines));
    }

    /** Formats a copy into SGR text, without trimming (the checkpoint writer trims to fit its record). */
    public String formatUntrimmed(CapturedLines lines) {
        return export.format(lines);
    }

    /** Trims text to the tail, never inside an escape sequence. */
    public String trim(String text) {
        return tail.tail(text, limits);
    }

    /** Trims text to the last {@code maxLines} lines and {@code maxChars} characters. */
    public String trim(String text, int maxLines, int maxChars) {
        return tail.tail(text, new ExportLimits(maxLines, maxChars));
    }

    public ExportLimits limits() {
        return limits;
    }
}
