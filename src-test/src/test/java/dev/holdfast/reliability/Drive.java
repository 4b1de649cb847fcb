package dev.holdfast.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.bench.Ctl;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the rows do to the real app through its control socket, and what they look at in its state directory.
 * Every wait polls with a deadline.
 */
final class Drive {
    /** Short cadences, so that a case does not wait a minute for a checkpoint. */
    static final String FAST_SETTINGS =
            "{\"saveTiming\": {\"autosaveSeconds\": 1, \"checkpointIntervalSeconds\": 2, \"typingQuietSeconds\": 0,"
                    + " \"clockRetrySeconds\": 2}}";
    static final Duration LAUNCH = Duration.ofSeconds(90);
    static final Duration STEP = Duration.ofSeconds(30);

    interface Check {
        boolean holds() throws Exception;
    }

    private Drive() {
    }

    static ObjectNode args() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** Launches and waits until {@code list} is answered and the restore has replayed every tab. */
    static void launchAndSettle(HoldfastProcess app, Path appRoot) throws Exception {
        app.launch(appRoot);
        app.connect(LAUNCH).close();
        awaitRestored(app);
    }

    static void awaitRestored(HoldfastProcess app) throws Exception {
        if (!await(LAUNCH, () -> !stats(app).path("startup").path("replaying").asBoolean(true))) {
            throw new IllegalStateException("the restore was still replaying after " + LAUNCH.toSeconds() + " s");
        }
    }

    static boolean await(Duration within, Check check) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            try {
                if (check.holds()) {
                    return true;
                }
            } catch (IOException notNow) {
                // Asked again until the deadline.
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
    }

    static List<String> panels(Ctl app) throws IOException {
        JsonNode listed = app.ctl(ControlCommand.LIST);
        JsonNode tabs = listed.isArray() ? listed : listed.path("tabs");
        List<String> ids = new ArrayList<>();
        for (JsonNode tab : tabs) {
            ids.add(tab.path("panelId").asText());
        }
        return ids;
    }

    static Map<String, String> titles(Ctl app) throws IOException {
        JsonNode listed = app.ctl(ControlCommand.LIST);
        Map<String, String> titles = new HashMap<>();
        for (JsonNode tab : listed.isArray() ? listed : listed.path("tabs")) {
            titles.put(tab.path("panelId").asText(), tab.path("title").asText());
        }
        return titles;
    }

    static String newTab(Ctl app) throws IOException {
        return app.ctl(ControlCommand.NEW_TAB).path("panelId").asText();
    }

    static void send(Ctl app, String panel, String text) throws IOException {
        app.send(panel, text);
    }

    static String read(Ctl app, String panel, boolean scrollback) throws IOException {
        return app.read(panel, scrollback);
    }

    /** Every tab's scrollback and screen, one after another. */
    static String allText(Ctl app) throws IOException {
        StringBuilder all = new StringBuilder();
        for (String panel : panels(app)) {
            all.append(read(app, panel, true)).append('\n');
        }
        return all.toString();
    }

    static boolean atPrompt(Ctl app, String panel) throws IOException {
        return read(app, panel, false).stripTrailing().endsWith(HoldfastProcess.PROMPT);
    }

    static void awaitPrompt(Ctl app, String panel) throws Exception {
        if (!await(STEP, () -> atPrompt(app, panel))) {
            throw new IllegalStateException("no prompt in " + panel + ": " + read(app, panel, false));
        }
    }

    static void awaitText(Ctl app, String panel, String text) throws Exception {
        if (!await(STEP, () -> read(app, panel, true).contains(text))) {
            throw new IllegalStateException(text + " did not show in " + panel);
        }
    }

    static JsonNode stats(Ctl app) throws IOException {
        return app.ctl(ControlCommand.STATS);
    }

    static String notice(Ctl app) throws IOException {
        return stats(app).path("notice").asText("");
    }

    /**
     * Returns once a checkpoint that finished holds everything every tab had parsed when this was called: each
     * tab's captured generation has reached it and no checkpoint is still writing.
     */
    static void commit(Ctl app) throws Exception {
        Map<String, Long> wanted = new HashMap<>();
        for (JsonNode p : stats(app).path("checkpoints").path("panels")) {
            wanted.put(p.path("panelId").asText(), p.path("processedGeneration").asLong());
        }
        boolean done = await(STEP, () -> {
            app.ctl(ControlCommand.CHECKPOINT_NOW);
            JsonNode checkpoints = stats(app).path("checkpoints");
            if (checkpoints.path("inProgress").asBoolean()) {
                return false;
            }
            for (JsonNode p : checkpoints.path("panels")) {
                Long want = wanted.get(p.path("panelId").asText());
                if (want != null && p.path("eligible").asBoolean() && p.path("capturedGeneration").asLong() < want) {
                    return false;
                }
            }
            return true;
        });
        if (!done) {
            throw new IllegalStateException("no checkpoint covered every tab within " + STEP.toSeconds() + " s: "
                    + stats(app).path("checkpoints"));
        }
    }

    /** Quarantined files ({@code *.corrupt-*}) anywhere under the state directory. */
    static long quarantined(Path state) throws IOException {
        return files(state, name -> name.contains(".corrupt-"));
    }

    /** Temporary files of unfinished writes ({@code .name.*.tmp}) anywhere under the state directory. */
    static long temporaries(Path state) throws IOException {
        return files(state, name -> name.startsWith(".") && name.endsWith(".tmp"));
    }

    /**
     * Files under {@code state} whose name {@code name} accepts. The app may be running: a file it renames into place
     * or removes between the listing of its directory and the look at it is simply not there (a walk by
     * {@code Files.walk} threw for it and aborted the row).
     */
    private static long files(Path state, Predicate<String> name) throws IOException {
        if (!Files.isDirectory(state)) {
            return 0;
        }
        long[] count = new long[1];
        Files.walkFileTree(state, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                count[0] += name.test(file.getFileName().toString()) ? 1 : 0;
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        return count[0];
    }

    /** Resident memory of a process in MB, from {@code /proc}; -1 when it is gone. */
    static long rssMegabytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException gone) {
            // Ended.
        }
        return -1;
    }
}
