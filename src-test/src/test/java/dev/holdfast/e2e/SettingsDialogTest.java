package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsDialog;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Spinner;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The settings dialog wears the window's chrome and hands back what was edited. */
class SettingsDialogTest {
    @TempDir
    Path home;

    private final FxRobot robot = new FxRobot();
    private ExecutorService background;
    private Stage stage;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env, WindowCloseHook.NONE, () -> { });
            stage.show();
            return w;
        });
    }

    @AfterEach
    void closeWindow() throws Exception {
        FxToolkit.setupFixture(() -> {
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

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private Stage open(AtomicReference<Settings> saved) throws Exception {
        FxToolkit.setupFixture(() -> SettingsDialog.show(stage, Settings.defaults(), "DejaVu Sans Mono", saved::set));
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> Window.getWindows().stream().filter(w -> w instanceof Stage s
                && "Holdfast Settings".equals(s.getTitle())).map(w -> (Stage) w).findFirst().orElseThrow());
    }

    @Test
    void besideADarkWindowTheDialogIsDarkAndSaveHandsBackTheEditedSize() throws Exception {
        AtomicReference<Settings> saved = new AtomicReference<>();
        Stage dialog = open(saved);
        assertTrue(fx(() -> dialog.getScene().getRoot().getStyleClass().contains("dark")), "dark chrome");
        assertTrue(fx(() -> !dialog.getScene().getStylesheets().isEmpty()), "the window's stylesheet");

        FxToolkit.setupFixture(() -> {
            Spinner<?> size = (Spinner<?>) dialog.getScene().getRoot().lookup(".spinner");
            size.increment(2);
        });
        robot.clickOn("Save");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Settings.defaults().fontSizePoints() + 2, saved.get().fontSizePoints());
        assertFalse(fx(dialog::isShowing), "Save closes the dialog");
    }

    @Test
    void besideALightWindowTheDialogIsLight() throws Exception {
        FxToolkit.setupFixture(() -> window.applySettings(Settings.defaults(), Palette.light()));
        Stage dialog = open(new AtomicReference<>());
        assertFalse(fx(() -> dialog.getScene().getRoot().getStyleClass().contains("dark")), "light chrome");
    }
}
