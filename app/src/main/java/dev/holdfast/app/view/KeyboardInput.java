package dev.holdfast.app.view;

import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.input.Key;
import dev.holdfast.terminal.input.KeyEncoder;
import dev.holdfast.terminal.input.KeyboardModes;
import dev.holdfast.terminal.input.Modifiers;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Keys to the bytes a program expects, in the modes it asked for (application cursor keys, keypad). Named keys
 * and Ctrl/Alt chords are encoded on key press; printable text arrives as typed characters. The view keeps
 * Shift+PgUp/PgDn (scroll back), Shift+Insert (paste), and Shift+F10 and the Menu key (the terminal's menu, as in
 * GNOME Terminal); everything else reaches the program. FX thread.
 */
final class KeyboardInput {
    private final KeyEncoder encoder = new KeyEncoder();
    private final TerminalSession session;
    private final Consumer<byte[]> typed;
    private final Runnable paste;
    private final IntConsumer scrollPage;
    private final Runnable openMenu;
    /** The key press was encoded already: its typed character is a duplicate. */
    private boolean suppressTyped;

    /**
     * @param typed sends what the user typed to the program
     * @param paste pastes the clipboard
     * @param scrollPage scrolls one page: +1 back into the history, -1 towards the live screen
     * @param openMenu opens the terminal's menu at the cursor
     */
    KeyboardInput(TerminalSession session, Consumer<byte[]> typed, Runnable paste, IntConsumer scrollPage,
                  Runnable openMenu) {
        this.session = session;
        this.typed = typed;
        this.paste = paste;
        this.scrollPage = scrollPage;
        this.openMenu = openMenu;
    }

    void keyPressed(KeyEvent e) {
        suppressTyped = false;
        KeyCode code = e.getCode();
        if (e.isShiftDown() && !e.isControlDown() && !e.isAltDown() && !e.isMetaDown()
                && (code == KeyCode.PAGE_UP || code == KeyCode.PAGE_DOWN)) {
            scrollPage.accept(code == KeyCode.PAGE_UP ? 1 : -1);
            e.consume();
            return;
        }
        if (e.isShiftDown() && code == KeyCode.INSERT && !e.isControlDown()) {
            paste.run();
            e.consume();
            return;
        }
        if (opensMenu(e)) {
            openMenu.run();
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
            byte[] bytes = encoder.encodeKey(key, mods, modes());
            suppressTyped = true;
            send(bytes);
            return;
        }
        if (e.isControlDown() || (e.isAltDown() && !isAltGraph(e))) {
            String chord = KeyMapping.chordCharacter(e);
            if (chord != null) {
                byte[] bytes = encoder.encodeText(chord, mods);
                if (bytes.length > 0) {
                    e.consume();
                    suppressTyped = true;
                    send(bytes);
                }
            }
        }
    }

    /** Shift+F10 or the Menu key, alone. */
    private static boolean opensMenu(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return false;
        }
        return e.getCode() == KeyCode.CONTEXT_MENU ? !e.isShiftDown() : e.getCode() == KeyCode.F10 && e.isShiftDown();
    }

    /** AltGr (Ctrl+Alt on Windows keyboards) composes characters; those arrive as typed text. */
    private static boolean isAltGraph(KeyEvent e) {
        return e.getCode() == KeyCode.ALT_GRAPH;
    }

    void keyTyped(KeyEvent e) {
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
            send(printable.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The arrow key a full-screen program without mouse support scrolls with (less, man). */
    byte[] arrow(boolean up) {
        return encoder.encodeKey(up ? Key.UP : Key.DOWN, Modifiers.NONE, modes());
    }

    private KeyboardModes modes() {
        return new KeyboardModes(session.applicationCursorKeys(), session.applicationKeypad());
    }

    private void send(byte[] bytes) {
        if (bytes.length > 0) {
            typed.accept(bytes);
        }
    }
}
