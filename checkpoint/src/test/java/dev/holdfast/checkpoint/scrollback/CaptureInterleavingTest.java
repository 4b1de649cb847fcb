package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race that lost output in the reference design's first version: the reader thread publishes more parsed
 * output after the capture copied the model but before the capture is recorded. Driven through the production
 * capture path, with the output injected by the observer hook at exactly that point.
 */
class CaptureInterleavingTest {

    @TempDir
    Path root;

    @Test
    void outputParsedWhileACaptureIsBeingRecordedStaysPendingAndReachesTheNextCheckpoint() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("before the copy");
        rig.onCopied = () -> {
            rig.onCopied = () -> { };
            terminal.print("during the capture");
        };

        rig.checkpointNow();

        assertEquals("before the copy\r\n", rig.scrollbackOf(terminal));
        assertEquals(1, rig.recordOf(terminal).get("generation").longValue(),
                "the record names the generation read before the copy, not the one seen after it");
        assertTrue(rig.pending(terminal), "the output the copy missed is still owed");

        rig.checkpointNow();

        assertEquals("before the copy\r\nduring the capture\r\n", rig.scrollbackOf(terminal));
        assertFalse(rig.pending(terminal));
    }

    @Test
    void outputArrivingInTheReaderDuringTheCaptureStaysPendingUntilParsedThenIsCaptured() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("one");
        rig.onCopied = () -> {
            rig.onCopied = () -> { };
            terminal.arrive("two");
        };

        rig.checkpointNow();

        assertFalse(rig.pending(terminal));
        terminal.parse();
        assertTrue(rig.pending(terminal));
        rig.checkpointNow();
        assertEquals("one\r\ntwo\r\n", rig.scrollbackOf(terminal));
    }
}
