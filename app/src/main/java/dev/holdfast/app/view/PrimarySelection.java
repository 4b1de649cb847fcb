package dev.holdfast.app.view;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.awt.GraphicsEnvironment;
import java.awt.Toolkit;
import java.awt.datatransfer.Clipboard;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.StringSelection;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The X11 primary selection: what is selected can be pasted with the middle button, in any X11 app. JavaFX
 * only knows the clipboard, so this uses AWT's system selection, started lazily on a thread of its own (AWT
 * is slow to start and must never run on the FX thread). Where there is none (macOS, Windows, headless),
 * middle-click pastes the clipboard instead.
 */
public interface PrimarySelection extends AutoCloseable {
    /** Offers {@code text} as the primary selection. */
    void set(String text);

    /** Calls {@code onText} on the FX thread with the primary selection (or the clipboard where there is none). */
    void get(Consumer<String> onText);

    @Override
    default void close() {
    }

    /** Clipboard only: for platforms without a primary selection, and tests. */
    PrimarySelection CLIPBOARD = new PrimarySelection() {
        @Override
        public void set(String text) {
        }

        @Override
        public void get(Consumer<String> onText) {
            String text = javafx.scene.input.Clipboard.getSystemClipboard().getString();
            onText.accept(text == null ? "" : text);
        }
    };

    static PrimarySelection forPlatform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux") || GraphicsEnvironment.isHeadless()) {
            return CLIPBOARD;
        }
        return new AwtPrimarySelection();
    }

    /** Linux: AWT's system selection on its own thread. */
    final class AwtPrimarySelection implements PrimarySelection {
        private static final Logger LOG = LoggerFactory.getLogger(AwtPrimarySelection.class);
        private final ExecutorService thread =
                Executors.newSingleThreadExecutor(new NamedThreadFactory("holdfast-primary-selection", true));
        private Clipboard selection;
        private boolean unavailable;

        private Clipboard selection() {
            if (selection == null && !unavailable) {
                try {
                    selection = Toolkit.getDefaultToolkit().getSystemSelection();
                } catch (RuntimeException | Error e) {
                    LOG.info("No primary selection on this display: {}", e.toString());
                }
                unavailable = selection == null;
            }
            return selection;
        }

        @Override
        public void set(String text) {
            thread.execute(() -> {
                Clipboard s = selection();
                if (s != null) {
                    s.setContents(new StringSelection(text), null);
                }
            });
        }

        @Override
        public void get(Consumer<String> onText) {
            thread.execute(() -> {
                Clipboard s = selection();
                if (s == null) {
                    Platform.runLater(() -> CLIPBOARD.get(onText));
                    return;
                }
                String text = "";
                try {
                    if (s.isDataFlavorAvailable(DataFlavor.stringFlavor)) {
                        text = (String) s.getData(DataFlavor.stringFlavor);
                    }
                } catch (Exception e) {
                    LOG.debug("Reading the primary selection failed: {}", e.toString());
                }
                String result = text;
                Platform.runLater(() -> onText.accept(result));
            });
        }

        @Override
        public void close() {
            thread.shutdownNow();
        }
    }
}
