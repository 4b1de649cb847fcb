package dev.holdfast.app.notify;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Desktop notifications through the platform's own tool ({@link NotificationCommand}), run on a named thread of its
 * own, never the FX thread. A desktop without a notification service, or without the tools, loses nothing but the
 * notification: that is logged once, and the notifications stay quiet.
 */
public final class DesktopNotifier implements Notifier, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DesktopNotifier.class);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);
    /** Notifications waiting for the tool: a burst beyond this is dropped, not queued up. */
    private static final int QUEUE = 8;

    private final String osName;
    private final Map<String, String> environment;
    private final ExecutorService executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(QUEUE), new NamedThreadFactory("holdfast-notify", true),
            new ThreadPoolExecutor.DiscardPolicy());
    private final AtomicBoolean problemLogged = new AtomicBoolean();

    public DesktopNotifier(String osName, Map<String, String> environment) {
        this.osName = osName;
        this.environment = Map.copyOf(environment);
    }

    @Override
    public void notify(String summary, String body) {
        try {
            executor.execute(() -> show(summary, body));
        } catch (RejectedExecutionException closed) {
            // Quitting.
        }
    }

    private void show(String summary, String body) {
        Optional<List<String>> command = NotificationCommand.of(osName, this::onPath, summary, body);
        if (command.isEmpty()) {
            degraded("neither notify-send nor gdbus is installed");
            return;
        }
        try {
            Process process = new ProcessBuilder(command.get()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                degraded(command.get().get(0) + " did not answer within " + COMMAND_TIMEOUT.toSeconds() + " s");
            } else if (process.exitValue() != 0) {
                degraded(command.get().get(0) + " failed with status " + process.exitValue()
                        + " (no notification service?)");
            }
        } catch (IOException e) {
            degraded(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void degraded(String why) {
        if (problemLogged.compareAndSet(false, true)) {
            LOG.info("Desktop notifications are unavailable: {}", why);
        }
    }

    private boolean onPath(String program) {
        String path = environment.getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
