package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsDialog;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import java.nio.file.Path;
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
    private TestWindow test;
    private Stage stage;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        test = TestWindow.open(home, CloseConfirmation.DIALOG, () -> { }, (w, s) -> { });
        stage = test.stage();
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
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
