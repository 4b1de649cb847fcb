package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.shell.ShellPhase;
import dev.holdfast.terminal.shell.ShellStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StateClassifierTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final ProcessSnapshot AT_SHELL = new ProcessSnapshot(Optional.of(Path.of("/src")), Optional.empty());
    private final StateClassifier classifier = new StateClassifier(ActivitySettings.DEFAULT);

    private static ProcessSnapshot running(String command) {
        return new ProcessSnapshot(Optional.of(Path.of("/src")), Optional.of(command));
    }

    private static ShellStatus marks(ShellPhase phase) {
        return new ShellStatus(true, phase, null, null, List.of(), null, null);
    }

    /** A 24-row screen with {@code lines} at the bottom and the cursor after the last one. */
    private static VisibleScreen screen(String... lines) {
        List<String> rows = new ArrayList<>();
        for (int i = lines.length; i < 24; i++) {
            rows.add("");
        }
        rows.addAll(List.of(lines));
        return VisibleScreen.of(80, rows, 23, lines.length == 0 ? 0 : lines[lines.length - 1].length());
    }

    private Classification classify(VisibleScreen screen, ProgramKind kind, ProcessSnapshot process, ShellStatus shell,
                                    Duration sinceChange, Duration sinceOutput) {
        return classifier.classify(new StateClassifier.Input(screen, kind, process, shell, null, NOW,
                NOW.minus(sinceChange), NOW.minus(sinceOutput)));
    }

    @Test
    void aShellThatEndedHasExited() {
        Classification c = classifier.classify(new StateClassifier.Input(screen("$ exit"), ProgramKind.SHELL,
                AT_SHELL, ShellStatus.NONE, 3, NOW, NOW, NOW));
        assertEquals(TabState.EXITED, c.state());
    }

    @Test
    void aCodexApprovalDialogIsWaitingAndNamesTheCommand() {
        VisibleScreen s = screen("• I need to clean the build first.", "",
                "╭──────────────────────────────────────────────╮",
                "│ Would you like to run the following command? │",
                "│                                              │",
                "│   $ rm -rf build                             │",
                "│                                              │",
                "│ › 1. Yes, proceed (y)                        │",
                "│   2. No, and tell Codex what to do (esc)     │",
                "╰──────────────────────────────────────────────╯",
                "  Press enter to confirm or esc to cancel");
        Classification c = classify(s, ProgramKind.CODEX, running("codex"), ShellStatus.NONE,
                Duration.ofMinutes(10), Duration.ofMinutes(10));
        assertEquals(TabState.WAITING, c.state());
        assertEquals("Would you like to run the following command? $ rm -rf build", c.question());
    }

    @Test
    void aClaudeCodeQuestionWithNumberedOptionsIsWaiting() {
        VisibleScreen s = screen("╭──────────────────────────────╮",
                "│ Bash command                 │",
                "│   npm test                   │",
                "│ Do you want to proceed?      │",
                "│ ❯ 1. Yes                     │",
                "│   2. Yes, and don't ask again │",
                "│   3. No (esc)                │",
                "╰──────────────────────────────╯");
        Classification c = classify(s, ProgramKind.CLAUDE_CODE, running("claude"), ShellStatus.NONE,
                Duration.ofMinutes(1), Duration.ofMinutes(1));
        assertEquals(TabState.WAITING, c.state());
        assertEquals("Do you want to proceed?", c.question());
    }

    @Test
    void aQuestionWithoutItsOptionsIsNoDialog() {
        VisibleScreen s = screen("> Do you want to proceed?", "I asked myself that too.");
        Classification c = classify(s, ProgramKind.CLAUDE_CODE, running("claude"), ShellStatus.NONE,
                Duration.ofMinutes(1), Duration.ofMinutes(1));
        assertEquals(TabState.IDLE, c.state());
    }

    @Test
    void anAgentShowingItsWorkingLineIsWorkingHoweverLongTheScreenStaysStill() {
        VisibleScreen codex = screen("• Working (2m 12s • esc to interrupt)", "", "› ", "", "57% context left");
        assertEquals(TabState.WORKING, classify(codex, ProgramKind.CODEX, running("codex"), ShellStatus.NONE,
                Duration.ofMinutes(2), Duration.ZERO).state());
        VisibleScreen claude = screen("✻ Thinking… (12s · ↑ 1.2k tokens · esc to interrupt)", "", "> ");
        assertEquals(TabState.WORKING, classify(claude, ProgramKind.CLAUDE_CODE, running("claude"), ShellStatus.NONE,
                Duration.ofMinutes(2), Duration.ZERO).state());
    }

    @Test
    void anAgentAtItsInputBoxIsIdle() {
        VisibleScreen s = screen("• Fixed: the test raced on the port.", "", "› ", "", "? for shortcuts · 57% context left");
        Classification c = classify(s, ProgramKind.CODEX, running("codex"), ShellStatus.NONE,
                Duration.ofMinutes(3), Duration.ofSeconds(1));
        assertEquals(TabState.IDLE, c.state());
    }

    @Test
    void aYesNoPromptThatStoppedProducingOutputIsWaiting() {
        VisibleScreen s = screen("The following packages will be upgraded:", "  libc6", "Do you want to continue? [Y/n] ");
        Classification quiet = classify(s, ProgramKind.OTHER, running("apt"), ShellStatus.NONE,
                Duration.ofSeconds(3), Duration.ofSeconds(2));
        assertEquals(TabState.WAITING, quiet.state());
        assertEquals("Do you want to continue? [Y/n]", quiet.question());

        Classification flowing = classify(s, ProgramKind.OTHER, running("apt"), ShellStatus.NONE,
                Duration.ZERO, Duration.ofMillis(200));
        assertEquals(TabState.WORKING, flowing.state());
        assertEquals(NOW.plus(Duration.ofMillis(800)), flowing.recheckAt(), "looked at again once it goes quiet");
    }

    @Test
    void passwordAndHostKeyPromptsAreWaiting() {
        for (String prompt : List.of("[sudo] password for ann: ", "ann@box's password: ",
                "Enter passphrase for key '/home/ann/.ssh/id_ed25519': ",
                "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")) {
            Classification c = classify(screen("$ sudo true", prompt), ProgramKind.OTHER, running("sudo"),
                    ShellStatus.NONE, Duration.ofSeconds(10), Duration.ofSeconds(10));
            assertEquals(TabState.WAITING, c.state(), prompt);
            assertEquals(prompt.strip(), c.question());
        }
    }

    @Test
    void aRunningProgramIsWorkingWhileItsScreenChangesThenIdle() {
        VisibleScreen s = screen("[ 42%] Building CXX object foo.o");
        Classification busy = classify(s, ProgramKind.OTHER, running("make"), ShellStatus.NONE,
                Duration.ofSeconds(2), Duration.ZERO);
        assertEquals(TabState.WORKING, busy.state());
        assertEquals(NOW.plus(Duration.ofSeconds(3)), busy.recheckAt(), "looked at again when the window ends");
        Classification quiet = classify(s, ProgramKind.OTHER, running("make"), ShellStatus.NONE,
                Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertEquals(TabState.IDLE, quiet.state());
        assertNull(quiet.recheckAt());
    }

    @Test
    void aShellAtItsPromptIsIdleEvenWhileTheUserTypes() {
        Classification c = classify(screen("$ git sta"), ProgramKind.SHELL, AT_SHELL, ShellStatus.NONE,
                Duration.ZERO, Duration.ZERO);
        assertEquals(TabState.IDLE, c.state());
    }

    @Test
    void marksDecideWhetherAProgramRunsAlsoOverSsh() {
        VisibleScreen s = screen("ann@remote:~$ ");
        // The local foreground is ssh, but the remote shell's marks say it sits at its prompt.
        assertEquals(TabState.IDLE, classify(s, ProgramKind.OTHER, running("ssh"), marks(ShellPhase.INPUT),
                Duration.ZERO, Duration.ZERO).state());
        // A command runs on the remote host: working while it prints.
        assertEquals(TabState.WORKING, classify(s, ProgramKind.OTHER, running("ssh"), marks(ShellPhase.RUNNING),
                Duration.ZERO, Duration.ZERO).state());
        // The shell's own `read` runs with no foreground process: the marks still know.
        VisibleScreen read = screen("$ read -p 'Overwrite? [y/N] '", "Overwrite? [y/N] ");
        assertEquals(TabState.WAITING, classify(read, ProgramKind.SHELL, AT_SHELL, marks(ShellPhase.RUNNING),
                Duration.ofSeconds(2), Duration.ofSeconds(2)).state());
        // Marks stuck at the prompt (a shell without integration was exec'd): the process table is believed.
        assertEquals(TabState.WORKING, classify(s, ProgramKind.OTHER, running("make"), marks(ShellPhase.PROMPT),
                Duration.ZERO, Duration.ZERO).state());
    }

    @Test
    void aYesNoLineWhileNoProgramRunsIsNotWaiting() {
        VisibleScreen s = screen("Proceed? [y/N] n", "$ ");
        assertEquals(TabState.IDLE, classify(s, ProgramKind.SHELL, AT_SHELL, ShellStatus.NONE,
                Duration.ofSeconds(9), Duration.ofSeconds(9)).state());
    }
}
