package dev.holdfast.app.view;

import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/**
 * One terminal on screen: our canvas renderer and input handling, composed of one part per job.
 *
 * <ul>
 *   <li>{@link RepaintScheduler}: when to paint (the reader thread only flips a flag);
 *   <li>{@link Viewport}: which lines are shown, copied under the buffer lock in a bounded copy;
 *   <li>{@link ScreenPainter}: the text, with {@link FindHighlights} and the {@link LinkHover} underline;
 *   <li>{@link CursorLayer} and {@link CursorBlink}: the cursor on a layer of its own, and its blink;
 *   <li>{@link KeyboardInput} and {@link ImeInput}: keys and composed text to the program;
 *   <li>{@link MouseReporting}: the mouse to a program that asked for it;
 *   <li>{@link SelectionGestures}: the selection, and the primary selection;
 *   <li>{@link TerminalFind}: find, off the FX thread.
 * </ul>
 *
 * <p>This class lays them out (text canvas, cursor layer, scroll bar), routes the FX events to them, and runs
 * a frame: refresh the copy, paint the rows that changed, place the cursor.
 */
public final class TerminalView extends Region {
    /** Lines scrolled per mouse-wheel notch. */
    public static final int WHEEL_LINES = 3;
    private static final double SCROLLBAR_WIDTH = 12;

    /**
     * What every terminal view of a window shares.
     *
     * @param searchExecutor where find and long copies run, off the FX thread
     * @param renderer whether JavaFX's renderer is still drawing the last frame: a frame waits for it
     */
    public record Services(Executor searchExecutor, UiTicker ticker, LinkOpener links, PrimarySelection primary,
                           FontMeasures fonts, RenderThread renderer) {
    }

    /**
     * A right-click that asks for the terminal's menu: where on the screen, and the link under the mouse (null when
     * there is none).
     */
    public record MenuRequest(double screenX, double screenY, String link) {
    }

    /** How a terminal looks: the settings a view applies. */
    public record Look(Palette palette, String fontFamily, double fontSize, boolean cursorBlink) {
    }

    /** Selections longer than this are copied off the FX thread ({@link #copySelection}); shorter ones at once. */
    static final int COPY_IN_BACKGROUND_LINES = 5_000;

    private final TerminalSession session;
    /** Where long selections are copied. */
    private final Executor copier;
    private final FontMeasures fonts;
    private final Canvas canvas = new Canvas();
    private final ScrollBar scrollBar = new ScrollBar();
    private boolean adjustingScrollBar;
    private final CellGrid grid;
    private CellColors colors;
    private final RepaintScheduler repaint;
    private final Viewport viewport;
    private final TerminalFind find;
    /** The width changed since find last searched: its matches name lines by numbers the re-wrap gave other text. */
    private boolean findRewrapped;
    private final LinkHover links;
    private final SelectionGestures selecting;
    private final ScreenPainter painter;
    private final CursorLayer cursor = new CursorLayer();
    private final CursorBlink blink;
    private final KeyboardInput keyboard;
    private final ImeInput ime;
    private final MouseReporting mouseReports;
    /** Whether the view is the one its tab pane shows (a tab in the background paints nothing). */
    private boolean showing = true;
    private Consumer<MenuRequest> onMenuRequested = request -> { };
    private long framesPainted;

