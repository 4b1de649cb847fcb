package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A tab nobody uses gains no separator per launch: through a crash and a clean quit it keeps one
 * {@code ── restored … ──} line that counts the restores; a command run after a restore keeps that restore's line.
 */
class RestoreSeparatorAfterRelaunchesTest {
    private static final Pattern SEPARATOR = Pattern.compile("\u2500\u2500 restored [^\n]*");

    @Test
    void anIdleTabKeepsOneSeparatorThroughACrashAndAQuitAndAWorkedOneGetsItsOwn() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-separators")) {
            LocalDate started = LocalDate.now();
            AppText.launch(app, root);
            String panel = AppText.firstPanel(app);
            AppText.awaitPrompt(app, panel, "the prompt");
            app.send(panel, "echo first-$((6*7))\r");
            AppText.await("the first output", () -> AppText.of(app, panel, false).contains("\nfirst-42\n"));
            app.ctl(ControlCommand.CHECKPOINT_NOW);

            app.kill9();
            relaunch(app, root, panel);
            assertEquals(1, separators(AppText.of(app, panel, true)), AppText.of(app, panel, true));
            app.ctl(ControlCommand.CHECKPOINT_NOW);

            app.kill9();
            relaunch(app, root, panel);
            app.ctl(ControlCommand.QUIT);
            assertTrue(app.process().waitFor(60, TimeUnit.SECONDS), "the clean quit ended the app");
            relaunch(app, root, panel);
            String idle = AppText.of(app, panel, true);
            assertEquals(1, separators(idle), "one separator for three restores: " + idle);
            // The label is broken between words to the tab's width: read as one line.
            String label = idle.replaceAll("\\s+", " ");
            assertTrue(label.contains(" \u00b7 restored 2 more times, last "), idle);
            // Restores on one day write the date once, with the first (unless this test ran across midnight).
            if (LocalDate.now().equals(started)) {
                String year = String.valueOf(started.getYear());
                assertEquals(1, label.split(year, -1).length - 1, "the date once: " + idle);
            }
            assertEquals(1, idle.split("\nfirst-42\n", -1).length - 1, "the output once: " + idle);

            app.send(panel, "echo second-$((6*7))\r");
            AppText.await("the output after the restore", () -> AppText.of(app, panel, false).contains("\nsecond-42\n"));
            app.ctl(ControlCommand.CHECKPOINT_NOW);
            app.kill9();
            relaunch(app, root, panel);
            String worked = AppText.of(app, panel, true);
            assertEquals(2, separators(worked), "the worked-in restore keeps its line: " + worked);
            assertTrue(worked.indexOf("\nsecond-42\n") > worked.replace('\n', ' ').indexOf(" more times, last "),
                    worked);
        }
    }

    private static void relaunch(HoldfastProcess app, Path root, String panel) throws Exception {
        AppText.launch(app, root);
        AppText.await("the restored tab below its separator", () -> {
            String text = AppText.of(app, panel, true);
            return text.lastIndexOf(HoldfastProcess.PROMPT) > text.lastIndexOf("\u2500\u2500 restored ")
                    && text.contains("\u2500\u2500 restored ");
        });
        AppText.awaitPrompt(app, panel, "the prompt");
    }

    private static int separators(String text) {
        Matcher found = SEPARATOR.matcher(text);
        int count = 0;
        while (found.find()) {
            count++;
        }
        return count;
    }
}
