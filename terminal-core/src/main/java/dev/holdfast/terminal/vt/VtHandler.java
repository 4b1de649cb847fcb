package dev.holdfast.terminal.vt;

/**
 * What a {@link VtParser} finds in a terminal's output, in order. The parser knows nothing of a screen: it
 * calls this, and an implementation (such as {@link JediTerminalHandler}) applies it to a model.
 *
 * <p>Arguments are the parser's own buffers, valid only during the call: copy what you keep. Calls come on the
 * parser's thread.
 */
public interface VtHandler {
    /**
     * Printable text: {@code text[from, to)}, never empty, with no control characters in it. A run is cut only
     * where a control or sequence comes, or where the parser's input ended. The text stays valid until the
     * handler's next call other than {@code print}, or until {@link #inputEnd()} returns, so a handler may hold
     * on to it until then without copying.
     */
    void print(char[] text, int from, int to);

    /** The parser has used up the input it was given; text from earlier {@link #print} calls is no longer valid. */
    void inputEnd();

    /** A C0 control character ({@code 0x00–0x1F}), other than ESC, CAN and SUB inside a sequence. */
    void execute(char control);

    /** {@code ESC} [intermediates] final, the final in {@code 0x30–0x7E}. */
    void escDispatch(VtSequence sequence);

    /** {@code ESC [} [marker] [parameters] [intermediates] final. */
    void csiDispatch(VtSequence sequence);

    /**
     * {@code ESC ]} payload {@code BEL} or {@code ST}: the payload between introducer and terminator,
     * {@code payload[0, length)}.
     *
     * @param bellTerminated whether {@code BEL} ended it (an answer ends the same way)
     */
    void oscDispatch(char[] payload, int length, boolean bellTerminated);

    /**
     * {@code ESC P} [parameters] [intermediates] final data {@code ST}: the header in {@code header}, the data in
     * {@code data[0, length)}. A string whose header was malformed or never ended comes with final character 0
     * and no data, and means nothing.
     */
    void dcsDispatch(VtSequence header, char[] data, int length);
}
