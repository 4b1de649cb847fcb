package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** The JSON in {@code launch.sentinel}: which launch holds it, in which process. */
record SentinelContents(ProcessIdentity process, UUID launchId, Instant startedAt) {

    SentinelContents {
        Objects.requireNonNull(process, "process is missing");
        Objects.requireNonNull(launchId, "launchId is missing");
        Objects.requireNonNull(startedAt, "startedAt is missing");
    }
}
