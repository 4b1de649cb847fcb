package dev.holdfast.terminal.pty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The warm-up loads every class a first spawn needs, on a named thread that ends by itself. */
class PtyWarmupTest {
    @Test
    void everyClassAFirstSpawnNeedsIsThereAndTheThreadEnds() throws Exception {
        // A pty4j update that renames one would silently put the cost back on the first prompt's path.
        assertEquals(PtyWarmup.CLASSES.size(), PtyWarmup.load());
        Thread thread = PtyWarmup.start();
        assertEquals(PtyWarmup.THREAD_NAME, thread.getName());
        assertTrue(thread.isDaemon());
        thread.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(thread.isAlive(), "the warm-up thread ended");
        PtyProcess process = new PtyProcessBuilder(new String[] {"/bin/sh", "-c", "exit 3"}).start();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(3, process.exitValue());
    }
}
