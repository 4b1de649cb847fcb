package dev.holdfast.terminal.agent.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptEvidenceTest {
    @TempDir
    Path dir;

    /** A transcript format of two kinds of lines: {@code U <text>} a user turn, {@code A <text>} an answer. */
    private static TranscriptFile.LineHandler lines(ConversationEvents events, Runnable onRestart) {
        return new TranscriptFile.LineHandler() {
            @Override
            public void line(byte[] bytes, int length) {
                String line = new String(bytes, 0, length, StandardCharsets.UTF_8);
                if (line.startsWith("U ")) {
                    events.userTurn(Optional.empty(), line.substring(2));
                } else if (line.startsWith("A ")) {
                    events.answer(Optional.empty(), line.substring(2), ConversationEvents.Provenance.PRIMARY);
                }
            }

            @Override
            public void oversized(long length) {
            }

            @Override
            public void restart() {
                onRestart.run();
            }
        };
    }

    private final TranscriptEvidence evidence = new TranscriptEvidence(TranscriptEvidenceTest::lines,
            BindingSettings.DEFAULTS, TranscriptLimits.DEFAULTS);

    @Test
    void aTranscriptNotWrittenYetHasNoEvidence() {
        assertEquals(Optional.empty(), evidence.of("t1", dir.resolve("missing.jsonl")));
    }

    @Test
    void aLongTranscriptsFirstMessageComesFromItsHeadAndItsNewAnswersFromWhatIsAppended() throws Exception {
        Path file = dir.resolve("long.jsonl");
        String answer = "The build failed because the linker could not find libfoo; install it and run again.";
        StringBuilder text = new StringBuilder("U please find out why the nightly build of the project fails\n");
        String filler = "x".repeat(1_000) + "\n";
        while (text.length() < TranscriptEvidence.TAIL_BYTES + 100_000) {
            text.append(filler);
        }
        text.append("A ").append(answer).append('\n');
        Files.writeString(file, text);

        ThreadEvidence first = evidence.of("t1", file).orElseThrow();
        assertEquals(Optional.of(DisplayText.reduce("please find out why the nightly build of the project fails")),
                first.reducedFirstMessage());
        assertEquals(1, first.reducedAnswers().size());

        String next = "Installed libfoo-dev and the build passes now; the nightly job will pick it up tonight.";
        Files.writeString(file, "A " + next + "\n", StandardOpenOption.APPEND);
        ThreadEvidence later = evidence.of("t1", file).orElseThrow();
        assertEquals(2, later.reducedAnswers().size());
        assertTrue(later.reducedAnswers().get(1).contains(DisplayText.reduce("nightly job")), later.toString());
        assertEquals(first.reducedFirstMessage(), later.reducedFirstMessage(), "the head is not read again");
    }
}
