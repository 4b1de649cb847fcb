package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race that lost output in the reference design's first version: the reader thread publishes more parsed
 * output while a capture is being taken. The capture must record the generation it read <em>before</em> copying,
 * so output parsed after that read stays pending even when the copy happened to include it. Driven through the
 * production capture path, with the output injected by the observer hook between the coordinator's read of the
 * generation and the copy: were the read moved below the copy, the record would name the later generation and
 * the terminal would not stay pending, and this test fails.
 */
class CaptureInterleavingTest {

    @TempDir
    Path root;

    @Test
    void outputParsedBetweenTheGenerationReadAndTheCopyKeepsTheTerminalPending() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("before the read");
        rig.onGenerationRead = () -> {
            rig.onGenerationRead = () -> { };
            terminal.print("between the read and the copy");
        };

        rig.checkpointNow();

        assertEquals(1, rig.recordOf(terminal).generation(),
                "the record names the generation read before the copy, not the one the copy happened to see");
        assertTrue(rig.pending(terminal), "the capture vouches only for what was parsed when it read the generation");

        rig.checkpointNow();

        assertEquals("before the read\r\nbetween the read and the copy\r\n", rig.scrollbackOf(terminal));
        assertEquals(2, rig.recordOf(terminal).generation());
        assertFalse(rig.pending(terminal));
    }

    @Test
    void outputArrivingInTheReaderDuringTheCaptureStaysPendingUntilParsedThenIsCaptured() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("one");
        rig.onGenerationRead = () -> {
            rig.onGenerationRead = () -> { };
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
