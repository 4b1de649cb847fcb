package dev.holdfast.checkpoint.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
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
 * Tells a crash from a clean exit: {@code launch.sentinel} is written at start and deleted at clean exit, so
 * finding one at start means the launch that wrote it ended without cleaning up (crash, kill -9, power cut).
 * The sentinel names its process, so a Holdfast still running on the same state directory is not mistaken for a
 * crashed one. One instance per launch: {@link #acquire()} once at start, {@link #releaseOnCleanExit()} at the
 * end of a clean quit.
 */
public final class LaunchSentinel {

    private static final Logger log = LoggerFactory.getLogger(LaunchSentinel.class);

    private final Path file;
    private final Clock clock;
    private final Supplier<UUID> launchIds;
    private final ProcessTable processes;
    private final ObjectMapper mapper = StateJson.newMapper();

    /** Set by acquire once the sentinel is settled; read by release, which may run on a quit or shutdown thread. */
    private volatile LaunchRecord acquired;

    public LaunchSentinel(StateDirectory directory, Clock clock, Supplier<UUID> launchIds, ProcessTable processes) {
        this.file = directory.sentinelFile();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.launchIds = Objects.requireNonNull(launchIds, "launchIds");
        this.processes = Objects.requireNonNull(processes, "processes");
    }

    /**
     * Reads how the previous launch ended, then claims the sentinel for this launch. A sentinel that belongs to
     * a launch still running is left to that launch, which will release it.
     *
     * @throws IOException when this launch's sentinel could not be written; the next launch will then take this
     *                     one for clean
     */
    public LaunchRecord acquire() throws IOException {
        if (acquired != null) {
            throw new IllegalStateException("the sentinel is acquired once per launch");
        }
        LaunchRecord launch = judgePrevious(launchIds.get(), clock.instant());
        if (!launch.previousStillRunning()) {
            SentinelContents mine = new SentinelContents(processes.self(), launch.launchId(), launch.startedAt());
            PrivateFiles.writeAtomically(file, mapper.writeValueAsBytes(mine));
        }
        acquired = launch;
        return launch;
    }

    /**
     * When the launch that left the sentinel was last known alive: the sentinel's modification time, which a
     * running launch refreshes with {@link #heartbeat()}. After a crash this dates the crash to within one
     * heartbeat. Call before {@link #acquire()}; empty when there is no sentinel.
     */
    public Optional<Instant> previousLastAlive() {
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Marks this launch alive now (see {@link #previousLastAlive()}). Small disk work: not on the UI thread. */
    public void heartbeat() {
        LaunchRecord launch = acquired;
        if (launch == null || launch.previousStillRunning()) {
            return;
        }
        try {
            Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
        } catch (IOException e) {
            log.debug("Launch {}: heartbeat failed: {}", launch.launchId(), e.toString());
        }
    }

    /**
     * Deletes the sentinel at the end of a clean exit, so the next launch knows this one ended well. Only the
     * sentinel this launch wrote is deleted; one another launch wrote since stays for that launch.
     */
    public void releaseOnCleanExit() throws IOException {
        LaunchRecord launch = acquired;
        if (launch == null || launch.previousStillRunning()) {
            return;
        }
        Reading reading = read();
        if (reading instanceof Found found) {
            UUID holder = found.contents().launchId();
            if (holder.equals(launch.launchId())) {
                Files.deleteIfExists(file);
            } else {
                log.warn("Leaving launch sentinel {} at the clean exit of launch {}: it belongs to launch {}",
                        file, launch.launchId(), holder);
            }
        } else if (reading instanceof Unreadable unreadable) {
            log.warn("Leaving launch sentinel {} at the clean exit of launch {}: it is unreadable ({})",
                    file, launch.launchId(), unreadable.reason());
        }
    }

    private LaunchRecord judgePrevious(UUID launchId, Instant now) {
        Reading reading = read();
        if (reading instanceof Found found) {
            SentinelContents previous = found.contents();
            if (processes.isRunning(previous.process())) {
                log.warn("Launch {} (pid {}) is still running on {}; launch {} leaves its sentinel alone",
                        previous.launchId(), previous.process().pid(), file.getParent(), launchId);
                return new LaunchRecord(launchId, now, previous.launchId(), false, true);
            }
            log.warn("Launch {} (pid {}, started {}) did not exit cleanly",
                    previous.launchId(), previous.process().pid(), previous.startedAt());
            return new LaunchRecord(launchId, now, previous.launchId(), true, false);
        }
        if (reading instanceof Unreadable unreadable) {
            // Whatever is in it, a sentinel proves that some launch did not clean up after itself.
            log.warn("Launch sentinel {} is unreadable ({}); treating the previous launch as unclean",
                    file, unreadable.reason());
            return new LaunchRecord(launchId, now, null, true, false);
        }
        return new LaunchRecord(launchId, now, null, false, false);
    }

    private Reading read() {
        try {
            JsonNode tree = mapper.readTree(Files.readAllBytes(file));
            if (tree == null || !tree.isObject()) {
                return new Unreadable("it is not a JSON object");
            }
            return new Found(mapper.treeToValue(tree, SentinelContents.class));
        } catch (NoSuchFileException e) {
            return new Absent();
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
