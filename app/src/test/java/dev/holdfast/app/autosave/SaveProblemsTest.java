package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SaveProblemsTest {

    private final SaveProblems problems = new SaveProblems();

    @Test
    void aFailingWriteIsToldOnceAndTakenAwayWhenItWorksAgain() {
        SaveProblems.Show shown = assertInstanceOf(SaveProblems.Show.class,
                problems.failed(SaveProblems.Write.CHECKPOINTS, "No space left on device"));
        assertTrue(shown.text().contains("No space left on device"), shown.text());
        for (int i = 0; i < 36; i++) {
            assertInstanceOf(SaveProblems.Unchanged.class,
                    problems.failed(SaveProblems.Write.CHECKPOINTS, "No space left on device"));
        }

        assertEquals(new SaveProblems.Clear(shown.key()), problems.succeeded(SaveProblems.Write.CHECKPOINTS));
        assertInstanceOf(SaveProblems.Unchanged.class, problems.succeeded(SaveProblems.Write.CHECKPOINTS));
        assertInstanceOf(SaveProblems.Show.class, problems.failed(SaveProblems.Write.CHECKPOINTS, "again"),
                "a new streak is told again");
    }

    @Test
    void eachKindOfWriteHasItsOwnNotice() {
        SaveProblems.Show session = (SaveProblems.Show) problems.failed(SaveProblems.Write.SESSION, "x");
        SaveProblems.Show marker = (SaveProblems.Show) problems.failed(SaveProblems.Write.LAUNCH_MARKER, "x");

        assertTrue(!session.key().equals(marker.key()));
        assertEquals(new SaveProblems.Clear(session.key()), problems.succeeded(SaveProblems.Write.SESSION));
        assertTrue(problems.isFailing(SaveProblems.Write.LAUNCH_MARKER));
    }
}
