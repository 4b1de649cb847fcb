package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.app.control.ControlClient;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.Ctl;
import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.fixtures.claude.FakeClaudeConfig;
import dev.holdfast.fixtures.claude.StandInClaude;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.fixtures.codex.StandInCodex;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The real app, headless, {@code kill -9}ed with three Codex tabs bound (stand-in codex), then relaunched: each
 * tab offers its own conversation's resume command at its prompt, the tab whose agent outlived the crash (it
 * ignored the hang-up) offers nothing and says where it still runs, Holdfast leaves that process alone, and
 * Enter resumes the right conversation in each tab.
 */
class AgentResumeAfterKill9Test {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void afterKill9EachAgentTabOffersItsOwnConversationAStrayAgentBlocksItsOfferAndEnterResumesIt() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        assertTrue(Files.isRegularFile(root.resolve("app/target/holdfast-app.jar")), "the app is built before src-test");
        List<Long> strays = new ArrayList<>();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-resume")) {
            Path config = Files.createDirectories(app.work().resolve("config/holdfast"));
            Files.writeString(config.resolve("settings.json"),
                    "{\"saveTiming\": {\"autosaveSeconds\": 1, \"checkpointIntervalSeconds\": 3, \"typingQuietSeconds\": 1}}");
            FakeCodexHome home = FakeCodexHome.create(Files.createDirectories(app.work().resolve("codex-home")));
            StandInCodex codex = StandInCodex.install(app.work().resolve("standin"), home);
            Map<String, String> env = new HashMap<>(codex.environment(Map.of("PATH", System.getenv("PATH")), true, "cli"));
            // A login shell's profile may set PATH anew: the stand-in's directory goes first after it.
            Files.writeString(app.home().resolve(".bash_profile"), "export PATH='" + codex.program().getParent()
                    + "':\"$PATH\"\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            Path projectA = Files.createDirectories(app.work().resolve("project-a")).toRealPath();
            Path projectB = Files.createDirectories(app.work().resolve("project-b")).toRealPath();
            Path projectC = Files.createDirectories(app.work().resolve("project-c")).toRealPath();

            app.launch(root, env);
            String first;
            String second;
            String third;
            String tabA;
            String tabB;
            String tabC;
            try (ControlClient ctl = app.connect(DEADLINE)) {
                tabA = newTab(ctl, projectA);
                tabB = newTab(ctl, projectB);
                tabC = newTab(ctl, projectC);
                for (String tab : List.of(tabA, tabB, tabC)) {
                    awaitText(ctl, tab, "a prompt in " + tab, s -> s.contains("READY$"));
                }
                send(ctl, tabA, "codex\r");
                send(ctl, tabB, "codex\r");
                send(ctl, tabC, "CODEX_STANDIN_IGNORE_HUP=1 codex\r");
                for (String tab : List.of(tabA, tabB, tabC)) {
                    awaitText(ctl, tab, "the stand-in in " + tab, s -> s.contains("OpenAI Codex"));
                }
                send(ctl, tabA, "fix the flaky test\r");
                send(ctl, tabB, "make the build green\r");
                send(ctl, tabC, "keep running after the crash\r");
                first = boundThread(ctl, tabA);
                second = boundThread(ctl, tabB);
                third = boundThread(ctl, tabC);
                assertEquals(3, List.of(first, second, third).stream().distinct().count());
                Path session = app.state().root().resolve("session.json");
                await("the three conversations in the autosaved session", () -> {
                    try {
                        String saved = Files.readString(session, StandardCharsets.UTF_8);
                        return saved.contains(first) && saved.contains(second) && saved.contains(third)
                                ? Optional.of(saved) : Optional.empty();
                    } catch (java.io.IOException notYet) {
                        return Optional.empty();
                    }
                });
            }
            app.kill9();
            List<Long> outliving = codex.outliving();
            strays.addAll(outliving);
            assertEquals(1, outliving.size(), "the stand-in that ignores the hang-up recorded itself");
            long stray = outliving.get(0);
            await("the stray agent outlives the crash", () -> ProcessHandle.of(stray).filter(ProcessHandle::isAlive));

            app.launch(root, env);
            try (ControlClient ctl = app.connect(DEADLINE)) {
                String a = awaitText(ctl, tabA, "tab A's offer", s -> s.contains("READY$ codex resume " + first));
                assertTrue(a.contains("Codex conversation \u2018fix the flaky test\u2019 \u2014 press Enter to resume"), a);
                assertFalse(a.contains("Working ("), "the agent's old frames are not replayed:\n" + a);
                String b = awaitText(ctl, tabB, "tab B's offer", s -> s.contains("READY$ codex resume " + second));
                assertTrue(b.contains("Codex conversation \u2018make the build green\u2019 \u2014 press Enter to resume"), b);
                String c = awaitText(ctl, tabC, "tab C's note", s -> s.contains("still running in pid " + stray));
                assertFalse(c.contains("codex resume " + third), "no offer while the conversation runs:\n" + c);
                assertTrue(ProcessHandle.of(stray).map(ProcessHandle::isAlive).orElse(false),
                        "Holdfast never kills a process it did not start");

                String tabTitle = await("tab A named after its conversation", () -> {
                    try {
                        JsonNode listed = HoldfastProcess.call(ctl, ControlCommand.LIST, JsonNodeFactory.instance.objectNode());
                        for (JsonNode t : listed.isArray() ? listed : listed.path("tabs")) {
                            if (t.path("panelId").asText().equals(tabA)
                                    && t.path("title").asText().startsWith("Codex conversation")) {
                                return Optional.of(t.path("title").asText());
                            }
                        }
                    } catch (java.io.IOException notYet) {
                        // Asked again below.
                    }
                    return Optional.empty();
                });
                assertEquals("Codex conversation \u2018fix the flaky test\u2019", tabTitle);
                JsonNode panel = await("tab A's conversation shown before anything runs in it", () -> {
                    JsonNode report = conversation(ctl, tabA);
                    return report.path("binding").path("bound").asBoolean(false)
                            && report.path("turns").toString().contains("fix the flaky test")
                            ? Optional.of(report) : Optional.empty();
                });
                assertEquals(first, panel.path("binding").path("threadId").asText());
                assertEquals("restored", panel.path("binding").path("source").asText());

                assertEquals(List.of(), codex.resumedThreads());
                send(ctl, tabB, "\r");
                await("tab B resumed its own conversation", () -> Optional.of(codex.resumedThreads())
                        .filter(ids -> ids.equals(List.of(second))));
                send(ctl, tabA, "\r");
                await("tab A resumed its own conversation", () -> Optional.of(codex.resumedThreads())
                        .filter(ids -> ids.equals(List.of(second, first))));
                awaitText(ctl, tabA, "tab A shows its resumed thread", s -> s.contains("Resumed thread " + first));
            }
        } finally {
            for (long pid : strays) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void afterKill9TwoClaudeTabsInOneDirectoryEachOfferTheirOwnSessionAndEnterResumesIt() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        assertTrue(Files.isRegularFile(root.resolve("app/target/holdfast-app.jar")), "the app is built before src-test");
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-resume-claude")) {
            Path config = Files.createDirectories(app.work().resolve("config/holdfast"));
            Files.writeString(config.resolve("settings.json"),
                    "{\"saveTiming\": {\"autosaveSeconds\": 1, \"checkpointIntervalSeconds\": 3, \"typingQuietSeconds\": 1}}");
            FakeClaudeConfig claudeConfig = FakeClaudeConfig.create(Files.createDirectories(app.work().resolve("claude")));
            StandInClaude claude = StandInClaude.install(app.work().resolve("standin-claude"), claudeConfig);
            Map<String, String> env = new HashMap<>(claude.environment(Map.of("PATH", System.getenv("PATH")), true,
                    false));
            Files.writeString(app.home().resolve(".bash_profile"), "export PATH='" + claude.program().getParent()
                    + "':\"$PATH\"\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            Path project = Files.createDirectories(app.work().resolve("project")).toRealPath();

            app.launch(root, env);
            String first;
            String second;
            String tabA;
            String tabB;
            try (ControlClient ctl = app.connect(DEADLINE)) {
                tabA = newTab(ctl, project);
                tabB = newTab(ctl, project);
                for (String tab : List.of(tabA, tabB)) {
                    awaitText(ctl, tab, "a prompt in " + tab, s -> s.contains("READY$"));
                    send(ctl, tab, "claude\r");
                }
                for (String tab : List.of(tabA, tabB)) {
                    awaitText(ctl, tab, "the stand-in in " + tab, s -> s.contains("Welcome to Claude Code"));
                }
                send(ctl, tabA, "rename the config loader\r");
                send(ctl, tabB, "speed up the test suite\r");
                first = boundThread(ctl, tabA);
                second = boundThread(ctl, tabB);
                assertFalse(first.equals(second), "two Claude tabs in one directory, two sessions");
                Path session = app.state().root().resolve("session.json");
                await("both sessions in the autosaved session", () -> {
                    try {
                        String saved = Files.readString(session, StandardCharsets.UTF_8);
                        return saved.contains(first) && saved.contains(second) ? Optional.of(saved) : Optional.empty();
                    } catch (java.io.IOException notYet) {
                        return Optional.empty();
                    }
                });
            }
            app.kill9();

            app.launch(root, env);
            try (ControlClient ctl = app.connect(DEADLINE)) {
                String a = awaitText(ctl, tabA, "tab A's offer", s -> s.contains("READY$ claude --resume " + first));
                assertTrue(a.contains("Claude Code conversation") && a.contains("press Enter to resume"), a);
                String b = awaitText(ctl, tabB, "tab B's offer", s -> s.contains("READY$ claude --resume " + second));
                assertFalse(b.contains("--resume " + first), "tab B offers only its own session:\n" + b);
                assertTrue(claude.starts().stream().noneMatch(start -> start.resumed().isPresent()),
                        "nothing is resumed before Enter");
                send(ctl, tabB, "\r");
                await("tab B resumed its own session", () -> Optional.of(claude.starts())
                        .filter(starts -> starts.stream().anyMatch(st -> st.resumed().equals(Optional.of(second)))));
                send(ctl, tabA, "\r");
                await("tab A resumed its own session", () -> Optional.of(claude.starts())
                        .filter(starts -> starts.stream().anyMatch(st -> st.resumed().equals(Optional.of(first)))));
                awaitText(ctl, tabA, "tab A shows its resumed session", s -> s.contains("resumed session " + first));
                awaitText(ctl, tabB, "tab B shows its resumed session", s -> s.contains("resumed session " + second));
            }
        }
    }

