package dev.holdfast.terminal.agent.codex;

import static dev.holdfast.fixtures.codex.CodexTerminal.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.fixtures.codex.CodexTerminal;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingMemory;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding rules on real tabs: real PTYs, real bash, the stand-in {@code codex} writing a real rollout and
 * a real SQLite row into a fake Codex home. Each test names the rule it protects.
 */
class CodexBindingContractTest {
    private static final BindingSettings SETTINGS = BindingSettings.DEFAULTS;

    @TempDir
    Path dir;

    private FakeCodexHome home;
    private Path project;
    private final List<CodexTerminal> terminals = new ArrayList<>();
    private CodexResolver resolver;

    @BeforeEach
    void setUp() throws Exception {
        home = FakeCodexHome.create(Files.createDirectories(dir.resolve("codex-home")));
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        ObjectMapper json = new ObjectMapper();
        resolver = new CodexResolver(new CodexBindingPolicy(SETTINGS, Clock.systemUTC(), new BindingMemory(SETTINGS.memoryEntries())),
                new CodexRollouts(json, SETTINGS, TranscriptLimits.DEFAULTS), dir);
    }

    @AfterEach
    void closeTerminals() {
        terminals.forEach(CodexTerminal::close);
    }

    private CodexTerminal open(boolean holdRolloutOpen) {
        CodexTerminal t = CodexTerminal.open(dir.resolve("tab-" + terminals.size()), project, home, holdRolloutOpen);
        terminals.add(t);
        return t;
    }

