package dev.holdfast.terminal.vt;

/**
 * The DEC/ANSI escape-sequence state machine (the one xterm implements and Alacritty's {@code vte} crate
 * describes: ground, escape, escape-intermediate, CSI entry/param/intermediate/ignore, OSC string, DCS
 * entry/param/intermediate/passthrough/ignore, SOS/PM/APC string), reading a terminal's decoded output and
 * calling a {@link VtHandler}.
 *
 * <p>Printable text goes to the handler as whole runs, straight from the caller's buffer. Parameters go into
 * preallocated arrays. Nothing is allocated while parsing, in any state.
 *
 * <p>Where the DEC machine leaves a choice, or where Holdfast's earlier path (the library's emulator behind
 * {@code StreamNormalizer}) behaved in a way programs may rely on, this follows that path, so the two build the
 * same model (the differential test holds them to it):
 * <ul>
 *   <li>A C0 control inside a control sequence is executed just before the sequence is dispatched (not where
 *       it stands), and not at all if the sequence is cancelled or too long.</li>
 *   <li>{@code CAN} or {@code SUB} inside a sequence cancels it; {@code ESC} inside one abandons it and starts a
 *       new one. Inside a string, {@code ESC \} ends it and {@code ESC} followed by anything else abandons it.</li>
 *   <li>{@code BEL} ends an OSC string and also a DCS string; so does the 8-bit {@code ST} ({@code 0x9C}).</li>
 *   <li>A control sequence with more than {@link #MAX_CONTROL_SEQUENCE_CHARS} characters after {@code ESC [},
 *       or an OSC or DCS string with more than {@link #MAX_STRING_CHARS}, is dropped whole, the rest skipped
 *       without buffering, so memory stays bounded whatever arrives.</li>
 *   <li>{@code ESC} followed by a character that cannot follow it (a control, DEL, non-ASCII) drops both.</li>
 *   <li>DEL and the C1 range ({@code U+0080–U+009F}) are never printed.</li>
 * </ul>
 *
 * <p>State survives between calls: a sequence split across reads is parsed as a whole. Not thread-safe: one
 * reader thread owns a parser.
 */
public final class VtParser {
    /** The most characters between {@code ESC [} and the final character of a control sequence. */
    public static final int MAX_CONTROL_SEQUENCE_CHARS = 510;
    /** The most characters in an OSC or DCS string (room for a long hyperlink URI). */
    public static final int MAX_STRING_CHARS = 4094;

    private static final char BEL = 0x07;
    private static final char CAN = 0x18;
    private static final char SUB = 0x1a;
    private static final char ESC = 0x1b;
    private static final char DEL = 0x7f;
    private static final char ST_8BIT = 0x9c;

    /*
     * The parser's states, as ints rather than an enum: the state changes several times in every escape sequence
     * (a dozen sequences a line of coloured output), and storing a reference carries the collector's write barrier
     * and switching on an enum reads a lookup table first; an int is a plain store and a table jump. Parsing alone
     * (a handler that does nothing, 50 MB of coloured lines) took about a third less time.
     */
    private static final int GROUND = 0;
    private static final int ESCAPE = 1;
    private static final int ESCAPE_INTERMEDIATE = 2;
    private static final int CSI_ENTRY = 3;
    private static final int CSI_PARAM = 4;
    private static final int CSI_INTERMEDIATE = 5;
    private static final int CSI_IGNORE = 6;
    private static final int OSC_STRING = 7;
    private static final int DCS_ENTRY = 8;
    private static final int DCS_PARAM = 9;
    private static final int DCS_INTERMEDIATE = 10;
    private static final int DCS_PASSTHROUGH = 11;
    private static final int DCS_IGNORE = 12;
    private static final int SOS_PM_APC_STRING = 13;

    private final VtHandler handler;
    private final VtSequence sequence = new VtSequence();
    private int state = GROUND;

    /** Characters of the current control sequence's body, or of the current string, so far. */
    private int sequenceChars;
    /** The current sequence outgrew its bound: it is being skipped to its end. */
    private boolean tooLong;
    /** C0 controls met inside the current control sequence, run when it is dispatched. */
    private final char[] deferred = new char[MAX_CONTROL_SEQUENCE_CHARS];
    private int deferredCount;
    /** The current OSC payload or DCS data. */
    private final char[] string = new char[MAX_STRING_CHARS];
    private int stringLength;
    /** Inside a string, the last character was ESC: {@code \} ends the string, anything else abandons it. */
    private boolean stringEsc;

    public VtParser(VtHandler handler) {
        this.handler = handler;
    }

    /** Parses {@code text[from, to)}, calling the handler for everything complete in it. */
    public void advance(char[] text, int from, int to) {
        int i = from;
        while (i < to) {
            if (state == GROUND) {
                int run = i;
                while (run < to && printable(text[run])) {
                    run++;
                }
                if (run > i) {
                    handler.print(text, i, run);
                    i = run;
                    continue;
                }
                ground(text[i++]);
                continue;
            }
            if (state == CSI_PARAM || state == CSI_ENTRY) {
                i = parameters(text, i, to);
                if (i == to) {
                    break;
                }
            }
            if (step(text[i])) {
                i++;
            }
        }
        handler.inputEnd();
    }

