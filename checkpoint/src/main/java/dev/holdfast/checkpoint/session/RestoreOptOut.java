package dev.holdfast.checkpoint.session;

import java.util.Locale;
import java.util.Map;

/**
 * The user's opt-out from everything that survives a restart, read in one place with one meaning:
 * {@value #VARIABLE} set to {@code 1}, {@code true} or {@code yes} (any case) is the same as {@code --no-restore}
 * — no restore, no session saves, no scrollback checkpoints, and nothing already saved is deleted.
 */
public final class RestoreOptOut {

    /** The environment variable. */
    public static final String VARIABLE = "HOLDFAST_DISABLE_SESSION_RESTORE";

    private RestoreOptOut() {
    }

    /** Whether {@code environment} carries the opt-out. */
    public static boolean requested(Map<String, String> environment) {
        return isOn(environment.get(VARIABLE));
    }

    /** How every Holdfast yes/no switch in the environment or a system property reads: 1, true or yes. */
    public static boolean isOn(String value) {
        if (value == null) {
            return false;
        }
        String flag = value.strip().toLowerCase(Locale.ROOT);
        return flag.equals("1") || flag.equals("true") || flag.equals("yes");
    }
}