    /** Resolves the tabs in this order (each against the others) and returns the first one's binding. */
    private Binding resolve(CodexTerminal first, CodexTerminal... others) {
        List<CodexTerminal> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(others));
        List<CodexObservation> observations = new ArrayList<>();
        for (CodexTerminal t : all) {
            observations.add(new CodexObservation(t.panelId(), t.agent().orElseThrow(), t.session().spec().baseEnvironment(),
                    () -> t.screen(SETTINGS.screenLines())));
        }
        Map<UUID, CodexResolution> results = resolver.resolve(observations);
        return results.get(first.panelId()).binding();
    }

    private static String answer(String topic) {
        return "Fixed " + topic + ": the cache was shared between the workers, so every worker now gets its own "
                + "temporary directory and the race is gone (" + UUID.randomUUID() + ").";
    }

    private static String boundThread(Binding binding, BindingSource source) {
        Binding.Bound bound = assertInstanceOf(Binding.Bound.class, binding, () -> "expected bound, got " + binding);
        assertEquals(source, bound.source(), bound::toString);
        return bound.sessionId();
    }

    private static void assertUnavailable(UnavailableReason reason, Binding binding) {
        Binding.Unavailable u = assertInstanceOf(Binding.Unavailable.class, binding, () -> "expected unavailable, got " + binding);
        assertEquals(reason, u.reason(), u::explanation);
    }

    /** Matched once, then the flood pushes the answer out of the last 400 lines (checked), and it stays. */
    private String matchThenFlood(CodexTerminal tab, String topic) {
        tab.startCodex("");
        tab.say("please fix " + topic);
        String text = answer(topic);
        tab.answer(text);
        String thread = boundThread(resolve(tab), BindingSource.SCREEN_MATCH);
        tab.flood(600);
        awaitTrue("the answer to leave the last 400 lines", () -> !tab.shows(text, SETTINGS.screenLines()));
        return thread;
    }

    @Test
    void resumedByIdIsBoundWithNoAnswerOnScreenUntilANewerThreadRowAppears() {
        String resumed = home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now().minusSeconds(3600))
                .turn("earlier question", answer("the earlier bug")));
        CodexTerminal tab = open(false);
        tab.startCodex("resume " + resumed);
        tab.awaitScreen("the resumed note", s -> s.lines().stream().anyMatch(l -> l.contains("Resumed thread")));
        assertEquals(resumed, boundThread(resolve(tab), BindingSource.RESUME_ARGUMENT));

        home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now()).turn("another question", answer("another bug")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, resolve(tab));
    }

    @Test
    void aMatchIsKeptAfterSixHundredLinesPushTheAnswerOutOfTheScreen() {
        CodexTerminal tab = open(false);
        String thread = matchThenFlood(tab, "the flaky test");
        assertEquals(thread, boundThread(resolve(tab), BindingSource.SCREEN_MATCH));
    }

    @Test
    void aDifferentCodexProcessDropsTheMatch() {
        CodexTerminal tab = open(false);
        String thread = matchThenFlood(tab, "the parser");
        tab.quitCodex();
        tab.startCodex("");
        Binding binding = resolve(tab);
        assertInstanceOf(Binding.Unavailable.class, binding, () -> "the old thread " + thread + " must not stay: " + binding);
    }

    @Test
    void aKeptMatchBecomesUnavailableWhenANewerInteractiveThreadBegins() {
        CodexTerminal tab = open(false);
        matchThenFlood(tab, "the exporter");
        home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now().plusSeconds(1)).turn("unrelated", answer("unrelated")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, resolve(tab));
    }

    @Test
    void subAgentAndExecThreadsOfTheDirectoryDoNotReplaceAKeptMatch() {
        CodexTerminal tab = open(false);
        String thread = matchThenFlood(tab, "the scheduler");
        int before = rows();
        tab.codex().control("/subagent");
        tab.codex().control("/exec");
        home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now().plusSeconds(1))
                .source("{\"subagent\":\"review\"}").turn("review this", answer("the review")));
        awaitTrue("the sub-agent and exec rows", () -> rows() == before + 3);
        assertEquals(thread, boundThread(resolve(tab), BindingSource.SCREEN_MATCH));

        home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now().plusSeconds(1)).source("vscode")
                .turn("from the desktop app", answer("the desktop")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, resolve(tab));
    }

    private int rows() {
        try (CodexThreadStore store = CodexThreadStore.open(home.database())) {
            return store.begunSince(java.util.Set.of(project.toString()), Instant.EPOCH).size();
        }
    }

    @Test
    void twoCodexTabsInOneDirectoryEachKeepTheirOwnAndTheOthersNewThreadIsClaimedThere() {
        CodexTerminal first = open(false);
        String mine = matchThenFlood(first, "the first tab's bug");
        CodexTerminal second = open(false);
        second.startCodex("");
        second.say("please look at the second tab's bug");
        second.answer(answer("the second tab's bug"));
        // The second tab was never resolved: its thread is claimed there while the first tab is resolved.
        assertEquals(mine, boundThread(resolve(first, second), BindingSource.SCREEN_MATCH));
        String theirs = boundThread(resolve(second, first), BindingSource.SCREEN_MATCH);
        assertNotEquals(mine, theirs);

        second.flood(600);
        assertEquals(mine, boundThread(resolve(first, second), BindingSource.SCREEN_MATCH));
        assertEquals(theirs, boundThread(resolve(second, first), BindingSource.SCREEN_MATCH));
    }

    @Test
    void slashNewMakesTheTabUnavailableUntilTheNewThreadsAnswerShows() {
        CodexTerminal tab = open(false);
        String old = matchThenFlood(tab, "the cache");
        tab.newThread();
        tab.awaitScreen("a banner below the flood", s -> {
            List<String> lines = s.lines();
            int flood = -1;
            int banner = -1;
            for (int i = 0; i < lines.size(); i++) {
                flood = lines.get(i).contains("tool output line 600") ? i : flood;
                banner = lines.get(i).contains("OpenAI Codex (v") ? i : banner;
            }
            return banner > flood;
        });
        tab.say("a new question after /new");
        Binding afterNew = resolve(tab);
        assertUnavailable(UnavailableReason.NEWER_THREAD, afterNew);

        tab.answer(answer("the new question"));
        String fresh = boundThread(resolve(tab), BindingSource.SCREEN_MATCH);
        assertNotEquals(old, fresh);
    }

    @Test
    void aRolloutHeldOpenBindsWithNoAnswerOnScreen() {
        CodexTerminal tab = open(true);
        tab.startCodex("");
        tab.say("a question nobody answered yet");
        String first = boundThread(resolve(tab), BindingSource.OPEN_TRANSCRIPT);

        tab.newThread();
        tab.say("a question in the new thread");
        awaitTrue("the new rollout held open", () -> tab.agent().map(a -> a.openFiles().stream()
                .anyMatch(f -> f.toString().endsWith(".jsonl") && !f.toString().contains(first))).orElse(false));
        String second = boundThread(resolve(tab), BindingSource.OPEN_TRANSCRIPT);
        assertNotEquals(first, second);
    }

    @Test
    void aCompressedRolloutIsResumedAndRead() throws Exception {
        String archived = home.add(FakeCodexHome.thread().cwd(project).createdAt(Instant.now().minusSeconds(8 * 86400L))
                .compressed().turn("what broke the build?", answer("the build")));
        assertFalse(Files.exists(home.rolloutPath(archived, Instant.now().minusSeconds(8 * 86400L))));
        CodexTerminal tab = open(false);
        tab.startCodex("resume " + archived);
        List<CodexObservation> observations = List.of(new CodexObservation(tab.panelId(), tab.agent().orElseThrow(),
                tab.session().spec().baseEnvironment(), () -> tab.screen(SETTINGS.screenLines())));
        CodexResolution resolution = resolver.resolve(observations).get(tab.panelId());
        assertEquals(archived, boundThread(resolution.binding(), BindingSource.RESUME_ARGUMENT));

        CodexConversation conversation = new CodexConversation(archived, resolution.rollout().orElseThrow(),
                new ObjectMapper(), ConversationLimits.DEFAULTS, TranscriptLimits.DEFAULTS);
        assertTrue(conversation.read().isPresent());
        var items = conversation.snapshot(java.util.Optional.empty()).items();
        assertEquals("what broke the build?", assertInstanceOf(UserTurn.class, items.get(0)).text());
        assertTrue(assertInstanceOf(AssistantMessage.class, items.get(1)).text().startsWith("Fixed the build"));
    }
}
