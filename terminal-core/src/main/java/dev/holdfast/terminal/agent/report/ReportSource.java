package dev.holdfast.terminal.agent.report;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Why the agent reported its session, as its session-start hook says: {@code startup}, {@code resume},
 * {@code clear} or {@code compact} start a conversation or switch the tab to another one. Any other word (a
 * later agent version may add some) is kept as given and never replaces a report the tab already has.
 *
 * @param name the word, lower case
 */
public record ReportSource(String name) {
    public static final ReportSource STARTUP = new ReportSource("startup");
    public static final ReportSource RESUME = new ReportSource("resume");
    public static final ReportSource CLEAR = new ReportSource("clear");
    public static final ReportSource COMPACT = new ReportSource("compact");
    private static final Set<String> SWITCHING = Set.of("startup", "resume", "clear", "compact");

    public ReportSource {
        Objects.requireNonNull(name, "name");
        name = name.strip().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a report source needs a name");
        }
    }

    /** Whether a report of this source starts a conversation or switches to another one. */
    public boolean switchesConversation() {
        return SWITCHING.contains(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
