package dev.holdfast.e2e;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.PrimarySelection;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.stage.Stage;

/** The window as the app builds it, from its constructor, with the default settings and the dark theme. */
final class Windows {
    private Windows() {
    }

    /** FX thread. */
    static MainWindow build(Stage stage, Executor background, CloseConfirmation confirmation,
                            Map<String, String> environment, WindowCloseHook closeHook, Runnable onClosed) {
        boolean mac = System.getProperty("os.name", "").toLowerCase().contains("mac");
        return new MainWindow(stage, Settings.defaults(), Palette.dark(), ProcessInspector.forCurrentOs(), background,
                confirmation, environment, Clock.systemDefaultZone(), mac, closeHook, PrimarySelection.CLIPBOARD,
                onClosed);
    }
}
