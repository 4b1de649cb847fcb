package dev.holdfast.terminal.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteNativesTest {
    private static final byte[] CONTENT = "not really a shared library, but bytes to place".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private static SqliteNatives.Library library(byte[] content, SqliteNatives.Source source) {
        CRC32 crc = new CRC32();
        crc.update(content);
        return new SqliteNatives.Library("libsqlitejdbc.so", "3.54.1.0", crc.getValue(), content.length, source);
    }

    private static SqliteNatives.Library library(byte[] content) {
        return library(content, () -> new ByteArrayInputStream(content));
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theLibraryIsPlacedOncePrivateAndNamedAfterItsVersionAndCrc() throws IOException {
        Path installed = SqliteNatives.install(dir, library(CONTENT));

        assertEquals(dir, installed.getParent());
        String name = installed.getFileName().toString();
        assertTrue(name.startsWith("holdfast-sqlitejdbc-3.54.1.0-") && name.endsWith(".so"), name);
        assertArrayEquals(CONTENT, Files.readAllBytes(installed));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(installed)));
        assertEquals(List.of(name), names());
    }

    @Test
    void aWholeCopyIsUsedAsItIsWithoutReadingTheJar() throws IOException {
        Path first = SqliteNatives.install(dir, library(CONTENT));
        FileTime written = FileTime.from(Instant.parse("2026-01-01T00:00:00Z"));
        Files.setLastModifiedTime(first, written);

        Path second = SqliteNatives.install(dir, library(CONTENT, () -> {
            throw new IOException("the jar must not be read for a copy that is there");
        }));

        assertEquals(first, second);
        assertEquals(written, Files.getLastModifiedTime(second));
    }

    @Test
    void aCopyOfTheWrongSizeIsWrittenAgain() throws IOException {
        Path installed = SqliteNatives.install(dir, library(CONTENT));
        Files.write(installed, new byte[] {1, 2, 3});

        SqliteNatives.install(dir, library(CONTENT));

        assertArrayEquals(CONTENT, Files.readAllBytes(installed));
    }

    @Test
    void copiesTheLibraryUnpackedAtEarlierStartsAndOtherVersionsAreRemovedAndNothingElse() throws IOException {
        List<String> left = List.of(
                "sqlite-3.54.1.0-0bd58828-9a90-4627-82f6-472d765bc2fa-libsqlitejdbc.so",
                "sqlite-3.54.1.0-0bd58828-9a90-4627-82f6-472d765bc2fa-libsqlitejdbc.so.lck",
                "sqlite-3.46.0.0-77ca2f33-66e0-4a45-bde4-7ac956e6af10-libsqlitejdbc.so",
                "sqlite-3.41.2.2-9b66533b-69d7-4a6d-a44e-c14f8c6ef6ab-libsqlitejdbc.dylib.lck",
                "holdfast-sqlitejdbc-3.46.0.0-1f2e3d4c.so");
        for (String name : left) {
            Files.write(dir.resolve(name), new byte[] {0});
        }
        Files.writeString(dir.resolve("notes.txt"), "someone else's");
        Files.createDirectory(dir.resolve("sqlite-3.54.1.0-a-directory"));

        Path installed = SqliteNatives.install(dir, library(CONTENT));

        assertEquals(List.of(installed.getFileName().toString(), "notes.txt", "sqlite-3.54.1.0-a-directory"), names());
    }

    @Test
    void aJarEntryShorterThanItsDirectorySaysLeavesNothingPlaced() throws IOException {
        SqliteNatives.Library lying = new SqliteNatives.Library("libsqlitejdbc.so", "3.54.1.0", 7, CONTENT.length + 10,
                () -> new ByteArrayInputStream(CONTENT));

        IOException thrown = assertThrows(IOException.class, () -> SqliteNatives.install(dir, lying));
        assertTrue(thrown.getMessage().contains("jar entry says"), thrown.getMessage());
        assertEquals(List.of(), names());
    }

    /**
     * The real library, in JVMs of their own that are killed as a crash kills Holdfast: before, each left a 1 MB copy
     * and its lock file behind; now there is one file, however many starts and kills.
     */
    @Test
    void killedJvmsLeaveOneCopyOfTheRealLibraryBehind() throws Exception {
        for (int start = 0; start < 3; start++) {
            String answer = runAndKill(dir, false);
            assertTrue(answer.startsWith("sqlite 3."), answer);
        }

        List<String> names = names();
        assertEquals(1, names.size(), names.toString());
        assertTrue(names.get(0).startsWith("holdfast-sqlitejdbc-"), names.get(0));
        assertTrue(Files.size(dir.resolve(names.get(0))) > 100_000);
    }

    /** What the test above guards against: the library's own unpacking, killed, leaves its copies. */
    @Test
    void leftToItselfTheLibraryLeavesACopyPerKilledJvm(@TempDir Path own) throws Exception {
        runAndKill(own, true);
        runAndKill(own, true);

        try (Stream<Path> files = Files.list(own)) {
            assertEquals(2, files.filter(file -> file.getFileName().toString().endsWith(".so")).count());
        }
    }

    /** Starts the probe, waits for its answer and "ready", kills it (SIGKILL); returns SQLite's answer. */
    private static String runAndKill(Path dir, boolean libraryUnpacks) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SqliteNativesProbe.class.getName(), dir.toString()));
        if (libraryUnpacks) {
            command.add("library-unpacks");
        }
        Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
        // The deadline: a probe that never says "ready" is killed, which ends the read below.
        CompletableFuture.runAsync(probe::destroyForcibly, CompletableFuture.delayedExecutor(60, TimeUnit.SECONDS));
        List<String> lines = new ArrayList<>();
        boolean ready = false;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(probe.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while (!ready && (line = out.readLine()) != null) {
                ready = line.equals("ready");
                if (!ready) {
                    lines.add(line);
                }
            }
            assertTrue(ready && !lines.isEmpty(), "the probe did not get ready within 60 s: " + lines);
        } finally {
            probe.destroyForcibly();
            probe.waitFor();
        }
        return lines.get(lines.size() - 1);
    }
}
