package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the state directory bounded and private, once per launch, before anything reads it: temporary files a
 * crash left in the middle of a write are deleted (the launch holds the instance lock, so no writer of them is
 * alive); quarantined {@code *.corrupt-*} files are kept as evidence, the newest few always and the rest until
 * they are 30 days old; files and directories found looser than 0600 / 0700 — say a {@code session.json} a user
 * copied in with 0666 — are tightened now rather than at their next write.
 */
public final class StateHousekeeping {

    /** Quarantined files always kept per directory, newest first. */
    public static final int KEPT_QUARANTINED_FILES = 5;
    /** Older quarantined files beyond those are deleted once they are this old. */
    public static final Duration QUARANTINE_RETENTION = Duration.ofDays(30);

    private static final Logger log = LoggerFactory.getLogger(StateHousekeeping.class);

    private final Clock clock;

    public StateHousekeeping(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What one pass did. */
    public record Report(int temporariesDeleted, int quarantinedDeleted, int tightened) {
    }

    /** Tidies the state root and the directories Holdfast keeps in it. Never throws: each step is best effort. */
    public Report tidy(StateDirectory directory) {
        int[] counts = new int[3];
        tidyDirectory(directory.root(), counts);
        for (Path inner : List.of(directory.scrollbackDir(), directory.logsDir())) {
            if (Files.isDirectory(inner, LinkOption.NOFOLLOW_LINKS)) {
                tighten(inner, PrivateFiles.DIRECTORY_PERMISSIONS, counts);
                tidyDirectory(inner, counts);
            }
        }
        Report report = new Report(counts[0], counts[1], counts[2]);
        if (counts[0] + counts[1] + counts[2] > 0) {
            log.info("Tidied {}: deleted {} temporary and {} old quarantined files, tightened {} to owner-only",
                    directory.root(), counts[0], counts[1], counts[2]);
        }
        return report;
    }

    private void tidyDirectory(Path dir, int[] counts) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir)) {
            listing.forEach(entries::add);
        } catch (IOException e) {
            log.warn("Could not list {} to tidy it: {}", dir, e.toString());
            return;
        }
        boolean deleted = false;
        List<Aged> quarantined = new ArrayList<>();
        for (Path entry : entries) {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                continue;
            }
            if (!attributes.isRegularFile()) {
                continue;
            }
            String name = entry.getFileName().toString();
            if (name.startsWith(".") && name.endsWith(".tmp")) {
                deleted |= delete(entry, counts, 0);
                continue;
            }
            if (Quarantine.isQuarantined(name)) {
                quarantined.add(new Aged(entry, attributes.lastModifiedTime().toInstant()));
            }
            tighten(entry, PrivateFiles.FILE_PERMISSIONS, counts);
        }
        quarantined.sort(Comparator.comparing(Aged::modified).reversed());
        Instant cutoff = clock.instant().minus(QUARANTINE_RETENTION);
        for (int i = KEPT_QUARANTINED_FILES; i < quarantined.size(); i++) {
            if (quarantined.get(i).modified().isBefore(cutoff)) {
                deleted |= delete(quarantined.get(i).path(), counts, 1);
            }
        }
        if (deleted) {
            try {
                PrivateFiles.syncDirectory(dir);
            } catch (IOException e) {
                log.debug("Could not sync {}: {}", dir, e.toString());
            }
        }
    }

    private static boolean delete(Path file, int[] counts, int slot) {
        try {
            if (Files.deleteIfExists(file)) {
                counts[slot]++;
                return true;
            }
        } catch (IOException e) {
            log.warn("Could not delete {}: {}", file, e.toString());
        }
        return false;
    }

    private static void tighten(Path path, java.util.Set<java.nio.file.attribute.PosixFilePermission> wanted,
                                int[] counts) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.permissions().equals(wanted)) {
                Files.setPosixFilePermissions(path, wanted);
                counts[2]++;
                log.info("Restricted {} to its owner", path);
            }
        } catch (IOException | UnsupportedOperationException e) {
            log.warn("Could not restrict {} to its owner: {}", path, e.toString());
        }
    }

    private record Aged(Path path, Instant modified) {
    }
}
