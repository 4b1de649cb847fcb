package dev.holdfast.terminal.agent.binding;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The text a tab shows at its bottom: its last rows (scrollback above the screen included), oldest first, as
 * plain text.
 */
public record ScreenText(List<String> lines) {
    public static final ScreenText EMPTY = new ScreenText(List.of());

    public ScreenText {
        lines = List.copyOf(lines);
    }

    /** The last {@code count} lines. */
    public ScreenText last(int count) {
        return lines.size() <= count ? this : new ScreenText(lines.subList(lines.size() - count, lines.size()));
    }

    /**
     * What the agent's current session shows, reduced to letters and digits ({@link DisplayText}): the last
     * {@code count} lines from the last one holding {@code banner} (a session's header) down, or all of them
     * when none does. Text an earlier session left above the banner (before a restart or a /new) is no
     * evidence of the current one.
     */
    public String reducedSession(String banner, int count) {
        List<String> tail = last(count).lines;
        int from = 0;
        if (!banner.isEmpty()) {
            for (int i = tail.size() - 1; i >= 0; i--) {
                if (tail.get(i).contains(banner)) {
                    from = i;
                    break;
                }
            }
        }
        return DisplayText.reduce(String.join("\n", tail.subList(from, tail.size())));
    }

    /** Whether any of the last {@code count} lines, reduced, holds {@code reducedText}. */
    public boolean shows(String reducedText, int count) {
        return DisplayText.reduce(String.join("\n", last(count).lines)).contains(reducedText);
    }

    /**
     * {@code read}, called at most once: a tab's screen is read under its buffer lock only when a binding round
     * needs it, and then once however often the round asks.
     */
    public static Supplier<ScreenText> readOnce(Supplier<ScreenText> read) {
        Objects.requireNonNull(read, "read");
        return new Supplier<>() {
            private ScreenText once;

            @Override
            public synchronized ScreenText get() {
                if (once == null) {
                    once = read.get();
                }
                return once;
            }
        };
    }
}
