package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where Holdfast keeps what must survive a restart, and the names of the files inside it.
 *
 * <p>State: {@code HOLDFAST_STATE_DIR} when set; on macOS {@code ~/Library/Application Support/Holdfast};
 * elsewhere {@code $XDG_STATE_HOME/holdfast}, by default {@code ~/.local/state/holdfast}. Configuration:
 * on macOS the same Application Support folder; elsewhere {@code $XDG_CONFIG_HOME/holdfast}, by default
 * {@code ~/.config/holdfast}. The override moves state only: it exists so tests and power users can keep
 * separate sessions, and they still want their own settings.
 */
public record StateDirectory(Path root, Path configDirectory) {

    public static final String STATE_DIR_OVERRIDE = "HOLDFAST_STATE_DIR";

    private static final Logger log = LoggerFactory.getLogger(StateDirectory.class);

    public StateDirectory {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(configDirectory, "configDirectory");
    }

    /** Resolves both directories from explicit inputs; reads nothing from the machine it runs on. */
    public static StateDirectory resolve(Map<String, String> environment, String osName, Path home) {
        boolean macOs = osName.toLowerCase(Locale.ROOT).startsWith("mac");
        Path applicationSupport = home.resolve("Library").resolve("Application Support").resolve("Holdfast");
        Path config = macOs
                ? applicationSupport
                : xdgBase(environment, "XDG_CONFIG_HOME", home.resolve(".config")).resolve("holdfast");
        String override = environment.get(STATE_DIR_OVERRIDE);
        Path state;
        if (override != null && !override.isBlank()) {
            state = Path.of(override);
        } else if (macOs) {
            state = applicationSupport;
        } else {
            state = xdgBase(environment, "XDG_STATE_HOME", home.resolve(".local").resolve("state")).resolve("holdfast");
        }
        return new StateDirectory(state, config);
    }

    /** {@link #resolve} applied to this process's environment, {@code os.name} and {@code user.home}. */
    public static StateDirectory fromEnvironment() {
        return resolve(System.getenv(), System.getProperty("os.name"), Path.of(System.getProperty("user.home")));
    }

    // The XDG Base Directory spec says a relative value is invalid and must be ignored.
    private static Path xdgBase(Map<String, String> environment, String variable, Path fallback) {
        String value = environment.get(variable);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        Path path = Path.of(value);
        return path.isAbsolute() ? path : fallback;
    }

    /**
     * Creates the state directory (and missing parents) as 0700, or tightens an existing one to 0700: it holds
     * scrollback, which is as private as shell history.
     */
    public StateDirectory open() throws IOException {
        if (PrivateFiles.createDirectories(root)) {
            log.info("Restricted state directory {} to its owner (mode 0700)", root);
        }
        return this;
    }

    public Path sessionFile() {
        return root.resolve("session.json");
    }

    public Path previousSessionFile() {
        return root.resolve("session.previous.json");
    }

    /** The last session snapshot saved with scrollback, kept while later autosaves (without any) replace the current. */
    public Path scrollbackSessionFile() {
        return root.resolve("session.scrollback.json");
    }

    public Path sentinelFile() {
        return root.resolve("launch.sentinel");
    }

    public Path scrollbackDir() {
        return root.resolve("scrollback");
    }

    public Path logsDir() {
        return root.resolve("logs");
    }

    public Path panesDatabase() {
        return root.resolve("panes.sqlite");
    }

    public Path controlSocket() {
        return root.resolve("control.sock");
    }
}
