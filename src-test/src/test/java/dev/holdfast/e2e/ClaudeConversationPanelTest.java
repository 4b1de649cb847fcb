package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.control.ActivityView;
import dev.holdfast.app.control.ControlServer;
import dev.holdfast.app.control.ControlSettings;
import dev.holdfast.app.control.ConversationReport;
import dev.holdfast.app.conversation.ConversationPanels;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.app.window.WindowControlTarget;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.fixtures.claude.FakeClaudeConfig;
import dev.holdfast.fixtures.claude.StandInClaude;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.LiveSettings;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Claude Code tabs in the real window, on headless Monocle: real login shells run the stand-in {@code claude}, which
 * writes its transcripts and {@code sessions/<pid>.json} into a fake config directory; the panel, its button and
 * {@code ctl conversation} show what the app's conversation service reads from there. A tab's agent reports its
 * session through the real {@code holdfast ctl agent-session --hook} over a real control socket.
 */
class ClaudeConversationPanelTest {
    private static final LiveSettings FAST = new LiveSettings(Duration.ofMillis(100), LiveSettings.DEFAULTS.binding(),
            LiveSettings.DEFAULTS.conversation(), LiveSettings.DEFAULTS.transcript());

    @TempDir
    Path dir;

    private final FxRobot robot = new FxRobot();
    private ExecutorService background;
    private MainWindow window;
    private ConversationPanels panels;
    private LiveConversations live;
    private FakeClaudeConfig config;
    private StandInClaude claude;
    private Path project;
    private WindowControlTarget target;

