package dev.holdfast.app.window;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import javafx.scene.input.KeyEvent;

/**
 * Runs the window's action for each of the app's {@link Shortcut}s. Every shortcut must have an action, so a
 * new one cannot be matched and then silently do nothing. FX thread.
 */
final class ShortcutDispatch {
    private final boolean mac;
    private final Map<Shortcut, Runnable> actions;

    /**
     * @throws IllegalArgumentException when a shortcut has no action
     */
    ShortcutDispatch(boolean mac, Map<Shortcut, Runnable> actions) {
        Set<Shortcut> missing = EnumSet.allOf(Shortcut.class);
        missing.removeAll(actions.keySet());
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("No action for the shortcuts " + missing);
        }
        this.mac = mac;
        this.actions = new EnumMap<>(actions);
    }

    /** A key pressed anywhere in the window: a shortcut runs its action and goes no further. */
    void keyPressed(KeyEvent e) {
        Shortcut shortcut = Shortcut.match(e, mac);
        if (shortcut != null) {
            e.consume();
            actions.get(shortcut).run();
        }
    }
}
