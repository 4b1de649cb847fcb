package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.scrollback.ScrollbackRecordCodec.Decoded;
import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.store.FileTooLargeException;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.Quarantine;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checkpoint files, {@code <state>/scrollback/<panelId>.json}: a 0700 directory of 0600 files. A record is
 * written whole and atomically (temporary file, fsync, rename); incremental captures are appended to it, each
 * synced, so a crash leaves the file as of the last capture that completed (a torn last append is ignored).
 * Deletions are followed by a sync of the directory: the next launch decides from what it finds there. Calls must
 * not overlap: the checkpoint executor owns the store while the app runs, a startup thread before that.
 */
public final class ScrollbackStore {

    private static final Logger log = LoggerFactory.getLogger(ScrollbackStore.class);

    private static final String RECORD_SUFFIX = ".json";
    private static final int UUID_TEXT_LENGTH = 36;

    private final Path directory;
    private final Quarantine quarantine;
    private final int maxRecordBytes;
    private final ScrollbackRecordCodec codec = new ScrollbackRecordCodec();

    /**
     * @param clock          stamps the names of files moved aside
     * @param maxRecordBytes the largest file written or read ({@link CheckpointSettings#maxRecordBytes()})
     */
    public ScrollbackStore(StateDirectory stateDirectory, Clock clock, int maxRecordBytes) {
        this.directory = stateDirectory.scrollbackDir();
        this.quarantine = new Quarantine(clock);
        if (maxRecordBytes < 1) {
            throw new IllegalArgumentException("maxRecordBytes must be positive: " + maxRecordBytes);
        }
        this.maxRecordBytes = maxRecordBytes;
    }

    public Path directory() {
        return directory;
    }

    public Path fileOf(UUID panelId) {
        return directory.resolve(panelId + RECORD_SUFFIX);
    }

    public int maxRecordBytes() {
        return maxRecordBytes;
    }

    /**
     * Replaces the panel's checkpoint with {@code record}, creating the directory when needed.
     *
     * @return the size of the file written
     * @throws OversizedRecordException when the encoded record exceeds the size limit; nothing is written, so
     *                                  no reader ever meets a file it would reject for its size
     * @throws IOException              when it could not be written; the previous file, if any, is then whole
     */
    public long write(ScrollbackRecord record) throws IOException {
        byte[] bytes = codec.encode(record);
        if (bytes.length > maxRecordBytes) {
            throw new OversizedRecordException(record.panelId(), bytes.length, maxRecordBytes);
        }
        PrivateFiles.createDirectories(directory);
        PrivateFiles.writeAtomically(fileOf(record.panelId()), bytes);
        return bytes.length;
    }

    /**
     * Appends one incremental capture to the panel's file, durably, if the file would stay within the size limit.
     * A failed append is cut off again, so the file stays as it was.
     *
     * @param sizeBefore the file's size after the last write or append this launch made to it
     * @return the file's new size
     * @throws OversizedRecordException when the file would outgrow the limit; nothing was appended
     * @throws IOException              when it could not be written
     */
    public long append(UUID panelId, ScrollbackAppend append, long sizeBefore) throws IOException {
        byte[] line = codec.encode(append);
        if (sizeBefore + line.length > maxRecordBytes) {
            throw new OversizedRecordException(panelId, (int) Math.min(Integer.MAX_VALUE, sizeBefore + line.length),
                    maxRecordBytes);
        }
        try (FileChannel channel = FileChannel.open(fileOf(panelId), StandardOpenOption.WRITE)) {
            if (channel.size() != sizeBefore) {
                throw new IOException("the checkpoint of panel " + panelId + " is " + channel.size()
                        + " bytes, not the " + sizeBefore + " last written; not appending to a file changed since");
            }
            try {
                ByteBuffer buffer = ByteBuffer.wrap(line);
                long position = sizeBefore;
                while (buffer.hasRemaining()) {
                    position += channel.write(buffer, position);
                }
                channel.force(true);
            } catch (IOException e) {
                try {
                    channel.truncate(sizeBefore);
                    channel.force(true);
                } catch (IOException cut) {
                    e.addSuppressed(cut);
                }
                throw e;
            }
        }
        return sizeBefore + line.length;
    }

    /**
     * The panel's record as this launch wrote it, for rewriting it whole: empty when there is none, or it is not
     * readable, or another launch wrote it. Leaves the file alone either way.
     */
    public Optional<ScrollbackRecord> read(UUID panelId, UUID launchId) {
        Path file = fileOf(panelId);
        try {
            ScrollbackRecordCodec.Result decoded = codec.decode(PrivateFiles.readBounded(file, maxRecordBytes), panelId);
            if (decoded instanceof Decoded accepted && accepted.record().launchId().equals(launchId)) {
                return Optional.of(accepted.record());
            }
        } catch (IOException e) {
            log.debug("Could not read back the checkpoint of panel {}: {}", panelId, e.toString());
        }
        return Optional.empty();
    }

    /** @return whether there was a file to delete */
    public boolean delete(UUID panelId) throws IOException {
        return PrivateFiles.deleteDurably(fileOf(panelId));
    }

    /**
     * Deletes the checkpoints of panels not in {@code keep}, and temporary files a crash left in the middle of
     * a write. Files moved aside and files this build does not name are left alone.
     *
     * @return how many files were deleted
     */
    public int prune(Set<UUID> keep) throws IOException {
        int deleted = 0;
        for (Path entry : entries()) {
            String name = entry.getFileName().toString();
            UUID panel = panelOf(name);
            boolean unwanted = panel != null ? !keep.contains(panel) : isLeftoverTemporary(name);
            if (unwanted && Files.deleteIfExists(entry)) {
                deleted++;
            }
        }
        if (deleted > 0) {
            PrivateFiles.syncDirectory(directory);
        }
        return deleted;
    }

