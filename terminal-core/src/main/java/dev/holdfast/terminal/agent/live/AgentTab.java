package dev.holdfast.terminal.agent.live;

import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.PrimaryBuffers;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A tab as {@link LiveConversations} watches it.
 *
 * @param panelId the tab's pane
 * @param shellPid its shell, once started
 * @param environment what its shell was started with
 * @param screen its text
 * @param outputGeneration how much output it has read so far (any change means output arrived)
 */
public record AgentTab(UUID panelId, Supplier<OptionalLong> shellPid, Map<String, String> environment, TabScreen screen,
                       LongSupplier outputGeneration) {
    public AgentTab {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(shellPid, "shellPid");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(outputGeneration, "outputGeneration");
    }

    /** A terminal session's tab. */
    public static AgentTab of(TerminalSession session, PrimaryBuffers primary) {
        return new AgentTab(session.spec().panelId(), session::shellPid, session.spec().baseEnvironment(),
                new SessionScreen(session, primary), session.generation()::read);
    }
}
