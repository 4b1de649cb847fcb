package dev.holdfast.app.restore;

import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import dev.holdfast.checkpoint.session.RestoreOptOut;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the app starts with, decided before the window exists (and off the FX thread): the snapshot to
 * restore, if any; whether this launch may write session files; and one-line notices for the user.
 *
 * @param withScrollback the last snapshot saved with scrollback, when newer than {@code snapshot}'s own (the
 *     restore merge may take a tab's scrollback from it), or null
 * @param persist false when restore is turned off, or another Holdfast owns this state directory, or it cannot
 *     be written: this launch then leaves the session files alone
 */
public record StartupRestore(Optional<SessionSnapshot> snapshot, SessionSnapshot withScrollback, boolean persist,
                             List<String> notices) {
    private static final Logger LOG = LoggerFactory.getLogger(StartupRestore.class);

    public StartupRestore {
        Objects.requireNonNull(snapshot, "snapshot");
        notices = List.copyOf(notices);
    }

    public static StartupRestore nothing(boolean persist, List<String> notices) {
        return new StartupRestore(Optional.empty(), null, persist, notices);
    }

    /** The same start with more notices in front. */
    public StartupRestore withNoticesFirst(List<String> earlier) {
        List<String> all = new ArrayList<>(earlier);
        all.addAll(notices);
        return new StartupRestore(snapshot, withScrollback, persist, all);
    }

    /**
     * Whether the user turned restore off: {@code --no-restore}, {@value RestoreOptOut#VARIABLE} (read by
     * {@link RestoreOptOut}, the one reading of it), or {@code "restoreSessions": false}. All three mean the same:
     * no restore, no save, no checkpoints, and nothing already saved is deleted.
     */
    public static boolean restoreDisabled(boolean noRestoreOption, Map<String, String> environment,
                                          boolean restoreSessionsSetting) {
        return noRestoreOption || RestoreOptOut.requested(environment) || !restoreSessionsSetting;
    }

    /**
     * Whether {@link #decide} lets the launch save (its {@link #persist}): not a second instance, restore not turned
     * off. Known before the store is read.
     */
    public static boolean persists(LaunchRecord launch, boolean restoreDisabled) {
        return !launch.previousStillRunning() && !restoreDisabled;
    }

    /** Decides the start: reads the store once, in bulk. */
    public static StartupRestore decide(LaunchRecord launch, boolean restoreDisabled, SessionSnapshotStore store) {
        return decide(launch, restoreDisabled, store, store::read);
    }

    /**
     * As {@link #decide(LaunchRecord, boolean, SessionSnapshotStore)}, from session files read ahead: the launch
     * reads them beside its other preparation, and only waits here for what it asks of them.
     */
    public static StartupRestore decide(LaunchRecord launch, boolean restoreDisabled, SessionSnapshotStore store,
                                        Supplier<SessionSnapshotStore.SessionFiles> readAhead) {
        List<String> notices = new ArrayList<>();
        if (!persists(launch, restoreDisabled)) {
            if (launch.previousStillRunning()) {
                LOG.warn("Launch {}: another Holdfast is running on this state directory; not restoring or saving",
                        launch.launchId());
                notices.add("Another Holdfast is already running with this state directory: this window starts "
                        + "fresh and its tabs will not be saved.");
            } else {
                LOG.info("Launch {}: session restore is turned off", launch.launchId());
            }
            return nothing(false, notices);
        }
        notices.addAll(howThePreviousLaunchEnded(launch));
        SessionLoad load = store.load(readAhead.get());
        if (load instanceof SessionLoad.Loaded loaded) {
            notices.addAll(loaded.notices());
            LOG.info("Launch {}: restoring {} tab(s) from {} (previous launch: {})", launch.launchId(),
                    loaded.snapshot().panels().size(), loaded.source(), launch.previous());
            return new StartupRestore(Optional.of(loaded.snapshot()), loaded.withScrollback(), true, notices);
        }
        if (load instanceof SessionLoad.Unreadable unreadable) {
            notices.addAll(unreadable.notices());
        }
        return nothing(true, notices);
    }

    /** What the user should know about the last launch's end: a crash needs no words, a failed quit does. */
    private static List<String> howThePreviousLaunchEnded(LaunchRecord launch) {
        if (launch.previous() instanceof PreviousLaunch.QuitWithoutSaving quit) {
            return List.of("The last quit could not save the session (" + quit.reason() + "): restored from the "
                    + "last autosave and scrollback checkpoints instead.");
        }
        if (launch.previous() instanceof PreviousLaunch.Unknown unknown) {
            return List.of("The launch marker was unreadable (" + unknown.reason() + "): the last launch is taken "
                    + "as crashed, and every scrollback checkpoint that could be read is restored.");
        }
        return List.of();
    }
}
