package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The running Holdfast as the control socket sees it. The application implements it; this package never touches
 * the UI itself.
 *
 * <p>Every method is called on a control connection thread, never on the FX thread, and must return at once: an
 * implementation hops to the FX thread for its UI part ({@code Platform.runLater}) and completes the future there
 * or on an executor. The server waits for the future with a per-command timeout, so a busy FX thread delays an
 * answer but never blocks the server, and the FX thread never waits for the socket.
 *
 * <p>Panel ids arrive resolved: the server has already turned a unique prefix into a full id. A tab can still
 * close in between, so every method that takes a panel id completes with
 * {@link ControlException#panelNotFound(Object)} when the tab is gone. A future completed with another
 * {@link ControlException} answers with its code; any other failure is answered as {@link ErrorCode#INTERNAL}.
 */
public interface ControlTarget {

    /** The window's tabs, in tab-strip order. */
    CompletableFuture<List<TabInfo>> listTabs();

    /** Every tab's card, in the sidebar's order (its sort; the Recent filter left out, each card says if it is). */
    CompletableFuture<List<CardInfo>> cards();

    /**
     * Opens a tab with a login shell.
     *
     * @param cwd   an existing absolute directory to start in, or empty for the app's default
     * @param title a fixed title for the tab, or empty to let the shell set it
     * @return the new tab's panel id
     */
    CompletableFuture<UUID> newTab(Optional<Path> cwd, Optional<String> title);

    /** Makes a tab the selected one. */
    CompletableFuture<Void> select(UUID panelId);

    /**
     * Closes a tab. Without {@code force} a tab running a command (as the window's own close would ask about)
     * stays open and the answer is {@link CloseOutcome.NeedsConfirmation}.
     */
    CompletableFuture<CloseOutcome> close(UUID panelId, boolean force);

    /** Writes text to the tab's shell as typed input (UTF-8, no bracketed paste, nothing added). */
    CompletableFuture<Void> sendText(UUID panelId, String text);

    /**
     * Presses keys in the tab, in order: the bytes come from {@link NamedKey#encodeAll} with the terminal's
     * keyboard modes at that moment (so {@code Up} honours application cursor mode) and go the
     * same way as typed input.
     */
    CompletableFuture<Void> sendKeys(UUID panelId, List<NamedKey> keys);

    /** The tab's text, as the options ask: the screen, or history and screen; plain or with SGR sequences. */
    CompletableFuture<String> read(UUID panelId, ReadOptions options);

    /**
     * Empties the tab's scrollback as its menu's Clear Scrollback does; completes once the history is gone from the
     * model and the checkpoint that rewrites the tab's record on disk has ended.
     */
    CompletableFuture<Void> clearScrollback(UUID panelId);

    /**
     * Resets the tab's terminal as its menu's Reset does, or with {@code clearScrollback} as Reset and Clear does;
     * completes once the model is reset (and, clearing, the tab's record on disk rewritten).
     */
    CompletableFuture<Void> reset(UUID panelId, boolean clearScrollback);

    /**
     * The tab's agent conversation, resolved now: which one it is and why (or why Holdfast cannot tell), and its
     * turns when it is known.
     */
    CompletableFuture<ConversationReport> conversation(UUID panelId);

    /**
     * An agent's report of its session in the tab ({@code holdfast ctl agent-session}, from its session-start hook):
     * judged by the reporter's ancestry and the transcript it names, and used or refused; the outcome says which.
     */
    CompletableFuture<ReportOutcome> agentSession(UUID panelId, AgentReport report);

    /** Runs a scrollback checkpoint now, ignoring the interval and typing-quiet but keeping every other bound. */
    CompletableFuture<CheckpointNowResult> checkpointNow();

    /**
     * Counters for people tuning Holdfast: checkpoint counts and timings, the FX-thread stall histogram,
     * per-terminal output generations, memory. Values are anything Jackson writes: numbers, strings, booleans,
     * lists, maps and records.
     */
    CompletableFuture<Map<String, Object>> stats();

    /**
     * Starts a clean quit without asking about running commands (the caller asked to quit; scripts have no one to
     * answer a dialog) and completes once it has begun, so the answer can reach the client before the server is
     * stopped.
     */
    CompletableFuture<Void> quit();
}
