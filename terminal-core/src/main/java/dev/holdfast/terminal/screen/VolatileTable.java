package dev.holdfast.terminal.screen;

import java.util.List;
import java.util.Objects;

/**
 * One program's volatile text: the patterns applied, in order, to each line of its screen before hashing.
 *
 * @param program which program's screens it is for (for messages and tests)
 */
public record VolatileTable(String program, List<VolatilePattern> patterns) {
    public VolatileTable {
        Objects.requireNonNull(program, "program");
        patterns = List.copyOf(patterns);
    }

    public String apply(String line) {
        String result = line;
        for (VolatilePattern pattern : patterns) {
            result = pattern.apply(result);
        }
        return result;
    }
}
