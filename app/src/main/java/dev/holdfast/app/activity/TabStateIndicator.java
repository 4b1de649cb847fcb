package dev.holdfast.app.activity;

import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

/**
 * A tab header's state: a small dot while the tab works, a "waiting" badge while it needs the user, nothing while it
 * is idle. One label per tab, changed in place. FX thread.
 */
final class TabStateIndicator extends Label {
    private static final String WORKING = "tab-working";
    private static final String WAITING = "tab-waiting";
    private TabState shown;

    TabStateIndicator() {
        getStyleClass().add("tab-state");
        setVisible(false);
        setManaged(false);
    }

    void show(TabCard card) {
        TabState state = card == null ? null : card.state();
        if (state == TabState.WAITING && card.question() != null) {
            setTooltip(new Tooltip(card.question()));
        } else if (getTooltip() != null && state != TabState.WAITING) {
            setTooltip(null);
        }
        if (state == shown) {
            return;
        }
        shown = state;
        getStyleClass().removeAll(WORKING, WAITING);
        boolean visible = state == TabState.WORKING || state == TabState.WAITING;
        if (state == TabState.WORKING) {
            setText("●");
            getStyleClass().add(WORKING);
        } else if (state == TabState.WAITING) {
            setText("waiting");
            getStyleClass().add(WAITING);
        } else {
            setText("");
        }
        setVisible(visible);
        setManaged(visible);
    }
}
