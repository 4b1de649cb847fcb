package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A {@code cd} and then a crash before the next autosave tick: the tab comes back in the new directory, because the
 * shell's report of it (OSC 7, at its next prompt) has the session saved at once. The tick is set to ten minutes
 * here, so nothing but that report can have saved it.
 */
class DirectoryAfterCrashTest {
    private static final Duration DEADLINE = AppText.DEADLINE;

    @Test
    void aTabComesBackInTheDirectoryItMovedToJustBeforeTheCrash() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-cd-crash")) {
            app.settings("{\"saveTiming\": {\"autosaveSeconds\": 600}}");
            Path moved = Files.createDirectories(app.work().resolve("moved here")).toRealPath();
            app.launch(root);
            app.connect(DEADLINE).close();
            String panel = app.ctl(ControlCommand.LIST).get(0).path("panelId").asText();
            AppText.await("the first prompt",
                    () -> AppText.of(app, panel, false).stripTrailing().endsWith(HoldfastProcess.PROMPT));

            app.send(panel, "cd '" + moved + "' && echo moved-$((6*7))\r");
            AppText.await("the shell in its new directory", () -> AppText.of(app, panel, false).contains("moved-42"));
            Path session = app.state().root().resolve("session.json");
            AppText.await("session.json naming the new directory", () -> {
                try {
                    return Files.isRegularFile(session) && Files.readString(session).contains(moved.toString());
                } catch (java.io.IOException notYet) {
                    return false;
                }
            });

            app.kill9();
            app.launch(root);
            app.connect(DEADLINE).close();
            JsonNode tab = app.ctl(ControlCommand.LIST).get(0);
            assertEquals(panel, tab.path("panelId").asText());
            AppText.await("the restored shell's prompt",
                    () -> AppText.of(app, panel, false).stripTrailing().endsWith(HoldfastProcess.PROMPT));
            app.send(panel, "echo \"here:$(pwd)\"\r");
            AppText.await("the restored shell in the new directory",
                    () -> AppText.of(app, panel, false).contains("here:" + moved));
        }
    }
}
