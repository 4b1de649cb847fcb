package dev.holdfast.app.autosave;

import dev.holdfast.terminal.screen.VisibleScreen;
import java.util.UUID;

/**
 * Names the fingerprint to save with a scrollback copied from a screen (the activity watcher does). Called on a
 * save's own thread, never the FX thread; it may wait a little.
 */
@FunctionalInterface
public interface ScreenFingerprints {
    /** Saves without fingerprints: every restored tab's clocks then fall back. */
    ScreenFingerprints NONE = (panelId, screen) -> null;

    /** The hex fingerprint, or null when it cannot be told. */
    String of(UUID panelId, VisibleScreen screen);
}