    private static String newTab(ControlClient ctl, Path cwd) throws Exception {
        ObjectNode args = JsonNodeFactory.instance.objectNode().put("cwd", cwd.toString());
        return HoldfastProcess.call(ctl, ControlCommand.NEW_TAB, args).path("panelId").asText();
    }

    private static void send(ControlClient ctl, String panel, String text) throws Exception {
        Ctl.over(ctl).send(panel, text);
    }

    private static String read(ControlClient ctl, String panel) {
        try {
            return Ctl.over(ctl).read(panel, true);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static JsonNode conversation(ControlClient ctl, String panel) {
        try {
            return HoldfastProcess.call(ctl, ControlCommand.CONVERSATION, JsonNodeFactory.instance.objectNode()
                    .put("panel", panel));
        } catch (java.io.IOException e) {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    private static String boundThread(ControlClient ctl, String panel) throws Exception {
        return await("a bound conversation in " + panel, () -> {
            JsonNode binding = conversation(ctl, panel).path("binding");
            return binding.path("bound").asBoolean(false) ? Optional.of(binding.path("threadId").asText())
                    : Optional.empty();
        });
    }

    /** Waits for a tab's text to satisfy {@code wanted}; a timeout shows what the tab showed. */
    private static String awaitText(ControlClient ctl, String panel, String what, java.util.function.Predicate<String> wanted)
            throws InterruptedException {
        String[] last = {""};
        try {
            return await(what, () -> {
                last[0] = read(ctl, panel);
                return Optional.of(last[0]).filter(wanted);
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the tab shows:\n" + last[0], e);
        }
    }

    private static <T> T await(String what, Supplier<Optional<T>> condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            Optional<T> value = condition.get();
            if (value.isPresent()) {
                return value.get();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }
}
