package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class CheckpointSettingsTest {

    @Test
    void theDefaultsAreTheReferenceDesignsNumbers() {
        CheckpointSettings defaults = CheckpointSettings.defaults();

        assertTrue(defaults.enabled());
        assertEquals(Duration.ofSeconds(8), defaults.autosaveInterval());
        assertEquals(Duration.ofSeconds(60), defaults.checkpointInterval());
        assertEquals(Duration.ofSeconds(5), defaults.typingQuiet());
        assertEquals(3, defaults.maxCapturesPerCheckpoint());
        assertEquals(Duration.ofMillis(50), defaults.captureBudget());
        assertEquals(Duration.ofMinutes(10), defaults.slowCaptureBackoff());
        assertEquals(4_000, defaults.tailLines());
        assertEquals(400_000, defaults.tailChars());
        assertEquals(2 * 1024 * 1024, defaults.maxRecordBytes());
    }

    @Test
    void aNormalLaunchHasCheckpointsOn() {
        assertTrue(CheckpointSettings.forLaunch(Map.of(), new Properties()).enabled());
        assertTrue(CheckpointSettings.forLaunch(Map.of(CheckpointSettings.DISABLE_VARIABLE, "0"), new Properties())
                .enabled());
    }

    @Test
    void theOptOutTurnsCheckpointsOff() {
        for (String value : new String[] {"1", "true", " YES "}) {
            CheckpointSettings settings = CheckpointSettings.forLaunch(
                    Map.of(CheckpointSettings.DISABLE_VARIABLE, value), new Properties());

            assertFalse(settings.enabled(), value);
            assertEquals(CheckpointSettings.defaults().withEnabled(false), settings);
        }
    }

    @Test
    void anAutomatedTestRunHasCheckpointsOffUnlessTheTestTurnsThemOn() {
        Properties testRun = new Properties();
        testRun.setProperty(CheckpointSettings.AUTOMATED_TEST_PROPERTY, "true");
        assertFalse(CheckpointSettings.forLaunch(Map.of(), testRun).enabled());

        testRun.setProperty(CheckpointSettings.TEST_ENABLES_CHECKPOINTS_PROPERTY, "true");
        assertTrue(CheckpointSettings.forLaunch(Map.of(), testRun).enabled());
    }

    @Test
    void theUsersOptOutWinsOverATestThatTurnsCheckpointsOn() {
        Properties testRun = new Properties();
        testRun.setProperty(CheckpointSettings.AUTOMATED_TEST_PROPERTY, "true");
        testRun.setProperty(CheckpointSettings.TEST_ENABLES_CHECKPOINTS_PROPERTY, "true");

        assertFalse(CheckpointSettings.forLaunch(Map.of(CheckpointSettings.DISABLE_VARIABLE, "1"), testRun).enabled());
    }

    @Test
    void nonsenseValuesAreRefused() {
        CheckpointSettings d = CheckpointSettings.defaults();
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                Duration.ZERO, d.typingQuiet(), 3, d.captureBudget(), d.slowCaptureBackoff(), 1, 1, d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), d.typingQuiet(), 0, d.captureBudget(), d.slowCaptureBackoff(), 1, 1,
                d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), Duration.ofSeconds(-1), 3, d.captureBudget(), d.slowCaptureBackoff(), 1, 1,
                d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), d.typingQuiet(), 3, d.captureBudget(), d.slowCaptureBackoff(), 1, 1, 100));
        assertThrows(NullPointerException.class, () -> new CheckpointSettings(true, null,
                d.checkpointInterval(), d.typingQuiet(), 3, d.captureBudget(), d.slowCaptureBackoff(), 1, 1,
                d.maxRecordBytes()));
    }
}
