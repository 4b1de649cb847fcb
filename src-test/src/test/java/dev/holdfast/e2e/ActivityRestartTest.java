package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.app.control.CtlEnvironment;
import dev.holdfast.app.control.CtlMain;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.fixtures.codex.StandInCodex;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real app, headless, on a real state directory, through its real startup path: a sidebar of several tabs reads
 * the same order and the same clocks (so the same "updated …") after a clean quit and relaunch, and after a kill -9
 * and relaunch; and a Codex-like footer that keeps ticking never moves its tab up.
 */
class ActivityRestartTest {
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();

    // Kept when the test fails: the app's log there says where a clock that did not come back came from.
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path work;

    private Process app;
    private Path state;

    @AfterEach
    void stopApp() throws Exception {
        if (app != null && app.isAlive()) {
            app.descendants().forEach(ProcessHandle::destroyForcibly);
            app.destroyForcibly();
            app.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Starts Holdfast as a user would, headless, with short save cadences so a checkpoint comes within a second. */
    private void launch(Map<String, String> extraEnvironment) throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path jar = root.resolve("app/target/holdfast-app.jar");
        assertTrue(Files.isRegularFile(jar), "the app is built before src-test");
        String monocle = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("openjfx-monocle")).findFirst().orElseThrow();
        List<String> command = List.of(ProcessHandle.current().info().command().orElse("java"), "-Xmx512m",
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true", "-cp", jar + File.pathSeparator + root.resolve("app/target/lib") + "/*"
                        + File.pathSeparator + monocle, "dev.holdfast.app.Main");
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.resolve("home").toFile())
                .redirectErrorStream(true).redirectOutput(work.resolve("app.out").toFile());
        Map<String, String> env = builder.environment();
        env.remove("DISPLAY");
        env.put("HOLDFAST_STATE_DIR", state.toString());
        env.put("XDG_CONFIG_HOME", work.resolve("config").toString());
        env.put("XDG_CACHE_HOME", work.resolve("cache").toString());
        env.put("HOME", work.resolve("home").toString());
        env.put("SHELL", "/bin/bash");
        env.putAll(extraEnvironment);
        app = builder.start();
        awaitJson("the control socket", List.of("list"), tabs -> tabs.isArray() && tabs.size() > 0);
    }

    private void prepare() throws IOException {
        state = work.resolve("s");
        Files.createDirectories(work.resolve("home"));
        Files.createDirectories(work.resolve("config/holdfast"));
        Files.writeString(work.resolve("home/.bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
        Files.writeString(work.resolve("config/holdfast/settings.json"),
                "{\"saveTiming\": {\"autosaveSeconds\": 1, \"checkpointIntervalSeconds\": 1, \"typingQuietSeconds\": 0}}");
    }

    private record Answer(int status, String out) {
    }

    private Answer ctl(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("--state-dir", state.toString()));
        all.addAll(args);
        int status = new CtlMain(new StateDirectory(state, work.resolve("config/holdfast")), work, Duration.ofSeconds(20),
                CtlEnvironment.ofThisProcess())
                .run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new Answer(status, out.toString(StandardCharsets.UTF_8));
    }

    private JsonNode json(List<String> args) throws IOException {
        List<String> withJson = new ArrayList<>(args);
        withJson.add("--json");
        Answer answer = ctl(withJson);
        return answer.status() == 0 ? JSON.readTree(answer.out()) : null;
    }

    private JsonNode awaitJson(String what, List<String> args, Predicate<JsonNode> condition) throws Exception {
        long end = System.nanoTime() + DEADLINE.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < end) {
            assertTrue(app.isAlive(), "Holdfast is running: " + Files.readString(work.resolve("app.out")));
            last = json(args);
            if (last != null && condition.test(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out waiting for " + what + "; last answer: " + last);
    }

    /** Every tab watched, every tab settled, and no tab still in its first look. */
    private JsonNode awaitSettledCards(int tabs) throws Exception {
        awaitJson("settled tabs", List.of("stats"), stats -> stats.path("activity").path("tabs").asInt() == tabs
                && stats.path("activity").path("settling").asInt() == 0);
        return awaitJson("a card per tab", List.of("cards"), cards -> cards.size() == tabs
                && allMatch(cards, c -> !c.path("lastActivityAt").isNull()));
    }

    private static boolean allMatch(JsonNode array, Predicate<JsonNode> test) {
        for (JsonNode item : array) {
            if (!test.test(item)) {
                return false;
            }
        }
        return true;
    }

    /** Panel id → its clocks, in the sidebar's order. */
    private static Map<String, String> clocks(JsonNode cards) {
        Map<String, String> clocks = new LinkedHashMap<>();
        for (JsonNode card : cards) {
            clocks.put(card.path("panelId").asText(), card.path("lastActivityAt").asText() + " / "
                    + card.path("state").asText() + " since " + card.path("stateSince").asText());
        }
        return clocks;
    }

    /**
     * The clocks to keep across a restart: every tab's, and every state but the agent's, whose program the quit or
     * the kill ended (its tab comes back to a shell, which is a change of state).
     */
    private static Map<String, String> kept(Map<String, String> clocks, String agent) {
        Map<String, String> kept = new LinkedHashMap<>(clocks);
        kept.put(agent, clocks.get(agent).substring(0, clocks.get(agent).indexOf(" / ")));
        return kept;
    }

    /** The app's log lines about clocks and panels (both launches), for a failure's message. */
    private String clockLog() {
        StringBuilder lines = new StringBuilder("\n(kept in " + work + "; the app's log about clocks:)");
        try {
            for (String line : Files.readAllLines(state.resolve("logs/holdfast.log"), StandardCharsets.UTF_8)) {
                if (line.contains("clock") || line.contains("Launch ") || line.contains("quit")) {
                    lines.append('\n').append(line);
                }
            }
        } catch (IOException e) {
            lines.append("\n(no log: ").append(e).append(')');
        }
        return lines.toString();
    }

    private String newTab() throws Exception {
        return json(List.of("new-tab")).path("panelId").asText();
    }

    private void run(String panel, String command, String shows) throws Exception {
        assertEquals(0, ctl(List.of("send", "--panel", panel, "--text", command + "\r")).status());
        awaitJson(command + " to finish", List.of("read", "--panel", panel),
                read -> read.path("text").asText().contains(shows));
    }

    private JsonNode cardOf(JsonNode cards, String panel) {
        for (JsonNode card : cards) {
            if (card.path("panelId").asText().equals(panel)) {
                return card;
            }
        }
        throw new AssertionError("no card for " + panel + " in " + cards);
    }

    private void awaitActivity(String panel, String before) throws Exception {
        awaitJson("the tab's change to count", List.of("cards"),
                cards -> !cardOf(cards, panel).path("lastActivityAt").asText().equals(before));
    }

    @Test
    void restartsKeepTheSidebarsOrderAndClocksAndATickingFooterNeverMovesItsTabUp() throws Exception {
        prepare();
        StandInCodex codex = StandInCodex.install(work.resolve("codex"), FakeCodexHome.create(work.resolve("codex-home")));
        Map<String, String> codexEnv = codex.environment(Map.of("PATH", System.getenv().getOrDefault("PATH",
                "/usr/bin:/bin")), false, "cli");
        launch(codexEnv);
        String first = json(List.of("list")).get(0).path("panelId").asText();
        String second = newTab();
        String third = newTab();
        String agent = newTab();
        JsonNode settled = awaitSettledCards(4);

        // Changes in an order of their own, each counted before the next: the agent first, then third, first, second.
        // A login shell sets its own PATH (/etc/profile), so the stand-in is started by its path.
        run(agent, codex.program().toString(), "weekly");
        // Its start is a change of its own: the next tab's change comes once the agent sits idle at its input box.
        JsonNode afterCodex = awaitJson("the stand-in idle at its input box", List.of("cards"),
                cards -> cardOf(cards, agent).path("program").asText().equals("Codex")
                        && cardOf(cards, agent).path("state").asText().equals("idle"));
        for (String panel : List.of(third, first, second)) {
            String before = cardOf(json(List.of("cards")), panel).path("lastActivityAt").asText();
            run(panel, "echo changed-" + panel.substring(0, 8), "changed-" + panel.substring(0, 8) + "\n$");
            awaitActivity(panel, before);
        }
        JsonNode cards = awaitSettledCards(4);
        assertEquals(List.of(second, first, third, agent), new ArrayList<>(clocks(cards).keySet()),
                "Last updated: the newest change first: " + cards);

        // The footer keeps ticking (its weekly percentage moves every 2 s): the tab never moves up.
        String agentClock = cardOf(cards, agent).path("lastActivityAt").asText();
        String footer = awaitJson("the footer", List.of("read", "--panel", agent),
                read -> read.path("text").asText().contains("% left")).path("text").asText();
        awaitJson("two footer ticks", List.of("read", "--panel", agent),
                read -> !read.path("text").asText().equals(footer) && !read.path("text").asText().contains(
                        footer.substring(footer.indexOf("weekly"), footer.indexOf("% left"))));
        // The watcher has looked at the ticked screen before the card is read, so an unchanged clock means something.
        long looks = json(List.of("stats")).path("activity").path("looks").asLong();
        awaitJson("the watcher's look at the ticked footer", List.of("stats"),
                stats -> stats.path("activity").path("looks").asLong() > looks);
        JsonNode ticked = json(List.of("cards"));
        assertEquals(agentClock, cardOf(ticked, agent).path("lastActivityAt").asText(), "the footer is no activity");
        assertEquals(agent, ticked.get(3).path("panelId").asText());

        Map<String, String> before = clocks(ticked);
        assertEquals(0, ctl(List.of("checkpoint-now")).status());

        // A clean quit and a relaunch: the same order, the same clocks.
        assertEquals(0, ctl(List.of("quit")).status());
        assertTrue(app.waitFor(60, TimeUnit.SECONDS), "the quit ends Holdfast");
        launch(codexEnv);
        JsonNode relaunched = awaitSettledCards(4);
        assertEquals(kept(before, agent), kept(clocks(relaunched), agent),
                () -> "after a clean quit and relaunch" + clockLog());
        assertEquals("idle", cardOf(relaunched, agent).path("state").asText(), "the agent ended with the quit");
        before = clocks(relaunched);

        // A kill -9 and a relaunch: the same again.
        assertEquals(0, ctl(List.of("checkpoint-now")).status());
        app.destroyForcibly();
        assertTrue(app.waitFor(30, TimeUnit.SECONDS));
        launch(codexEnv);
        assertEquals(before, clocks(awaitSettledCards(4)), () -> "after kill -9 and relaunch" + clockLog());
        assertEquals(0, ctl(List.of("quit")).status());
        assertTrue(app.waitFor(60, TimeUnit.SECONDS));
    }
}
