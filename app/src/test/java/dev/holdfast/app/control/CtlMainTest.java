package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.agent.report.Reporter;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CtlMainTest {
    private static final long PID = ProcessHandle.current().pid();

    private final List<ControlServer> servers = new ArrayList<>();
    private final FakeControlTarget target = new FakeControlTarget();
    private Path state;
    private Path primary;
    private String out;
    private String err;
    /** ctl's environment: no variables, nothing on standard input, and a made-up ancestry. */
    private CtlEnvironment environment = new CtlEnvironment(Map.of(), InputStream.nullInputStream(), Path.of("/home/ada"),
            () -> List.of(new Reporter(4444, Optional.of(Instant.ofEpochMilli(1767225600123L))), new Reporter(4343,
                    Optional.empty())));

    @BeforeEach
    void createStateDirectory() throws IOException {
        state = SocketTestSupport.shortTempDirectory();
        primary = state.resolve("control.sock");
    }

    @AfterEach
    void stopServersAndCleanUp() throws IOException {
        servers.forEach(ControlServer::stop);
        SocketTestSupport.deleteRecursively(state);
    }

    private Path start(ControlTarget target) throws IOException {
        ControlServer server = new ControlServer(primary, target, ControlSettings.defaults());
        servers.add(server);
        return server.start();
    }

    /** Runs ctl against the test's state directory, from {@code /work} as its working directory. */
    private int ctl(String... words) {
        return ctlIn(Path.of("/work"), Duration.ofSeconds(10), words);
    }

    private int ctlIn(Path workingDirectory, Duration timeout, String... words) {
        return ctlIn(workingDirectory, timeout, CtlMain.OWNER_WAIT, words);
    }

    private int ctlIn(Path workingDirectory, Duration timeout, Duration ownerWait, String... words) {
        List<String> args = new ArrayList<>(List.of("--state-dir", state.toString()));
        args.addAll(List.of(words));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        // The default state directory must not matter: --state-dir names the one in use.
        CtlMain ctl = new CtlMain(new StateDirectory(Path.of("/nonexistent/state"), Path.of("/nonexistent/config")),
                workingDirectory, timeout, environment, ownerWait);
        int status = ctl.run(args, new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        out = stdout.toString(StandardCharsets.UTF_8);
        err = stderr.toString(StandardCharsets.UTF_8);
        return status;
    }

    @Test
    void listPrintsAnAlignedTableMarkingTheSelectedTabAndTheAgentWhereOneRuns() throws IOException {
        target.tabs.set(1, new TabInfo(FakeControlTarget.SECOND, "codex", "/home/ada/notes", 4343L, "codex", false,
                true, "codex"));
        start(target);
        assertEquals(0, ctl("list"));
        assertEquals("""
                  PANEL                                 TITLE   CWD              PID   COMMAND  AGENT  RESTORED  STATE  SINCE  LAST ACTIVITY
                * 0f8fad5b-d9cb-469f-a165-70867728950e  bash    /home/ada        4242  bash     -      no        -      -      -
                  7c9e6679-7425-40de-944b-e07fc1f90ae7  codex   /home/ada/notes  4343  codex    codex  yes       -      -      -
                  7c1e0000-0000-4000-8000-000000000003  exited  -                -     -        -      no        -      -      -
                """, out);
        assertEquals("", err);
    }

    @Test
    void cardsPrintsEachCardAsTheSidebarWordsIt() throws IOException {
        start(target);
        assertEquals(0, ctl("cards"));
        assertTrue(out.startsWith("vim notes.md  (" + FakeControlTarget.SECOND + ")\n  vim · /home/ada/notes\n  idle since "),
                out);
        assertTrue(out.contains(", updated 2 min ago\n  $ make  → 0 in 1.5 s\n    10:00  idle\n"), out);
        assertEquals(0, ctl("cards", "--json"));
        assertTrue(out.contains("\"lastActivityAt\":\"2026-03-01T09:58:00Z\""), out);
    }

    @Test
    void aTitleCannotDriveTheTerminalCtlPrintsTo() throws IOException {
        target.tabs.set(0, new TabInfo(FakeControlTarget.FIRST, "evil\u001b]52;c;aGk=\u0007", "/", 1L, "sh", true,
                false, null));
        start(target);
        assertEquals(0, ctl("list"));
        assertTrue(out.contains("evil?]52;c;aGk=?"), out);
        assertTrue(out.chars().noneMatch(c -> c == 0x1b || c == 0x07), out);
    }

    @Test
    void jsonPrintsTheRawResult() throws IOException {
        start(target);
        assertEquals(0, ctl("--json", "list"));
        JsonNode tabs = new ObjectMapper().readTree(out);
        assertEquals(3, tabs.size());
        assertEquals(FakeControlTarget.FIRST.toString(), tabs.get(0).path("panelId").asText());
        assertEquals(1, out.lines().count());

        assertEquals(0, ctl("read", "--panel", "0f8f", "--json"));
        assertEquals("screen of bash\n$ ", new ObjectMapper().readTree(out).path("text").asText());
    }

    @Test
    void readRowsAsksTheTabForItsPhysicalRows() throws IOException {
        start(target);
        assertEquals(0, ctl("read", "--panel", "0f8f", "--rows"));
        assertEquals("screen of bash, as rows\n$ \n", out);
        assertEquals(1, ctl("read", "--panel", "0f8f", "--rows", "--ansi"));
        assertTrue(err.contains("at most one of the arguments 'ansi', 'rows'"), err);
    }

    @Test
    void eachCommandSucceedsWithExitZero() throws IOException {
        start(target);
        assertEquals(0, ctl("new-tab", "--cwd", state.toString(), "--title", "build"));
        assertEquals("11111111-2222-4333-8444-555555555555\n", out);
        assertEquals(0, ctl("select", "--panel", "7c9e"));
        assertEquals("", out);
        assertEquals(0, ctl("send", "--panel", "7c9e", "--text", "ls -l"));
        assertEquals(0, ctl("send", "--panel", "7c9e", "--keys", "C-c", "Enter"));
        assertEquals(0, ctl("close", "--panel", "1111"));
        assertEquals(0, ctl("read", "--panel", "0f8f", "--scrollback", "--lines", "5"));
        assertEquals("screen of bash with history, last 5\n$ \n", out);
        assertEquals(0, ctl("clear-scrollback", "--panel", "0f8f"));
        assertEquals("", out);
        assertEquals(0, ctl("reset", "--panel", "0f8f"));
        assertEquals(0, ctl("reset", "--panel", "0f8f", "--clear"));
        assertEquals("", out);
        assertEquals(0, ctl("checkpoint-now"));
        assertEquals("Checkpoint: 3 terminals, 2 written, 1 skipped, 0 failed (completed) in 12 ms\n", out);
        assertEquals(0, ctl("stats"));
        assertEquals("""
                checkpoints.count       7
                fxStalls[0].count       2
                fxStalls[0].overMillis  50
                """, sortedLines(out));
        assertEquals(0, ctl("quit"));
        assertEquals(List.of("new-tab " + state + " build", "list", "select " + FakeControlTarget.SECOND,
                "list", "send-text " + FakeControlTarget.SECOND + " ls -l",
                "list", "send-keys " + FakeControlTarget.SECOND + " C-c Enter",
                "list", "close 11111111-2222-4333-8444-555555555555",
                "list", "read " + FakeControlTarget.FIRST, "list", "clear-scrollback " + FakeControlTarget.FIRST,
                "list", "reset " + FakeControlTarget.FIRST, "list", "reset " + FakeControlTarget.FIRST + " clear",
                "checkpoint-now", "stats", "quit"), target.calls);
    }

    /** The target's stats are a map without an order; the lines are compared sorted. */
    private static String sortedLines(String text) {
        return String.join("\n", text.lines().sorted().toList()) + "\n";
    }

    private static ConversationReport boundReport() {
        Instant at = Instant.parse("2026-03-01T10:15:30Z");
        return new ConversationReport(FakeControlTarget.SECOND, "codex",
                new ConversationReport.BindingInfo(true, "screen-match", "019a0000-0000-7000-8000-000000000001",
                        "an answer of it shows in this tab", null),
                "fix the flaky test", null, List.of(
                        new ConversationReport.Turn("user", at, "fix the flaky test", null, null, null, null, null),
                        new ConversationReport.Turn("tool", at, null, "cargo test\n--all", "failed", 101, 3_140L,
                                "test result: FAILED"),
                        new ConversationReport.Turn("answer", at, "Fixed:\n\n- each worker gets its own dir\u001b]0;x\u0007",
                                null, null, null, null, null)), 0);
    }

    @Test
    void conversationPrintsTheBindingThenTheTurnsWithToolCallsOnOneLine() throws IOException {
        target.conversations.put(FakeControlTarget.SECOND, boundReport());
        start(target);
        assertEquals(0, ctl("conversation", "--panel", "7c9e"));
        assertEquals("""
                Panel   7c9e6679-7425-40de-944b-e07fc1f90ae7
                Agent   Codex
                Thread  019a0000-0000-7000-8000-000000000001
                Title   fix the flaky test
                Source  screen-match
                Why     an answer of it shows in this tab

                You:
                  fix the flaky test

                $ cargo test ⏎ --all · exit 101 · 3.1 s

                Codex:
                  Fixed:

                  - each worker gets its own dir?]0;x?
                """, out);
        assertEquals("", err);
        assertEquals(List.of("list", "conversation " + FakeControlTarget.SECOND), target.calls);
    }

    @Test
    void anUnavailableConversationSaysWhyAndATabWithoutAnAgentSaysSo() throws IOException {
        target.conversations.put(FakeControlTarget.SECOND, new ConversationReport(FakeControlTarget.SECOND, "codex",
                new ConversationReport.BindingInfo(false, null, null,
                        "a newer conversation began in this directory, and it may be this tab's", "newer-thread"),
                null, null, List.of(), 0));
        start(target);
        assertEquals(0, ctl("conversation", "--panel", "7c9e"));
        assertEquals("""
                Panel    7c9e6679-7425-40de-944b-e07fc1f90ae7
                Agent    Codex
                Binding  Conversation unavailable (newer-thread)
                Why      a newer conversation began in this directory, and it may be this tab's
                """, out);
        assertEquals(0, ctl("conversation", "--panel", "0f8f"));
        assertEquals("""
                Panel  0f8fad5b-d9cb-469f-a165-70867728950e
                Agent  none: no coding agent runs in this tab
                """, out);
        assertEquals(1, ctl("conversation", "--panel", "ffff"));
        assertEquals("holdfast ctl: no tab has panel id 'ffff'\n", err);
    }

    @Test
    void conversationWithJsonPrintsTheReport() throws IOException {
        target.conversations.put(FakeControlTarget.SECOND, boundReport());
        start(target);
        assertEquals(0, ctl("conversation", "--panel", "7c9e", "--json"));
        JsonNode report = new ObjectMapper().readTree(out);
        assertEquals("codex", report.path("agent").asText());
        assertEquals("screen-match", report.path("binding").path("source").asText());
        assertTrue(report.path("binding").path("bound").asBoolean());
        assertEquals("019a0000-0000-7000-8000-000000000001", report.path("binding").path("threadId").asText());
        assertEquals(3, report.path("turns").size());
        JsonNode tool = report.path("turns").get(1);
        assertEquals("tool", tool.path("kind").asText());
        assertEquals(101, tool.path("exitCode").asInt());
        assertEquals(3140, tool.path("durationMillis").asLong());
        assertEquals("test result: FAILED", tool.path("output").asText());
        assertEquals("2026-03-01T10:15:30Z", tool.path("at").asText());
        assertTrue(report.path("turns").get(0).path("command").isMissingNode(), "absent fields are left out");
    }

    @Test
    void aRelativeCwdIsWhereCtlRuns() throws IOException {
        Files.createDirectories(state.resolve("project"));
        start(target);
        assertEquals(0, ctlIn(state, Duration.ofSeconds(10), "new-tab", "--cwd", "project"));
        assertEquals("new-tab " + state.resolve("project") + " -", target.calls.get(0));
    }

    @Test
    void aCommandErrorExitsOneWithTheMessageOnStderr() throws IOException {
        start(target);
        assertEquals(1, ctl("read", "--panel", "ffff"));
        assertEquals("", out);
        assertEquals("holdfast ctl: no tab has panel id 'ffff'\n", err);

        target.running = Map.of(FakeControlTarget.SECOND, "vim");
        assertEquals(1, ctl("close", "--panel", "7c9e"));
        assertEquals("holdfast ctl: needs confirmation: vim running (add --force to close it anyway)\n", err);

        assertEquals(1, ctl("send", "--panel", "7c9e", "--keys", "Hyper-x"));
        assertTrue(err.startsWith("holdfast ctl: unknown key name 'Hyper-x'"), err);
    }

    @Test
    void withJsonAnErrorIsAJsonObjectOnStderr() throws IOException {
        start(target);
        assertEquals(1, ctl("--json", "select", "--panel", "ffff"));
        JsonNode error = new ObjectMapper().readTree(err);
        assertEquals("not-found", error.path("code").asText());
        assertEquals("no tab has panel id 'ffff'", error.path("message").asText());
        assertEquals("", out);
    }

    @Test
    void aBadCommandLineExitsOneBeforeLookingForHoldfast() {
        assertEquals(1, ctl("read"));
        assertTrue(err.startsWith("holdfast ctl: read needs the argument 'panel'\n"), err);
        assertEquals(1, ctl("frobnicate"));
        assertTrue(err.contains("unknown command 'frobnicate'"), err);
        assertTrue(err.contains("holdfast ctl --help"), err);
    }

    @Test
    void helpExitsZero() {
        assertEquals(0, ctl("--help"));
        assertTrue(out.startsWith("Usage: holdfast ctl"), out);
        assertTrue(out.contains("send --panel ID --keys KEY..."), out);
        assertTrue(out.contains("conversation --panel ID"), out);
    }

    @Test
    void noHoldfastRunningExitsTwo() {
        assertEquals(2, ctl("list"));
        assertEquals("No Holdfast is running (no control socket at " + primary + ")\n", err);
        assertEquals("", out);
    }

    @Test
    void aStaleSocketCountsAsNoHoldfastRunning() throws IOException {
        SocketTestSupport.leaveStaleSocket(primary);
        assertEquals(2, ctl("list"));
        assertTrue(err.startsWith("No Holdfast is running"), err);
    }

    @Test
    void withTwoInstancesThePrimaryAnswersUnlessAnInstanceIsChosen() throws IOException {
        start(target);
        FakeControlTarget secondTarget = new FakeControlTarget();
        secondTarget.tabs.remove(2);
        secondTarget.tabs.remove(1);
        Path second = start(secondTarget);

        assertEquals(0, ctl("--json", "list"));
        assertEquals(3, new ObjectMapper().readTree(out).size());
        assertEquals(0, ctl("--json", "--instance", String.valueOf(PID), "list"));
        assertEquals(1, new ObjectMapper().readTree(out).size());
        assertEquals(0, ctl("--json", "--instance", second.toString(), "list"));
        assertEquals(1, new ObjectMapper().readTree(out).size());
        assertEquals(0, ctl("--json", "--instance", primary.toString(), "list"));
        assertEquals(3, new ObjectMapper().readTree(out).size());
    }

    @Test
    void anInstancePidFindsThePrimaryWhenItHoldsIt() throws IOException {
        start(target);
        assertEquals(0, ctl("--json", "--instance", String.valueOf(PID), "list"));
        assertEquals(3, new ObjectMapper().readTree(out).size());
        assertEquals(2, ctl("--instance", "999999999", "list"));
        assertEquals("No Holdfast with pid 999999999 is running (no control socket at "
                + state.resolve("control-999999999.sock") + ")\n", err);
    }

    /** A target with the first of the fake's tabs only. */
    private static FakeControlTarget oneTab() {
        FakeControlTarget one = new FakeControlTarget();
        one.tabs.remove(2);
        one.tabs.remove(1);
        return one;
    }

    /** A second instance: one that does not own the state directory, as when another Holdfast holds its lock. */
    private Path startSecondInstance(ControlTarget target) throws IOException {
        ControlServer server = new ControlServer(primary, target, ControlSettings.defaults(), false);
        servers.add(server);
        return server.start();
    }

    @Test
    void whileTheOwnerStartsCtlWaitsForItRatherThanAnsweringFromASecondInstance() throws Exception {
        startSecondInstance(oneTab());
        CompletableFuture<Void> ownerUp = CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(300);
                start(target);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        assertEquals(0, ctlIn(Path.of("/work"), Duration.ofSeconds(10), Duration.ofSeconds(20), "--json", "list"));
        ownerUp.get(10, TimeUnit.SECONDS);
        assertEquals(3, new ObjectMapper().readTree(out).size(), "the owner's three tabs, not the second's one");
    }

    @Test
    void aSecondInstanceAnswersWhenNoOwnerTakesThePrimarySocket() throws IOException {
        startSecondInstance(oneTab());

        assertEquals(0, ctlIn(Path.of("/work"), Duration.ofSeconds(10), Duration.ofMillis(200), "--json", "list"));
        assertEquals(1, new ObjectMapper().readTree(out).size(), "the second instance's one tab");
    }

    @Test
    void withoutThePrimaryTheOnlyOtherInstanceAnswers() throws IOException {
        Path second;
        try (ServerSocketChannel holder = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            holder.bind(UnixDomainSocketAddress.of(primary));
            second = start(target);
        }
        Files.delete(primary);
        assertEquals(state.resolve("control-" + PID + ".sock"), second);
        assertEquals(0, ctl("--json", "list"));
        assertEquals(3, new ObjectMapper().readTree(out).size());

        try (ServerSocketChannel third = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            third.bind(UnixDomainSocketAddress.of(state.resolve("control-999999999.sock")));
            assertEquals(1, ctl("list"));
            assertTrue(err.contains("several Holdfast instances are running (pids " + PID + ", 999999999)"), err);
        }
    }

    @Test
    void aHoldfastThatDoesNotAnswerInTimeIsACommandError() throws IOException {
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(primary));
            assertEquals(1, ctlIn(Path.of("/work"), Duration.ofMillis(200), "list"));
            assertEquals("holdfast ctl: Holdfast did not answer within 200 ms\n", err);
        }
    }

    @Test
    void aHoldfastThatHangsUpWithoutAnsweringIsACommandError() throws Exception {
        try (ServerSocketChannel rude = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            rude.bind(UnixDomainSocketAddress.of(primary));
            CompletableFuture<Void> hangUp = CompletableFuture.runAsync(() -> {
                try {
                    rude.accept().close();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertEquals(1, ctl("list"));
            assertTrue(err.startsWith("holdfast ctl: Holdfast closed the connection without answering"), err);
            hangUp.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void ctlRunsWithoutJavaFxOnItsClassPath() throws Exception {
        String testClassPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> withoutJavaFx = new ArrayList<>();
        for (String entry : testClassPath.split(File.pathSeparator)) {
            if (!entry.contains("javafx") && !entry.contains("openjfx") && !entry.contains("testfx")) {
                withoutJavaFx.add(entry);
            }
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        Process process = new ProcessBuilder(java, "-cp", String.join(File.pathSeparator, withoutJavaFx),
                CtlMain.class.getName(), "--state-dir", state.toString(), "list")
                .redirectErrorStream(true).start();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "ctl did not finish");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, process.exitValue(), output);
        assertEquals("No Holdfast is running (no control socket at " + primary + ")\n", output);
    }

    private static final String SESSION = "2ff46cd5-f4e7-4724-bb20-579dae7956ea";

    @Test
    void agentSessionSendsTheReportWithCtlsOwnAncestryNotTheOneOnItsCommandLine() throws IOException {
        start(target);
        assertEquals(0, ctl("agent-session", "--panel", FakeControlTarget.SECOND.toString(), "--agent", "claude",
                "--session", SESSION, "--source", "clear", "--transcript", "/home/ada/.claude/projects/-x/" + SESSION
                        + ".jsonl", "--ancestry", "1@1", "2@2"));
        assertEquals(List.of("agent-session " + FakeControlTarget.SECOND + " CLAUDE_CODE " + SESSION + " clear "
                + "/home/ada/.claude/projects/-x/" + SESSION + ".jsonl 4444@1767225600123,4343"), target.calls);
        assertEquals("Used (waiting-for-transcript): session " + SESSION + " is shown once its transcript is written\n",
                out);
    }

    @Test
    void agentSessionTakesThePanelFromHoldfastPanelIdAndRefusesWithoutOne() throws IOException {
        start(target);
        assertEquals(1, ctl("agent-session", "--agent", "codex", "--session", SESSION, "--source", "startup"));
        assertTrue(err.contains("needs --panel ID ($HOLDFAST_PANEL_ID is not set"), err);
        environment = new CtlEnvironment(Map.of("HOLDFAST_PANEL_ID", FakeControlTarget.FIRST.toString()),
                InputStream.nullInputStream(), Path.of("/home/ada"), List::of);
        assertEquals(0, ctl("agent-session", "--agent", "codex", "--session", SESSION, "--source", "startup"));
        assertEquals(List.of("agent-session " + FakeControlTarget.FIRST + " CODEX " + SESSION + " startup - "),
                target.calls);
    }

    @Test
    void agentSessionAsAHookReadsThePayloadPrintsNothingOnStdoutAndAlwaysSucceeds() throws IOException {
        start(target);
        String payload = "{\"session_id\":\"" + SESSION + "\",\"transcript_path\":\"/home/ada/.claude/projects/-p/"
                + SESSION + ".jsonl\",\"cwd\":\"/home/ada/p\",\"hook_event_name\":\"SessionStart\",\"source\":\"resume\"}";
        environment = new CtlEnvironment(Map.of("HOLDFAST_PANEL_ID", FakeControlTarget.SECOND.toString()),
                new java.io.ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), Path.of("/home/ada"),
                () -> List.of(new Reporter(4444, Optional.empty())));
        assertEquals(0, ctl("agent-session", "--agent", "claude", "--hook"));
        assertEquals("", out, "a SessionStart hook's output would become the agent's context");
        assertTrue(err.startsWith("Used (waiting-for-transcript)"), err);
        assertEquals(List.of("agent-session " + FakeControlTarget.SECOND + " CLAUDE_CODE " + SESSION + " resume "
                + "/home/ada/.claude/projects/-p/" + SESSION + ".jsonl 4444"), target.calls);

        target.calls.clear();
        target.override = call -> CompletableFuture.failedFuture(ControlException.panelNotFound("gone"));
        environment = new CtlEnvironment(Map.of("HOLDFAST_PANEL_ID", FakeControlTarget.SECOND.toString()),
                new java.io.ByteArrayInputStream(payload.getBytes(StandardCharsets.UTF_8)), Path.of("/home/ada"), List::of);
        assertEquals(0, ctl("agent-session", "--agent", "claude", "--hook"), "a refused report does not fail the hook");
        assertEquals("", out);
    }

    @Test
    void agentSessionAsAHookOutsideHoldfastOrWithoutASessionSendsNothing() throws IOException {
        start(target);
        environment = new CtlEnvironment(Map.of(), new java.io.ByteArrayInputStream(("{\"session_id\":\"" + SESSION
                + "\"}").getBytes(StandardCharsets.UTF_8)), Path.of("/home/ada"), List::of);
        assertEquals(0, ctl("agent-session", "--agent", "claude", "--hook"));
        environment = new CtlEnvironment(Map.of("HOLDFAST_PANEL_ID", FakeControlTarget.SECOND.toString()),
                new java.io.ByteArrayInputStream("not json".getBytes(StandardCharsets.UTF_8)), Path.of("/home/ada"),
                List::of);
        assertEquals(0, ctl("agent-session", "--agent", "claude", "--hook"));
        assertEquals(List.of(), target.calls);
        assertEquals("", out);
    }

    @Test
    void agentSessionRefusesAnUnknownAgentOrABadSessionIdBeforeItReachesTheTab() throws IOException {
        start(target);
        assertEquals(1, ctl("agent-session", "--panel", "7c9e", "--agent", "aider", "--session", SESSION, "--source",
                "startup"));
        assertTrue(err.contains("agent must be 'claude' or 'codex', not 'aider'"), err);
        assertEquals(1, ctl("agent-session", "--panel", "7c9e", "--agent", "claude", "--session", "../../etc",
                "--source", "startup"));
        assertTrue(err.contains("a session id is a UUID"), err);
        assertEquals(List.of(), target.calls);
    }
}
