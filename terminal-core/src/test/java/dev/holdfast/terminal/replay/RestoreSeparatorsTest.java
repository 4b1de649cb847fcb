package dev.holdfast.terminal.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RestoreSeparatorsTest {
    private static final String PROMPT = "\u001b[32muser@host\u001b[0m:~/src$ ";
    private static final String DIM = "\u001b[2m";
    private static final String RESET = "\u001b[0m";

    private static String separator(String label) {
        return DIM + "\u2500\u2500 " + label + " \u2500\u2500" + RESET;
    }

    @Test
    void aTabNobodyUsedSinceItsLastRestoreKeepsOneSeparatorThatSaysBoth() {
        String before = "make\r\nbuilt 3 targets\r\n" + PROMPT + "\r\n";
        String text = before + separator("restored Dec 4, 2026, 9:00 AM") + "\r\n" + PROMPT;

        RestoreSeparators.Restore restore = RestoreSeparators.collapse(text, "restored Dec 5, 2026, 9:00 AM", "");

        assertEquals(before, restore.text());
        assertEquals("restored Dec 4, 2026, 9:00 AM \u00b7 restored again Dec 5, 2026, 9:00 AM", restore.label());
    }

    @Test
    void aLaterRestoreOnTheDayOfTheFirstIsSaidByItsTimeAlone() {
        String text = "out\r\n$ \r\n" + separator("restored Dec 6, 2026, 9:00:00 AM") + "\r\n$ ";

        assertEquals("restored Dec 6, 2026, 9:00:00 AM \u00b7 restored again 9:40:00 AM from a checkpoint taken 3 s"
                + " before the crash", RestoreSeparators.collapse(text, "restored Dec 6, 2026, 9:40:00 AM from a"
                + " checkpoint taken 3 s before the crash", "Dec 6, 2026").label());
    }

    @Test
    void aRestoreOnAnotherDayKeepsItsDateAndCountsGoOnShort() {
        String yesterday = "out\r\n$ \r\n" + separator("restored Dec 5, 2026, 9:00:00 AM") + "\r\n$ ";
        assertEquals("restored Dec 5, 2026, 9:00:00 AM \u00b7 restored again Dec 6, 2026, 9:40:00 AM",
                RestoreSeparators.collapse(yesterday, "restored Dec 6, 2026, 9:40:00 AM", "Dec 6, 2026").label());

        String today = "out\r\n$ \r\n" + separator("restored Dec 6, 2026, 9:00:00 AM \u00b7 restored 2 more times,"
                + " last 9:20:00 AM") + "\r\n$ ";
        assertEquals("restored Dec 6, 2026, 9:00:00 AM \u00b7 restored 3 more times, last 9:40:00 AM",
                RestoreSeparators.collapse(today, "restored Dec 6, 2026, 9:40:00 AM", "Dec 6, 2026").label());
        assertEquals("restored Dec 6, 2026, 9:00:00 AM \u00b7 restored 3 more times, last Dec 6, 2026, 9:40:00 AM",
                RestoreSeparators.collapse(today, "restored Dec 6, 2026, 9:40:00 AM", "").label(),
                "without today's date every time stays whole");
    }

    @Test
    void aCrashLabelIsKeptFirstAndLaterRestoresAreCounted() {
        String before = "out\r\n$ \r\n";
        String text = before + separator("restored 9:00 from a checkpoint taken 3 s before the crash \u00b7 "
                + "restored 2 more times, last 9:02 from a checkpoint taken 1 s before the crash") + "\r\n$ ";

        RestoreSeparators.Restore restore = RestoreSeparators.collapse(text, "restored 9:03", "");

        assertEquals(before, restore.text());
        assertEquals("restored 9:00 from a checkpoint taken 3 s before the crash \u00b7 restored 3 more times, last 9:03",
                restore.label());
    }

    @Test
    void aStackLeftByEarlierLaunchesCollapsesWhole() {
        String before = "out\r\n$ \r\n";
        String text = before + separator("restored 1") + "\r\n$ \r\n" + separator("restored 2") + "\r\n$ \r\n"
                + separator("restored 3") + "\r\n$ ";

        RestoreSeparators.Restore restore = RestoreSeparators.collapse(text, "restored 4", "");

        assertEquals(before, restore.text());
        assertEquals("restored 1 \u00b7 restored 3 more times, last 4", restore.label());
    }

    @Test
    void aPromptOfTwoLinesDrawnAgainCountsAsNothingHappened() {
        String before = "out\r\n~/src on main\r\n\u276f \r\n";
        String text = before + separator("restored 1") + "\r\n~/src on main\r\n\u276f   ";

        assertEquals(new RestoreSeparators.Restore(before, "restored 1 \u00b7 restored again 2"),
                RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aSeparatorWithNothingYetBelowItIsMerged() {
        String before = "out\r\n$ \r\n";
        String text = before + separator("restored 1") + "\r\n";

        assertEquals(new RestoreSeparators.Restore(before, "restored 1 \u00b7 restored again 2"),
                RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aSeparatorBrokenOverLinesOnANarrowTabIsRecognised() {
        String before = "$ \r\n";
        String text = before + DIM + "\u2500\u2500 restored Dec 4, 2026," + RESET + "\r\n" + DIM + "9:00 AM \u2500\u2500"
                + RESET + "\r\n$ ";

        assertEquals(new RestoreSeparators.Restore(before, "restored Dec 4, 2026, 9:00 AM \u00b7 restored again 2"),
                RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aCommandRunAfterTheRestoreKeepsItsSeparator() {
        String text = "$ \r\n" + separator("restored 1") + "\r\n$ ls\r\nREADME.md\r\n$ ";

        assertEquals(new RestoreSeparators.Restore(text, "restored 2"), RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aCommandRunAgainWithTheSameOutputAsBeforeTheCrashKeepsItsSeparator() {
        String status = "$ git status\r\nOn branch main\r\n\r\nnothing to commit, working tree clean\r\n$ ";
        String text = status + "\r\n" + separator("restored 1") + "\r\n" + status;

        assertEquals(new RestoreSeparators.Restore(text, "restored 2"), RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aPromptOfThreeLinesIsTheLongestThatCountsAsAPrompt() {
        String prompt = "\r\n~/src on main\r\n\u276f ";
        String before = "out\r\n" + prompt + "\r\n";
        // A blank line, an information line and the prompt: three lines drawn again.
        String text = before + separator("restored 1") + "\r\n" + prompt;

        assertEquals(before, RestoreSeparators.collapse(text, "restored 2", "").text());
        String block = "x\r\n" + prompt;
        String four = "out\r\n" + block + "\r\n" + separator("restored 1") + "\r\n" + block;
        assertEquals(four, RestoreSeparators.collapse(four, "restored 2", "").text(), "four lines repeated are work");
    }

    @Test
    void aLineTypedButNotRunKeepsItsSeparator() {
        String text = "$ \r\n" + separator("restored 1") + "\r\n$ git push";

        assertEquals(new RestoreSeparators.Restore(text, "restored 2"), RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void aDifferentPromptKeepsItsSeparator() {
        String text = "[09:00] $ \r\n" + separator("restored 1") + "\r\n[09:05] $ ";

        assertEquals(new RestoreSeparators.Restore(text, "restored 2"), RestoreSeparators.collapse(text, "restored 2", ""));
    }

    @Test
    void onlyTheSeparatorsNothingHappenedAfterGo() {
        String kept = "$ \r\n" + separator("restored 1") + "\r\n$ ls\r\nREADME.md\r\n$ \r\n";
        String text = kept + separator("restored 2") + "\r\n$ ";

        assertEquals(new RestoreSeparators.Restore(kept, "restored 2 \u00b7 restored again 3"),
                RestoreSeparators.collapse(text, "restored 3", ""));
    }

    @Test
    void linesThatOnlyLookLikeASeparatorAreOutput() {
        String ruler = "$ \r\n\u2500\u2500 restored by the backup tool \u2500\u2500\r\n";
        String notOurs = "$ \r\n\u2500\u2500 section \u2500\u2500\r\n$ ";
        String unfinished = "$ \r\n\u2500\u2500 restored 1\r\n$ ";

        assertEquals(ruler + "$ ls", RestoreSeparators.collapse(ruler + "$ ls", "restored 2", "").text());
        assertEquals(notOurs, RestoreSeparators.collapse(notOurs, "restored 2", "").text());
        assertEquals(unfinished, RestoreSeparators.collapse(unfinished, "restored 2", "").text());
    }

    @Test
    void textWithoutASeparatorOrWithoutTextIsLeftAlone() {
        assertEquals(new RestoreSeparators.Restore("a\r\nb\r\n$ ", "restored 2"),
                RestoreSeparators.collapse("a\r\nb\r\n$ ", "restored 2", ""));
        assertEquals(new RestoreSeparators.Restore("", "restored 2"), RestoreSeparators.collapse(null, "restored 2", ""));
        assertEquals(new RestoreSeparators.Restore("", "restored 2"), RestoreSeparators.collapse("", "restored 2", ""));
    }

    @Test
    void aSeparatorAtTheVeryTopLeavesNoText() {
        assertEquals(new RestoreSeparators.Restore("", "restored 1 \u00b7 restored again 2"),
                RestoreSeparators.collapse(separator("restored 1") + "\r\n", "restored 2", ""));
    }

    @Test
    void lineFeedsWithoutCarriageReturnsAreReadToo() {
        String before = "out\n$ \n";
        assertEquals(new RestoreSeparators.Restore(before, "restored 1 \u00b7 restored again 2"),
                RestoreSeparators.collapse(before + separator("restored 1") + "\n$ ", "restored 2", ""));
    }
}
