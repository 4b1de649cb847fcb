package dev.holdfast.terminal.export;

import java.util.Random;

/**
 * Random terminal output for property tests: text in several scripts (ASCII, Latin-1 letters, CJK, emoji),
 * runs of spaces, long lines that wrap, and SGR sequences of every form an export can carry — 16-colour,
 * 256-colour and RGB foregrounds and backgrounds, and the attributes — set across line breaks as real programs
 * do. Deterministic for a given {@link Random}.
 */
public final class RandomStyledText {
    private final Random random;
    private final int maxLines;
    private final int maxLineCells;

    /**
     * @param maxLines upper bound on lines (CR LF separated)
     * @param maxLineCells rough upper bound on one line's width in cells; above the terminal's width it wraps
     */
    public RandomStyledText(Random random, int maxLines, int maxLineCells) {
        this.random = random;
        this.maxLines = maxLines;
        this.maxLineCells = maxLineCells;
    }

    public String next() {
        StringBuilder out = new StringBuilder();
        int lines = 1 + random.nextInt(maxLines);
        for (int line = 0; line < lines; line++) {
            if (line > 0) {
                out.append("\r\n");
            }
            int budget = random.nextInt(8) == 0 ? maxLineCells : 1 + random.nextInt(Math.max(1, maxLineCells / 3));
            int cells = 0;
            while (cells < budget) {
                if (random.nextInt(3) == 0) {
                    out.append(sgr());
                } else {
                    cells += text(out, 1 + random.nextInt(12));
                }
            }
        }
        return out.toString();
    }

    /** A random SGR sequence of one to four codes. */
    public String sgr() {
        if (random.nextInt(20) == 0) {
            return "\u001b[m";
        }
        StringBuilder p = new StringBuilder();
        int codes = 1 + random.nextInt(4);
        for (int i = 0; i < codes; i++) {
            if (i > 0) {
                p.append(';');
            }
            p.append(code());
        }
        return "\u001b[" + p + "m";
    }

    private String code() {
        return switch (random.nextInt(12)) {
            case 0 -> "0";
            case 1, 2 -> String.valueOf(new int[] {1, 2, 3, 4, 5, 6, 7, 8}[random.nextInt(8)]);
            case 3 -> String.valueOf(new int[] {22, 23, 24, 25, 27, 28, 39, 49}[random.nextInt(8)]);
            case 4 -> String.valueOf(30 + random.nextInt(8));
            case 5 -> String.valueOf(40 + random.nextInt(8));
            case 6 -> String.valueOf(90 + random.nextInt(8));
            case 7 -> String.valueOf(100 + random.nextInt(8));
            case 8 -> "38;5;" + random.nextInt(256);
            case 9 -> "48;5;" + random.nextInt(256);
            case 10 -> "38;2;" + random.nextInt(256) + ";" + random.nextInt(256) + ";" + random.nextInt(256);
            default -> "48;2;" + random.nextInt(256) + ";" + random.nextInt(256) + ";" + random.nextInt(256);
        };
    }

    /** Appends up to {@code count} characters of one script; returns the cells they take. */
    private int text(StringBuilder out, int count) {
        int kind = random.nextInt(10);
        int cells = 0;
        for (int i = 0; i < count; i++) {
            switch (kind) {
                case 0, 1, 2, 3 -> {
                    out.append((char) ('!' + random.nextInt('~' - '!' + 1)));
                    cells++;
                }
                case 4, 5 -> {
                    out.append(' ');
                    cells++;
                }
                case 6 -> {
                    out.append((char) (0xC0 + random.nextInt(0x40)));
                    cells++;
                }
                case 7, 8 -> {
                    out.append((char) (0x4E00 + random.nextInt(0x9FA5 - 0x4E00)));
                    cells += 2;
                }
                default -> {
                    out.appendCodePoint(0x1F600 + random.nextInt(0x50));
                    cells += 2;
                }
            }
        }
        return cells;
    }
}
