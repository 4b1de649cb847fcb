package dev.holdfast.app.tabs;

import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;

/**
 * The menu a right-click on a tab's header opens: Rename…, and "Keep scrollback across restarts". One menu
 * serves every tab of a window and is bound, as it opens, to the tab it opens on: a menu is a popup window of
 * its own, and one per tab made a restore of twenty tabs build twenty windows on the FX thread. FX thread.
 */
public final class TabMenu {
    private final ContextMenu menu = new ContextMenu();
    private final CheckMenuItem keep = new CheckMenuItem("Keep scrollback across restarts");
    private TerminalTab boundTo;

    public TabMenu() {
        MenuItem rename = new MenuItem("Rename…");
        rename.setOnAction(e -> {
            if (boundTo != null) {
                boundTo.beginRename();
            }
        });
        menu.getItems().addAll(rename, keep);
        // The tab header's skin shows the menu anchored in the header, which holds the tab's own header node.
        menu.setOnShowing(e -> bind(tabUnder(menu.getOwnerNode())));
    }

    /** Gives {@code tab} this menu. */
    public void attach(TerminalTab tab) {
        tab.header().getProperties().put(TabMenu.class, tab);
        tab.tab().setContextMenu(menu);
    }

    /** The tab whose header is {@code owner} or inside it. */
    static Optional<TerminalTab> tabUnder(Node owner) {
        if (owner == null) {
            return Optional.empty();
        }
        for (Node node : owner.lookupAll("." + TabHeader.STYLE_CLASS)) {
            if (node.getProperties().get(TabMenu.class) instanceof TerminalTab tab) {
                return Optional.of(tab);
            }
        }
        return Optional.empty();
    }

    private void bind(Optional<TerminalTab> tab) {
        if (boundTo != null) {
            keep.selectedProperty().unbindBidirectional(boundTo.persistScrollbackProperty());
        }
        boundTo = tab.orElse(null);
        keep.setDisable(boundTo == null);
        if (boundTo != null) {
            keep.selectedProperty().bindBidirectional(boundTo.persistScrollbackProperty());
        }
    }
}
