package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseButtonCodes;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseButtonModifierFlags;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.input.MouseWheelEvent;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.input.Key;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.input.KeyEncoder;
import dev.holdfast.terminal.input.KeyboardModes;
import dev.holdfast.terminal.input.Modifiers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.InputEvent;
import javafx.scene.input.InputMethodEvent;
import javafx.scene.input.InputMethodRequests;
import javafx.scene.input.InputMethodTextRun;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.util.Duration;

/**
 * Our canvas renderer and input handler for one terminal.
 *
 * <p>Painting: the reader thread only flips {@link #dirty}; a pulse-driven timer on the FX thread then copies
 * the visible rows under the buffer lock ({@link ScreenCopy}, bounded by rows × columns), releases the lock
 * and repaints only the rows whose cells, selection or cursor changed. The timer stops itself when the
 * terminal is quiet, so an idle tab costs nothing but its cursor blink, which repaints one row.
 */
public final class TerminalView extends Region {
    /** Lines scrolled per mouse-wheel notch. */
    public static final int WHEEL_LINES = 3;
    public static final Duration BLINK_INTERVAL = Duration.millis(530);
    /** The cursor stops blinking after this long without typing or output. */
    public static final long BLINK_TIMEOUT_NANOS = 10_000_000_000L;
    private long lastBlinkActivity;
    private static final int IDLE_PULSES_BEFORE_STOP = 30;
    /** Frames per second while every row changes each frame (a flood of output). */
    public static final int FLOOD_FPS = 20;
    private static final long FLOOD_FRAME_NANOS = 1_000_000_000L / FLOOD_FPS;
    private boolean flooding;
    private long lastPaintNanos;
    private static final double SCROLLBAR_WIDTH = 12;

    private final TerminalSession session;
    private Palette palette;
    private boolean cursorBlink = true;
    private final KeyEncoder encoder = new KeyEncoder();
    private final Canvas canvas = new Canvas();
    /**
     * The cursor lives on a one-cell canvas of its own: blinking toggles its visibility, so the renderer
     * repaints a cell-sized region instead of the whole terminal twice a second.
     */
    private final Canvas cursorLayer = new Canvas();
    private Object paintedCursorKey;
    private final ScrollBar scrollBar = new ScrollBar();
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private final UiTicker ticker;
    private ScheduledFuture<?> blink;

    private CellMetrics metrics;
    private ScreenCopy current = new ScreenCopy();
    private ScreenCopy previous = new ScreenCopy();
    private boolean fullRepaint = true;
    private int columns;
    private int rows;
    private int scrollOffset;
    private int lastHistoryCount = -1;
    private long lastEvicted;
    private boolean adjustingScrollBar;
    private Selection selection;
    private Selection paintedSelection;
    private boolean blinkOn = true;
    private int idlePulses;
    /** Written on the FX thread; read by the reader thread, which wakes a stopped timer (see modelChanged). */
    private volatile boolean timerRunning;
    private boolean suppressTyped;
    private int pressedMouseButton = MouseButtonCodes.NONE;

    // Find: matches are stored in the buffer coordinates of the moment they were found; lines that scroll
    // into the history since then are accounted for by matchShift instead of rewriting a million entries.
    private final Executor searchExecutor;
    private final AtomicLong searchGeneration = new AtomicLong();
    private TextSearch.Matches matches = TextSearch.Matches.NONE;
    private int matchShift;
    private int currentMatch = -1;
    private Consumer<String> findListener = text -> { };

    private LinkOpener linkOpener = LinkOpener.NONE;
    private PrimarySelection primarySelection = PrimarySelection.CLIPBOARD;
    /** The link under the mouse: underlined, and opened by a Ctrl/Cmd click. */
    private record HoverLink(int line, int from, int to, String url) {
    }

