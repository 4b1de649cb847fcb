package dev.holdfast.terminal.emulation;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random terminal output mixing every sequence both parsers know, for the differential test: text in several
 * scripts (wide characters, emoji, combining marks, long lines that wrap), C0 controls, ESC sequences, charset
 * designations, every control sequence the model has a call for with parameters in and out of range, SGR in
 * all its forms (colon sub-parameters, empty parameters, unknown codes, broken extended colours), modes, queries,
 * OSC titles and hyperlinks, DCS and APC/PM/SOS strings, C0 controls inside sequences, cancelled, abandoned and
 * over-long sequences, and malformed UTF-8. Deterministic for a given {@link Random}.
 *
 * <p>Left out, because there the two parsers are meant to differ (each is a listed fix in
 * {@code JediTerminalHandler}, with its own test): empty or zero positions in non-SGR control sequences, several
 * modes in one SM/RM, intermediates and private markers the model does not know ({@code CSI ? Ps c},
 * {@code CSI Ps SP q}, {@code CSI ? Ps $ p}, {@code CSI < u}), {@code CSI Ps q}, {@code CSI 8;…t}, VPA below
 * the last row, DCH/ECH counts wider than the screen, OSC titles with {@code ;}, DEL and C1 controls, and the
 * vttest fixes (ED 1, insert mode, pending wrap and origin mode details) whose inputs are listed with them.
 * Garbage neither parser can read the same way (a C0 control or an unknown intermediate inside an ESC
 * sequence, markers in mid-sequence, {@code :} outside SGR) is left out too.
 */
final class VtFuzz {
    private static final String ESC = "\u001b";
    private static final String CSI = ESC + "[";
    private static final char[] C0_IN_SEQUENCES = {0x00, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x05};
    private static final String UNKNOWN_FINALS = "IZabeijkosuvwxyz{|}~NOQRUVWY[\\]^_";
    private static final int[] DEC_MODES = {1, 3, 4, 5, 6, 7, 8, 12, 25, 40, 45, 47, 1047, 1048, 1049, 1000, 1001,
        1002, 1003, 1004, 1005, 1006, 1015, 1034, 1039, 2004, 9001, 2026, 69, 9999};
    private static final int[] ANSI_MODES = {2, 4, 12, 20, 25, 3, 34};

    private final Random random;
    private final int columns;
    private final int rows;

    VtFuzz(Random random, int columns, int rows) {
        this.random = random;
        this.columns = columns;
        this.rows = rows;
    }

