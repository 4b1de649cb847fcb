package dev.holdfast.terminal.agent.binding;

import java.text.Normalizer;

/**
 * Text reduced to what survives being shown in a terminal: its letters and digits. An agent's TUI renders
 * markdown (no {@code **}, backticks or {@code #}), wraps and indents lines, adds bullets and box borders;
 * none of that changes the letters and digits or their order, so the reduced answer is a substring of the
 * reduced screen exactly when the screen shows it.
 */
public final class DisplayText {
    private DisplayText() {
    }

    public static String reduce(CharSequence text) {
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder(normalized.length());
        normalized.codePoints().filter(Character::isLetterOrDigit).forEach(out::appendCodePoint);
        return out.toString();
    }
}
