package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.bench.HoldfastProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A {@code cd} and then a crash before the next autosave tick: the tab comes back in the new directory, because the
 * shell's report of it (OSC 7, at its next prompt) has the session saved at once. The tick is set to ten minutes
 * here, so nothing but that report can have saved it.
 */
class DirectoryAfterCrashTest {
    @Test
    void aTabComesBackInTheDirectoryItMovedToJustBeforeTheCrash() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-cd-crash")) {
            app.settings("{\"saveTiming\": {\"autosaveSeconds\": 600}}");
            Path moved = Files.createDirectories(app.work().resolve("moved here")).toRealPath();
            AppText.launch(app, root);
            String panel = AppText.firstPanel(app);
            AppText.awaitPrompt(app, panel, "the first prompt");

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
            AppText.launch(app, root);
            assertEquals(panel, AppText.firstPanel(app));
            AppText.awaitPrompt(app, panel, "the restored shell's prompt");
            app.send(panel, "echo \"here:$(pwd)\"\r");
            AppText.await("the restored shell in the new directory",
                    () -> AppText.of(app, panel, false).contains("here:" + moved));
        }
    }
}
