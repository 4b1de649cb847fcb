package dev.holdfast.terminal.agent.resume;

import java.util.Objects;
import java.util.Optional;

/**
 * What one restored tab does about what it was running: a line above its prompt, and maybe a command typed at
 * the prompt (run only under {@code resumeAgents = always}).
 */
public sealed interface TabResume permits TabResume.Offer, TabResume.Note, TabResume.Nothing {

    /** Whether the tab's saved scrollback is replayed: not for a bound agent, which redraws its conversation. */
    boolean replay();

    /** The line shown above the prompt, if any. */
    Optional<String> line();

    /**
     * @param what the command to type
     * @param text the line above the prompt ("Codex conversation ‘fix the flaky test’ — press Enter to resume")
     * @param run whether the command is run at once (Enter pressed for the user)
     * @param replay whether the saved scrollback is replayed above the line
     */
    record Offer(Resumable what, String text, boolean run, boolean replay) implements TabResume {
        public Offer {
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(text, "text");
        }

        @Override
        public Optional<String> line() {
            return Optional.of(text);
        }
    }

    /**
     * A line and no command: the conversation runs elsewhere, is offered in another tab, could not be identified,
     * or the user asked never to resume.
     *
     * @param text the line
     * @param replay whether the saved scrollback is replayed above the line
     * @param runningPid the process the conversation still runs in, when that is why
     */
    record Note(String text, boolean replay, Optional<Long> runningPid) implements TabResume {
        public Note {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(runningPid, "runningPid");
        }

        @Override
        public Optional<String> line() {
            return Optional.of(text);
        }
    }

    /** Nothing to offer: the tab comes back as any tab does. */
    record Nothing() implements TabResume {
        @Override
        public boolean replay() {
            return true;
        }

        @Override
        public Optional<String> line() {
            return Optional.empty();
        }
    }
}
