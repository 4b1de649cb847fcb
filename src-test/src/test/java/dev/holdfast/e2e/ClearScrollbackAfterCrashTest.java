package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A cleared scrollback stays cleared through a crash: the lines above the screen were in the tab's checkpoint on
 * disk, and clearing has that record rewritten at once. Checkpoints are set ten minutes apart here, so only the
 * clearing itself can have rewritten it.
 */
class ClearScrollbackAfterCrashTest {
    @Test
    void linesClearedFromTheScrollbackDoNotComeBackAfterAKill9() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-clear-crash")) {
            app.settings("{\"saveTiming\": {\"checkpointIntervalSeconds\": 600}}");
            AppText.launch(app, root);
            String panel = AppText.firstPanel(app);
            AppText.awaitPrompt(app, panel, "the first prompt");

            app.send(panel, "for i in $(seq 1 200); do echo secret-line-$i; done; echo kept-$((6*7))\r");
            AppText.await("the lines in the scrollback",
                    () -> AppText.of(app, panel, true).contains("secret-line-1\n"));
            AppText.await("all of them", () -> AppText.of(app, panel, true).contains("kept-42"));
            app.ctl(ControlCommand.CHECKPOINT_NOW);

            app.ctl(ControlCommand.CLEAR_SCROLLBACK, JsonNodeFactory.instance.objectNode().put("panel", panel));
            String cleared = AppText.of(app, panel, true);
            assertFalse(cleared.contains("secret-line-1\n"), "cleared at once: " + cleared);
            assertTrue(cleared.contains("kept-42"), "the screen stays: " + cleared);

            app.kill9();
            AppText.launch(app, root);
            AppText.awaitPrompt(app, panel, "the restored shell's prompt");
            String restored = AppText.of(app, panel, true);
            assertTrue(restored.contains("kept-42"), "the screen came back: " + restored);
            assertFalse(restored.contains("secret-line-1\n"), "the cleared lines did not: " + restored);
        }
    }
}
