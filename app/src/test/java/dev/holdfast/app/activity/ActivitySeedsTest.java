package dev.holdfast.app.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.holdfast.checkpoint.clocks.PaneClockRow;
import dev.holdfast.checkpoint.clocks.PaneKey;
import dev.holdfast.checkpoint.clocks.PaneSeed;
import dev.holdfast.terminal.screen.ActivityLog;
import dev.holdfast.terminal.screen.ActivitySeed;
import dev.holdfast.terminal.screen.ProgramKind;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActivitySeedsTest {
    private static final Instant T = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant ALIVE = T.plusSeconds(3600);
    private static final String HASH = "ab".repeat(32);
    private final TabCardJson json = new TabCardJson();

    private PaneClockRow row(String state, String cardJson) {
        return new PaneClockRow(new PaneKey(new UUID(0, 1), new UUID(0, 2)), HASH, T, state, T.minusSeconds(60),
                cardJson, cardJson == null ? null : TabCard.CURRENT_VERSION, new UUID(0, 2), T);
    }

    @Test
    void aMatchingRowBringsItsClocksAndCardBack() {
        TabCard card = new TabCard(TabCard.CURRENT_VERSION, "make", "/src", "bash", ProgramKind.SHELL, TabState.IDLE,
                T.minusSeconds(60), T, null, null, null, ActivityLog.EMPTY);
        ActivitySeed seed = ActivitySeeds.of(new PaneSeed.Restored(row("IDLE", json.encode(card)), T,
                T.minusSeconds(60), true), ALIVE, json);

        ActivitySeed.Restored restored = assertInstanceOf(ActivitySeed.Restored.class, seed);
        assertEquals(T, restored.lastActivityAt());
        assertEquals(TabState.IDLE, restored.state());
        assertEquals(card, restored.card());
    }

    @Test
    void aRowThatDoesNotReadAsThisBuildsValuesFallsBack() {
        ActivitySeed seed = ActivitySeeds.of(new PaneSeed.Restored(row("DREAMING", null), T, T, false), ALIVE, json);

        assertEquals(new ActivitySeed.Fallback(ALIVE), seed);
    }

    @Test
    void anUnreadableCardRestoresTheClocksWithoutIt() {
        ActivitySeed seed = ActivitySeeds.of(new PaneSeed.Restored(row("IDLE", "{not json"), T, T, true), ALIVE, json);

        assertNull(assertInstanceOf(ActivitySeed.Restored.class, seed).card());
    }
}
