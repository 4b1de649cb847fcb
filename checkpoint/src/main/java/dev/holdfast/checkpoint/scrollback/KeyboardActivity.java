package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;

/** When the user last typed: a checkpoint waits for a pause and gives way to the next key. */
@FunctionalInterface
public interface KeyboardActivity {

    /**
     * UI thread. When a key was last pressed in any Holdfast window, read from the same clock the coordinator
     * is given, or null when none was pressed in this launch.
     */
    Instant lastKeystrokeAt();
}
