package dev.holdfast.app.window;

import dev.holdfast.app.tabs.TerminalTab;

/**
 * Told when a tab joins the window and when it leaves it for good (closed, or the window closed). Moving a tab
 * is neither. FX thread.
 */
public interface TabListener {
    void opened(TerminalTab tab);

    void closed(TerminalTab tab);
}
