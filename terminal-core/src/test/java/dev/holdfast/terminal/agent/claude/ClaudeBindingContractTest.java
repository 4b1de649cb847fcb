package dev.holdfast.terminal.agent.claude;

import static dev.holdfast.fixtures.codex.CodexTerminal.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.fixtures.agent.HookMailbox;
import dev.holdfast.fixtures.claude.ClaudeTerminal;
import dev.holdfast.fixtures.claude.FakeClaudeConfig;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.LiveSettings;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Claude Code binding rules on real tabs: real PTYs, real bash, the stand-in {@code claude} writing a real
 * transcript, a real {@code sessions/<pid>.json} and running its real SessionStart hook in a fake config dir, all
 * read by the real {@link LiveConversations} service (resolved on demand, no background rounds). Each test names
 * the rule it protects.
 */
class ClaudeBindingContractTest {
    private static final BindingSettings SETTINGS = BindingSettings.DEFAULTS;

    @TempDir
    Path dir;

    private FakeClaudeConfig config;
    private Path project;
    private final List<ClaudeTerminal> terminals = new ArrayList<>();
    private LiveConversations live;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "the stand-in reads /proc (Linux)");
        config = FakeClaudeConfig.create(Files.createDirectories(dir.resolve("claude-config")));
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        live = new LiveConversations(ProcessInspector.forCurrentOs(), LiveSettings.DEFAULTS, Clock.systemUTC(), dir, s -> {
        });
    }

    @AfterEach
    void close() {
        terminals.forEach(ClaudeTerminal::close);
        live.close();
    }

    private ClaudeTerminal open(boolean sessionFile) {
        ClaudeTerminal t = ClaudeTerminal.open(dir.resolve("tab-" + terminals.size()), project, config, sessionFile, false);
        terminals.add(t);
        live.track(t.tab());
        return t;
    }

    private TabConversation state(ClaudeTerminal tab) throws Exception {
        return live.current(tab.panelId()).get();
    }

    private Binding binding(ClaudeTerminal tab) throws Exception {
        return state(tab).binding().orElseThrow(() -> new AssertionError("no binding: no Claude seen in the tab"));
    }

    private static String answer(String topic) {
        return "Fixed " + topic + ": the cache was shared between the workers, so every worker now gets its own "
                + "temporary directory and the race is gone (" + UUID.randomUUID() + ").";
    }

    private static String bound(Binding binding, BindingSource source) {
        Binding.Bound b = assertInstanceOf(Binding.Bound.class, binding, () -> "expected bound, got " + binding);
        assertEquals(source, b.source(), b::toString);
        return b.sessionId();
    }

    private static void assertUnavailable(UnavailableReason reason, Binding binding) {
        Binding.Unavailable u = assertInstanceOf(Binding.Unavailable.class, binding, () -> "expected unavailable, got " + binding);
        assertEquals(reason, u.reason(), u::explanation);
    }

    private String sessionFileSession(long pid) throws Exception {
        return new ObjectMapper().readTree(config.directory().resolve("sessions/" + pid + ".json").toFile())
                .path("sessionId").asText();
    }

    private long claudePid(ClaudeTerminal tab) {
        return tab.agent().orElseThrow().innermost().pid();
    }

    @Test
    void twoClaudeTabsInOneDirectoryAreEachBoundToTheirOwnSessionByItsSessionFile() throws Exception {
        ClaudeTerminal first = open(true);
        first.startClaude("");
        ClaudeTerminal second = open(true);
        second.startClaude("");
        String firstSession = sessionFileSession(claudePid(first));
        String secondSession = sessionFileSession(claudePid(second));
        // Before anything is written, each is its own session (its transcript not there yet).
        assertEquals(firstSession, bound(binding(first), BindingSource.SESSION_FILE));
        assertTrue(state(first).readProblem().orElse("").contains("not written"), state(first)::toString);

        second.say("what does the second tab's build do?");
        first.say("what does the first tab's build do?");
        // The second tab's session began after the first tab's Claude started: it is the second's (its own file says
        // so), not a /clear in the first.
        assertEquals(firstSession, bound(binding(first), BindingSource.SESSION_FILE));
        assertEquals(secondSession, bound(binding(second), BindingSource.SESSION_FILE));
        assertNotEquals(firstSession, secondSession);
        live.follow(first.panelId(), true);
        var items = state(first).conversation().orElseThrow().items();
        assertEquals("what does the first tab's build do?", assertInstanceOf(UserTurn.class, items.get(0)).text());
    }

    @Test
    void afterSlashClearTheTabShowsTheNewSessionNeverTheOldOneThoughTheSessionFileStillNamesIt() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        tab.say("please fix the parser");
        tab.answer(answer("the parser"));
        String old = bound(binding(tab), BindingSource.SESSION_FILE);

        tab.clear();
        tab.say("a new question after /clear");
        assertEquals(old, sessionFileSession(claudePid(tab)), "Claude does not rewrite sessions/<pid>.json on /clear");
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));

        String text = answer("the new question");
        tab.answer(text);
        String fresh = bound(binding(tab), BindingSource.SCREEN_MATCH);
        assertNotEquals(old, fresh);
        tab.flood(600);
        awaitTrue("the answer to leave the last 400 lines", () -> !tab.shows(text, SETTINGS.screenLines()));
        assertEquals(fresh, bound(binding(tab), BindingSource.SCREEN_MATCH), "the match is kept while the process runs");
    }

    @Test
    void aSessionFileWithAnotherStartTimeIsNotTheProcesssOwn() throws Exception {
        String other = config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().minusSeconds(3600))
                .turn("an old question", answer("an old bug")));
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        long pid = claudePid(tab);
        // Another process of the same pid once wrote this file: its start stamp is not the running process's.
        config.sessionFile(pid, other, project, "1");
        Binding binding = binding(tab);
        assertTrue(!(binding instanceof Binding.Bound b) || !b.sessionId().equals(other), () -> "a stale file bound " + binding);
        assertUnavailable(UnavailableReason.NO_ROLLOUT_YET, binding);

        config.sessionFile(pid, other, project, FakeClaudeConfig.procStartOf(pid));
        assertEquals(other, bound(binding(tab), BindingSource.SESSION_FILE), "with the right stamp it is the process's");
    }

    @Test
    void aSessionFileOfADeadPidOrOfAReusedPidDoesNotMakeANewerSessionSomeoneElses() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        String own = bound(binding(tab), BindingSource.SESSION_FILE);
        // A session of this directory that began after this Claude started: it may be this tab's (after a /clear).
        String newer = config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(1))
                .turn("who wrote this?", answer("an unknown bug")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));

        // Files left by processes that are gone, or whose pid now runs another process, say nothing of whose it is.
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        config.sessionFile(ended.pid(), newer, project, "12345");
        config.sessionFile(ProcessHandle.current().pid(), newer, project, "1");
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));

        // A live process's own file does: then the newer session is that process's, and this tab keeps its own.
        config.sessionFile(ProcessHandle.current().pid(), newer, project, FakeClaudeConfig.procStartOf(ProcessHandle.current().pid()));
        assertEquals(own, bound(binding(tab), BindingSource.SESSION_FILE));
    }

    @Test
    void resumedByIdIsBoundWithNoAnswerOnScreenUntilANewerSessionBegins() throws Exception {
        String resumed = config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().minusSeconds(3600))
                .turn("earlier question", answer("the earlier bug")));
        ClaudeTerminal tab = open(false);
        tab.startClaude("--resume " + resumed);
        tab.awaitScreen("the resumed note", s -> s.lines().stream().anyMatch(l -> l.contains("resumed session " + resumed)));
        assertEquals(resumed, bound(binding(tab), BindingSource.RESUME_ARGUMENT));
        var start = tab.claude().starts().get(tab.claude().starts().size() - 1);
        assertEquals(java.util.Optional.of(resumed), start.resumed(), "the stand-in says which id it was given");
        assertEquals(resumed, start.sessionId());

        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(1))
                .turn("another question", answer("another bug")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));
    }

    @Test
    void aPinnedSessionIdBindsBeforeItsTranscriptExistsUntilANewerSessionBegins() throws Exception {
        ClaudeTerminal tab = open(false);
        String pinned = UUID.randomUUID().toString();
        tab.startClaude("--session-id " + pinned);
        assertEquals(pinned, bound(binding(tab), BindingSource.RESUME_ARGUMENT));
        var start = tab.claude().starts().get(tab.claude().starts().size() - 1);
        assertEquals(java.util.Optional.of(pinned), start.pinned());
        assertEquals(pinned, start.sessionId());

        tab.say("a question in the pinned session");
        assertEquals(pinned, bound(binding(tab), BindingSource.RESUME_ARGUMENT));
        tab.clear();
        tab.say("a question after /clear");
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));
    }

    @Test
    void aSubAgentsRunIsNeverANewerSessionOfTheDirectory() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        tab.say("please fix the flaky test");
        String own = bound(binding(tab), BindingSource.SESSION_FILE);
        // Newer versions: <session>/subagents/agent-*.jsonl; older ones: a file of sidechain records only.
        config.subAgent(own, project, Instant.now().plusSeconds(1), answer("the sub-agent's part"));
        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(2)).sidechainsOnly()
                .turn("a sub-agent's question", answer("a sub-agent's bug")));
        assertEquals(own, bound(binding(tab), BindingSource.SESSION_FILE), "a sub-agent's run is not a /clear here");

        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(3))
                .turn("a main-line question", answer("a main-line bug")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));
    }

    @Test
    void aHeadlessRunsSessionInTheDirectoryIsNeverANewerSessionOfATab() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        String own = bound(binding(tab), BindingSource.SESSION_FILE);
        // `claude -p` in the same directory (a script, another terminal): entrypoint sdk-cli.
        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(1)).entrypoint("sdk-cli")
                .turn("summarise the log", answer("the log")));
        assertEquals(own, bound(binding(tab), BindingSource.SESSION_FILE));
    }

    @Test
    void transcriptsAreFoundByTheirCwdFieldNotByTheProjectDirectorysName() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        String own = bound(binding(tab), BindingSource.SESSION_FILE);
        // A long path's project directory is cut and hashed, differently in different versions: its name says nothing.
        String elsewhere = config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().plusSeconds(1))
                .inDirectoryNamed("-tmp-cut-" + Long.toHexString(project.hashCode() & 0xffffffffL))
                .turn("a question after /clear", answer("the renamed directory")));
        assertUnavailable(UnavailableReason.NEWER_THREAD, binding(tab));
        assertNotEquals(own, elsewhere);
    }

    @Test
    void continueAloneNeverBindsTheDirectorysNewestSession() throws Exception {
        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().minusSeconds(7200))
                .turn("older question", answer("the older bug")));
        String newest = config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().minusSeconds(3600))
                .turn("newer question", answer("the newer bug")));
        ClaudeTerminal tab = open(false);
        tab.startClaude("--continue");
        tab.awaitScreen("the resumed note", s -> s.lines().stream().anyMatch(l -> l.contains("resumed session " + newest)));
        assertInstanceOf(Binding.Unavailable.class, binding(tab));
    }

    @Test
    void aScreenMatchBindsOnlyAnAnswerOfExactlyOneSessionAndIsKeptAfterItScrollsAway() throws Exception {
        ClaudeTerminal tab = open(false);
        tab.startClaude("");
        tab.say("please fix the exporter");
        String text = answer("the exporter");
        tab.claude().answerWith(text + "\n\nThe second block of the same answer says what was tested, at length, too.");
        tab.claude().control("/answer-blocks");
        awaitTrue("the answer on screen", () -> tab.shows("what was tested", 400));
        String session = bound(binding(tab), BindingSource.SCREEN_MATCH);

        tab.flood(600);
        assertEquals(session, bound(binding(tab), BindingSource.SCREEN_MATCH));
    }

    @Test
    void theSameAnswerInTwoSessionsIsAmbiguous() throws Exception {
        ClaudeTerminal tab = open(false);
        tab.startClaude("");
        String text = answer("the shared cache");
        config.add(FakeClaudeConfig.session().cwd(project).begunAt(Instant.now().minusSeconds(60))
                .turn("a quoted question", text));
        tab.say("please fix the shared cache");
        tab.answer(text);
        assertUnavailable(UnavailableReason.AMBIGUOUS, binding(tab));
    }

    @Test
    void theHookReportBindsAtOnceWithNoAnswerOnScreenAndEachClearReportsTheNextSession() throws Exception {
        ClaudeTerminal tab = open(false);
        config.sessionStartHook(tab.claude().hook().toString());
        tab.startClaude("");
        HookMailbox.Report startup = tab.awaitReport("the startup report", r -> r.report().source().name().equals("startup"));
        assertEquals(tab.panelId().toString(), startup.panel());
        ReportOutcome outcome = live.report(tab.panelId(), startup.report()).get();
        startup.release();
        assertEquals(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, outcome.verdict(), outcome::detail);
        assertUnavailable(UnavailableReason.NO_ROLLOUT_YET, binding(tab));

        tab.say("a question nobody answered yet");
        assertEquals(startup.report().sessionId(), bound(binding(tab), BindingSource.AGENT_REPORT));

        tab.type("/clear\r");
        HookMailbox.Report clear = tab.awaitReport("the clear report", r -> r.report().source().name().equals("clear"));
        assertEquals(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, live.report(tab.panelId(), clear.report()).get().verdict());
        clear.release();
        assertUnavailable(UnavailableReason.NO_ROLLOUT_YET, binding(tab));
        tab.say("the first question of the new session");
        String fresh = bound(binding(tab), BindingSource.AGENT_REPORT);
        assertEquals(clear.report().sessionId(), fresh);
        assertNotEquals(startup.report().sessionId(), fresh);

        tab.type("/compact\r");
        HookMailbox.Report compact = tab.awaitReport("the compact report", r -> r.report().source().name().equals("compact"));
        assertEquals(ReportOutcome.Verdict.BOUND, live.report(tab.panelId(), compact.report()).get().verdict());
        compact.release();
    }

    @Test
    void aLaterReportOfASourceThatSwitchesNothingDoesNotReplaceTheTabsSession() throws Exception {
        ClaudeTerminal tab = open(false);
        config.sessionStartHook(tab.claude().hook().toString());
        tab.startClaude("");
        HookMailbox.Report startup = tab.awaitReport("the startup report", r -> true);
        assertEquals(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, live.report(tab.panelId(), startup.report()).get().verdict());
        // While the hook still runs (its ancestry alive), a report of another source and session from the same process.
        String other = UUID.randomUUID().toString();
        var later = new dev.holdfast.terminal.agent.report.AgentReport(startup.report().agent(), other,
                java.util.Optional.empty(), new dev.holdfast.terminal.agent.report.ReportSource("session-update"),
                java.util.Optional.empty(), startup.report().ancestry());
        ReportOutcome outcome = live.report(tab.panelId(), later).get();
        startup.release();
        assertEquals(ReportOutcome.Verdict.EARLIER_REPORT_KEPT, outcome.verdict(), outcome::detail);
        tab.say("the first question");
        assertEquals(startup.report().sessionId(), bound(binding(tab), BindingSource.AGENT_REPORT));
    }

    @Test
    void anotherTabsReportIsNotThisTabsThoughItNamesThisTabsPanel() throws Exception {
        ClaudeTerminal mine = open(false);
        ClaudeTerminal theirs = open(false);
        config.sessionStartHook(theirs.claude().hook().toString());
        mine.startClaude("--session-id " + UUID.randomUUID());
        mine.awaitReport("this tab's own report, not used here", r -> true).release();
        theirs.startClaude("");
        HookMailbox.Report report = theirs.awaitReport("the other tab's report", r -> true);
        ReportOutcome outcome = live.report(mine.panelId(), report.report()).get();
        report.release();
        assertEquals(ReportOutcome.Verdict.NOT_THE_TABS_AGENT, outcome.verdict(), outcome::detail);
        assertEquals(BindingSource.RESUME_ARGUMENT, assertInstanceOf(Binding.Bound.class, binding(mine)).source());
    }

    @Test
    void aReportFromAHeadlessRunNestedInTheTabsClaudeDoesNotReplaceItsConversation() throws Exception {
        ClaudeTerminal tab = open(false);
        config.sessionStartHook(tab.claude().hook().toString());
        tab.startClaude("");
        HookMailbox.Report startup = tab.awaitReport("the startup report", r -> true);
        live.report(tab.panelId(), startup.report()).get();
        startup.release();
        tab.say("run a nested claude for me");
        String session = bound(binding(tab), BindingSource.AGENT_REPORT);

        tab.claude().control("/nested");
        HookMailbox.Report nested = tab.awaitReport("the nested run's report",
                r -> !r.report().sessionId().equals(session));
        assertEquals(tab.panelId().toString(), nested.panel(), "the nested run inherits the tab's panel id");
        ReportOutcome outcome = live.report(tab.panelId(), nested.report()).get();
        nested.release();
        assertEquals(ReportOutcome.Verdict.HEADLESS, outcome.verdict(), outcome::detail);
        assertEquals(session, bound(binding(tab), BindingSource.AGENT_REPORT));
    }

    @Test
    void aReportFromAHeadlessRunAtThePromptIsNotTheTabsConversation() throws Exception {
        ClaudeTerminal tab = open(false);
        config.sessionStartHook(tab.claude().hook().toString());
        tab.claude().answerWith("a headless answer");
        tab.awaitScreen("the shell prompt", s -> s.lines().stream().anyMatch(l -> l.startsWith("$")));
        tab.type("claude -p 'one question'\r");
        HookMailbox.Report report = tab.awaitReport("the headless run's report", r -> true);
        ReportOutcome outcome = live.report(tab.panelId(), report.report()).get();
        assertUnavailable(UnavailableReason.HEADLESS, binding(tab));
        report.release();
        assertEquals(ReportOutcome.Verdict.HEADLESS, outcome.verdict(), outcome::detail);
    }

    @Test
    void aReportOfASessionWhoseTranscriptIsAnothersIsRefused() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere")).toRealPath();
        String foreign = config.add(FakeClaudeConfig.session().cwd(elsewhere).begunAt(Instant.now().minusSeconds(60))
                .turn("a question elsewhere", answer("elsewhere")));
        ClaudeTerminal tab = open(false);
        config.sessionStartHook(tab.claude().hook().toString());
        tab.startClaude("");
        HookMailbox.Report startup = tab.awaitReport("the startup report", r -> true);
        var forged = new dev.holdfast.terminal.agent.report.AgentReport(startup.report().agent(), foreign,
                java.util.Optional.empty(), startup.report().source(), java.util.Optional.empty(), startup.report().ancestry());
        ReportOutcome outcome = live.report(tab.panelId(), forged).get();
        startup.release();
        assertEquals(ReportOutcome.Verdict.TRANSCRIPT_MISMATCH, outcome.verdict(), outcome::detail);
        Binding binding = binding(tab);
        assertTrue(!(binding instanceof Binding.Bound b) || !b.sessionId().equals(foreign), binding::toString);
    }

    @Test
    void theConversationIsReadFromTheTranscriptWithBlocksMergedAndToolCallsFolded() throws Exception {
        ClaudeTerminal tab = open(true);
        tab.startClaude("");
        live.follow(tab.panelId(), true);
        tab.say("please explain the build");
        tab.claude().answerWith("First block of the answer.\n\nSecond block of the same answer.");
        tab.claude().control("/answer-blocks");
        tab.flood(20);
        TabConversation state = dev.holdfast.fixtures.codex.CodexTerminal.await("the tool call", () -> {
            try {
                TabConversation s = state(tab);
                return s.conversation().filter(c -> c.items().size() >= 3).map(c -> s);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        var items = state.conversation().orElseThrow().items();
        assertEquals("please explain the build", assertInstanceOf(UserTurn.class, items.get(0)).text());
        assertEquals("First block of the answer.\n\nSecond block of the same answer.",
                assertInstanceOf(AssistantMessage.class, items.get(1)).text());
        var call = assertInstanceOf(dev.holdfast.terminal.agent.conversation.ToolCall.class, items.get(2));
        assertEquals("seq -f 'tool output line %g' 1 20", call.command());
        assertTrue(call.output().contains("tool output line 20"), call.output());
        assertEquals(3, items.size(), items::toString);
    }
}
