package dev.holdfast.terminal.screen;

import java.util.List;

/**
 * A screen as the fingerprint sees it: its logical lines (a wrapped row joined with the rows it continues onto),
 * volatile text replaced by placeholders, trailing blanks and the empty rows below the last text removed.
 */
public record NormalizedScreen(List<String> lines) {
    public NormalizedScreen {
        lines = List.copyOf(lines);
    }
}
