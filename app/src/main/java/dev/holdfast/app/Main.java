package dev.holdfast.app;

import dev.holdfast.app.rendering.ToolkitEnvironment;
import dev.holdfast.checkpoint.clocks.SqliteNativeDirectory;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.bundle.SqliteNatives;
import dev.holdfast.terminal.pty.NativeLibraryDirectory;
import dev.holdfast.terminal.pty.PtyWarmup;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Properties;
import java.util.UUID;
import javafx.application.Application;
import org.slf4j.LoggerFactory;

/**
 * Entry point. Deliberately not the JavaFX {@code Application}: launching through a plain class lets
 * JavaFX run from the class path (no module-path conflicts with pty4j and JNA), and lets {@code --version}
 * answer without starting a toolkit.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        LaunchOptions options = LaunchOptions.parse(args);
        if (options.version()) {
            System.out.println("Holdfast " + version());
            return;
        }
        if (options.help() || !options.unknown().isEmpty()) {
            if (!options.unknown().isEmpty()) {
                System.err.println("holdfast: unknown option " + options.unknown().get(0));
            }
            (options.help() ? System.out : System.err).print(LaunchOptions.USAGE);
            System.exit(options.help() ? 0 : 2);
            return;
        }
        StateDirectory state = StateDirectory.fromEnvironment();
        String stateProblem = prepareStateDirectory(state);
        if (stateProblem == null) {
            LogFiles.install(state.logsDir(), Clock.systemDefaultZone());
        }
        Path sqlite = null;
        try {
            Path natives = NativeLibraryDirectory.defaultLocation(
                    System.getenv(), System.getProperty("os.name"), Path.of(System.getProperty("user.home")));
            NativeLibraryDirectory.install(natives);
            // sqlite-jdbc (pane clocks, Codex's state database) would otherwise unpack into the system temp dir, a
            // new copy at every start that a killed run leaves behind.
            sqlite = SqliteNativeDirectory.install(natives.resolve("sqlite"));
        } catch (IOException e) {
            // pty4j then unpacks its library into the system temporary directory, as it does by default.
            LoggerFactory.getLogger(Main.class).warn("No private native library cache: {}", e.toString());
        }
        // Beside the launch preparation and the window: the first tab's shell would otherwise wait for it.
        PtyWarmup.start();
        quietJavaFxConsole();
        ToolkitEnvironment toolkit = ToolkitEnvironment.prepare(System.getenv(), System.getProperties());
        LaunchPreparation.Inputs inputs = new LaunchPreparation.Inputs(state, stateProblem, options,
                System.getenv(), System.getProperties(), Clock.systemDefaultZone(), ProcessTable.system(),
                UUID::randomUUID, System.getProperty("os.name"));
        HoldfastApplication.prepare(toolkit, prepareBesideToolkit(inputs, sqlite));
        Application.launch(HoldfastApplication.class, args);
    }

    /**
     * Reads the state directory (the instance lock, the launch sentinel, the checkpoints, the clocks database) while
     * the toolkit starts: neither needs the other, and a launch otherwise waits for both, one after the other. The
     * app's {@code init} waits for it, off the FX thread. It first places sqlite-jdbc's library in {@code sqlite}
     * (when there is one), before anything opens a database: the clocks store in the preparation, Codex's state
     * database once the window runs. Finding the library in sqlite-jdbc's jar takes 50-80 ms of a fresh JVM, which
     * the main thread would add to the toolkit's start.
     */
    private static StartupTask<LaunchContext> prepareBesideToolkit(LaunchPreparation.Inputs inputs, Path sqlite) {
        return StartupTask.start("holdfast-launch-preparation", () -> {
            if (sqlite != null) {
                placeSqliteLibrary(sqlite);
            }
            return LaunchPreparation.prepare(inputs);
        });
    }

    private static void placeSqliteLibrary(Path dir) {
        try {
            SqliteNatives.install(dir);
        } catch (IOException | RuntimeException e) {
            // sqlite-jdbc then unpacks its library into that directory itself, as it did before.
            LoggerFactory.getLogger(Main.class).warn("Could not place sqlite-jdbc's library in {}: {}", dir,
                    e.toString());
        }
    }

    /**
     * Creates or tightens the state directory and its logs directory. A directory that cannot be written does not
     * stop Holdfast: started from a menu, the user would see nothing at all. The window opens and says so.
     *
     * @return why it could not be prepared, or null
     */
    private static String prepareStateDirectory(StateDirectory state) {
        try {
            state.open();
            PrivateFiles.createDirectories(state.logsDir());
            return null;
        } catch (IOException | RuntimeException e) {
            return e.getMessage() != null ? e.getMessage() : e.toString();
        }
    }

    // Held so the level set below is not lost when the logger is garbage-collected.
    private static final java.util.logging.Logger JAVAFX_LOGGER = java.util.logging.Logger.getLogger("javafx");

    /**
     * JavaFX warns on the console that it runs from the class path ("Unsupported JavaFX configuration"); that
     * is our deliberate choice (see the class comment), and users should not see it in their terminal.
     */
    private static void quietJavaFxConsole() {
        JAVAFX_LOGGER.setLevel(java.util.logging.Level.SEVERE);
    }

    static String version() {
        try (InputStream in = Main.class.getResourceAsStream("/dev/holdfast/app/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
