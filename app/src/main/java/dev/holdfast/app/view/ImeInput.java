package dev.holdfast.app.view;

import dev.holdfast.terminal.emulation.TerminalSession;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import javafx.geometry.Point2D;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.InputMethodEvent;
import javafx.scene.input.InputMethodRequests;
import javafx.scene.input.InputMethodTextRun;
import javafx.scene.text.Text;

/**
 * Input methods (CJK and other composed input): committed text goes to the program, text still being
 * composed is drawn at the cursor, and the input method's candidate window is placed at the cursor. FX thread.
 */
final class ImeInput implements InputMethodRequests {
    private final TerminalSession session;
    private final CellGrid grid;
    private final IntSupplier scrollOffset;
    private final Consumer<byte[]> committed;
    private final Supplier<String> selectedText;
    private final BiFunction<Double, Double, Point2D> localToScreen;
    private final Runnable changed;
    /** Text being composed by an input method: drawn at the cursor, not yet sent. */
    private String composing = "";

    /**
     * @param committed sends committed text to the program, as typed
     * @param localToScreen the view's {@code localToScreen}
     * @param changed told when the composed text changes (it must be repainted)
     */
    ImeInput(TerminalSession session, CellGrid grid, IntSupplier scrollOffset, Consumer<byte[]> committed,
             Supplier<String> selectedText, BiFunction<Double, Double, Point2D> localToScreen, Runnable changed) {
        this.session = session;
        this.grid = grid;
        this.scrollOffset = scrollOffset;
        this.committed = committed;
        this.selectedText = selectedText;
        this.localToScreen = localToScreen;
        this.changed = changed;
    }

    void textChanged(InputMethodEvent e) {
        String text = e.getCommitted();
        if (text != null && !text.isEmpty()) {
            committed.accept(text.getBytes(StandardCharsets.UTF_8));
        }
        StringBuilder composed = new StringBuilder();
        for (InputMethodTextRun run : e.getComposed()) {
            composed.append(run.getText());
        }
        composing = composed.toString();
        changed.run();
        e.consume();
    }

    /** Draws the text being composed at the cursor, underlined. */
    void paint(GraphicsContext g, Palette palette) {
        if (composing.isEmpty()) {
            return;
        }
        CellMetrics metrics = grid.metrics();
        double x = grid.x(session.cursorX() - 1);
        double y = grid.y(session.cursorY() - 1 + scrollOffset.getAsInt());
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

    /** Where the input method should put its candidate window: below the cursor, on screen. */
    @Override
    public Point2D getTextLocation(int offset) {
        double x = grid.x(session.cursorX() - 1 + offset);
        double y = grid.y(session.cursorY() - 1 + scrollOffset.getAsInt() + 1);
        return localToScreen.apply(x, y);
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
        return selectedText.get();
    }
}
