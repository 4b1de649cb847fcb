package dev.holdfast.app.autosave;

import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.screen.VisibleScreen;
import java.util.Objects;

/**
 * A terminal's lines for the quit save, and the visible screen they end with, copied in one hold of the buffer lock:
 * the fingerprint saved with the scrollback must describe the very screen the text came from.
 */
public record ScreenCapture(CapturedLines lines, VisibleScreen screen) {
    public ScreenCapture {
        Objects.requireNonNull(lines, "lines");
        Objects.requireNonNull(screen, "screen");
    }
}
