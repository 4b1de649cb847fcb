package dev.holdfast.terminal.agent.binding;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
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
 * The answers of the transcripts (Codex rollouts, Claude Code transcripts) a binding looks at, read incrementally
 * and remembered between rounds: each is read from its last {@link #TAIL_BYTES} once, then only what the agent
 * appends, and its first message from its head. A transcript can reach hundreds of MB while only its newest
 * answers can be on screen. Used by one thread.
 */
public final class TranscriptEvidence {
    private static final Logger LOG = LoggerFactory.getLogger(TranscriptEvidence.class);
    /** How much of a transcript's end is read for its newest answers. */
    static final long TAIL_BYTES = 1024 * 1024;
    /** How much of its start is read for its first message, when its tail did not hold it. */
    static final long HEAD_BYTES = 256 * 1024;
    /** Transcripts remembered: the candidates of a few directories. */
    static final int CACHED_TRANSCRIPTS = 128;

    /** Makes the agent's parser of its transcript format, telling {@code events}; {@code onRestart} on a rewrite. */
    @FunctionalInterface
    public interface Parsers {
        TranscriptFile.LineHandler parser(ConversationEvents events, Runnable onRestart);
    }

    private final Parsers parsers;
    private final BindingSettings settings;
    private final TranscriptLimits limits;
    private final LinkedHashMap<Path, Followed> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Followed> eldest) {
            return size() > CACHED_TRANSCRIPTS;
        }
    };

    public TranscriptEvidence(Parsers parsers, BindingSettings settings, TranscriptLimits limits) {
        this.parsers = Objects.requireNonNull(parsers, "parsers");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** The evidence of conversation {@code id}, kept in {@code file}; empty when the file is gone or unreadable. */
    public Optional<ThreadEvidence> of(String id, Path file) {
        Followed followed = cache.computeIfAbsent(file, f -> new Followed(id, f));
        try {
            return followed.evidence();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Transcript {} of {} could not be read: {}", file, id, e.toString());
            cache.remove(file);
            return Optional.empty();
        }
    }

    private final class Followed {
        private final String id;
        private final Path file;
        private final TranscriptAnswers answers = new TranscriptAnswers(settings.answersPerThread());
        private final TranscriptFile tail;
        private final TranscriptFile.LineHandler parser;
        private Optional<String> headFirstMessage = Optional.empty();
        private boolean headRead;
        private ThreadEvidence evidence;
        private long evidenceAt = -1;
        private Optional<String> evidenceFirst = Optional.empty();

        Followed(String id, Path file) {
            this.id = id;
            this.file = file;
            this.tail = TranscriptFile.fromTail(file, TAIL_BYTES, limits);
            this.parser = parsers.parser(answers, answers::reset);
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
            Optional<String> first = firstMessage();
            if (evidence == null || evidenceAt != answers.changes() || !first.equals(evidenceFirst)) {
                evidence = ThreadEvidence.of(id, answers.answers(), first, settings);
                evidenceAt = answers.changes();
                evidenceFirst = first;
            }
            return Optional.of(evidence);
        }

        /**
         * The first user message: the tail's when the tail began at the file's start (it then also sees what is
         * appended), else read once from the head, and again after a rewrite.
         */
        private Optional<String> firstMessage() throws IOException {
            if (!headRead) {
                headRead = true;
                TranscriptAnswers head = new TranscriptAnswers(1);
                TranscriptFile.fromStart(file, new TranscriptLimits(limits.maxLineBytes(), HEAD_BYTES))
                        .read(parsers.parser(head, head::reset));
                headFirstMessage = head.firstUserMessage();
            }
            return headFirstMessage.or(answers::firstUserMessage);
        }
    }
}
