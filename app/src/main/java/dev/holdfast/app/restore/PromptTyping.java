package dev.holdfast.app.restore;

import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.shell.ShellStatus;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Types a restored tab's offered command at its prompt once the shell is there: by its prompt mark when the shell
 * has Holdfast's integration, else once its first output has been quiet for {@link #QUIET}. Typed before the
 * prompt, the tty would echo it and the line editor draw it again. Owns one named thread; {@link #close()} stops it.
 */
final class PromptTyping implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PromptTyping.class);
    static final String THREAD_NAME = "holdfast-resume-typing";
    /** How often a waiting tab is looked at. */
    static final Duration POLL = Duration.ofMillis(50);
    /** Without prompt marks: how long the shell's first output must have been quiet. */
    static final Duration QUIET = Duration.ofMillis(400);
    /** A shell that shows no prompt by then gets the command anyway (it may be a slow login). */
    static final Duration GIVE_UP = Duration.ofSeconds(20);

    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(THREAD_NAME, true));

    /**
     * Types {@code command} (and Enter, when {@code run}) at {@code session}'s prompt. Any thread.
     */
    void typeAtPrompt(TerminalSession session, String command, boolean run) {
        schedule(new Waiting(session, command, run), 0);
    }

    private void schedule(Runnable look, long delayMillis) {
        try {
            thread.schedule(look, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closing: the window is going away.
        }
    }

    /** One tab waiting for its prompt; looks again every {@link #POLL} until it types or the shell ends. */
    private final class Waiting implements Runnable {
        private final TerminalSession session;
        private final String command;
        private final boolean run;
        private final long started = System.nanoTime();
        private long lastGeneration = -1;
        private long quietSince = started;

        Waiting(TerminalSession session, String command, boolean run) {
            this.session = session;
            this.command = command;
            this.run = run;
        }

        @Override
        public void run() {
            if (session.end().isPresent()) {
                return;
            }
            long now = System.nanoTime();
            ShellStatus status = session.shellStatus();
            long generation = session.generation().processed();
            if (generation != lastGeneration) {
                lastGeneration = generation;
                quietSince = now;
            }
            boolean quiet = !status.integrated() && generation > 0 && now - quietSince >= QUIET.toNanos();
            boolean late = now - started >= GIVE_UP.toNanos() && session.isRunning();
            if (now - started >= 2 * GIVE_UP.toNanos() && !session.isRunning()) {
                // The shell never started (the restore was stopped): nothing to type into.
                return;
            }
            if (status.atPrompt() || quiet || late) {
                session.sendText(run ? command + "\r" : command);
                LOG.debug("Panel {}: typed {} ({})", session.spec().panelId(), command,
                        status.atPrompt() ? "at its prompt" : quiet ? "after its first output" : "late");
                return;
            }
            schedule(this, POLL.toMillis());
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
