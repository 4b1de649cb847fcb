package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateHousekeepingTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");

    @TempDir
    Path root;

    private StateDirectory dir;
    private final StateHousekeeping housekeeping = new StateHousekeeping(Clock.fixed(NOW, ZoneOffset.UTC));

    @BeforeEach
    void openDirectory() throws IOException {
        dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
    }

    @Test
    void temporaryFilesACrashLeftAreDeleted() throws IOException {
        Path inRoot = Files.writeString(dir.root().resolve(".session.json.123.tmp"), "half");
        Files.createDirectories(dir.scrollbackDir());
        Path inScrollback = Files.writeString(dir.scrollbackDir().resolve(".x.json.9.tmp"), "half");
        Path session = Files.writeString(dir.sessionFile(), "{}");

        StateHousekeeping.Report report = housekeeping.tidy(dir);

        assertEquals(2, report.temporariesDeleted());
        assertFalse(Files.exists(inRoot));
        assertFalse(Files.exists(inScrollback));
        assertTrue(Files.exists(session));
    }

    @Test
    void theNewestQuarantinedFilesAreKeptAndOlderOnesGoAfterThirtyDays() throws IOException {
        List<Path> quarantined = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path file = Files.writeString(dir.root().resolve("session.corrupt-2025010" + i + "-000000.json"), "x");
            // 0 is the newest; 5, 6 and 7 are beyond the five kept, and only 6 and 7 are over 30 days old.
            Duration age = i < 6 ? Duration.ofDays(i * 5L) : Duration.ofDays(31 + i);
            Files.setLastModifiedTime(file, FileTime.from(NOW.minus(age)));
            quarantined.add(file);
        }

        StateHousekeeping.Report report = housekeeping.tidy(dir);

        assertEquals(2, report.quarantinedDeleted());
        for (int i = 0; i < 6; i++) {
            assertTrue(Files.exists(quarantined.get(i)), "kept: " + i);
        }
        assertFalse(Files.exists(quarantined.get(6)));
        assertFalse(Files.exists(quarantined.get(7)));
    }

    @Test
    void looseFilesAndDirectoriesAreTightenedAtStart() throws IOException {
        Path session = Files.writeString(dir.sessionFile(), "{}");
        Files.setPosixFilePermissions(session, PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.createDirectories(dir.logsDir());
        Files.setPosixFilePermissions(dir.logsDir(), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path log = Files.writeString(dir.logsDir().resolve("holdfast.log"), "x");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));

        StateHousekeeping.Report report = housekeeping.tidy(dir);

        assertEquals(3, report.tightened());
        assertEquals("rw-------", PrivateFilesTest.mode(session));
        assertEquals("rwx------", PrivateFilesTest.mode(dir.logsDir()));
        assertEquals("rw-------", PrivateFilesTest.mode(log));
        assertEquals(0, housekeeping.tidy(dir).tightened(), "nothing left to do");
    }
}
