package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the session snapshot: every {@link #AUTOSAVE_INTERVAL} without scrollback when something changed,
 * and once at a clean quit with every eligible terminal's scrollback. One named thread does all the work
 * (reading working directories, formatting, encoding, writing) in order, so the FX thread only gathers a
 * {@link WindowState} and never waits on disk, and saves never overtake each other.
 */
public final class SessionSaver implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SessionSaver.class);
    public static final Duration AUTOSAVE_INTERVAL = Duration.ofSeconds(8);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final SessionSnapshotStore store;
    private final ScrollbackExporter exporter;
    private final Clock clock;
    private final ExecutorService executor =
            Executors.newSingleThreadExecutor(new NamedThreadFactory("holdfast-session-saver", true));
    /** Confined to the executor thread. */
    private SessionSnapshot lastWritten;

    public SessionSaver(SessionSnapshotStore store, ScrollbackExporter exporter, Clock clock) {
        this.store = store;
        this.exporter = exporter;
        this.clock = clock;
    }

    /** FX thread: saves the window without scrollback if it differs from what was last written. */
    public void autosave(WindowState state) {
        submit(() -> {
            SessionSnapshot snapshot = snapshot(state, Map.of(), null);
            if (lastWritten != null && sameContent(snapshot, lastWritten)) {
                return;
            }
            write(snapshot, "autosave");
        });
    }

    /**
     * Saves the window with the scrollback copies taken at quit. Completes when the file is written (or the
     * write failed, which is logged); the caller may end the sessions afterwards.
     */
    public CompletableFuture<Void> saveForQuit(WindowState state, Map<UUID, CapturedLines> captures) {
        return submit(() -> {
            Instant capturedAt = clock.instant();
            write(snapshot(state, captures, capturedAt), "quit save");
        });
    }

    private CompletableFuture<Void> submit(Runnable task) {
        try {
            return CompletableFuture.runAsync(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("Saving the session failed", e);
                }
            }, executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(null);
        }
    }

    private void write(SessionSnapshot snapshot, String why) {
        try {
            store.save(snapshot);
            lastWritten = snapshot;
            LOG.debug("Session saved ({}): {} tab(s)", why, snapshot.panels().size());
        } catch (IOException e) {
            // The previous good file stays in place; the next save tries again.
            LOG.warn("Session {} failed; keeping the previous file: {}", why, e.toString());
        }
    }

    private SessionSnapshot snapshot(WindowState state, Map<UUID, CapturedLines> captures, Instant scrollbackAt) {
        List<PanelSnapshot> panels = new ArrayList<>(state.tabs().size());
        for (TabState tab : state.tabs()) {
            String scrollback = null;
            CapturedLines lines = captures.get(tab.panelId());
            if (lines != null && tab.persistScrollback()) {
                scrollback = exporter.format(lines);
            }
            panels.add(new PanelSnapshot(tab.panelId(), tab.customTitle(), blankToNull(tab.programTitle()),
                    workingDirectory(tab.session()), scrollback, tab.persistScrollback()));
        }
        int selected = panels.isEmpty() ? 0 : Math.max(0, Math.min(state.selectedIndex(), panels.size() - 1));
        return new SessionSnapshot(clock.instant(), state.frame(), panels, selected, scrollbackAt);
    }

    private static String workingDirectory(TerminalSession session) {
        Path dir = session.currentDirectory().orElse(session.spec().workingDirectory());
        return dir.toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static boolean sameContent(SessionSnapshot a, SessionSnapshot b) {
        return a.window().equals(b.window()) && a.panels().equals(b.panels())
                && a.selectedIndex() == b.selectedIndex()
                && java.util.Objects.equals(a.scrollbackCapturedAt(), b.scrollbackCapturedAt());
    }

    /** Lets queued saves finish (bounded), then stops the thread. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("Session saver did not finish within {}", CLOSE_WAIT);
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            executor.shutdownNow();
        }
    }
}
