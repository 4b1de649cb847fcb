package dev.holdfast.app.tabs;

import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;

/**
 * What a tab shows: its terminal (the find bar above it) and, when one is open, a side panel beside it (the
 * agent's conversation), split by a divider the user can drag; the divider stays where it was left when the
 * panel is closed and opened again. FX thread.
 */
public final class TabBody extends BorderPane {
    /** Share of the width the terminal keeps when a side panel first opens. */
    public static final double TERMINAL_SHARE = 0.6;

    private final Node terminal;
    private SplitPane split;
    private double divider = TERMINAL_SHARE;

    TabBody(Node terminal) {
        this.terminal = terminal;
        setCenter(terminal);
    }

    /** Opens {@code panel} beside the terminal, or replaces the panel that is open. */
    public void showSidePanel(Node panel) {
        if (split == null) {
            split = new SplitPane(terminal, panel);
            SplitPane.setResizableWithParent(panel, false);
            split.setDividerPositions(divider);
            setCenter(split);
        } else {
            split.getItems().set(1, panel);
        }
    }

    /** Closes the side panel; the terminal gets the whole tab back. */
    public void hideSidePanel() {
        if (split == null) {
            return;
        }
        divider = split.getDividerPositions()[0];
        split.getItems().clear();
        split = null;
        setCenter(terminal);
    }

    /** The open side panel, or null. */
    public Node sidePanel() {
        return split == null ? null : split.getItems().get(1);
    }
}
