package dev.holdfast.terminal.stream;

/**
 * Rewrites a terminal's output, chunk by chunk, so that jeditermfx-core 1.0.0 parses every escape sequence
 * the way xterm would, or not at all.
 *
 * <p>What changes (everything else passes through untouched, byte for byte):
 * <ul>
 *   <li>SGR ({@code ESC [ … m}) with colon sub-parameters, empty parameters, codes the library does not
 *       implement (9, 29, 53, 55, 58, 59, …) or extended colours it would misread: rewritten by
 *       {@link SgrParameters}; an SGR left with nothing is dropped, never turned into a reset.</li>
 *   <li>{@code CSI} with a private marker and final {@code m} ({@code ESC[>4;2m}, vim's modifyOtherKeys) or
 *       with intermediates: not SGR, but the library would apply it as SGR (underline, dim, …). Dropped.</li>
 *   <li>APC, PM and SOS strings ({@code ESC _ … ST}, {@code ESC ^}, {@code ESC X}; kitty's graphics protocol
 *       among them): the library does not know them and would print their payload. Dropped.</li>
 *   <li>Cancelled and over-long sequences: {@code CAN}/{@code SUB}, or an {@code ESC} that starts a new
 *       sequence, inside a sequence abandon it as in a VT parser, instead of the library reading on across
 *       the next sequence. A control sequence longer than {@link #MAX_CONTROL_SEQUENCE_CHARS} or a string
 *       longer than {@link #MAX_STRING_SEQUENCE_CHARS} is dropped, and the rest of it skipped without
 *       buffering, so memory stays bounded whatever arrives (the library would buffer it all, and a control
 *       sequence over its 1,024-char push-back buffer throws).</li>
 * </ul>
 * OSC 8 hyperlinks pass through and are also reported to the {@link HyperlinkListener}. Shell-integration marks
 * (OSC 133 prompt and command marks, OSC 7 working directories, see {@link ShellMark}) are reported to the
 * {@link ShellMarkListener} and taken out: the library would only ignore them.
 *
 * <p>State survives between chunks, so a sequence split across PTY reads is handled as a whole: its start is
 * held back until its end arrives. A chunk in the ground state without {@code ESC} costs one scan and no copy.
 * Not thread-safe: one reader thread owns it.
 */
public final class StreamNormalizer {
    /**
     * The longest control sequence ({@code ESC [ … final}) buffered, in chars. Real ones are a few dozen; the
     * library pushes a sequence with any unexpected char back through a fixed 1,024-char buffer.
     */
    public static final int MAX_CONTROL_SEQUENCE_CHARS = 512;
    /** The longest OSC or DCS string buffered, in chars: room for a long hyperlink URI. */
    public static final int MAX_STRING_SEQUENCE_CHARS = 4096;

    private static final char ESC = 0x1b;
    private static final char BEL = 0x07;
    private static final char CAN = 0x18;
    private static final char SUB = 0x1a;
    private static final char ST_8BIT = 0x9c;

    private enum State {
        GROUND,
        /** After ESC. */
        ESCAPE,
        /** Inside {@code ESC [}, buffering. */
        CSI,
        /** Inside an over-long control sequence: skipping to its final byte. */
        CSI_IGNORE,
        /** Inside an OSC or DCS string, buffering. */
        STRING,
        /** Inside an OSC or DCS string, just after ESC: {@code \} ends it, anything else abandons it. */
        STRING_ESC,
        /** Inside a string that is dropped (APC, PM, SOS, or an over-long OSC/DCS): skipping to its end. */
        IGNORE_STRING,
        IGNORE_STRING_ESC
    }

    private final HyperlinkListener hyperlinks;
    private final ShellMarkListener shellMarks;
    /** The current sequence's chars from its ESC, including any held back from earlier chunks. */
    private final StringBuilder sequence = new StringBuilder(64);
    private State state = State.GROUND;
    private boolean stringIsOsc;

    // Per chunk: the input, where the not-yet-copied verbatim text starts, where the current sequence starts
    // in this chunk (the chunk's start if it began in an earlier one), and whether output differs from input.
    private char[] in;
    private StringBuilder out;
    private int verbatimFrom;
    private int sequenceFrom;
    private boolean sequenceBeganEarlier;
    private boolean changed;

    /**
     * @param hyperlinks told of each OSC 8 hyperlink during {@link #normalize}, right after the hyperlink's
     *     sequence has been appended to the output (so {@code out.length()} is the position just after it)
     */
    public StreamNormalizer(HyperlinkListener hyperlinks) {
        this(hyperlinks, ShellMarkListener.NONE);
    }

    /**
     * @param hyperlinks as in {@link #StreamNormalizer(HyperlinkListener)}
     * @param shellMarks told of each shell-integration mark during {@link #normalize}, right after the text
     *     before the mark has been appended to the output (so {@code out.length()} is where the mark was)
     */
    public StreamNormalizer(HyperlinkListener hyperlinks, ShellMarkListener shellMarks) {
        this.hyperlinks = hyperlinks;
        this.shellMarks = shellMarks;
    }

