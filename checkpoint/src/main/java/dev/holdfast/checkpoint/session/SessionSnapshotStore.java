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
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
     * Reads the session to restore. An unusable {@code session.json} is moved aside and the previous snapshot
     * is tried; an unusable previous snapshot is moved aside too, and then the last snapshot saved with scrollback
     * ({@code session.scrollback.json}) is restored, when it is usable. A missing {@code session.json} means no
     * session, whatever else is there: the files are only ever replaced, never removed, so its absence means a
     * first launch or a user who deleted it to start afresh. The scrollback generation comes along when it is
     * usable. Bad data never throws.
     */
    public SessionLoad load() {
        Path currentFile = directory.sessionFile();
        Stored current = read(currentFile);
        if (current instanceof Absent) {
            return new SessionLoad.Missing();
        }
        List<String> notices = new ArrayList<>();
        SessionSnapshot withScrollback = scrollbackGeneration(notices);
        if (current instanceof Valid valid) {
            return new SessionLoad.Loaded(valid.snapshot(), SessionLoad.Source.CURRENT, notices,
                    laterGeneration(withScrollback, valid.snapshot()));
        }
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

    private SessionSnapshot scrollbackGeneration(List<String> notices) {
        Path file = directory.scrollbackSessionFile();
        Stored stored = read(file);
        if (stored instanceof Valid valid) {
            return valid.snapshot().scrollbackCapturedAt() != null ? valid.snapshot() : null;
        }
        if (stored instanceof Invalid invalid) {
            notices.add(setAside(file, invalid.reason()));
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
