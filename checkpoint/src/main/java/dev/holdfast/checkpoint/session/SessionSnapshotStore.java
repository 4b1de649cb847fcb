package dev.holdfast.checkpoint.session;

import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Decoded;
import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Rejected;
import dev.holdfast.checkpoint.store.FileTooLargeException;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.Quarantine;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the session in generations, so that no single bad write costs more than one autosave interval:
 * <ul>
 *   <li>{@code session.json}, the newest snapshot;</li>
 *   <li>{@code session.previous.json}, the one before it, restored when the newest is unreadable;</li>
 *   <li>{@code session.scrollback.json}, the last snapshot that carried scrollback (a clean quit's), kept when
 *       autosaves without scrollback replace it as the newest — until a newer snapshot with scrollback does.
 *       Two autosaves used to push the quit snapshot out of the previous file, and with it every tab's
 *       scrollback.</li>
 * </ul>
 * Every file is always whole (atomic writes; the older generations are copies). A snapshot is written only if it
 * reads back as itself, and an autosave with no tabs — a window caught closing — never replaces one with tabs.
 * Every read is capped: a file larger than the cap is corrupt or hostile and is moved aside unread.
 *
 * <p>The state directory must have been {@link StateDirectory#open() opened}. Calls must not overlap: one thread
 * (the session saver) owns the store, because two saves interleaving their rotation could make a snapshot its
 * own predecessor.
 */
public final class SessionSnapshotStore {

    /**
     * The largest session file written or read. A quit snapshot holds every tab's scrollback tail (400,000
     * characters, some of them escaped in JSON): 32 MiB holds dozens of busy tabs, and stays far below what
     * would strain the heap at start.
     */
    public static final int DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;

    private static final Logger log = LoggerFactory.getLogger(SessionSnapshotStore.class);

    /** What a save did. */
    public enum Saved {
        /** The snapshot is the current session now. */
        WRITTEN,
        /** An autosave with no tabs was refused: the current session, with tabs, stays. */
        KEPT_EXISTING
    }

    private final StateDirectory directory;
    private final Quarantine quarantine;
    private final int maxFileBytes;
    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();

    public SessionSnapshotStore(StateDirectory directory, Clock clock) {
        this(directory, clock, DEFAULT_MAX_FILE_BYTES);
    }

    public SessionSnapshotStore(StateDirectory directory, Clock clock, int maxFileBytes) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.quarantine = new Quarantine(clock);
        if (maxFileBytes < 1) {
            throw new IllegalArgumentException("maxFileBytes must be positive: " + maxFileBytes);
        }
        this.maxFileBytes = maxFileBytes;
    }

    /**
     * Makes {@code snapshot} the current session, keeping the current one, if it is usable, as the previous — and
     * as the scrollback generation when it carried scrollback and the new one does not.
     *
     * @throws OversizedSnapshotException when the snapshot encodes larger than the cap; nothing is written
     * @throws IOException                when it could not be encoded, would not read back, or could not be
     *                                    written; the files on disk are then the ones from before, each whole
     */
    public Saved save(SessionSnapshot snapshot) throws IOException {
        // Encoded and read back before any file is touched: a snapshot that cannot be read never displaces one.
        byte[] encoded = codec.encode(snapshot);
        if (encoded.length > maxFileBytes) {
            throw new OversizedSnapshotException(encoded.length, maxFileBytes);
        }
        if (!(codec.decode(encoded) instanceof Decoded readBack) || !readBack.snapshot().equals(snapshot)) {
            throw new IOException("The session snapshot would not read back as itself; not replacing the saved one");
        }
        Path current = directory.sessionFile();
        Stored existing = read(current);
        if (existing instanceof Valid valid) {
            SessionSnapshot kept = valid.snapshot();
            if (snapshot.panels().isEmpty() && snapshot.scrollbackCapturedAt() == null && !kept.panels().isEmpty()) {
                log.warn("Not replacing the saved session ({} tabs) with an autosave without tabs", kept.panels().size());
                return Saved.KEPT_EXISTING;
            }
            if (kept.scrollbackCapturedAt() != null && snapshot.scrollbackCapturedAt() == null) {
                PrivateFiles.writeAtomically(directory.scrollbackSessionFile(), valid.bytes());
            }
            PrivateFiles.writeAtomically(directory.previousSessionFile(), valid.bytes());
        } else if (existing instanceof Invalid invalid) {
            // Keeping it as the previous file would replace the last good snapshot with a bad one.
            log.warn("Replacing {} without keeping it as {}: {}",
                    current, directory.previousSessionFile().getFileName(), invalid.reason());
        }
        PrivateFiles.writeAtomically(current, encoded);
        return Saved.WRITTEN;
    }

    /** Whether {@code session.json} is there (a stat, no read). */
    public boolean hasCurrent() {
        return Files.exists(directory.sessionFile());
    }

    /**
     * The session files as they were read and decoded, for {@link #load(SessionFiles)} to decide from. Reading changes
     * nothing on disk, so a launch reads them beside the rest of its preparation, before it owns the state directory.
     */
    public static final class SessionFiles {
        private final Stored current;
        /** Null when the current snapshot's own scrollback is at least as new: the generation was not decoded. */
        private final Stored generation;
        /** The files as they were before they were read: a save since then replaced one of them. */
        private final List<FileStamp> stamps;

        private SessionFiles(Stored current, Stored generation, List<FileStamp> stamps) {
            this.current = current;
            this.generation = generation;
            this.stamps = stamps;
        }
    }

    /**
     * A file's identity and version: a save replaces a file by renaming a new one over it, which changes its key;
     * an absent file has none.
     */
    private record FileStamp(Path file, Object key, FileTime modified, long size) {
        static FileStamp of(Path file) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                return new FileStamp(file, attributes.fileKey(), attributes.lastModifiedTime(), attributes.size());
            } catch (IOException e) {
                return new FileStamp(file, null, null, -1);
            }
        }

        boolean unchanged() {
            return equals(of(file));
        }
    }

    /**
     * Reads and decodes {@code session.json}, and the scrollback generation when it may be needed; moves nothing.
     * When the current snapshot carries scrollback, the generation's time is peeked first, and the generation decoded
     * only when it is later: after a clean quit it never is, and decoding it would double the JSON a launch reads
     * before its window opens. Any thread.
     */
    public SessionFiles read() {
        // Stamped before they are read: a save in between then reads as a change, never as the file read.
        List<FileStamp> stamps = List.of(FileStamp.of(directory.sessionFile()),
                FileStamp.of(directory.scrollbackSessionFile()));
        Stored current = read(directory.sessionFile());
        if (current instanceof Absent) {
            return new SessionFiles(current, null, stamps);
        }
        Predicate<byte[]> worthDecoding = current instanceof Valid valid
                ? bytes -> mayBeLater(bytes, valid.snapshot()) : bytes -> true;
        return new SessionFiles(current, read(directory.scrollbackSessionFile(), worthDecoding), stamps);
    }

    /**
     * Whether the scrollback generation in {@code bytes} may hold scrollback later than {@code restored}'s own. A
     * generation that cannot be peeked is decoded, so that what is wrong with it is found and said.
     */
    private boolean mayBeLater(byte[] bytes, SessionSnapshot restored) {
        if (restored.scrollbackCapturedAt() == null) {
            return true;
        }
        Optional<Optional<Instant>> captured = codec.peekScrollbackCapturedAt(bytes)
                .map(SessionSnapshotCodec.Peeked::scrollbackCapturedAt);
        return captured.isEmpty() || captured.get().filter(at -> at.isAfter(restored.scrollbackCapturedAt()))
                .isPresent();
    }

    /** Reads the session to restore: {@link #load(SessionFiles)} of what {@link #read()} finds now. */
    public SessionLoad load() {
        return load(read());
    }

    /**
     * Decides the session to restore from the files {@link #read()} found. An unusable {@code session.json} is moved
     * aside and the previous snapshot is tried; an unusable previous snapshot is moved aside too, and then the last
     * snapshot saved with scrollback ({@code session.scrollback.json}) is restored, when it is usable. A missing
     * {@code session.json} means no session, whatever else is there: the files are only ever replaced, never
     * removed, so its absence means a first launch or a user who deleted it to start afresh. The scrollback
     * generation comes along when it is usable and later than the restored snapshot's scrollback. Bad data never
     * throws. Files saved since they were read are read again.
     */
    public SessionLoad load(SessionFiles readAhead) {
        // Read ahead of the instance lock, the files may have been saved since by the launch that held it, quitting.
        SessionFiles files = readAhead.stamps.stream().allMatch(FileStamp::unchanged) ? readAhead : read();
        Stored current = files.current;
        if (current instanceof Absent) {
            return new SessionLoad.Missing();
        }
        List<String> notices = new ArrayList<>();
        SessionSnapshot withScrollback = scrollbackGeneration(files.generation, notices);
        if (current instanceof Valid valid) {
            return new SessionLoad.Loaded(valid.snapshot(), SessionLoad.Source.CURRENT, notices,
                    laterGeneration(withScrollback, valid.snapshot()));
        }
        Path currentFile = directory.sessionFile();
        String currentProblem = setAside(currentFile, ((Invalid) current).reason());
        Path previousFile = directory.previousSessionFile();
        Stored previous = read(previousFile);
        if (previous instanceof Valid valid) {
            log.info("Restoring the session from {} instead", previousFile);
            notices.add(0, currentProblem + "; restored from " + previousFile.getFileName());
            return new SessionLoad.Loaded(valid.snapshot(), SessionLoad.Source.PREVIOUS, notices,
                    laterGeneration(withScrollback, valid.snapshot()));
        }
        List<String> problems = new ArrayList<>();
        problems.add(currentProblem);
        if (previous instanceof Invalid invalidPrevious) {
            problems.add(setAside(previousFile, invalidPrevious.reason()));
        }
        if (withScrollback != null) {
            // Both snapshots without scrollback are gone, but the last one with scrollback is whole: older, yet it
            // has the tabs and what they showed, which is what a user would not want to lose.
            log.info("Restoring the session from {} instead", directory.scrollbackSessionFile());
            int last = problems.size() - 1;
            problems.set(last, problems.get(last) + "; restored from "
                    + directory.scrollbackSessionFile().getFileName());
            notices.addAll(0, problems);
            return new SessionLoad.Loaded(withScrollback, SessionLoad.Source.SCROLLBACK, notices);
        }
        if (previous instanceof Absent) {
            problems.set(0, currentProblem + "; there is no earlier session to restore");
        }
        notices.addAll(0, problems);
        return new SessionLoad.Unreadable(notices);
    }

    /** The generation's snapshot when it is usable and carries scrollback; an unusable one is moved aside and said. */
    private SessionSnapshot scrollbackGeneration(Stored stored, List<String> notices) {
        if (stored instanceof Valid valid) {
            return valid.snapshot().scrollbackCapturedAt() != null ? valid.snapshot() : null;
        }
        if (stored instanceof Invalid invalid) {
            notices.add(setAside(directory.scrollbackSessionFile(), invalid.reason()));
        }
        return null;
    }

    /** The scrollback generation, unless the restored snapshot carries scrollback at least as new. */
    private static SessionSnapshot laterGeneration(SessionSnapshot generation, SessionSnapshot restored) {
        if (generation == null) {
            return null;
        }
        if (restored.scrollbackCapturedAt() != null
                && !restored.scrollbackCapturedAt().isBefore(generation.scrollbackCapturedAt())) {
            return null;
        }
        return generation;
    }

    /** Moves a rejected file out of the way of the next launch and says so in one line. */
    private String setAside(Path file, String reason) {
        String problem = file.getFileName() + " was unreadable (" + reason + ")";
        try {
            Path kept = quarantine.moveAside(file);
            log.warn("Rejected {} ({}); moved it aside as {}", file, reason, kept.getFileName());
            return problem + "; moved aside as " + kept.getFileName();
        } catch (IOException e) {
            log.warn("Rejected {} ({}) and could not move it aside", file, reason, e);
            return problem + "; it could not be moved aside";
        }
    }

    private Stored read(Path file) {
        return read(file, bytes -> true);
    }

    /** The file, decoded when {@code worthDecoding} says so of its bytes; null when it does not. */
    private Stored read(Path file, Predicate<byte[]> worthDecoding) {
        byte[] bytes;
        try {
            bytes = PrivateFiles.readBounded(file, maxFileBytes);
        } catch (NoSuchFileException e) {
            return new Absent();
        } catch (FileTooLargeException e) {
            return new Invalid(e.reason());
        } catch (IOException e) {
            return new Invalid("could not be read: " + StateJson.oneLine(e.toString()));
        }
        if (!worthDecoding.test(bytes)) {
            return null;
        }
        SessionSnapshotCodec.Result decoded = codec.decode(bytes);
        if (decoded instanceof Decoded accepted) {
            return new Valid(accepted.snapshot(), bytes);
        }
        return new Invalid(((Rejected) decoded).reason());
    }

    private sealed interface Stored {
    }

    private record Absent() implements Stored {
    }

    private record Valid(SessionSnapshot snapshot, byte[] bytes) implements Stored {
    }

    private record Invalid(String reason) implements Stored {
    }
}
