package dev.holdfast.terminal.export;

/** The text attributes an export carries, with the SGR codes that switch each on and off. */
public enum SgrAttribute {
    BOLD(1, 22),
    DIM(2, 22),
    ITALIC(3, 23),
    UNDERLINE(4, 24),
    SLOW_BLINK(5, 25),
    RAPID_BLINK(6, 25),
    INVERSE(7, 27),
    HIDDEN(8, 28),
    CROSSED_OUT(9, 29);

    private final int onCode;
    private final int offCode;

    SgrAttribute(int onCode, int offCode) {
        this.onCode = onCode;
        this.offCode = offCode;
    }

    public int onCode() {
        return onCode;
    }

    /** Note that 22 clears both bold and dim, and 25 both blinks. */
    public int offCode() {
        return offCode;
    }
}
