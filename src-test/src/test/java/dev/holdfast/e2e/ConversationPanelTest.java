package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.control.ActivityView;
import dev.holdfast.app.control.ConversationReport;
import dev.holdfast.app.control.TabInfo;
import dev.holdfast.app.conversation.ConversationPanels;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.app.window.WindowControlTarget;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.fixtures.codex.StandInCodex;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.LiveSettings;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The conversation panel of the real window, on headless Monocle: tabs run a real login shell and the stand-in
 * {@code codex}, which writes its rollout and thread row into a fake Codex home, and the panel shows what the
 * app's conversation service reads from there.
 */
class ConversationPanelTest {
    private static final String ANSWER = "The build fails on Tuesdays because the cron job that rotates the signing "
            + "keys runs at the same minute as the nightly build; the build now **waits** for the rotation lock.";
    /** An answer as Codex writes them: a heading, a list, and a code block at its end. */
    private static final String MARKDOWN_ANSWER = "## Why it fails\n\n" + ANSWER
            + "\n\n- the lock file is `rotation.lock`\n- the job moved to 03:15\n\n```bash\n./gradlew build --no-daemon\n```";
    private static final LiveSettings FAST = new LiveSettings(Duration.ofMillis(100), LiveSettings.DEFAULTS.binding(),
            LiveSettings.DEFAULTS.conversation(), LiveSettings.DEFAULTS.transcript());

    @TempDir
    Path dir;

    private final FxRobot robot = new FxRobot();
    private ExecutorService background;
    private MainWindow window;
    private ConversationPanels panels;
    private LiveConversations live;
    private FakeCodexHome codexHome;
    private StandInCodex codex;
    private Path project;

