package dev.holdfast.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatedLogFilterTest {

    private Instant now = Instant.parse("2025-03-14T09:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    /** A logger of a context of its own, behind the filter, writing to {@code events}. */
    private Logger filteredLogger(ListAppender<ILoggingEvent> events) {
        LoggerContext context = new LoggerContext();
        RepeatedLogFilter filter = new RepeatedLogFilter(clock);
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        events.setContext(context);
        events.start();
        Logger log = context.getLogger("dev.holdfast.test");
        log.addAppender(events);
        return log;
    }

    @Test
    void aMessageRepeatedAtEveryFailedWriteIsWrittenAFewTimesAMinuteAndThenCounted() {
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        Logger log = filteredLogger(events);

        for (int i = 0; i < 37; i++) {
            log.warn("Could not write the checkpoint of panel {}", i);
            log.warn("Something else {}", i);
        }
        assertEquals(2 * RepeatedLogFilter.BURST, events.list.size(), "each warning at most five times a minute");

        now = now.plus(RepeatedLogFilter.WINDOW);
        log.warn("Could not write the checkpoint of panel {}", 99);

        List<String> last = events.list.subList(events.list.size() - 2, events.list.size()).stream()
                .map(ILoggingEvent::getFormattedMessage).toList();
        assertTrue(last.get(0).contains("repeated 32 more times"), last.get(0));
        assertEquals("Could not write the checkpoint of panel 99", last.get(1));
    }

    @Test
    void aStartedLineForEachOfTwentyTabsIsWrittenButAnInfoLoopIsStillHeldBack() {
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        Logger log = filteredLogger(events);

        for (int i = 0; i < 20; i++) {
            log.info("Panel {}: started [bash]", i);
        }
        assertEquals(20, events.list.size(), "one line per restored tab is not a flood");

        for (int i = 20; i < 500; i++) {
            log.info("Panel {}: started [bash]", i);
        }
        assertEquals(RepeatedLogFilter.INFO_BURST, events.list.size(), "a loop at info is still limited");
    }

    @Test
    void debugLinesSomeoneTurnedOnAreAllWritten() {
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        Logger log = filteredLogger(events);
        log.setLevel(ch.qos.logback.classic.Level.TRACE);

        for (int i = 0; i < 37; i++) {
            log.debug("Look {} at the screen", i);
            log.trace("Screen {}", i);
        }
        assertEquals(74, events.list.size(), "a diagnosis needs every look, not the first five a minute");
    }
}