    private HoverLink hoverLink;
    private static final Color MATCH = Color.rgb(255, 214, 102, 0.38);
    private static final Color CURRENT_MATCH = Color.rgb(255, 150, 50, 0.65);

    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            // While output floods (every row changed last frame) nobody can read it scroll by: paint at
            // FLOOD_FPS and leave the CPU to the reader thread, which is what finishes the flood sooner.
            if (flooding && now - lastPaintNanos < FLOOD_FRAME_NANOS) {
                return;
            }
            if (dirty.getAndSet(false) || fullRepaint) {
                idlePulses = 0;
                lastPaintNanos = now;
                paint();
            } else if (++idlePulses > IDLE_PULSES_BEFORE_STOP) {
                stop();
                timerRunning = false;
                // A change that raced with stopping must not be lost.
                if (dirty.get()) {
                    startTimer();
                }
            }
        }
    };

    /**
     * @param searchExecutor runs find: copying the lines (under the buffer lock) and matching, off the FX thread
     */
    public TerminalView(TerminalSession session, Palette palette, String fontFamily, double fontSize,
                        Executor searchExecutor, UiTicker ticker) {
        this.session = session;
        this.ticker = ticker;
        this.searchExecutor = searchExecutor;
        this.palette = palette;
        this.metrics = CellMetrics.measure(fontFamily, fontSize);
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
        cursorLayer.setMouseTransparent(true);
        cursorLayer.setManaged(false);
        getChildren().addAll(canvas, cursorLayer, scrollBar);
        setStyle("-fx-background-color: " + toWeb(palette.background()) + ";");

        focusedProperty().addListener((obs, was, is) -> {
            blinkOn = true;
            if (is && cursorBlink) {
                startBlink();
            } else {
                stopBlink();
            }
            requestRepaint();
        });
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene == null) {
                stopBlink();
                timer.stop();
                timerRunning = false;
            } else {
                requestRepaint();
            }
        });

        addEventHandler(KeyEvent.KEY_PRESSED, this::onKeyPressed);
        addEventHandler(KeyEvent.KEY_TYPED, this::onKeyTyped);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::onMousePressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onMouseDragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::onMouseReleased);
        addEventHandler(MouseEvent.MOUSE_MOVED, this::onMouseMoved);
        addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        addEventHandler(MouseEvent.MOUSE_EXITED, e -> updateHoverLink(-1, -1));
        setInputMethodRequests(new ImeRequests());
        setOnInputMethodTextChanged(this::onInputMethod);
        setCursor(Cursor.TEXT);
    }

    private static String toWeb(Color c) {
        return String.format("#%02x%02x%02x", (int) (c.getRed() * 255), (int) (c.getGreen() * 255), (int) (c.getBlue() * 255));
    }

    // ---- repaint scheduling ---------------------------------------------------------------------------

    /** Any thread: the terminal's model changed. Cheap and non-blocking. */
    public void modelChanged() {
        // Called on the reader thread for every write and cursor move: a plain read first keeps the common case
        // (already dirty) free of atomic instructions, and a running timer needs no wake-up: it paints what is
        // dirty at its next pulse. Posting to the FX thread can wait for the thread's current frame.
        if (!dirty.get() && dirty.compareAndSet(false, true) && !timerRunning) {
            Platform.runLater(this::startTimer);
        }
    }

    private void requestRepaint() {
        dirty.set(true);
        startTimer();
    }

    private void startTimer() {
        if (!timerRunning && getScene() != null) {
            timerRunning = true;
            idlePulses = 0;
            timer.start();
        }
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
        int newColumns = Math.max(2, (int) Math.floor((textWidth - 4) / metrics.width()));
        int newRows = Math.max(1, (int) Math.floor(h / metrics.height()));
        if (w > 0 && h > 0 && (newColumns != columns || newRows != rows)) {
            columns = newColumns;
            rows = newRows;
            session.resize(columns, rows);
        }
        fullRepaint = true;
        requestRepaint();
    }

    @Override
    protected double computePrefWidth(double height) {
        return 80 * metrics.width() + SCROLLBAR_WIDTH + 4;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 24 * metrics.height();
    }

    @Override
    protected double computeMinWidth(double height) {
        return 10 * metrics.width() + SCROLLBAR_WIDTH;
    }

    @Override
    protected double computeMinHeight(double width) {
        return 2 * metrics.height();
    }

    /** Changes the colours; everything is repainted. */
    public void setPalette(Palette newPalette) {
        palette = newPalette;
        setStyle("-fx-background-color: " + toWeb(palette.background()) + ";");
        fullRepaint = true;
        requestRepaint();
    }

    /** Whether blinking cursor shapes blink (some users find it distracting). */
    public void setCursorBlink(boolean blinks) {
        cursorBlink = blinks;
        blinkOn = true;
        if (!blinks) {
            stopBlink();
        } else if (isFocused()) {
            startBlink();
        }
        requestRepaint();
    }

    /** Changes the font (zoom); the terminal is resized to the cells that now fit. */
    public void setFont(String family, double size) {
        metrics = CellMetrics.measure(family, size);
        columns = 0;
        rows = 0;
        requestLayout();
    }

    public double fontSize() {
        return metrics.regular().getSize();
    }

    public String fontFamily() {
        return metrics.regular().getFamily();
    }

    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    // ---- painting -----------------------------------------------------------------------------------

    private void paint() {
        if (columns == 0 || rows == 0) {
            return;
        }
        ScreenCopy next = previous;
        next.ensureSize(columns, rows);
        TerminalTextBuffer buffer = session.buffer();
        int effectiveOffset;
        buffer.lock();
        try {
            int history = buffer.getHistoryLinesCount();
            long evicted = buffer instanceof FastHistoryTextBuffer fast ? fast.linesEvicted() : 0;
            followHistoryGrowth(history, evicted);
            effectiveOffset = next.copyFrom(buffer, session.hyperlinks(), scrollOffset);
        } finally {
            buffer.unlock();
        }
        scrollOffset = effectiveOffset;
        previous = current;
        current = next;
        updateScrollBar();

        GraphicsContext g = canvas.getGraphicsContext2D();
        boolean all = fullRepaint || previous.columns != current.columns || previous.rows != current.rows;
        int repainted = 0;
        for (int r = 0; r < rows; r++) {
            boolean rowChanged = all
                    || !current.sameRow(previous, r)
                    || previous.lineIndex[r] != current.lineIndex[r]
                    || selectionTouches(selection, r) != selectionTouches(paintedSelection, r)
                    || (selection != paintedSelection && (selectionTouches(selection, r) || selectionTouches(paintedSelection, r)));
            if (rowChanged) {
                paintRow(g, r);
                repainted++;
            }
        }
        flooding = !fullRepaint && repainted >= rows && rows > 1;
        if (all) {
            double usedHeight = rows * metrics.height();
            g.setFill(palette.background());
            g.fillRect(0, usedHeight, canvas.getWidth(), canvas.getHeight() - usedHeight);
            g.fillRect(columns * metrics.width(), 0, canvas.getWidth() - columns * metrics.width(), usedHeight);
        }
        paintComposing(g);
        keepBlinking();
        updateCursorLayer();
        paintedSelection = selection;
        fullRepaint = false;
    }

    /**
     * Lines that scroll into the history shift every buffer index down; keep a scrolled-back view and the
     * selection on the same text.
     */
    private void followHistoryGrowth(int history, long evicted) {
        // A full history keeps its count while lines leave its top: count those too.
        int grown = (int) (history - lastHistoryCount + (evicted - lastEvicted));
        lastEvicted = evicted;
        if (lastHistoryCount >= 0 && grown != 0) {
            if (scrollOffset > 0) {
                scrollOffset = Math.max(0, scrollOffset + grown);
            }
            if (selection != null && grown > 0) {
                selection = selection.shifted(-grown);
            }
            if (grown > 0) {
                matchShift -= grown;
            }
        }
        lastHistoryCount = history;
    }

    private boolean selectionTouches(Selection s, int row) {
        return s != null && row < current.rows && s.touchesLine(current.lineIndex[row]);
    }

    /** Visible row of the cursor, or -1 when it is not shown. */
    private int cursorRow() {
        if (!session.cursorVisible() || current.lineIndex.length == 0) {
            return -1;
        }
        int line = session.cursorY() - 1;
        int row = line + scrollOffset;
        return row >= 0 && row < rows ? row : -1;
    }

    private void paintRow(GraphicsContext g, int r) {
        double cw = metrics.width();
        double ch = metrics.height();
        double y = r * ch;
        char[] chars = current.chars[r];
        TextStyle[] styles = current.styles[r];
        int line = current.lineIndex[r];
        Color defaultBg = palette.background();
        g.setFill(defaultBg);
        g.fillRect(0, y, columns * cw, ch);


        int c = 0;
        while (c < columns) {
            TextStyle style = styles[c];
            boolean selected = selection != null && selection.contains(line, c);
            Color fg = foreground(style);
            Color bg = background(style);
            if (selected) {
                bg = palette.selection();
            }
            // A run: cells that share colours and font, all narrow, none special.
            int end = c + 1;
            char first = chars[c];
            boolean wide = c + 1 < columns && chars[c + 1] == CharUtils.DWC;
            boolean surrogate = Character.isHighSurrogate(first) && c + 1 < columns;
            boolean box = BoxDrawing.handles(first);
            if (box) {
                end = c + 1;
            } else if (wide || surrogate) {
                end = c + 2;
                if (surrogate && end < columns && chars[end] == CharUtils.DWC) {
                    end++;
                }
            } else {
                while (end < columns
                        && sameLook(styles[end], style)
                        && (selection == null || selection.contains(line, end) == selected)
                        && !(end + 1 < columns && chars[end + 1] == CharUtils.DWC)
                        && !Character.isHighSurrogate(chars[end])
                        && !BoxDrawing.handles(chars[end])) {
                    end++;
                }
            }
            double x = 2 + c * cw;
            double runWidth = (end - c) * cw;
            if (!bg.equals(defaultBg)) {
                g.setFill(bg);
                g.fillRect(x, y, runWidth, ch);
            }
            boolean hidden = style != null && style.hasOption(TextStyle.Option.HIDDEN);
            if (box && !hidden) {
                BoxDrawing.draw(g, first, x, y, cw, ch, fg);
                c = end;
                continue;
            }
            String text = runText(chars, c, end, wide || surrogate);
            if (!hidden && !text.isBlank()) {
                boolean bold = style != null && style.hasOption(TextStyle.Option.BOLD);
                boolean italic = style != null && style.hasOption(TextStyle.Option.ITALIC);
                g.setFont(metrics.font(bold, italic));
                g.setFill(fg);
                g.fillText(text, x, y + metrics.baseline());
            }
            if (style != null && style.hasOption(TextStyle.Option.UNDERLINED) && !hidden) {
                g.setFill(fg);
                g.fillRect(x, y + ch - Math.max(1, ch / 14) - 1, runWidth, Math.max(1, ch / 14));
            }
            c = end;
        }
        paintMatches(g, r, line);
        HoverLink link = hoverLink;
        if (link != null && link.line() == line) {
            g.setFill(palette.foreground());
            g.fillRect(2 + link.from() * cw, y + ch - Math.max(1, ch / 14) - 1, (link.to() - link.from()) * cw,
                    Math.max(1, ch / 14));
        }
    }

    /** Highlights find matches on one row: a binary search, then only that row's matches. */
    private void paintMatches(GraphicsContext g, int row, int line) {
        TextSearch.Matches m = matches;
        if (m.count() == 0) {
            return;
        }
        int stored = line - matchShift;
        for (int i = m.firstOnOrAfter(stored); i < m.count() && m.lines()[i] == stored; i++) {
            g.setFill(i == currentMatch ? CURRENT_MATCH : MATCH);
            double x = 2 + m.from()[i] * metrics.width();
            g.fillRect(x, row * metrics.height(), (m.to()[i] - m.from()[i]) * metrics.width(), metrics.height());
        }
    }

    // ---- find ---------------------------------------------------------------------------------------

    void setFindListener(Consumer<String> listener) {
        findListener = listener;
    }

    /**
     * Starts a search; a newer one supersedes it. The lines are copied under the lock on the search thread
     * (a copy of strings, O(lines)), matched there, and the result is applied on the FX thread.
     */
    void search(TextSearch.Query query) {
        long generation = searchGeneration.incrementAndGet();
        if (query.isEmpty()) {
            applyMatches(generation, TextSearch.Matches.NONE, 0);
            return;
        }
        TerminalTextBuffer buffer = session.buffer();
        searchExecutor.execute(() -> {
            if (searchGeneration.get() != generation) {
                return;
            }
            List<String> lines;
            int first;
            buffer.lock();
            try {
                int history = buffer.getHistoryLinesCount();
                first = -history;
                lines = new ArrayList<>(history + buffer.getHeight());
                for (int i = -history; i < buffer.getHeight(); i++) {
                    lines.add(buffer.getLine(i).getText());
                }
            } finally {
                buffer.unlock();
            }
            int historyAtCopy = -first;
            TextSearch.Matches found = TextSearch.search(lines, first, query, () -> searchGeneration.get() != generation);
            if (found != null) {
                Platform.runLater(() -> applyMatches(generation, found, historyAtCopy));
            }
        });
    }

    private void applyMatches(long generation, TextSearch.Matches found, int historyAtCopy) {
        if (searchGeneration.get() != generation) {
            return;
        }
        matches = found;
        matchShift = historyAtCopy - current.historyCount;
        currentMatch = -1;
        if (found.count() > 0) {
            // Start from the match nearest the bottom of what is on screen, as a user reads upwards.
            int bottomLine = current.rows > 0 ? current.lineIndex[current.rows - 1] : 0;
            int after = found.firstOnOrAfter(bottomLine - matchShift + 1);
            currentMatch = Math.max(0, after - 1);
            reveal(currentMatch);
        }
        findListener.accept(TextSearch.describe(found, currentMatch));
        fullRepaint = true;
        requestRepaint();
    }

    void nextMatch() {
        step(-1);
    }

    void previousMatch() {
        step(1);
    }

    /** Moves through matches; "next" goes up towards older output, like a terminal user reads. */
    private void step(int olderFirst) {
        if (matches.count() == 0) {
            return;
        }
        currentMatch = Math.floorMod(currentMatch + (olderFirst > 0 ? 1 : -1), matches.count());
        reveal(currentMatch);
        findListener.accept(TextSearch.describe(matches, currentMatch));
        fullRepaint = true;
        requestRepaint();
    }

    private void reveal(int index) {
        int line = matches.lines()[index] + matchShift;
        int top = -scrollOffset;
        if (line < top || line >= top + rows) {
            scrollTo(Math.max(0, -(line - rows / 2)));
        }
    }

    void clearSearch() {
        searchGeneration.incrementAndGet();
        matches = TextSearch.Matches.NONE;
        currentMatch = -1;
        fullRepaint = true;
        requestRepaint();
    }

    /** Number of matches of the current search (for tests and the count label). */
    public int matchCount() {
        return matches.count();
    }

    /** Redraws the cursor layer when the cursor's cell, shape, focus or content changed. FX thread. */
    private void updateCursorLayer() {
        int row = cursorRow();
        if (row < 0 || columns == 0) {
            paintedCursorKey = null;
            cursorLayer.setVisible(false);
            return;
        }
        int col = Math.max(0, Math.min(columns - 1, session.cursorX() - 1));
        char under = current.chars[row][col];
        TextStyle style = current.styles[row][col];
        boolean wide = col + 1 < columns && current.chars[row][col + 1] == CharUtils.DWC;
        CursorShape shape = session.cursorShape();
        boolean focused = isFocused();
        Object key = List.of(row, col, under, String.valueOf(style), wide, shape, focused, palette, metrics);
        if (!key.equals(paintedCursorKey)) {
            paintedCursorKey = key;
            paintCursorLayer(row, col, under, style, wide, shape, focused);
        }
        showCursorLayer();
    }

    private void paintCursorLayer(int row, int col, char under, TextStyle style, boolean wide, CursorShape shape,
                                  boolean focused) {
        double cw = metrics.width() * (wide ? 2 : 1);
        double ch = metrics.height();
        cursorLayer.setWidth(Math.ceil(cw));
        cursorLayer.setHeight(Math.ceil(ch));
        cursorLayer.relocate(2 + col * metrics.width(), row * metrics.height());
        GraphicsContext g = cursorLayer.getGraphicsContext2D();
        g.clearRect(0, 0, cursorLayer.getWidth(), cursorLayer.getHeight());
        g.setFill(palette.cursor());
        g.setStroke(palette.cursor());
        if (!focused) {
            g.setLineWidth(1);
            g.strokeRect(0.5, 0.5, cw - 1, ch - 1);
            return;
        }
        if (shape == CursorShape.BLINK_UNDERLINE || shape == CursorShape.STEADY_UNDERLINE) {
            g.fillRect(0, ch - 2, cw, 2);
        } else if (shape == CursorShape.BLINK_VERTICAL_BAR || shape == CursorShape.STEADY_VERTICAL_BAR) {
            g.fillRect(0, 0, 2, ch);
        } else {
            g.fillRect(0, 0, cw, ch);
            // The character under a block cursor shows through in the background colour.
            Color fg = background(style);
            if (fg.equals(palette.cursor())) {
                fg = palette.background();
            }
            if (BoxDrawing.handles(under)) {
                BoxDrawing.draw(g, under, 0, 0, metrics.width(), ch, fg);
            } else if (under > ' ' && under != CharUtils.DWC) {
                boolean bold = style != null && style.hasOption(TextStyle.Option.BOLD);
                boolean italic = style != null && style.hasOption(TextStyle.Option.ITALIC);
                g.setFont(metrics.font(bold, italic));
                g.setFill(fg);
                g.fillText(String.valueOf(under), 0, metrics.baseline());
            }
        }
    }

    private void startBlink() {
        lastBlinkActivity = System.nanoTime();
        if (blink == null) {
            blink = ticker.every(java.time.Duration.ofMillis((long) BLINK_INTERVAL.toMillis()), () -> {
                if (System.nanoTime() - lastBlinkActivity > BLINK_TIMEOUT_NANOS) {
                    // As GTK does: a cursor left alone stops blinking, so an idle window does no work at all.
                    stopBlink();
                    blinkOn = true;
                } else {
                    blinkOn = !blinkOn;
                }
                showCursorLayer();
            });
        }
    }

    /** Typing or output: the cursor blinks again (when blinking is on and the view has focus). */
    private void keepBlinking() {
        if (cursorBlink && isFocused()) {
            startBlink();
        }
    }

    private void stopBlink() {
        if (blink != null) {
            blink.cancel(false);
            blink = null;
        }
    }

    /** Blinking only toggles the layer's visibility. */
    private void showCursorLayer() {
        if (paintedCursorKey == null) {
            cursorLayer.setVisible(false);
            return;
        }
        boolean blinking = cursorBlink && session.cursorShape().isBlinking() && isFocused();
        cursorLayer.setVisible(!blinking || blinkOn);
    }

    private static String runText(char[] chars, int from, int to, boolean single) {
        if (single) {
            StringBuilder sb = new StringBuilder(2);
            for (int i = from; i < to; i++) {
                if (chars[i] != CharUtils.DWC) {
                    sb.append(chars[i]);
                }
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char ch = chars[i];
            sb.append(ch == CharUtils.EMPTY_CHAR || ch == CharUtils.DWC || ch < ' ' ? ' ' : ch);
        }
        return sb.toString();
    }

    private static boolean sameLook(TextStyle a, TextStyle b) {
        return a == b || (a != null && a.equals(b));
    }

    private Color foreground(TextStyle style) {
        if (style == null) {
            return palette.foreground();
        }
        boolean bold = style.hasOption(TextStyle.Option.BOLD);
        Color fg = palette.resolve(style.getForeground(), palette.foreground(), bold);
        if (style.hasOption(TextStyle.Option.INVERSE)) {
            fg = palette.resolve(style.getBackground(), palette.background(), false);
        }
        if (style.hasOption(TextStyle.Option.DIM)) {
            fg = fg.interpolate(palette.background(), 0.45);
        }
        return fg;
    }

    private Color background(TextStyle style) {
        if (style == null) {
            return palette.background();
        }
        if (style.hasOption(TextStyle.Option.INVERSE)) {
            return palette.resolve(style.getForeground(), palette.foreground(), style.hasOption(TextStyle.Option.BOLD));
        }
        return palette.resolve(style.getBackground(), palette.background(), false);
    }

    // ---- scrolling ----------------------------------------------------------------------------------

    private void updateScrollBar() {
        adjustingScrollBar = true;
        try {
            int history = current.historyCount;
            scrollBar.setMax(history);
            scrollBar.setVisibleAmount(Math.max(1, history == 0 ? 1 : (double) rows * history / (history + rows)));
            scrollBar.setValue(history - scrollOffset);
            scrollBar.setUnitIncrement(1);
            scrollBar.setBlockIncrement(Math.max(1, rows - 1));
            scrollBar.setDisable(history == 0);
        } finally {
            adjustingScrollBar = false;
        }
    }

    /** Scrolls so that {@code offset} lines of history show above the live screen (0 = live). */
    public void scrollTo(int offset) {
        int clamped = Math.max(0, Math.min(offset, current.historyCount));
        if (clamped != scrollOffset) {
            scrollOffset = clamped;
            fullRepaint = true;
            requestRepaint();
        }
    }

    public void scrollBy(int lines) {
        scrollTo(scrollOffset + lines);
    }

    public int scrollOffset() {
        return scrollOffset;
    }

    // ---- keyboard -----------------------------------------------------------------------------------

    private void onKeyPressed(KeyEvent e) {
        suppressTyped = false;
        KeyCode code = e.getCode();
        if (e.isShiftDown() && !e.isControlDown() && !e.isAltDown() && !e.isMetaDown()
                && (code == KeyCode.PAGE_UP || code == KeyCode.PAGE_DOWN)) {
            scrollBy(code == KeyCode.PAGE_UP ? rows - 1 : -(rows - 1));
            e.consume();
            return;
        }
        if (e.isShiftDown() && code == KeyCode.INSERT && !e.isControlDown()) {
            pasteClipboard();
            e.consume();
            return;
        }
        Modifiers mods = KeyMapping.modifiers(e);
        Key key = KeyMapping.key(code);
        if (key != null) {
            e.consume();
            if (key.isModifier()) {
                return;
            }
            byte[] bytes = encoder.encodeKey(key, mods, keyboardModes());
            suppressTyped = true;
            sendInput(bytes);
            return;
        }
        if (e.isControlDown() || (e.isAltDown() && !isAltGraph(e))) {
            String chord = KeyMapping.chordCharacter(e);
            if (chord != null) {
                byte[] bytes = encoder.encodeText(chord, mods);
                if (bytes.length > 0) {
                    e.consume();
                    suppressTyped = true;
                    sendInput(bytes);
                }
            }
        }
    }

    /** AltGr (Ctrl+Alt on Windows keyboards) composes characters; those arrive as typed text. */
    private static boolean isAltGraph(KeyEvent e) {
        return e.getCode() == KeyCode.ALT_GRAPH;
    }

    private void onKeyTyped(KeyEvent e) {
        e.consume();
        if (suppressTyped) {
            suppressTyped = false;
            return;
        }
        String text = e.getCharacter();
        if (text == null || text.isEmpty() || text.equals(KeyEvent.CHAR_UNDEFINED)) {
            return;
        }
        if (e.isMetaDown() || (e.isControlDown() && !e.isAltDown())) {
            return; // shortcuts and control chords were handled on key press
        }
        // Control characters here are the duplicates of keys already encoded on press (Enter, Tab, ...).
        StringBuilder printable = new StringBuilder(text.length());
        text.codePoints().filter(cp -> cp >= 0x20 && cp != 0x7f).forEach(printable::appendCodePoint);
        if (printable.length() > 0) {
            sendInput(printable.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    private KeyboardModes keyboardModes() {
        return new KeyboardModes(session.applicationCursorKeys(), session.applicationKeypad());
    }

    private void sendInput(byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        if (scrollOffset != 0) {
            scrollTo(0);
        }
        if (selection != null) {
            clearSelection();
        }
        blinkOn = true;
        keepBlinking();
        showCursorLayer();
        session.send(bytes);
    }

    // ---- clipboard ----------------------------------------------------------------------------------

    /** Copies the selection to the clipboard; returns false when nothing is selected. */
    public boolean copySelection() {
        if (selection == null) {
            return false;
        }
        String text = SelectionText.extract(session.buffer(), selection);
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
        return true;
    }

    public void pasteClipboard() {
        String text = Clipboard.getSystemClipboard().getString();
        if (text != null && !text.isEmpty()) {
            if (scrollOffset != 0) {
                scrollTo(0);
            }
            session.paste(text);
        }
    }

    public String selectedText() {
        return selection == null ? "" : SelectionText.extract(session.buffer(), selection);
    }

    public void selectAll() {
        int history = current.historyCount;
        selection = new Selection(new CellPoint(-history, 0), new CellPoint(current.screenHeight - 1, columns - 1), false);
        requestRepaint();
    }

    public void clearSelection() {
        selection = null;
        requestRepaint();
    }

    // ---- mouse --------------------------------------------------------------------------------------

    private CellPoint cellAt(double x, double y) {
        int col = (int) Math.floor((x - 2) / metrics.width());
        int row = (int) Math.floor(y / metrics.height());
        col = Math.max(0, Math.min(columns - 1, col));
        row = Math.max(0, Math.min(rows - 1, row));
        return new CellPoint(row - scrollOffset, col);
    }

    private boolean reportsMouse(MouseEvent e) {
        return session.mouseReporting() && !e.isShiftDown();
    }

    private static int buttonCode(MouseButton button) {
        return switch (button) {
            case PRIMARY -> MouseButtonCodes.LEFT;
            case MIDDLE -> MouseButtonCodes.MIDDLE;
            case SECONDARY -> MouseButtonCodes.RIGHT;
            default -> MouseButtonCodes.NONE;
        };
    }

    private static int modifierFlags(InputEvent e) {
        boolean shift;
        boolean alt;
        boolean ctrl;
        if (e instanceof MouseEvent m) {
            shift = m.isShiftDown();
            alt = m.isAltDown();
            ctrl = m.isControlDown();
        } else if (e instanceof ScrollEvent s) {
            shift = s.isShiftDown();
            alt = s.isAltDown();
            ctrl = s.isControlDown();
        } else {
            return 0;
        }
        return (shift ? MouseButtonModifierFlags.MOUSE_BUTTON_SHIFT_FLAG : 0)
                | (alt ? MouseButtonModifierFlags.MOUSE_BUTTON_META_FLAG : 0)
                | (ctrl ? MouseButtonModifierFlags.MOUSE_BUTTON_CTRL_FLAG : 0);
    }

    private void onMousePressed(MouseEvent e) {
        requestFocus();
        CellPoint cell = cellAt(e.getX(), e.getY());
        if (e.isShortcutDown() && e.getButton() == MouseButton.PRIMARY) {
            updateHoverLink(e.getX(), e.getY());
            if (hoverLink != null) {
                linkOpener.open(hoverLink.url());
                e.consume();
                return;
            }
        }
        if (reportsMouse(e)) {
            pressedMouseButton = buttonCode(e.getButton());
            int screenRow = cell.line() + scrollOffset;
            session.terminal().mousePressed(cell.column(), screenRow,
                    new com.techsenger.jeditermfx.core.input.MouseEvent(pressedMouseButton, modifierFlags(e)));
            e.consume();
            return;
        }
        if (e.getButton() == MouseButton.MIDDLE) {
            primarySelection.get(text -> {
                if (!text.isEmpty()) {
                    if (scrollOffset != 0) {
                        scrollTo(0);
                    }
                    session.paste(text);
                }
            });
            e.consume();
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        if (e.getClickCount() == 2) {
            selection = wordAt(cell);
        } else if (e.getClickCount() >= 3) {
            selection = lineAt(cell);
        } else {
            selection = null;
            dragAnchor = cell;
            dragRectangular = e.isAltDown();
        }
        requestRepaint();
        e.consume();
    }

    private CellPoint dragAnchor;
    private boolean dragRectangular;

    private void onMouseDragged(MouseEvent e) {
        CellPoint cell = cellAt(e.getX(), e.getY());
        if (reportsMouse(e)) {
            MouseMode mode = session.mouseMode();
            if (mode == MouseMode.MOUSE_REPORTING_BUTTON_MOTION || mode == MouseMode.MOUSE_REPORTING_ALL_MOTION) {
                session.terminal().mouseDragged(cell.column(), cell.line() + scrollOffset,
                        new com.techsenger.jeditermfx.core.input.MouseEvent(pressedMouseButton, modifierFlags(e)));
            }
            e.consume();
            return;
        }
        if (dragAnchor != null && e.getButton() == MouseButton.PRIMARY) {
            // Dragging past the top or bottom edge scrolls, as in every terminal.
            if (e.getY() < 0) {
                scrollBy(1);
            } else if (e.getY() > getHeight()) {
                scrollBy(-1);
            }
            selection = new Selection(dragAnchor, cell, dragRectangular);
            requestRepaint();
            e.consume();
        }
    }

    private void onMouseReleased(MouseEvent e) {
        if (!reportsMouse(e) && selection != null && e.getButton() == MouseButton.PRIMARY) {
            String text = SelectionText.extract(session.buffer(), selection);
            if (!text.isEmpty()) {
                primarySelection.set(text);
            }
        }
        if (reportsMouse(e)) {
            CellPoint cell = cellAt(e.getX(), e.getY());
            session.terminal().mouseReleased(cell.column(), cell.line() + scrollOffset,
                    new com.techsenger.jeditermfx.core.input.MouseEvent(buttonCode(e.getButton()), modifierFlags(e)));
            pressedMouseButton = MouseButtonCodes.NONE;
            e.consume();
            return;
        }
        dragAnchor = null;
    }

    private void onMouseMoved(MouseEvent e) {
        updateHoverLink(e.getX(), e.getY());
        if (session.mouseMode() == MouseMode.MOUSE_REPORTING_ALL_MOTION && !e.isShiftDown()) {
            CellPoint cell = cellAt(e.getX(), e.getY());
            session.terminal().mouseMoved(cell.column(), cell.line() + scrollOffset,
                    new com.techsenger.jeditermfx.core.input.MouseEvent(MouseButtonCodes.NONE, modifierFlags(e)));
        }
    }

    private void onScroll(ScrollEvent e) {
        if (e.getDeltaY() == 0) {
            return;
        }
        boolean up = e.getDeltaY() > 0;
        int notches = Math.max(1, (int) Math.round(Math.abs(e.getDeltaY()) / 40.0));
        if (session.mouseReporting() && !e.isShiftDown()) {
            CellPoint cell = cellAt(e.getX(), e.getY());
            for (int i = 0; i < notches; i++) {
                session.terminal().mouseWheelMoved(cell.column(), cell.line() + scrollOffset, new MouseWheelEvent(
                        up ? MouseButtonCodes.SCROLLUP : MouseButtonCodes.SCROLLDOWN, modifierFlags(e)));
            }
        } else if (current.alternateScreen) {
            // Full-screen programs without mouse support (less, man) scroll with the arrow keys.
            byte[] arrow = encoder.encodeKey(up ? Key.UP : Key.DOWN, Modifiers.NONE, keyboardModes());
            for (int i = 0; i < notches * WHEEL_LINES; i++) {
                session.send(arrow);
            }
        } else {
            scrollBy((up ? 1 : -1) * notches * WHEEL_LINES);
        }
        e.consume();
    }

    public void setPrimarySelection(PrimarySelection primary) {
        primarySelection = primary;
    }

    public void setLinkOpener(LinkOpener opener) {
        linkOpener = opener;
    }

    /** The link under the mouse, or empty. */
    public String hoveredLink() {
        return hoverLink == null ? "" : hoverLink.url();
    }

    private void updateHoverLink(double x, double y) {
        HoverLink found = null;
        if (columns > 0 && rows > 0 && y >= 0 && y < rows * metrics.height()) {
            CellPoint cell = cellAt(x, y);
            int row = cell.line() + scrollOffset;
            if (row >= 0 && row < current.rows) {
                for (var span : current.links[row]) {
                    if (cell.column() >= span.from() && cell.column() < span.to()) {
                        found = new HoverLink(cell.line(), span.from(), span.to(), span.uri());
                    }
                }
                UrlDetector.Found url = found == null ? UrlDetector.at(current.chars[row], cell.column()) : null;
                if (url != null) {
                    found = new HoverLink(cell.line(), url.from(), url.to(), url.url());
                }
            }
        }
        if (!Objects.equals(found, hoverLink)) {
            hoverLink = found;
            setCursor(found == null ? Cursor.TEXT : Cursor.HAND);
            fullRepaint = true;
            requestRepaint();
        }
    }

    // ---- input methods (CJK and other composed input) -------------------------------------------------

    /** Text being composed by an input method: drawn at the cursor, not yet sent. */
    private String composing = "";

    private void onInputMethod(InputMethodEvent e) {
        String committed = e.getCommitted();
        if (committed != null && !committed.isEmpty()) {
            sendInput(committed.getBytes(StandardCharsets.UTF_8));
        }
        StringBuilder composed = new StringBuilder();
        for (InputMethodTextRun run : e.getComposed()) {
            composed.append(run.getText());
        }
        composing = composed.toString();
        fullRepaint = true;
        requestRepaint();
        e.consume();
    }

    /** Where the input method should put its candidate window: at the cursor, on screen. */
    private final class ImeRequests implements InputMethodRequests {
        @Override
        public Point2D getTextLocation(int offset) {
            double x = 2 + (session.cursorX() - 1 + offset) * metrics.width();
            double y = (session.cursorY() - 1 + scrollOffset + 1) * metrics.height();
            return localToScreen(x, y);
        }

        @Override
        public int getLocationOffset(int x, int y) {
            return 0;
        }

        @Override
        public void cancelLatestCommittedText() {
            // Committed text has already gone to the shell; there is nothing to take back.
        }

        @Override
        public String getSelectedText() {
            return selectedText();
        }
    }

    private void paintComposing(GraphicsContext g) {
        if (composing.isEmpty()) {
            return;
        }
        double x = 2 + (session.cursorX() - 1) * metrics.width();
        double y = (session.cursorY() - 1 + scrollOffset) * metrics.height();
        Text probe = new Text(composing);
        probe.setFont(metrics.regular());
        double width = probe.getLayoutBounds().getWidth();
        g.setFill(palette.background());
        g.fillRect(x, y, width, metrics.height());
        g.setFill(palette.foreground());
        g.setFont(metrics.regular());
        g.fillText(composing, x, y + metrics.baseline());
        g.fillRect(x, y + metrics.height() - 2, width, 1);
    }

    private Selection wordAt(CellPoint cell) {
        int row = cell.line() + scrollOffset;
        if (row < 0 || row >= current.rows) {
            return null;
        }
        char[] chars = current.chars[row];
        int from = cell.column();
        int to = cell.column();
        if (!SelectionText.isWordChar(chars[from])) {
            return new Selection(cell, cell, false);
        }
        while (from > 0 && SelectionText.isWordChar(chars[from - 1])) {
            from--;
        }
        while (to < columns - 1 && SelectionText.isWordChar(chars[to + 1])) {
            to++;
        }
        return new Selection(new CellPoint(cell.line(), from), new CellPoint(cell.line(), to), false);
    }

    private Selection lineAt(CellPoint cell) {
        TerminalTextBuffer buffer = session.buffer();
        int first = cell.line();
        int last = cell.line();
        buffer.lock();
        try {
            int history = buffer.getHistoryLinesCount();
            while (first - 1 >= -history && buffer.getLine(first - 1).isWrapped()) {
                first--;
            }
            while (last < buffer.getHeight() - 1 && buffer.getLine(last).isWrapped()) {
                last++;
            }
        } finally {
            buffer.unlock();
        }
        return new Selection(new CellPoint(first, 0), new CellPoint(last, columns - 1), false);
    }

    /** Stops this view's timers; the session is closed by its owner. */
    public void dispose() {
        stopBlink();
        timer.stop();
        timerRunning = false;
    }
}