    /** About {@code tokens} pieces of output as UTF-8, with a little malformed UTF-8 among them. */
    byte[] stream(int tokens) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < tokens; i++) {
            if (random.nextInt(200) == 0) {
                out.writeBytes(malformedUtf8());
            } else {
                out.writeBytes(token().getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }

    /**
     * {@code stream} cut into chunks of random sizes (a byte, a few, up to 500), anywhere.
     *
     * <p>Why at most 500: the library's emulator reads 1,024 chars at a time, and the normaliser in front of it
     * hands it a held-back sequence (up to 512 chars) together with the chunk that ends it; a longer total is cut
     * at 1,024 where Holdfast's parser does not cut it, and an accent at that cut would not compose there.
     */
    List<byte[]> chunks(byte[] stream) {
        List<byte[]> chunks = new ArrayList<>();
        int style = random.nextInt(4);
        int at = 0;
        while (at < stream.length) {
            int n = switch (style) {
                case 0 -> 1 + random.nextInt(4);
                case 1 -> 1 + random.nextInt(64);
                case 2 -> 1 + random.nextInt(500);
                default -> random.nextBoolean() ? 1 + random.nextInt(8) : 1 + random.nextInt(500);
            };
            n = Math.min(n, stream.length - at);
            byte[] chunk = new byte[n];
            System.arraycopy(stream, at, chunk, 0, n);
            chunks.add(chunk);
            at += n;
        }
        return chunks;
    }

    private String token() {
        int kind = random.nextInt(100);
        if (kind < 30) {
            return text();
        }
        if (kind < 40) {
            return control();
        }
        if (kind < 48) {
            return escape();
        }
        if (kind < 68) {
            return controlSequence();
        }
        if (kind < 83) {
            return sgr();
        }
        if (kind < 88) {
            return mode();
        }
        if (kind < 93) {
            return osc();
        }
        if (kind < 95) {
            return dcs();
        }
        if (kind < 96) {
            return apcPmSos();
        }
        return broken();
    }

    // ---- text ----

    private String text() {
        StringBuilder out = new StringBuilder();
        int kind = random.nextInt(12);
        int n = kind == 0 ? columns + random.nextInt(columns * 2) : 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0, 1, 2, 3 -> out.append((char) ('!' + random.nextInt('~' - '!' + 1)));
                case 4 -> out.append(' ');
                case 5 -> out.append((char) (0xA0 + random.nextInt(0x60)));
                case 6 -> out.append((char) (0x4E00 + random.nextInt(0x9FA5 - 0x4E00)));
                case 7 -> out.appendCodePoint(0x1F600 + random.nextInt(0x50));
                case 8 -> out.append(random.nextBoolean() ? "e\u0301" : "a\u0308").append(random.nextInt(5) == 0 ? "\u0323" : "");
                case 9 -> out.append((char) (0x2500 + random.nextInt(0x80)));
                case 10 -> out.append("lqkxjmntuvw`afg~".charAt(random.nextInt(16)));
                default -> out.append((char) (0xFF01 + random.nextInt(0x5E)));
            }
        }
        return out.toString();
    }

    private String control() {
        return switch (random.nextInt(14)) {
            case 0, 1, 2 -> "\r\n";
            case 3, 4 -> "\n";
            case 5 -> "\r";
            case 6 -> "\b";
            case 7 -> "\t";
            case 8 -> "\u0007";
            case 9 -> random.nextBoolean() ? "\u000b" : "\u000c";
            case 10 -> "\u0000";
            case 11 -> random.nextBoolean() ? "\u000e" : "\u000f";
            case 12 -> "\u0005";
            default -> random.nextBoolean() ? "\u0018" : "\u001a";
        };
    }

    // ---- ESC ----

    private String escape() {
        if (random.nextInt(3) == 0) {
            String designators = "B0A<>4CRQKYE6Z5H7=`";
            return ESC + "()*+./".charAt(random.nextInt(6)) + designators.charAt(random.nextInt(designators.length()));
        }
        return switch (random.nextInt(16)) {
            case 0 -> ESC + "7";
            case 1 -> ESC + "8";
            case 2 -> ESC + "D";
            case 3 -> ESC + "E";
            case 4 -> ESC + "H";
            case 5 -> ESC + "M";
            case 6 -> ESC + (random.nextBoolean() ? "=" : ">");
            case 7 -> ESC + "F";
            case 8 -> random.nextInt(8) == 0 ? ESC + "c" : ESC + "7";
            case 9 -> ESC + "NOno|}~".charAt(random.nextInt(7));
            case 10 -> ESC + "#" + "83456".charAt(random.nextInt(5));
            case 11 -> ESC + " " + "FGLMN".charAt(random.nextInt(5));
            case 12 -> ESC + "%" + (random.nextBoolean() ? "G" : "@");
            case 13 -> ESC + "69\\Zyz".charAt(random.nextInt(6));
            case 14 -> ESC + ESC + "7";
            default -> ESC + "$" + "@ABC".charAt(random.nextInt(4));
        };
    }

    // ---- control sequences ----

    private String controlSequence() {
        int height = rows;
        return switch (random.nextInt(30)) {
            case 0 -> csi(count(height + 5), "A");
            case 1 -> csi(count(height + 5), "B");
            case 2 -> csi(count(columns + 5), "C");
            case 3 -> csi(count(columns + 5), "D");
            case 4 -> csi(count(height + 3), random.nextBoolean() ? "E" : "F");
            case 5 -> csi(optional(position(columns + 5)), random.nextBoolean() ? "G" : "`");
            case 6, 7, 8 -> cup();
            case 9 -> csi(optional(random.nextInt(4)), "J");
            case 10 -> csi(optional(random.nextInt(3)), "K");
            case 11 -> csi(optional(random.nextInt(height + 3)), "L");
            case 12 -> csi(optional(random.nextInt(height + 3)), "M");
            case 13 -> csi(optional(random.nextInt(columns + 1)), "P");
            case 14 -> csi(optional(random.nextInt(columns + 1)), "X");
            case 15 -> csi(optional(random.nextInt(columns + 3)), "@");
            case 16 -> csi(optional(random.nextInt(height + 3)), random.nextBoolean() ? "S" : "T");
            case 17 -> csi(optional(position(height)), "d");
            case 18 -> csi(optional(new int[] {0, 3, 1, 2}[random.nextInt(4)]), "g");
            case 19 -> scrollRegion();
            case 20 -> random.nextInt(4) == 0 ? csi(optional(random.nextInt(2)), "c")
                    : CSI + ">" + (random.nextBoolean() ? "" : String.valueOf(random.nextInt(2))) + "c";
            case 21 -> csi(String.valueOf(new int[] {5, 6, 7, 5, 6}[random.nextInt(5)]), "n");
            case 22 -> CSI + "!p";
            case 23 -> csi((random.nextBoolean() ? "22" : "23") + ";" + random.nextInt(3), "t");
            case 24 -> csi(String.valueOf(new int[] {1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 14, 18, 19, 20, 21}[random.nextInt(15)]), "t");
            case 25 -> csi(optional(random.nextInt(10)), String.valueOf(UNKNOWN_FINALS.charAt(random.nextInt(UNKNOWN_FINALS.length()))));
            case 26 -> CSI + "?" + random.nextInt(3000) + "JKnrsu".charAt(random.nextInt(6));
            case 27 -> CSI + ">" + random.nextInt(5) + "u";
            case 28 -> withControlsInside();
            default -> csi(String.valueOf(random.nextInt(4)) , "J");
        };
    }

    private String cup() {
        String row = String.valueOf(position(rows + 3));
        String column = String.valueOf(position(columns + 3));
        String f = random.nextInt(4) == 0 ? "f" : "H";
        return switch (random.nextInt(5)) {
            case 0 -> CSI + f;
            case 1 -> CSI + row + f;
            case 2 -> CSI + row + ";" + f;
            default -> CSI + row + ";" + column + f;
        };
    }

    private String scrollRegion() {
        int top = 1 + random.nextInt(rows);
        int bottom = random.nextInt(6) == 0 ? 1 + random.nextInt(rows) : top + random.nextInt(rows - top + 1);
        return switch (random.nextInt(6)) {
            case 0 -> CSI + "r";
            case 1 -> CSI + top + "r";
            default -> CSI + top + ";" + bottom + "r";
        };
    }

    /** A control sequence with C0 controls in its parameters (vttest does this). */
    private String withControlsInside() {
        String sequence = random.nextBoolean() ? controlSequence() : sgr();
        if (!sequence.startsWith(CSI) || sequence.length() < 3) {
            return sequence;
        }
        StringBuilder out = new StringBuilder(sequence);
        // After a private marker (or DECSTR's '!'): the library takes one only as the very first character.
        int first = "<=>?!".indexOf(sequence.charAt(2)) >= 0 ? 3 : 2;
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            int at = first + random.nextInt(out.length() - first);
            out.insert(at, C0_IN_SEQUENCES[random.nextInt(C0_IN_SEQUENCES.length)]);
        }
        return out.toString();
    }

    private String csi(String params, String f) {
        return CSI + params + f;
    }

    private String count(int max) {
        return optional(random.nextInt(max + 1));
    }

    /** Sometimes no parameter at all (the default), else the value. */
    private String optional(int value) {
        return random.nextInt(5) == 0 ? "" : String.valueOf(value);
    }

    private int position(int max) {
        return 1 + random.nextInt(max);
    }

    private String mode() {
        if (random.nextInt(4) == 0) {
            int mode = ANSI_MODES[random.nextInt(ANSI_MODES.length)];
            return CSI + mode + (random.nextBoolean() ? "h" : "l");
        }
        int mode = DEC_MODES[random.nextInt(DEC_MODES.length)];
        return CSI + "?" + mode + (random.nextBoolean() ? "h" : "l");
    }

    // ---- SGR ----

    private String sgr() {
        if (random.nextInt(15) == 0) {
            return CSI + "m";
        }
        if (random.nextInt(30) == 0) {
            return CSI + new String[] {">4;2", ">4;0", "?1", "=5", "<1"}[random.nextInt(5)] + "m";
        }
        if (random.nextInt(40) == 0) {
            return CSI + sgrCode() + " m";
        }
        StringBuilder p = new StringBuilder();
        int codes = 1 + random.nextInt(5);
        for (int i = 0; i < codes; i++) {
            if (i > 0) {
                p.append(';');
            }
            p.append(sgrCode());
        }
        return CSI + p + "m";
    }

    private String sgrCode() {
        return switch (random.nextInt(24)) {
            case 0 -> "0";
            case 1 -> "";
            case 2, 3 -> String.valueOf(1 + random.nextInt(9));
            case 4 -> String.valueOf(new int[] {21, 22, 23, 24, 25, 26, 27, 28, 29, 39, 49}[random.nextInt(11)]);
            case 5 -> String.valueOf(30 + random.nextInt(10));
            case 6 -> String.valueOf(40 + random.nextInt(10));
            case 7 -> String.valueOf(90 + random.nextInt(8));
            case 8 -> String.valueOf(100 + random.nextInt(8));
            case 9 -> "38;5;" + random.nextInt(300);
            case 10 -> "48;5;" + random.nextInt(260);
            case 11 -> "38;2;" + rgbPart() + ";" + rgbPart() + ";" + rgbPart();
            case 12 -> "48;2;" + rgbPart() + ";" + rgbPart() + ";" + rgbPart();
            case 13 -> "4:" + random.nextInt(7);
            case 14 -> (random.nextBoolean() ? "38" : "48") + ":5:" + random.nextInt(260);
            case 15 -> (random.nextBoolean() ? "38" : "48") + ":2::" + rgbPart() + ":" + rgbPart() + ":" + rgbPart();
            case 16 -> (random.nextBoolean() ? "38" : "48") + ":2:" + rgbPart() + ":" + rgbPart() + ":" + rgbPart();
            case 17 -> "58" + (random.nextBoolean() ? ";5;" + random.nextInt(256) : ":2::1:2:3");
            case 18 -> String.valueOf(new int[] {53, 55, 59, 73, 10, 11, 20, 50, 51, 60, 65, 9999, 10000}[random.nextInt(13)]);
            case 19 -> random.nextBoolean() ? "38" : "38;" + random.nextInt(7);
            case 20 -> "48;5";
            case 21 -> "0000" + random.nextInt(10);
            case 22 -> String.valueOf(random.nextInt(200000));
            default -> (random.nextBoolean() ? "38" : "48") + ":" + random.nextInt(7) + (random.nextBoolean() ? "" : ":" + random.nextInt(300));
        };
    }

    private String rgbPart() {
        return random.nextInt(20) == 0 ? String.valueOf(256 + random.nextInt(100))
                : random.nextInt(20) == 0 ? "" : String.valueOf(random.nextInt(256));
    }

    // ---- strings ----

    private String terminator() {
        return switch (random.nextInt(5)) {
            case 0, 1 -> "\u0007";
            case 2, 3 -> ESC + "\\";
            default -> "\u009c";
        };
    }

    private String osc() {
        String body = switch (random.nextInt(14)) {
            case 0, 1 -> random.nextInt(3) + ";" + title();
            case 2 -> random.nextInt(3) + ";";
            case 3 -> String.valueOf(random.nextInt(3));
            case 4, 5 -> "8;" + (random.nextBoolean() ? "" : "id=" + random.nextInt(99)) + ";" + uri();
            case 6 -> "8;;";
            case 7 -> "8;" + random.nextInt(9);
            case 8 -> shellMark();
            case 9 -> (random.nextBoolean() ? "10" : "11") + ";?";
            case 10 -> "104;" + random.nextInt(16);
            case 11 -> "52;c;aGVsbG8=";
            case 12 -> "4;1;rgb:ff/00/00";
            default -> shellMark();
        };
        int ending = random.nextInt(30);
        if (ending == 0) {
            return ESC + "]" + body + "\u0018";
        }
        if (ending == 1) {
            return ESC + "]" + body + ESC + "[1m";
        }
        if (ending == 2) {
            // Over-long (dropped), or just within the bound and then 4,096 chars in all: the library reads a held-back
            // string with what follows in slices of 1,024 chars, so text after it starts a slice of its own.
            String terminator = terminator();
            int payload = random.nextBoolean() ? 4095 + random.nextInt(10) : 4096 - 2 - terminator.length();
            return ESC + "]0;" + "x".repeat(payload - 2) + terminator;
        }
        return ESC + "]" + body + terminator();
    }

    /** OSC 133 prompt and command marks and OSC 7 directories, well formed or not. */
    private String shellMark() {
        return switch (random.nextInt(10)) {
            case 0, 1 -> "133;" + "ABCD".charAt(random.nextInt(4));
            case 2 -> "133;C;cmdline_url=make%20test%3B" + random.nextInt(9);
            case 3 -> "133;C;cmdline=ls -la; echo " + random.nextInt(9);
            case 4 -> "133;D;" + random.nextInt(3);
            case 5 -> "7;file://host/tmp/dir%20" + random.nextInt(9);
            case 6 -> "7;file:///";
            case 7 -> "133;Z";
            case 8 -> "7;not a url";
            default -> "133;";
        };
    }

    private String title() {
        StringBuilder out = new StringBuilder();
        int n = random.nextInt(20);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(10);
            if (kind == 0) {
                out.append('\u4E2D');
            } else if (kind == 1) {
                out.append(' ');
            } else if (kind == 2 && random.nextInt(4) == 0) {
                out.append('\t');
            } else {
                out.append((char) ('a' + random.nextInt(26)));
            }
        }
        return out.toString();
    }

    private String uri() {
        return switch (random.nextInt(4)) {
            case 0 -> "https://example.com/" + random.nextInt(1000);
            case 1 -> "https://example.com/a;b?c=" + random.nextInt(99);
            case 2 -> "file:///tmp/x" + random.nextInt(99);
            default -> "http://x/" + "y".repeat(random.nextInt(300));
        };
    }

    private String dcs() {
        String body = switch (random.nextInt(6)) {
            case 0 -> "1$qm";
            case 1 -> "+q544e";
            case 2 -> "$q\"p";
            case 3 -> "0;1|17/ab";
            case 4 -> "q#0;2;0;0;0#0~~@@vv";
            default -> random.nextInt(9) + ";" + random.nextInt(9) + "x" + "data".repeat(random.nextInt(4));
        };
        if (random.nextInt(20) == 0) {
            body = "q" + "~".repeat(4094 + random.nextInt(10));
        }
        return ESC + "P" + body + (random.nextInt(20) == 0 ? "\u001a" : terminator());
    }

    private String apcPmSos() {
        String introducer = "_^X".charAt(random.nextInt(3)) + "";
        String body = introducer.equals("_") ? "Gf=100,i=1;AAAA" + "B".repeat(random.nextInt(100)) : "payload " + random.nextInt(99);
        return ESC + introducer + body + terminator();
    }

    /** Cancelled, abandoned and over-long sequences. */
    private String broken() {
        return switch (random.nextInt(8)) {
            case 0 -> CSI + random.nextInt(99) + ";" + "\u0018";
            case 1 -> CSI + random.nextInt(99) + "\u001a" + "after";
            case 2 -> CSI + "1;2" + ESC + "[31m";
            case 3 -> CSI + "1;".repeat(250 + random.nextInt(20)) + "H";
            case 4 -> CSI + "9".repeat(505 + random.nextInt(10)) + "m";
            case 5 -> CSI + "38;2;" + "\u0008" + "1;2;3m";
            case 6 -> ESC + "\u0018" + "x";
            default -> ESC + "]2;abandoned" + ESC + "7";
        };
    }

    private byte[] malformedUtf8() {
        return switch (random.nextInt(7)) {
            case 0 -> new byte[] {(byte) 0xff};
            case 1 -> new byte[] {(byte) 0xc0, (byte) 0x80};
            case 2 -> new byte[] {(byte) 0x80};
            case 3 -> new byte[] {(byte) 0xe2, (byte) 0x82, 'A'};
            case 4 -> new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80};
            case 5 -> new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80};
            default -> new byte[] {(byte) 0xf0, (byte) 0x9f, 'x'};
        };
    }
}
