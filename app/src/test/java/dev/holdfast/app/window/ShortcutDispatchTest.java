package dev.holdfast.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.junit.jupiter.api.Test;

class ShortcutDispatchTest {
    private final List<Shortcut> ran = new ArrayList<>();

    private Map<Shortcut, Runnable> recordingEvery() {
        Map<Shortcut, Runnable> actions = new EnumMap<>(Shortcut.class);
        for (Shortcut s : Shortcut.values()) {
            actions.put(s, () -> ran.add(s));
        }
        return actions;
    }

    private static KeyEvent press(KeyCode code, boolean shift, boolean ctrl) {
        return new KeyEvent(KeyEvent.KEY_PRESSED, "", "", code, shift, ctrl, false, false);
    }

    @Test
    void aShortcutRunsItsActionAndGoesNoFurther() {
        ShortcutDispatch dispatch = new ShortcutDispatch(false, recordingEvery());
        KeyEvent newTab = press(KeyCode.T, true, true);
        dispatch.keyPressed(newTab);
        assertEquals(List.of(Shortcut.NEW_TAB), ran);
        assertTrue(newTab.isConsumed(), "the terminal never sees Ctrl+Shift+T");
    }

    @Test
    void keysThatBelongToTheShellPassThrough() {
        ShortcutDispatch dispatch = new ShortcutDispatch(false, recordingEvery());
        KeyEvent ctrlW = press(KeyCode.W, false, true);
        dispatch.keyPressed(ctrlW);
        assertEquals(List.of(), ran);
        assertFalse(ctrlW.isConsumed());
    }

    @Test
    void everyShortcutMustHaveAnAction() {
        Map<Shortcut, Runnable> actions = recordingEvery();
        actions.remove(Shortcut.FIND);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ShortcutDispatch(false, actions));
        assertTrue(e.getMessage().contains("FIND"), e.getMessage());
    }
}
