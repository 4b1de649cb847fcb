package dev.holdfast.terminal.agent.claude;

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
 * One Claude Code session's conversation, followed live: each {@link #read} parses what Claude appended to the
 * transcript since the last one; a rewritten transcript is read again from its start. Used by one thread.
 */
public final class ClaudeConversation {
    private final String sessionId;
    private final Path transcript;
    private final ConversationBuilder builder;
    private final ClaudeTranscriptParser parser;
    private final TranscriptFile file;
    private Conversation last;
    private Optional<String> lastTitle = Optional.empty();

    public ClaudeConversation(String sessionId, Path transcript, ObjectMapper json, ConversationLimits limits,
            TranscriptLimits transcriptLimits) {
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        this.transcript = Objects.requireNonNull(transcript, "transcript");
        this.builder = new ConversationBuilder(limits);
        this.parser = new ClaudeTranscriptParser(json, builder, builder::reset);
        this.file = TranscriptFile.fromStart(transcript, transcriptLimits);
    }

    public String sessionId() {
        return sessionId;
    }

    public Path transcript() {
        return transcript;
    }

    /**
     * Reads one step of what is new (at most {@link TranscriptLimits#maxBytesPerRead()}).
     *
     * @return whether more is waiting; empty when the transcript does not exist (yet)
     * @throws IOException when it cannot be read
     */
    public Optional<Boolean> read() throws IOException {
        TranscriptFile.ReadResult result = file.read(parser);
        if (result.change() == TranscriptFile.Change.MISSING) {
            return Optional.empty();
        }
        return Optional.of(result.more());
    }

    /** The conversation as read so far, titled as the transcript says; the same copy while nothing changed. */
    public Conversation snapshot() {
        Optional<String> title = parser.title();
        if (last == null || last.revision() != builder.revision() || !lastTitle.equals(title)) {
            last = builder.snapshot(title);
            lastTitle = title;
        }
        return last;
    }
}
