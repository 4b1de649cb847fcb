package dev.holdfast.terminal.replay;

import dev.holdfast.terminal.export.VtScanner;

/**
 * Reduces restored text to what replay may carry: printable text (any script, wide characters, emoji), CR, LF,
 * TAB and SGR sequences ({@code ESC [} digits, {@code ;} and {@code :}, {@code m}).
 *
 * <p>Everything else is dropped whole — the sequence with its parameters and payload, not just its introducer,
 * so no fragment turns into stray text or a new sequence:
 * <ul>
 *   <li>OSC strings (titles 0/1/2, palette 4/10/11/104, hyperlinks 8, clipboard 52, …) ended by BEL or ST;</li>
 *   <li>DCS, SOS, PM and APC strings;</li>
 *   <li>every CSI other than SGR: modes ({@code ?1049h}, {@code ?2004h}), device queries ({@code 6n},
 *       {@code c}), cursor movement, erasing, scrolling regions, and SGR look-alikes with a private marker or
 *       an intermediate ({@code ESC[>4;2m} sets a keyboard mode);</li>
 *   <li>single-character escapes ({@code ESC 7}, {@code ESC c}, {@code ESC M}) and charset designations
 *       ({@code ESC ( 0});</li>
 *   <li>C0 controls other than CR, LF and TAB (BEL, BS, ENQ — which asks for an answerback —, SO/SI, VT, FF,
 *       NUL, …), DEL, and C1 controls {@code 0x80–0x9F}, including 8-bit CSI/OSC/DCS with their sequences;</li>
 *   <li>any sequence left unterminated at the end of the text.</li>
 * </ul>
 * Where sequences begin and end is decided by {@link VtScanner}, the same reader the export's tail trimmer uses.
 * Unpaired surrogates are not controls and pass through as text. The output of {@code sanitize} sanitizes to
 * itself.
 */
public final class ReplaySanitizer {
    private static final char ESC = 0x1b;

    /** The replayable part of {@code text}. Never throws; {@code null} is treated as empty. */
    public String sanitize(CharSequence text) {
        if (text == null) {
            return "";
        }
        // An export holds only what replay may carry: checked in one tight pass, it is kept as it is. Restoring
        // twenty tabs of 400,000 characters, the token-by-token copy below was most of the time before a tab's
        // shell could start.
        return replayable(text) ? text.toString() : scanned(text);
    }

    /** Whether {@link #scanned} would keep all of {@code text}: text, CR, LF, TAB and SGR, nothing else. */
    static boolean replayable(CharSequence text) {
        int length = text.length();
        for (int at = 0; at < length; at++) {
            char c = text.charAt(at);
            if (c == ESC) {
                if (at + 1 >= length || text.charAt(at + 1) != '[') {
                    return false;
                }
                int m = at + 2;
                while (m < length && m - (at + 2) <= VtScanner.MAX_SGR_PARAMETER_CHARS && sgrParameter(text.charAt(m))) {
                    m++;
                }
                if (m >= length || text.charAt(m) != 'm' || m - (at + 2) > VtScanner.MAX_SGR_PARAMETER_CHARS) {
                    return false;
                }
                at = m;
            } else if (c < 0x20 ? c != '\r' && c != '\n' && c != '\t' : c >= 0x7f && c <= 0x9f) {
                return false;
            }
        }
        return true;
    }

    private static boolean sgrParameter(char c) {
        return (c >= '0' && c <= '9') || c == ';' || c == ':';
    }

    /** The replayable part of {@code text}, token by token. */
    static String scanned(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        VtScanner tokens = new VtScanner(text);
        while (tokens.next()) {
            switch (tokens.kind()) {
                case TEXT, SGR -> out.append(text, tokens.start(), tokens.end());
                case CONTROL -> {
                    char c = text.charAt(tokens.start());
                    if (c == '\r' || c == '\n' || c == '\t') {
                        out.append(c);
                    }
                }
                case OTHER_SEQUENCE -> {
                    // Dropped whole.
                }
            }
        }
        return out.toString();
    }
}
