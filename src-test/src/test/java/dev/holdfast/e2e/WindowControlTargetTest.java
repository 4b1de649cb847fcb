package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.control.AgentConversations;
import dev.holdfast.app.control.ControlException;
import dev.holdfast.app.control.ErrorCode;
import dev.holdfast.app.control.ReadOptions;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.app.window.WindowControlTarget;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The control socket's view of the real window reads each terminal's model only under its lock. */
class WindowControlTargetTest {
    private static final String BACKGROUND = "test-control-background";
    /** These tests are about the terminals' models; no agent runs in their tabs. */
    private static final AgentConversations NO_AGENTS = new AgentConversations() {
        @Override
        public Optional<Agent> agentOf(UUID panelId) {
            return Optional.empty();
        }

        @Override
        public CompletableFuture<TabConversation> conversation(UUID panelId) {
            return CompletableFuture.completedFuture(TabConversation.noAgent(panelId));
        }

        @Override
        public CompletableFuture<ReportOutcome> report(UUID panelId, AgentReport report) {
            return CompletableFuture.completedFuture(new ReportOutcome(ReportOutcome.Verdict.NO_AGENT,
                    "the tab runs no agent now"));
        }
    };

    @TempDir
    Path home;

    private ExecutorService background;
    private MainWindow window;
    private WindowControlTarget target;

    @BeforeEach
    void openWindow() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory(BACKGROUND, true));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env,
                    WindowCloseHook.NONE, () -> { });
            w.openTab(home);
            stage.show();
            return w;
        });
        target = new WindowControlTarget(window, background, new ScrollbackExporter(CheckpointSettings.defaults()),
                () -> CompletableFuture.completedFuture(null), Map::of, NO_AGENTS,
                dev.holdfast.app.control.ActivityView.NONE);
    }

    @AfterEach
    void closeWindow() throws Exception {
        FxToolkit.setupFixture(() -> window.closeWindow());
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** Whether one of the control target's threads is parked on a lock that {@code owner} holds. */
    private static boolean controlThreadWaitsOnALockHeldBy(Thread owner) {
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, false)) {
            if (info != null && info.getThreadName().startsWith(BACKGROUND) && info.getLockOwnerId() == owner.getId()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void statsReadTheHistoryLengthUnderTheBufferLock() throws Exception {
        TerminalTab tab = WaitForAsyncUtils.asyncFx(() -> window.tabs().get(0)).get(10, TimeUnit.SECONDS);
        tab.session().sendText("seq 1 300\r");
        TabText.await("output in the history", () -> TabText.of(tab).contains("\n300\n"));
        var buffer = tab.session().buffer();
        CompletableFuture<Map<String, Object>> stats;
        int history;
        buffer.lock();
        try {
            history = buffer.getHistoryLinesCount();
            stats = target.stats();
            long deadline = System.nanoTime() + TabText.DEADLINE.toNanos();
            while (!stats.isDone() && !controlThreadWaitsOnALockHeldBy(Thread.currentThread())
                    && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertFalse(stats.isDone(), "stats read the terminal's model while another thread held its lock");
            assertTrue(controlThreadWaitsOnALockHeldBy(Thread.currentThread()), "stats waits for the lock");
        } finally {
            buffer.unlock();
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> terminals = (List<Map<String, Object>>) stats.get(10, TimeUnit.SECONDS).get("terminals");
        assertTrue(history > 0);
        assertTrue((Integer) terminals.get(0).get("historyLines") >= history, terminals.toString());
        assertEquals(tab.panelId().toString(), terminals.get(0).get("panelId"));
    }

    /**
     * A tab is read without the FX thread: a script polling it gets its answer while the window is held up (a
     * restore's first frames, a flood), and an unknown panel is told as such. It waited for the FX thread before.
     */
    @Test
    void readAnswersWhileTheFxThreadIsHeldUp() throws Exception {
        TerminalTab tab = WaitForAsyncUtils.asyncFx(() -> window.tabs().get(0)).get(10, TimeUnit.SECONDS);
        tab.session().sendText("echo read-$((6*7))\r");
        TabText.await("the echo", () -> TabText.of(tab).contains("read-42\n"));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Platform.runLater(() -> {
            held.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            assertTrue(held.await(10, TimeUnit.SECONDS));
            ReadOptions screen = new ReadOptions(false, OptionalInt.empty(), false, false);
            String text = target.read(tab.panelId(), screen).get(10, TimeUnit.SECONDS);
            assertTrue(text.contains("read-42\n"), text);
            ExecutionException unknown = assertThrows(ExecutionException.class,
                    () -> target.read(UUID.randomUUID(), screen).get(10, TimeUnit.SECONDS));
            assertEquals(ErrorCode.NOT_FOUND, ((ControlException) unknown.getCause()).code());
        } finally {
            release.countDown();
        }
    }
}
