package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuarantineTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");

    @TempDir
    Path dir;

    private final Quarantine quarantine = new Quarantine(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void movesTheFileToAStampedNameNextToItKeepingItsBytesOwnerOnly() throws IOException {
        Path file = Files.writeString(dir.resolve("session.json"), "{broken");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        Path kept = quarantine.moveAside(file);

        assertEquals(dir.resolve("session.corrupt-20250314-091502.json"), kept);
        assertEquals("{broken", Files.readString(kept));
        assertEquals("rw-------", PrivateFilesTest.mode(kept));
        assertFalse(Files.exists(file));
    }

    @Test
    void aSecondFileInTheSameSecondGetsItsOwnNameAndTheFirstSurvives() throws IOException {
        Path first = quarantine.moveAside(Files.writeString(dir.resolve("session.json"), "first"));
        Path second = quarantine.moveAside(Files.writeString(dir.resolve("session.json"), "second"));

        assertEquals(dir.resolve("session.corrupt-20250314-091502-2.json"), second);
        assertEquals("first", Files.readString(first));
        assertEquals("second", Files.readString(second));
    }

    @Test
    void theStampIsInTheClocksZoneAndTheInnerDotsOfTheNameStay() throws IOException {
        Quarantine inParis = new Quarantine(Clock.fixed(NOW, ZoneOffset.ofHours(1)));

        Path kept = inParis.moveAside(Files.writeString(dir.resolve("session.previous.json"), "x"));

        assertEquals(dir.resolve("session.previous.corrupt-20250314-101502.json"), kept);
    }

    @Test
    void linkingAsideKeepsTheFileInPlaceUnderASecondName() throws IOException {
        Path file = Files.writeString(dir.resolve("launch.sentinel"), "garbage");

        Path kept = quarantine.linkAside(file);

        assertEquals(dir.resolve("launch.corrupt-20250314-091502.sentinel"), kept);
        assertEquals("garbage", Files.readString(file));
        assertEquals("garbage", Files.readString(kept));
        assertTrue(Quarantine.isQuarantined(kept.getFileName().toString()));
    }

    @Test
    void aNameWithoutExtensionGetsTheSuffixAtTheEnd() throws IOException {
        Path kept = quarantine.moveAside(Files.writeString(dir.resolve("sentinel"), "x"));

        assertEquals(dir.resolve("sentinel.corrupt-20250314-091502"), kept);
    }
}
