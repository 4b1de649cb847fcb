package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.input.Key;
import dev.holdfast.terminal.input.KeyEncoder;
import dev.holdfast.terminal.input.KeyboardModes;
import dev.holdfast.terminal.input.Modifiers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NamedKeyTest {
    private final KeyEncoder encoder = new KeyEncoder();

    private String bytesOf(String name, KeyboardModes modes) {
        return new String(NamedKey.parse(name).encode(encoder, modes), StandardCharsets.UTF_8);
    }

    /** {@code \e} stands for ESC and {@code ^X} for a control character in the expected column. */
    private static String decode(String expected) {
        StringBuilder bytes = new StringBuilder();
        for (int i = 0; i < expected.length(); i++) {
            char c = expected.charAt(i);
            if (c == '\\' && expected.charAt(i + 1) == 'e') {
                bytes.append('\u001b');
                i++;
            } else if (c == '^') {
                char next = expected.charAt(++i);
                bytes.append(next == '?' ? '\u007f' : (char) (next & 0x1f));
            } else {
                bytes.append(c);
            }
        }
        return bytes.toString();
    }

    @ParameterizedTest(name = "{0} sends {1}")
    @CsvSource(delimiter = '|', value = {
            "Enter|^M", "Tab|^I", "Escape|\\e", "Esc|\\e", "Backspace|^?", "Space|' '",
            "Up|\\e[A", "Down|\\e[B", "Right|\\e[C", "Left|\\e[D", "Home|\\e[H", "End|\\e[F",
            "PageUp|\\e[5~", "PageDown|\\e[6~", "Delete|\\e[3~", "Insert|\\e[2~",
            "F1|\\eOP", "F2|\\eOQ", "F3|\\eOR", "F4|\\eOS", "F5|\\e[15~", "F6|\\e[17~", "F7|\\e[18~", "F8|\\e[19~",
            "F9|\\e[20~", "F10|\\e[21~", "F11|\\e[23~", "F12|\\e[24~",
            "C-a|^A", "C-c|^C", "C-z|^Z", "C-A|^A",
            "M-x|\\ex", "M-X|\\eX", "M--|\\e-", "M-Enter|\\e^M", "C-M-x|\\e^X", "M-C-x|\\e^X",
            "C-Up|\\e[1;5A", "M-Up|\\e[1;3A",
            "enter|^M", "ENTER|^M", "pageup|\\e[5~"})
    void namedKeysSendXtermsNormalModeSequences(String name, String expected) {
        assertEquals(decode(expected), bytesOf(name, KeyboardModes.NORMAL));
    }

    @Test
    void ctrlCIsEndOfTextAndEnterIsCarriageReturn() {
        assertArrayEquals(new byte[] {0x03}, NamedKey.parse("C-c").encode(encoder, KeyboardModes.NORMAL));
        assertArrayEquals(new byte[] {0x0d}, NamedKey.parse("Enter").encode(encoder, KeyboardModes.NORMAL));
    }

    @Test
    void cursorKeysFollowApplicationCursorMode() {
        KeyboardModes application = new KeyboardModes(true, false);
        assertEquals("\u001bOA", bytesOf("Up", application));
        assertEquals("\u001bOH", bytesOf("Home", application));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Foo", "C-", "M-", "C-1", "C-é", "ab", "Hyper-x", "x", "S-Tab", "F13", "C-M-"})
    void unknownNamesAreRefusedWithTheListOfKnownOnes(String name) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> NamedKey.parse(name));
        assertTrue(refused.getMessage().contains("unknown key name '" + name + "'"), refused.getMessage());
        assertTrue(refused.getMessage().contains("PageDown"), refused.getMessage());
    }

    @Test
    void everyTableEntryParsesToItsKey() {
        for (Map.Entry<String, Key> entry : NamedKey.KEYS) {
            NamedKey key = NamedKey.parse(entry.getKey());
            assertEquals(new NamedKey.Special(entry.getKey(), entry.getValue(),
                    Modifiers.NONE), key);
        }
        assertEquals(27, NamedKey.KEYS.size());
    }

    @Test
    void encodeAllConcatenatesInOrder() {
        List<NamedKey> keys = List.of(NamedKey.parse("C-c"), NamedKey.parse("Up"), NamedKey.parse("Enter"));
        assertEquals("\u0003\u001b[A\r",
                new String(NamedKey.encodeAll(keys, encoder, KeyboardModes.NORMAL), StandardCharsets.UTF_8));
    }
}
