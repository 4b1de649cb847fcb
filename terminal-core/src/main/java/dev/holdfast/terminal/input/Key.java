package dev.holdfast.terminal.input;

/**
 * The keys that send something other than their own text, plus the modifier keys.
 *
 * <p>The modifier keys are listed so that the view can pass every key press through the encoder without
 * filtering: pressed alone they send nothing, which is what vim and other full-screen programs expect (a stray
 * byte there is read as a command).
 */
public enum Key {
    ENTER,
    TAB,
    BACKSPACE,
    ESCAPE,
    INSERT,
    DELETE,
    HOME,
    END,
    PAGE_UP,
    PAGE_DOWN,
    UP,
    DOWN,
    LEFT,
    RIGHT,
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
    F10,
    F11,
    F12,
    SPACE,
    SHIFT,
    CONTROL,
    ALT,
    META;

    /** True for SHIFT, CONTROL, ALT and META, which only change what other keys send. */
    public boolean isModifier() {
        return this == SHIFT || this == CONTROL || this == ALT || this == META;
    }
}
