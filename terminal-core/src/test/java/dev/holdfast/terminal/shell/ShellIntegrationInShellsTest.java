package dev.holdfast.terminal.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The integration scripts in real shells on a real PTY: marks arrive, exit statuses are right, and the user's
 * own startup files and prompt hooks still run. zsh and fish are tested where installed.
 */
class ShellIntegrationInShellsTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path home;
    @TempDir
    Path work;
    @TempDir
    Path cache;

    private ShellIntegration integration;
    private TerminalSession session;

    @BeforeEach
    void install() throws Exception {
        integration = ShellIntegrationScripts.install(cache.resolve("shell-integration"));
    }

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
    }

    private TerminalSession start(List<String> argv, ShellIntegration with) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("HISTFILE", "/dev/null");
        env.remove("ZDOTDIR");
        env.remove("PROMPT_COMMAND");
        // The shells' own config is under the fake home: an XDG_CONFIG_HOME of the user running the tests would win.
        env.remove("XDG_CONFIG_HOME");
        session = new TerminalSession(new SessionSpec(UUID.randomUUID(), work, new ShellCommand(argv), env, 100, 30,
                1000, with), TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        session.start();
        return session;
    }

    private static Optional<Path> onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String text(TerminalSession s) {
        s.buffer().lock();
        try {
            StringBuilder sb = new StringBuilder();
            for (int i = -s.buffer().getHistoryLinesCount(); i < s.buffer().getHeight(); i++) {
                sb.append(s.buffer().getLine(i).getText()).append('\n');
            }
            return sb.toString();
        } finally {
            s.buffer().unlock();
        }
    }

    private void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; status " + session.shellStatus()
                        + "; screen:\n" + text(session));
            }
            Thread.sleep(20);
        }
    }

    private void runAndAwait(String command, Integer status) throws InterruptedException {
        long before = session.shellStatus().recentCommands().size() == 0 ? 0 : session.shellStatus().lastCommand().sequence();
        session.sendText(command + "\r");
        await("the end of `" + command + "`", () -> {
            CommandRun last = session.shellStatus().lastCommand();
            return last != null && last.sequence() > before && session.shellStatus().atPrompt();
        });
        CommandRun last = session.shellStatus().lastCommand();
        assertEquals(command, last.commandLine());
        assertEquals(status, last.exitStatus());
        assertFalse(last.duration().isNegative());
    }

    @Test
    void bashLoginShellMarksPromptsAndCommandsAndStillRunsTheUsersFilesAndPromptCommand() throws Exception {
        Path bash = onPath("bash").orElseThrow();
        Files.writeString(home.resolve(".bash_profile"), "echo profile-ran\n. ~/.bashrc\n");
        Files.writeString(home.resolve(".bashrc"), "echo bashrc-ran\nPROMPT_COMMAND='echo \"user-hook saw $?\"'\n");
        start(List.of(bash.toString(), "-l"), integration);
        await("the first prompt", () -> session.shellStatus().atPrompt());

        runAndAwait("false", 1);
        runAndAwait("true", 0);
        await("the user's hook with the status of false", () -> text(session).contains("user-hook saw 1"));
        String screen = text(session);
        assertTrue(screen.contains("profile-ran"), screen);
        assertTrue(screen.contains("bashrc-ran"), screen);
        assertFalse(screen.contains("133;"), "marks never reach the screen:\n" + screen);

        session.sendText("cd /\r");
        await("the directory report", () -> "/".equals(session.shellStatus().directory()));
        session.buffer().lock();
        try {
            List<Integer> prompts = session.promptMarks().promptRows();
            assertTrue(prompts.size() >= 3, "a row per prompt: " + prompts);
            int last = prompts.get(prompts.size() - 1);
            assertEquals(prompts.get(prompts.size() - 2), session.promptMarks().previousPrompt(last).getAsInt());
            assertEquals(last, session.promptMarks().nextPrompt(prompts.get(prompts.size() - 2)).getAsInt());
        } finally {
            session.buffer().unlock();
        }
        Files.writeString(home.resolve(".bash_logout"), "echo logout-ran\n");
        session.sendText("logout\r");
        await("logout, as from a login shell", () -> text(session).contains("logout-ran"));
    }

    /** The text of every prompt row, top to bottom. */
    private List<String> promptTexts() {
        session.buffer().lock();
        try {
            List<String> texts = new java.util.ArrayList<>();
            for (int row : session.promptMarks().promptRows()) {
                texts.add(session.buffer().getLine(row).getText());
            }
            return texts;
        } finally {
            session.buffer().unlock();
        }
    }

    @Test
    void promptsScrolledIntoTheHistoryKeepTheirMarksWhenTheWidthChanges() throws Exception {
        Path bash = onPath("bash").orElseThrow();
        Files.writeString(home.resolve(".bashrc"), "PS1='prompt-$((n++))> '\n");
        start(List.of(bash.toString()), integration);
        await("the first prompt", () -> session.shellStatus().atPrompt());
        // Each command's output pushes the prompts above it into the history (30 rows).
        for (int i = 0; i < 4; i++) {
            runAndAwait("seq 1 25", 0);
        }
        List<String> before = promptTexts();
        assertEquals(5, before.size(), "a mark per prompt: " + before);
        session.buffer().lock();
        try {
            assertTrue(session.promptMarks().promptRows().get(0) < 0, "the first prompts are in the history");
        } finally {
            session.buffer().unlock();
        }

        // Narrower than a prompt with its command: every prompt line wraps; the mark stays on its first row.
        session.resize(16, 30);
        await("the narrower model", () -> session.terminal().getTerminalWidth() == 16);
        List<String> narrower = promptTexts();
        assertEquals(before.size(), narrower.size(), "every mark kept: " + narrower);
        for (int i = 0; i < before.size(); i++) {
            String line = before.get(i);
            assertEquals(line.substring(0, Math.min(16, line.length())), narrower.get(i));
        }

        session.resize(120, 30);
        await("the wider model", () -> session.terminal().getTerminalWidth() == 120);
        assertEquals(before, promptTexts(), "the prompts' lines whole again, each still marked");
    }

    @Test
    void bashKeepsAnArrayPromptCommandAndOmitsTheTextOfALineKeptOutOfHistory() throws Exception {
        Path bash = onPath("bash").orElseThrow();
        Files.writeString(home.resolve(".bashrc"),
                "HISTCONTROL=ignorespace\nPROMPT_COMMAND=('echo first-hook' 'echo second-hook')\n");
        start(List.of(bash.toString()), integration);
        await("the first prompt", () -> session.shellStatus().atPrompt());
        session.sendText(" echo secret\r");
        await("a command without text", () -> session.shellStatus().lastCommand() != null);
        assertEquals(null, session.shellStatus().lastCommand().commandLine());
        await("both hooks", () -> text(session).contains("first-hook") && text(session).contains("second-hook"));
    }

    @Test
    void withoutIntegrationBashStartsAsConfiguredAndReportsNothing() throws Exception {
        Path bash = onPath("bash").orElseThrow();
        Files.writeString(home.resolve(".bashrc"), "echo plain-bashrc\n");
        start(List.of(bash.toString()), ShellIntegration.OFF);
        session.sendText("echo done-$((6*7))\r");
        await("output", () -> text(session).contains("done-42"));
        assertTrue(text(session).contains("plain-bashrc"));
        assertEquals(ShellStatus.NONE, session.shellStatus());
    }

    @Test
    void zshMarksCommandsAndPutsTheUsersZdotdirBack() throws Exception {
        Optional<Path> zsh = onPath("zsh");
        assumeTrue(zsh.isPresent(), "zsh is not installed: its integration is not tested here");
        Files.writeString(home.resolve(".zshenv"), "echo zshenv-ran\n");
        Files.writeString(home.resolve(".zshrc"),
                "echo zshrc-ran\nsetopt ksh_arrays sh_word_split\nprecmd() { echo \"user-precmd saw $?\" }\n");
        start(List.of(zsh.get().toString(), "-l"), integration);
        await("the first prompt", () -> session.shellStatus().atPrompt());
        runAndAwait("false", 1);
        runAndAwait("echo zd=${ZDOTDIR-unset}", 0);
        await("output", () -> text(session).contains("zd=unset"));
        String screen = text(session);
        assertTrue(screen.contains("zshenv-ran") && screen.contains("zshrc-ran"), screen);
        assertTrue(screen.contains("user-precmd saw 1"), screen);
    }

    @Test
    void fishMarksCommandsAndPutsXdgDataDirsBack() throws Exception {
        Optional<Path> fish = onPath("fish");
        assumeTrue(fish.isPresent(), "fish is not installed: its integration is not tested here");
        Path config = Files.createDirectories(home.resolve(".config/fish"));
        Files.writeString(config.resolve("config.fish"), "echo fish-config-ran\n");
        start(List.of(fish.get().toString(), "-l"), integration);
        await("the first prompt", () -> session.shellStatus().atPrompt());
        runAndAwait("false", 1);
        runAndAwait("echo \"xdg=[$XDG_DATA_DIRS]\"", 0);
        String expected = "xdg=[" + System.getenv().getOrDefault("XDG_DATA_DIRS", "") + "]";
        await("output", () -> text(session).contains(expected));
        assertTrue(text(session).contains("fish-config-ran"), text(session));
    }
}
