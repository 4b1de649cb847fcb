package dev.holdfast.app.control;

import dev.holdfast.terminal.input.Key;
import dev.holdfast.terminal.input.KeyEncoder;
import dev.holdfast.terminal.input.KeyboardModes;
import dev.holdfast.terminal.input.Modifiers;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A key named on the command line ({@code send --keys Enter C-c Up}), parsed into the terminal core's key and
 * modifiers. The bytes come from {@link KeyEncoder}, the encoder the view uses for real key presses, so a named key
 * sends exactly what pressing it would: xterm's sequences, Enter as CR, C-c as 0x03, and Up as {@code ESC O A}
 * when the program has switched on application cursor mode.
 *
 * <p>Names: those in {@link #KEYS} (any letter case), {@code C-a}…{@code C-z} for Ctrl with a letter, and
 * {@code M-} before a named key or a single character for Alt (Meta), which xterm sends as an ESC prefix
 * ({@code M-x} is ESC x). {@code C-} also applies to named keys ({@code C-Up}) and combines with {@code M-}
 * ({@code C-M-x}).
 */
public sealed interface NamedKey {

    /** The keys that have no text, by the name {@code --keys} knows them by, in the order the help lists them. */
    List<Map.Entry<String, Key>> KEYS = List.of(
            Map.entry("Enter", Key.ENTER), Map.entry("Tab", Key.TAB), Map.entry("Escape", Key.ESCAPE),
            Map.entry("Backspace", Key.BACKSPACE), Map.entry("Up", Key.UP), Map.entry("Down", Key.DOWN),
            Map.entry("Left", Key.LEFT), Map.entry("Right", Key.RIGHT), Map.entry("Home", Key.HOME),
            Map.entry("End", Key.END), Map.entry("PageUp", Key.PAGE_UP), Map.entry("PageDown", Key.PAGE_DOWN),
            Map.entry("Delete", Key.DELETE), Map.entry("Insert", Key.INSERT), Map.entry("Space", Key.SPACE),
            Map.entry("F1", Key.F1), Map.entry("F2", Key.F2), Map.entry("F3", Key.F3), Map.entry("F4", Key.F4),
            Map.entry("F5", Key.F5), Map.entry("F6", Key.F6), Map.entry("F7", Key.F7), Map.entry("F8", Key.F8),
            Map.entry("F9", Key.F9), Map.entry("F10", Key.F10), Map.entry("F11", Key.F11), Map.entry("F12", Key.F12));

    /** The name as given. */
    String name();

    /** The bytes this key sends to a program whose keyboard modes are {@code modes}. */
    byte[] encode(KeyEncoder encoder, KeyboardModes modes);

    /** A key without text, such as {@code Up} or {@code M-Enter}. */
    record Special(String name, Key key, Modifiers modifiers) implements NamedKey {
        public Special {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(modifiers, "modifiers");
        }

        @Override
        public byte[] encode(KeyEncoder encoder, KeyboardModes modes) {
            return encoder.encodeKey(key, modifiers, modes);
        }
    }

    /** A character typed with Ctrl or Alt held, such as {@code C-c} or {@code M-x}. */
    record Chord(String name, String character, Modifiers modifiers) implements NamedKey {
        public Chord {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(character, "character");
            Objects.requireNonNull(modifiers, "modifiers");
        }

        @Override
        public byte[] encode(KeyEncoder encoder, KeyboardModes modes) {
            return encoder.encodeText(character, modifiers);
        }
    }

    /**
     * Parses one key name.
     *
     * @throws IllegalArgumentException for a name that is not in the table, with a message listing what is
     */
    static NamedKey parse(String name) {
        Objects.requireNonNull(name, "name");
        boolean ctrl = false;
        boolean alt = false;
        String rest = name;
        // A bare "C-" or "M-" is no key; "M--" is Alt with '-'.
        while (rest.length() > 2 && (rest.startsWith("C-") || rest.startsWith("M-"))) {
            if (rest.charAt(0) == 'C') {
                ctrl = true;
            } else {
                alt = true;
            }
            rest = rest.substring(2);
        }
        Modifiers modifiers = new Modifiers(false, ctrl, alt, false);
        String keyName = rest.equalsIgnoreCase("Esc") ? "Escape" : rest;
        for (Map.Entry<String, Key> named : KEYS) {
            if (named.getKey().equalsIgnoreCase(keyName)) {
                return new Special(name, named.getValue(), modifiers);
            }
        }
        boolean oneCharacter = rest.codePointCount(0, rest.length()) == 1;
        if (ctrl && oneCharacter && isAsciiLetter(rest.charAt(0))) {
            // C-A is C-a: Ctrl makes the same control code of either case.
            return new Chord(name, rest.toLowerCase(Locale.ROOT), modifiers);
        }
        if (alt && !ctrl && oneCharacter) {
            return new Chord(name, rest, modifiers);
        }
        throw new IllegalArgumentException("unknown key name '" + name + "' (known: " + String.join(" ", names())
                + ", C-a to C-z, M-<key or character>)");
    }

    /** The names in {@link #KEYS}, for help and error messages. */
    static List<String> names() {
        return KEYS.stream().map(Map.Entry::getKey).toList();
    }

    /** Every key's bytes in order, ready to write to the PTY as one chunk. */
    static byte[] encodeAll(List<NamedKey> keys, KeyEncoder encoder, KeyboardModes modes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (NamedKey key : keys) {
            bytes.writeBytes(key.encode(encoder, modes));
        }
        return bytes.toByteArray();
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
