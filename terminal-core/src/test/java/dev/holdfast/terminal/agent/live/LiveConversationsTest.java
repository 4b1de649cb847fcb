package dev.holdfast.terminal.agent.live;

import static dev.holdfast.fixtures.codex.CodexTerminal.await;
import static dev.holdfast.fixtures.codex.CodexTerminal.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.fixtures.codex.CodexTerminal;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The glue service on a real tab: it binds, follows the rollout live, and stops its thread on close. */
class LiveConversationsTest {
    private static final String THREAD_NAME = "holdfast-agent-conversations";

    @TempDir
    Path dir;

    @Test
    void bindsACodexTabFollowsItsRolloutLiveAndStopsItsThreadOnClose() throws Exception {
        FakeCodexHome home = FakeCodexHome.create(Files.createDirectories(dir.resolve("home")));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Map<UUID, TabConversation> latest = new ConcurrentHashMap<>();
        LiveSettings settings = new LiveSettings(Duration.ofMillis(100), LiveSettings.DEFAULTS.binding(),
                LiveSettings.DEFAULTS.conversation(), LiveSettings.DEFAULTS.transcript());
        try (CodexTerminal tab = CodexTerminal.open(dir.resolve("tab"), project, home, false);
                LiveConversations live = new LiveConversations(ProcessInspector.forCurrentOs(), settings, Clock.systemUTC(),
                        dir, s -> latest.put(s.panelId(), s))) {
            live.track(tab.tab());
            live.follow(tab.panelId(), true);
            live.start();
            awaitTrue("the idle tab reported without an agent", () -> latest.containsKey(tab.panelId())
                    && latest.get(tab.panelId()).agent().isEmpty());

            tab.startCodex("");
            awaitTrue("Codex seen in the tab", () -> latest.get(tab.panelId()).agent().equals(Optional.of(Agent.CODEX)));
            tab.say("why does the build fail on Tuesdays?");
            String answer = "The build fails on Tuesdays because the cron job that rotates the signing keys runs at "
                    + "the same minute as the nightly build; the build now waits for the rotation lock.";
            tab.answer(answer);
            TabConversation bound = await("the conversation", () -> Optional.of(latest.get(tab.panelId()))
                    .filter(s -> s.binding().filter(b -> b instanceof Binding.Bound).isPresent())
                    .filter(s -> s.conversation().map(c -> c.items().size() >= 2).orElse(false)));
            assertEquals(BindingSource.SCREEN_MATCH, ((Binding.Bound) bound.binding().orElseThrow()).source());
            assertEquals("why does the build fail on Tuesdays?",
                    ((UserTurn) bound.conversation().orElseThrow().items().get(0)).text());
            assertEquals(answer, ((AssistantMessage) bound.conversation().orElseThrow().items().get(1)).text());

            tab.flood(50);
            // The call is written before its result: the poll may see one without the other, so its end is awaited.
            TabConversation followed = await("the tool call and its result followed live", () -> Optional.of(
                    latest.get(tab.panelId())).filter(s -> s.conversation().map(c -> c.items().stream().anyMatch(
                    i -> i instanceof ToolCall t && t.exitCode().isPresent())).orElse(false)));
            ToolCall call = (ToolCall) followed.conversation().orElseThrow().items().stream()
                    .filter(i -> i instanceof ToolCall).findFirst().orElseThrow();
            assertEquals(0, call.exitCode().orElseThrow());
            assertTrue(call.output().contains("tool output line 50"));

            TabConversation once = live.current(tab.panelId()).get();
            assertTrue(once.conversation().isPresent());
            live.untrack(tab.panelId());
            assertEquals(Optional.empty(), live.current(tab.panelId()).get().agent());
            assertTrue(threadAlive());
        }
        assertTrue(!threadAlive(), "close() stops the service's thread");
    }

    @Test
    void aRestoredTabShowsItsConversationAtOnceUntilAnAgentRunsInIt() throws Exception {
        FakeCodexHome home = FakeCodexHome.create(Files.createDirectories(dir.resolve("home")));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        String thread = home.add(FakeCodexHome.thread().cwd(project).turn("fix the flaky test", "Fixed: it raced."));
        Map<UUID, TabConversation> latest = new ConcurrentHashMap<>();
        LiveSettings settings = new LiveSettings(Duration.ofMillis(100), LiveSettings.DEFAULTS.binding(),
                LiveSettings.DEFAULTS.conversation(), LiveSettings.DEFAULTS.transcript());
        try (CodexTerminal tab = CodexTerminal.open(dir.resolve("tab"), project, home, false);
                LiveConversations live = new LiveConversations(ProcessInspector.forCurrentOs(), settings, Clock.systemUTC(),
                        dir, s -> latest.put(s.panelId(), s))) {
            live.track(tab.tab());
            live.follow(tab.panelId(), true);
            live.restored(tab.panelId(), new LiveConversations.RestoredConversation(Agent.CODEX, thread,
                    Optional.of(home.home())));
            live.start();
            TabConversation shown = await("the restored conversation, with no agent running",
                    () -> Optional.ofNullable(latest.get(tab.panelId())).filter(s -> s.conversation().isPresent()));
            Binding.Bound bound = (Binding.Bound) shown.binding().orElseThrow();
            assertEquals(thread, bound.sessionId());
            assertEquals(BindingSource.RESTORED, bound.source());
            assertEquals(Optional.of(Agent.CODEX), shown.agent());
            assertEquals("fix the flaky test", ((UserTurn) shown.conversation().orElseThrow().items().get(0)).text());

            tab.startCodex("resume " + thread);
            TabConversation resumed = await("the resumed agent's own binding", () -> Optional.ofNullable(
                    latest.get(tab.panelId())).filter(s -> s.binding().filter(b -> b instanceof Binding.Bound rb
                    && rb.source() != BindingSource.RESTORED).isPresent()));
            assertEquals(thread, ((Binding.Bound) resumed.binding().orElseThrow()).sessionId());
            tab.quitCodex();
            await("no restored conversation once an agent has run", () -> Optional.ofNullable(latest.get(tab.panelId()))
                    .filter(s -> s.agent().isEmpty()));
        }
    }

    private static boolean threadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(THREAD_NAME) && t.isAlive());
    }
}
