package dev.holdfast.terminal.stream;

/**
 * Hears OSC 8 hyperlinks ({@code ESC ] 8 ; params ; URI ST} … {@code ESC ] 8 ; ; ST}) in a terminal's output.
 * The sequences still reach the emulator unchanged; this only lets Holdfast keep the URI, which the library's
 * model does not (and which it cuts at the first {@code ;}).
 *
 * <p>Through {@link EmulatorFeed}, each call comes on the terminal's reader thread at the moment the emulator
 * has parsed everything up to and including the hyperlink sequence, so the model's cursor is where the link
 * starts or ends. Implementations must be quick and must not block.
 */
public interface HyperlinkListener {
    /** A listener that ignores hyperlinks. */
    HyperlinkListener NONE = new HyperlinkListener() {
    };

    /**
     * Text from here on links to {@code uri}, until {@link #hyperlinkEnded()} or another start.
     *
     * @param uri the URI exactly as sent, never empty
     * @param params the sequence's {@code key=value:key=value} parameters (such as {@code id=…}), maybe empty
     */
    default void hyperlinkStarted(String uri, String params) {
    }

    /** Text from here on links nowhere. */
    default void hyperlinkEnded() {
    }
}
