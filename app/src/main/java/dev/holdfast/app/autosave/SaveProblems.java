package dev.holdfast.app.autosave;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Which save failures the user is told about, and when the telling ends. Pure. Each kind of write says so once
 * when it starts failing — 37 failed checkpoint writes are one notice, not 37, and not none — and the notice is
 * taken away as soon as a write of that kind works again. Not thread-safe: the app calls it on the FX thread.
 */
public final class SaveProblems {

    /** A kind of write the user relies on. */
    public enum Write {
        SESSION("Holdfast could not save the session (%s). It keeps trying; what was saved before is kept."),
        CHECKPOINTS("Scrollback checkpoints could not be written (%s). They are retried; earlier ones are kept."),
        LAUNCH_MARKER("Crash protection is paused: the launch marker could not be written (%s). It resumes as soon"
                + " as it can be.");

        private final String notice;

        Write(String notice) {
            this.notice = notice;
        }

        /** The notice's key in the window. */
        public String key() {
            return "save-problem-" + name();
        }
    }

    /** What the window should do. */
    public sealed interface Change {
    }

    /** Show this notice under this key. */
    public record Show(String key, String text) implements Change {
        public Show {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(text, "text");
        }
    }

    /** Take the notice under this key away. */
    public record Clear(String key) implements Change {
        public Clear {
            Objects.requireNonNull(key, "key");
        }
    }

    /** Nothing to change. */
    public record Unchanged() implements Change {
    }

    private final Set<Write> failing = EnumSet.noneOf(Write.class);

    /** A write of this kind failed. */
    public Change failed(Write write, String reason) {
        if (!failing.add(write)) {
            return new Unchanged();
        }
        return new Show(write.key(), String.format(write.notice, reason == null ? "unknown reason" : reason));
    }

    /** A write of this kind worked. */
    public Change succeeded(Write write) {
        return failing.remove(write) ? new Clear(write.key()) : new Unchanged();
    }

    /** Whether writes of this kind are failing now. */
    public boolean isFailing(Write write) {
        return failing.contains(write);
    }
}
