package dev.holdfast.terminal.agent.live;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QuietTabsTest {
    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final UUID TAB = new UUID(0, 1);

    @Test
    void aTabWithoutAnAgentAndWithoutOutputIsNotLookedAtAgainUntilItsMaxQuiet() {
        QuietTabs quiet = new QuietTabs(Duration.ofSeconds(10));
        assertTrue(quiet.due(TAB, 5, T0), "never looked at");
        quiet.looked(TAB, 5, T0, true);
        assertFalse(quiet.due(TAB, 5, T0.plusSeconds(1)));
        assertFalse(quiet.due(TAB, 5, T0.plusMillis(9_999)));
        assertTrue(quiet.due(TAB, 5, T0.plusSeconds(10)), "looked at again after at most 10 s");
    }

    @Test
    void outputMakesATabDueAtOnce() {
        QuietTabs quiet = new QuietTabs(Duration.ofSeconds(10));
        quiet.looked(TAB, 5, T0, true);
        assertTrue(quiet.due(TAB, 6, T0.plusSeconds(1)), "the command that starts an agent is echoed");
    }

    @Test
    void aTabWithAnAgentIsLookedAtEveryRound() {
        QuietTabs quiet = new QuietTabs(Duration.ofSeconds(10));
        quiet.looked(TAB, 5, T0, false);
        assertTrue(quiet.due(TAB, 5, T0.plusSeconds(1)));
        quiet.looked(TAB, 5, T0, true);
        quiet.forget(TAB);
        assertTrue(quiet.due(TAB, 5, T0.plusSeconds(1)), "a tab tracked anew is looked at");
    }
}
