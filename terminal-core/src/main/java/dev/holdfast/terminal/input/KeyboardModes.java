package dev.holdfast.terminal.input;

/**
 * The keyboard modes the program in the terminal has switched on.
 *
 * <p>Read them from the emulator at the moment of the key press:
 * {@code new KeyboardModes(terminal.isModelEnabled(TerminalMode.CursorKey),
 * terminal.isModelEnabled(TerminalMode.Keypad))} on JediTerm's {@code JediTerminal}. Its emulator records
 * DECCKM ({@code ESC [ ? 1 h/l}) and DECKPAM/DECKPNM ({@code ESC =} / {@code ESC >}) there;
 * {@code JediTermKeyboardModesTest} holds it to that.
 *
 * @param applicationCursorKeys DECCKM: unmodified arrows, Home and End send {@code ESC O x} instead of
 *                              {@code ESC [ x}. Programs such as vim, less and readline in some setups turn it on.
 * @param applicationKeypad     DECKPAM: the numeric keypad sends application sequences. None of the keys in
 *                              {@link Key} is on the keypad, so it changes nothing the encoder sends today; it is
 *                              carried so that the emulator's state reaches the encoder whole.
 */
public record KeyboardModes(boolean applicationCursorKeys, boolean applicationKeypad) {

    /** The modes of a freshly reset terminal. */
    public static final KeyboardModes NORMAL = new KeyboardModes(false, false);
}
