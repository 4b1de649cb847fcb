package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static dev.holdfast.terminal.export.VtText.visible;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ReplaySanitizerTest {
    private static final String ESC = "\u001b";
    private static final String BEL = "\u0007";
    private static final String ST = ESC + "\\";

    private final ReplaySanitizer sanitizer = new ReplaySanitizer();

    private void assertDropped(String sequence) {
        assertVtEquals("before after", sanitizer.sanitize("before " + sequence + "after"), visible(sequence));
    }

    @Test
    void keepsTextOfEveryScriptCrLfTabAndSgr() {
        String text = "héllo Ωμέγα 中文字符 😀🙃 \tx\r\n" + ESC + "[1;38;2;1;2;3;48;5;200m" + ESC + "[38:2::1:2:3m"
                + ESC + "[m" + ESC + "[0m" + ESC + "[4:3mend";
        assertVtEquals(text, sanitizer.sanitize(text));
    }

    @Test
    void dropsOscStringsEndedByBelOrSt() {
        for (String terminator : new String[] {BEL, ST, "\u009c"}) {
            assertDropped(ESC + "]0;window title" + terminator);
            assertDropped(ESC + "]1;icon title" + terminator);
            assertDropped(ESC + "]2;title" + terminator);
            assertDropped(ESC + "]4;1;rgb:ff/00/00" + terminator);
            assertDropped(ESC + "]4;1;?" + terminator);
            assertDropped(ESC + "]10;?" + terminator);
            assertDropped(ESC + "]11;rgb:00/00/00" + terminator);
            assertDropped(ESC + "]104" + terminator);
            assertDropped(ESC + "]52;c;ZWNobyBwd25lZA==" + terminator);
            assertDropped(ESC + "]52;c;?" + terminator);
        }
    }

    @Test
    void dropsHyperlinksButKeepsTheirText() {
        assertVtEquals("see docs now",
                sanitizer.sanitize("see " + ESC + "]8;id=1;https://example.com" + ST + "docs" + ESC + "]8;;" + ST + " now"));
    }

    @Test
    void dropsDeviceControlAndOtherStrings() {
        assertDropped(ESC + "P1$r0m" + ST);
        assertDropped(ESC + "P+q544e" + ST);
        assertDropped(ESC + "_Gf=100;payload" + ST);
        assertDropped(ESC + "^privacy message" + ST);
        assertDropped(ESC + "Xstart of string" + ST);
        assertDropped(ESC + "Pcancelled\u0018");
    }

    @Test
    void dropsControlSequencesOtherThanSgr() {
        for (String csi : new String[] {"?1049h", "?1049l", "?2004h", "?1000h", "6n", "5n", "c", ">c", "=c", "H",
                "10;20H", "2J", "3J", "K", "5A", "3C", "2;10r", "4h", "20h", "?25l", "18t", "22;0t", "!p", " q",
                ">4;2m", "?25m", "<1m", "=1m", "1 m", "1;2$m", "1;>2m", "0\"p"}) {
            assertDropped(ESC + "[" + csi);
        }
    }

    @Test
    void dropsSingleCharacterEscapesAndCharsetDesignations() {
        for (String escape : new String[] {"7", "8", "c", "M", "D", "E", "H", "=", ">", "N", "O", "n", "o", "(0",
                ")B", "*A", "+<", "-A", "#8", "%G", " F"}) {
            assertDropped(ESC + escape);
        }
    }

    @Test
    void dropsC0ControlsOtherThanCrLfTabAndDel() {
        for (char c = 0; c < 0x20; c++) {
            if (c != '\r' && c != '\n' && c != '\t' && c != 0x1b) {
                assertDropped(String.valueOf(c));
            }
        }
        assertDropped("\u007f");
    }

    @Test
    void dropsC1ControlsWithTheSequencesTheyIntroduce() {
        for (char c = 0x80; c <= 0x9f; c++) {
            if (c != 0x90 && c != 0x98 && c != 0x9b && c != 0x9d && c != 0x9e && c != 0x9f) {
                assertDropped(String.valueOf(c));
            }
        }
        assertDropped("\u009b6n");
        assertDropped("\u009b31m");
        assertDropped("\u009d52;c;ZXZpbA==\u009c");
        assertDropped("\u0090$q m\u009c");
        assertDropped("\u009f payload \u009c");
    }

    @Test
    void dropsSequencesLeftUnterminatedAtTheEnd() {
        for (String tail : new String[] {ESC, ESC + "[", ESC + "[12;3", ESC + "]52;c;ZXZpbA==", ESC + "]0;ti",
                ESC + "P1$r", ESC + "_x", ESC + "(", "\u009b", "\u009d0;t", ESC + "]0;t" + ESC}) {
            assertVtEquals("ok", sanitizer.sanitize("ok" + tail), visible(tail));
        }
    }

    @Test
    void aSequenceCutShortLeavesWhatFollowsAsText() {
        assertVtEquals("a\r\nb", sanitizer.sanitize("a" + ESC + "[12\r\nb"));
        assertVtEquals("a" + ESC + "[31mb", sanitizer.sanitize("a" + ESC + ESC + "[31mb"));
        assertVtEquals("a中b", sanitizer.sanitize("a" + ESC + "[1中b"));
    }

    @Test
    void absurdlyLongSgrIsDropped() {
        assertVtEquals("ab", sanitizer.sanitize("a" + ESC + "[" + "1;".repeat(200) + "m" + "b"));
    }

    @Test
    void nullIsEmpty() {
        assertEquals("", sanitizer.sanitize(null));
    }

    @Test
    void randomInputNeverThrowsAndLeavesOnlyAllowedText() {
        long seed = 0x5A17_1Ab1EL;
        Random random = new Random(seed);
        // Bytes as chars (C0, C1, ESC, Latin-1), biased towards what builds sequences, plus some wider text.
        char[] interesting = {0x1b, 0x1b, '[', ']', 'P', '_', '^', 'X', '\\', ';', ':', '?', '>', 'm', 'm', 'n',
            'c', 'h', 'l', '0', '1', '5', '8', 0x07, 0x9c, 0x9b, 0x9d, 0x90, 0x18, 0x1a, '\r', '\n', '\t', ' '};
        for (int i = 0; i < 10_000; i++) {
            int length = random.nextInt(120);
            StringBuilder input = new StringBuilder(length);
            for (int k = 0; k < length; k++) {
                int pick = random.nextInt(10);
                if (pick < 4) {
                    input.append(interesting[random.nextInt(interesting.length)]);
                } else if (pick < 9) {
                    input.append((char) random.nextInt(256));
                } else {
                    input.append(random.nextBoolean() ? (char) (0x4e00 + random.nextInt(500)) : "😀");
                }
            }
            String where = "seed " + seed + ", case " + i + ": " + visible(input.toString());
            String output = assertDoesNotThrow(() -> sanitizer.sanitize(input), where);
            assertOnlyAllowed(output, where);
            assertEquals(output, sanitizer.sanitize(output), "sanitizing twice changes nothing; " + where);
        }
    }

    /**
     * The rule, checked without the sanitizer's scanner: printable characters, CR, LF, TAB, and ESC only as the
     * start of {@code ESC [ [0-9;:]* m}.
     */
    static void assertOnlyAllowed(String text, String where) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == 0x1b) {
                int j = i + 1;
                if (j >= text.length() || text.charAt(j) != '[') {
                    fail("ESC not followed by [ at " + i + ": " + visible(text) + "; " + where);
                }
                j++;
                while (j < text.length() && ("0123456789;:".indexOf(text.charAt(j)) >= 0)) {
                    j++;
                }
                if (j >= text.length() || text.charAt(j) != 'm') {
                    fail("a CSI other than SGR at " + i + ": " + visible(text) + "; " + where);
                }
                i = j + 1;
            } else if (c == '\r' || c == '\n' || c == '\t') {
                i++;
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
                fail(String.format("control 0x%02x at %d: %s; %s", (int) c, i, visible(text), where));
            } else {
                i++;
            }
        }
    }

    @Test
    void textKeptAsItIsIsExactlyWhatTheTokenByTokenCopyKeeps() {
        // Pieces near the fast check's edges: SGR look-alikes, SGR parameters at and past the limit, cut-off
        // sequences, C0 and C1 controls, DEL, surrogates.
        String[] pieces = {"plain ", "\r\n", "\t", "\n", "\u001b[0m", "\u001b[m", "\u001b[1;31m", "\u001b[38:2::1:2:3m",
                "\u001b[" + "1;".repeat(128) + "m", "\u001b[" + "1;".repeat(129) + "m", "\u001b[?25m", "\u001b[>4;2m",
                "\u001b[1 m", "\u001b[2J", "\u001b]0;title\u0007", "\u001b(0", "\u001b", "\u001b[", "\u001b[12", "\u0007",
                "\u0000", "\u007f", "\u0085", "\u009b31m", "\u00a0é", "日本", "\ud83d\ude00", "\ud800", "x".repeat(50)};
        Random random = new Random(0x5A_171L);
        int keptWhole = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int count = 1 + random.nextInt(12);
            boolean clean = random.nextInt(3) == 0;
            for (int p = 0; p < count; p++) {
                text.append(pieces[random.nextInt(clean ? 9 : pieces.length)]);
            }
            String t = text.toString();
            String expected = ReplaySanitizer.scanned(t);
            assertEquals(expected, sanitizer.sanitize(t), "case " + i);
            if (ReplaySanitizer.replayable(t)) {
                keptWhole++;
                assertEquals(t, expected, "case " + i + " was kept whole but the copy drops part of it");
            }
        }
        assertTrue(keptWhole > 5_000, "texts kept whole: " + keptWhole);
    }
}
