package dev.holdfast.terminal.pty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PtyNativesTest {
    @TempDir
    Path cache;

    private static final PtyNatives.Platform HERE = PtyNatives.platform(System.getProperty("os.name"),
            com.sun.jna.Platform.ARCH).orElseThrow();

    private static byte[] bundled(String name) throws Exception {
        try (InputStream in = PtyNatives.class.getClassLoader().getResourceAsStream(
                "resources/com/pty4j/native/" + HERE.subPath() + "/" + name)) {
            return in.readAllBytes();
        }
    }

    private Path unpack() throws Exception {
        return PtyNatives.unpack(cache, HERE, PtyNatives.class.getClassLoader()).orElseThrow();
    }

    @Test
    void thePlatformsHoldfastRunsOnAreUnpackedWherePty4jLooks() {
        assertEquals(Optional.of(new PtyNatives.Platform("linux/x86-64", List.of("libpty.so"))),
                PtyNatives.platform("Linux", "x86-64"));
        assertEquals(Optional.of(new PtyNatives.Platform("darwin", List.of("libpty.dylib", "pty4j-unix-spawn-helper"))),
                PtyNatives.platform("Mac OS X", "aarch64"));
        assertEquals(Optional.empty(), PtyNatives.platform("Windows 11", "x86-64"));
    }

    @Test
    void theBundledFilesAreUnpackedWholePrivateAndLoadable() throws Exception {
        Path root = unpack();

        for (String name : HERE.names()) {
            Path file = root.resolve(HERE.subPath()).resolve(name);
            assertArrayEquals(bundled(name), Files.readAllBytes(file), name);
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), name);
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(root)));
        // What pty4j does with it: the dynamic loader takes it.
        com.sun.jna.NativeLibrary.getInstance(root.resolve(HERE.subPath()).resolve(HERE.names().get(0)).toString());
    }

    @Test
    void launchesUnpackingAtTheSameMomentAllGetTheWholeFilesAndLeaveNoStagingBehind() throws Exception {
        int launches = 8;
        ExecutorService pool = Executors.newFixedThreadPool(launches);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Path>> roots = new ArrayList<>();
            for (int i = 0; i < launches; i++) {
                roots.add(pool.submit(() -> {
                    go.await();
                    return unpack();
                }));
            }
            go.countDown();
            Path first = roots.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Path> root : roots) {
                assertEquals(first, root.get(30, TimeUnit.SECONDS));
            }
            for (String name : HERE.names()) {
                assertArrayEquals(bundled(name), Files.readAllBytes(first.resolve(HERE.subPath()).resolve(name)));
            }
            try (Stream<Path> files = Files.walk(cache)) {
                // PrivateBundle stages an install in a ".install-…" directory beside it.
                assertEquals(List.of(), files.filter(p -> p.getFileName().toString().startsWith(".install-")).toList());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTruncatedFileLeftBehindIsReplacedWhole() throws Exception {
        Path root = unpack();
        Path library = root.resolve(HERE.subPath()).resolve(HERE.names().get(0));
        byte[] whole = Files.readAllBytes(library);
        Files.write(library, java.util.Arrays.copyOf(whole, whole.length / 3));

        assertEquals(root, unpack());

        assertArrayEquals(whole, Files.readAllBytes(library));
    }

    @Test
    void anotherVersionsFilesGetAFolderOfTheirOwn() throws Exception {
        Path root = unpack();
        Path other = PtyNatives.unpack(cache, new PtyNatives.Platform(HERE.subPath(), List.of()),
                PtyNatives.class.getClassLoader()).orElseThrow();

        assertTrue(!root.equals(other), root + " vs " + other);
        assertTrue(Files.isRegularFile(root.resolve(HERE.subPath()).resolve(HERE.names().get(0))));
    }
}
