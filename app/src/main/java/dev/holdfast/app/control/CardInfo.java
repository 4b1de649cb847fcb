package dev.holdfast.app.control;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One tab's card as {@code cards} reports it, in the sidebar's order.
 *
 * @param state {@code working}, {@code waiting}, {@code idle}, {@code exited}, or {@code starting} before the first look
 * @param stateSince when the tab entered its state, or null before the first look
 * @param lastActivityAt when its visible screen last really changed, or null before the first look
 * @param updated "updated 3 min ago", as the sidebar says it now
 * @param recent whether the sidebar's Recent filter keeps it (its state changed within the last 60 min)
 * @param question what the tab asks while waiting, else null
 * @param lastCommand the last command the shell reported, or null
 * @param lastCommandExit its exit status, or null
 * @param lastCommandMillis how long it ran, or null
 * @param log the tail of its activity log, oldest first, as the sidebar shows it
 */
public record CardInfo(UUID panelId, String title, String directory, String program, String state, Instant stateSince,
                       Instant lastActivityAt, String updated, boolean recent, String question, String lastCommand,
                       Integer lastCommandExit, Long lastCommandMillis, List<String> log) {
    public CardInfo {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(state, "state");
        log = List.copyOf(log);
    }
}
