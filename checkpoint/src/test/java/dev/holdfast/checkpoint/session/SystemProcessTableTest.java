package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SystemProcessTableTest {

    private final ProcessTable table = ProcessTable.system();

    @Test
    void thisProcessIsRunning() {
        ProcessIdentity self = table.self();

        assertEquals(ProcessHandle.current().pid(), self.pid());
        assertNotNull(self.startedAt());
        assertTrue(table.isRunning(self));
    }

    @Test
    void theSamePidWithAnotherStartTimeIsAnotherProcess() {
        ProcessIdentity self = table.self();

        assertFalse(table.isRunning(new ProcessIdentity(self.pid(), self.startedAt().minus(Duration.ofMinutes(5)))));
        assertFalse(table.isRunning(new ProcessIdentity(self.pid(), null)));
    }

    @Test
    void aProcessThatExitedIsNotRunning() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        ProcessIdentity identity = new ProcessIdentity(child.pid(), child.info().startInstant().orElseThrow());
        assertTrue(table.isRunning(identity));

        child.destroyForcibly();
        child.waitFor();

        assertFalse(table.isRunning(identity));
    }
}
