package dev.holdfast.checkpoint.session;

import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Decoded;
import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Rejected;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.Quarantine;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the session in {@code session.json} and the one before it in {@code session.previous.json}, so that a
 * snapshot that turns out unreadable (a disk error, a bug, a newer build's format) costs one autosave interval,
 * not the session. Both files are always whole: every write is atomic, and the previous file is a copy, so
 * there is no moment without a current file. The state directory must have been {@link StateDirectory#open()
 * opened}. Calls must not overlap: one thread (the checkpoint executor) owns the store, because two saves
 * interleaving their rotation could make a snapshot its own predecessor.
 */
public final class SessionSnapshotStore {

    private static final Logger log = LoggerFactory.getLogger(SessionSnapshotStore.class);

    private final StateDirectory directory;
    private final Quarantine quarantine;
    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();

    public SessionSnapshotStore(StateDirectory directory, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.quarantine = new Quarantine(clock);
    }

    /**
     * Makes {@code snapshot} the current session, keeping the current one, if it is usable, as the previous.
     *
     * @throws IOException when the snapshot could not be encoded or written; the files on disk are then the
     *                     ones from before the call, each whole
     */
    public void save(SessionSnapshot snapshot) throws IOException {
        // Encoded before any file is touched: a snapshot that cannot be written never displaces a good one.
        byte[] encoded = codec.encode(snapshot);
        Path current = directory.sessionFile();
        Stored existing = read(current);
        if (existing instanceof Valid valid) {
            PrivateFiles.writeAtomically(directory.previousSessionFile(), valid.bytes());
        } else if (existing instanceof Invalid invalid) {
            // Keeping it as the previous file would replace the last good snapshot with a bad one.
            log.warn("Replacing {} without keeping it as {}: {}",
                    current, directory.previousSessionFile().getFileName(), invalid.reason());
        }
        PrivateFiles.writeAtomically(current, encoded);
    }

    /**
     * Reads the session to restore. An unusable {@code session.json} is moved aside and the previous snapshot
     * is tried; an unusable previous snapshot is moved aside too. A missing {@code session.json} means no
     * session, whatever else is there: the files are only ever replaced, never removed, so its absence means a
     * first launch or a user who deleted it to start afresh. Bad data never throws.
     */
    public SessionLoad load() {
        Path currentFile = directory.sessionFile();
        Stored current = read(currentFile);
        if (current instanceof Valid valid) {
            return new SessionLoad.Loaded(valid.snapshot(), SessionLoad.Source.CURRENT, List.of());
        }
        if (!(current instanceof Invalid invalidCurrent)) {
            return new SessionLoad.Missing();
        }
        String currentProblem = setAside(currentFile, invalidCurrent.reason());
        Path previousFile = directory.previousSessionFile();
        Stored previous = read(previousFile);
        if (previous instanceof Valid valid) {
            log.info("Restoring the session from {} instead", previousFile);
            return new SessionLoad.Loaded(valid.snapshot(), SessionLoad.Source.PREVIOUS,
                    List.of(currentProblem + "; restored from " + previousFile.getFileName()));
        }
        if (previous instanceof Invalid invalidPrevious) {
            return new SessionLoad.Unreadable(List.of(currentProblem, setAside(previousFile, invalidPrevious.reason())));
        }
        return new SessionLoad.Unreadable(List.of(currentProblem + "; there is no earlier session to restore"));
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
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Absent();
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
