package dev.holdfast.terminal.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link VisibleScreen} into what its fingerprint hashes: the screen's logical lines with the volatile
 * text of the program that runs replaced ({@link VolatilePatterns}). The cursor is not part of it: a cursor that
 * moves or blinks is no change. Logical lines keep a change of the terminal's width from rewrapping into a
 * different text. Pure; safe to share between threads.
 */
public final class ScreenNormalizer {

    public NormalizedScreen normalize(VisibleScreen screen, ProgramKind kind) {
        List<VolatileTable> tables = VolatilePatterns.tablesFor(kind);
        List<String> lines = new ArrayList<>();
        StringBuilder logical = new StringBuilder();
        List<VisibleScreen.Row> rows = screen.rows();
        for (int r = 0; r < rows.size(); r++) {
            VisibleScreen.Row row = rows.get(r);
            logical.append(row.text());
            if (row.wrapped() && r + 1 < rows.size()) {
                // A wrapped row is full: pad what the copy trimmed, so the join matches the unwrapped text.
                for (int c = row.text().length(); c < screen.columns(); c++) {
                    logical.append(' ');
                }
                continue;
            }
            lines.add(normalizeLine(logical.toString(), tables));
            logical.setLength(0);
        }
        int end = lines.size();
        while (end > 0 && lines.get(end - 1).isEmpty()) {
            end--;
        }
        return new NormalizedScreen(lines.subList(0, end));
    }

    /** One line through {@code tables}, trailing blanks removed. */
    static String normalizeLine(String line, List<VolatileTable> tables) {
        String result = line.stripTrailing();
        for (VolatileTable table : tables) {
            result = table.apply(result);
        }
        return result.stripTrailing();
    }
}
