package dev.holdfast.terminal.pty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The program a terminal runs: by default the user's login shell. */
public record ShellCommand(List<String> argv) {
    public static final String FALLBACK_SHELL = "/bin/bash";

    public ShellCommand {
        Objects.requireNonNull(argv, "argv");
        if (argv.isEmpty() || argv.get(0).isBlank()) {
            throw new IllegalArgumentException("a shell command needs a program");
        }
        argv = List.copyOf(argv);
    }

    /** {@code $SHELL} (else {@value #FALLBACK_SHELL}) started as a login shell. */
    public static ShellCommand loginShell(Map<String, String> env) {
        String shell = env.get("SHELL");
        if (shell == null || shell.isBlank()) {
            shell = FALLBACK_SHELL;
        }
        return new ShellCommand(List.of(shell, "-l"));
    }

    public String program() {
        return argv.get(0);
    }

    /** Why this command cannot be started, or null when it looks startable. */
    public String problem() {
        Path program = Path.of(program());
        if (!program.isAbsolute()) {
            return null; // resolved through PATH by the spawner; a failure there is reported at start
        }
        if (!Files.exists(program)) {
            return program + " does not exist";
        }
        if (Files.isDirectory(program) || !Files.isExecutable(program)) {
            return program + " is not an executable program";
        }
        return null;
    }
}
