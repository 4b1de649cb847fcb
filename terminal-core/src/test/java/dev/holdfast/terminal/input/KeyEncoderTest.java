package dev.holdfast.terminal.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bytes each key press sends, as tables. Expected bytes are written in {@link ByteNotation}: {@code ESC [1;5A}
 * is Ctrl+Up, {@code ^L} is 0x0C, {@code nothing} is the empty array.
 */
class KeyEncoderTest {

    private final KeyEncoder encoder = new KeyEncoder();

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # key     | modifiers          | modes      | expected
            # Enter: CR whatever Shift and Ctrl do; Alt prefixes ESC; Meta is a desktop shortcut
            ENTER     | -                  | normal     | CR
            ENTER     | Shift              | normal     | CR
            ENTER     | Ctrl               | normal     | CR
            ENTER     | Shift+Ctrl         | normal     | CR
            ENTER     | Alt                | normal     | ESC CR
            ENTER     | Shift+Alt          | normal     | ESC CR
            ENTER     | Ctrl+Alt           | normal     | ESC CR
            ENTER     | Shift+Ctrl+Alt     | normal     | ESC CR
            ENTER     | Meta               | normal     | nothing
            ENTER     | -                  | app-both   | CR
            # Tab: Shift+Tab is back-tab
            TAB       | -                  | normal     | TAB
            TAB       | Shift              | normal     | ESC [Z
            TAB       | Ctrl               | normal     | TAB
            TAB       | Shift+Ctrl         | normal     | ESC [Z
            TAB       | Alt                | normal     | ESC TAB
            TAB       | Shift+Alt          | normal     | ESC ESC [Z
            TAB       | Ctrl+Alt           | normal     | ESC TAB
            TAB       | Shift+Ctrl+Alt     | normal     | ESC ESC [Z
            TAB       | Meta               | normal     | nothing
            TAB       | Shift+Meta         | normal     | nothing
            # Backspace: DEL, Ctrl makes it BS
            BACKSPACE | -                  | normal     | DEL
            BACKSPACE | Shift              | normal     | DEL
            BACKSPACE | Ctrl               | normal     | BS
            BACKSPACE | Shift+Ctrl         | normal     | BS
            BACKSPACE | Alt                | normal     | ESC DEL
            BACKSPACE | Shift+Alt          | normal     | ESC DEL
            BACKSPACE | Ctrl+Alt           | normal     | ESC BS
            BACKSPACE | Shift+Ctrl+Alt     | normal     | ESC BS
            BACKSPACE | Meta               | normal     | nothing
            BACKSPACE | -                  | app-both   | DEL
            # Escape
            ESCAPE    | -                  | normal     | ESC
            ESCAPE    | Shift              | normal     | ESC
            ESCAPE    | Ctrl               | normal     | ESC
            ESCAPE    | Shift+Ctrl         | normal     | ESC
            ESCAPE    | Alt                | normal     | ESC ESC
            ESCAPE    | Shift+Alt          | normal     | ESC ESC
            ESCAPE    | Ctrl+Alt           | normal     | ESC ESC
            ESCAPE    | Shift+Ctrl+Alt     | normal     | ESC ESC
            ESCAPE    | Meta               | normal     | nothing
            # Space: Ctrl makes it NUL
            SPACE     | -                  | normal     | SP
            SPACE     | Shift              | normal     | SP
            SPACE     | Ctrl               | normal     | NUL
            SPACE     | Shift+Ctrl         | normal     | NUL
            SPACE     | Alt                | normal     | ESC SP
            SPACE     | Shift+Alt          | normal     | ESC SP
            SPACE     | Ctrl+Alt           | normal     | ESC NUL
            SPACE     | Shift+Ctrl+Alt     | normal     | ESC NUL
            SPACE     | Meta               | normal     | nothing
            # Arrows: CSI normally, SS3 in application cursor mode, CSI 1;m when modified in either mode
            UP        | -                  | normal     | ESC [A
            DOWN      | -                  | normal     | ESC [B
            RIGHT     | -                  | normal     | ESC [C
            LEFT      | -                  | normal     | ESC [D
            UP        | -                  | app-cursor | ESC OA
            DOWN      | -                  | app-cursor | ESC OB
            RIGHT     | -                  | app-cursor | ESC OC
            LEFT      | -                  | app-cursor | ESC OD
            UP        | -                  | app-keypad | ESC [A
            UP        | -                  | app-both   | ESC OA
            UP        | Ctrl               | normal     | ESC [1;5A
            DOWN      | Ctrl               | normal     | ESC [1;5B
            UP        | Ctrl               | app-cursor | ESC [1;5A
            DOWN      | Ctrl               | app-cursor | ESC [1;5B
            RIGHT     | Ctrl               | normal     | ESC [1;5C
            LEFT      | Ctrl               | normal     | ESC [1;5D
            UP        | Shift              | normal     | ESC [1;2A
            DOWN      | Alt                | normal     | ESC [1;3B
            RIGHT     | Shift+Alt          | app-cursor | ESC [1;4C
            LEFT      | Shift+Ctrl         | normal     | ESC [1;6D
            LEFT      | Alt+Ctrl           | normal     | ESC [1;7D
            UP        | Meta               | normal     | ESC [1;9A
            # Home and End follow the cursor key mode too
            HOME      | -                  | normal     | ESC [H
            END       | -                  | normal     | ESC [F
            HOME      | -                  | app-cursor | ESC OH
            END       | -                  | app-cursor | ESC OF
            HOME      | -                  | app-keypad | ESC [H
            HOME      | Shift              | normal     | ESC [1;2H
            END       | Shift              | normal     | ESC [1;2F
            HOME      | Ctrl               | app-cursor | ESC [1;5H
            END       | Ctrl               | app-cursor | ESC [1;5F
            # Editing keys
            INSERT    | -                  | normal     | ESC [2~
            DELETE    | -                  | normal     | ESC [3~
            PAGE_UP   | -                  | normal     | ESC [5~
            PAGE_DOWN | -                  | normal     | ESC [6~
            INSERT    | -                  | app-both   | ESC [2~
            DELETE    | -                  | app-both   | ESC [3~
            PAGE_UP   | -                  | app-both   | ESC [5~
            PAGE_DOWN | -                  | app-both   | ESC [6~
            INSERT    | Shift              | normal     | ESC [2;2~
            DELETE    | Ctrl               | normal     | ESC [3;5~
            DELETE    | Alt                | normal     | ESC [3;3~
            PAGE_UP   | Ctrl               | normal     | ESC [5;5~
            PAGE_DOWN | Ctrl               | normal     | ESC [6;5~
            PAGE_UP   | Shift              | normal     | ESC [5;2~
            # F1 to F4 are SS3 in every mode
            F1        | -                  | normal     | ESC OP
            F2        | -                  | normal     | ESC OQ
            F3        | -                  | normal     | ESC OR
            F4        | -                  | normal     | ESC OS
            F1        | -                  | app-both   | ESC OP
            F4        | -                  | app-both   | ESC OS
            F1        | Shift              | normal     | ESC [1;2P
            F2        | Ctrl               | normal     | ESC [1;5Q
            F3        | Alt                | normal     | ESC [1;3R
            F4        | Shift+Ctrl         | app-cursor | ESC [1;6S
            # F5 to F12 keep the VT220's numbering, gaps included
            F5        | -                  | normal     | ESC [15~
            F6        | -                  | normal     | ESC [17~
            F7        | -                  | normal     | ESC [18~
            F8        | -                  | normal     | ESC [19~
            F9        | -                  | normal     | ESC [20~
            F10       | -                  | normal     | ESC [21~
            F11       | -                  | normal     | ESC [23~
            F12       | -                  | normal     | ESC [24~
            F5        | -                  | app-both   | ESC [15~
            F12       | -                  | app-both   | ESC [24~
            F5        | Shift              | normal     | ESC [15;2~
            F6        | Ctrl               | normal     | ESC [17;5~
            F10       | Alt                | normal     | ESC [21;3~
            F12       | Shift+Ctrl         | normal     | ESC [24;6~
            # Modifier keys pressed alone send nothing (the platform may report the key's own modifier as held)
            SHIFT     | -                  | normal     | nothing
            SHIFT     | Shift              | normal     | nothing
            CONTROL   | -                  | normal     | nothing
            CONTROL   | Ctrl               | normal     | nothing
            ALT       | -                  | normal     | nothing
            ALT       | Alt                | normal     | nothing
            META      | -                  | normal     | nothing
            META      | Meta               | normal     | nothing
            CONTROL   | Shift+Ctrl         | app-both   | nothing
            """)
    void keySequences(Key key, String modifiers, String modes, String expected) {
        byte[] actual = encoder.encodeKey(key, modifiers(modifiers), modes(modes));

        assertBytes(expected, actual, key + " with " + modifiers + " in " + modes + " mode");
    }

    @ParameterizedTest(name = "\"{0}\" {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # text   | modifiers          | expected
            # Plain text is UTF-8; Shift is already in the text
            a        | -                  | a
            A        | Shift              | A
            ~        | Shift              | ~
            é        | -                  | é
            你好     | -                  | 你好
            😀       | -                  | 😀
            ''       | -                  | nothing
            ''       | Ctrl+Alt           | nothing
            # Ctrl+letter is the letter's control code, in either case
            a        | Ctrl               | ^A
            A        | Ctrl               | ^A
            A        | Shift+Ctrl         | ^A
            c        | Ctrl               | ^C
            d        | Ctrl               | ^D
            f        | Ctrl               | ^F
            h        | Ctrl               | BS
            i        | Ctrl               | TAB
            l        | Ctrl               | ^L
            L        | Ctrl               | ^L
            m        | Ctrl               | CR
            r        | Ctrl               | ^R
            z        | Ctrl               | ^Z
            Z        | Ctrl               | ^Z
            # Ctrl+punctuation
            @        | Ctrl               | NUL
            ' '      | Ctrl               | NUL
            [        | Ctrl               | ESC
            \\       | Ctrl               | ^\\
            ]        | Ctrl               | ^]
            ^        | Ctrl               | ^^
            _        | Ctrl               | ^_
            -        | Ctrl               | ^_
            /        | Ctrl               | ^_
            ?        | Ctrl               | DEL
            # Ctrl+digit as on the VT220
            2        | Ctrl               | NUL
            3        | Ctrl               | ESC
            4        | Ctrl               | ^\\
            5        | Ctrl               | ^]
            6        | Ctrl               | ^^
            7        | Ctrl               | ^_
            8        | Ctrl               | DEL
            # Ctrl with no control form types the text as it is
            1        | Ctrl               | 1
            9        | Ctrl               | 9
            é        | Ctrl               | é
            ab       | Ctrl               | ab
            # Alt prefixes ESC to whatever the key would send
            a        | Alt                | ESC a
            A        | Shift+Alt          | ESC A
            .        | Alt                | ESC .
            b        | Alt                | ESC b
            é        | Alt                | ESC é
            ' '      | Alt                | ESC SP
            # Ctrl+Alt is ESC and the control code
            a        | Ctrl+Alt           | ESC ^A
            x        | Ctrl+Alt           | ESC ^X
            [        | Ctrl+Alt           | ESC ESC
            ' '      | Ctrl+Alt           | ESC NUL
            ?        | Ctrl+Alt           | ESC DEL
            # Meta (Cmd, Super) belongs to desktop shortcuts: an unhandled one types nothing
            a        | Meta               | nothing
            c        | Ctrl+Meta          | nothing
            v        | Shift+Meta         | nothing
            """)
    void textSequences(String text, String modifiers, String expected) {
        byte[] actual = encoder.encodeText(text, modifiers(modifiers));

        assertBytes(expected, actual, "\"" + text + "\" with " + modifiers);
    }

    @Test
    void ctrlLAndCtrlFReachTheShell() {
        assertBytes("^L", encoder.encodeText("l", new Modifiers(false, true, false, false)), "Ctrl+L");
        assertBytes("^F", encoder.encodeText("f", new Modifiers(false, true, false, false)), "Ctrl+F");
        assertBytes("ESC [1;5A", encoder.encodeKey(Key.UP, new Modifiers(false, true, false, false),
                KeyboardModes.NORMAL), "Ctrl+Up");
        assertBytes("ESC [1;5B", encoder.encodeKey(Key.DOWN, new Modifiers(false, true, false, false),
                KeyboardModes.NORMAL), "Ctrl+Down");
    }

    @Test
    void aControlCodeThePlatformAlreadyMadeIsPassedThrough() {
        // Some platforms report Ctrl+A as the typed character U+0001 (it cannot be a table row: CSV trims it).
        assertBytes("^A", encoder.encodeText("\u0001", new Modifiers(false, true, false, false)), "U+0001 with Ctrl");
        assertBytes("ESC ^A", encoder.encodeText("\u0001", new Modifiers(false, true, true, false)),
                "U+0001 with Ctrl+Alt");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            -                   | 1
            Shift               | 2
            Alt                 | 3
            Shift+Alt           | 4
            Ctrl                | 5
            Shift+Ctrl          | 6
            Alt+Ctrl            | 7
            Shift+Alt+Ctrl      | 8
            Meta                | 9
            Shift+Meta          | 10
            Alt+Meta            | 11
            Shift+Alt+Meta      | 12
            Ctrl+Meta           | 13
            Shift+Ctrl+Meta     | 14
            Alt+Ctrl+Meta       | 15
            Shift+Alt+Ctrl+Meta | 16
            """)
    void xtermParameter(String modifiers, int expected) {
        assertEquals(expected, modifiers(modifiers).xtermParameter(), modifiers);
    }

    /**
     * Every key with a parameter form, under every modifier combination, in normal and in application modes:
     * the template's {@code %d} is the xterm parameter of {@link #xtermParameter}'s table.
     */
    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @MethodSource("everyModifiedKey")
    void modifiedKeysCarryTheXtermParameterInEveryMode(Key key, String modifiers, String modes, String expected) {
        byte[] actual = encoder.encodeKey(key, modifiers(modifiers), modes(modes));

        assertBytes(expected, actual, key + " with " + modifiers + " in " + modes + " mode");
    }

    static Stream<Arguments> everyModifiedKey() {
        List<Object[]> templates = List.of(
                new Object[] {Key.UP, "ESC [1;%dA"},
                new Object[] {Key.DOWN, "ESC [1;%dB"},
                new Object[] {Key.RIGHT, "ESC [1;%dC"},
                new Object[] {Key.LEFT, "ESC [1;%dD"},
                new Object[] {Key.HOME, "ESC [1;%dH"},
                new Object[] {Key.END, "ESC [1;%dF"},
                new Object[] {Key.INSERT, "ESC [2;%d~"},
                new Object[] {Key.DELETE, "ESC [3;%d~"},
                new Object[] {Key.PAGE_UP, "ESC [5;%d~"},
                new Object[] {Key.PAGE_DOWN, "ESC [6;%d~"},
                new Object[] {Key.F1, "ESC [1;%dP"},
                new Object[] {Key.F2, "ESC [1;%dQ"},
                new Object[] {Key.F3, "ESC [1;%dR"},
                new Object[] {Key.F4, "ESC [1;%dS"},
                new Object[] {Key.F5, "ESC [15;%d~"},
                new Object[] {Key.F6, "ESC [17;%d~"},
                new Object[] {Key.F7, "ESC [18;%d~"},
                new Object[] {Key.F8, "ESC [19;%d~"},
                new Object[] {Key.F9, "ESC [20;%d~"},
                new Object[] {Key.F10, "ESC [21;%d~"},
                new Object[] {Key.F11, "ESC [23;%d~"},
                new Object[] {Key.F12, "ESC [24;%d~"});
        String[] combinations = {
            "Shift", "Alt", "Shift+Alt", "Ctrl", "Shift+Ctrl", "Alt+Ctrl", "Shift+Alt+Ctrl", "Meta",
            "Shift+Meta", "Alt+Meta", "Shift+Alt+Meta", "Ctrl+Meta", "Shift+Ctrl+Meta", "Alt+Ctrl+Meta",
            "Shift+Alt+Ctrl+Meta"};
        List<Arguments> rows = new ArrayList<>();
        for (Object[] template : templates) {
            for (int i = 0; i < combinations.length; i++) {
                int parameter = i + 2;
                for (String modes : List.of("normal", "app-both")) {
                    rows.add(Arguments.of(template[0], combinations[i], modes,
                            String.format((String) template[1], parameter)));
                }
            }
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0} alone sends nothing")
    @CsvSource({"SHIFT", "CONTROL", "ALT", "META"})
    void modifierKeysSendNothingWhateverElseIsHeld(Key key) {
        for (Modifiers mods : allModifierCombinations()) {
            for (KeyboardModes modes : allModes()) {
                assertBytes("nothing", encoder.encodeKey(key, mods, modes), key + " with " + mods + ", " + modes);
            }
        }
    }

    @Test
    void applicationKeypadModeChangesNoKeyInTheTable() {
        for (Key key : Key.values()) {
            for (Modifiers mods : allModifierCombinations()) {
                for (boolean cursor : new boolean[] {false, true}) {
                    byte[] off = encoder.encodeKey(key, mods, new KeyboardModes(cursor, false));
                    byte[] on = encoder.encodeKey(key, mods, new KeyboardModes(cursor, true));
                    ByteNotation.assertBytes(off, on, key + " with " + mods + " in application keypad mode");
                }
            }
        }
    }

    @Test
    void everyKeyHasARowInTheKeyTable() throws NoSuchMethodException {
        String table = KeyEncoderTest.class
                .getDeclaredMethod("keySequences", Key.class, String.class, String.class, String.class)
                .getAnnotation(CsvSource.class).textBlock();
        Set<Key> missing = EnumSet.allOf(Key.class);
        table.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .map(line -> Key.valueOf(line.substring(0, line.indexOf('|')).strip()))
                .forEach(missing::remove);

        assertEquals(Set.of(), missing, "keys with no row in keySequences");
    }

    @Test
    void isModifierMarksExactlyTheModifierKeys() {
        for (Key key : Key.values()) {
            boolean expected = key == Key.SHIFT || key == Key.CONTROL || key == Key.ALT || key == Key.META;
            assertEquals(expected, key.isModifier(), key.name());
        }
    }

    private static List<Modifiers> allModifierCombinations() {
        List<Modifiers> all = new ArrayList<>();
        for (int bits = 0; bits < 16; bits++) {
            all.add(new Modifiers((bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0));
        }
        return all;
    }

    private static List<KeyboardModes> allModes() {
        return List.of(modes("normal"), modes("app-cursor"), modes("app-keypad"), modes("app-both"));
    }

    private static Modifiers modifiers(String spec) {
        if (spec.equals("-")) {
            return Modifiers.NONE;
        }
        boolean shift = false;
        boolean ctrl = false;
        boolean alt = false;
        boolean meta = false;
        for (String name : spec.split("\\+")) {
            switch (name) {
                case "Shift" -> shift = true;
                case "Ctrl" -> ctrl = true;
                case "Alt" -> alt = true;
                case "Meta" -> meta = true;
                default -> throw new IllegalArgumentException("unknown modifier in table: " + name);
            }
        }
        return new Modifiers(shift, ctrl, alt, meta);
    }

    private static KeyboardModes modes(String spec) {
        return switch (spec) {
            case "normal" -> KeyboardModes.NORMAL;
            case "app-cursor" -> new KeyboardModes(true, false);
            case "app-keypad" -> new KeyboardModes(false, true);
            case "app-both" -> new KeyboardModes(true, true);
            default -> throw new IllegalArgumentException("unknown modes in table: " + spec);
        };
    }

    private static void assertBytes(String expectedTokens, byte[] actual, String what) {
        ByteNotation.assertBytes(ByteNotation.parse(expectedTokens), actual, what);
    }
}