    /**
     * Normalizes the next chunk of output.
     *
     * @return {@code false} when the chunk passes unchanged: nothing was appended, use {@code chunk} itself;
     *     {@code true} when {@code out} received the chunk's normalized text (possibly nothing, if all of it
     *     was dropped or is the start of a sequence held back until its end arrives)
     */
    public boolean normalize(char[] chunk, int offset, int length, StringBuilder out) {
        int end = offset + length;
        if (state == State.GROUND && indexOfEsc(chunk, offset, end) < 0) {
            return false;
        }
        this.in = chunk;
        this.out = out;
        this.verbatimFrom = offset;
        this.sequenceFrom = offset;
        this.sequenceBeganEarlier = state != State.GROUND;
        this.changed = false;
        try {
            int i = offset;
            while (i < end) {
                if (state == State.GROUND) {
                    int esc = indexOfEsc(chunk, i, end);
                    if (esc < 0) {
                        break;
                    }
                    startSequence(esc);
                    i = esc + 1;
                    continue;
                }
                if (step(chunk[i], i, offset)) {
                    i++;
                }
            }
            if (state != State.GROUND) {
                // Hold the unfinished sequence back (it is in `sequence`, or being skipped).
                flushVerbatimTo(sequenceFrom);
                verbatimFrom = end;
            }
            if (!changed) {
                return false;
            }
            flushVerbatimTo(end);
            return true;
        } finally {
            this.in = null;
            this.out = null;
        }
    }