    /**
     * The digits and separators of a control sequence's parameters from {@code i}, in one loop (the bulk of an
     * SGR); returns where something else begins.
     */
    private int parameters(char[] text, int i, int to) {
        // The count and the state are set once for the stretch, not at every character.
        int from = i;
        int end = Math.min(to, i + MAX_CONTROL_SEQUENCE_CHARS - sequenceChars);
        while (i < end) {
            char c = text[i];
            if (c >= '0' && c <= '9') {
                sequence.digit(c);
            } else if (c == ';') {
                sequence.separator();
            } else if (c == ':') {
                sequence.subSeparator();
            } else {
                break;
            }
            i++;
        }
        if (i > from) {
            sequenceChars += i - from;
            state = CSI_PARAM;
        }
        return i;
    }

    /**
     * Drops a sequence or string read only in part, as a CAN from the program would: what comes next is read from
     * the ground state. For a reset the user asks for between two reads.
     */
    public void cancel() {
        if (state != GROUND) {
            step(CAN);
        }
    }

    /** True when parsing stopped between sequences, not inside one. */
    public boolean inGround() {
        return state == GROUND;
    }

    private static boolean printable(char c) {
        return c >= 0x20 && c < DEL || c > 0x9f;
    }

    private void ground(char c) {
        if (c == ESC) {
            state = ESCAPE;
        } else if (c < 0x20) {
            handler.execute(c);
        }
        // DEL and C1 controls: ignored.
    }

    /**
     * Handles {@code c} outside the ground state.
     *
     * @return false when {@code c} must be handled again, in the state this step switched to
     */
    private boolean step(char c) {
        switch (state) {
            case ESCAPE -> escape(c);
            case ESCAPE_INTERMEDIATE -> escapeIntermediate(c);
            case CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE -> controlSequence(c);
            case OSC_STRING, DCS_ENTRY, DCS_PARAM, DCS_INTERMEDIATE, DCS_PASSTHROUGH, DCS_IGNORE, SOS_PM_APC_STRING -> {
                return string(c);
            }
            default -> throw new IllegalStateException("state " + state);
        }
        return true;
    }

    private void escape(char c) {
        switch (c) {
            case '[' -> {
                beginSequence();
                deferredCount = 0;
                state = CSI_ENTRY;
            }
            case ']' -> {
                beginString();
                state = OSC_STRING;
            }
            case 'P' -> {
                beginSequence();
                beginString();
                state = DCS_ENTRY;
            }
            case 'X', '^', '_' -> {
                beginString();
                state = SOS_PM_APC_STRING;
            }
            case ESC -> {
                // ESC ESC: the first is cancelled, the second starts the sequence.
            }
            default -> {
                if (c >= 0x20 && c <= 0x2f) {
                    sequence.clear();
                    sequence.intermediate(c);
                    state = ESCAPE_INTERMEDIATE;
                } else if (c >= 0x30 && c <= 0x7e) {
                    state = GROUND;
                    sequence.clear();
                    sequence.finalChar(c);
                    handler.escDispatch(sequence);
                } else {
                    // CAN, SUB, another control, DEL or a non-ASCII character: the escape is dropped with it.
                    state = GROUND;
                }
            }
        }
    }

    private void escapeIntermediate(char c) {
        if (c >= 0x20 && c <= 0x2f) {
            sequence.intermediate(c);
        } else if (c >= 0x30 && c <= 0x7e) {
            state = GROUND;
            sequence.finalChar(c);
            handler.escDispatch(sequence);
        } else if (c == ESC) {
            state = ESCAPE;
        } else if (c == CAN || c == SUB || c > DEL) {
            state = GROUND;
        } else if (c < 0x20) {
            handler.execute(c);
        }
        // DEL: ignored.
    }

    private void controlSequence(char c) {
        if (c >= 0x40 && c <= 0x7e) {
            finishControlSequence(c);
            return;
        }
        if (c == ESC) {
            state = ESCAPE;
            return;
        }
        if (c == CAN || c == SUB) {
            state = GROUND;
            return;
        }
        if (++sequenceChars > MAX_CONTROL_SEQUENCE_CHARS) {
            if (!tooLong) {
                tooLong = true;
                deferredCount = 0;
                state = CSI_IGNORE;
            }
            return;
        }
        if (c < 0x20) {
            deferred[deferredCount++] = c;
            return;
        }
        switch (state) {
            case CSI_ENTRY -> {
                if (c >= '<' && c <= '?') {
                    sequence.marker(c);
                    state = CSI_PARAM;
                } else {
                    csiParamOrBeyond(c);
                }
            }
            case CSI_PARAM -> {
                if (c >= '<' && c <= '?') {
                    state = CSI_IGNORE;
                } else {
                    csiParamOrBeyond(c);
                }
            }
            case CSI_INTERMEDIATE -> {
                if (c >= 0x20 && c <= 0x2f) {
                    sequence.intermediate(c);
                } else if (c != DEL) {
                    state = CSI_IGNORE;
                }
            }
            default -> {
                // CSI_IGNORE: skip to the final character.
            }
        }
    }

