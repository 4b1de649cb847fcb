package dev.holdfast.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClosePolicyTest {
    @Test
    void anIdleTabClosesWithoutAsking() {
        assertTrue(ClosePolicy.closingTab(new ProcessSnapshot(Optional.of(Path.of("/tmp")), Optional.empty())).isEmpty());
        assertTrue(ClosePolicy.closingTab(ProcessSnapshot.UNKNOWN).isEmpty(), "an unreadable tab is not held open");
    }

    @Test
    void aTabRunningACommandAsksAndNamesIt() {
        ClosePolicy.Question q = ClosePolicy.closingTab(new ProcessSnapshot(Optional.empty(), Optional.of("vim")))
                .orElseThrow();
        assertEquals("Close this tab?", q.title());
        assertEquals("“vim” is still running in it. Closing the tab ends it.", q.detail());
    }

    @Test
    void theWindowAsksWhenAnyTabRunsACommandAndNamesThemAll() {
        assertTrue(ClosePolicy.closingWindow(List.of()).isEmpty());
        assertEquals("“make” is still running. Closing the window ends it.",
                ClosePolicy.closingWindow(List.of("make")).orElseThrow().detail());
        ClosePolicy.Question two = ClosePolicy.closingWindow(List.of("make", "htop")).orElseThrow();
        assertEquals("Close Holdfast?", two.title());
        assertEquals("“make”, “htop” are still running. Closing the window ends them.", two.detail());
    }
}
