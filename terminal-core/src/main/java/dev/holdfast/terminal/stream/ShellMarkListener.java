package dev.holdfast.terminal.stream;

/**
 * Hears the shell-integration marks ({@link ShellMark}) in a terminal's output. The sequences themselves are
 * taken out of the stream: the emulator would ignore them anyway.
 *
 * <p>The contract is the hyperlinks' ({@link HyperlinkListener}): through {@link EmulatorFeed}, each call comes
 * on the terminal's reader thread at the moment the emulator has parsed everything before the mark, so the
 * model's cursor is where the mark was printed (a prompt mark: the start of the prompt). Implementations must
 * be quick and must not block.
 */
@FunctionalInterface
public interface ShellMarkListener {
    /** A listener that ignores marks. */
    ShellMarkListener NONE = mark -> {
    };

    void shellMark(ShellMark mark);
}
