package dev.holdfast.app.autosave;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.checkpoint.scrollback.CaptureText;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.export.ExportLimits;
import dev.holdfast.terminal.export.HistoryMark;
import dev.holdfast.terminal.export.IncrementalLines;
import dev.holdfast.terminal.export.PrimaryBuffers;
import dev.holdfast.terminal.export.ScrollbackCapture;
import dev.holdfast.terminal.export.ScrollbackTail;
import dev.holdfast.terminal.export.SgrFormatter;
import dev.holdfast.terminal.export.VtExport;
import dev.holdfast.terminal.screen.VisibleScreen;

/**
 * Scrollback export split at the lock: {@link #capture} and {@link #captureSince} copy lines under the terminal's
 * lock (FX thread, bounded by the tail before copying), {@link #format} turns a copy into SGR text and trims it to
 * the tail (any thread). The same split serves the clean-quit save, the crash checkpoints and {@code ctl read}.
 * The bounds are the checkpoint settings' tail (4,000 lines, 400,000 characters, 16,000 per line).
 */
public final class ScrollbackExporter {
    private final ScrollbackCapture capture = new ScrollbackCapture(new PrimaryBuffers());
    private final SgrFormatter sgr = new SgrFormatter();
    private final VtExport export = new VtExport(sgr);
    private final ScrollbackTail tail = new ScrollbackTail(sgr);
    private final ExportLimits limits;

    public ScrollbackExporter(CheckpointSettings settings) {
        this.limits = new ExportLimits(settings.tailLines(), settings.tailChars(), settings.maxLineChars());
    }

    /**
     * Copies the lines a tail can keep and the visible screen they end with, in one hold of the buffer lock (a
     * bounded copy), for a save that records the screen's fingerprint with the text.
     */
    public ScreenCapture captureWithScreen(TerminalSession session) {
        TerminalTextBuffer buffer = session.buffer();
        buffer.lock();
        try {
            return new ScreenCapture(capture(session), VisibleScreen.capture(session));
        } finally {
            buffer.unlock();
        }
    }

    /** Copies the lines a tail can keep. Holds the buffer lock for a bounded copy only. */
    public CapturedLines capture(TerminalSession session) {
        return capture.capture(session.terminal(), limits);
    }

    /**
     * Copies what a checkpoint holding everything up to {@code since} lacks: the lines added to the history since,
     * and the screen; or the whole tail when it cannot continue from {@code since} (null, a resize, a clear).
     */
    public IncrementalLines captureSince(TerminalSession session, HistoryMark since) {
        return capture.captureSince(session.terminal(), since, limits);
    }

    /** Formats a copy into the stored scrollback text: SGR only, at most the tail's lines and characters. */
    public String format(CapturedLines lines) {
        return trim(export.format(lines));
    }

    /** Formats an incremental copy into its two parts, untrimmed (the checkpoint writer trims to fit). */
    public CaptureText format(IncrementalLines lines) {
        return new CaptureText(export.formatLines(lines.history()), export.format(lines.screen()));
    }

    /** Trims text to the tail, never inside an escape sequence. */
    public String trim(String text) {
        return tail.tail(text, limits);
    }

    /** Trims text to the last {@code maxLines} lines and {@code maxChars} characters. */
    public String trim(String text, int maxLines, int maxChars) {
        return tail.tail(text, new ExportLimits(maxLines, maxChars));
    }
}
