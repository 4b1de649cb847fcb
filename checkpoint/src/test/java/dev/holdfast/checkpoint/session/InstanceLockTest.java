package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceLockTest {

    @TempDir
    Path root;

    @Test
    void oneLaunchOwnsTheDirectoryUntilItLetsGo() throws IOException {
        StateDirectory dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();

        InstanceLock first = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir)).lock();
        assertInstanceOf(InstanceLock.HeldElsewhere.class, InstanceLock.tryAcquire(dir));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(InstanceLock.fileIn(dir))));

        first.close();
        InstanceLock.Attempt again = InstanceLock.tryAcquire(dir);
        InstanceLock second = assertInstanceOf(InstanceLock.Acquired.class, again).lock();
        second.close();
    }

    @Test
    void anotherProcessHoldingTheLockMakesThisLaunchASecondInstanceAndItsDeathFreesIt() throws Exception {
        StateDirectory dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        Process holder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(), dir.root().toString()))
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine());

            assertInstanceOf(InstanceLock.HeldElsewhere.class, InstanceLock.tryAcquire(dir));

            holder.destroyForcibly();
            assertTrue(holder.waitFor(10, TimeUnit.SECONDS));
            InstanceLock mine = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir),
                    "kill -9 of the owner releases the lock").lock();
            mine.close();
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void aLockFileRemovedUnderTheOwnerIsTakenAgainSoALaterLaunchStillFindsItHeld() throws IOException {
        StateDirectory dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        InstanceLock owner = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir)).lock();
        assertEquals(InstanceLock.Hold.HELD, owner.keep());

        Files.delete(InstanceLock.fileIn(dir));
        assertEquals(InstanceLock.Hold.RETAKEN, owner.keep());
        assertTrue(Files.exists(InstanceLock.fileIn(dir)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(InstanceLock.fileIn(dir))));
        assertInstanceOf(InstanceLock.HeldElsewhere.class, InstanceLock.tryAcquire(dir), "the new file is held");
        assertEquals(InstanceLock.Hold.HELD, owner.keep());
        owner.close();
        InstanceLock next = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir)).lock();
        next.close();
    }

    @Test
    void aLockFileTakenByAnotherLaunchAfterItWasRemovedIsReportedLost() throws IOException {
        StateDirectory dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        InstanceLock owner = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir)).lock();
        Files.delete(InstanceLock.fileIn(dir));
        InstanceLock intruder = assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(dir)).lock();

        assertEquals(InstanceLock.Hold.LOST, owner.keep());
        intruder.close();
        owner.close();
    }

    @Test
    void anUnwritableStateDirectoryFailsWithAReason() throws IOException {
        Path notADirectory = Files.writeString(root.resolve("file"), "x");
        StateDirectory dir = new StateDirectory(notADirectory, root.resolve("config"));

        InstanceLock.Failed failed = assertInstanceOf(InstanceLock.Failed.class, InstanceLock.tryAcquire(dir));

        assertTrue(failed.reason().contains("Not a directory") || failed.reason().contains("FileSystemException"),
                failed.reason());
    }

    /** A second process that takes the lock, says so, and holds it until it is killed. */
    public static final class LockHolder {
        public static void main(String[] args) throws Exception {
            StateDirectory dir = new StateDirectory(Path.of(args[0]), Path.of(args[0]));
            InstanceLock.Attempt attempt = InstanceLock.tryAcquire(dir);
            System.out.println(attempt instanceof InstanceLock.Acquired ? "locked" : "not locked: " + attempt);
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
