package dev.holdfast.app.sidebar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RelativeTimeTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void agoIsWordedInItsLargestUnit() {
        assertEquals("just now", RelativeTime.ago(NOW.minusSeconds(9), NOW));
        assertEquals("just now", RelativeTime.ago(NOW.plusSeconds(30), NOW), "a time after now is now");
        assertEquals("42 s ago", RelativeTime.ago(NOW.minusSeconds(42), NOW));
        assertEquals("3 min ago", RelativeTime.ago(NOW.minusSeconds(3 * 60 + 59), NOW));
        assertEquals("5 h ago", RelativeTime.ago(NOW.minus(Duration.ofHours(5)), NOW));
        assertEquals("12 d ago", RelativeTime.ago(NOW.minus(Duration.ofDays(12)), NOW));
    }

    @Test
    void aClockTimeTodayAndADayOtherwise() {
        assertEquals("11:03", RelativeTime.clock(Instant.parse("2026-03-01T11:03:00Z"), NOW, ZoneOffset.UTC));
        assertEquals("27 Feb 09:30", RelativeTime.clock(Instant.parse("2026-02-27T09:30:00Z"), NOW, ZoneOffset.UTC));
    }

    @Test
    void durationsInTwoUnits() {
        assertEquals("45 s", RelativeTime.duration(Duration.ofSeconds(45)));
        assertEquals("3 min 5 s", RelativeTime.duration(Duration.ofSeconds(185)));
        assertEquals("2 h 4 min", RelativeTime.duration(Duration.ofMinutes(124)));
        assertEquals("3 d 2 h", RelativeTime.duration(Duration.ofHours(74)));
    }

    @Test
    void theWordingChangesNextAtTheBoundaryOfTheUnitItIsIn() {
        Instant at = NOW.minusSeconds(3);
        assertEquals(at.plusSeconds(10), RelativeTime.nextChange(at, NOW), "just now until 10 s old");
        assertEquals(NOW.plusSeconds(1), RelativeTime.nextChange(NOW.minusSeconds(42), NOW), "42 s ago: next second");
        assertEquals(NOW.plusSeconds(1), RelativeTime.nextChange(NOW.minusSeconds(59), NOW), "59 s ago: 1 min next");
        assertEquals(NOW.plusSeconds(55), RelativeTime.nextChange(NOW.minusSeconds(5 * 60 + 5), NOW),
                "5 min ago: at 6 min, not every second");
        assertEquals(NOW.plus(Duration.ofMinutes(30)), RelativeTime.nextChange(NOW.minus(Duration.ofMinutes(90)), NOW),
                "1 h ago: at 2 h");
        assertEquals(NOW.plusSeconds(40), RelativeTime.nextChange(NOW.plusSeconds(30), NOW),
                "a time after now is just now until 10 s after it");
    }

    @Test
    void theWordingIsTheSameUntilTheNextChangeAndDiffersAtIt() {
        for (long age = 0; age < 3 * 86_400; age += 7) {
            Instant at = NOW.minusSeconds(age).minusMillis(300);
            Instant next = RelativeTime.nextChange(at, NOW);
            String now = RelativeTime.ago(at, NOW);
            assertEquals(now, RelativeTime.ago(at, next.minusMillis(1)), "unchanged until the change, age " + age);
            org.junit.jupiter.api.Assertions.assertNotEquals(now, RelativeTime.ago(at, next), "changed at it, age " + age);
        }
    }
}
