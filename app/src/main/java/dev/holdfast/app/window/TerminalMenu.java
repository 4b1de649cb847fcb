package dev.holdfast.app.window;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.TerminalView;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/**
 * The menu a right-click in a terminal opens, and Shift+F10 or the Menu key at the cursor: Open Link and Copy Link on
 * a link, then Copy, Paste, Select All, Find… and Clear Scrollback, each with the shortcut that does the same, and
 * Reset and Reset and Clear, for a terminal a program left in a bad state.
 * Right-clicks a program asked for (mouse reports, as htop and vim with {@code mouse=a} do) go to the program;
 * Shift+right-click opens the menu there.
 *
 * <p>One menu serves every tab of a window and is bound to the tab it opens on, as {@link dev.holdfast.app.tabs.TabMenu} is: a menu is a
 * popup window of its own. The accelerators only show the shortcuts, as {@link Shortcut} matches them: the menu is
 * not a control's, so nothing registers them, and the window's own shortcut handling stays the one that runs them.
 * FX thread.
 */
final class TerminalMenu {
    private final ContextMenu menu = new ContextMenu();
    private final MenuItem openLink = new MenuItem("Open Link");
    private final MenuItem copyLink = new MenuItem("Copy Link");
    private final SeparatorMenuItem afterLink = new SeparatorMenuItem();
    private final MenuItem copy = new MenuItem("Copy");
    private final MenuItem paste = new MenuItem("Paste");
    private final MenuItem selectAll = new MenuItem("Select All");
    private final MenuItem find = new MenuItem("Find…");
    private final MenuItem clearScrollback = new MenuItem("Clear Scrollback");
    private final MenuItem reset = new MenuItem("Reset");
    private final MenuItem resetAndClear = new MenuItem("Reset and Clear");
    private TerminalTab boundTo;
    private String link;

    /**
     * @param mac whether the shortcuts shown are macOS's (Cmd) or the others' (Ctrl+Shift)
     * @param openLink opens a link the way a Ctrl-click (Cmd-click) does
     * @param clear empties a tab's scrollback the way its shortcut does
     * @param reset resets a tab's terminal, and with {@code true} clears its scrollback too
     */
    TerminalMenu(boolean mac, Consumer<String> openLink, Consumer<TerminalTab> clear,
                 BiConsumer<TerminalTab, Boolean> reset) {
        Objects.requireNonNull(openLink, "openLink");
        Objects.requireNonNull(clear, "clear");
        Objects.requireNonNull(reset, "reset");
        this.openLink.setOnAction(e -> {
            if (link != null) {
                openLink.accept(link);
            }
        });
        copyLink.setOnAction(e -> {
            if (link != null) {
                ClipboardContent content = new ClipboardContent();
                content.putString(link);
                Clipboard.getSystemClipboard().setContent(content);
            }
        });
        copy.setOnAction(e -> onBound(tab -> tab.view().copySelection()));
        paste.setOnAction(e -> onBound(tab -> tab.view().pasteClipboard()));
        selectAll.setOnAction(e -> onBound(tab -> tab.view().selectAll()));
        find.setOnAction(e -> onBound(tab -> tab.findBar().show()));
        clearScrollback.setOnAction(e -> onBound(clear));
        this.reset.setOnAction(e -> onBound(tab -> reset.accept(tab, false)));
        resetAndClear.setOnAction(e -> onBound(tab -> reset.accept(tab, true)));
        copy.setAccelerator(Shortcut.COPY.chord(mac));
        paste.setAccelerator(Shortcut.PASTE.chord(mac));
        selectAll.setAccelerator(Shortcut.SELECT_ALL.chord(mac));
        find.setAccelerator(Shortcut.FIND.chord(mac));
        clearScrollback.setAccelerator(Shortcut.CLEAR_SCROLLBACK.chord(mac));
        menu.getItems().addAll(this.openLink, copyLink, afterLink, copy, paste, selectAll, new SeparatorMenuItem(),
                find, clearScrollback, new SeparatorMenuItem(), this.reset, resetAndClear);
        menu.setOnHidden(e -> link = null);
    }

    /** Gives {@code tab}'s terminal this menu. */
    void attach(TerminalTab tab) {
        tab.view().setOnMenuRequested(request -> show(tab, request));
    }

    /** Opens the menu for {@code tab} where {@code request} says. */
    void show(TerminalTab tab, TerminalView.MenuRequest request) {
        boundTo = tab;
        link = request.link();
        boolean onLink = link != null;
        openLink.setVisible(onLink);
        copyLink.setVisible(onLink);
        afterLink.setVisible(onLink);
        copy.setDisable(!tab.view().hasSelection());
        paste.setDisable(!Clipboard.getSystemClipboard().hasString());
        menu.hide();
        menu.show(tab.view(), request.screenX(), request.screenY());
    }

    private void onBound(Consumer<TerminalTab> action) {
        if (boundTo != null) {
            action.accept(boundTo);
        }
    }
}
