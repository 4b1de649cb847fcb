package dev.holdfast.app.tabs;

import dev.holdfast.app.view.FindBar;
import dev.holdfast.app.view.TerminalView;
import dev.holdfast.terminal.emulation.SessionEnd;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.nio.file.Path;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.Tab;
import javafx.scene.layout.BorderPane;

/**
 * One tab: its terminal session, its view, and its title. The title is the user's name for the tab when
 * they gave one (double-click to rename), else "ended" when the shell ended in a way worth explaining, else what
 * the program set with OSC 0/2, else the shell's name. A restored tab shows the title its program had set, as
 * iTerm2 does, until the new shell sets one of its own; every title is cleaned by {@link TitleText}.
 * The tab's header is a {@link TabHeader} (title and state badge), its content a {@link TabBody} (the terminal
 * with its find bar, and an optional side panel).
 */
public final class TerminalTab {
    private final TerminalSession session;
    private final TerminalView view;
    /**
     * Made when first opened: a find bar is a text field, toggles and buttons with their skins and styles (for the
     * first tab also some 240 classes, the text field's behaviour and skin), which most tabs never show.
     */
    private FindBar findBar;
    private final BorderPane content;
    private final Tab tab = new Tab();
    private final TabHeader header;
    private final TabBody body;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final Consumer<TerminalTab> onShellExit;
    private String customTitle;
    /** Shown while no user title is set, when the shell ended in a way worth explaining; never saved. */
    static final String ENDED_TITLE = "ended";

    private String programTitle = "";
    private SessionEnd end;
    private boolean restored;
    private final BooleanProperty persistScrollback =
            new SimpleBooleanProperty(this, "persistScrollback", true);

    /**
     * @param sessionFactory builds the session given the events it must report to
     * @param onShellExit called on the FX thread when the shell exits normally, so the tab can close
     */
    public TerminalTab(Function<TerminalEvents, TerminalSession> sessionFactory, TerminalView.Look look,
                       TerminalView.Services services, Consumer<TerminalTab> onShellExit) {
        this.onShellExit = onShellExit;
        ForwardingEvents events = new ForwardingEvents();
        this.session = sessionFactory.apply(events);
        this.view = new TerminalView(session, look, services);
        events.attach(this);
        this.header = new TabHeader(title, this::rename, view::requestFocus);
        this.content = new BorderPane(view);
        this.body = new TabBody(content);
        tab.setGraphic(header);
        // Shown only in the tab pane's overflow menu (the header shows the graphic alone): without it, a window with
        // more tabs than fit listed them there as blank lines.
        tab.textProperty().bind(title);
        tab.setUserData(this);
        // The content is in the scene only while the tab is selected. Styling and laying out twenty restored tabs'
        // terminals, find bars and scroll bars at once held the FX thread for seconds at start; and every pulse
        // walks the whole scene graph (bounds, culling), hidden tab contents included, so twenty tabs' nodes cost
        // each frame of the one terminal shown. Only the selected tab's terminal paints: the others' output waits
        // in their models, and is painted whole when the tab is shown again.
        view.setShowing(tab.isSelected());
        tab.selectedProperty().addListener((obs, was, selected) -> {
            view.setShowing(selected);
            if (selected) {
                showContent();
                Platform.runLater(view::requestFocus);
            } else {
                tab.setContent(null);
            }
        });
        updateTitle();
    }

    /** The session's events arrive on its reader thread; this hops to the FX thread where needed. */
    private static final class ForwardingEvents implements TerminalEvents {
        private volatile TerminalTab owner;

        void attach(TerminalTab tab) {
            owner = tab;
            tab.view.modelChanged();
        }

        @Override
        public void modelChanged() {
            TerminalTab t = owner;
            if (t != null) {
                t.view.modelChanged();
            }
        }

        @Override
        public void titleChanged(String title) {
            Platform.runLater(() -> {
                TerminalTab t = owner;
                if (t != null) {
                    t.programTitle = TitleText.clean(title);
                    t.updateTitle();
                }
            });
        }

        @Override
        public void ended(SessionEnd sessionEnd) {
            Platform.runLater(() -> {
                TerminalTab t = owner;
                if (t != null) {
                    t.ended(sessionEnd);
                }
            });
        }
    }

    private void showContent() {
        if (tab.getContent() == null) {
            tab.setContent(body);
        }
    }

    private void ended(SessionEnd sessionEnd) {
        if (end != null) {
            return;
        }
        end = sessionEnd;
        if (sessionEnd instanceof SessionEnd.Exited && !sessionEnd.deservesExplanation()) {
            onShellExit.accept(this);
        } else if (sessionEnd.deservesExplanation()) {
            // Shown, not kept as the program's title: a saved "ended" came back on the next launch's live shell.
            updateTitle();
        }
    }

    /**
     * Brings back the titles a restored tab had: the user's, and the one its program had set, which stays until
     * the new shell sets its own. Both are cleaned of control characters; the "ended" that earlier versions
     * saved as a program title is not brought back onto a live shell.
     */
    public void restoreTitles(String savedCustomTitle, String savedProgramTitle) {
        String custom = TitleText.clean(savedCustomTitle);
        customTitle = custom.isEmpty() ? null : custom;
        String program = TitleText.clean(savedProgramTitle);
        programTitle = program.equals(ENDED_TITLE) ? "" : program;
        restored = true;
        updateTitle();
    }

    /** Whether this tab came back from a saved session. */
    public boolean isRestored() {
        return restored;
    }

    /** Whether this tab's scrollback is saved (at quit and in checkpoints). */
    public BooleanProperty persistScrollbackProperty() {
        return persistScrollback;
    }

    /** The title the program set (or, restored, had set): what the session saves. Never "ended". */
    public String programTitle() {
        return programTitle;
    }

    public void beginRename() {
        header.beginRename();
    }

    /** Sets the user's title; blank goes back to the program's title. */
    public void rename(String newTitle) {
        String cleaned = TitleText.clean(newTitle);
        customTitle = cleaned.isEmpty() ? null : cleaned;
        updateTitle();
    }

    private void updateTitle() {
        String t;
        if (customTitle != null) {
            t = customTitle;
        } else if (end != null && end.deservesExplanation()) {
            t = ENDED_TITLE;
        } else if (!programTitle.isBlank()) {
            t = programTitle;
        } else {
            t = Path.of(session.spec().command().program()).getFileName().toString();
        }
        title.set(t);
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public String customTitle() {
        return customTitle;
    }

    public UUID panelId() {
        return session.spec().panelId();
    }

    public TerminalSession session() {
        return session;
    }

    public TerminalView view() {
        return view;
    }

    /** The tab's find bar, made the first time it is asked for (FX thread). */
    public FindBar findBar() {
        if (findBar == null) {
            findBar = new FindBar(view.find(), view);
            content.setTop(findBar);
        }
        return findBar;
    }

    public Tab tab() {
        return tab;
    }

    /** The tab's header: where its state badge goes. */
    public TabHeader header() {
        return header;
    }

    /** The tab's content: where its side panel goes. */
    public TabBody body() {
        return body;
    }

    /** Whether the shell has ended (the tab stays only to show why). */
    public boolean hasEnded() {
        return end != null;
    }
}
