package dev.holdfast.terminal.agent.codex;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The threads Codex knows, as the binding asks about them. {@link CodexThreadStore} reads them from the state
 * database; tests give them from memory. A read that fails throws {@link CodexStoreException}.
 */
public interface CodexThreads {

    Optional<CodexThread> byId(String id);

    /** The interactive threads of one directory (any of {@code cwds}, spellings of it), most recently updated first. */
    List<CodexThread> newestInteractive(Set<String> cwds, int limit);

    /** Every unarchived thread of the directory that began at or after {@code since}, of any source. */
    List<CodexThread> begunSince(Set<String> cwds, Instant since);
}
