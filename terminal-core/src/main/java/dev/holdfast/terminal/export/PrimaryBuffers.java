package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Reaches the primary (normal-screen) history and screen of a JediTerm buffer, whichever screen is showing.
 *
 * <p>Why this exists: while the alternate screen is active (vim, htop, an agent's TUI),
 * {@link TerminalTextBuffer#getHistoryBuffer()} returns the alternate screen's own, empty history and
 * {@link TerminalTextBuffer#getScreenBuffer()} the alternate screen, so an export taken then would lose the
 * user's real scrollback. jeditermfx-core 1.0.0 keeps the primary buffers aside and exposes them only through
 * two package-private methods, {@code getHistoryBufferOrBackup()} and {@code getScreenBufferOrBackup()}
 * (each returns the backup while the alternate screen is in use, the live buffer otherwise). We call those
 * reflectively.
 *
 * <p>The methods are resolved once, when this object is built, so a library upgrade that renames or removes
 * them fails at startup with a message naming the method, not later with an empty checkpoint. If the library
 * is ever loaded as a named module, its model package must be opened to us
 * ({@code --add-opens com.techsenger.jeditermfx.core/com.techsenger.jeditermfx.core.model=ALL-UNNAMED} or our
 * module's name); the error says so.
 *
 * <p>Both methods must be called with the buffer's lock held, like every other read of the model.
 */
public final class PrimaryBuffers {
    private static final String HISTORY_METHOD = "getHistoryBufferOrBackup";
    private static final String SCREEN_METHOD = "getScreenBufferOrBackup";

    private final Method history;
    private final Method screen;

    /**
     * Resolves the library's accessors.
     *
     * @throws IllegalStateException if the library no longer has them or does not let us call them
     */
    public PrimaryBuffers() {
        this.history = resolve(HISTORY_METHOD);
        this.screen = resolve(SCREEN_METHOD);
    }

    /** The primary screen's history (scrollback). Caller holds {@code buffer.lock()}. */
    public LinesBuffer history(TerminalTextBuffer buffer) {
        return invoke(history, buffer);
    }

    /** The primary screen, even while the alternate screen is displayed. Caller holds {@code buffer.lock()}. */
    public LinesBuffer screen(TerminalTextBuffer buffer) {
        return invoke(screen, buffer);
    }

    private static Method resolve(String name) {
        Method method;
        try {
            method = TerminalTextBuffer.class.getDeclaredMethod(name);
        } catch (NoSuchMethodException e) {
            throw libraryChanged(name, "the method no longer exists", e);
        }
        if (!LinesBuffer.class.equals(method.getReturnType())) {
            throw libraryChanged(name, "it now returns " + method.getReturnType().getName(), null);
        }
        try {
            method.setAccessible(true);
        } catch (RuntimeException e) {
            // InaccessibleObjectException (Java 9+) when the library is a named module that does not open
            // its model package to us; SecurityException under a security manager.
            throw new IllegalStateException("Cannot call TerminalTextBuffer." + name + "() of jeditermfx-core: "
                    + "open the package with --add-opens com.techsenger.jeditermfx.core/"
                    + "com.techsenger.jeditermfx.core.model=ALL-UNNAMED (or Holdfast's module). Without it an "
                    + "export taken while the alternate screen is active would lose the scrollback.", e);
        }
        return method;
    }

    private static IllegalStateException libraryChanged(String name, String what, Exception cause) {
        return new IllegalStateException("jeditermfx-core changed: TerminalTextBuffer." + name + "() is needed to "
                + "export the primary scrollback while the alternate screen is active, but " + what + ". "
                + "Update dev.holdfast.terminal.export.PrimaryBuffers for this library version.", cause);
    }

    private static LinesBuffer invoke(Method method, TerminalTextBuffer buffer) {
        try {
            return (LinesBuffer) method.invoke(buffer);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("TerminalTextBuffer." + method.getName() + "() became inaccessible", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("TerminalTextBuffer." + method.getName() + "() failed", cause);
        }
    }
}
