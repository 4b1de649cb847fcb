package dev.holdfast.app.window;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.control.ActivityView;
import dev.holdfast.app.control.AgentConversations;
import dev.holdfast.app.control.CardInfo;
import dev.holdfast.app.control.CheckpointNowResult;
import dev.holdfast.app.control.CloseOutcome;
import dev.holdfast.app.control.ControlException;
import dev.holdfast.app.control.ControlTarget;
import dev.holdfast.app.control.ConversationReport;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.app.control.NamedKey;
import dev.holdfast.app.control.ReadOptions;
import dev.holdfast.app.control.TabInfo;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.SelectionText;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.export.PhysicalRows;
import dev.holdfast.terminal.input.KeyEncoder;
import dev.holdfast.terminal.input.KeyboardModes;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.application.Platform;

/**
 * The control socket's view of the window. UI state is read and changed on the FX thread; anything that
 * blocks (process inspection, copying a long history) runs on the background executor, so a script never
 * stalls the UI.
 */
public final class WindowControlTarget implements ControlTarget {
    private final MainWindow window;
    private final Executor background;
    private final ScrollbackExporter exporter;
    private final Supplier<CompletableFuture<CheckpointNowResult>> checkpointNow;
    private final Supplier<Map<String, Object>> extraStats;
    private final AgentConversations conversations;
    private final ActivityView activity;
    private final KeyEncoder encoder = new KeyEncoder();

    /**
     * @param checkpointNow runs a forced checkpoint (FX thread)
     * @param extraStats counters from other parts of the app, merged into {@code stats} (FX thread)
     * @param conversations the tabs' agents and conversations
     * @param activity the tabs' states, clocks and cards (FX thread)
     */
    public WindowControlTarget(MainWindow window, Executor background, ScrollbackExporter exporter,
                               Supplier<CompletableFuture<CheckpointNowResult>> checkpointNow,
                               Supplier<Map<String, Object>> extraStats, AgentConversations conversations,
                               ActivityView activity) {
        this.activity = activity;
        this.window = window;
        this.background = background;
        this.exporter = exporter;
        this.checkpointNow = checkpointNow;
        this.extraStats = extraStats;
        this.conversations = conversations;
    }