    private static int indexOfEsc(char[] chunk, int from, int end) {
        for (int i = from; i < end; i++) {
            if (chunk[i] == ESC) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Handles {@code c} at {@code i} outside the ground state.
     *
     * @return false when {@code c} must be handled again (in the state this step switched to)
     */
    private boolean step(char c, int i, int chunkStart) {
        switch (state) {
            case ESCAPE -> escape(c, i);
            case CSI -> {
                if (c >= 0x40 && c <= 0x7e) {
                    sequence.append(c);
                    finishControlSequence(i);
                } else if (!interrupted(c, i)) {
                    sequence.append(c);
                    if (sequence.length() > MAX_CONTROL_SEQUENCE_CHARS) {
                        sequence.setLength(0);
                        state = State.CSI_IGNORE;
                    }
                }
            }
            case CSI_IGNORE -> {
                if (c >= 0x40 && c <= 0x7e) {
                    drop(i);
                } else {
                    interrupted(c, i);
                }
            }
            case STRING -> {
                if (c == BEL || c == ST_8BIT) {
                    sequence.append(c);
                    finishString(i);
                } else if (c == ESC) {
                    sequence.append(c);
                    state = State.STRING_ESC;
                } else if (c == CAN || c == SUB) {
                    drop(i);
                } else {
                    sequence.append(c);
                    if (sequence.length() > MAX_STRING_SEQUENCE_CHARS) {
                        sequence.setLength(0);
                        state = State.IGNORE_STRING;
                    }
                }
            }
            case IGNORE_STRING -> {
                if (c == BEL || c == ST_8BIT || c == CAN || c == SUB) {
                    drop(i);
                } else if (c == ESC) {
                    state = State.IGNORE_STRING_ESC;
                }
            }
            case STRING_ESC, IGNORE_STRING_ESC -> {
                if (c == '\\') {
                    if (state == State.STRING_ESC) {
                        sequence.append(c);
                        finishString(i);
                    } else {
                        drop(i);
                    }
                } else {
                    // The ESC did not end the string: it starts a new sequence, and the string is abandoned.
                    restartAtEsc(i - 1, chunkStart);
                    return false;
                }
            }
            default -> throw new IllegalStateException(state.toString());
        }
        return true;
    }

    private void escape(char c, int i) {
        switch (c) {
            case '[' -> {
                sequence.append(c);
                state = State.CSI;
            }
            case ']', 'P' -> {
                sequence.append(c);
                stringIsOsc = c == ']';
                state = State.STRING;
            }
            case '_', '^', 'X' -> {
                sequence.setLength(0);
                state = State.IGNORE_STRING;
            }
            case ESC -> {
                // ESC ESC: the first is cancelled, the second starts the sequence.
                abandonBefore(i);
                startSequence(i);
            }
            case CAN, SUB -> drop(i);
            default -> {
                sequence.append(c);
                passVerbatim(i);
            }
        }
    }

    /** Inside a control sequence: ESC abandons it and starts anew, CAN and SUB cancel it. */
    private boolean interrupted(char c, int i) {
        if (c == ESC) {
            abandonBefore(i);
            startSequence(i);
            return true;
        }
        if (c == CAN || c == SUB) {
            drop(i);
            return true;
        }
        return false;
    }

    private void startSequence(int escIndex) {
        sequence.setLength(0);
        sequence.append(ESC);
        sequenceFrom = escIndex;
        sequenceBeganEarlier = false;
        state = State.ESCAPE;
    }

    /** The ESC at {@code escIndex} (in an earlier chunk when before {@code chunkStart}) starts anew. */
    private void restartAtEsc(int escIndex, int chunkStart) {
        if (escIndex >= chunkStart) {
            abandonBefore(escIndex);
            startSequence(escIndex);
        } else {
            // The ESC was held back with the abandoned string; it now begins a sequence of its own.
            abandonBefore(chunkStart);
            sequence.setLength(0);
            sequence.append(ESC);
            sequenceFrom = chunkStart;
            sequenceBeganEarlier = true;
            state = State.ESCAPE;
        }
    }

    private void finishControlSequence(int i) {
        char finalChar = sequence.charAt(sequence.length() - 1);
        if (finalChar != 'm') {
            passVerbatim(i);
            return;
        }
        CharSequence params = sequence.subSequence(2, sequence.length() - 1);
        StringBuilder controls = null;
        StringBuilder sgr = null;
        boolean valid = true;
        for (int k = 0; k < params.length(); k++) {
            char c = params.charAt(k);
            if (c < 0x20) {
                // A C0 control inside a sequence is executed where it stands, as the library also does.
                if (controls == null) {
                    controls = new StringBuilder();
                    sgr = new StringBuilder(params.subSequence(0, k));
                }
                controls.append(c);
                continue;
            }
            if (sgr != null) {
                sgr.append(c);
            }
            boolean marker = (c == '<' || c == '=' || c == '>' || c == '?') && k == 0;
            if (marker || !(c >= '0' && c <= '9' || c == ';' || c == ':')) {
                valid = false;
            }
        }
        CharSequence parameters = sgr != null ? sgr : params;
        String rewritten = valid ? SgrParameters.rewrite(parameters) : SgrParameters.DROP;
        if (controls == null) {
            if (rewritten == null) {
                passVerbatim(i);
            } else if (rewritten.isEmpty()) {
                drop(i);
            } else {
                replace(i, "\u001b[" + rewritten + "m");
            }
            return;
        }
        StringBuilder replacement = new StringBuilder(controls);
        if (rewritten == null) {
            replacement.append("\u001b[").append(parameters).append('m');
        } else if (!rewritten.isEmpty()) {
            replacement.append("\u001b[").append(rewritten).append('m');
        }
        replace(i, replacement);
    }

    private void finishString(int i) {
        if (stringIsOsc && reportedShellMark(i)) {
            return;
        }
        if (!stringIsOsc || sequence.length() < 5 || sequence.charAt(2) != '8' || sequence.charAt(3) != ';') {
            passVerbatim(i);
            return;
        }
        int terminator = sequence.charAt(sequence.length() - 1) == '\\' ? 2 : 1;
        String body = sequence.substring(4, sequence.length() - terminator);
        int separator = body.indexOf(';');
        // The hyperlink is appended before the listener hears of it: the position just after it is out.length().
        replace(i, sequence);
        if (separator < 0) {
            return;
        }
        String uri = body.substring(separator + 1);
        if (uri.isEmpty()) {
            hyperlinks.hyperlinkEnded();
        } else {
            hyperlinks.hyperlinkStarted(uri, body.substring(0, separator));
        }
    }

    /** An OSC 133 or OSC 7 mark ending at {@code i} is dropped and reported; false when the OSC is another. */
    private boolean reportedShellMark(int i) {
        // sequence is ESC ] body terminator; the terminator is BEL, 8-bit ST, or ESC \.
        int terminator = sequence.charAt(sequence.length() - 1) == '\\' ? 2 : 1;
        CharSequence body = sequence.subSequence(2, sequence.length() - terminator);
        if (!ShellMarks.isShellMark(body)) {
            return false;
        }
        ShellMark mark = ShellMarks.parse(body.toString());
        drop(i);
        if (mark != null) {
            shellMarks.shellMark(mark);
        }
        return true;
    }

    // ---- output ----

    /** The sequence ending at {@code i} goes out as it came. */
    private void passVerbatim(int i) {
        if (sequenceBeganEarlier) {
            // Its start was held back with an earlier chunk, so it is not in this chunk's verbatim text.
            replace(i, sequence);
        } else {
            state = State.GROUND;
        }
    }

    /** The sequence ending at {@code i} goes out as {@code text}. */
    private void replace(int i, CharSequence text) {
        flushVerbatimTo(sequenceFrom);
        out.append(text);
        verbatimFrom = i + 1;
        state = State.GROUND;
    }

    /** The sequence ending at {@code i} is dropped. */
    private void drop(int i) {
        flushVerbatimTo(sequenceFrom);
        verbatimFrom = i + 1;
        state = State.GROUND;
    }

    /** The sequence so far is dropped; {@code i} is not part of it. */
    private void abandonBefore(int i) {
        flushVerbatimTo(sequenceFrom);
        verbatimFrom = i;
        state = State.GROUND;
    }

    private void flushVerbatimTo(int upTo) {
        changed = true;
        if (upTo > verbatimFrom) {
            out.append(in, verbatimFrom, upTo - verbatimFrom);
        }
        verbatimFrom = Math.max(verbatimFrom, upTo);
    }
}
