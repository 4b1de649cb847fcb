package dev.holdfast.terminal.export;

/**
 * Splits text into what a VT terminal would see: runs of printable text, single control characters, and whole
 * escape sequences. Both the tail trimmer (which must never cut inside a sequence) and the replay sanitizer
 * (which keeps only text, CR, LF, TAB and SGR) read text through it, so they agree on where sequences end.
 *
 * <p>The grammar follows ECMA-48 as xterm applies it:
 * <ul>
 *   <li>CSI ({@code ESC [} or 8-bit {@code 0x9B}): parameter bytes {@code 0x30–0x3F}, intermediates
 *       {@code 0x20–0x2F}, one final byte {@code 0x40–0x7E}.</li>
 *   <li>Strings — OSC ({@code ESC ]}, {@code 0x9D}), DCS ({@code ESC P}, {@code 0x90}), SOS ({@code ESC X},
 *       {@code 0x98}), PM ({@code ESC ^}, {@code 0x9E}), APC ({@code ESC _}, {@code 0x9F}) — run to BEL,
 *       ST ({@code ESC \}, {@code 0x9C}), or CAN/SUB, which cancel them. BEL is accepted for all of them, as
 *       many terminals do, so a stray string swallows as little as possible.</li>
 *   <li>Other escapes: {@code ESC}, intermediates {@code 0x20–0x2F} (charset designations such as
 *       {@code ESC ( 0}, {@code ESC # 8}), one final byte {@code 0x30–0x7E}.</li>
 * </ul>
 * A control character, DEL or non-ASCII character where a sequence expects its next byte ends that sequence
 * early (an {@link Kind#OTHER_SEQUENCE}) and is read afresh; an ESC inside a string ends the string and starts a
 * new sequence. A sequence cut off by the end of the text is an {@link Kind#OTHER_SEQUENCE} too.
 */
public final class VtScanner {

    /** What a token is. */
    public enum Kind {
        /** One or more printable characters (neither C0, DEL nor C1). */
        TEXT,
        /** A single C0, DEL or C1 character that does not introduce a sequence (CR, LF, TAB, BEL, BS, …). */
        CONTROL,
        /** A 7-bit {@code ESC [ params m} whose parameters are only digits, {@code ;} and {@code :}. */
        SGR,
        /** Any other escape sequence or string, complete, malformed or cut off. */
        OTHER_SEQUENCE
    }

    /**
     * SGR parameters longer than this are not treated as SGR. Real ones are a few dozen characters (the longest
     * useful, two RGB colours and every attribute, is under 60); a longer one is garbage or an attempt to make
     * the emulator's parameter parser do unbounded work.
     */
    public static final int MAX_SGR_PARAMETER_CHARS = 256;

    private static final char ESC = 0x1b;
    private static final char BEL = 0x07;
    private static final char CAN = 0x18;
    private static final char SUB = 0x1a;
    private static final char DCS_8BIT = 0x90;
    private static final char SOS_8BIT = 0x98;
    private static final char CSI_8BIT = 0x9b;
    private static final char ST_8BIT = 0x9c;
    private static final char OSC_8BIT = 0x9d;
    private static final char PM_8BIT = 0x9e;
    private static final char APC_8BIT = 0x9f;

    private final CharSequence text;
    private final int length;
    private int start;
    private int end;
    private Kind kind;
    private int parametersStart;
    private int parametersEnd;

    public VtScanner(CharSequence text) {
        this.text = text;
        this.length = text.length();
    }

    /** Whether a character is printable text: not a C0 control, not DEL, not a C1 control. */
    public static boolean isPrintable(char c) {
        return c >= 0x20 && c != 0x7f && (c < 0x80 || c > 0x9f);
    }