    @BeforeEach
    void openWindow() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(dir.resolve("project")).toRealPath();
        codexHome = FakeCodexHome.create(Files.createDirectories(dir.resolve("codex-home")));
        codex = StandInCodex.install(dir.resolve("standin"), codexHome);
        Map<String, String> base = new HashMap<>(System.getenv());
        base.put("HOME", home.toString());
        base.put("SHELL", "/bin/bash");
        base.remove("CODEX_SQLITE_HOME");
        Map<String, String> env = codex.environment(base, false, "cli");
        // A login shell sets PATH again from the system profile; the stand-in goes first after that.
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\nexport PATH='"
                + codex.program().getParent() + "':\"$PATH\"\n");
        Stage stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env,
                    WindowCloseHook.NONE, () -> { });
            panels = new ConversationPanels(w, Platform::runLater, Clock.systemDefaultZone().getZone());
            live = new LiveConversations(ProcessInspector.forCurrentOs(), FAST, Clock.systemUTC(), home, panels);
            panels.connect(live);
            live.start();
            w.openTab(project);
            stage.setWidth(1200);
            stage.setHeight(700);
            stage.show();
            stage.toFront();
            return w;
        });
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

    private TerminalTab tab() throws Exception {
        return fx(() -> window.tabs().get(0));
    }

    private void startCodex(TerminalTab tab, String arguments) throws Exception {
        TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
        tab.session().sendText(("codex " + arguments).strip() + "\r");
        TabText.await("the stand-in's banner", () -> TabText.of(tab).contains("OpenAI Codex (v"));
        TabText.await("the tab's button, once Codex is seen", () -> {
            try {
                return SidePanel.agentButton(tab) != null;
            } catch (Exception e) {
                return false;
            }
        });
    }

    private static void say(TerminalTab tab, String message) throws InterruptedException {
        tab.session().sendText(message + "\r");
        TabText.await("the message on screen", () -> TabText.of(tab).contains("› " + message));
    }

    private void answer(TerminalTab tab, String text) throws InterruptedException {
        String last = text.lines().filter(l -> !l.isBlank() && !l.startsWith("```")).reduce((a, b) -> b).orElseThrow();
        codex.answerWith(text);
        codex.control("/answer");
        TabText.await("the answer on screen", () -> TabText.of(tab).contains(last.substring(0, Math.min(40, last.length()))));
    }

    private void pressShortcut() {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.J).release(KeyCode.J, KeyCode.SHIFT, KeyCode.CONTROL);
    }

    @Test
    void aCodexTabShowsItsConversationAndAToolCallUnfoldsOnClick() throws Exception {
        TerminalTab tab = tab();
        startCodex(tab, "");
        say(tab, "why does the build fail on Tuesdays?");
        answer(tab, MARKDOWN_ANSWER);

        robot.clickOn(SidePanel.agentButton(tab));
        SidePanel.await("the user turn and the answer", tab, text -> text.contains("why does the build fail on Tuesdays?")
                && text.contains("the build now ") && text.contains("waits") && text.contains("./gradlew build"));
        String shown = SidePanel.text(tab);
        assertFalse(shown.contains("**waits**"), "markdown is shown as text, not as its marks:\n" + shown);
        assertFalse(shown.contains("## Why"), "a heading is shown as a heading:\n" + shown);
        assertFalse(shown.contains("```"), "a code block is shown without its fences:\n" + shown);
        assertFalse(shown.contains("environment_context"), "what Codex injects is not a user turn:\n" + shown);
        String terminalFont = fx(() -> window.fontFamily());
        assertEquals(terminalFont, fx(() -> ((Text) tab.body().sidePanel().lookup(".md-code-text")).getFont().getFamily()),
                "code in the terminal's font");

        // Monocle makes no context-menu request of a right click; the request is sent as the platform would.
        fx(() -> {
            Node turn = tab.body().sidePanel().lookup(".conv-user");
            var at = turn.localToScreen(10, 10);
            javafx.event.Event.fireEvent(turn, new javafx.scene.input.ContextMenuEvent(
                    javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, 10, 10, at.getX(), at.getY(), false, null));
            return null;
        });
        robot.clickOn("Copy");
        assertEquals("why does the build fail on Tuesdays?",
                fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()), "a turn copied as its text");

        codex.control("/flood 30");
        // The call is written before its result: its status is awaited with it.
        SidePanel.await("the tool call, folded, with its status", tab,
                text -> text.contains("$ seq -f 'tool output line %g' 1 30") && text.contains("exit 0"));
        assertFalse(SidePanel.text(tab).contains("tool output line 30"), "a folded call shows no output");

        robot.clickOn(fx(() -> tab.body().sidePanel().lookup(".conv-tool-line")));
        SidePanel.await("the output, unfolded", tab, text -> text.contains("tool output line 30"));
        robot.clickOn(fx(() -> tab.body().sidePanel().lookup(".conv-tool-line")));
        SidePanel.await("folded again", tab, text -> !text.contains("tool output line 30"));

        robot.clickOn(SidePanel.agentButton(tab));
        TabText.await("the button hides the panel", () -> SidePanel.text(tab).isEmpty());
    }

    @Test
    void afterNewThePanelSaysUnavailableWithItsReasonUntilTheNewAnswerShows() throws Exception {
        TerminalTab tab = tab();
        startCodex(tab, "");
        say(tab, "first question");
        answer(tab, ANSWER);
        fx(() -> {
            panels.toggle(tab);
            return null;
        });
        SidePanel.await("the first conversation", tab, text -> text.contains("first question"));

        tab.session().sendText("/new\r");
        say(tab, "second question");
        SidePanel.await("unavailable, with why", tab, text -> text.contains("Conversation unavailable — ")
                && text.contains("show terminal output") && text.contains("A newer conversation began in this directory"));
        assertFalse(SidePanel.text(tab).contains("first question"), "never the old conversation:\n" + SidePanel.text(tab));

        String second = "A second answer, long enough to be recognised on screen: the nightly build moved to 03:30 and "
                + "the rotation job to 03:15.";
        answer(tab, second);
        SidePanel.await("the new conversation", tab, text -> text.contains("second question")
                && text.contains("the nightly build moved to 03:30"));
        assertFalse(SidePanel.text(tab).contains("first question"), SidePanel.text(tab));
    }

    @Test
    void showTerminalOutputHidesThePanelAndGivesTheTerminalTheFocus() throws Exception {
        TerminalTab tab = tab();
        startCodex(tab, "");
        fx(() -> {
            panels.toggle(tab);
            return null;
        });
        SidePanel.await("no conversation yet", tab, text -> text.contains("Conversation unavailable — "));
        // The panel redraws as the binding is re-read; click the link that is in the scene at that moment.
        TabText.await("the link clicked", () -> {
            try {
                javafx.scene.Node link = fx(() -> {
                    javafx.scene.Node n = tab.body().sidePanel().lookup(".conv-terminal-link");
                    return n != null && n.getScene() != null && n.isVisible() ? n : null;
                });
                if (link == null) {
                    return false;
                }
                robot.clickOn(link);
                return true;
            } catch (Exception | AssertionError e) {
                return false;
            }
        });
        TabText.await("the panel hidden", () -> SidePanel.text(tab).isEmpty());
        assertTrue(fx(() -> tab.view().isFocused()), "the terminal has the focus");
    }

    @Test
    void theShortcutShowsAndHidesThePanelOfTheSelectedTab() throws Exception {
        TerminalTab tab = tab();
        TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
        fx(() -> {
            tab.view().requestFocus();
            return null;
        });
        pressShortcut();
        SidePanel.await("the panel, without an agent", tab, text -> text.contains("No coding agent runs in this tab"));
        assertNull(SidePanel.agentButton(tab), "no button while no agent runs");
        pressShortcut();
        TabText.await("the panel hidden", () -> SidePanel.text(tab).isEmpty());
        assertTrue(fx(() -> tab.view().isFocused()), "the terminal keeps the focus");
    }

    @Test
    void ctlSeesTheAgentAndTheConversation() throws Exception {
        TerminalTab tab = tab();
        WindowControlTarget target = new WindowControlTarget(window, background,
                new ScrollbackExporter(CheckpointSettings.defaults()), () -> CompletableFuture.completedFuture(null), Map::of,
                panels, ActivityView.NONE);
        startCodex(tab, "");
        say(tab, "why does the build fail on Tuesdays?");
        answer(tab, ANSWER);
        codex.control("/flood 5");
        TabText.await("the flood", () -> TabText.of(tab).contains("tool output line 5"));
        TabText.await("a bound conversation with its tool call", () -> {
            try {
                ConversationReport report = target.conversation(tab.panelId()).get(10, TimeUnit.SECONDS);
                // The call is written before its result: its exit status is awaited with it.
                return report.binding() != null && report.binding().bound() && report.turns().size() == 3
                        && report.turns().get(2).exitCode() != null;
            } catch (Exception e) {
                return false;
            }
        });
        ConversationReport report = target.conversation(tab.panelId()).get(10, TimeUnit.SECONDS);
        assertEquals("codex", report.agent());
        assertEquals("screen-match", report.binding().source());
        assertEquals(List.of("user", "answer", "tool"), report.turns().stream().map(ConversationReport.Turn::kind).toList());
        assertEquals(0, report.turns().get(2).exitCode());
        List<TabInfo> tabs = target.listTabs().get(10, TimeUnit.SECONDS);
        assertEquals("codex", tabs.get(0).agent());
    }

    /**
     * A 50 MB rollout (thousands of tool calls with long outputs) opens while the FX thread keeps answering: the
     * core parses it off the FX thread, and the list makes cells only for the rows in sight.
     */
    @Test
    void aFiftyMegabyteRolloutOpensWithoutBlockingTheFxThread() throws Exception {
        int calls = 2_500;
        Instant began = Instant.now().minusSeconds(3600);
        FakeCodexHome.ThreadSpec spec = FakeCodexHome.thread().cwd(project).createdAt(began).withoutRollout();
        String id = codexHome.add(spec);
        long size = writeBigRollout(codexHome.rolloutPath(id, began), id, began, calls);
        assertTrue(size > 50L * 1024 * 1024, "rollout of " + size + " bytes");

        TerminalTab tab = tab();
        startCodex(tab, "resume " + id);
        AtomicLong worstNanos = new AtomicLong();
        AtomicBoolean probing = new AtomicBoolean(true);
        Thread probe = new Thread(() -> {
            while (probing.get()) {
                long posted = System.nanoTime();
                CountDownLatch ran = new CountDownLatch(1);
                Platform.runLater(ran::countDown);
                try {
                    ran.await();
                    worstNanos.accumulateAndGet(System.nanoTime() - posted, Math::max);
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "fx-probe");
        probe.start();
        int rows;
        int cells;
        long window;
        long opened = System.nanoTime();
        try {
            fx(() -> {
                panels.toggle(tab);
                return null;
            });
            int expected = calls + calls / 10 * 2;
            TabText.await("every row of the rollout listed", () -> {
                try {
                    return fx(() -> list(tab).getItems().size()) == expected;
                } catch (Exception e) {
                    return false;
                }
            }, () -> "\npanel:\n" + SidePanel.text(tab));
            SidePanel.await("the end of the conversation in sight", tab, text -> text.contains("answer " + (calls / 10 - 1)));
            rows = fx(() -> list(tab).getItems().size());
            cells = fx(() -> list(tab).lookupAll(".conversation-cell").size());
            window = System.nanoTime() - opened;
        } finally {
            probing.set(false);
            probe.join(5_000);
        }
        assertTrue(cells < 100, cells + " cells for " + rows + " rows: only the rows in sight have nodes");
        // Not a timing test (a slow machine stretches everything alike): parsing or laying out every row on the FX
        // thread would make one stall most of the time the panel took to fill; off it, the FX thread keeps answering.
        long worstMillis = worstNanos.get() / 1_000_000;
        long windowMillis = window / 1_000_000;
        assertTrue(worstMillis * 2 < windowMillis, "the FX thread was blocked for " + worstMillis + " ms of the "
                + windowMillis + " ms the panel took to fill");
    }

    @Test
    void thePanelStaysAtTheEndAsTurnsArriveUnlessTheUserScrolledUp() throws Exception {
        Instant began = Instant.now().minusSeconds(600);
        String id = codexHome.add(FakeCodexHome.thread().cwd(project).createdAt(began).withoutRollout());
        Path rollout = codexHome.rolloutPath(id, began);
        appendCalls(rollout, id, began, 0, 150);
        TerminalTab tab = tab();
        startCodex(tab, "resume " + id);
        fx(() -> {
            panels.toggle(tab);
            return null;
        });
        awaitRows(tab, 150);
        TabText.await("the end in sight", () -> lastVisible(tab) == 149);

        appendCalls(rollout, id, began, 150, 10);
        awaitRows(tab, 160);
        TabText.await("the end followed", () -> lastVisible(tab) == 159);

        wheel(tab, 600);
        TabText.await("scrolled up", () -> lastVisible(tab) < 150, () -> " (last visible row " + lastVisible(tab) + ")");
        WaitForAsyncUtils.waitForFxEvents();
        int first = firstVisible(tab);
        appendCalls(rollout, id, began, 160, 10);
        awaitRows(tab, 170);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(first, firstVisible(tab), "a user who scrolled up to read is left where they are");

        wheel(tab, -100_000);
        TabText.await("back at the end", () -> lastVisible(tab) == 169);
        appendCalls(rollout, id, began, 170, 10);
        awaitRows(tab, 180);
        TabText.await("the end followed again", () -> lastVisible(tab) == 179);
    }

    @Test
    void thePanelFollowsTheThemeAndTheFontSize() throws Exception {
        TerminalTab tab = tab();
        TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
        fx(() -> {
            panels.toggle(tab);
            return null;
        });
        SidePanel.await("the panel", tab, text -> text.contains("No coding agent runs in this tab"));
        String dark = fx(() -> tab.body().sidePanel().getStyle());
        assertTrue(dark.contains("-conv-bg: #16181c"), dark);

        fx(() -> {
            window.applySettings(window.settings(), dev.holdfast.app.view.Palette.light());
            window.setFontSize(20);
            return null;
        });
        String light = fx(() -> tab.body().sidePanel().getStyle());
        assertTrue(light.contains("-conv-bg: #fbfbfa"), light);
        assertTrue(light.contains("-fx-font-size: 20.0px"), light);
        double titleSize = fx(() -> ((Labeled) tab.body().sidePanel().lookup(".conv-title")).getFont().getSize());
        assertEquals(20 * 1.15, titleSize, 0.01);
    }

    /**
     * Turns the mouse wheel over the list by {@code pixels} (positive: up, towards the start), as a user does:
     * the event goes through the panel's own handlers.
     */
    private static void wheel(TerminalTab tab, double pixels) throws Exception {
        fx(() -> {
            var flow = flow(tab);
            var centre = flow.localToScreen(flow.getWidth() / 2, flow.getHeight() / 2);
            javafx.event.Event.fireEvent(flow, new javafx.scene.input.ScrollEvent(javafx.scene.input.ScrollEvent.SCROLL,
                    flow.getWidth() / 2, flow.getHeight() / 2, centre.getX(), centre.getY(), false, false, false, false,
                    false, false, 0, pixels, 0, pixels, javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                    javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void awaitRows(TerminalTab tab, int rows) throws InterruptedException {
        TabText.await(rows + " rows", () -> {
            try {
                return fx(() -> list(tab).getItems().size()) == rows;
            } catch (Exception e) {
                return false;
            }
        }, () -> "\npanel:\n" + SidePanel.text(tab));
    }

    private static javafx.scene.control.skin.VirtualFlow<?> flow(TerminalTab tab) {
        return (javafx.scene.control.skin.VirtualFlow<?>) list(tab).lookup(".virtual-flow");
    }

    private static int lastVisible(TerminalTab tab) {
        try {
            return fx(() -> {
                var cell = flow(tab).getLastVisibleCell();
                return cell == null ? -1 : cell.getIndex();
            });
        } catch (Exception e) {
            return -1;
        }
    }

    private static int firstVisible(TerminalTab tab) throws Exception {
        return fx(() -> flow(tab).getFirstVisibleCell().getIndex());
    }

    /** Appends {@code count} finished tool calls, numbered from {@code from}, as Codex appends to a rollout. */
    private static void appendCalls(Path rollout, String id, Instant began, int from, int count) throws Exception {
        Files.createDirectories(rollout.getParent());
        StringBuilder lines = new StringBuilder();
        if (from == 0) {
            lines.append(FakeCodexHome.line(began, "session_meta", Map.of("id", id, "cwd", "/", "source", "cli")));
        }
        for (int i = from; i < from + count; i++) {
            Instant at = began.plusSeconds(i);
            lines.append(FakeCodexHome.line(at, "response_item", Map.of("type", "function_call", "name",
                    "exec_command", "arguments", "{\"cmd\":\"make step-" + i + "\"}", "call_id", "call_" + i)));
            lines.append(FakeCodexHome.line(at, "response_item", Map.of("type", "function_call_output", "call_id",
                    "call_" + i, "output", "Process exited with code 0\nOutput:\nstep " + i + " done\n")));
        }
        Files.writeString(rollout, lines, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    @SuppressWarnings("unchecked")
    private static ListView<Object> list(TerminalTab tab) {
        return (ListView<Object>) tab.body().sidePanel().lookup(".conversation-list");
    }

    /** Every tenth call a user turn and an answer; each call's output about 21 KB. */
    private static long writeBigRollout(Path rollout, String id, Instant began, int calls) throws Exception {
        Files.createDirectories(rollout.getParent());
        String body = "Wall time: 0.4 seconds\nProcess exited with code 0\nOutput:\n"
                + "compiling module with a long and fairly typical line of build output\n".repeat(300);
        try (BufferedWriter out = Files.newBufferedWriter(rollout, StandardCharsets.UTF_8)) {
            Instant at = began;
            out.write(FakeCodexHome.line(at, "session_meta", Map.of("id", id, "cwd", "/", "originator", "codex_cli_rs",
                    "source", "cli")));
            for (int i = 0; i < calls; i++) {
                at = at.plusMillis(500);
                if (i % 10 == 0) {
                    out.write(FakeCodexHome.line(at, "event_msg", Map.of("type", "user_message", "message",
                            "question " + i / 10)));
                    out.write(FakeCodexHome.line(at, "event_msg", Map.of("type", "agent_message", "message",
                            "answer " + i / 10 + ": the build is being checked, module by module.")));
                }
                String call = "call_" + i;
                out.write(FakeCodexHome.line(at, "response_item", Map.of("type", "function_call", "name", "exec_command",
                        "arguments", "{\"cmd\":\"make module-" + i + "\"}", "call_id", call)));
                out.write(FakeCodexHome.line(at, "response_item", Map.of("type", "function_call_output", "call_id", call,
                        "output", body + "module " + i + " done\n")));
            }
        }
        return Files.size(rollout);
    }
}
