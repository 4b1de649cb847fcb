package dev.holdfast.terminal.agent.codex;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ConversationBuilder;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One Codex thread's conversation, followed live: each {@link #read} parses what Codex appended to the rollout
 * since the last one; a rewritten rollout is read again from its start. Used by one thread.
 */
public final class CodexConversation {
    private final String threadId;
    private final Path rolloutPath;
    private final TranscriptLimits transcriptLimits;
    private final ConversationBuilder builder;
    private final CodexRolloutParser parser;
    private TranscriptFile file;
    private Conversation last;

    public CodexConversation(String threadId, Path rolloutPath, ObjectMapper json, ConversationLimits limits,
            TranscriptLimits transcriptLimits) {
        this.threadId = Objects.requireNonNull(threadId, "threadId");
        this.rolloutPath = Objects.requireNonNull(rolloutPath, "rolloutPath");
        this.transcriptLimits = Objects.requireNonNull(transcriptLimits, "transcriptLimits");
        this.builder = new ConversationBuilder(limits);
        this.parser = new CodexRolloutParser(json, builder, builder::reset);
    }

    public String threadId() {
        return threadId;
    }

    /**
     * Reads one step of what is new (at most {@link TranscriptLimits#maxBytesPerRead()}).
     *
     * @return whether more is waiting; empty when the rollout does not exist (yet)
     * @throws IOException when the rollout cannot be read
     */
    public Optional<Boolean> read() throws IOException {
        Optional<Path> actual = CodexHome.rolloutFile(rolloutPath);
        if (actual.isEmpty()) {
            return Optional.empty();
        }
        if (file == null || !file.path().equals(actual.get())) {
            // First read, or Codex compressed (or uncompressed) the file: read the new one from its start.
            if (file != null) {
                builder.reset();
            }
            file = TranscriptFile.fromStart(actual.get(), transcriptLimits);
        }
        TranscriptFile.ReadResult result = file.read(parser);
        if (result.change() == TranscriptFile.Change.MISSING) {
            return Optional.empty();
        }
        return Optional.of(result.more());
    }

    /** The conversation as read so far; the same copy while nothing changed. */
    public Conversation snapshot(Optional<String> title) {
        if (last == null || last.revision() != builder.revision() || !last.title().equals(title)) {
            last = builder.snapshot(title);
        }
        return last;
    }

    public long revision() {
        return builder.revision();
    }
}
