package dev.holdfast.e2e;

import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real window on headless Monocle for one GUI test: its tabs run bash with a known prompt and no history in a
 * home of the test's own (the test must not depend on the machine's shell setup), its background work on a named
 * pool. {@link #close()} closes what the test left open, the window, then the pool.
 */
final class TestWindow implements AutoCloseable {
    private final Stage stage;
    private final ExecutorService background;
    private final MainWindow window;

    private TestWindow(Stage stage, ExecutorService background, MainWindow window) {
        this.stage = stage;
        this.background = background;
        this.window = window;
    }

    /**
     * Opens the window; {@code setUp} runs on the FX thread before the stage shows (open tabs, size the stage).
     *
     * @param confirm  how closing a busy tab or the window is confirmed
     * @param onClosed told when the window has closed
     */
    static TestWindow open(Path home, CloseConfirmation confirm, Runnable onClosed,
                           BiConsumer<MainWindow, Stage> setUp) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        ExecutorService background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
        MainWindow window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, confirm, env, WindowCloseHook.NONE, onClosed);
            setUp.accept(w, stage);
            stage.show();
            stage.toFront();
            return w;
        });
        return new TestWindow(stage, background, window);
    }

    /** The same, with the window's own close dialog and one tab in {@code home}. */
    static TestWindow withOneTab(Path home) throws Exception {
        return open(home, CloseConfirmation.DIALOG, () -> { }, (w, stage) -> w.openTab(home));
    }

    MainWindow window() {
        return window;
    }

    Stage stage() {
        return stage;
    }

    ExecutorService background() {
        return background;
    }

    /** Runs {@code call} on the FX thread and waits for its answer. */
    static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        FxToolkit.setupFixture(() -> {
            // Dialogs and menus the test opened go first; the primary stage is reused by the next test.
            for (Window open : Window.getWindows().toArray(Window[]::new)) {
                if (open != stage) {
                    open.hide();
                }
            }
            window.closeWindow();
        });
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }
}
