package dev.holdfast.app.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.checkpoint.clocks.ClockStoreNotices;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClockNoticesTest {
    /** A notice bar: what it shows now, by key. */
    private final Map<String, String> bar = new LinkedHashMap<>();
    private final ClockStoreNotices window = new ClockStoreNotices() {
        @Override
        public void show(String key, String text) {
            bar.put(key, text);
        }

        @Override
        public void clear(String key) {
            bar.remove(key);
        }
    };

    @Test
    void whatTheStoreToldBeforeTheWindowExistedIsShownThenUnlessItWasOverAlready() {
        ClockNotices notices = new ClockNotices();
        notices.show("pane-clocks-LOCKED", "panes.sqlite is locked");
        notices.show("pane-clocks-CORRUPT", "panes.sqlite was damaged");
        notices.clear("pane-clocks-LOCKED");
        notices.attach(window);
        assertEquals(Map.of("pane-clocks-CORRUPT", "panes.sqlite was damaged"), bar);
    }

    @Test
    void onceTheWindowIsThereAProblemThatEndsLeavesTheBar() {
        ClockNotices notices = new ClockNotices();
        notices.attach(window);
        notices.show("pane-clocks-READ_ONLY", "panes.sqlite cannot be written");
        assertEquals(1, bar.size());
        notices.clear("pane-clocks-READ_ONLY");
        assertEquals(Map.of(), bar);
    }
}
