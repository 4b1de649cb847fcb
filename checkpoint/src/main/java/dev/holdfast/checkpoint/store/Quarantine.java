package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * Moves a rejected state file aside instead of deleting it, so the evidence survives for a bug report and the
 * next launch does not trip over it again: {@code session.json} becomes
 * {@code session.corrupt-20250314-091502.json}, in the same directory, readable only by its owner.
 */
public final class Quarantine {

    /** Gives up on free names after this many same-second collisions; only a loop gone wrong gets there. */
    private static final int MAX_SAME_SECOND_NAMES = 100;

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Clock clock;

    public Quarantine(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return where the file now is */
    public Path moveAside(Path file) throws IOException {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        String base = stem + ".corrupt-" + STAMP.format(LocalDateTime.now(clock));
        for (int attempt = 1; attempt <= MAX_SAME_SECOND_NAMES; attempt++) {
            Path destination = file.resolveSibling(base + (attempt == 1 ? "" : "-" + attempt) + extension);
            try {
                // No REPLACE_EXISTING: an earlier quarantined file from the same second must survive too.
                Files.move(file, destination);
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            if (Files.isRegularFile(destination)) {
                PrivateFiles.restrictToOwner(destination);
            }
            return destination;
        }
        throw new IOException("No free quarantine name for " + file + " after " + MAX_SAME_SECOND_NAMES + " tries");
    }
}
