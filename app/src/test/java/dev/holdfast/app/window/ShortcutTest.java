package dev.holdfast.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShortcutTest {
    @ParameterizedTest(name = "Linux {0} shift={1} ctrl={2} -> {3}")
    @CsvSource(nullValues = "none", value = {
        "T, true, true, NEW_TAB",
        "W, true, true, CLOSE_TAB",
        "C, true, true, COPY",
        "V, true, true, PASTE",
        "Q, true, true, QUIT",
        "PAGE_DOWN, false, true, NEXT_TAB",
        "PAGE_UP, false, true, PREVIOUS_TAB",
        "PAGE_DOWN, true, true, MOVE_TAB_RIGHT",
        "PAGE_UP, true, true, MOVE_TAB_LEFT",
        "EQUALS, false, true, ZOOM_IN",
        "MINUS, false, true, ZOOM_OUT",
        "DIGIT0, false, true, ZOOM_RESET",
        "B, true, true, TOGGLE_SIDEBAR",
        "UP, true, true, PREVIOUS_PROMPT",
        "DOWN, true, true, NEXT_PROMPT",
        "J, true, true, CONVERSATION",
        "K, true, true, CLEAR_SCROLLBACK",
        // These belong to the shell, never to Holdfast:
        "C, false, true, none",
        "W, false, true, none",
        "L, false, true, none",
        "F, false, true, none",
        // Ctrl+K kills to the end of the line in the shell.
        "K, false, true, none",
        "UP, false, true, none",
        "DOWN, false, true, none",
        "T, false, false, none",
        "PAGE_UP, true, false, none",
        // Ctrl+J is a line feed: the shell's.
        "J, false, true, none",
    })
    void linux(KeyCode code, boolean shift, boolean ctrl, Shortcut expected) {
        assertEquals(expected, Shortcut.match(code, shift, ctrl, false, false, false));
    }

    @ParameterizedTest(name = "macOS {0} shift={1} cmd={2} -> {3}")
    @CsvSource(nullValues = "none", value = {
        "T, false, true, NEW_TAB",
        "W, false, true, CLOSE_TAB",
        "C, false, true, COPY",
        "V, false, true, PASTE",
        "CLOSE_BRACKET, true, true, NEXT_TAB",
        "OPEN_BRACKET, true, true, PREVIOUS_TAB",
        "EQUALS, false, true, ZOOM_IN",
        "B, true, true, TOGGLE_SIDEBAR",
        "UP, false, true, PREVIOUS_PROMPT",
        "DOWN, false, true, NEXT_PROMPT",
        "B, false, false, none",
        "J, true, true, CONVERSATION",
        "J, false, true, none",
        "K, false, true, CLEAR_SCROLLBACK",
        "K, false, false, none",
        "C, false, false, none",
        "L, false, false, none",
    })
    void mac(KeyCode code, boolean shift, boolean meta, Shortcut expected) {
        assertEquals(expected, Shortcut.match(code, shift, false, false, meta, true));
    }

    @org.junit.jupiter.api.Test
    void theChordAMenuShowsIsTheOneThatRunsTheShortcut() {
        assertEquals(new KeyCodeCombination(KeyCode.C, KeyCombination.CONTROL_DOWN, KeyCombination.SHIFT_DOWN),
                Shortcut.COPY.chord(false));
        assertEquals(new KeyCodeCombination(KeyCode.K, KeyCombination.CONTROL_DOWN, KeyCombination.SHIFT_DOWN),
                Shortcut.CLEAR_SCROLLBACK.chord(false));
        assertEquals(new KeyCodeCombination(KeyCode.K, KeyCombination.META_DOWN), Shortcut.CLEAR_SCROLLBACK.chord(true));
        assertEquals(new KeyCodeCombination(KeyCode.F, KeyCombination.META_DOWN), Shortcut.FIND.chord(true));
        // Tab switching is on Ctrl+PgDn alone, not on the primary chord.
        assertNull(Shortcut.NEXT_TAB.chord(false));
    }

    @org.junit.jupiter.api.Test
    void altChordsAlwaysGoToTheTerminal() {
        assertNull(Shortcut.match(KeyCode.T, true, true, true, false, false));
    }
}