    /** In CSI entry or param: a parameter character, an intermediate, or something that spoils the sequence. */
    private void csiParamOrBeyond(char c) {
        if (c >= '0' && c <= '9') {
            sequence.digit(c);
            state = CSI_PARAM;
        } else if (c == ';') {
            sequence.separator();
            state = CSI_PARAM;
        } else if (c == ':') {
            sequence.subSeparator();
            state = CSI_PARAM;
        } else if (c >= 0x20 && c <= 0x2f) {
            sequence.intermediate(c);
            state = CSI_INTERMEDIATE;
        } else if (c != DEL) {
            state = CSI_IGNORE;
        }
    }

    private void finishControlSequence(char c) {
        boolean dispatch = state != CSI_IGNORE;
        state = GROUND;
        if (tooLong) {
            return;
        }
        for (int k = 0; k < deferredCount; k++) {
            handler.execute(deferred[k]);
        }
        if (dispatch) {
            sequence.finalChar(c);
            handler.csiDispatch(sequence);
        }
    }

    /** Inside an OSC, DCS or SOS/PM/APC string. Returns false when {@code c} must be handled again. */
    private boolean string(char c) {
        if (stringEsc) {
            stringEsc = false;
            if (c == '\\') {
                finishString(false);
                return true;
            }
            // The ESC did not end the string: the string is dropped and the ESC begins a sequence of its own.
            state = ESCAPE;
            return false;
        }
        if (c == BEL || c == ST_8BIT) {
            finishString(c == BEL);
            return true;
        }
        if (c == ESC) {
            stringEsc = true;
            return true;
        }
        if (c == CAN || c == SUB) {
            state = GROUND;
            return true;
        }
        if (state == SOS_PM_APC_STRING || tooLong) {
            return true;
        }
        if (++sequenceChars > MAX_STRING_CHARS) {
            tooLong = true;
            return true;
        }
        switch (state) {
            case OSC_STRING, DCS_PASSTHROUGH -> string[stringLength++] = c;
            case DCS_ENTRY -> {
                if (c >= '<' && c <= '?') {
                    sequence.marker(c);
                    state = DCS_PARAM;
                } else {
                    dcsParamOrBeyond(c);
                }
            }
            case DCS_PARAM -> {
                if (c >= '<' && c <= '?') {
                    state = DCS_IGNORE;
                } else {
                    dcsParamOrBeyond(c);
                }
            }
            case DCS_INTERMEDIATE -> {
                if (c >= 0x20 && c <= 0x2f) {
                    sequence.intermediate(c);
                } else if (c >= 0x40 && c <= 0x7e) {
                    sequence.finalChar(c);
                    state = DCS_PASSTHROUGH;
                } else if (c >= 0x30 && c <= 0x3f || c > DEL) {
                    state = DCS_IGNORE;
                }
            }
            default -> {
                // DCS_IGNORE: skip to the terminator.
            }
        }
        return true;
    }

    private void dcsParamOrBeyond(char c) {
        if (c >= '0' && c <= '9') {
            sequence.digit(c);
            state = DCS_PARAM;
        } else if (c == ';') {
            sequence.separator();
            state = DCS_PARAM;
        } else if (c == ':') {
            sequence.subSeparator();
            state = DCS_PARAM;
        } else if (c >= 0x20 && c <= 0x2f) {
            sequence.intermediate(c);
            state = DCS_INTERMEDIATE;
        } else if (c >= 0x40 && c <= 0x7e) {
            sequence.finalChar(c);
            state = DCS_PASSTHROUGH;
        } else if (c > DEL) {
            state = DCS_IGNORE;
        }
        // C0 controls and DEL in the header: ignored.
    }

    private void finishString(boolean bellTerminated) {
        int finished = state;
        state = GROUND;
        if (tooLong) {
            return;
        }
        if (finished == OSC_STRING) {
            handler.oscDispatch(string, stringLength, bellTerminated);
        } else if (finished != SOS_PM_APC_STRING) {
            if (finished != DCS_PASSTHROUGH) {
                // The header never ended, or was malformed: a string with no final character.
                sequence.finalChar((char) 0);
                stringLength = 0;
            }
            handler.dcsDispatch(sequence, string, stringLength);
        }
    }

    private void beginSequence() {
        sequence.clear();
        sequenceChars = 0;
        tooLong = false;
    }

    private void beginString() {
        sequenceChars = 0;
        tooLong = false;
        stringLength = 0;
        stringEsc = false;
    }
}