    private static <T> CompletableFuture<T> onFx(Callable<T> call) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(call.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private TerminalTab tab(UUID panelId) {
        return window.tabs().stream().filter(t -> t.panelId().equals(panelId)).findFirst()
                .orElseThrow(() -> ControlException.panelNotFound(panelId));
    }

    private record TabView(TerminalTab tab, String title, boolean selected, Optional<ActivityView.Clocks> clocks) {
    }

    @Override
    public CompletableFuture<List<TabInfo>> listTabs() {
        return onFx(() -> {
            List<TabView> views = new ArrayList<>();
            TerminalTab selected = window.selectedTab().orElse(null);
            for (TerminalTab t : window.tabs()) {
                views.add(new TabView(t, t.titleProperty().get(), t == selected, activity.clocks(t.panelId())));
            }
            return views;
        }).thenApplyAsync(views -> {
            List<TabInfo> infos = new ArrayList<>();
            for (TabView v : views) {
                TerminalSession s = v.tab().session();
                ProcessSnapshot p = s.inspectProcess();
                String cwd = s.directory(p).map(Path::toString).orElse(null);
                ActivityView.Clocks clocks = v.clocks().orElse(null);
                infos.add(new TabInfo(v.tab().panelId(), v.title(), cwd,
                        s.shellPid().isPresent() ? s.shellPid().getAsLong() : null,
                        p.foregroundCommand().orElse(null), v.selected(), v.tab().isRestored(),
                        conversations.agentOf(v.tab().panelId()).map(ConversationReport::wireName).orElse(null),
                        clocks == null ? null : clocks.state(), clocks == null ? null : clocks.stateSince(),
                        clocks == null ? null : clocks.lastActivityAt()));
            }
            return infos;
        }, background);
    }

    @Override
    public CompletableFuture<List<CardInfo>> cards() {
        return onFx(activity::cards);
    }

    @Override
    public CompletableFuture<UUID> newTab(Optional<Path> cwd, Optional<String> title) {
        return onFx(() -> {
            Path dir = cwd.orElseGet(() -> window.selectedTab()
                    .flatMap(t -> t.session().startDirectory())
                    .orElse(Path.of(System.getProperty("user.home"))));
            TerminalTab tab = window.openTab(dir);
            title.ifPresent(tab::rename);
            return tab.panelId();
        });
    }

    @Override
    public CompletableFuture<Void> select(UUID panelId) {
        return onFx(() -> {
            window.tabPane().getSelectionModel().select(tab(panelId).tab());
            return null;
        });
    }

    private record CloseCheck(TerminalTab tab, Optional<String> running) {
    }

    @Override
    public CompletableFuture<CloseOutcome> close(UUID panelId, boolean force) {
        return onFx(() -> tab(panelId))
                .thenApplyAsync(tab -> new CloseCheck(tab,
                        force ? Optional.empty() : tab.session().inspectProcess().foregroundCommand()), background)
                .thenCompose(check -> onFx(() -> {
                    if (check.running().isPresent()) {
                        return new CloseOutcome.NeedsConfirmation(check.running().get());
                    }
                    window.closeTab(check.tab());
                    return new CloseOutcome.Closed();
                }));
    }

    @Override
    public CompletableFuture<Void> sendText(UUID panelId, String text) {
        return onFx(() -> tab(panelId).session()).thenAccept(s -> s.sendText(text));
    }

    @Override
    public CompletableFuture<Void> sendKeys(UUID panelId, List<NamedKey> keys) {
        return onFx(() -> tab(panelId).session()).thenAccept(s -> s.send(NamedKey.encodeAll(keys, encoder,
                new KeyboardModes(s.applicationCursorKeys(), s.applicationKeypad()))));
    }

    @Override
    public CompletableFuture<Void> clearScrollback(UUID panelId) {
        return onFx(() -> window.clearScrollback(tab(panelId))).thenCompose(cleared -> cleared);
    }

    @Override
    public CompletableFuture<Void> reset(UUID panelId, boolean clearScrollback) {
        return onFx(() -> window.reset(tab(panelId), clearScrollback)).thenCompose(done -> done);
    }

    /** Found and read off the FX thread: a script polling a tab is not held up by a busy window. */
    @Override
    public CompletableFuture<String> read(UUID panelId, ReadOptions options) {
        return CompletableFuture.supplyAsync(() -> {
            TerminalSession s = window.session(panelId).orElseThrow(() -> ControlException.panelNotFound(panelId));
            return options.ansi() ? readAnsi(s, options)
                    : options.rows() ? readRows(s, options) : readPlain(s, options);
        }, background);
    }

    /** Plain text, one line per row: lines wrapped by the terminal are joined, trailing blanks trimmed. */
    private static String readPlain(TerminalSession s, ReadOptions options) {
        List<String> lines = new ArrayList<>(List.of(SelectionText.plainText(s.buffer(), options.scrollback()).split("\n", -1)));
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return String.join("\n", lastLines(lines, options)) + "\n";
    }

    /** The physical rows, one per screen row as shown (a wrapped line stays two rows), trailing blanks trimmed. */
    private static String readRows(TerminalSession s, ReadOptions options) {
        List<String> rows = new ArrayList<>(PhysicalRows.of(s.buffer(), options.scrollback()));
        while (!rows.isEmpty() && rows.get(rows.size() - 1).isEmpty()) {
            rows.remove(rows.size() - 1);
        }
        return String.join("\n", lastLines(rows, options)) + "\n";
    }

    private String readAnsi(TerminalSession s, ReadOptions options) {
        // The screen's height is read in the same hold of the lock as the copy, so the two agree even when the
        // terminal is resized meanwhile (the lock is re-entrant; the capture takes it too).
        var buffer = s.buffer();
        CapturedLines captured;
        int height;
        buffer.lock();
        try {
            captured = exporter.capture(s);
            height = buffer.getHeight();
        } finally {
            buffer.unlock();
        }
        List<String> lines = new ArrayList<>(List.of(exporter.format(captured).split("\r\n", -1)));
        if (!options.scrollback()) {
            lines = lines.subList(Math.max(0, lines.size() - height), lines.size());
        }
        return String.join("\n", lastLines(lines, options)) + "\n";
    }

    // The model belongs to the reader thread: even a count is read under the buffer lock, which the reader
    // holds only while it parses a chunk. Off the FX thread, so the wait costs the UI nothing.
    private static int historyLines(TerminalSession s) {
        var buffer = s.buffer();
        buffer.lock();
        try {
            return buffer.getHistoryLinesCount();
        } finally {
            buffer.unlock();
        }
    }

    private static List<String> lastLines(List<String> lines, ReadOptions options) {
        if (options.lines().isEmpty()) {
            return lines;
        }
        int n = options.lines().getAsInt();
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }

    /** The tab is looked up on the FX thread; the conversation is resolved and read on the service's thread. */
    @Override
    public CompletableFuture<ConversationReport> conversation(UUID panelId) {
        return onFx(() -> tab(panelId).panelId())
                .thenCompose(conversations::conversation)
                .thenApply(ConversationReport::of);
    }

    /** The tab is looked up on the FX thread; the report is judged on the conversation service's thread. */
    @Override
    public CompletableFuture<ReportOutcome> agentSession(UUID panelId, AgentReport report) {
        return onFx(() -> tab(panelId).panelId())
                .thenCompose(id -> conversations.report(id, report));
    }

    @Override
    public CompletableFuture<CheckpointNowResult> checkpointNow() {
        return onFx(checkpointNow::get).thenCompose(f -> f);
    }

    /** @param frames each session's frames painted so far, in the same order */
    private record StatsView(List<TerminalSession> sessions, List<Long> frames, Map<String, Object> extra) {
    }

    /** The tabs and the other counters are read on the FX thread; the models on the background executor. */
    @Override
    public CompletableFuture<Map<String, Object>> stats() {
        return onFx(() -> new StatsView(window.tabs().stream().map(TerminalTab::session).toList(),
                window.tabs().stream().map(t -> t.view().framesPainted()).toList(), extraStats.get()))
                .thenApplyAsync(view -> {
                    Map<String, Object> stats = new LinkedHashMap<>();
                    List<Map<String, Object>> terminals = new ArrayList<>();
                    for (int i = 0; i < view.sessions().size(); i++) {
                        TerminalSession s = view.sessions().get(i);
                        Map<String, Object> one = new LinkedHashMap<>();
                        one.put("panelId", s.spec().panelId().toString());
                        one.put("outputGeneration", s.generation().read());
                        one.put("processedGeneration", s.generation().processed());
                        one.put("historyLines", historyLines(s));
                        one.put("framesPainted", view.frames().get(i));
                        terminals.add(one);
                    }
                    stats.put("tabs", terminals.size());
                    stats.put("terminals", terminals);
                    stats.putAll(view.extra());
                    Runtime rt = Runtime.getRuntime();
                    Map<String, Object> memory = new LinkedHashMap<>();
                    memory.put("heapUsedBytes", rt.totalMemory() - rt.freeMemory());
                    memory.put("heapCommittedBytes", rt.totalMemory());
                    memory.put("heapMaxBytes", rt.maxMemory());
                    stats.put("memory", memory);
                    return stats;
                }, background);
    }

    @Override
    public CompletableFuture<Void> quit() {
        return onFx(() -> {
            // Let the answer reach the client before the window (and with it this server) goes away.
            Platform.runLater(window::closeWindow);
            return null;
        });
    }
}
