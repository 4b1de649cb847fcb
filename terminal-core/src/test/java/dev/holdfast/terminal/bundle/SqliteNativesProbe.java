package dev.holdfast.terminal.bundle;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run in a JVM of its own by {@link SqliteNativesTest}: installs sqlite-jdbc's library as the app does (unless told
 * not to), opens an in-memory database, prints what SQLite answers and "ready", then waits to be killed.
 */
public final class SqliteNativesProbe {
    private SqliteNativesProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        System.setProperty("org.sqlite.tmpdir", dir.toString());
        if (!(args.length > 1 && args[1].equals("library-unpacks"))) {
            SqliteNatives.install(dir);
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
             Statement statement = connection.createStatement();
             ResultSet answer = statement.executeQuery("select 'sqlite ' || sqlite_version()")) {
            answer.next();
            System.out.println(answer.getString(1));
        }
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(60_000);
    }
}
