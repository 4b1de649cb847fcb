package dev.holdfast.terminal.emulation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the sequences on which Holdfast's parser is meant to differ from the library's emulator (its fixes,
 * each listed and tested in {@code JediTerminalHandlerFixesTest}) into the form both read the same, meaning
 * what the program meant, so a recorded session can be compared in everything else:
 * <ul>
 *   <li>several modes in one SM/RM ({@code ESC[?1006;1000h}, vim): one sequence per mode;</li>
 *   <li>{@code CSI} with a {@code <} or {@code =} marker ({@code ESC[<1u}, an agent UI's "pop keyboard flags"), or
 *       with intermediates other than DECSTR's ({@code ESC[?2026$p}, {@code ESC[2 q}), {@code CSI Ps q} and
 *       {@code CSI 8;…t}: removed (the library printed their intermediates as text, or moved the cursor);</li>
 *   <li>empty or zero positions in CUP/HVP ({@code ESC[;5H}, {@code ESC[0;0H}): written as 1;</li>
 *   <li>OSC 0/1/2 titles with {@code ;} in them: the {@code ;} taken out (the library cut the title there);</li>
 *   <li>DEL and C1 controls outside strings: removed (the library printed them).</li>
 * </ul>
 */
final class ListedFixes {
    private static final Pattern CSI = Pattern.compile("\u001b\\[([\\x30-\\x3f]*)([\\x20-\\x2f]*)([\\x40-\\x7e])");
    private static final Pattern TITLE = Pattern.compile("\u001b\\]([012]);([^\u0007\u001b\u009c]*)(\u0007|\u001b\\\\|\u009c)");

    private ListedFixes() {
    }

    static String canonical(String output) {
        String text = titles(output);
        StringBuilder out = new StringBuilder(text.length());
        Matcher m = CSI.matcher(text);
        int at = 0;
        while (m.find()) {
            out.append(withoutDelAndC1(text.substring(at, m.start())));
            out.append(controlSequence(m.group(1), m.group(2), m.group(3).charAt(0)));
            at = m.end();
        }
        out.append(withoutDelAndC1(text.substring(at)));
        return out.toString();
    }

    private static String titles(String text) {
        Matcher m = TITLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(
                    "\u001b]" + m.group(1) + ";" + m.group(2).replace(";", "") + m.group(3)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String controlSequence(String params, String intermediates, char f) {
        char marker = !params.isEmpty() && "<=>?".indexOf(params.charAt(0)) >= 0 ? params.charAt(0) : 0;
        String values = marker == 0 ? params : params.substring(1);
        String original = "\u001b[" + params + intermediates + f;
        if (f == 'm') {
            return original; // SGR: both read every form alike
        }
        if (marker == '<' || marker == '=') {
            return "";
        }
        if (!intermediates.isEmpty()) {
            return intermediates.equals("!") && f == 'p' && params.isEmpty() ? original : "";
        }
        if (f == 'q' && marker == 0) {
            return "";
        }
        if (f == 't' && marker == 0 && (values.equals("8") || values.startsWith("8;"))) {
            return "";
        }
        if ((f == 'h' || f == 'l') && values.contains(";")) {
            StringBuilder split = new StringBuilder();
            for (String mode : values.split(";", -1)) {
                if (!mode.isEmpty()) {
                    split.append("\u001b[").append(marker == 0 ? "" : String.valueOf(marker)).append(mode).append(f);
                }
            }
            return split.toString();
        }
        if ((f == 'H' || f == 'f') && marker == 0) {
            String[] parts = values.split(";", -1);
            StringBuilder fixed = new StringBuilder("\u001b[");
            for (int i = 0; i < Math.min(parts.length, 2); i++) {
                if (i > 0) {
                    fixed.append(';');
                }
                fixed.append(parts[i].isEmpty() || Integer.parseInt(parts[i]) == 0 ? "1" : parts[i]);
            }
            return fixed.append(f).toString();
        }
        return original;
    }

    private static String withoutDelAndC1(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // Inside OSC/DCS/APC strings a C1 ST is a terminator, kept; elsewhere DEL and C1 go.
            if (c == 0x1b && i + 1 < text.length() && "]P_^X".indexOf(text.charAt(i + 1)) >= 0) {
                inString = true;
            } else if (inString && (c == 0x07 || c == 0x9c || c == '\\' && i > 0 && text.charAt(i - 1) == 0x1b)) {
                inString = false;
                out.append(c);
                continue;
            }
            if (!inString && (c == 0x7f || c >= 0x80 && c <= 0x9f)) {
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }
}
