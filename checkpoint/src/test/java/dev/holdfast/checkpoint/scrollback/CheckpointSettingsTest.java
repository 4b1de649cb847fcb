package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
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
        assertEquals(Duration.ofMinutes(10), defaults.failedCaptureBackoff());
        assertEquals(4_000, defaults.tailLines());
        assertEquals(400_000, defaults.tailChars());
        assertEquals(16_000, defaults.maxLineChars());
        assertEquals(2 * 1024 * 1024, defaults.maxRecordBytes());
    }

    @Test
    void aNormalLaunchHasCheckpointsOn() {
        assertTrue(CheckpointSettings.forLaunch(new Properties()).enabled());
    }

    @Test
    void anAutomatedTestRunHasCheckpointsOffUnlessTheTestTurnsThemOn() {
        Properties testRun = new Properties();
        testRun.setProperty(CheckpointSettings.AUTOMATED_TEST_PROPERTY, "true");
        assertFalse(CheckpointSettings.forLaunch(testRun).enabled());
        assertEquals(CheckpointSettings.defaults().withEnabled(false), CheckpointSettings.forLaunch(testRun));

        testRun.setProperty(CheckpointSettings.TEST_ENABLES_CHECKPOINTS_PROPERTY, "true");
        assertTrue(CheckpointSettings.forLaunch(testRun).enabled());
    }

    @Test
    void nonsenseValuesAreRefused() {
        CheckpointSettings d = CheckpointSettings.defaults();
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                Duration.ZERO, d.typingQuiet(), 3, d.captureBudget(), d.failedCaptureBackoff(), 1, 1, 1,
                d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), d.typingQuiet(), 0, d.captureBudget(), d.failedCaptureBackoff(), 1, 1, 1,
                d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), Duration.ofSeconds(-1), 3, d.captureBudget(), d.failedCaptureBackoff(), 1, 1,
                1, d.maxRecordBytes()));
        assertThrows(IllegalArgumentException.class, () -> new CheckpointSettings(true, d.autosaveInterval(),
                d.checkpointInterval(), d.typingQuiet(), 3, d.captureBudget(), d.failedCaptureBackoff(), 1, 1, 1, 100));
        assertThrows(IllegalArgumentException.class, () -> d.withTail(1, 1, 0));
        assertThrows(NullPointerException.class, () -> new CheckpointSettings(true, null,
                d.checkpointInterval(), d.typingQuiet(), 3, d.captureBudget(), d.failedCaptureBackoff(), 1, 1, 1,
                d.maxRecordBytes()));
    }
}
