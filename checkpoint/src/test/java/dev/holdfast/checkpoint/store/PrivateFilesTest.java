package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateFilesTest {

    @TempDir
    Path dir;

    @Test
    void writeAtomicallyCreatesTheFileWithExactlyTheBytesAndOwnerOnlyMode() throws IOException {
        Path target = dir.resolve("session.json");
        byte[] bytes = "{\"a\":\"\u00e9\u2603\"}".getBytes(StandardCharsets.UTF_8);

        PrivateFiles.writeAtomically(target, bytes);

        assertArrayEquals(bytes, Files.readAllBytes(target));
        assertEquals("rw-------", mode(target));
        assertEquals(List.of(target), entries());
    }

    @Test
    void writeAtomicallyReplacesAnExistingFileAndDoesNotInheritItsLooseMode() throws IOException {
        Path target = dir.resolve("session.json");
        Files.writeString(target, "old content that is longer than the new one");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));

        PrivateFiles.writeAtomically(target, "new".getBytes(StandardCharsets.UTF_8));

        assertEquals("new", Files.readString(target));
        assertEquals("rw-------", mode(target));
        assertEquals(List.of(target), entries());
    }

    @Test
    void writeAtomicallyOfNothingLeavesAnEmptyFile() throws IOException {
        Path target = dir.resolve("empty");
        Files.writeString(target, "something");

        PrivateFiles.writeAtomically(target, new byte[0]);

        assertEquals(0, Files.size(target));
    }

    @Test
    void failedRenameLeavesTheTargetWholeAndRemovesTheTemporaryFile() throws IOException {
        // A non-empty directory cannot be renamed over, even by root, so the write fails at its last step.
        Path target = Files.createDirectory(dir.resolve("session.json"));
        Path inside = Files.writeString(target.resolve("keep.txt"), "still here");

        assertThrows(IOException.class,
                () -> PrivateFiles.writeAtomically(target, "replacement".getBytes(StandardCharsets.UTF_8)));

        assertTrue(Files.isDirectory(target));
        assertEquals("still here", Files.readString(inside));
        assertEquals(List.of(target), entries());
    }

    @Test
    void writeIntoAMissingDirectoryThrowsAndCreatesNothing() {
        Path target = dir.resolve("missing").resolve("session.json");

        assertThrows(NoSuchFileException.class,
                () -> PrivateFiles.writeAtomically(target, new byte[] {1}));

        assertFalse(Files.exists(dir.resolve("missing")));
    }

    @Test
    void createDirectoriesMakesOwnerOnlyDirectoriesAndReportsOnlyChanges() throws IOException {
        Path nested = dir.resolve("scrollback").resolve("inner");

        assertFalse(PrivateFiles.createDirectories(nested));
        assertEquals("rwx------", mode(nested));
        assertEquals("rwx------", mode(nested.getParent()));

        Files.setPosixFilePermissions(nested, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertTrue(PrivateFiles.createDirectories(nested));
        assertEquals("rwx------", mode(nested));
        assertFalse(PrivateFiles.createDirectories(nested));
    }

    @Test
    void restrictToOwnerTightensAnExistingFile() throws IOException {
        Path file = Files.writeString(dir.resolve("moved.json"), "x");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));

        PrivateFiles.restrictToOwner(file);

        assertEquals("rw-------", mode(file));
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.sorted().toList();
        }
    }

    @Test
    void aBoundedReadRefusesALargerFileWithoutReadingIt() throws IOException {
        Path small = Files.writeString(dir.resolve("small"), "12345");
        Path sparse = dir.resolve("sparse");
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(sparse.toFile(), "rw")) {
            file.setLength(3L * 1024 * 1024 * 1024);
        }

        assertArrayEquals("12345".getBytes(StandardCharsets.UTF_8), PrivateFiles.readBounded(small, 5));
        FileTooLargeException e = assertThrows(FileTooLargeException.class, () -> PrivateFiles.readBounded(small, 4));
        assertEquals(5, e.sizeBytes());
        assertThrows(FileTooLargeException.class, () -> PrivateFiles.readBounded(sparse, 1024));
        assertThrows(NoSuchFileException.class, () -> PrivateFiles.readBounded(dir.resolve("absent"), 1));
    }

    @Test
    void anInPlaceOverwriteReplacesTheBytesAndKeepsTheModePrivate() throws IOException {
        Path target = Files.writeString(dir.resolve("launch.sentinel"), "a much longer old content");

        PrivateFiles.overwriteInPlace(target, "new".getBytes(StandardCharsets.UTF_8));
        PrivateFiles.overwriteInPlace(dir.resolve("fresh"), "x".getBytes(StandardCharsets.UTF_8));

        assertEquals("new", Files.readString(target));
        assertEquals("rw-------", mode(dir.resolve("fresh")));
    }

    @Test
    void aDurableDeleteSaysWhetherThereWasAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("x"), "x");

        assertTrue(PrivateFiles.deleteDurably(file));
        assertFalse(PrivateFiles.deleteDurably(file));
    }

    static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
