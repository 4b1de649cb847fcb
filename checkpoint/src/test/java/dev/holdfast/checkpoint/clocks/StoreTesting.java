package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadFactory;

/** Shared bits of the store tests: a second connection, rows, a read-only file. */
final class StoreTesting {
    static final ThreadFactory THREADS = r -> {
        Thread t = new Thread(r, "holdfast-pane-clocks-test");
        t.setDaemon(true);
        return t;
    };

    private StoreTesting() {
    }

    static Connection connection(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
    }

    /** A second connection that holds {@code db} exclusively until closed: no other connection reads or writes. */
    static Connection exclusiveHolder(Path db) throws SQLException {
        Connection holder = connection(db);
        try (Statement s = holder.createStatement()) {
            s.execute("PRAGMA locking_mode = EXCLUSIVE");
            s.execute("BEGIN EXCLUSIVE");
            s.execute("CREATE TABLE IF NOT EXISTS held (x)");
        }
        return holder;
    }

    /** A second connection in the middle of a write transaction: other writers wait, then fail busy. */
    static Connection writeHolder(Path db) throws SQLException {
        Connection holder = connection(db);
        try (Statement s = holder.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            s.execute("CREATE TABLE IF NOT EXISTS held (x)");
        }
        return holder;
    }

    static PaneClockRow row(UUID panel, UUID lineage, UUID owner, String hash, String state, Instant at) {
        return new PaneClockRow(new PaneKey(panel, lineage), hash, at, state, at, "{\"title\":\"t\"}", 1, owner, at);
    }

    /**
     * Makes {@code file} impossible to write for this process: its mode for a user, the immutable attribute for
     * root (whom modes do not stop). Skips the test where neither works.
     */
    static void makeReadOnly(Path file) throws IOException, InterruptedException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
        if (Files.isWritable(file)) {
            Process chattr = new ProcessBuilder("chattr", "+i", file.toString()).redirectErrorStream(true).start();
            boolean done = chattr.waitFor() == 0;
            assumeTrue(done && !canOpenForWriting(file),
                    "running as root without chattr: cannot make a read-only database here");
        }
    }

    static void makeWritable(Path file) throws IOException, InterruptedException {
        new ProcessBuilder("chattr", "-i", file.toString()).redirectErrorStream(true).start().waitFor();
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    private static boolean canOpenForWriting(Path file) {
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
