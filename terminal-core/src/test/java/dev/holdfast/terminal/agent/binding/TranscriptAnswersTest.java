package dev.holdfast.terminal.agent.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TranscriptAnswersTest {
    private static final Optional<Instant> NOW = Optional.empty();

    @Test
    void anAnswerLoggedTwiceInARowIsKeptOnceAndTheNewestFewAreKept() {
        TranscriptAnswers answers = new TranscriptAnswers(2);
        answers.userTurn(NOW, "first question");
        answers.userTurn(NOW, "second question");
        answers.answer(NOW, "one", ConversationEvents.Provenance.PRIMARY);
        answers.answer(NOW, "one", ConversationEvents.Provenance.FALLBACK);
        answers.answer(NOW, "two", ConversationEvents.Provenance.PRIMARY);
        answers.answer(NOW, "three", ConversationEvents.Provenance.PRIMARY);
        assertEquals(List.of("two", "three"), answers.answers());
        assertEquals(Optional.of("first question"), answers.firstUserMessage());
    }

    @Test
    void theTextBlocksOfOneMessageAreJoinedAsTheScreenShowsThem() {
        TranscriptAnswers answers = new TranscriptAnswers(4);
        answers.answerBlock(NOW, "msg_1", "Let me look.");
        answers.answerBlock(NOW, "msg_1", "It is in main.");
        answers.answerBlock(NOW, "msg_1", "It is in main.");
        answers.toolCall(NOW, "call", "Bash", "ls");
        answers.answerBlock(NOW, "msg_1", "After the tool.");
        answers.answerBlock(NOW, "msg_2", "Another message.");
        assertEquals(List.of("Let me look.\n\nIt is in main.", "After the tool.", "Another message."),
                answers.answers());
    }

    @Test
    void aRestartForgetsEverything() {
        TranscriptAnswers answers = new TranscriptAnswers(4);
        answers.userTurn(NOW, "question");
        answers.answer(NOW, "answer", ConversationEvents.Provenance.PRIMARY);
        long before = answers.changes();
        answers.reset();
        assertEquals(List.of(), answers.answers());
        assertEquals(Optional.empty(), answers.firstUserMessage());
        assertEquals(before + 1, answers.changes());
    }
}
