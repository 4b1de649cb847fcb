package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.session.WindowFrame;
import java.util.List;
import java.util.Objects;

/** The window as the saver needs it, gathered on the FX thread in one cheap pass. */
public record WindowState(WindowFrame frame, List<TabState> tabs, int selectedIndex) {
    public WindowState {
        Objects.requireNonNull(frame, "frame");
        tabs = List.copyOf(tabs);
    }
}
