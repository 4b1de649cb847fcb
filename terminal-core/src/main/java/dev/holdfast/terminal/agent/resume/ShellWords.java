package dev.holdfast.terminal.agent.resume;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Words as a POSIX shell reads them back: typed at a prompt, each word stays one word and nothing expands. */
final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9@%+=:,./_-]+");

    private ShellWords() {
    }

    static String quote(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }
}
