package dev.holdfast.terminal.vt;

/**
 * The escape, control or device-control sequence being parsed: its private marker, parameters (with colon
 * sub-parameters), intermediates and final character. One instance belongs to a {@link VtParser}, which refills
 * it for every sequence; a {@link VtHandler} reads it during the dispatch call and must not keep it.
 *
 * <p>Parameters are kept as ECMA-48 reads them: {@code ;} separates parameters, {@code :} separates the
 * sub-parameters of one parameter, and an empty (sub-)parameter is "default". Values are capped at
 * {@link #MAX_VALUE}: no count, position or colour means more, and a cap keeps a hostile
 * {@code ESC[99999999999S} from asking the model for billions of lines.
 */
public final class VtSequence {
    /** The largest parameter value kept; longer numbers are read as this. */
    public static final int MAX_VALUE = 65_535;
    /**
     * Most parameters and sub-parameters kept: one more than the separators that fit in the longest control
     * sequence ({@link VtParser#MAX_CONTROL_SEQUENCE_CHARS}), so every value of a control sequence is kept. (A
     * device control string's header may be longer; values past this are dropped.)
     */
    static final int MAX_VALUES = VtParser.MAX_CONTROL_SEQUENCE_CHARS + 1;
    static final int MAX_INTERMEDIATES = 2;

    private final int[] values = new int[MAX_VALUES];
    /** Whether each value had digits; an empty one reads as its default. */
    private final boolean[] present = new boolean[MAX_VALUES];
    /** Index in {@link #values} of each parameter's first value; parameter {@code i} spans to {@code starts[i + 1]}. */
    private final int[] starts = new int[MAX_VALUES + 1];
    private int valueCount;
    private int paramCount;
    private boolean valueOpen;
    /** More values arrived than are kept; the rest are ignored. */
    private boolean full;

    private char marker;
    private final char[] intermediates = new char[MAX_INTERMEDIATES];
    private int intermediateCount;
    private boolean tooManyIntermediates;
    private char finalChar;

    void clear() {
        valueCount = 0;
        paramCount = 0;
        valueOpen = false;
        full = false;
        marker = 0;
        intermediateCount = 0;
        tooManyIntermediates = false;
        finalChar = 0;
    }

    void marker(char c) {
        marker = c;
    }

    void digit(char c) {
        openValue();
        if (full) {
            return;
        }
        int at = valueCount - 1;
        present[at] = true;
        int next = values[at] * 10 + (c - '0');
        values[at] = Math.min(next, MAX_VALUE);
    }

    /** {@code ;}: the current parameter ends, a new one begins. */
    void separator() {
        openValue();
        beginParameter();
    }

    /** {@code :}: a new sub-parameter of the current parameter begins. */
    void subSeparator() {
        openValue();
        if (valueCount < MAX_VALUES) {
            values[valueCount] = 0;
            present[valueCount] = false;
            valueCount++;
        } else {
            full = true;
        }
    }

    private void openValue() {
        if (!valueOpen) {
            valueOpen = true;
            beginParameter();
        }
    }

    private void beginParameter() {
        if (valueCount == MAX_VALUES) {
            full = true;
            return;
        }
        starts[paramCount] = valueCount;
        values[valueCount] = 0;
        present[valueCount] = false;
        valueCount++;
        paramCount++;
        starts[paramCount] = valueCount;
    }

    void intermediate(char c) {
        if (intermediateCount < MAX_INTERMEDIATES) {
            intermediates[intermediateCount++] = c;
        } else {
            tooManyIntermediates = true;
        }
    }

    void finalChar(char c) {
        finalChar = c;
        starts[paramCount] = valueCount;
    }

    /** The private marker ({@code < = > ?}) right after the introducer, or 0. */
    public char marker() {
        return marker;
    }

    /** Number of intermediates ({@code 0x20–0x2F}) before the final character. */
    public int intermediateCount() {
        return tooManyIntermediates ? MAX_INTERMEDIATES + 1 : intermediateCount;
    }

    /** The {@code index}th intermediate; only the first two are kept. */
    public char intermediate(int index) {
        return intermediates[index];
    }

    /** The only intermediate, or 0 when there is none; -1 (as a char) when there are several. */
    public char soleIntermediate() {
        return switch (intermediateCount()) {
            case 0 -> 0;
            case 1 -> intermediates[0];
            default -> (char) -1;
        };
    }

    public char finalChar() {
        return finalChar;
    }

    /** Number of parameters ({@code ;}-separated); {@code ESC[m} has none, {@code ESC[;m} two. */
    public int paramCount() {
        return paramCount;
    }

    /** Number of values in parameter {@code param}: 1, plus one for each {@code :} sub-parameter. */
    public int valueCount(int param) {
        return starts[param + 1] - starts[param];
    }

    /** Whether parameter {@code param} has sub-parameters. */
    public boolean hasSubParameters(int param) {
        return valueCount(param) > 1;
    }

    /** Parameter {@code param}'s first value, or {@code fallback} when it is absent or empty. */
    public int param(int param, int fallback) {
        if (param >= paramCount) {
            return fallback;
        }
        int at = starts[param];
        return present[at] ? values[at] : fallback;
    }

    /** Whether parameter {@code param} exists and has digits. */
    public boolean hasParam(int param) {
        return param < paramCount && present[starts[param]];
    }

    /** Value {@code sub} of parameter {@code param} (0 is the parameter itself), or {@code fallback} when empty. */
    public int value(int param, int sub, int fallback) {
        int at = starts[param] + sub;
        return present[at] ? values[at] : fallback;
    }
}
