package dev.holdfast.app.settings;

import dev.holdfast.checkpoint.clocks.ClockStoreSettings;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.emulation.EmulatorParser;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.scrollback.ScrollbackLimit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a user can tune, read from {@code settings.json} in the config directory. Every number carries its
 * unit in its name; the defaults are the named constants.
 *
 * @param fontFamily the terminal font family
 * @param fontSizePoints the terminal font size
 * @param historyLines scrollback kept per terminal (new tabs)
 * @param theme dark, light, or following the OS
 * @param restoreSessions whether the next launch restores tabs and scrollback
 * @param cursorBlink whether a blinking cursor shape blinks
 * @param colors colour overrides by name (see {@link #COLOR_NAMES}), values {@code #rrggbb}
 * @param saveTiming how often the session and scrollback are saved
 * @param shellIntegration whether new tabs' bash, zsh and fish load Holdfast's prompt and command marks (OSC 133,
 *     OSC 7); the user's own startup files run either way
 * @param notifications whether a tab that is not in front tells the desktop when it starts waiting for the user or
 *     finishes a long command
 * @param longCommandSeconds a command that ran at least this long is a long one, for {@code notifications}
 * @param emulatorParser which parser turns a terminal's output into its model (new tabs): Holdfast's own, or the
 *     library's emulator it replaced, kept selectable for one release
 * @param resumeAgents what a restored agent tab does with its conversation: offer the resume command at its prompt
 *     ({@code ask}, the default), run it ({@code always}), or only name it ({@code never})
 */
public record Settings(String fontFamily, double fontSizePoints, int historyLines, Theme theme,
                       boolean restoreSessions, boolean cursorBlink, Map<String, String> colors,
                       SaveTiming saveTiming, boolean shellIntegration, boolean notifications,
                       double longCommandSeconds, EmulatorParser emulatorParser, ResumeAgents resumeAgents) {

    /**
     * How often the session and the scrollback checkpoints are written, and how soon the tab clocks' store is
     * tried again after a failed write. The defaults are the checkpoint and clock store settings' (the reference
     * designs' 8 s, 60 s, 5 s and 60 s, defined there once); shorter values are for testing (the dogfood script's
     * fast mode, the reliability harness).
     */
    public record SaveTiming(double autosaveSeconds, double checkpointIntervalSeconds, double typingQuietSeconds,
                             double clockRetrySeconds) {
        public static final SaveTiming DEFAULT = new SaveTiming(
                seconds(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL),
                seconds(CheckpointSettings.DEFAULT_CHECKPOINT_INTERVAL),
                seconds(CheckpointSettings.DEFAULT_TYPING_QUIET),
                seconds(ClockStoreSettings.DEFAULT_WRITE_BACKOFF));

        private static double seconds(java.time.Duration duration) {
            return duration.toMillis() / 1000.0;
        }

        public SaveTiming {
            if (autosaveSeconds < 0.5 || checkpointIntervalSeconds < 0.5 || typingQuietSeconds < 0
                    || clockRetrySeconds < 0.5) {
                throw new IllegalArgumentException("save timing out of range");
            }
        }
    }

    public static final double DEFAULT_FONT_SIZE_POINTS = 14;
    public static final double MIN_FONT_SIZE_POINTS = 6;
    public static final double MAX_FONT_SIZE_POINTS = 72;
    public static final int DEFAULT_HISTORY_LINES = 10_000;
    public static final int MAX_HISTORY_LINES = 1_000_000;
    /**
     * "unlimited" scrollback: no line limit, only the per-tab memory cap that bounds every history
     * ({@link ScrollbackLimit#DEFAULT_MEMORY_CAP_BYTES}: 512 MB, or a quarter of the heap when that is less).
     */
    public static final int UNLIMITED_HISTORY_LINES = SessionSpec.UNLIMITED_HISTORY_LINES;

    /** Names accepted in {@code colors}: the 16 terminal colours, then the UI colours. */
    public static final List<String> COLOR_NAMES = List.of(
            "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
            "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan",
            "brightWhite", "foreground", "background", "cursor", "selection");

    /** Preferred monospace families, best first; the first one installed wins. */
    public static final List<String> PREFERRED_FONTS = List.of(
            "JetBrains Mono", "Cascadia Mono", "Fira Code", "Source Code Pro", "Hack", "SF Mono", "Menlo",
            "DejaVu Sans Mono", "Liberation Mono", "Ubuntu Mono", "Noto Sans Mono", "Monospaced");

    public Settings {
        Objects.requireNonNull(fontFamily, "fontFamily");
        Objects.requireNonNull(theme, "theme");
        if (fontSizePoints < MIN_FONT_SIZE_POINTS || fontSizePoints > MAX_FONT_SIZE_POINTS) {
            throw new IllegalArgumentException("font size out of range: " + fontSizePoints);
        }
        if (historyLines < 0 || (historyLines > MAX_HISTORY_LINES && historyLines != UNLIMITED_HISTORY_LINES)) {
            throw new IllegalArgumentException("history lines out of range: " + historyLines);
        }
        colors = Map.copyOf(colors);
        Objects.requireNonNull(saveTiming, "saveTiming");
        if (!(longCommandSeconds >= 0 && longCommandSeconds <= MAX_LONG_COMMAND_SECONDS)) {
            throw new IllegalArgumentException("long command seconds out of range: " + longCommandSeconds);
        }
        Objects.requireNonNull(emulatorParser, "emulatorParser");
        Objects.requireNonNull(resumeAgents, "resumeAgents");
    }

    public Settings(String fontFamily, double fontSizePoints, int historyLines, Theme theme, boolean restoreSessions,
                    boolean cursorBlink, Map<String, String> colors, SaveTiming saveTiming, boolean shellIntegration,
                    boolean notifications, double longCommandSeconds, EmulatorParser emulatorParser) {
        this(fontFamily, fontSizePoints, historyLines, theme, restoreSessions, cursorBlink, colors, saveTiming,
                shellIntegration, notifications, longCommandSeconds, emulatorParser, ResumeAgents.DEFAULT);
    }

    public static final boolean DEFAULT_SHELL_INTEGRATION = true;
    public static final boolean DEFAULT_NOTIFICATIONS = true;
    public static final double DEFAULT_LONG_COMMAND_SECONDS = 10;
    public static final double MAX_LONG_COMMAND_SECONDS = 86_400;

    public Settings(String fontFamily, double fontSizePoints, int historyLines, Theme theme, boolean restoreSessions,
                    boolean cursorBlink, Map<String, String> colors, SaveTiming saveTiming, boolean shellIntegration) {
        this(fontFamily, fontSizePoints, historyLines, theme, restoreSessions, cursorBlink, colors, saveTiming,
                shellIntegration, DEFAULT_NOTIFICATIONS, DEFAULT_LONG_COMMAND_SECONDS, EmulatorParser.DEFAULT);
    }

    public Settings(String fontFamily, double fontSizePoints, int historyLines, Theme theme, boolean restoreSessions,
                    boolean cursorBlink, Map<String, String> colors) {
        this(fontFamily, fontSizePoints, historyLines, theme, restoreSessions, cursorBlink, colors, SaveTiming.DEFAULT,
                DEFAULT_SHELL_INTEGRATION);
    }

    /** {@link #longCommandSeconds} as a duration. */
    public java.time.Duration longCommand() {
        return java.time.Duration.ofMillis(Math.round(longCommandSeconds * 1000));
    }

    /** The defaults; an empty font family means "the best monospace font installed". */
    public static Settings defaults() {
        return new Settings("", DEFAULT_FONT_SIZE_POINTS, DEFAULT_HISTORY_LINES, Theme.SYSTEM, true, true, Map.of());
    }

    /**
     * The family to draw with: the configured one when it is installed, else the best monospace installed
     * (JavaFX would silently fall back to a proportional font, which breaks every column).
     */
    public String effectiveFontFamily(List<String> installedFamilies) {
        if (!fontFamily.isBlank()) {
            for (String installed : installedFamilies) {
                if (installed.equalsIgnoreCase(fontFamily)) {
                    return installed;
                }
            }
        }
        return bestMonospace(installedFamilies);
    }

    public static String bestMonospace(List<String> installedFamilies) {
        for (String preferred : PREFERRED_FONTS) {
            for (String installed : installedFamilies) {
                if (installed.equalsIgnoreCase(preferred)) {
                    return installed;
                }
            }
        }
        return "Monospaced";
    }

    public static double clampFontSize(double points) {
        return Math.max(MIN_FONT_SIZE_POINTS, Math.min(MAX_FONT_SIZE_POINTS, points));
    }

    public Settings withResumeAgents(ResumeAgents value) {
        return new Settings(fontFamily, fontSizePoints, historyLines, theme, restoreSessions, cursorBlink, colors,
                saveTiming, shellIntegration, notifications, longCommandSeconds, emulatorParser, value);
    }

    public Settings withFont(String family, double size) {
        return new Settings(family, size, historyLines, theme, restoreSessions, cursorBlink, colors, saveTiming,
                shellIntegration, notifications, longCommandSeconds, emulatorParser, resumeAgents);
    }
}
