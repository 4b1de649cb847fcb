package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answers of the transcripts a binding looks at, read incrementally and remembered between rounds: each is
 * read from its last {@link #TAIL_BYTES} once, then only what Claude appends, and its first message from its
 * head. Used by one thread.
 */
public final class ClaudeTranscriptEvidence implements ClaudeEvidence {
    private static final Logger LOG = LoggerFactory.getLogger(ClaudeTranscriptEvidence.class);
    /** How much of a transcript's end is read for its newest answers. */
    static final long TAIL_BYTES = 1024 * 1024;
    /** How much of its start is read for its first message. */
    static final long HEAD_BYTES = 256 * 1024;
    /** Transcripts remembered: the candidates of a few directories. */
    static final int CACHED_TRANSCRIPTS = 128;

    private final ObjectMapper json;
    private final BindingSettings settings;
    private final TranscriptLimits limits;
    private final LinkedHashMap<Path, Followed> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Followed> eldest) {
            return size() > CACHED_TRANSCRIPTS;
        }
    };

    public ClaudeTranscriptEvidence(ObjectMapper json, BindingSettings settings, TranscriptLimits limits) {
        this.json = Objects.requireNonNull(json, "json");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public Optional<ThreadEvidence> of(ClaudeTranscript transcript) {
        Followed followed = cache.computeIfAbsent(transcript.path(), p -> new Followed(transcript.sessionId(), p));
        try {
            return followed.evidence();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Transcript {} could not be read: {}", transcript.path(), e.toString());
            cache.remove(transcript.path());
            return Optional.empty();
        }
    }

    private final class Followed {
        private final String sessionId;
        private final Path file;
        private final AnswerBlocks answers = new AnswerBlocks(settings.answersPerThread());
        private final TranscriptFile tail;
        private final ClaudeTranscriptParser parser;
        private Optional<String> headFirstMessage = Optional.empty();
        private boolean headRead;
        private ThreadEvidence evidence;
        private long evidenceAt = -1;
        private Optional<String> evidenceFirst = Optional.empty();

        Followed(String sessionId, Path file) {
            this.sessionId = sessionId;
            this.file = file;
            this.tail = TranscriptFile.fromTail(file, TAIL_BYTES, limits);
            this.parser = new ClaudeTranscriptParser(json, answers, answers::reset);
        }

        Optional<ThreadEvidence> evidence() throws IOException {
            TranscriptFile.ReadResult result;
            do {
                result = tail.read(parser);
            } while (result.more());
            if (result.change() == TranscriptFile.Change.MISSING) {
                return Optional.empty();
            }
            if (result.change() == TranscriptFile.Change.REWRITTEN) {
                headRead = false;
            }
            if (!headRead || headFirstMessage.isEmpty() && answers.firstUserMessage().isEmpty()) {
                headRead = true;
                AnswerBlocks head = new AnswerBlocks(1);
                TranscriptFile.fromStart(file, new TranscriptLimits(limits.maxLineBytes(), HEAD_BYTES))
                        .read(new ClaudeTranscriptParser(json, head, head::reset));
                headFirstMessage = head.firstUserMessage();
            }
            Optional<String> first = headFirstMessage.or(answers::firstUserMessage);
            if (evidence == null || evidenceAt != answers.changes() || !first.equals(evidenceFirst)) {
                evidence = ThreadEvidence.of(sessionId, answers.answers(), first, settings);
                evidenceAt = answers.changes();
                evidenceFirst = first;
            }
            return Optional.of(evidence);
        }
    }
}
