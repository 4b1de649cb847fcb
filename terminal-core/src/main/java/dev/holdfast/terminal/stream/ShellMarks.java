package dev.holdfast.terminal.stream;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Reads the body of an OSC string ({@code 133;D;0}, {@code 7;file://host/tmp}) as a {@link ShellMark}. Pure and
 * small, so that any parser in front of the emulator can use it.
 */
public final class ShellMarks {
    /** Longest command line kept from a {@code 133;C} mark, in chars; a card shows one line of it. */
    public static final int MAX_COMMAND_LINE_CHARS = 1_000;

    private ShellMarks() {
    }

    /**
     * The mark {@code body} (an OSC string without its {@code ESC ]} and terminator) reports, or null when it is
     * not a shell-integration mark or is malformed.
     */
    public static ShellMark parse(String body) {
        if (body.startsWith("133;")) {
            return promptMark(body.substring(4));
        }
        if (body.startsWith("7;")) {
            return workingDirectory(body.substring(2));
        }
        return null;
    }

    /** True when {@code body} is one of the OSC numbers this class reads (133 and 7). */
    public static boolean isShellMark(CharSequence body) {
        return startsWith(body, "133;") || startsWith(body, "7;");
    }

    private static boolean startsWith(CharSequence text, String prefix) {
        if (text.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (text.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static ShellMark promptMark(String rest) {
        String[] parts = rest.split(";", -1);
        switch (parts[0]) {
            case "A":
                return new ShellMark.PromptStarted();
            case "B":
                return new ShellMark.InputStarted();
            case "C": {
                // The command line is the last parameter and runs to the end: a raw one may hold semicolons.
                String command = null;
                int url = rest.indexOf(";cmdline_url=");
                int raw = rest.indexOf(";cmdline=");
                if (url >= 0) {
                    command = percentDecoded(rest.substring(url + ";cmdline_url=".length()));
                } else if (raw >= 0) {
                    command = rest.substring(raw + ";cmdline=".length());
                }
                return new ShellMark.CommandStarted(commandLine(command));
            }
            case "D": {
                Integer status = null;
                if (parts.length > 1 && !parts[1].isEmpty() && parts[1].indexOf('=') < 0) {
                    try {
                        status = Integer.valueOf(parts[1].strip());
                    } catch (NumberFormatException e) {
                        status = null;
                    }
                }
                return new ShellMark.CommandFinished(status);
            }
            default:
                return null;
        }
    }

    private static String commandLine(String command) {
        if (command == null) {
            return null;
        }
        // One line for a card: control characters (a pasted escape, a newline of a multi-line command) as spaces.
        StringBuilder line = new StringBuilder(Math.min(command.length(), MAX_COMMAND_LINE_CHARS));
        for (int i = 0; i < command.length() && line.length() < MAX_COMMAND_LINE_CHARS; i++) {
            char c = command.charAt(i);
            line.append(c < 0x20 || c == 0x7f ? ' ' : c);
        }
        String result = line.toString().strip();
        return result.isEmpty() ? null : result;
    }

    /** {@code file://host/path}: the host and the decoded path; null when it is not a file URL with a path. */
    private static ShellMark workingDirectory(String url) {
        String prefix = "file://";
        if (!url.regionMatches(true, 0, prefix, 0, prefix.length())) {
            return null;
        }
        String rest = url.substring(prefix.length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        String path = percentDecoded(rest.substring(slash));
        if (path.isEmpty() || path.indexOf('\0') >= 0) {
            return null;
        }
        return new ShellMark.WorkingDirectory(rest.substring(0, slash), path);
    }

    /** Percent-decoding as in a URL path: {@code +} stays a plus. Malformed escapes leave the text as it came. */
    private static String percentDecoded(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }
}