    /** Advances to the next token; false at the end of the text. */
    public boolean next() {
        start = end;
        if (start >= length) {
            kind = null;
            return false;
        }
        char c = text.charAt(start);
        if (c == ESC) {
            scanEscape();
        } else if (c == CSI_8BIT) {
            scanControlSequence(start + 1, false);
        } else if (c == OSC_8BIT || c == DCS_8BIT || c == SOS_8BIT || c == PM_8BIT || c == APC_8BIT) {
            scanString(start + 1);
        } else if (isPrintable(c)) {
            int i = start + 1;
            while (i < length && isPrintable(text.charAt(i))) {
                i++;
            }
            finish(Kind.TEXT, i);
        } else {
            finish(Kind.CONTROL, start + 1);
        }
        return true;
    }

    public Kind kind() {
        return kind;
    }

    /** Index of the token's first character. */
    public int start() {
        return start;
    }

    /** Index just past the token's last character. */
    public int end() {
        return end;
    }

    /** For an {@link Kind#SGR} token, its parameters: the text between {@code ESC [} and {@code m}. */
    public CharSequence sgrParameters() {
        if (kind != Kind.SGR) {
            throw new IllegalStateException("not an SGR token: " + kind);
        }
        return text.subSequence(parametersStart, parametersEnd);
    }

    private void scanEscape() {
        int i = start + 1;
        if (i >= length) {
            finish(Kind.OTHER_SEQUENCE, length);
            return;
        }
        char c = text.charAt(i);
        if (c == '[') {
            scanControlSequence(i + 1, true);
        } else if (c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_') {
            scanString(i + 1);
        } else if (c >= 0x20 && c <= 0x2f) {
            while (i < length && text.charAt(i) >= 0x20 && text.charAt(i) <= 0x2f) {
                i++;
            }
            if (i < length && text.charAt(i) >= 0x30 && text.charAt(i) <= 0x7e) {
                i++;
            }
            finish(Kind.OTHER_SEQUENCE, i);
        } else if (c >= 0x30 && c <= 0x7e) {
            finish(Kind.OTHER_SEQUENCE, i + 1);
        } else {
            // ESC followed by a control, DEL or non-ASCII: the ESC alone is the (aborted) sequence.
            finish(Kind.OTHER_SEQUENCE, i);
        }
    }

    private void scanControlSequence(int from, boolean sevenBit) {
        boolean intermediates = false;
        boolean malformed = false;
        boolean sgrParameters = true;
        int i = from;
        while (i < length) {
            char c = text.charAt(i);
            if (c >= 0x30 && c <= 0x3f) {
                // A parameter byte after an intermediate is malformed; xterm ignores the sequence to its end.
                malformed |= intermediates;
                sgrParameters &= (c >= '0' && c <= '9') || c == ';' || c == ':';
                i++;
            } else if (c >= 0x20 && c <= 0x2f) {
                intermediates = true;
                i++;
            } else if (c >= 0x40 && c <= 0x7e) {
                boolean sgr = sevenBit && c == 'm' && !intermediates && !malformed && sgrParameters
                        && i - from <= MAX_SGR_PARAMETER_CHARS;
                parametersStart = from;
                parametersEnd = i;
                finish(sgr ? Kind.SGR : Kind.OTHER_SEQUENCE, i + 1);
                return;
            } else {
                break;
            }
        }
        finish(Kind.OTHER_SEQUENCE, i);
    }

    private void scanString(int from) {
        for (int i = from; i < length; i++) {
            char c = text.charAt(i);
            if (c == BEL || c == ST_8BIT || c == CAN || c == SUB) {
                finish(Kind.OTHER_SEQUENCE, i + 1);
                return;
            }
            if (c == ESC) {
                boolean terminator = i + 1 < length && text.charAt(i + 1) == '\\';
                finish(Kind.OTHER_SEQUENCE, terminator ? i + 2 : i);
                return;
            }
        }
        finish(Kind.OTHER_SEQUENCE, length);
    }

    private void finish(Kind tokenKind, int tokenEnd) {
        kind = tokenKind;
        end = tokenEnd;
    }
}
