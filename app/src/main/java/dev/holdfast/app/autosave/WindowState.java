package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.session.SidebarState;
import dev.holdfast.checkpoint.session.WindowFrame;
import java.util.List;
import java.util.Objects;

/**
 * The window as the saver needs it, gathered on the FX thread in one cheap pass.
 *
 * @param sidebar the sidebar as it is now, or null when the window has none
 */
public record WindowState(WindowFrame frame, List<TabState> tabs, int selectedIndex, SidebarState sidebar) {
    public WindowState {
        Objects.requireNonNull(frame, "frame");
        tabs = List.copyOf(tabs);
    }

    public WindowState(WindowFrame frame, List<TabState> tabs, int selectedIndex) {
        this(frame, tabs, selectedIndex, null);
    }

    public WindowState withSidebar(SidebarState state) {
        return new WindowState(frame, tabs, selectedIndex, state);
    }
}
