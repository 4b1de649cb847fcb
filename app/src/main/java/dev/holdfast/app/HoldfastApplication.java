package dev.holdfast.app;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: builds the app's objects once and hands each its collaborators. */
public final class HoldfastApplication extends Application {
    private static final Logger LOG = LoggerFactory.getLogger(HoldfastApplication.class);
    /** How long quitting waits for shells to end before the JVM goes (they are hung up, then killed). */
    private static final long SHUTDOWN_WAIT_MS = 3_000;

    // JavaFX instantiates the Application itself, so Main hands over what it prepared through here.
    private static volatile StateDirectory preparedState;
    private static volatile LaunchOptions preparedOptions = LaunchOptions.parse(new String[0]);

    private ExecutorService background;
    private MainWindow window;

    static void prepare(StateDirectory state, LaunchOptions options) {
        preparedState = state;
        preparedOptions = options;
    }

    @Override
    public void start(Stage stage) {
        LOG.info("Holdfast {} starting (state in {})", Main.version(), preparedState == null ? "?" : preparedState.root());
        background = Executors.newCachedThreadPool(new NamedThreadFactory("holdfast-background", true));
        window = buildWindow(stage, background, CloseConfirmation.DIALOG, System.getenv(), Platform::exit);
        window.openTab(startDirectory());
        stage.show();
    }

    /** The window with its real collaborators; the GUI tests build theirs through here too. */
    public static MainWindow buildWindow(Stage stage, ExecutorService background, CloseConfirmation confirmation,
                                         Map<String, String> environment, Runnable onClosed) {
        Settings settings = Settings.defaults(Font.getFamilies());
        boolean mac = System.getProperty("os.name", "").toLowerCase().contains("mac");
        return new MainWindow(stage, settings, Palette.dark(), ProcessInspector.forCurrentOs(), background,
                confirmation, environment, Clock.systemDefaultZone(), mac, onClosed);
    }

    private static Path startDirectory() {
        Path cwd = Path.of(System.getProperty("user.dir"));
        return Files.isDirectory(cwd) ? cwd : Path.of(System.getProperty("user.home"));
    }

    @Override
    public void stop() throws InterruptedException {
        if (window != null) {
            window.closeWindow();
        }
        if (background != null) {
            background.shutdown();
            if (!background.awaitTermination(SHUTDOWN_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOG.warn("Shells did not end within {} ms; exiting anyway", SHUTDOWN_WAIT_MS);
            }
        }
        LOG.info("Holdfast stopped");
    }
}
