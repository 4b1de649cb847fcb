package dev.holdfast.terminal.agent.codex;

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
 * The answers of the rollouts a binding looks at, read incrementally and remembered between rounds: each
 * rollout is read from its last {@link #TAIL_BYTES} once, then only what Codex appends. A rollout can reach
 * hundreds of MB while only its newest answers can be on screen. Used by one thread.
 */
public final class CodexRollouts implements CodexEvidence {
    private static final Logger LOG = LoggerFactory.getLogger(CodexRollouts.class);
    /** How much of a rollout's end is read for its newest answers. */
    static final long TAIL_BYTES = 1024 * 1024;
    /** How much of a rollout's start is read for its first message, when its tail did not hold it. */
    static final long HEAD_BYTES = 256 * 1024;
    /** Rollouts remembered: the 32 candidates of a few directories. */
    static final int CACHED_ROLLOUTS = 128;

    private final ObjectMapper json;
    private final BindingSettings settings;
    private final TranscriptLimits limits;
    private final LinkedHashMap<Path, Rollout> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Rollout> eldest) {
            return size() > CACHED_ROLLOUTS;
        }
    };

    public CodexRollouts(ObjectMapper json, BindingSettings settings, TranscriptLimits limits) {
        this.json = Objects.requireNonNull(json, "json");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    @Override
    public Optional<ThreadEvidence> of(CodexThread thread) {
        Optional<Path> file = CodexHome.rolloutFile(thread.rolloutPath());
        if (file.isEmpty()) {
            return Optional.empty();
        }
        Rollout rollout = cache.computeIfAbsent(file.get(), f -> new Rollout(thread.id(), f));
        try {
            return Optional.of(rollout.evidence());
        } catch (IOException | RuntimeException e) {
            LOG.debug("Rollout {} of thread {} could not be read: {}", file.get(), thread.id(), e.toString());
            cache.remove(file.get());
            return Optional.empty();
        }
    }

    private final class Rollout {
        private final String threadId;
        private final Path file;
        private final AnswerCollector collector = new AnswerCollector(settings.answersPerThread());
        private final TranscriptFile tail;
        private final CodexRolloutParser parser;
        private Optional<String> headFirstMessage = Optional.empty();
        private boolean headRead;
        private ThreadEvidence evidence;
        private long evidenceAt = -1;
        private Optional<String> evidenceFirst = Optional.empty();

        Rollout(String threadId, Path file) {
            this.threadId = threadId;
            this.file = file;
            this.tail = TranscriptFile.fromTail(file, TAIL_BYTES, limits);
            this.parser = new CodexRolloutParser(json, collector, collector::reset);
        }

        ThreadEvidence evidence() throws IOException {
            TranscriptFile.ReadResult result;
            do {
                result = tail.read(parser);
            } while (result.more());
            if (result.change() == TranscriptFile.Change.REWRITTEN) {
                headRead = false;
            }
            Optional<String> first = firstMessage();
            if (evidence == null || evidenceAt != collector.changes() || !first.equals(evidenceFirst)) {
                evidence = ThreadEvidence.of(threadId, collector.answers(), first, settings);
                evidenceAt = collector.changes();
                evidenceFirst = first;
            }
            return evidence;
        }

        /** The first user message: the tail's when the tail began at the file's start, else read from the head. */
        private Optional<String> firstMessage() throws IOException {
            if (!headRead) {
                headRead = true;
                AnswerCollector head = new AnswerCollector(1);
                TranscriptFile start = TranscriptFile.fromStart(file,
                        new TranscriptLimits(limits.maxLineBytes(), HEAD_BYTES));
                start.read(new CodexRolloutParser(json, head, head::reset));
                headFirstMessage = head.firstUserMessage();
            }
            return headFirstMessage.or(collector::firstUserMessage);
        }
    }
}
