package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** What the tests that run the built app read from its tabs through the control socket, and how they wait. */
final class AppText {
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private AppText() {
    }

    /** The tab's screen (with its history when {@code scrollback}); empty while the app does not answer yet. */
    static String of(HoldfastProcess app, String panel, boolean scrollback) {
        try {
            return app.read(panel, scrollback);
        } catch (IOException notYet) {
            return "";
        }
    }

    /** Launches the built app and waits until its control socket answers. */
    static void launch(HoldfastProcess app, Path root) throws Exception {
        app.launch(root);
        app.connect(DEADLINE).close();
    }

    /** The panel id of the app's first tab. */
    static String firstPanel(HoldfastProcess app) throws IOException {
        return app.ctl(ControlCommand.LIST).get(0).path("panelId").asText();
    }

    /** Waits until the tab's screen ends with the test shell's prompt. */
    static void awaitPrompt(HoldfastProcess app, String panel, String what) throws InterruptedException {
        await(what, () -> of(app, panel, false).stripTrailing().endsWith(HoldfastProcess.PROMPT));
    }

    /** Polls {@code condition} until it holds; fails after {@link #DEADLINE}. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(50);
        }
    }
}
