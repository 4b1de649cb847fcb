package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.sidebar.Sidebar;
import dev.holdfast.app.sidebar.SidebarEntry;
import dev.holdfast.app.sidebar.SidebarOrder;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.terminal.screen.ActivityEntry;
import dev.holdfast.terminal.screen.ActivityLog;
import dev.holdfast.terminal.screen.ProgramKind;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import dev.holdfast.terminal.shell.CommandRun;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The sidebar as it is drawn in the window, with the app's stylesheet: its cards fit its width (a long command
 * ends in an ellipsis and "updated …" stays in sight), it takes its colours from the stylesheet, a click goes to
 * the card's tab, and Recent keeps only the tabs whose state changed within the hour.
 */
class SidebarTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @TempDir
    Path home;

    private final FxRobot robot = new FxRobot();
    private final List<UUID> selected = new CopyOnWriteArrayList<>();
    private final List<SidebarEntry> entries = new ArrayList<>();
    private ExecutorService background;
    private UiTicker ticker;
    private MainWindow window;
    private Sidebar sidebar;

    private static TabCard card(String title, TabState state, Instant since, Instant lastActivity, String command) {
        ActivityLog log = ActivityLog.EMPTY;
        CommandRun run = null;
        if (command != null) {
            run = new CommandRun(1, command, 0, lastActivity.minusSeconds(13), lastActivity);
            log = log.with(ActivityEntry.finished(run), 20, 4096);
        }
        log = log.with(ActivityEntry.entered(since, state, null), 20, 4096);
        return new TabCard(TabCard.CURRENT_VERSION, title, home().toString(), "bash", ProgramKind.SHELL, state,
                since, lastActivity, null, run, run == null ? null : 0, log);
    }

    private static Path home() {
        return Path.of("/srv/projects/holdfast");
    }

    @BeforeEach
    void openWindowWithASidebar() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        ticker = new UiTicker("test-sidebar-ticks");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
        String longCommand = "for i in $(seq 1 30); do echo \"[$i/30] compiling module $i of the whole project\";"
                + " sleep 0.4; done; echo BUILD SUCCESS";
        entries.add(new SidebarEntry(new UUID(0, 1), 0, "shell",
                card("shell", TabState.IDLE, NOW.minus(Duration.ofHours(3)), NOW.minus(Duration.ofHours(3)), null)));
        entries.add(new SidebarEntry(new UUID(0, 2), 1, "build",
                card("build", TabState.IDLE, NOW.minusSeconds(400), NOW.minusSeconds(400), longCommand)));
        entries.add(new SidebarEntry(new UUID(0, 3), 2, "loop",
                card("loop", TabState.WORKING, NOW.minusSeconds(60), NOW.minusSeconds(1), null)));
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env, WindowCloseHook.NONE,
                    () -> { });
            w.openTab(home);
            stage.setWidth(1000);
            stage.setHeight(700);
            stage.show();
            sidebar = new Sidebar(new Sidebar.Tabs() {
                @Override
                public List<SidebarEntry> entries() {
                    return List.copyOf(entries);
                }

                @Override
                public void select(UUID panelId) {
                    selected.add(panelId);
                }
            }, Clock.fixed(NOW, ZoneOffset.UTC), ZoneOffset.UTC, home.toString(), ticker,
                    SidebarOrder.DEFAULT_RECENT_WINDOW);
            w.showSidebar(sidebar.node());
            sidebar.setShowing(true);
            return w;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void closeWindow() throws Exception {
        FxToolkit.setupFixture(() -> {
            sidebar.setShowing(false);
            window.closeWindow();
        });
        ticker.close();
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private List<Label> labels(String styleClass) throws Exception {
        return fx(() -> sidebar.node().lookupAll("." + styleClass).stream()
                .filter(n -> n instanceof Label && n.isVisible() && ((Label) n).getText() != null
                        && !((Label) n).getText().isEmpty())
                .map(n -> (Label) n).toList());
    }

    @Test
    void cardsFitTheSidebarAndShowWhenEachTabWasUpdated() throws Exception {
        List<String> updated = new ArrayList<>();
        for (Label label : labels("card-updated")) {
            updated.add(fx(label::getText));
        }
        assertEquals(List.of("updated just now", "updated 6 min ago", "updated 3 h ago"), updated,
                "Last updated order, newest first");
        Bounds side = fx(() -> sidebar.node().localToScene(sidebar.node().getLayoutBounds()));
        for (Label label : labels("card-updated")) {
            Bounds b = fx(() -> label.localToScene(label.getLayoutBounds()));
            assertTrue(b.getMaxX() <= side.getMaxX() + 0.5 && b.getMinX() >= side.getMinX(),
                    "'" + fx(label::getText) + "' at " + b + " is inside the sidebar at " + side);
        }
        Label command = labels("card-command").get(0);
        assertTrue(fx(() -> command.localToScene(command.getLayoutBounds()).getMaxX()) <= side.getMaxX() + 0.5,
                "a long command is cut to the sidebar's width");
        assertTrue(fx(() -> command.getWidth() < command.prefWidth(-1)), "the long command is shown shortened");
    }

    @Test
    void itsColoursComeFromTheStylesheet() throws Exception {
        Color background = fx(() -> (Color) ((Region) sidebar.node()).getBackground().getFills().get(0).getFill());
        assertEquals(Color.web("#121418"), background, "the dark theme's sidebar colour");
        Label title = labels("card-title").get(0);
        assertEquals(Color.web("#e6e8eb"), fx(() -> (Color) title.getTextFill()));
    }

    @Test
    void aClickGoesToTheCardsTabAndRecentKeepsTheLastHoursTabs() throws Exception {
        Node build = fx(() -> labels("card-title").stream().filter(l -> l.getText().equals("build")).findFirst()
                .orElseThrow());
        robot.clickOn(build);
        TabText.await("the click to reach the tab", () -> selected.contains(new UUID(0, 2)));
        assertEquals(List.of(new UUID(0, 2)), List.copyOf(selected));

        ToggleButton recent = fx(() -> (ToggleButton) sidebar.node().lookupAll(".toggle-button").iterator().next());
        robot.clickOn(recent);
        TabText.await("Recent to leave the tab idle for 3 h out", () -> {
            try {
                return fx(() -> sidebar.shown().size()) == 2;
            } catch (Exception e) {
                return false;
            }
        });
        assertEquals(List.of(new UUID(0, 3), new UUID(0, 2)),
                fx(() -> sidebar.shown().stream().map(SidebarEntry::panelId).toList()));
        assertEquals(new Sidebar.Layout(dev.holdfast.app.sidebar.SidebarSort.LAST_UPDATED, true),
                fx(() -> sidebar.layout()), "the layout to remember");
    }
}
