package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A control target that exists before the window does, so the socket can be bound at the very start of a launch
 * (while the window is built and the tabs are restored) instead of after it: a request that arrives before
 * {@link #attach} waits for the real target, within the server's command timeout, rather than finding no socket.
 */
public final class DeferredTarget implements ControlTarget {
    private final CompletableFuture<ControlTarget> target = new CompletableFuture<>();

    /** Hands over the real target; requests waiting for it go on at once. Once. */
    public void attach(ControlTarget real) {
        if (!target.complete(Objects.requireNonNull(real, "real"))) {
            throw new IllegalStateException("the control target is attached once");
        }
    }

    private <T> CompletableFuture<T> then(Function<ControlTarget, CompletableFuture<T>> call) {
        return target.thenCompose(call);
    }

    @Override
    public CompletableFuture<List<TabInfo>> listTabs() {
        return then(ControlTarget::listTabs);
    }

    @Override
    public CompletableFuture<UUID> newTab(Optional<Path> cwd, Optional<String> title) {
        return then(t -> t.newTab(cwd, title));
    }

    @Override
    public CompletableFuture<Void> select(UUID panelId) {
        return then(t -> t.select(panelId));
    }

    @Override
    public CompletableFuture<CloseOutcome> close(UUID panelId, boolean force) {
        return then(t -> t.close(panelId, force));
    }

    @Override
    public CompletableFuture<Void> sendText(UUID panelId, String text) {
        return then(t -> t.sendText(panelId, text));
    }

    @Override
    public CompletableFuture<Void> sendKeys(UUID panelId, List<NamedKey> keys) {
        return then(t -> t.sendKeys(panelId, keys));
    }

    @Override
    public CompletableFuture<String> read(UUID panelId, ReadOptions options) {
        return then(t -> t.read(panelId, options));
    }

    @Override
    public CompletableFuture<Void> clearScrollback(UUID panelId) {
        return then(t -> t.clearScrollback(panelId));
    }

    @Override
    public CompletableFuture<Void> reset(UUID panelId, boolean clearScrollback) {
        return then(t -> t.reset(panelId, clearScrollback));
    }

    @Override
    public CompletableFuture<ConversationReport> conversation(UUID panelId) {
        return then(t -> t.conversation(panelId));
    }

    @Override
    public CompletableFuture<ReportOutcome> agentSession(UUID panelId, AgentReport report) {
        return then(t -> t.agentSession(panelId, report));
    }

    @Override
    public CompletableFuture<CheckpointNowResult> checkpointNow() {
        return then(ControlTarget::checkpointNow);
    }

    @Override
    public CompletableFuture<List<CardInfo>> cards() {
        return then(ControlTarget::cards);
    }

    @Override
    public CompletableFuture<Map<String, Object>> stats() {
        return then(ControlTarget::stats);
    }

    @Override
    public CompletableFuture<Void> quit() {
        return then(ControlTarget::quit);
    }
}
