package dev.holdfast.app.autosave;

import dev.holdfast.terminal.emulation.OutputGeneration;
import dev.holdfast.terminal.shell.ShellStatus;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Asks for a save soon after a tab's shell reports a new working directory (OSC 7, from the shell integration).
 *
 * <p>Why: the session is autosaved on a tick ({@code autosaveSeconds}, 8 s by default), and a crash between a
 * {@code cd} and the next tick brought the tab back in the directory before it. The shell reports the new one as its
 * next prompt is drawn, so a save then keeps where the user is. Shells without the integration still have their
 * directory read at every tick.
 *
 * <p>The check runs on each tab's reader thread, when everything read so far is in the model: it compares the
 * shell's reported directory with the last one seen and, when it differs, calls {@code changed}, which must only
 * post (it is on the reader thread). Costs a field read per read of output.
 */
public final class DirectoryReports {
    private final Runnable changed;
    private final Map<UUID, Watch> watches = new ConcurrentHashMap<>();

    /** @param changed told (on a reader thread) that some tab's directory changed: posts a save, never blocks */
    public DirectoryReports(Runnable changed) {
        this.changed = Objects.requireNonNull(changed, "changed");
    }

    /** Starts watching a tab's reports. The directory it has already reported is no change. Any thread. */
    public void watch(UUID panelId, OutputGeneration generation, Supplier<ShellStatus> status) {
        Watch watch = new Watch(generation, status);
        Watch previous = watches.put(panelId, watch);
        if (previous != null) {
            previous.stop();
        }
        generation.addProcessedListener(watch);
    }

    /** Stops watching a tab (closed). Any thread. */
    public void forget(UUID panelId) {
        Watch watch = watches.remove(panelId);
        if (watch != null) {
            watch.stop();
        }
    }

    private final class Watch implements Runnable {
        private final OutputGeneration generation;
        private final Supplier<ShellStatus> status;
        /** The status last looked at: each mark replaces it, so an unchanged one needs no string compare. */
        private ShellStatus seen;
        private String directory;

        Watch(OutputGeneration generation, Supplier<ShellStatus> status) {
            this.generation = generation;
            this.status = status;
            this.seen = status.get();
            this.directory = seen.directory();
        }

        @Override
        public void run() {
            ShellStatus now = status.get();
            if (now == seen) {
                return;
            }
            seen = now;
            if (now.directory() != null && !now.directory().equals(directory)) {
                directory = now.directory();
                changed.run();
            }
        }

        void stop() {
            generation.removeProcessedListener(this);
        }
    }
}
