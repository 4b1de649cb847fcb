package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.agent.report.Reporter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

/** A window of tabs in memory that records what the control server asked of it. */
final class FakeControlTarget implements ControlTarget {
    static final UUID FIRST = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");
    static final UUID SECOND = UUID.fromString("7c9e6679-7425-40de-944b-e07fc1f90ae7");
    static final UUID THIRD = UUID.fromString("7c1e0000-0000-4000-8000-000000000003");

    final List<TabInfo> tabs = new CopyOnWriteArrayList<>();
    final List<String> calls = new CopyOnWriteArrayList<>();
    /** The foreground command of tabs that run one, so that closing them needs confirmation. */
    volatile Map<UUID, String> running = Map.of();
    /** When set, replaces the answer of every call: a stalled or failed future, for instance. */
    volatile Function<String, CompletableFuture<?>> override;
    /** What {@code conversation} answers for a tab; a tab not here runs no agent. */
    final Map<UUID, ConversationReport> conversations = new java.util.concurrent.ConcurrentHashMap<>();

    FakeControlTarget() {
        tabs.add(new TabInfo(FIRST, "bash", "/home/ada", 4242L, "bash", true, false, null));
        tabs.add(new TabInfo(SECOND, "vim notes.md", "/home/ada/notes", 4343L, "vim", false, true, null));
        tabs.add(new TabInfo(THIRD, "exited", null, null, null, false, false, null));
    }

    @SuppressWarnings("unchecked")
    private <T> CompletableFuture<T> answer(String call, UUID panel, Function<TabInfo, T> result) {
        calls.add(call);
        Function<String, CompletableFuture<?>> replaced = override;
        if (replaced != null) {
            return (CompletableFuture<T>) replaced.apply(call);
        }
        Optional<TabInfo> tab = panel == null ? Optional.empty()
                : tabs.stream().filter(t -> t.panelId().equals(panel)).findFirst();
        if (panel != null && tab.isEmpty()) {
            return CompletableFuture.failedFuture(ControlException.panelNotFound(panel));
        }
        return CompletableFuture.completedFuture(result.apply(tab.orElse(null)));
    }

    @Override
    public CompletableFuture<List<TabInfo>> listTabs() {
        return answer("list", null, none -> List.copyOf(tabs));
    }

    @Override
    public CompletableFuture<List<CardInfo>> cards() {
        return answer("cards", null, none -> List.of(new CardInfo(SECOND, "vim notes.md", "/home/ada/notes", "vim",
                "idle", java.time.Instant.parse("2026-03-01T10:00:00Z"), java.time.Instant.parse("2026-03-01T09:58:00Z"),
                "updated 2 min ago", true, null, "make", 0, 1500L, List.of("10:00  idle"))));
    }

    @Override
    public CompletableFuture<UUID> newTab(Optional<Path> cwd, Optional<String> title) {
        UUID id = UUID.fromString("11111111-2222-4333-8444-555555555555");
        return answer("new-tab " + cwd.map(Path::toString).orElse("-") + " " + title.orElse("-"), null, none -> {
            tabs.add(new TabInfo(id, title.orElse("bash"), cwd.map(Path::toString).orElse(null), 5000L, "bash",
                    false, false, null));
            return id;
        });
    }

    @Override
    public CompletableFuture<Void> select(UUID panelId) {
        return answer("select " + panelId, panelId, tab -> null);
    }

    @Override
    public CompletableFuture<CloseOutcome> close(UUID panelId, boolean force) {
        return answer("close " + panelId + (force ? " force" : ""), panelId, tab -> {
            String command = running.get(panelId);
            if (command != null && !force) {
                return new CloseOutcome.NeedsConfirmation(command);
            }
            tabs.remove(tab);
            return new CloseOutcome.Closed();
        });
    }

    @Override
    public CompletableFuture<Void> sendText(UUID panelId, String text) {
        return answer("send-text " + panelId + " " + text, panelId, tab -> null);
    }

    @Override
    public CompletableFuture<Void> sendKeys(UUID panelId, List<NamedKey> keys) {
        String names = keys.stream().map(NamedKey::name).collect(Collectors.joining(" "));
        return answer("send-keys " + panelId + " " + names, panelId, tab -> null);
    }

    @Override
    public CompletableFuture<String> read(UUID panelId, ReadOptions options) {
        return answer("read " + panelId, panelId, tab -> "screen of " + tab.title()
                + (options.scrollback() ? " with history" : "")
                + (options.lines().isPresent() ? ", last " + options.lines().getAsInt() : "")
                + (options.ansi() ? ", \u001b[31mred\u001b[0m" : "")
                + (options.rows() ? ", as rows" : "") + "\n$ ");
    }

    @Override
    public CompletableFuture<Void> clearScrollback(UUID panelId) {
        return answer("clear-scrollback " + panelId, panelId, tab -> null);
    }

    @Override
    public CompletableFuture<Void> reset(UUID panelId, boolean clearScrollback) {
        return answer("reset " + panelId + (clearScrollback ? " clear" : ""), panelId, tab -> null);
    }

    @Override
    public CompletableFuture<ConversationReport> conversation(UUID panelId) {
        return answer("conversation " + panelId, panelId, tab -> conversations.getOrDefault(panelId,
                new ConversationReport(panelId, null, null, null, null, List.of(), 0)));
    }

    @Override
    public CompletableFuture<ReportOutcome> agentSession(UUID panelId, AgentReport report) {
        return answer("agent-session " + panelId + " " + report.agent() + " " + report.sessionId() + " "
                + report.source() + " " + report.transcript().map(Path::toString).orElse("-") + " "
                + report.ancestry().stream().map(Reporter::format).collect(Collectors.joining(",")), panelId,
                tab -> new ReportOutcome(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, "session " + report.sessionId()
                        + " is shown once its transcript is written"));
    }

    @Override
    public CompletableFuture<CheckpointNowResult> checkpointNow() {
        return answer("checkpoint-now", null, none -> new CheckpointNowResult(3, 2, 1, 0, "completed", 12));
    }

    @Override
    public CompletableFuture<Map<String, Object>> stats() {
        return answer("stats", null, none -> Map.of(
                "checkpoints", Map.of("count", 7),
                "fxStalls", List.of(Map.of("overMillis", 50, "count", 2))));
    }

    @Override
    public CompletableFuture<Void> quit() {
        return answer("quit", null, none -> null);
    }
}
