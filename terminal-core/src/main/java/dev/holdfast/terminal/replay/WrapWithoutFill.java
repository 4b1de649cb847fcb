package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * The terminal as the replaying emulator drives it: the real one, except that wrapping onto a row scrolled in at
 * the bottom never paints that row with the current background colour.
 *
 * <p>Why: like xterm, JediTerm fills a row it scrolls in with the current background ("background colour
 * erase"). When restored text wraps while a background colour is set — the continuation's first character has
 * one — the rest of the new row turns that colour, though the export never said so: where the original row had
 * plain blanks (trimmed from the export) the restored one would show coloured cells. Whether the original
 * had such a fill is already in the export, as visible blanks, so during replay a row must only show what the
 * export wrote. Before writing text with a wrap pending and a background set, this wraps with the default
 * rendition and then restores it. Line breaks need nothing: every exported line that ends styled ends with a
 * reset.
 *
 * <p>The wrapper is a dynamic proxy over JediTerm's {@link Terminal} interface, the type its emulator drives,
 * so every other call goes to the terminal unchanged.
 */
final class WrapWithoutFill implements InvocationHandler {
    private static final Method WRITE_CHARACTERS = writeCharacters();

    private final JediTerminal terminal;

    private WrapWithoutFill(JediTerminal terminal) {
        this.terminal = terminal;
    }

    static Terminal around(JediTerminal terminal) {
        return (Terminal) Proxy.newProxyInstance(Terminal.class.getClassLoader(), new Class<?>[] {Terminal.class},
                new WrapWithoutFill(terminal));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        // Every call of the emulator comes through here: the name first, since Method.equals compares parameter
        // types and took a tenth of a replay's time.
        if (method.getName().equals(WRITE_CHARACTERS.getName()) && method.equals(WRITE_CHARACTERS)) {
            wrapPendingWithoutFill();
        }
        try {
            return method.invoke(terminal, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private void wrapPendingWithoutFill() {
        // Columns are 1-based: one past the last column means the previous character filled the row.
        boolean wrapPending = terminal.getCursorX() > terminal.getTerminalWidth();
        TextStyle current = terminal.getStyleState().getCurrent();
        if (wrapPending && current.getBackground() != null) {
            terminal.characterAttributes(TextStyle.EMPTY);
            terminal.writeCharacters("");
            terminal.characterAttributes(current);
        }
    }

    private static Method writeCharacters() {
        try {
            return Terminal.class.getMethod("writeCharacters", String.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("jeditermfx-core changed: Terminal.writeCharacters(String) is gone", e);
        }
    }
}
