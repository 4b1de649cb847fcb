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
    /** The replayable part of {@code text}. Never throws; {@code null} is treated as empty. */
    public String sanitize(CharSequence text) {
        if (text == null) {
            return "";
        }
        // An export holds only what replay may carry: found so in a pass that copies nothing, it is kept as it is.
        // Restoring twenty tabs of 400,000 characters, the token-by-token copy was most of the time before a tab's
        // shell could start.
        return replayable(text) ? text.toString() : scanned(text);
    }

    /** Whether {@link #scanned} keeps all of {@code text}: text, CR, LF, TAB and SGR, nothing else. */
    static boolean replayable(CharSequence text) {
        VtScanner tokens = new VtScanner(text);
        while (tokens.next()) {
            if (!kept(tokens, text)) {
                return false;
            }
        }
        return true;
    }

    /** The replayable part of {@code text}, token by token. */
    static String scanned(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        VtScanner tokens = new VtScanner(text);
        while (tokens.next()) {
            if (kept(tokens, text)) {
                out.append(text, tokens.start(), tokens.end());
            }
        }
        return out.toString();
    }

    /** Whether the token {@code tokens} is at stays: text, SGR, and of the controls CR, LF and TAB. */
    private static boolean kept(VtScanner tokens, CharSequence text) {
        return switch (tokens.kind()) {
            case TEXT, SGR -> true;
            case CONTROL -> {
                char c = text.charAt(tokens.start());
                yield c == '\r' || c == '\n' || c == '\t';
            }
            case OTHER_SEQUENCE -> false;
        };
    }
}
