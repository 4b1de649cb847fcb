package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.session.ProcessIdentity;
import dev.holdfast.checkpoint.store.PrivateFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.sqlite.SQLiteConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pane clock table and the launches table of {@code panes.sqlite}, and the only code that holds SQL for them.
 * One connection, used by one thread (the {@link PaneClocks} executor). WAL journal, so readers never wait for a
 * writer; a busy timeout bounds every wait for another connection's lock. The file is created 0600 before SQLite
 * opens it, and SQLite gives its {@code -wal} and {@code -shm} files the database's mode.
 */
final class PaneClockStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PaneClockStore.class);

    /** {@code PRAGMA user_version} of this layout; a database with a higher one is a newer Holdfast's. */
    static final int SCHEMA_VERSION = 1;

    private static final String CREATE_PANES = """
            CREATE TABLE IF NOT EXISTS pane_clocks (
              panel_id TEXT NOT NULL,
              lineage_id TEXT NOT NULL,
              fingerprint TEXT NOT NULL,
              fingerprint_since_ms INTEGER NOT NULL,
              state TEXT NOT NULL,
              state_since_ms INTEGER NOT NULL,
              card_json TEXT,
              card_version INTEGER,
              owner_launch TEXT NOT NULL,
              updated_at_ms INTEGER NOT NULL,
              PRIMARY KEY (panel_id, lineage_id)
            ) WITHOUT ROWID""";
    private static final String CREATE_LAUNCHES = """
            CREATE TABLE IF NOT EXISTS launches (
              launch_id TEXT PRIMARY KEY,
              lineage_id TEXT NOT NULL,
              pid INTEGER NOT NULL,
              pid_started_at_ms INTEGER,
              started_at_ms INTEGER NOT NULL,
              owns_session INTEGER NOT NULL
            )""";
    private static final String SELECT_PANES = """
            SELECT panel_id, lineage_id, fingerprint, fingerprint_since_ms, state, state_since_ms, card_json,
                   card_version, owner_launch, updated_at_ms
            FROM pane_clocks""";
    private static final String SELECT_LAUNCHES = """
            SELECT launch_id, lineage_id, pid, pid_started_at_ms, started_at_ms, owns_session FROM launches""";
    /** The whole row, but only when it records other facts than the stored one: a second writer's no-op. */
    private static final String UPSERT_PANE = """
            INSERT INTO pane_clocks (panel_id, lineage_id, fingerprint, fingerprint_since_ms, state, state_since_ms,
                                     card_json, card_version, owner_launch, updated_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (panel_id, lineage_id) DO UPDATE SET
              fingerprint = excluded.fingerprint,
              fingerprint_since_ms = excluded.fingerprint_since_ms,
              state = excluded.state,
              state_since_ms = excluded.state_since_ms,
              card_json = excluded.card_json,
              card_version = excluded.card_version,
              owner_launch = excluded.owner_launch,
              updated_at_ms = excluded.updated_at_ms
            WHERE pane_clocks.fingerprint IS NOT excluded.fingerprint
               OR pane_clocks.state IS NOT excluded.state
               OR pane_clocks.card_json IS NOT excluded.card_json
               OR pane_clocks.card_version IS NOT excluded.card_version""";
    private static final String DELETE_PANE_IF_UNCHANGED = """
            DELETE FROM pane_clocks
            WHERE panel_id = ? AND lineage_id = ? AND fingerprint = ? AND updated_at_ms = ?""";
    private static final String UPSERT_LAUNCH = """
            INSERT OR REPLACE INTO launches (launch_id, lineage_id, pid, pid_started_at_ms, started_at_ms, owns_session)
            VALUES (?, ?, ?, ?, ?, ?)""";
    private static final String DELETE_LAUNCH = "DELETE FROM launches WHERE launch_id = ?";

    private final Connection connection;
    private final boolean readOnly;

    private PaneClockStore(Connection connection, boolean readOnly) {
        this.connection = connection;
        this.readOnly = readOnly;
    }

    /**
     * Opens (creating it 0600 when missing) and checks the database: WAL, a quick integrity check, the schema.
     * A file that cannot be written is opened read-only, so its rows can still seed this launch.
     *
     * @throws ClockStoreException saying whether it is corrupt, locked, read-only, newer, or unavailable
     */
    static PaneClockStore open(Path file, Duration busyTimeout) throws ClockStoreException {
        try {
            createPrivately(file);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new ClockStoreException(ClockStoreProblem.UNAVAILABLE, e.toString(), e);
            }
        }
        try {
            return prepare(connect(file, busyTimeout, false), false);
        } catch (ClockStoreException e) {
            if (e.problem() != ClockStoreProblem.READ_ONLY) {
                throw e;
            }
            LOG.info("{} cannot be written ({}); reading it only", file, e.getMessage());
            return prepare(connect(file, busyTimeout, true), true);
        }
    }

    private static void createPrivately(Path file) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PrivateFiles.FILE_PERMISSIONS));
        } catch (FileAlreadyExistsException e) {
            // Tighten a file others could read; a file its owner made read-only stays read-only.
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
            Set<PosixFilePermission> ownerOnly = EnumSet.noneOf(PosixFilePermission.class);
            for (PosixFilePermission p : mode) {
                if (p == PosixFilePermission.OWNER_READ || p == PosixFilePermission.OWNER_WRITE) {
                    ownerOnly.add(p);
                }
            }
            if (!ownerOnly.equals(mode)) {
                Files.setPosixFilePermissions(file, ownerOnly);
            }
        }
    }

    private static Connection connect(Path file, Duration busyTimeout, boolean readOnly) throws ClockStoreException {
        // Only what needs no lock is set at connect; the pragmas that do run in prepare(), where a failure is ours.
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, busyTimeout.toMillis()));
        config.setReadOnly(readOnly);
        try {
            return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
        } catch (SQLException e) {
            throw failure(e, "open");
        }
    }

    private static PaneClockStore prepare(Connection connection, boolean readOnly) throws ClockStoreException {
        try {
            try (Statement s = connection.createStatement()) {
                if (!readOnly) {
                    s.execute("PRAGMA journal_mode = WAL");
                    s.execute("PRAGMA synchronous = NORMAL");
                }
                try (ResultSet check = s.executeQuery("PRAGMA quick_check")) {
                    String verdict = check.next() ? check.getString(1) : "no answer";
                    if (!"ok".equalsIgnoreCase(verdict)) {
                        throw new ClockStoreException(ClockStoreProblem.CORRUPT, "integrity check: " + verdict, null);
                    }
                }
                int version;
                try (ResultSet v = s.executeQuery("PRAGMA user_version")) {
                    version = v.next() ? v.getInt(1) : 0;
                }
                if (version > SCHEMA_VERSION) {
                    throw new ClockStoreException(ClockStoreProblem.NEWER_SCHEMA, "schema " + version, null);
                }
                if (!readOnly) {
                    s.execute(CREATE_PANES);
                    s.execute(CREATE_LAUNCHES);
                    if (version < SCHEMA_VERSION) {
                        s.execute("PRAGMA user_version = " + SCHEMA_VERSION);
                    }
                }
            }
            return new PaneClockStore(connection, readOnly);
        } catch (SQLException e) {
            closeQuietly(connection);
            throw failure(e, "prepare");
        } catch (ClockStoreException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    boolean readOnly() {
        return readOnly;
    }

    /** Every row and launch, in one read. Rows that cannot be read are counted and left alone. */
    PaneClockPreload loadAll() throws ClockStoreException {
        Map<PaneKey, PaneClockRow> rows = new HashMap<>();
        List<LaunchRow> launches = new ArrayList<>();
        int skipped = 0;
        try (Statement s = connection.createStatement()) {
            if (!tableExists(s, "pane_clocks")) {
                return PaneClockPreload.EMPTY;
            }
            try (ResultSet r = s.executeQuery(SELECT_PANES)) {
                while (r.next()) {
                    try {
                        PaneKey key = new PaneKey(UUID.fromString(r.getString(1)), UUID.fromString(r.getString(2)));
                        int cardVersion = r.getInt(8);
                        Integer version = r.wasNull() ? null : cardVersion;
                        rows.put(key, new PaneClockRow(key, r.getString(3), Instant.ofEpochMilli(r.getLong(4)),
                                r.getString(5), Instant.ofEpochMilli(r.getLong(6)), r.getString(7), version,
                                UUID.fromString(r.getString(9)), Instant.ofEpochMilli(r.getLong(10))));
                    } catch (RuntimeException bad) {
                        skipped++;
                    }
                }
            }
            if (tableExists(s, "launches")) {
                try (ResultSet r = s.executeQuery(SELECT_LAUNCHES)) {
                    while (r.next()) {
                        try {
                            long started = r.getLong(4);
                            Instant pidStarted = r.wasNull() ? null : Instant.ofEpochMilli(started);
                            launches.add(new LaunchRow(UUID.fromString(r.getString(1)), UUID.fromString(r.getString(2)),
                                    new ProcessIdentity(r.getLong(3), pidStarted), Instant.ofEpochMilli(r.getLong(5)),
                                    r.getInt(6) != 0));
                        } catch (RuntimeException bad) {
                            skipped++;
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw failure(e, "read");
        }
        return new PaneClockPreload(rows, launches, skipped);
    }

    private static boolean tableExists(Statement s, String table) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'")) {
            return r.next();
        }
    }

    /**
     * Replaces the pane's row with {@code row}, unless the stored row already records the same facts.
     *
     * @return true when the row was written, false when the stored one already said the same
     */
    boolean write(PaneClockRow row) throws ClockStoreException {
        requireWritable();
        try (PreparedStatement p = connection.prepareStatement(UPSERT_PANE)) {
            p.setString(1, row.key().panelId().toString());
            p.setString(2, row.key().lineageId().toString());
            p.setString(3, row.fingerprint());
            p.setLong(4, row.fingerprintSince().toEpochMilli());
            p.setString(5, row.state());
            p.setLong(6, row.stateSince().toEpochMilli());
            p.setString(7, row.cardJson());
            if (row.cardVersion() == null) {
                p.setNull(8, java.sql.Types.INTEGER);
            } else {
                p.setInt(8, row.cardVersion());
            }
            p.setString(9, row.ownerLaunch().toString());
            p.setLong(10, row.updatedAt().toEpochMilli());
            return p.executeUpdate() > 0;
        } catch (SQLException e) {
            throw failure(e, "write");
        }
    }

    /** Deletes the pane's row if it is still exactly {@code row} (same fingerprint, same write time). */
    boolean deleteIfUnchanged(PaneClockRow row) throws ClockStoreException {
        requireWritable();
        try (PreparedStatement p = connection.prepareStatement(DELETE_PANE_IF_UNCHANGED)) {
            p.setString(1, row.key().panelId().toString());
            p.setString(2, row.key().lineageId().toString());
            p.setString(3, row.fingerprint());
            p.setLong(4, row.updatedAt().toEpochMilli());
            return p.executeUpdate() > 0;
        } catch (SQLException e) {
            throw failure(e, "prune");
        }
    }

    void recordLaunch(LaunchRow launch) throws ClockStoreException {
        requireWritable();
        try (PreparedStatement p = connection.prepareStatement(UPSERT_LAUNCH)) {
            p.setString(1, launch.launchId().toString());
            p.setString(2, launch.lineageId().toString());
            p.setLong(3, launch.process().pid());
            if (launch.process().startedAt() == null) {
                p.setNull(4, java.sql.Types.INTEGER);
            } else {
                p.setLong(4, launch.process().startedAt().toEpochMilli());
            }
            p.setLong(5, launch.startedAt().toEpochMilli());
            p.setInt(6, launch.ownsSession() ? 1 : 0);
            p.executeUpdate();
        } catch (SQLException e) {
            throw failure(e, "record the launch");
        }
    }

    void deleteLaunch(UUID launchId) throws ClockStoreException {
        requireWritable();
        try (PreparedStatement p = connection.prepareStatement(DELETE_LAUNCH)) {
            p.setString(1, launchId.toString());
            p.executeUpdate();
        } catch (SQLException e) {
            throw failure(e, "prune launches");
        }
    }

    private void requireWritable() throws ClockStoreException {
        if (readOnly) {
            throw new ClockStoreException(ClockStoreProblem.READ_ONLY, "opened read-only", null);
        }
    }

    private static ClockStoreException failure(SQLException e, String doing) {
        return new ClockStoreException(ClockStoreProblem.of(e), doing + ": " + firstLine(e.getMessage()), e);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("Closing panes.sqlite: {}", e.toString());
        }
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }
}
