package dev.holdfast.app.restore;

import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the app starts with, decided before the window exists (and off the FX thread): the snapshot to
 * restore, if any; whether this launch may write session files; and one-line notices for the user.
 *
 * @param persist false when restore is turned off, or another Holdfast owns this state directory: this
 *     launch then leaves the session files alone
 */
public record StartupRestore(Optional<SessionSnapshot> snapshot, boolean persist, List<String> notices) {
    private static final Logger LOG = LoggerFactory.getLogger(StartupRestore.class);
    public static final String DISABLE_VARIABLE = "HOLDFAST_DISABLE_SESSION_RESTORE";

    public StartupRestore {
        Objects.requireNonNull(snapshot, "snapshot");
        notices = List.copyOf(notices);
    }

    public static StartupRestore nothing(boolean persist, List<String> notices) {
        return new StartupRestore(Optional.empty(), persist, notices);
    }

    /** Whether the user turned restore off ({@code --no-restore} or {@value #DISABLE_VARIABLE}=1). */
    public static boolean restoreDisabled(boolean noRestoreOption, Map<String, String> environment) {
        return noRestoreOption || "1".equals(environment.get(DISABLE_VARIABLE));
    }

    /** Decides the start: reads the store once, in bulk. */
    public static StartupRestore decide(LaunchRecord launch, boolean restoreDisabled, SessionSnapshotStore store) {
        List<String> notices = new ArrayList<>();
        if (launch.previousStillRunning()) {
            LOG.warn("Launch {}: another Holdfast is running on this state directory; not restoring or saving",
                    launch.launchId());
            notices.add("Another Holdfast is already running with this state directory: this window starts "
                    + "fresh and its tabs will not be saved.");
            return nothing(false, notices);
        }
        if (restoreDisabled) {
            LOG.info("Launch {}: session restore is turned off", launch.launchId());
            return nothing(false, notices);
        }
        SessionLoad load = store.load();
        if (load instanceof SessionLoad.Loaded loaded) {
            notices.addAll(loaded.notices());
            LOG.info("Launch {}: restoring {} tab(s) from {} (previous launch {})", launch.launchId(),
                    loaded.snapshot().panels().size(), loaded.source(),
                    launch.previousWasUnclean() ? "ended uncleanly" : "ended cleanly");
            return new StartupRestore(Optional.of(loaded.snapshot()), true, notices);
        }
        if (load instanceof SessionLoad.Unreadable unreadable) {
            notices.addAll(unreadable.notices());
        }
        return nothing(true, notices);
    }
}
