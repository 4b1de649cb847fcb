package dev.holdfast.terminal.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * How the input tests write and show terminal bytes.
 *
 * <p>Written: space-separated tokens. {@code ESC CR TAB BS DEL NUL SP} name single bytes, {@code ^X} is caret
 * notation for a control code ({@code ^A} = 0x01, {@code ^[} = ESC, {@code ^?} = 0x7F), {@code nothing} is the
 * empty array, and any other token is literal UTF-8 text. Shown: {@code "\e[1;5A"} with {@code \e \r \t} and
 * {@code \xNN} for other non-printable or non-ASCII bytes, plus the hex dump.
 */
final class ByteNotation {

    private ByteNotation() {
    }

    static byte[] parse(String tokens) {
        if (tokens.equals("nothing")) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String token : tokens.trim().split(" +")) {
            switch (token) {
                case "ESC" -> out.write(0x1b);
                case "CR" -> out.write(0x0d);
                case "TAB" -> out.write(0x09);
                case "BS" -> out.write(0x08);
                case "DEL" -> out.write(0x7f);
                case "NUL" -> out.write(0x00);
                case "SP" -> out.write(0x20);
                default -> {
                    if (token.length() == 2 && token.charAt(0) == '^') {
                        char c = token.charAt(1);
                        out.write(c == '?' ? 0x7f : c & 0x1f);
                    } else {
                        out.writeBytes(token.getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return out.toByteArray();
    }

    /** Compares as escaped text (an exact, one-to-one rendering) so that a failure shows both sides readably. */
    static void assertBytes(byte[] expected, byte[] actual, String what) {
        assertEquals(escaped(expected), escaped(actual),
                () -> what + ": expected " + hex(expected) + " but was " + hex(actual));
    }

    static String escaped(byte[] bytes) {
        StringBuilder s = new StringBuilder("\"");
        for (byte b : bytes) {
            int v = b & 0xff;
            switch (v) {
                case 0x1b -> s.append("\\e");
                case 0x0d -> s.append("\\r");
                case 0x09 -> s.append("\\t");
                case '\\' -> s.append("\\\\");
                case '"' -> s.append("\\\"");
                default -> {
                    if (v >= 0x20 && v < 0x7f) {
                        s.append((char) v);
                    } else {
                        s.append(String.format("\\x%02x", v));
                    }
                }
            }
        }
        return s.append('"').toString();
    }

    static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < bytes.length; i++) {
            s.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
        }
        return s.append(']').toString();
    }
}
