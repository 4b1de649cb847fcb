package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Holdfasts on one state directory share {@code panes.sqlite} with no lock: two real JVMs record the same
 * panes' changes at their own pace, and the database ends holding the last screen of every pane, with the clocks
 * of when it first appeared, whoever wrote first.
 */
class TwoProcessConvergenceTest {
    private static final int STEPS = 150;
    private static final int PANES = 12;

    @TempDir
    Path state;
    @TempDir
    Path natives;

    @Test
    void twoProcessesRecordingTheSamePanesConvergeOnTheirLastScreens() throws Exception {
        Path db = state.resolve("panes.sqlite");
        List<UUID> panels = new ArrayList<>();
        for (int i = 0; i < PANES; i++) {
            panels.add(UUID.randomUUID());
        }
        // A launch that owned the session: both watchers continue its lineage, so they key the panes alike.
        UUID lineage;
        try (PaneClocks owner = PaneClocks.open(db, natives, new PaneClocks.Launch(UUID.randomUUID(),
                        FakeProcesses.process(3), Instant.now(), true), ClockStoreSettings.DEFAULT,
                java.time.Clock.systemUTC(), new FakeProcesses(), StoreTesting.THREADS, ClockStoreNotices.NONE)) {
            lineage = owner.lineage();
        }
        Path start = state.resolve("start");
        Process first = writer(db, 11, start, panels);
        Process second = writer(db, 22, start, panels);
        BufferedReader out1Lines = lines(first);
        BufferedReader out2Lines = lines(second);
        awaitReady(out1Lines);
        awaitReady(out2Lines);
        Files.createFile(start);
        String out1 = finish(first, out1Lines);
        String out2 = finish(second, out2Lines);
        System.out.print(out1 + out2);
        assertTrue(out1.contains("lineage=" + lineage) && out2.contains("lineage=" + lineage), out1 + out2);
        assertTrue(out1.contains("failures=0") && out2.contains("failures=0"), out1 + out2);

        Map<PaneKey, PaneClockRow> rows;
        try (PaneClockStore reader = PaneClockStore.open(db, Duration.ofSeconds(5))) {
            rows = reader.loadAll().rows();
        }
        assertEquals(PANES, rows.size());
        for (int i = 0; i < PANES; i++) {
            ConvergenceWriter.Facts last = ConvergenceWriter.Facts.of(i, STEPS - 1);
            PaneClockRow row = rows.get(new PaneKey(panels.get(i), lineage));
            assertEquals(last.fingerprint(), row.fingerprint(), "pane " + i);
            assertEquals(last.since(), row.fingerprintSince(), "pane " + i);
            assertEquals(last.state(), row.state(), "pane " + i);
            assertEquals(last.card(), row.cardJson(), "pane " + i);
        }
    }

    private static BufferedReader lines(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void awaitReady(BufferedReader out) throws IOException {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.equals("ready")) {
                return;
            }
        }
        throw new AssertionError("a writer ended before it was ready");
    }

    private Process writer(Path db, long seed, Path start, List<UUID> panels) throws IOException {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-Xmx128m",
                "-D" + SqliteNativeDirectory.PROPERTY + "=" + natives.resolve("child-" + seed),
                "-cp", System.getProperty("java.class.path"), ConvergenceWriter.class.getName(),
                db.toString(), natives.toString(), Integer.toString(STEPS), Long.toString(seed), start.toString()));
        panels.forEach(p -> command.add(p.toString()));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static String finish(Process process, BufferedReader lines) throws Exception {
        StringBuilder text = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            text.append(line).append('\n');
        }
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("a writer did not finish");
        }
        String out = text.toString();
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
