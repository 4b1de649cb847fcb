package dev.holdfast.app.sidebar;

import dev.holdfast.terminal.screen.TabCard;
import java.util.Objects;
import java.util.UUID;

/**
 * One tab as the sidebar lists it.
 *
 * @param tabIndex where the tab stands in the tab strip
 * @param title what the tab strip shows for it
 * @param card its newest card, or null before the watcher's first look at a new tab
 */
public record SidebarEntry(UUID panelId, int tabIndex, String title, TabCard card) {
    public SidebarEntry {
        Objects.requireNonNull(panelId, "panelId");
        title = title == null ? "" : title;
    }
}