    /**
     * Reads every checkpoint for the startup merge, accepting only records of the {@code owners}: the launch
     * that ended uncleanly right before this one and the launches whose records it had not taken over. A file of
     * any other launch is outdated — a deletion that failed, or a launch before a clean exit — and is deleted. A
     * file that cannot be used (unreadable, malformed, another format version, another panel than its name,
     * larger than the limit) is moved aside. Every rejection is logged with its reason. Bad data never throws.
     */
    public List<CheckpointRead> readAll(CheckpointOwners owners) {
        Objects.requireNonNull(owners, "owners");
        List<Path> files;
        try {
            files = entries();
        } catch (IOException e) {
            log.warn("Could not list the checkpoints in {}; restoring without them", directory, e);
            return List.of();
        }
        List<CheckpointRead> reads = new ArrayList<>();
        boolean removedAny = false;
        for (Path file : files) {
            UUID panel = panelOf(file.getFileName().toString());
            if (panel != null) {
                CheckpointRead read = read(file, panel, owners);
                reads.add(read);
                // A rejected file was deleted or moved aside; either way a later read depends on it being gone.
                removedAny |= read instanceof CheckpointRead.Rejected;
            }
        }
        if (removedAny) {
            syncQuietly();
        }
        return List.copyOf(reads);
    }

    /** Deletes the directory and everything in it; nothing happens when there is none. */
    public void deleteAll() throws IOException {
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(directory, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
        // A launch after a crash of this one must not find the files again after a power cut.
        PrivateFiles.syncDirectory(directory.toAbsolutePath().getParent());
    }

    private CheckpointRead read(Path file, UUID panel, CheckpointOwners owners) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return setAside(file, "it is not a regular file");
        }
        byte[] bytes;
        try {
            bytes = PrivateFiles.readBounded(file, maxRecordBytes);
        } catch (NoSuchFileException e) {
            return new CheckpointRead.Rejected(file, "it disappeared while being read");
        } catch (FileTooLargeException e) {
            return setAside(file, e.reason());
        } catch (IOException e) {
            return setAside(file, "it could not be read: " + StateJson.oneLine(e.toString()));
        }
        ScrollbackRecordCodec.Result decoded = codec.decode(bytes, panel);
        if (!(decoded instanceof Decoded accepted)) {
            return setAside(file, ((ScrollbackRecordCodec.Rejected) decoded).reason());
        }
        ScrollbackRecord record = accepted.record();
        if (accepted.tornTail()) {
            log.info("Checkpoint {} ends in a capture cut short by the crash; using the {} before it",
                    file, accepted.appends());
        }
        if (!owners.accepts(record.launchId())) {
            return discardOutdated(file, "it was written by launch " + record.launchId()
                    + "; only checkpoints of " + owners + " are merged");
        }
        return new CheckpointRead.Accepted(file, record);
    }

    private CheckpointRead setAside(Path file, String reason) {
        try {
            Path kept = quarantine.moveAside(file);
            log.warn("Rejected checkpoint {} ({}); moved it aside as {}", file, reason, kept.getFileName());
            return new CheckpointRead.Rejected(file, reason + "; moved aside as " + kept.getFileName());
        } catch (IOException e) {
            log.warn("Rejected checkpoint {} ({}) and could not move it aside", file, reason, e);
            return new CheckpointRead.Rejected(file, reason + "; it could not be moved aside");
        }
    }

    private CheckpointRead discardOutdated(Path file, String reason) {
        try {
            Files.deleteIfExists(file);
            log.info("Deleted outdated checkpoint {}: {}", file, reason);
            return new CheckpointRead.Rejected(file, reason + "; deleted");
        } catch (IOException e) {
            log.warn("Rejected outdated checkpoint {} ({}) and could not delete it", file, reason, e);
            return new CheckpointRead.Rejected(file, reason + "; it could not be deleted");
        }
    }

    private void syncQuietly() {
        try {
            PrivateFiles.syncDirectory(directory);
        } catch (IOException e) {
            log.debug("Could not sync {}: {}", directory, e.toString());
        }
    }

    /** The directory's entries sorted by name, or none when the directory does not exist. */
    private List<Path> entries() throws IOException {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        // Collected before anything is deleted: a directory stream need not survive changes to its directory.
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(directory)) {
            listing.forEach(entries::add);
        }
        entries.sort(null);
        return entries;
    }

    /** The panel a record file belongs to, or null when the name is not exactly {@code <uuid>.json}. */
    private static UUID panelOf(String name) {
        if (name.length() != UUID_TEXT_LENGTH + RECORD_SUFFIX.length() || !name.endsWith(RECORD_SUFFIX)) {
            return null;
        }
        String stem = name.substring(0, UUID_TEXT_LENGTH);
        try {
            UUID panel = UUID.fromString(stem);
            // UUID.fromString accepts variants such as upper case; only the name this store writes is its own.
            return panel.toString().equals(stem) ? panel : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A temporary file of {@link PrivateFiles#writeAtomically}, left by a crash in the middle of a write. */
    private static boolean isLeftoverTemporary(String name) {
        return name.startsWith(".") && name.endsWith(".tmp");
    }
}
