package dev.holdfast.app.activity;

import dev.holdfast.app.sidebar.RelativeTime;
import dev.holdfast.terminal.shell.CommandRun;
import java.time.Duration;
import java.util.Optional;

/**
 * Which activity deserves a desktop notification, and its words: a tab that starts waiting for the user, or a command
 * that ran at least the {@code longCommandSeconds} setting (default 10 s) finishing. A tab the user is looking at
 * (selected, in a focused window) never notifies: they see it. Pure.
 */
public final class NotificationPolicy {
    private static final int MAX_TEXT = 200;

    /** What a notification says. */
    public record Notification(String summary, String body) {
    }

    private NotificationPolicy() {
    }

    /**
     * @param enabled the {@code notifications} setting
     * @param inFront the event's tab is the selected tab of a focused window
     * @param longCommand a finished command is told when it ran at least this long
     */
    public static Optional<Notification> decide(ActivityEvent event, boolean enabled, boolean inFront,
                                                Duration longCommand) {
        if (!enabled || inFront) {
            return Optional.empty();
        }
        if (event instanceof ActivityEvent.CommandFinished finished
                && finished.command().duration().compareTo(longCommand) < 0) {
            return Optional.empty();
        }
        String title = event instanceof ActivityEvent.EnteredWaiting w ? w.title()
                : ((ActivityEvent.CommandFinished) event).title();
        String tab = title == null || title.isBlank() ? "A tab" : cut(title);
        if (event instanceof ActivityEvent.EnteredWaiting waiting) {
            String question = waiting.question();
            return Optional.of(new Notification(tab + " is waiting for you",
                    question == null || question.isBlank() ? "It needs an answer." : cut(question)));
        }
        CommandRun run = ((ActivityEvent.CommandFinished) event).command();
        String command = run.commandLine() == null || run.commandLine().isBlank() ? "A command" : cut(run.commandLine());
        String outcome = run.exitStatus() == null ? "finished" : run.exitStatus() == 0 ? "succeeded"
                : "failed with status " + run.exitStatus();
        return Optional.of(new Notification(tab + ": command " + (run.exitStatus() != null && run.exitStatus() != 0
                ? "failed" : "finished"), command + " " + outcome + " after " + RelativeTime.duration(run.duration())));
    }

    private static String cut(String text) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= MAX_TEXT ? line : line.substring(0, MAX_TEXT - 1) + "…";
    }
}
