package dev.holdfast.terminal.agent.codex;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Codex's {@code threads} table, read from {@code state_N.sqlite} — opened read-only and query-only, so
 * nothing here can write Codex's database. Codex keeps it in WAL mode while it runs; a read-only connection
 * reads the WAL too, so rows Codex has just committed are seen.
 *
 * <p>Columns vary between Codex versions: {@code id}, {@code rollout_path}, {@code created_at} and
 * {@code cwd} are required, every other one is read only when present ({@code source}, {@code agent_role},
 * {@code archived}, {@code created_at_ms}, {@code updated_at_ms}, {@code first_user_message}, {@code title},
 * {@code updated_at}). All SQL on this table is in this class.
 */
public final class CodexThreadStore implements CodexThreads, AutoCloseable {
    /** How long a read waits for Codex's write lock before giving up for this round. */
    static final int BUSY_TIMEOUT_MS = 2_000;
    private static final Set<String> REQUIRED = Set.of("id", "rollout_path", "created_at", "cwd");

    private final Path database;
    private final Connection connection;
    private final Set<String> columns;
    private final String select;

    private CodexThreadStore(Path database, Connection connection, Set<String> columns) {
        this.database = database;
        this.connection = connection;
        this.columns = columns;
        StringJoiner list = new StringJoiner(", ");
        for (String c : List.of("id", "rollout_path", "created_at", "created_at_ms", "updated_at", "updated_at_ms",
                "source", "cwd", "title", "first_user_message", "agent_role")) {
            if (columns.contains(c)) {
                list.add(c);
            }
        }
        this.select = "SELECT " + list + " FROM threads";
    }

    /** Opens the database read-only. */
    public static CodexThreadStore open(Path database) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        // Never create the file or its -wal/-shm: mode=ro in the URI, READONLY in the open flags.
        String url = "jdbc:sqlite:" + database.toAbsolutePath().toUri() + "?mode=ro";
        Connection connection = null;
        try {
            connection = DriverManager.getConnection(url, config.toProperties());
            try (Statement s = connection.createStatement()) {
                s.execute("PRAGMA query_only = 1");
            }
            Set<String> columns = new HashSet<>();
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("PRAGMA table_info(threads)")) {
                while (rs.next()) {
                    columns.add(rs.getString("name"));
                }
            }
            if (!columns.containsAll(REQUIRED)) {
                throw new SQLException(columns.isEmpty() ? "it has no threads table"
                        : "its threads table lacks " + missing(columns));
            }
            return new CodexThreadStore(database, connection, Set.copyOf(columns));
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new CodexStoreException("Codex's state database " + database + " could not be read: " + e.getMessage(), e);
        }
    }

    private static String missing(Set<String> columns) {
        Set<String> missing = new HashSet<>(REQUIRED);
        missing.removeAll(columns);
        return String.join(", ", missing);
    }

    public Path database() {
        return database;
    }

    @Override
    public Optional<CodexThread> byId(String id) {
        List<CodexThread> rows = query(select + " WHERE id = ?", List.of(id));
        return rows.stream().findFirst();
    }

    @Override
    public List<CodexThread> newestInteractive(Set<String> cwds, int limit) {
        if (cwds.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder(select).append(" WHERE cwd IN (").append(marks(cwds.size())).append(')');
        List<Object> args = new ArrayList<>(cwds);
        if (columns.contains("archived")) {
            sql.append(" AND archived = 0");
        }
        // A burst of `codex exec` runs or sub-agents must not push the tab's own thread out of the newest.
        if (columns.contains("source")) {
            sql.append(" AND source IN ('cli', 'vscode')");
        } else if (columns.contains("agent_role")) {
            sql.append(" AND agent_role IS NULL");
        }
        sql.append(" ORDER BY ").append(columns.contains("updated_at_ms") ? "COALESCE(updated_at_ms, updated_at * 1000)"
                : columns.contains("updated_at") ? "updated_at" : "created_at").append(" DESC LIMIT ?");
        args.add(limit);
        return query(sql.toString(), args).stream().filter(CodexThread::interactive).toList();
    }

    @Override
    public List<CodexThread> begunSince(Set<String> cwds, Instant since) {
        if (cwds.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder(select).append(" WHERE cwd IN (").append(marks(cwds.size())).append(')');
        List<Object> args = new ArrayList<>(cwds);
        if (columns.contains("archived")) {
            sql.append(" AND archived = 0");
        }
        // created_at is whole seconds: a thread begun in the same second as `since` counts.
        sql.append(" AND created_at >= ?");
        args.add(Math.floorDiv(since.toEpochMilli(), 1000));
        sql.append(" ORDER BY created_at");
        return query(sql.toString(), args);
    }

    private static String marks(int n) {
        StringJoiner j = new StringJoiner(", ");
        for (int i = 0; i < n; i++) {
            j.add("?");
        }
        return j.toString();
    }

    private List<CodexThread> query(String sql, List<Object> args) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                statement.setObject(i + 1, args.get(i));
            }
            List<CodexThread> rows = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    row(rs).ifPresent(rows::add);
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new CodexStoreException("Codex's state database " + database + " could not be read: " + e.getMessage(), e);
        }
    }

    /** One row, or empty when it is unusable (no id, no rollout path). */
    private Optional<CodexThread> row(ResultSet rs) throws SQLException {
        String id = rs.getString("id");
        String rollout = rs.getString("rollout_path");
        if (id == null || id.isBlank() || rollout == null || rollout.isBlank()) {
            return Optional.empty();
        }
        Instant created = instant(rs, "created_at_ms", "created_at");
        Instant updated = columns.contains("updated_at") || columns.contains("updated_at_ms")
                ? instant(rs, "updated_at_ms", "updated_at") : created;
        return Optional.of(new CodexThread(id.toLowerCase(), Path.of(rollout), created, updated,
                text(rs, "source"), Optional.ofNullable(rs.getString("cwd")).orElse(""),
                text(rs, "title").orElse(""), text(rs, "first_user_message").filter(s -> !s.isBlank()),
                text(rs, "agent_role").filter(s -> !s.isBlank())));
    }

    private Instant instant(ResultSet rs, String millisColumn, String secondsColumn) throws SQLException {
        if (columns.contains(millisColumn)) {
            long ms = rs.getLong(millisColumn);
            if (!rs.wasNull() && ms > 0) {
                return Instant.ofEpochMilli(ms);
            }
        }
        if (columns.contains(secondsColumn)) {
            long s = rs.getLong(secondsColumn);
            if (!rs.wasNull()) {
                return Instant.ofEpochSecond(s);
            }
        }
        return Instant.EPOCH;
    }

    private Optional<String> text(ResultSet rs, String column) throws SQLException {
        return columns.contains(column) ? Optional.ofNullable(rs.getString(column)) : Optional.empty();
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // Read-only: nothing to lose.
            }
        }
    }
}
