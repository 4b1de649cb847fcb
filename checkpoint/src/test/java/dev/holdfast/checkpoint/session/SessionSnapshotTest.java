package dev.holdfast.checkpoint.session;

import static dev.holdfast.checkpoint.session.Snapshots.AGENT;
import static dev.holdfast.checkpoint.session.Snapshots.SHELL;
import static dev.holdfast.checkpoint.session.Snapshots.WINDOW;
import static dev.holdfast.checkpoint.session.Snapshots.panel;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSnapshotTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");

    @Test
    void theShortConstructorWritesTheCurrentVersion() {
        assertEquals(1, new SessionSnapshot(NOW, WINDOW, List.of(), 0, null).version());
    }

    @Test
    void anotherVersionIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SessionSnapshot(2, NOW, WINDOW, List.of(), 0, null));
        assertTrue(e.getMessage().contains("version 2"), e.getMessage());
    }

    @Test
    void theSelectedTabMustBeOneOfTheTabs() {
        List<PanelSnapshot> two = List.of(panel(SHELL), panel(AGENT));

        assertDoesNotThrow(() -> new SessionSnapshot(NOW, WINDOW, two, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new SessionSnapshot(NOW, WINDOW, two, 2, null));
        assertThrows(IllegalArgumentException.class, () -> new SessionSnapshot(NOW, WINDOW, two, -1, null));
    }

    @Test
    void withoutTabsTheSelectedIndexIsZero() {
        assertDoesNotThrow(() -> new SessionSnapshot(NOW, WINDOW, List.of(), 0, null));
        assertThrows(IllegalArgumentException.class, () -> new SessionSnapshot(NOW, WINDOW, List.of(), 1, null));
    }

    @Test
    void twoTabsCannotShareAPanelId() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SessionSnapshot(NOW, WINDOW, List.of(panel(SHELL), panel(AGENT), panel(SHELL)), 0, null));
        assertTrue(e.getMessage().contains(SHELL.toString()), e.getMessage());
    }

    @Test
    void requiredPartsMustBePresent() {
        List<PanelSnapshot> withNull = Arrays.asList(panel(SHELL), null);

        assertThrows(NullPointerException.class, () -> new SessionSnapshot(null, WINDOW, List.of(), 0, null));
        assertThrows(NullPointerException.class, () -> new SessionSnapshot(NOW, null, List.of(), 0, null));
        assertThrows(NullPointerException.class, () -> new SessionSnapshot(NOW, WINDOW, null, 0, null));
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new SessionSnapshot(NOW, WINDOW, withNull, 0, null));
        assertEquals("panel 1 is missing", e.getMessage());
        assertThrows(NullPointerException.class, () -> new PanelSnapshot(null, null, null, null, null, true));
    }

    @Test
    void thePanelListIsCopiedSoTheSnapshotCannotChangeAfterwards() {
        List<PanelSnapshot> panels = new ArrayList<>(List.of(panel(SHELL)));
        SessionSnapshot snapshot = new SessionSnapshot(NOW, WINDOW, panels, 0, null);

        panels.add(panel(AGENT));

        assertEquals(1, snapshot.panels().size());
        assertThrows(UnsupportedOperationException.class, () -> snapshot.panels().add(panel(AGENT)));
    }

    @Test
    void aTabThatMustNotPersistScrollbackCarriesNone() {
        PanelSnapshot privateTab = new PanelSnapshot(SHELL, null, null, "/tmp", "secret output", false);
        PanelSnapshot normalTab = new PanelSnapshot(AGENT, null, null, "/tmp", "output", true);

        assertNull(privateTab.scrollback());
        assertEquals("output", normalTab.scrollback());
    }

    @Test
    void aWindowFrameMustBeOnSomeScreen() {
        assertDoesNotThrow(() -> new WindowFrame(-2560, -300, 800, 600, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(Double.NaN, 0, 800, 600, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(0, Double.POSITIVE_INFINITY, 800, 600, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(0, 0, 0, 600, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(0, 0, 800, -1, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(2e6, 0, 800, 600, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowFrame(0, 0, 800, 1e9, false));
    }
}
