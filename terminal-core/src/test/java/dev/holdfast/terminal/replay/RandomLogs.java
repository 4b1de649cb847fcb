package dev.holdfast.terminal.replay;

import dev.holdfast.terminal.export.RandomStyledText;
import java.util.Random;

/**
 * Logs of mostly simple lines, as restored scrollback is: words and SGR, now and then a wide or combining
 * character, a TAB, a lone CR, a long line that wraps, a background colour left on, a bare LF. Most lines end
 * reset, as an export's do; some carry their style into the next.
 */
final class RandomLogs {
    private static final String ESC = "\u001b";
    private final Random random;
    private final RandomStyledText styles;
    private final boolean backgrounds;

    /** @param backgrounds whether a piece may set a background colour and leave it on */
    RandomLogs(Random random, boolean backgrounds) {
        this.random = random;
        this.styles = new RandomStyledText(random, 1, 1);
        this.backgrounds = backgrounds;
    }

    /** A log of one to {@code maxLines} lines. */
    String next(int maxLines) {
        StringBuilder log = new StringBuilder();
        int lines = 1 + random.nextInt(maxLines);
        for (int line = 0; line < lines; line++) {
            int pieces = random.nextInt(8);
            for (int piece = 0; piece < pieces; piece++) {
                if (random.nextInt(3) == 0) {
                    log.append(styles.sgr());
                }
                log.append(switch (random.nextInt(300)) {
                    case 0 -> "日本";
                    case 1 -> "\t";
                    case 2 -> "\r";
                    case 3 -> "e\u0301";
                    case 4 -> "—→≠€ ─┼─";
                    case 5 -> backgrounds ? ESC + "[44m" : "x".repeat(random.nextInt(400));
                    case 6, 7, 8, 9, 10 -> "x".repeat(random.nextInt(400));
                    default -> "word" + random.nextInt(1000) + " ";
                });
            }
            log.append(random.nextInt(6) == 0 ? "" : ESC + "[0m").append(random.nextInt(50) == 0 ? "\n" : "\r\n");
        }
        return log.toString();
    }
}
