package dev.holdfast.app.notify;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The command that shows a notification on this desktop, without a library: on Linux {@code notify-send} when it is
 * installed, else {@code gdbus} calling the freedesktop notification service ({@code org.freedesktop.Notifications})
 * directly; on macOS {@code osascript}'s {@code display notification}. Pure: which programs exist is asked of
 * {@code onPath}.
 */
final class NotificationCommand {
    static final String APP_NAME = "Holdfast";
    /** How long the notification stays, for the services that take one. */
    static final int EXPIRE_MILLIS = 8_000;

    private NotificationCommand() {
    }

    static Optional<List<String>> of(String osName, Predicate<String> onPath, String summary, String body) {
        String os = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        summary = clean(summary);
        body = clean(body);
        if (os.contains("mac")) {
            return Optional.of(List.of("osascript", "-e", "display notification " + appleScript(body)
                    + " with title " + appleScript(APP_NAME) + " subtitle " + appleScript(summary)));
        }
        if (onPath.test("notify-send")) {
            return Optional.of(List.of("notify-send", "--app-name=" + APP_NAME, "--expire-time=" + EXPIRE_MILLIS,
                    "--", summary, body));
        }
        if (onPath.test("gdbus")) {
            // Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv}, expire i)
            return Optional.of(List.of("gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                    "--object-path", "/org/freedesktop/Notifications",
                    "--method", "org.freedesktop.Notifications.Notify",
                    gvariant(APP_NAME), "0", gvariant(""), gvariant(summary), gvariant(body), "[]", "{}",
                    Integer.toString(EXPIRE_MILLIS)));
        }
        return Optional.empty();
    }

    /** An AppleScript string literal. */
    static String appleScript(String text) {
        return "\"" + clean(text).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A GVariant text-format string literal, as {@code gdbus call} parses its arguments. */
    static String gvariant(String text) {
        return "'" + clean(text).replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** A title or a question is whatever a program printed: no control characters reach the desktop. */
    private static String clean(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        text.codePoints().forEach(c -> safe.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return safe.toString();
    }
}
