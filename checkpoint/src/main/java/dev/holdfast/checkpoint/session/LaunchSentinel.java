package dev.holdfast.checkpoint.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.session.SentinelContents.Ending;
import dev.holdfast.checkpoint.store.FileTooLargeException;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.Quarantine;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import dev.holdfast.checkpoint.store.StateWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a crash from a clean exit, and carries the ownership of scrollback checkpoints from one launch to the
 * next. {@code launch.sentinel} is written at start and deleted at a clean exit that saved the session, so
 * finding one at start means the launch that wrote it did not (crash, kill -9, power cut, a quit whose save
 * failed).
 *
 * <p>Ownership: the sentinel lists the earlier launches whose checkpoints the running launch inherited and has
 * not yet taken over. A launch takes them over once it has written what it restored back as its own checkpoint
 * records, durably ({@link #tookOver()}); until then a crash of this launch passes the whole inheritance on, so a
 * crash loop during start-up never orphans the records users most need.
 *
 * <p>One instance per launch, used only by the launch that holds the {@link InstanceLock}: {@link #acquire} once
 * at start, then any of the other methods from any thread but the UI thread (they do small disk work).
 */
public final class LaunchSentinel {

    private static final Logger log = LoggerFactory.getLogger(LaunchSentinel.class);

    /** A sentinel is a few hundred bytes; one this large is corrupt or hostile and is never read. */
    static final int MAX_BYTES = 64 * 1024;

    private final Path file;
    private final Clock clock;
    private final Supplier<UUID> launchIds;
    private final ProcessTable processes;
    private final Quarantine quarantine;
    private final StateWriter writer;
    private final ObjectMapper mapper = StateJson.newMapper();

    // Guarded by this: quit, heartbeat and takeover can come from different threads.
    private LaunchRecord launch;
    private SentinelContents claim;
    private boolean claimed;
    private String claimProblem;
    private boolean ended;

    public LaunchSentinel(StateDirectory directory, Clock clock, Supplier<UUID> launchIds, ProcessTable processes) {
        this(directory, clock, launchIds, processes, StateWriter.ATOMIC);
    }

    /** @param writer how the sentinel is written whole ({@link StateWriter#ATOMIC}) */
    public LaunchSentinel(StateDirectory directory, Clock clock, Supplier<UUID> launchIds, ProcessTable processes,
                          StateWriter writer) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.file = directory.sentinelFile();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.launchIds = Objects.requireNonNull(launchIds, "launchIds");
        this.processes = Objects.requireNonNull(processes, "processes");
        this.quarantine = new Quarantine(clock);
    }

    /**
     * Reads how the previous launch ended and whose checkpoints are valid, then claims the sentinel for this
     * launch, inheriting them. Never throws for bad data or a failed write: when the claim could not be written
     * ({@link #isClaimed()} false) the previous sentinel stays as it was, so the checkpoints it vouches for stay
     * valid, and this launch must write no checkpoint of its own until {@link #retryClaim()} succeeds.
     *
     * @param lock proves this launch owns the state directory
     */
    public synchronized LaunchRecord acquire(InstanceLock lock) {
        Objects.requireNonNull(lock, "lock");
        if (launch != null) {
            throw new IllegalStateException("the sentinel is acquired once per launch");
        }
        launch = judgePrevious(launchIds.get(), clock.instant());
        claim = SentinelContents.running(processes.self(), launch.launchId(), launch.startedAt(), launch.owners());
        writeClaim();
        return launch;
    }

    /** Whether this launch's claim is on disk: only then may it write checkpoints. */
    public synchronized boolean isClaimed() {
        return claimed;
    }

    /** Why the claim could not be written, while it could not. */
    public synchronized Optional<String> claimProblem() {
        return claimed ? Optional.empty() : Optional.ofNullable(claimProblem);
    }

    /** Tries again to write a claim that failed (a full disk that has space again). @return whether it is claimed */
    public synchronized boolean retryClaim() {
        if (launch == null || ended) {
            return false;
        }
        if (!claimed) {
            writeClaim();
            if (claimed) {
                log.info("Launch {}: wrote its launch sentinel at last; crash protection is back", launch.launchId());
            }
        }
        return claimed;
    }

    /**
     * This launch has durably written everything it restored as its own checkpoints: the inherited records are
     * no longer needed, and the next launch after a crash of this one merges only this launch's. Only called
     * after those writes reached the disk.
     */
    public synchronized void tookOver() throws IOException {
        if (!claimed || ended || claim.inherited().isEmpty() && !claim.inheritsAnyLaunch()) {
            return;
        }
        SentinelContents next = claim.inheritingNothing();
        writer.write(file, mapper.writeValueAsBytes(next));
        claim = next;
        log.info("Launch {} took over the checkpoints it inherited ({})", launch.launchId(), launch.owners());
    }

    /** Whether this launch still carries checkpoints of earlier launches it has not taken over. */
    public synchronized boolean holdsInheritance() {
        return launch != null && claim != null && (!claim.inherited().isEmpty() || claim.inheritsAnyLaunch());
    }

    /**
     * When the launch that left the sentinel was last known alive: the sentinel's modification time, which a
     * running launch refreshes with {@link #heartbeat()}. After a crash this dates the crash to within one
     * heartbeat. Call before {@link #acquire}; empty when there is no sentinel.
     */
    public Optional<Instant> previousLastAlive() {
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Marks this launch alive now (see {@link #previousLastAlive()}), writing its claim again if the file was
     * removed. Small disk work: not on the UI thread.
     */
    public synchronized void heartbeat() {
        if (!claimed || ended) {
            return;
        }
        try {
            Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
        } catch (NoSuchFileException gone) {
            // Removed under the running launch (the state directory emptied): without it a crash of this launch
            // would read as a clean end, and its checkpoints as outdated. The claim is written again.
            log.warn("Launch {}: the launch sentinel was removed; writing it again", launch.launchId());
            writeClaim();
        } catch (IOException e) {
            log.debug("Launch {}: heartbeat failed: {}", launch.launchId(), e.toString());
        }
    }

    /**
     * The end of a clean exit. When the session was saved, or this launch carries no earlier launch's
     * checkpoints, the sentinel is deleted (whichever launch wrote it: this one holds the directory) and the next
     * launch starts clean. When nothing was saved (restore off) while it still carries an earlier crash's
     * checkpoints, the sentinel stays and says so, so a later launch that restores still merges them.
     *
     * @param sessionSaved the quit save wrote the session with every tab's scrollback
     */
    public synchronized void endCleanly(boolean sessionSaved) throws IOException {
        if (launch == null || ended) {
            return;
        }
        ended = true;
        if (sessionSaved || !holdsInheritance()) {
            PrivateFiles.deleteDurably(file);
            log.info("Launch {} ended cleanly", launch.launchId());
            return;
        }
        writer.write(file, mapper.writeValueAsBytes(claim.ended(Ending.ENDED_KEEPING_CHECKPOINTS, null)));
        log.info("Launch {} ended cleanly without saving; the checkpoints of {} stay for a launch that restores",
                launch.launchId(), launch.owners());
    }

    /**
     * The end of a quit whose save failed: the sentinel stays, so the next launch merges this launch's checkpoints
     * into its last autosave, and says why. Best effort and never throws: on a full disk the atomic rewrite fails,
     * so the small file is rewritten in place; should that fail too, the sentinel as it was still marks an
     * unclean end, and a torn one reads as "owner unknown", which merges every record that validates.
     */
    public synchronized void endWithoutSaving(String reason) {
        if (launch == null || ended) {
            return;
        }
        ended = true;
        byte[] bytes;
        try {
            bytes = mapper.writeValueAsBytes(claim.ended(Ending.QUIT_WITHOUT_SAVING, StateJson.oneLine(reason)));
        } catch (JsonProcessingException e) {
            log.warn("Launch {}: could not encode the failed quit into the sentinel", launch.launchId(), e);
            return;
        }
        try {
            writer.write(file, bytes);
        } catch (IOException atomic) {
            try {
                PrivateFiles.overwriteInPlace(file, bytes);
            } catch (IOException inPlace) {
                log.warn("Launch {}: could not note the failed quit save in {} ({}); it still marks an unclean end",
                        launch.launchId(), file, inPlace.toString());
                return;
            }
        }
        log.warn("Launch {} quit without saving its session ({}); its checkpoints stay for the next launch",
                launch.launchId(), reason);
    }

    private void writeClaim() {
        try {
            writer.write(file, mapper.writeValueAsBytes(claim));
            claimed = true;
            claimProblem = null;
        } catch (IOException e) {
            claimed = false;
            claimProblem = StateJson.oneLine(e.getMessage() != null ? e.getMessage() : e.toString());
            log.warn("Launch {}: could not write the launch sentinel ({}); no checkpoint is written until it is",
                    launch.launchId(), claimProblem);
        }
    }

    private LaunchRecord judgePrevious(UUID launchId, Instant now) {
        Reading reading = read();
        if (reading instanceof Found found) {
            SentinelContents previous = found.contents();
            CheckpointOwners inherited = new CheckpointOwners(previous.inherited(), previous.inheritsAnyLaunch());
            CheckpointOwners owners = CheckpointOwners.of(previous.launchId(), inherited);
            if (previous.ending() == Ending.ENDED_KEEPING_CHECKPOINTS) {
                log.info("Launch {} ended cleanly and left the checkpoints of {} for a launch that restores",
                        previous.launchId(), inherited);
                return new LaunchRecord(launchId, now, new PreviousLaunch.EndedKeepingCheckpoints(previous.launchId()),
                        owners);
            }
            if (previous.ending() == Ending.QUIT_WITHOUT_SAVING) {
                String why = previous.endingReason() == null ? "no reason recorded" : previous.endingReason();
                log.warn("Launch {} quit without saving its session ({})", previous.launchId(), why);
                return new LaunchRecord(launchId, now, new PreviousLaunch.QuitWithoutSaving(previous.launchId(), why),
                        owners);
            }
            log.warn("Launch {} (pid {}, started {}) did not exit cleanly; checkpoints of {} are valid",
                    previous.launchId(), previous.process().pid(), previous.startedAt(), owners);
            return new LaunchRecord(launchId, now, new PreviousLaunch.Crashed(previous.launchId()), owners);
        }
        if (reading instanceof Unreadable unreadable) {
            // Whatever is in it, a sentinel proves that some launch did not clean up after itself; which one is
            // unknown, so every checkpoint that validates may be that launch's.
            String reason = unreadable.reason() + moveAside();
            log.warn("Launch sentinel {} is unreadable ({}); treating the previous launch as unclean, owner unknown",
                    file, reason);
            return new LaunchRecord(launchId, now, new PreviousLaunch.Unknown(reason), CheckpointOwners.ANY);
        }
        return LaunchRecord.afterCleanExit(launchId, now);
    }

    /**
     * Keeps the bad sentinel as evidence under a quarantine name, without removing it: should this launch's claim
     * fail to replace it, a missing sentinel would read as a clean exit and cost the crash's checkpoints.
     */
    private String moveAside() {
        try {
            return "; kept as " + quarantine.linkAside(file).getFileName();
        } catch (IOException e) {
            return "";
        }
    }

    private Reading read() {
        try {
            JsonNode tree = mapper.readTree(PrivateFiles.readBounded(file, MAX_BYTES));
            if (tree == null || !tree.isObject()) {
                return new Unreadable("it is not a JSON object");
            }
            return new Found(mapper.treeToValue(tree, SentinelContents.class));
        } catch (NoSuchFileException e) {
            return new Absent();
        } catch (FileTooLargeException e) {
            return new Unreadable(e.reason());
        } catch (JsonProcessingException e) {
            return new Unreadable(StateJson.describe(e));
        } catch (IOException e) {
            return new Unreadable(StateJson.oneLine(e.toString()));
        }
    }

    private sealed interface Reading {
    }

    private record Absent() implements Reading {
    }

    private record Found(SentinelContents contents) implements Reading {
    }

    private record Unreadable(String reason) implements Reading {
    }
}
