package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CtlCommandLineTest {
    private static final Path HERE = Path.of("/home/ada/src");

    private static CtlCommandLine.Invocation invocation(String... words) {
        return assertInstanceOf(CtlCommandLine.Invocation.class, CtlCommandLine.parse(List.of(words), HERE));
    }

    private static String invalid(String... words) {
        return assertInstanceOf(CtlCommandLine.Invalid.class, CtlCommandLine.parse(List.of(words), HERE)).message();
    }

    @Test
    void optionsBecomeTheCommandsArguments() {
        CtlCommandLine.Invocation read =
                invocation("read", "--panel", "0f8f", "--scrollback", "--lines", "20", "--ansi");
        assertEquals(ControlCommand.READ, read.command());
        assertEquals("{\"panel\":\"0f8f\",\"scrollback\":true,\"lines\":20,\"ansi\":true}", read.args().toString());
        assertEquals("{\"panel\":\"0f8f\",\"force\":true}",
                invocation("close", "--panel=0f8f", "--force").args().toString());
        assertEquals("{}", invocation("list").args().toString());
        CtlCommandLine.Invocation conversation = invocation("conversation", "--panel", "0f8f", "--json");
        assertEquals(ControlCommand.CONVERSATION, conversation.command());
        assertEquals("{\"panel\":\"0f8f\"}", conversation.args().toString());
        assertTrue(conversation.json());
        assertEquals("conversation needs the argument 'panel'", invalid("conversation"));
    }

    @Test
    void keysRunToTheNextOption() {
        CtlCommandLine.Invocation send = invocation("send", "--keys", "C-c", "Up", "Enter", "--panel", "0f8f");
        assertEquals("{\"keys\":[\"C-c\",\"Up\",\"Enter\"],\"panel\":\"0f8f\"}", send.args().toString());
    }

    @Test
    void textMayLookLikeAnOption() {
        assertEquals("--help", invocation("send", "--panel", "0f8f", "--text", "--help").args().path("text").asText());
        assertEquals("a=b", invocation("send", "--panel", "0f8f", "--text=a=b").args().path("text").asText());
    }

    @Test
    void relativePathsAreRelativeToWhereCtlRuns() {
        assertEquals("/home/ada/src/build", invocation("new-tab", "--cwd", "build").args().path("cwd").asText());
        assertEquals("/home/ada", invocation("new-tab", "--cwd", "..").args().path("cwd").asText());
        assertEquals(Optional.of(Path.of("/home/ada/src/state")),
                invocation("--state-dir", "state", "list").stateDir());
    }

    @Test
    void globalOptionsGoAnywhere() {
        CtlCommandLine.Invocation list = invocation("--json", "list", "--instance", "4242");
        assertTrue(list.json());
        assertEquals(Optional.of("4242"), list.instance());
        assertEquals(Optional.empty(), list.stateDir());
    }

    @Test
    void helpWinsAndIsRecognisedAsAWord() {
        assertInstanceOf(CtlCommandLine.Help.class, CtlCommandLine.parse(List.of("--help"), HERE));
        assertInstanceOf(CtlCommandLine.Help.class, CtlCommandLine.parse(List.of("read", "-h"), HERE));
    }

    @Test
    void mistakesAreNamed() {
        assertEquals("no command given", invalid());
        assertEquals("no command given", invalid("--json"));
        assertEquals("unknown command 'lst'", invalid("lst"));
        assertEquals("unknown command 'instance'", invalid("instance"));
        assertEquals("unexpected argument 'extra'", invalid("list", "extra"));
        assertEquals("list has no option --panel", invalid("list", "--panel", "x"));
        assertEquals("--panel is not a global option; command options come after the command",
                invalid("--panel", "x", "read"));
        assertEquals("--lines needs a whole number, not 'ten'", invalid("read", "--panel", "x", "--lines", "ten"));
        assertEquals("--panel needs a value", invalid("read", "--panel"));
        assertEquals("--force takes no value", invalid("close", "--panel", "x", "--force=yes"));
        assertEquals("--panel is given twice", invalid("read", "--panel", "x", "--panel", "y"));
        assertEquals("--keys needs at least one value", invalid("send", "--panel", "x", "--keys"));
    }

    @Test
    void theServersArgumentRulesApplyBeforeSending() {
        assertEquals("read needs the argument 'panel'", invalid("read"));
        assertEquals("argument 'lines' of read must be a whole number of at least 1",
                invalid("read", "--panel", "x", "--lines", "0"));
        assertEquals("send needs exactly one of the arguments 'text', 'keys'", invalid("send", "--panel", "x"));
        assertEquals("read takes at most one of the arguments 'ansi', 'rows'",
                invalid("read", "--panel", "x", "--rows", "--ansi"));
    }

    @Test
    void readRowsAsksForThePhysicalRows() {
        CtlCommandLine.Invocation rows = invocation("read", "--panel", "0f8f", "--rows", "--lines", "3");
        assertEquals("{\"panel\":\"0f8f\",\"rows\":true,\"lines\":3}", rows.args().toString());
    }
}
