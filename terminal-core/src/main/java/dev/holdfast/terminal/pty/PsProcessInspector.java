package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * macOS has no {@code /proc}: {@code ps -o pgid=,tpgid=} gives the process groups and {@code ps -o comm=}
 * the foreground command; {@code lsof -a -d cwd -Fn} gives the working directory. Each call spawns a short
 * process, so callers use it off the UI thread and not in tight loops.
 */
final class PsProcessInspector implements ProcessInspector {
    private static final long TIMEOUT_MS = 2_000;

    @Override
    public ProcessSnapshot inspect(long shellPid) {
        Optional<Path> cwd = run(List.of("lsof", "-a", "-d", "cwd", "-Fn", "-p", Long.toString(shellPid)))
                .flatMap(out -> out.lines().filter(l -> l.startsWith("n/")).findFirst())
                .map(l -> Path.of(l.substring(1)));
        Optional<String> foreground = run(List.of("ps", "-o", "pgid=,tpgid=", "-p", Long.toString(shellPid)))
                .flatMap(out -> {
                    String[] parts = out.strip().split("\\s+");
                    if (parts.length < 2 || parts[0].equals(parts[1]) || parts[1].equals("-1")) {
                        return Optional.empty();
                    }
                    return run(List.of("ps", "-o", "comm=", "-p", parts[1]))
                            .map(String::strip)
                            .map(c -> c.isEmpty() ? "process " + parts[1] : Path.of(c).getFileName().toString());
                });
        return new ProcessSnapshot(cwd, foreground);
    }

    private static Optional<String> run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return Optional.of(new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
