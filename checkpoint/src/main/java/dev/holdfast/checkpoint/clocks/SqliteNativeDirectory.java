package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.store.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Points sqlite-jdbc at a private directory for its native library. Without {@code org.sqlite.tmpdir} it unpacks
 * the library into the system temp directory on every start, readable by anyone. Must run before the first
 * sqlite-jdbc class is used; {@link PaneClocks#open} runs it.
 */
public final class SqliteNativeDirectory {
    public static final String PROPERTY = "org.sqlite.tmpdir";

    private SqliteNativeDirectory() {
    }

    /**
     * Creates {@code dir} (0700) and sets {@code org.sqlite.tmpdir} to it, unless the property is already set
     * (the launcher or a test chose one, which is then created). Returns the directory in effect.
     */
    public static Path install(Path dir) throws IOException {
        String existing = System.getProperty(PROPERTY);
        Path target = existing != null && !existing.isBlank() ? Path.of(existing) : dir;
        PrivateFiles.createDirectories(target);
        System.setProperty(PROPERTY, target.toAbsolutePath().toString());
        return target;
    }
}
