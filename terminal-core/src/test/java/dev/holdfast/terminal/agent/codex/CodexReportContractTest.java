package dev.holdfast.terminal.agent.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.holdfast.fixtures.agent.HookMailbox;
import dev.holdfast.fixtures.codex.CodexTerminal;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.LiveSettings;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's own report of its thread, from its SessionStart hook ({@code $CODEX_HOME/hooks.json}) on a real tab: it
 * binds before any answer shows, and each /new reports the next thread.
 */
class CodexReportContractTest {
    @TempDir
    Path dir;

    @Test
    void codexsHookReportBindsAtOnceWithNoAnswerOnScreenAndANewThreadReplacesIt() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "the hook reads /proc (Linux)");
        FakeCodexHome home = FakeCodexHome.create(Files.createDirectories(dir.resolve("codex-home")));
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        HookMailbox mailbox = HookMailbox.install(dir.resolve("hook"), Agent.CODEX);
        home.sessionStartHook(mailbox.program().toString());
        Map<String, String> env = new HashMap<>();
        mailbox.addTo(env);
        try (CodexTerminal tab = CodexTerminal.open(dir.resolve("tab"), project, home, false, env);
                LiveConversations live = new LiveConversations(ProcessInspector.forCurrentOs(), LiveSettings.DEFAULTS,
                        Clock.systemUTC(), dir, s -> {
                        })) {
            live.track(tab.tab());
            tab.startCodex("");
            HookMailbox.Report startup = mailbox.await("the startup report", r -> r.report().source().name().equals("startup"));
            ReportOutcome waiting = live.report(tab.panelId(), startup.report()).get();
            startup.release();
            assertEquals(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, waiting.verdict(), waiting::detail);
            Binding before = live.current(tab.panelId()).get().binding().orElseThrow();
            assertEquals(UnavailableReason.NO_ROLLOUT_YET, assertInstanceOf(Binding.Unavailable.class, before).reason());

            tab.say("a question nobody answered yet");
            Binding.Bound bound = assertInstanceOf(Binding.Bound.class, live.current(tab.panelId()).get().binding().orElseThrow());
            assertEquals(BindingSource.AGENT_REPORT, bound.source());
            assertEquals(startup.report().sessionId(), bound.sessionId());

            tab.newThread();
            HookMailbox.Report clear = mailbox.await("the /new report", r -> r.report().source().name().equals("clear"));
            live.report(tab.panelId(), clear.report()).get();
            clear.release();
            tab.say("the first question of the new thread");
            Binding.Bound fresh = assertInstanceOf(Binding.Bound.class, live.current(tab.panelId()).get().binding().orElseThrow());
            assertEquals(BindingSource.AGENT_REPORT, fresh.source());
            assertEquals(clear.report().sessionId(), fresh.sessionId());
            assertNotEquals(bound.sessionId(), fresh.sessionId());
        }
    }
}
