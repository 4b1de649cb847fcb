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

    private static final String MARK = ".corrupt-";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Clock clock;

    public Quarantine(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return where the file now is */
    public Path moveAside(Path file) throws IOException {
        return toFreeName(file, destination -> Files.move(file, destination));
    }

    /**
     * Gives the file a second, quarantine name (a hard link) and leaves it in place, for a file that a later
     * write replaces anyway but whose absence in between would mean something.
     *
     * @return the quarantine name
     */
    public Path linkAside(Path file) throws IOException {
        return toFreeName(file, destination -> Files.createLink(destination, file));
    }

    /** A name such as {@code session.corrupt-20250314-091502.json}, matching {@link #isQuarantined}. */
    public static boolean isQuarantined(String fileName) {
        return fileName.contains(MARK);
    }

    private Path toFreeName(Path file, Placement placement) throws IOException {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        String base = stem + MARK + STAMP.format(LocalDateTime.now(clock));
        for (int attempt = 1; attempt <= MAX_SAME_SECOND_NAMES; attempt++) {
            Path destination = file.resolveSibling(base + (attempt == 1 ? "" : "-" + attempt) + extension);
            try {
                // Never replacing: an earlier quarantined file from the same second must survive too.
                placement.place(destination);
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            if (Files.isRegularFile(destination)) {
                PrivateFiles.restrictToOwner(destination);
            }
            PrivateFiles.syncDirectory(destination.toAbsolutePath().getParent());
            return destination;
        }
        throw new IOException("No free quarantine name for " + file + " after " + MAX_SAME_SECOND_NAMES + " tries");
    }

    @FunctionalInterface
    private interface Placement {
        void place(Path destination) throws IOException;
    }
}
