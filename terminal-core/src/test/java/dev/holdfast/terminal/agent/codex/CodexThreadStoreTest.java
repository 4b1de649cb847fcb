package dev.holdfast.terminal.agent.codex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.fixtures.codex.FakeCodexHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexThreadStoreTest {
    @TempDir
    Path dir;

    private final Path cwd = Path.of("/work/proj");
    private final Set<String> cwds = Set.of(cwd.toString());

    @Test
    void readsRowsOfEverySourceAndListsOnlyInteractiveOnesAsCandidates() {
        FakeCodexHome home = FakeCodexHome.create(dir);
        Instant t = Instant.parse("2026-11-30T10:00:00Z");
        String cli = home.add(FakeCodexHome.thread().cwd(cwd).createdAt(t).updatedAt(t).turn("q", "a"));
        String vscode = home.add(FakeCodexHome.thread().cwd(cwd).source("vscode").createdAt(t.plusSeconds(1)));
        String exec = home.add(FakeCodexHome.thread().cwd(cwd).source("exec").createdAt(t.plusSeconds(2)));
        String sub = home.add(FakeCodexHome.thread().cwd(cwd).source("{\"subagent\":{\"thread_spawn\":{\"depth\":1}}}")
                .createdAt(t.plusSeconds(3)));
        home.add(FakeCodexHome.thread().cwd(cwd).archived().createdAt(t.plusSeconds(4)));
        try (CodexThreadStore store = CodexThreadStore.open(home.database())) {
            assertEquals(List.of(vscode, cli), store.newestInteractive(cwds, 32).stream().map(CodexThread::id).toList());
            // The limit applies to interactive threads: newer exec and sub-agent rows cannot push them out.
            assertEquals(List.of(vscode, cli), store.newestInteractive(cwds, 2).stream().map(CodexThread::id).toList());
            assertEquals(List.of(exec, sub), store.begunSince(cwds, t.plusSeconds(2)).stream().map(CodexThread::id).toList());
            CodexThread row = store.byId(cli).orElseThrow();
            assertEquals(Optional.of("q"), row.firstUserMessage());
            assertEquals(t, row.createdAt());
            assertTrue(row.interactive());
            assertFalse(store.byId(sub).orElseThrow().interactive());
        }
    }

    @Test
    void toleratesAStoreWithoutTheOptionalColumns() {
        FakeCodexHome home = FakeCodexHome.withoutOptionalColumns(dir);
        String id = home.add(FakeCodexHome.thread().cwd(cwd).turn("q", "a"));
        try (CodexThreadStore store = CodexThreadStore.open(home.database())) {
            CodexThread row = store.byId(id).orElseThrow();
            assertEquals(Optional.empty(), row.source());
            assertEquals(Optional.empty(), row.firstUserMessage());
            assertTrue(row.interactive(), "without a source column every thread may be a tab's");
            assertEquals(List.of(id), store.newestInteractive(cwds, 32).stream().map(CodexThread::id).toList());
        }
    }

    @Test
    void neverWritesTheDatabase() throws Exception {
        FakeCodexHome home = FakeCodexHome.create(dir);
        home.add(FakeCodexHome.thread().cwd(cwd).turn("q", "a"));
        byte[] before = Files.readAllBytes(home.database());
        Map<String, Object> attributes = Files.readAttributes(home.database(), "lastModifiedTime,size");
        try (CodexThreadStore store = CodexThreadStore.open(home.database())) {
            store.newestInteractive(cwds, 32);
            store.begunSince(cwds, Instant.EPOCH);
            assertThrows(java.sql.SQLException.class, () -> {
                try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + home.database().toUri() + "?mode=ro");
                        var s = c.createStatement()) {
                    s.execute("DELETE FROM threads");
                }
            });
        }
        assertArrayEquals(before, Files.readAllBytes(home.database()));
        assertEquals(attributes, Files.readAttributes(home.database(), "lastModifiedTime,size"));
    }

    @Test
    void aCorruptOrForeignDatabaseIsAClearError() throws Exception {
        Path corrupt = dir.resolve("state_5.sqlite");
        Files.writeString(corrupt, "not a database at all, just text that is long enough to have a header........");
        CodexStoreException e = assertThrows(CodexStoreException.class, () -> CodexThreadStore.open(corrupt));
        assertTrue(e.getMessage().contains("state_5.sqlite"), e.getMessage());

        Path empty = dir.resolve("empty/state_6.sqlite");
        Files.createDirectories(empty.getParent());
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + empty); var s = c.createStatement()) {
            s.execute("CREATE TABLE other (x)");
        }
        assertTrue(assertThrows(CodexStoreException.class, () -> CodexThreadStore.open(empty)).getMessage()
                .contains("no threads table"));
    }

    @Test
    void theHighestStateDatabaseIsTheOneRead() throws Exception {
        Files.writeString(dir.resolve("state_4.sqlite"), "");
        Files.writeString(dir.resolve("state_12.sqlite"), "");
        Files.writeString(dir.resolve("state_5.sqlite"), "");
        assertEquals(Optional.of(dir.resolve("state_12.sqlite").toAbsolutePath().normalize()),
                CodexHome.of(dir).stateDatabase());
    }

    @Test
    void theHomeComesFromTheProcessEnvironmentThenTheTabsThenTheDefault() {
        Path user = Path.of("/home/u");
        assertEquals(Path.of("/p/codex"), CodexHome.forEnvironment(Optional.of(Map.of("CODEX_HOME", "/p/codex")),
                Map.of("CODEX_HOME", "/tab/codex"), user).home());
        assertEquals(Path.of("/tab/codex"), CodexHome.forEnvironment(Optional.empty(), Map.of("CODEX_HOME", "/tab/codex"), user).home());
        assertEquals(Path.of("/home/u/.codex"), CodexHome.forEnvironment(Optional.empty(), Map.of(), user).home());
        CodexHome split = CodexHome.forEnvironment(Optional.of(Map.of("CODEX_HOME", "/c", "CODEX_SQLITE_HOME", "/db")), Map.of(), user);
        assertEquals(Path.of("/db"), split.stateDirectory());
    }
}
