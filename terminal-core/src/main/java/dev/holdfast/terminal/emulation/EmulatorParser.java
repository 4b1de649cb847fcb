package dev.holdfast.terminal.emulation;

import java.util.Locale;
import java.util.Optional;

/**
 * Which parser turns a terminal's output into its model.
 *
 * <p>{@link #HOLDFAST}: Holdfast's own VT parser ({@code dev.holdfast.terminal.vt}) dispatching straight to the
 * model: one pass over the output, whole runs of text at a time, and fixes for the library's emulator bugs that
 * vttest shows. {@link #JEDITERM}: the library's own emulator behind Holdfast's stream normaliser, the path
 * before; kept selectable for one release, in case the new one gets something wrong for someone.
 */
public enum EmulatorParser {
    HOLDFAST,
    JEDITERM;

    public static final EmulatorParser DEFAULT = HOLDFAST;

    /** The name in {@code settings.json}: {@code holdfast} or {@code jediterm}. */
    public String settingName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The parser a setting names, ignoring case and surrounding blanks; empty for anything else. */
    public static Optional<EmulatorParser> fromSettingName(String name) {
        for (EmulatorParser parser : values()) {
            if (parser.settingName().equalsIgnoreCase(name.strip())) {
                return Optional.of(parser);
            }
        }
        return Optional.empty();
    }
}
