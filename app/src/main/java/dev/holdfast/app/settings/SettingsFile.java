package dev.holdfast.app.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.emulation.EmulatorParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads and writes {@code settings.json}. Reading never fails: each invalid value is reported in one line and
 * replaced by its default, so a typo costs one setting, not all of them.
 */
public final class SettingsFile {
    public static final String FILE_NAME = "settings.json";
    private static final Pattern HEX_COLOR = Pattern.compile("#[0-9a-fA-F]{6}");

    private final ObjectMapper mapper = new ObjectMapper();

    /** Settings and the one-line problems found reading them. */
    public record Loaded(Settings settings, List<String> problems) {
        public Loaded {
            problems = List.copyOf(problems);
        }
    }

    public Loaded read(Path file, Settings defaults) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return new Loaded(defaults, List.of());
        } catch (IOException e) {
            return new Loaded(defaults, List.of(FILE_NAME + " could not be read (" + e.getMessage() + "); using defaults"));
        }
        return parse(text, defaults);
    }

    Loaded parse(String text, Settings defaults) {
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (IOException e) {
            return new Loaded(defaults, List.of(FILE_NAME + " is not valid JSON (" + firstLine(e.getMessage())
                    + "); using defaults"));
        }
        if (root == null || !root.isObject()) {
            return new Loaded(defaults, List.of(FILE_NAME + " must hold a JSON object; using defaults"));
        }
        List<String> problems = new ArrayList<>();
        String family = defaults.fontFamily();
        double size = defaults.fontSizePoints();
        int history = defaults.historyLines();
        Theme theme = defaults.theme();
        boolean restore = defaults.restoreSessions();
        boolean blink = defaults.cursorBlink();
        Map<String, String> colors = new LinkedHashMap<>(defaults.colors());
        Settings.SaveTiming timing = defaults.saveTiming();
        boolean shellIntegration = defaults.shellIntegration();
        boolean notifications = defaults.notifications();
        double longCommand = defaults.longCommandSeconds();
        EmulatorParser parser = defaults.emulatorParser();
        ResumeAgents resumeAgents = defaults.resumeAgents();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode v = field.getValue();
            switch (field.getKey()) {
                case "fontFamily" -> {
                    if (v.isTextual() && !v.asText().isBlank()) {
                        family = v.asText().strip();
                    } else {
                        problems.add(problem("fontFamily", v, "a font family name", defaults.fontFamily()));
                    }
                }
                case "fontSize" -> {
                    if (v.isNumber() && v.asDouble() >= Settings.MIN_FONT_SIZE_POINTS
                            && v.asDouble() <= Settings.MAX_FONT_SIZE_POINTS) {
                        size = v.asDouble();
                    } else {
                        problems.add(problem("fontSize", v, "a number from 6 to 72", format(defaults.fontSizePoints())));
                    }
                }
                case "scrollbackLines" -> {
                    if (v.isIntegralNumber() && v.asLong() >= 0 && v.asLong() <= Settings.MAX_HISTORY_LINES) {
                        history = v.asInt();
                    } else if (v.isTextual() && v.asText().strip().equalsIgnoreCase("unlimited")) {
                        history = Settings.UNLIMITED_HISTORY_LINES;
                    } else {
                        problems.add(problem("scrollbackLines", v, "a whole number from 0 to 1000000 or \"unlimited\"",
                                Integer.toString(defaults.historyLines())));
                    }
                }
                case "theme" -> {
                    Theme parsed = v.isTextual() ? parseTheme(v.asText()) : null;
                    if (parsed != null) {
                        theme = parsed;
                    } else {
                        problems.add(problem("theme", v, "\"dark\", \"light\" or \"system\"",
                                defaults.theme().name().toLowerCase(Locale.ROOT)));
                    }
                }
                case "restoreSessions" -> {
                    if (v.isBoolean()) {
                        restore = v.asBoolean();
                    } else {
                        problems.add(problem("restoreSessions", v, "true or false", Boolean.toString(defaults.restoreSessions())));
                    }
                }
                case "cursorBlink" -> {
                    if (v.isBoolean()) {
                        blink = v.asBoolean();
                    } else {
                        problems.add(problem("cursorBlink", v, "true or false", Boolean.toString(defaults.cursorBlink())));
                    }
                }
                case "colors" -> readColors(v, colors, problems);
                case "saveTiming" -> timing = readTiming(v, defaults.saveTiming(), problems);
                case "shellIntegration" -> {
                    if (v.isBoolean()) {
                        shellIntegration = v.asBoolean();
                    } else {
                        problems.add(problem("shellIntegration", v, "true or false",
                                Boolean.toString(defaults.shellIntegration())));
                    }
                }
                case "notifications" -> {
                    if (v.isBoolean()) {
                        notifications = v.asBoolean();
                    } else {
                        problems.add(problem("notifications", v, "true or false",
                                Boolean.toString(defaults.notifications())));
                    }
                }
                case "longCommandSeconds" -> {
                    if (v.isNumber() && v.asDouble() >= 0 && v.asDouble() <= Settings.MAX_LONG_COMMAND_SECONDS) {
                        longCommand = v.asDouble();
                    } else {
                        problems.add(problem("longCommandSeconds", v, "a number of seconds from 0 to 86400",
                                format(defaults.longCommandSeconds())));
                    }
                }
                case "emulatorParser" -> {
                    EmulatorParser named = v.isTextual() ? EmulatorParser.fromSettingName(v.asText()).orElse(null) : null;
                    if (named != null) {
                        parser = named;
                    } else {
                        problems.add(problem("emulatorParser", v, "\"holdfast\" or \"jediterm\"",
                                defaults.emulatorParser().settingName()));
                    }
                }
                case "resumeAgents" -> {
                    ResumeAgents named = v.isTextual() ? ResumeAgents.parse(v.asText()).orElse(null) : null;
                    if (named != null) {
                        resumeAgents = named;
                    } else {
                        problems.add(problem("resumeAgents", v, "\"ask\", \"always\" or \"never\"",
                                defaults.resumeAgents().word()));
                    }
                }
                default -> problems.add(FILE_NAME + ": unknown setting \"" + field.getKey() + "\" ignored");
            }
        }
        return new Loaded(new Settings(family, size, history, theme, restore, blink, colors, timing, shellIntegration,
                notifications, longCommand, parser, resumeAgents), problems);
    }

    private static void readColors(JsonNode v, Map<String, String> colors, List<String> problems) {
        if (!v.isObject()) {
            problems.add(FILE_NAME + ": colors must be an object of name: \"#rrggbb\"; ignored");
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> color = it.next();
            if (!Settings.COLOR_NAMES.contains(color.getKey())) {
                problems.add(FILE_NAME + ": unknown colour \"" + color.getKey() + "\" ignored");
            } else if (!color.getValue().isTextual() || !HEX_COLOR.matcher(color.getValue().asText()).matches()) {
                problems.add(FILE_NAME + ": colors." + color.getKey() + " = " + color.getValue()
                        + " is not a #rrggbb colour; using the theme's");
            } else {
                colors.put(color.getKey(), color.getValue().asText());
            }
        }
    }

    private static Settings.SaveTiming readTiming(JsonNode v, Settings.SaveTiming fallback, List<String> problems) {
        if (!v.isObject()) {
            problems.add(FILE_NAME + ": saveTiming must be an object; using the defaults");
            return fallback;
        }
        double autosave = seconds(v, "autosaveSeconds", fallback.autosaveSeconds(), 0.5, problems);
        double interval = seconds(v, "checkpointIntervalSeconds", fallback.checkpointIntervalSeconds(), 0.5, problems);
        double quiet = seconds(v, "typingQuietSeconds", fallback.typingQuietSeconds(), 0, problems);
        double clockRetry = seconds(v, "clockRetrySeconds", fallback.clockRetrySeconds(), 0.5, problems);
        return new Settings.SaveTiming(autosave, interval, quiet, clockRetry);
    }

    private static double seconds(JsonNode parent, String key, double fallback, double min, List<String> problems) {
        JsonNode v = parent.get(key);
        if (v == null) {
            return fallback;
        }
        if (v.isNumber() && v.asDouble() >= min && v.asDouble() <= 86_400) {
            return v.asDouble();
        }
        problems.add(problem("saveTiming." + key, v, "a number of seconds from " + format(min) + " to 86400",
                format(fallback)));
        return fallback;
    }

    private static Theme parseTheme(String text) {
        for (Theme t : Theme.values()) {
            if (t.name().equalsIgnoreCase(text.strip())) {
                return t;
            }
        }
        return null;
    }

    private static String problem(String key, JsonNode value, String expected, String fallback) {
        return FILE_NAME + ": " + key + " = " + value + " is not " + expected + "; using " + fallback;
    }

    private static String format(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /** Writes the settings atomically (0600). */
    public void write(Path file, Settings settings) throws IOException {
        ObjectNode root = mapper.createObjectNode();
        root.put("fontFamily", settings.fontFamily());
        root.put("fontSize", settings.fontSizePoints());
        if (settings.historyLines() == Settings.UNLIMITED_HISTORY_LINES) {
            root.put("scrollbackLines", "unlimited");
        } else {
            root.put("scrollbackLines", settings.historyLines());
        }
        root.put("theme", settings.theme().name().toLowerCase(Locale.ROOT));
        root.put("restoreSessions", settings.restoreSessions());
        root.put("cursorBlink", settings.cursorBlink());
        if (settings.shellIntegration() != Settings.DEFAULT_SHELL_INTEGRATION) {
            root.put("shellIntegration", settings.shellIntegration());
        }
        if (settings.notifications() != Settings.DEFAULT_NOTIFICATIONS) {
            root.put("notifications", settings.notifications());
        }
        if (settings.longCommandSeconds() != Settings.DEFAULT_LONG_COMMAND_SECONDS) {
            root.put("longCommandSeconds", settings.longCommandSeconds());
        }
        if (!settings.saveTiming().equals(Settings.SaveTiming.DEFAULT)) {
            ObjectNode timing = root.putObject("saveTiming");
            timing.put("autosaveSeconds", settings.saveTiming().autosaveSeconds());
            timing.put("checkpointIntervalSeconds", settings.saveTiming().checkpointIntervalSeconds());
            timing.put("typingQuietSeconds", settings.saveTiming().typingQuietSeconds());
            timing.put("clockRetrySeconds", settings.saveTiming().clockRetrySeconds());
        }
        if (settings.emulatorParser() != EmulatorParser.DEFAULT) {
            root.put("emulatorParser", settings.emulatorParser().settingName());
        }
        if (settings.resumeAgents() != ResumeAgents.DEFAULT) {
            root.put("resumeAgents", settings.resumeAgents().word());
        }
        if (!settings.colors().isEmpty()) {
            ObjectNode colors = root.putObject("colors");
            for (String name : Settings.COLOR_NAMES) {
                String value = settings.colors().get(name);
                if (value != null) {
                    colors.put(name, value);
                }
            }
        }
        PrivateFiles.createDirectories(file.getParent());
        PrivateFiles.writeAtomically(file, JsonLayout.format(mapper, root).getBytes(StandardCharsets.UTF_8));
    }
}
