package dev.holdfast.terminal.pty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The foreground tree of a real terminal, read from /proc. */
class ForegroundProcessesTest {
    @TempDir
    Path dir;

    @Test
    void theForegroundTreeHasArgvStartTimeCwdEnvironmentAndOpenFiles() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc only");
        Path cwd = Files.createDirectories(dir.resolve("work")).toRealPath();
        Path held = cwd.resolve("held.txt");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PS1", "$ ");
        env.put("MARKER", "holdfast-test");
        ProcessInspector inspector = ProcessInspector.forCurrentOs();
        Instant before = Instant.now().minusSeconds(2);
        try (TerminalSession session = new TerminalSession(new SessionSpec(UUID.randomUUID(), cwd,
                new ShellCommand(List.of("/bin/bash", "--norc", "--noprofile", "-i")), env, 80, 24, 100),
                TerminalEvents.NONE, inspector, Clock.systemUTC())) {
            session.start();
            long shell = session.shellPid().orElseThrow();
            await(() -> inspector.foregroundProcesses(shell).isEmpty() ? Optional.of(true) : Optional.empty(),
                    () -> "an idle shell with no foreground, but " + inspector.foregroundProcesses(shell).processes());
            session.sendText("sleep 60 3>" + held + " | cat\r");
            // bash forks each side of the pipe and sets up fd 3 before exec: until both children have
            // exec'd, /proc shows a copy of bash, so the wait is for the two programs, not two processes.
            ForegroundProcesses tree = await(() -> {
                ForegroundProcesses t = inspector.foregroundProcesses(shell);
                boolean execd = t.processes().size() == 2
                        && t.processes().stream().anyMatch(p -> p.argv().equals(List.of("sleep", "60")))
                        && t.processes().stream().anyMatch(p -> p.argv().equals(List.of("cat")));
                return execd ? Optional.of(t) : Optional.empty();
            }, () -> "sleep 60 and cat in " + inspector.foregroundProcesses(shell).processes());
            ProcessDetails sleep = tree.processes().stream().filter(p -> p.argv().get(0).equals("sleep")).findFirst().orElseThrow();
            assertEquals(Optional.of(cwd), sleep.workingDirectory());
            assertEquals("holdfast-test", sleep.environment().orElseThrow().get("MARKER"));
            assertTrue(sleep.openFiles().contains(held), sleep.openFiles().toString());
            Instant started = sleep.startTime().orElseThrow();
            assertTrue(started.isAfter(before) && started.isBefore(Instant.now().plusSeconds(2)), started.toString());
            assertEquals(Optional.of(started), ProcessHandle.of(sleep.pid()).flatMap(h -> h.info().startInstant())
                    .map(s -> Duration.between(s, started).abs().compareTo(Duration.ofSeconds(2)) < 0 ? started : s));
        }
    }

    private static <T> T await(Supplier<Optional<T>> condition, Supplier<String> expected) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(deadline)) {
            Optional<T> v = condition.get();
            if (v.isPresent()) {
                return v.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("timed out waiting for " + expected.get());
    }

    @Test
    void statFieldsAreCountedFromTheLastParenthesis() {
        String stat = "4242 (a) b (c)) S 1 4242 4242 34816 4300 4194304 0 0 0 0 0 0 0 0 20 0 1 0 987654 0 0";
        ProcStat s = ProcStat.parse(stat).orElseThrow();
        assertEquals(4242, s.pid());
        assertEquals(1, s.parentPid());
        assertEquals(4242, s.processGroup());
        assertEquals(4300, s.terminalProcessGroup());
        assertEquals(987654, s.startTicks());
    }
}
