package dev.holdfast.app.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NotificationCommandTest {
    @Test
    void linuxPrefersNotifySendThenTheServiceThroughGdbusThenNothing() {
        assertEquals("notify-send", NotificationCommand.of("Linux", Set.of("notify-send", "gdbus")::contains, "s", "b")
                .orElseThrow().get(0));
        List<String> gdbus = NotificationCommand.of("Linux", Set.of("gdbus")::contains, "build done", "it's ok")
                .orElseThrow();
        assertEquals(List.of("gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify", "'Holdfast'", "0",
                "''", "'build done'", "'it\\'s ok'", "[]", "{}", "8000"), gdbus);
        assertEquals(Optional.empty(), NotificationCommand.of("Linux", p -> false, "s", "b"));
    }

    @Test
    void macOsUsesDisplayNotificationWithItsStringsQuoted() {
        List<String> argv = NotificationCommand.of("Mac OS X", p -> false, "vim \"x\"", "a\\b").orElseThrow();
        assertEquals("osascript", argv.get(0));
        assertEquals("display notification \"a\\\\b\" with title \"Holdfast\" subtitle \"vim \\\"x\\\"\"", argv.get(2));
    }

    @Test
    void controlCharactersNeverReachTheDesktop() {
        String body = NotificationCommand.of("Linux", Set.of("notify-send")::contains, "t", "a\u001b]52;c;x\u0007b")
                .orElseThrow().get(5);
        assertTrue(body.chars().noneMatch(Character::isISOControl), body);
    }
}
