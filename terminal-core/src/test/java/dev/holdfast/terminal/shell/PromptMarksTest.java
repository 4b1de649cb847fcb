package dev.holdfast.terminal.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.scrollback.HeadlessModel;
import dev.holdfast.terminal.scrollback.RingLinesBuffer;
import dev.holdfast.terminal.stream.ShellMark;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Prompt rows stay on their prompts as they scroll into the history, and leave with the lines evicted from it. */
class PromptMarksTest {

    /** Prints {@code count} prompts, each followed by one line of output, marking each prompt as a shell would. */
    private static PromptMarks prompts(HeadlessModel model, int count) {
        PromptMarks marks = new PromptMarks(model.terminal(), model.buffer(), new ManualClock(Instant.EPOCH));
        for (int i = 0; i < count; i++) {
            marks.shellMark(new ShellMark.PromptStarted());
            model.feed("$ echo " + i + "\r\n" + i + "\r\n");
        }
        return marks;
    }

    private static List<Integer> rows(HeadlessModel model, PromptMarks marks) {
        model.buffer().lock();
        try {
            return marks.promptRows();
        } finally {
            model.buffer().unlock();
        }
    }

    private static String lineText(HeadlessModel model, int row) {
        model.buffer().lock();
        try {
            return model.buffer().getLine(row).getText();
        } finally {
            model.buffer().unlock();
        }
    }

    @Test
    void promptsKeepTheirRowsAsTheyScrollIntoTheHistory() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 100);
        PromptMarks marks = prompts(model, 8);
        List<Integer> rows = rows(model, marks);
        assertEquals(8, rows.size(), rows.toString());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals("$ echo " + i, lineText(model, rows.get(i)), "row " + rows.get(i));
        }
        assertTrue(rows.get(0) < 0, "the first prompts are in the history now: " + rows);
        model.buffer().lock();
        try {
            int last = rows.get(rows.size() - 1);
            assertEquals(OptionalInt.of(rows.get(rows.size() - 2)), marks.previousPrompt(last));
            assertEquals(OptionalInt.of(last), marks.nextPrompt(rows.get(rows.size() - 2)));
            assertEquals(OptionalInt.empty(), marks.previousPrompt(rows.get(0)));
            assertEquals(OptionalInt.empty(), marks.nextPrompt(last));
        } finally {
            model.buffer().unlock();
        }
    }

    @Test
    void aPromptFarUpAPackedHistoryIsFoundWithoutUnpackingIt() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 10_000);
        PromptMarks marks = prompts(model, 1);
        StringBuilder output = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            output.append("output line ").append(i).append("\r\n");
        }
        model.feed(output.toString());
        RingLinesBuffer history = (RingLinesBuffer) model.buffer().getHistoryBuffer();
        model.buffer().lock();
        try {
            OptionalInt prompt = marks.previousPrompt(0);
            assertTrue(prompt.isPresent(), "the prompt kept its mark while its line went into the packed history");
            assertEquals("$ echo 0", model.buffer().getLine(prompt.getAsInt()).getText());
            assertTrue(history.packedLines() >= history.getLineCount() - 1,
                    "the search unpacked nothing: " + history.packedLines() + " of " + history.getLineCount());
        } finally {
            model.buffer().unlock();
        }
    }

    @Test
    void promptsEvictedFromTheHistoryAreGone() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 10);
        PromptMarks marks = prompts(model, 20);
        List<Integer> rows = rows(model, marks);
        assertEquals(7, rows.size(), "only the prompts still in the 10 history lines and 6 screen rows: " + rows);
        assertEquals("$ echo 13", lineText(model, rows.get(0)));
    }

    @Test
    void aPromptLineThatWasErasedNoLongerCounts() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 100);
        PromptMarks marks = prompts(model, 2);
        model.feed("\u001b[H\u001b[2K");
        List<Integer> rows = rows(model, marks);
        assertEquals(1, rows.size(), rows.toString());
    }
}