    @BeforeEach
    void openWindow() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        config = FakeClaudeConfig.create(Files.createDirectories(dir.resolve("claude-config")));
        claude = StandInClaude.install(dir.resolve("standin"), config);
        Map<String, String> base = new HashMap<>(System.getenv());
        base.put("HOME", home.toString());
        base.put("SHELL", "/bin/bash");
        Map<String, String> env = claude.environment(base, true, false);
        // A login shell sets PATH again from the system profile; the stand-in goes first after that.
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\nexport PATH='"
                + claude.program().getParent() + "':\"$PATH\"\n");
        Stage stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env, WindowCloseHook.NONE, () -> { });
            panels = new ConversationPanels(w, Platform::runLater, Clock.systemDefaultZone().getZone());
            live = new LiveConversations(ProcessInspector.forCurrentOs(), FAST, Clock.systemUTC(), home, panels);
            panels.connect(live);
            live.start();
            w.openTab(project);
            w.openTab(project);
            stage.setWidth(1200);
            stage.setHeight(700);
            stage.show();
            stage.toFront();
            return w;
        });
        target = new WindowControlTarget(window, background, new ScrollbackExporter(CheckpointSettings.defaults()),
                () -> CompletableFuture.completedFuture(null), Map::of, panels, ActivityView.NONE);
    }

    @AfterEach
    void closeWindow() throws Exception {
        FxToolkit.setupFixture(() -> window.closeWindow());
        live.close();
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private TerminalTab tab(int i) throws Exception {
        return fx(() -> window.tabs().get(i));
    }

    private void startClaude(TerminalTab tab) throws Exception {
        TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
        tab.session().sendText("claude\r");
        TabText.await("the stand-in's banner", () -> TabText.of(tab).contains("Welcome to Claude Code"));
        TabText.await("the tab's button, once Claude is seen", () -> {
            try {
                return SidePanel.agentButton(tab) != null;
            } catch (Exception e) {
                return false;
            }
        });
    }

    /** Types a message and has the stand-in answer it with {@code answer} (read from its answer file, not typed). */
    private void turn(TerminalTab tab, String message, String answer) throws Exception {
        tab.session().sendText(message + "\r");
        TabText.await("the message on screen", () -> TabText.of(tab).contains("> " + message));
        claude.answerWith(answer);
        tab.session().sendText("/answer\r");
        TabText.await("the answer on screen", () -> TabText.of(tab).contains(answer.substring(0, 40)));
    }

    private ConversationReport report(TerminalTab tab) throws Exception {
        return target.conversation(tab.panelId()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void twoClaudeTabsInOneDirectoryEachShowTheirOwnConversation() throws Exception {
        TerminalTab first = tab(0);
        TerminalTab second = tab(1);
        startClaude(first);
        startClaude(second);
        String firstAnswer = "The first build breaks because its cache directory is shared with the test run, so the "
                + "two delete each other's files halfway through.";
        String secondAnswer = "The second build is slow because it downloads every dependency again: the proxy was "
                + "never configured for the daemon.";
        turn(second, "why is the second build slow?", secondAnswer);
        turn(first, "why does the first build break?", firstAnswer);

        assertEquals("Claude Code", fx(() -> SidePanel.agentButton(first).getText()));
        robot.clickOn(SidePanel.agentButton(first));
        SidePanel.await("the first tab's conversation", first, t -> t.contains("why does the first build break?")
                && t.contains("shared with the test run"));
        assertFalse(SidePanel.text(first).contains("second build"), SidePanel.text(first));
        assertTrue(SidePanel.text(first).contains("Claude's own file for this process names it"), SidePanel.text(first));
        // The open panel follows the transcript as Claude writes it.
        turn(first, "and how do we fix it?", "Give each run its own cache directory under the build's temporary "
                + "directory, and remove it when the run ends.");
        SidePanel.await("the new turn, live", first, t -> t.contains("and how do we fix it?")
                && t.contains("its own cache directory"));

        fx(() -> {
            window.tabPane().getSelectionModel().select(second.tab());
            return null;
        });
        robot.clickOn(SidePanel.agentButton(second));
        SidePanel.await("the second tab's conversation", second, t -> t.contains("why is the second build slow?")
                && t.contains("never configured for the daemon"));
        assertFalse(SidePanel.text(second).contains("first build"), SidePanel.text(second));

        ConversationReport one = report(first);
        ConversationReport two = report(second);
        assertEquals("claude-code", one.agent());
        assertEquals("session-file", one.binding().source());
        assertNotEquals(one.binding().threadId(), two.binding().threadId());
        assertEquals(List.of("user", "answer"), two.turns().stream().map(ConversationReport.Turn::kind).toList());
    }

    @Test
    void theAgentsHookReportsThroughCtlAndATabIsBoundBeforeAnyAnswerShowsAndAgainAfterClear() throws Exception {
        Path state = Files.createTempDirectory(Path.of("/tmp"), "hf-ctl");
        ControlServer server = new ControlServer(state.resolve("control.sock"), target, ControlSettings.defaults());
        try {
            server.start();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            config.sessionStartHook("'" + java + "' -cp '" + System.getProperty("java.class.path")
                    + "' dev.holdfast.app.control.CtlMain --state-dir '" + state + "' agent-session --agent claude --hook"
                    + " 2>>'" + dir.resolve("hook.log") + "'");
            TerminalTab tab = tab(0);
            TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
            // Without sessions/<pid>.json (an older Claude) and with no answer on screen, only the report can tell.
            tab.session().sendText("export CLAUDE_STANDIN_NO_SESSION_FILE=1\r");
            startClaude(tab);
            String session = claude.starts().get(claude.starts().size() - 1).sessionId();
            TabText.await("the report taken", () -> hookLog().contains("Used (waiting-for-transcript): session " + session),
                    () -> "\nhook log: " + hookLog());
            // The session is shown once Claude has written its transcript: at the first message, before any answer.
            tab.session().sendText("a question nobody answered yet\r");
            TabText.await("the report bound the tab", () -> {
                try {
                    ConversationReport r = report(tab);
                    return r.binding() != null && "agent-report".equals(r.binding().source()) && r.turns().size() == 1;
                } catch (Exception e) {
                    return false;
                }
            }, () -> "\nhook log: " + hookLog() + "\nscreen:\n" + TabText.of(tab));
            assertEquals(session, report(tab).binding().threadId());
            assertEquals("a question nobody answered yet", report(tab).turns().get(0).text());

            tab.session().sendText("/clear\r");
            tab.session().sendText("a question after clear\r");
            TabText.await("the new session's report bound it", () -> {
                try {
                    ConversationReport r = report(tab);
                    return r.binding() != null && r.binding().bound() && !session.equals(r.binding().threadId())
                            && "agent-report".equals(r.binding().source()) && r.turns().size() == 1;
                } catch (Exception e) {
                    return false;
                }
            }, () -> "\nhook log: " + hookLog() + "\nscreen:\n" + TabText.of(tab));
            assertEquals("a question after clear", report(tab).turns().get(0).text());
        } finally {
            server.stop();
            try (Stream<Path> files = Files.walk(state)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private String hookLog() {
        try {
            return Files.readString(dir.resolve("hook.log"));
        } catch (Exception e) {
            return "(none)";
        }
    }
}