    public TerminalView(TerminalSession session, Look look, Services services) {
        this.session = session;
        this.copier = services.searchExecutor();
        this.colors = new CellColors(look.palette());
        this.fonts = services.fonts();
        this.grid = new CellGrid(fonts.of(look.fontFamily(), look.fontSize()));
        this.repaint = new RepaintScheduler(this::paintFrame, () -> showing && getScene() != null,
                services.renderer());
        this.viewport = new Viewport(session, grid, repaint::requestEverything);
        this.find = new TerminalFind(session.buffer(), services.searchExecutor(), Platform::runLater,
                TerminalFind.COPY_CHUNK_LINES, new FindDisplay());
        this.links = new LinkHover(grid, viewport, services.links(), this::setCursor, repaint::requestEverything);
        this.selecting = new SelectionGestures(session, viewport, grid, services.primary(), this::paste,
                repaint::request);
        this.painter = new ScreenPainter(grid, colors, selecting::selection, new FindHighlights(find, grid), links);
        this.blink = new CursorBlink(services.ticker(), System::nanoTime, this::showCursor);
        this.keyboard = new KeyboardInput(session, this::typed, this::pasteClipboard,
                pages -> scrollBy(pages * (grid.rows() - 1)), this::requestMenuAtCursor);
        this.ime = new ImeInput(session, grid, viewport::scrollOffset, this::typed, this::selectedText,
                this::localToScreen, repaint::requestEverything);
        this.mouseReports = new MouseReporting(session);
        blink.setEnabled(look.cursorBlink(), false);

        getStyleClass().add("terminal-view");
        setFocusTraversable(true);
        canvas.setFocusTraversable(false);
        scrollBar.setOrientation(Orientation.VERTICAL);
        scrollBar.setFocusTraversable(false);
        scrollBar.setMin(0);
        scrollBar.valueProperty().addListener((obs, old, value) -> {
            if (!adjustingScrollBar) {
                scrollTo((int) Math.round(scrollBar.getMax() - value.doubleValue()));
            }
        });
        getChildren().addAll(canvas, cursor.node(), scrollBar);
        setBackgroundColor();

        focusedProperty().addListener((obs, was, is) -> {
            blink.focusChanged(is);
            repaint.request();
        });
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene == null) {
                blink.stop();
                repaint.stop();
            } else {
                repaint.request();
            }
        });

        addEventHandler(KeyEvent.KEY_PRESSED, keyboard::keyPressed);
        addEventHandler(KeyEvent.KEY_TYPED, keyboard::keyTyped);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::onMousePressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onMouseDragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::onMouseReleased);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::onMouseMoved);
        addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> links.mouseExited());
        setInputMethodRequests(ime);
        setOnInputMethodTextChanged(ime::textChanged);
        setCursor(Cursor.TEXT);
    }

    private void setBackgroundColor() {
        Color c = colors.palette().background();
        setStyle(String.format("-fx-background-color: #%02x%02x%02x;",
                (int) (c.getRed() * 255), (int) (c.getGreen() * 255), (int) (c.getBlue() * 255)));
    }

    /** Any thread: the terminal's model changed. Cheap and non-blocking. */
    public void modelChanged() {
        repaint.modelChanged();
    }

    /**
     * Whether this view is on screen (its tab is the selected one). A view in the background paints nothing, however
     * much output its terminal gets: twenty flooding tabs painted twenty canvases nobody could see, which held the
     * FX thread and the renderer. Shown again, it paints everything at the next pulse. FX thread.
     */
    public void setShowing(boolean shown) {
        if (shown == showing) {
            return;
        }
        showing = shown;
        if (shown) {
            repaint.requestEverything();
        } else {
            repaint.stop();
        }
    }

    /** Frames painted since the view was made ({@code holdfast ctl stats}). FX thread. */
    public long framesPainted() {
        return framesPainted;
    }

    // ---- layout -------------------------------------------------------------------------------------

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        double textWidth = Math.max(0, w - SCROLLBAR_WIDTH);
        scrollBar.resizeRelocate(textWidth, 0, SCROLLBAR_WIDTH, h);
        canvas.setWidth(textWidth);
        canvas.setHeight(h);
        int columns = grid.columns();
        if (grid.fit(textWidth, h, w > 0 && h > 0)) {
            if (grid.columns() != columns) {
                selecting.pinForRewrap();
                viewport.pinTopForRewrap();
                findRewrapped = true;
            }
            session.resize(grid.columns(), grid.rows());
        }
        repaint.requestEverything();
    }

    @Override
    protected double computePrefWidth(double height) {
        return 80 * grid.metrics().width() + SCROLLBAR_WIDTH + 4;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 24 * grid.metrics().height();
    }

    @Override
    protected double computeMinWidth(double height) {
        return 10 * grid.metrics().width() + SCROLLBAR_WIDTH;
    }

    @Override
    protected double computeMinHeight(double width) {
        return 2 * grid.metrics().height();
    }

    // ---- settings -----------------------------------------------------------------------------------

    /** Applies colours, cursor blink and font at once. */
    public void apply(Look look) {
        setPalette(look.palette());
        setCursorBlink(look.cursorBlink());
        setFont(look.fontFamily(), look.fontSize());
    }

    /** Changes the colours; everything is repainted. */
    public void setPalette(Palette newPalette) {
        colors = new CellColors(newPalette);
        painter.setColors(colors);
        setBackgroundColor();
        repaint.requestEverything();
    }

    /** Whether blinking cursor shapes blink (some users find it distracting). */
    public void setCursorBlink(boolean blinks) {
        blink.setEnabled(blinks, isFocused());
        repaint.request();
    }

    /** Changes the font (zoom); the terminal is resized to the cells that now fit. */
    public void setFont(String family, double size) {
        grid.setMetrics(fonts.of(family, size));
        requestLayout();
    }

    public double fontSize() {
        return grid.metrics().regular().getSize();
    }

    public String fontFamily() {
        return grid.metrics().regular().getFamily();
    }

    public int columns() {
        return grid.columns();
    }

    public int rows() {
        return grid.rows();
    }

    // ---- a frame ------------------------------------------------------------------------------------

    private RepaintScheduler.Painted paintFrame(boolean everything) {
        if (grid.isEmpty()) {
            return RepaintScheduler.Painted.NOTHING;
        }
        // Never waits for a reader: the reader frees the lock between any two of its operations, so a later pulse
        // gets it; waiting instead (even after 250 ms of busy pulses) stalled the FX thread up to 417 ms, as long
        // as a low-priority reader preempted while holding the lock took to run again.
        int grown = viewport.tryRefresh();
        if (grown == Viewport.BUSY) {
            return RepaintScheduler.Painted.DEFERRED;
        }
        framesPainted++;
        selecting.followHistory(grown);
        followRewrap();
        updateScrollBar();
        RepaintScheduler.Painted painted = painter.paint(canvas.getGraphicsContext2D(), viewport.current(),
                viewport.previous(), everything, canvas.getWidth(), canvas.getHeight());
        ime.paint(canvas.getGraphicsContext2D(), colors.palette());
        blink.activity(isFocused());
        cursor.update(cursorPosition(), viewport.current(), grid, colors, isFocused());
        showCursor();
        return painted;
    }

    /**
     * A frame, after its copy: once the model has the width the view asked for last (every re-wrap asked for is
     * done), what waited for the re-wrap follows its text: Find searches again, and, once the model's history is
     * also as the copy has it, the selection and the line at the top of a view scrolled back come back (rows are
     * read as the copy has them, else the next frame's copy would shift them once more). Waits, for a later frame,
     * while the lock is busy.
     */
    private void followRewrap() {
        if (!selecting.pinned() && !viewport.pinned() && !findRewrapped) {
            return;
        }
        if (!session.tryLockBuffer()) {
            return;
        }
        try {
            if (!session.hasWidthFor(grid.columns())) {
                return;
            }
            if (viewport.historyAsCopied(session.buffer())) {
                if (selecting.pinned()) {
                    selecting.followRewrap();
                }
                if (viewport.pinned()) {
                    viewport.followRewrap();
                }
            }
        } finally {
            session.buffer().unlock();
        }
        if (findRewrapped) {
            findRewrapped = false;
            find.refresh();
        }
    }

    /** The cursor's visible row and column, as the session has it now. */
    private CursorLayer.Cursor cursorPosition() {
        if (!session.cursorVisible() || viewport.current().lineIndex.length == 0) {
            return CursorLayer.Cursor.HIDDEN;
        }
        int row = viewport.rowOf(session.cursorY() - 1);
        if (row < 0 || row >= grid.rows()) {
            return CursorLayer.Cursor.HIDDEN;
        }
        return new CursorLayer.Cursor(row, session.cursorX() - 1, session.cursorShape());
    }

    /** Blinking only toggles the layer's visibility. */
    private void showCursor() {
        cursor.show(blink.showsCursor(session.cursorShape(), isFocused()));
    }

    // ---- scrolling ----------------------------------------------------------------------------------

    private void updateScrollBar() {
        adjustingScrollBar = true;
        try {
            int history = viewport.current().historyCount;
            int rows = grid.rows();
            scrollBar.setMax(history);
            scrollBar.setVisibleAmount(Math.max(1, history == 0 ? 1 : (double) rows * history / (history + rows)));
            scrollBar.setValue(history - viewport.scrollOffset());
            scrollBar.setUnitIncrement(1);
            scrollBar.setBlockIncrement(Math.max(1, rows - 1));
            scrollBar.setDisable(history == 0);
        } finally {
            adjustingScrollBar = false;
        }
    }

    /** Scrolls so that {@code offset} lines of history show above the live screen (0 = live). */
    public void scrollTo(int offset) {
        viewport.scrollTo(offset);
    }

    public void scrollBy(int lines) {
        viewport.scrollBy(lines);
    }

    public int scrollOffset() {
        return viewport.scrollOffset();
    }

    /** Scrolls to the previous ({@code direction < 0}) or next shell prompt; nothing happens when there is none. */
    public void jumpToPrompt(int direction) {
        PromptJump.target(session.promptMarks(), session.buffer(), viewport.scrollOffset(), direction)
                .ifPresent(this::scrollTo);
    }

    // ---- typing and the clipboard -------------------------------------------------------------------

    /** What the user typed (keys, composed text): back to the live screen, selection gone, cursor shown. */
    private void typed(byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        scrollTo(0);
        if (selecting.selection() != null) {
            selecting.clear();
        }
        blink.typed(isFocused());
        showCursor();
        session.send(bytes);
    }

    /** Pastes text as the user's input, at the live screen. */
    private void paste(String text) {
        scrollTo(0);
        session.paste(text);
    }

    /**
     * Copies the selection to the clipboard; returns false when nothing is selected. A selection of more than
     * {@link #COPY_IN_BACKGROUND_LINES} lines is pinned here and copied on the background executor, then put on the
     * clipboard: copying all of a long (or unlimited) history takes a while, and the window answers meanwhile.
     */
    public boolean copySelection() {
        Selection selection = selecting.selection();
        if (selection == null) {
            return false;
        }
        SelectionText.Pinned pinned = SelectionText.pin(session.buffer(), selection);
        if (pinned.lines() <= COPY_IN_BACKGROUND_LINES) {
            putOnClipboard(SelectionText.copy(pinned, SelectionText.CHUNK_LINES));
        } else {
            copier.execute(() -> {
                String text = SelectionText.copy(pinned, SelectionText.CHUNK_LINES);
                Platform.runLater(() -> putOnClipboard(text));
            });
        }
        return true;
    }

    private static void putOnClipboard(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    public void pasteClipboard() {
        String text = Clipboard.getSystemClipboard().getString();
        if (text != null && !text.isEmpty()) {
            paste(text);
        }
    }

    public String selectedText() {
        return selecting.text();
    }

    /** Whether something is selected (Copy has something to copy). */
    public boolean hasSelection() {
        return selecting.selection() != null;
    }

    /**
     * What a right-click that the program in the terminal did not ask for opens (a program that asked for mouse
     * reports gets the click; Shift+right-click then opens the menu), and Shift+F10 or the Menu key. FX thread.
     */
    public void setOnMenuRequested(Consumer<MenuRequest> handler) {
        onMenuRequested = Objects.requireNonNull(handler, "handler");
    }

    /**
     * Asks for the menu the keyboard opens (Shift+F10, the Menu key): below the cursor, or at the top left when the
     * cursor is not on screen. FX thread.
     */
    public void requestMenuAtCursor() {
        CursorLayer.Cursor at = cursorPosition();
        boolean shown = !at.equals(CursorLayer.Cursor.HIDDEN) && !grid.isEmpty();
        double x = grid.x(shown ? Math.min(at.column(), grid.columns() - 1) : 0);
        double y = grid.y(shown ? at.row() + 1 : 0);
        Point2D screen = localToScreen(x, y);
        if (screen != null) {
            onMenuRequested.accept(new MenuRequest(screen.getX(), screen.getY(), null));
        }
    }

    public void selectAll() {
        selecting.selectAll();
    }

    public void clearSelection() {
        selecting.clear();
    }

    /** Find in this terminal (the find bar drives it). */
    public TerminalFind find() {
        return find;
    }

    // ---- mouse --------------------------------------------------------------------------------------

    private void onMousePressed(MouseEvent e) {
        requestFocus();
        CellPoint cell = viewport.cellAt(e.getX(), e.getY());
        if (links.openOnShortcutClick(e)) {
            e.consume();
        } else if (mouseReports.wants(e)) {
            mouseReports.pressed(e, cell.column(), viewport.rowOf(cell.line()));
            e.consume();
        } else if (e.getButton() == MouseButton.SECONDARY) {
            links.mouseAt(e.getX(), e.getY());
            LinkHover.Link link = links.hovered();
            onMenuRequested.accept(new MenuRequest(e.getScreenX(), e.getScreenY(), link == null ? null : link.url()));
            e.consume();
        } else if (selecting.pressed(e, cell)) {
            e.consume();
        }
    }

    private void onMouseDragged(MouseEvent e) {
        CellPoint cell = viewport.cellAt(e.getX(), e.getY());
        if (mouseReports.wants(e)) {
            mouseReports.dragged(e, cell.column(), viewport.rowOf(cell.line()));
            e.consume();
        } else if (selecting.dragged(e, cell, getHeight())) {
            e.consume();
        }
    }

    private void onMouseReleased(MouseEvent e) {
        if (mouseReports.wants(e)) {
            CellPoint cell = viewport.cellAt(e.getX(), e.getY());
            mouseReports.released(e, cell.column(), viewport.rowOf(cell.line()));
            e.consume();
        } else {
            selecting.released(e);
        }
    }

    private void onMouseMoved(MouseEvent e) {
        links.mouseAt(e.getX(), e.getY());
        if (mouseReports.wantsMotion(e)) {
            CellPoint cell = viewport.cellAt(e.getX(), e.getY());
            mouseReports.moved(e, cell.column(), viewport.rowOf(cell.line()));
        }
    }

    private void onScroll(ScrollEvent e) {
        if (e.getDeltaY() == 0) {
            return;
        }
        boolean up = e.getDeltaY() > 0;
        int notches = Math.max(1, (int) Math.round(Math.abs(e.getDeltaY()) / 40.0));
        if (mouseReports.wants(e)) {
            CellPoint cell = viewport.cellAt(e.getX(), e.getY());
            mouseReports.wheel(e, notches, up, cell.column(), viewport.rowOf(cell.line()));
        } else if (viewport.current().alternateScreen) {
            // Full-screen programs without mouse support (less, man) scroll with the arrow keys.
            byte[] arrow = keyboard.arrow(up);
            for (int i = 0; i < notches * WHEEL_LINES; i++) {
                session.send(arrow);
            }
        } else {
            scrollBy((up ? 1 : -1) * notches * WHEEL_LINES);
        }
        e.consume();
    }

    /** Stops this view's timers; the session is closed by its owner. */
    public void dispose() {
        blink.close();
        repaint.stop();
    }

    /** Find's view of this terminal: the screen copy numbers its lines. */
    private final class FindDisplay implements TerminalFind.Display {
        @Override
        public long bottomLine() {
            ScreenCopy current = viewport.current();
            return current.number(current.rows > 0 ? current.lineIndex[current.rows - 1] : 0);
        }

        @Override
        public void reveal(long line) {
            viewport.reveal(viewport.current().index(line));
        }

        @Override
        public void highlightsChanged() {
            repaint.requestEverything();
        }
    }
}
