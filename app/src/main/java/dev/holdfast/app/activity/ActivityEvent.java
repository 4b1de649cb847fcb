package dev.holdfast.app.activity;

import dev.holdfast.terminal.shell.CommandRun;
import java.util.Objects;
import java.util.UUID;

/** Something a tab did that may deserve a desktop notification, seen by the watcher at the look that saw it. */
public sealed interface ActivityEvent {
    UUID panelId();

    /** The tab started waiting for the user. @param question what it asks, or null */
    record EnteredWaiting(UUID panelId, String title, String question) implements ActivityEvent {
        public EnteredWaiting {
            Objects.requireNonNull(panelId, "panelId");
        }
    }

    /** A command finished (whether it ran long enough to tell is the notification policy's call). */
    record CommandFinished(UUID panelId, String title, CommandRun command) implements ActivityEvent {
        public CommandFinished {
            Objects.requireNonNull(panelId, "panelId");
            Objects.requireNonNull(command, "command");
        }
    }
}
