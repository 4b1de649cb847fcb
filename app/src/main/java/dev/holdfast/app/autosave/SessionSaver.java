package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.session.OversizedSnapshotException;
import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the session snapshot: at every autosave tick without scrollback when something changed, and once at a
 * clean quit with every eligible terminal's scrollback. One named thread does all the work (reading working
 * directories, formatting, encoding, writing) in order, so the FX thread only gathers a {@link WindowState} and
 * never waits on disk, and saves never overtake each other. Every outcome is told to the {@link SaveListener}:
 * a failure to save is the user's business, not only the log's.
 */
public final class SessionSaver implements QuitSave.Saver, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SessionSaver.class);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    /** Tighter tails that get a quit snapshot under the store's size limit; more would only repeat a bug. */
    private static final int MAX_FIT_ATTEMPTS = 4;

    /** Hears how each save went, on the saver's thread. */
    public interface SaveListener {
        SaveListener NONE = new SaveListener() {
        };

        default void saved(boolean quit) {
        }

        default void failed(boolean quit, String reason) {
        }
    }

    /** What a tab's foreground runs, for its snapshot; called on the saver's thread. */
    @FunctionalInterface
    public interface Foregrounds {
        Foregrounds NONE = tab -> null;

        /** The tab's foreground record, or null when it runs nothing to go back into. */
        PanelForeground of(TabState tab);
    }

    private final SessionSnapshotStore store;
    private final ScrollbackExporter exporter;
    private final Clock clock;
    private final SaveListener listener;
    private final ScreenFingerprints fingerprints;
    private final Foregrounds foregrounds;
    private final ExecutorService executor =
            Executors.newSingleThreadExecutor(new NamedThreadFactory("holdfast-session-saver", true));
    /** Confined to the executor thread. */
    private SessionSnapshot lastWritten;

    public SessionSaver(SessionSnapshotStore store, ScrollbackExporter exporter, Clock clock) {
        this(store, exporter, clock, SaveListener.NONE);
    }

    public SessionSaver(SessionSnapshotStore store, ScrollbackExporter exporter, Clock clock, SaveListener listener) {
        this(store, exporter, clock, listener, ScreenFingerprints.NONE);
    }

    /**
     * @param fingerprints names the fingerprint saved with each tab's scrollback at quit (on this saver's thread)
     */
    public SessionSaver(SessionSnapshotStore store, ScrollbackExporter exporter, Clock clock, SaveListener listener,
                        ScreenFingerprints fingerprints) {
        this(store, exporter, clock, listener, fingerprints, Foregrounds.NONE);
    }

    /**
     * @param foregrounds reads what each tab's foreground runs (an agent, tmux, ssh), on this saver's thread
     */
    public SessionSaver(SessionSnapshotStore store, ScrollbackExporter exporter, Clock clock, SaveListener listener,
                        ScreenFingerprints fingerprints, Foregrounds foregrounds) {
        this.foregrounds = Objects.requireNonNull(foregrounds, "foregrounds");
        this.fingerprints = Objects.requireNonNull(fingerprints, "fingerprints");
        this.store = Objects.requireNonNull(store, "store");
        this.exporter = Objects.requireNonNull(exporter, "exporter");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * FX thread: saves the window without scrollback if it differs from what was last written, or if that file is
     * gone.
     */
    public void autosave(WindowState state) {
        submit(() -> {
            SessionSnapshot snapshot = snapshot(state, Map.of(), null);
            // Unchanged, and still on disk: a session.json removed under the running app (the state directory
            // emptied) is written again, or a crash would find no session to restore.
            if (lastWritten != null && sameContent(snapshot, lastWritten) && store.hasCurrent()) {
                return;
            }
            try {
                write(snapshot, "autosave");
                listener.saved(false);
            } catch (IOException e) {
                // The previous good files stay in place; the next autosave tries again.
                LOG.warn("Session autosave failed; keeping the saved session: {}", e.toString());
                listener.failed(false, reason(e));
            }
        });
    }

    /**
     * Saves the window with the scrollback copies taken at quit. Completes when the file is written, or
     * exceptionally with the {@link IOException} (wrapped) when it could not be: the quit is then not clean,
     * and the launch sentinel must stay.
     */
    @Override
    public CompletableFuture<Void> saveForQuit(WindowState state, Map<UUID, ScreenCapture> captures) {
        return submit(() -> {
            Instant capturedAt = clock.instant();
            try {
                writeFitting(snapshot(state, captures, capturedAt));
                listener.saved(true);
            } catch (IOException e) {
                LOG.warn("Quit save failed: {}", e.toString());
                listener.failed(true, reason(e));
                throw new UncheckedIOException(e);
            }
        });
    }

    private CompletableFuture<Void> submit(Runnable task) {
        try {
            return CompletableFuture.runAsync(task, executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new IOException("the session saver has stopped", e));
        }
    }

    /** Writes a quit snapshot, cutting each tab's scrollback further while it is larger than the store accepts. */
    private void writeFitting(SessionSnapshot snapshot) throws IOException {
        SessionSnapshot attempt = snapshot;
        for (int tries = 1; ; tries++) {
            try {
                write(attempt, "quit save");
                return;
            } catch (OversizedSnapshotException e) {
                if (tries == MAX_FIT_ATTEMPTS) {
                    throw e;
                }
                double share = (double) e.limitBytes() / e.encodedBytes() * 0.9;
                LOG.info("Quit snapshot of {} bytes is over the limit of {}; keeping {}% of each tab's scrollback",
                        e.encodedBytes(), e.limitBytes(), Math.round(share * 100));
                attempt = scaled(attempt, share);
            }
        }
    }

    private SessionSnapshot scaled(SessionSnapshot snapshot, double share) {
        List<PanelSnapshot> panels = new ArrayList<>();
        for (PanelSnapshot panel : snapshot.panels()) {
            String text = panel.scrollback();
            if (text != null) {
                text = exporter.trim(text, Integer.MAX_VALUE, (int) Math.max(1, Math.floor(text.length() * share)));
            }
            // Cut from the top, the text still ends with the screen its fingerprint describes.
            panels.add(panel.withScrollback(text, panel.screenFingerprint()));
        }
        return new SessionSnapshot(snapshot.createdAt(), snapshot.window(), panels, snapshot.selectedIndex(),
                snapshot.scrollbackCapturedAt()).withSidebar(snapshot.sidebar());
    }

    private void write(SessionSnapshot snapshot, String why) throws IOException {
        SessionSnapshotStore.Saved result = store.save(snapshot);
        lastWritten = snapshot;
        LOG.debug("Session saved ({}, {}): {} tab(s)", why, result, snapshot.panels().size());
    }

    private static String reason(IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    private SessionSnapshot snapshot(WindowState state, Map<UUID, ScreenCapture> captures, Instant scrollbackAt) {
        List<PanelSnapshot> panels = new ArrayList<>(state.tabs().size());
        for (TabState tab : state.tabs()) {
            String scrollback = null;
            String fingerprint = null;
            ScreenCapture capture = captures.get(tab.panelId());
            if (capture != null && tab.persistScrollback()) {
                scrollback = exporter.format(capture.lines());
                fingerprint = fingerprints.of(tab.panelId(), capture.screen());
            }
            panels.add(new PanelSnapshot(tab.panelId(), tab.customTitle(), blankToNull(tab.programTitle()),
                    workingDirectory(tab.session()), scrollback, tab.persistScrollback(), fingerprint,
                    foreground(tab)));
        }
        int selected = panels.isEmpty() ? 0 : Math.max(0, Math.min(state.selectedIndex(), panels.size() - 1));
        return new SessionSnapshot(clock.instant(), state.frame(), panels, selected, scrollbackAt)
                .withSidebar(state.sidebar());
    }

    private PanelForeground foreground(TabState tab) {
        try {
            return foregrounds.of(tab);
        } catch (RuntimeException e) {
            // What the tab ran is a nicety of the restore; the save itself must go on.
            LOG.warn("Panel {}: could not read what its foreground runs: {}", tab.panelId(), e.toString());
            return null;
        }
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
                && Objects.equals(a.sidebar(), b.sidebar())
                && a.selectedIndex() == b.selectedIndex()
                && Objects.equals(a.scrollbackCapturedAt(), b.scrollbackCapturedAt());
    }

    /** Lets queued saves finish (bounded), then stops the thread. Not on the FX thread. */
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
