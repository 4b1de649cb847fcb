package dev.holdfast.terminal.agent.claude;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The transcripts Claude Code wrote, as the binding asks about them. {@link ClaudeProjects} reads them from disk. */
public interface ClaudeTranscripts {

    /** The transcript of a session: {@code projects/<any dir>/<id>.jsonl}. */
    Optional<ClaudeTranscript> byId(String sessionId);

    /** Every transcript whose records say it ran in one of {@code cwds} (spellings of one directory), newest first. */
    List<ClaudeTranscript> ofDirectory(Set<String> cwds);
}
