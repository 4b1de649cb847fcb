package dev.holdfast.terminal.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShellMarksTest {

    @Test
    void promptAndCommandMarksAreRead() {
        assertEquals(new ShellMark.PromptStarted(), ShellMarks.parse("133;A"));
        assertEquals(new ShellMark.PromptStarted(), ShellMarks.parse("133;A;aid=42;cl=m"));
        assertEquals(new ShellMark.InputStarted(), ShellMarks.parse("133;B"));
        assertEquals(new ShellMark.CommandStarted(null), ShellMarks.parse("133;C"));
        assertEquals(new ShellMark.CommandFinished(null), ShellMarks.parse("133;D"));
        assertEquals(new ShellMark.CommandFinished(0), ShellMarks.parse("133;D;0"));
        assertEquals(new ShellMark.CommandFinished(130), ShellMarks.parse("133;D;130;aid=42"));
    }

    @Test
    void commandLineIsPercentDecodedOrTakenAsSent() {
        assertEquals(new ShellMark.CommandStarted("echo \"a b%\" + é"),
                ShellMarks.parse("133;C;cmdline_url=echo%20%22a%20b%25%22%20+%20%C3%A9"));
        assertEquals(new ShellMark.CommandStarted("make test"), ShellMarks.parse("133;C;cmdline=make test"));
        // A malformed escape keeps the text rather than losing the command.
        assertEquals(new ShellMark.CommandStarted("100%zz"), ShellMarks.parse("133;C;cmdline_url=100%zz"));
    }

    @Test
    void aCommandLineBecomesOneBoundedLine() {
        assertEquals(new ShellMark.CommandStarted("for f in *; do   echo $f; done"),
                ShellMarks.parse("133;C;cmdline_url=for%20f%20in%20*;%20do%0A%20%20echo%20$f;%20done"));
        ShellMark.CommandStarted longOne = (ShellMark.CommandStarted) ShellMarks.parse("133;C;cmdline=" + "x".repeat(5000));
        assertEquals(ShellMarks.MAX_COMMAND_LINE_CHARS, longOne.commandLine().length());
    }

    @Test
    void anUnreadableExitStatusIsUnknownNotAnError() {
        assertEquals(new ShellMark.CommandFinished(null), ShellMarks.parse("133;D;oops"));
        assertEquals(new ShellMark.CommandFinished(null), ShellMarks.parse("133;D;aid=1"));
    }

    @Test
    void workingDirectoryComesFromAFileUrl() {
        assertEquals(new ShellMark.WorkingDirectory("box", "/home/ann/my repo"),
                ShellMarks.parse("7;file://box/home/ann/my%20repo"));
        assertEquals(new ShellMark.WorkingDirectory("", "/tmp"), ShellMarks.parse("7;file:///tmp"));
        assertEquals(new ShellMark.WorkingDirectory("box", "/a b"), ShellMarks.parse("7;file://box/a b"));
    }

    @Test
    void otherStringsAreNotShellMarks() {
        assertNull(ShellMarks.parse("133;Z"));
        assertNull(ShellMarks.parse("7;http://example.com/"));
        assertNull(ShellMarks.parse("7;file://hostonly"));
        assertNull(ShellMarks.parse("7;file://h/bad%00path"));
        assertNull(ShellMarks.parse("8;;https://example.com"));
        assertNull(ShellMarks.parse("0;title"));
        assertTrue(ShellMarks.isShellMark("133;A"));
        assertTrue(ShellMarks.isShellMark("7;file:///"));
    }
}
