package dev.holdfast.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.emulation.EmulatorParser;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsFileTest {
    @TempDir
    Path dir;

    private final SettingsFile file = new SettingsFile();
    private final Settings defaults = Settings.defaults();

    @Test
    void missingFileMeansDefaultsWithoutComplaint() {
        SettingsFile.Loaded loaded = file.read(dir.resolve("settings.json"), defaults);
        assertEquals(defaults, loaded.settings());
        assertEquals(List.of(), loaded.problems());
    }

    @Test
    void validValuesAreRead() {
        SettingsFile.Loaded loaded = file.parse("""
                {"fontFamily": "Hack", "fontSize": 16, "scrollbackLines": 50000, "theme": "light",
                 "restoreSessions": false, "cursorBlink": false, "colors": {"red": "#ff0000", "background": "#000000"}}
                """, defaults);
        Settings s = loaded.settings();
        assertEquals(List.of(), loaded.problems());
        assertEquals("Hack", s.fontFamily());
        assertEquals(16, s.fontSizePoints());
        assertEquals(50_000, s.historyLines());
        assertEquals(Theme.LIGHT, s.theme());
        assertEquals(false, s.restoreSessions());
        assertEquals(false, s.cursorBlink());
        assertEquals(Map.of("red", "#ff0000", "background", "#000000"), s.colors());
    }

    @Test
    void eachInvalidValueIsReportedInOneLineAndReplacedByItsDefault() {
        SettingsFile.Loaded loaded = file.parse("""
                {"fontSize": 300, "scrollbackLines": -5, "theme": "purple", "cursorBlink": "yes",
                 "colors": {"red": "crimson", "pink": "#ff00ff"}, "fontSzie": 12, "fontFamily": "Hack"}
                """, defaults);
        assertEquals("Hack", loaded.settings().fontFamily(), "valid values survive their invalid neighbours");
        assertEquals(defaults.fontSizePoints(), loaded.settings().fontSizePoints());
        assertEquals(defaults.historyLines(), loaded.settings().historyLines());
        assertEquals(defaults.theme(), loaded.settings().theme());
        assertEquals(Map.of(), loaded.settings().colors());
        assertEquals(7, loaded.problems().size(), loaded.problems().toString());
        for (String problem : loaded.problems()) {
            assertTrue(!problem.contains("\n") && problem.startsWith("settings.json"), problem);
        }
        assertTrue(loaded.problems().stream().anyMatch(p -> p.contains("fontSzie")), "typos are named");
    }

    @Test
    void saveTimingIsReadAndBoundedSoItCannotStopCheckpoints() {
        SettingsFile.Loaded ok = file.parse("{\"saveTiming\": {\"autosaveSeconds\": 1, \"checkpointIntervalSeconds\": 3}}", defaults);
        assertEquals(new Settings.SaveTiming(1, 3, 5, 60), ok.settings().saveTiming());
        SettingsFile.Loaded zero = file.parse("{\"saveTiming\": {\"checkpointIntervalSeconds\": 0}}", defaults);
        assertEquals(Settings.SaveTiming.DEFAULT, zero.settings().saveTiming());
        assertEquals(1, zero.problems().size());
    }

    @Test
    void shellIntegrationIsOnByDefaultAndTurnsOffWithFalse() throws Exception {
        assertTrue(file.parse("{}", defaults).settings().shellIntegration());
        SettingsFile.Loaded off = file.parse("{\"shellIntegration\": false}", defaults);
        assertEquals(false, off.settings().shellIntegration());
        assertEquals(List.of(), off.problems());
        SettingsFile.Loaded wrong = file.parse("{\"shellIntegration\": \"no\"}", defaults);
        assertTrue(wrong.settings().shellIntegration());
        assertEquals(1, wrong.problems().size(), wrong.problems().toString());
        assertTrue(wrong.problems().get(0).contains("shellIntegration"));
        Path target = dir.resolve("integration/settings.json");
        file.write(target, off.settings());
        assertEquals(off.settings(), file.read(target, defaults).settings());
        assertEquals(false, file.read(target, defaults).settings().withFont("Hack", 12).shellIntegration());
    }

    @Test
    void notificationsAreOnByDefaultWithATenSecondLongCommand() throws Exception {
        Settings plain = file.parse("{}", defaults).settings();
        assertTrue(plain.notifications());
        assertEquals(java.time.Duration.ofSeconds(10), plain.longCommand());
        SettingsFile.Loaded set = file.parse("{\"notifications\": false, \"longCommandSeconds\": 30}", defaults);
        assertEquals(List.of(), set.problems());
        assertEquals(false, set.settings().notifications());
        assertEquals(java.time.Duration.ofSeconds(30), set.settings().longCommand());
        SettingsFile.Loaded wrong = file.parse("{\"notifications\": 1, \"longCommandSeconds\": -4}", defaults);
        assertEquals(2, wrong.problems().size(), wrong.problems().toString());
        assertTrue(wrong.settings().notifications());
        assertEquals(10, wrong.settings().longCommandSeconds());
        Path target = dir.resolve("notify/settings.json");
        file.write(target, set.settings());
        assertEquals(set.settings(), file.read(target, defaults).settings());
    }

    @Test
    void unlimitedScrollbackIsCappedByMemory() throws Exception {
        SettingsFile.Loaded loaded = file.parse("{\"scrollbackLines\": \"unlimited\"}", defaults);
        assertEquals(Settings.UNLIMITED_HISTORY_LINES, loaded.settings().historyLines());
        SessionSpec spec = new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24,
                loaded.settings().historyLines());
        assertTrue(spec.scrollbackLimit().unlimitedLines(), "no line limit");
        assertTrue(spec.scrollbackLimit().bytes() > 0, "the memory cap still holds");
        Path target = dir.resolve("s.json");
        file.write(target, loaded.settings());
        assertTrue(Files.readString(target).contains("\"unlimited\""));
    }

    @Test
    void brokenJsonKeepsDefaults() {
        SettingsFile.Loaded loaded = file.parse("{ fontSize: ", defaults);
        assertEquals(defaults, loaded.settings());
        assertEquals(1, loaded.problems().size());
        assertTrue(loaded.problems().get(0).contains("not valid JSON"));
    }

    @Test
    void theEmulatorParserIsHoldfastsUnlessTheLibrarysIsAskedFor() {
        assertEquals(EmulatorParser.HOLDFAST, defaults.emulatorParser());
        SettingsFile.Loaded library = file.parse("{\"emulatorParser\": \" JediTerm \"}", defaults);
        assertEquals(List.of(), library.problems());
        assertEquals(EmulatorParser.JEDITERM, library.settings().emulatorParser());
        assertEquals(EmulatorParser.HOLDFAST,
                file.parse("{\"emulatorParser\": \"holdfast\"}", defaults).settings().emulatorParser());

        SettingsFile.Loaded wrong = file.parse("{\"emulatorParser\": \"fast\", \"fontSize\": 18}", defaults);
        assertEquals(EmulatorParser.HOLDFAST, wrong.settings().emulatorParser());
        assertEquals(18, wrong.settings().fontSizePoints(), "the other settings are kept");
        assertEquals(1, wrong.problems().size());
        assertTrue(wrong.problems().get(0).contains("emulatorParser"), wrong.problems().get(0));
        assertTrue(wrong.problems().get(0).contains("\"holdfast\" or \"jediterm\""), wrong.problems().get(0));
    }

    @Test
    void resumeAgentsIsAskUnlessAlwaysOrNeverIsChosenAndAWrongValueIsReported() throws Exception {
        assertEquals(ResumeAgents.ASK, defaults.resumeAgents());
        assertEquals(ResumeAgents.ALWAYS, file.parse("{\"resumeAgents\": \"Always\"}", defaults).settings().resumeAgents());
        assertEquals(ResumeAgents.NEVER, file.parse("{\"resumeAgents\": \"never\"}", defaults).settings().resumeAgents());
        SettingsFile.Loaded wrong = file.parse("{\"resumeAgents\": true, \"fontSize\": 18}", defaults);
        assertEquals(ResumeAgents.ASK, wrong.settings().resumeAgents());
        assertEquals(18, wrong.settings().fontSizePoints());
        assertTrue(wrong.problems().get(0).contains("\"ask\", \"always\" or \"never\""), wrong.problems().get(0));

        Path target = dir.resolve("config/settings.json");
        Settings never = new Settings("Hack", 13, 2000, Theme.DARK, true, false, Map.of(), Settings.SaveTiming.DEFAULT,
                true, true, 10, EmulatorParser.DEFAULT, ResumeAgents.NEVER);
        file.write(target, never);
        assertEquals(never, file.read(target, defaults).settings());
        file.write(target, never.withFont("Hack", 14).withResumeAgents(ResumeAgents.ASK));
        assertTrue(!Files.readString(target).contains("resumeAgents"), "the default is not written");
    }

    @Test
    void theLibrarysParserSurvivesAWriteAndTheDefaultIsNotWritten() throws Exception {
        Path target = dir.resolve("config/settings.json");
        Settings library = new Settings("Hack", 13, 2000, Theme.DARK, true, false, Map.of(),
                Settings.SaveTiming.DEFAULT, Settings.DEFAULT_SHELL_INTEGRATION, Settings.DEFAULT_NOTIFICATIONS,
                Settings.DEFAULT_LONG_COMMAND_SECONDS, EmulatorParser.JEDITERM);
        file.write(target, library);
        assertEquals(library, file.read(target, defaults).settings());
        assertTrue(Files.readString(target).contains("\"emulatorParser\": \"jediterm\""), Files.readString(target));

        file.write(target, library.withFont("Hack", 14));
        assertEquals(EmulatorParser.JEDITERM, file.read(target, defaults).settings().emulatorParser(),
                "changing the font keeps the parser");
        file.write(target, defaults);
        assertTrue(!Files.readString(target).contains("emulatorParser"), Files.readString(target));
    }

    @Test
    void writeThenReadRoundTripsPrivately() throws Exception {
        Settings s = new Settings("Hack", 13, 2000, Theme.DARK, true, false, Map.of("cursor", "#00ff00"));
        Path target = dir.resolve("config/settings.json");
        file.write(target, s);
        assertEquals(s, file.read(target, defaults).settings());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }

    @Test
    void theWatcherReportsAnEditedFile() throws Exception {
        Path target = dir.resolve("settings.json");
        BlockingQueue<SettingsFile.Loaded> changes = new ArrayBlockingQueue<>(10);
        try (SettingsWatcher watcher = new SettingsWatcher(target, file, defaults, changes::add)) {
            Files.writeString(target, "{\"fontSize\": 18}");
            SettingsFile.Loaded loaded = changes.poll(10, TimeUnit.SECONDS);
            assertTrue(loaded != null, "a change was reported");
            assertEquals(18, loaded.settings().fontSizePoints());
        }
    }

    @Test
    void theWatcherCreatesAMissingConfigDirectoryOwnerOnly() throws Exception {
        Path target = dir.resolve("fresh-config/holdfast/settings.json");
        try (SettingsWatcher watcher = new SettingsWatcher(target, file, defaults, loaded -> { })) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target.getParent())));
        }
    }
}
