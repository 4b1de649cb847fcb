package dev.holdfast.checkpoint.session;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The launches whose scrollback checkpoints are still valid: the launch that ended uncleanly right before this
 * one, and every earlier launch whose records no launch has durably taken over since. A launch that dies
 * during start-up, before writing the restored scrollback back as its own checkpoints, passes its inheritance
 * on unchanged, so any number of such launches keeps the older records valid.
 *
 * @param launches   the launches, newest first
 * @param anyLaunch  the owner is unknown (the sentinel was unreadable): every record that validates is valid
 */
public record CheckpointOwners(List<UUID> launches, boolean anyLaunch) {

    /** No checkpoint is valid: after a clean exit, or on a first launch. */
    public static final CheckpointOwners NONE = new CheckpointOwners(List.of(), false);

    /** Unknown owner. */
    public static final CheckpointOwners ANY = new CheckpointOwners(List.of(), true);

    public CheckpointOwners {
        Objects.requireNonNull(launches, "launches");
        launches = List.copyOf(new LinkedHashSet<>(launches));
    }

    /** {@code newest} in front of {@code older}'s launches. */
    public static CheckpointOwners of(UUID newest, CheckpointOwners older) {
        Objects.requireNonNull(newest, "newest");
        List<UUID> all = new ArrayList<>();
        all.add(newest);
        all.addAll(older.launches());
        return new CheckpointOwners(all, older.anyLaunch());
    }

    public boolean accepts(UUID launchId) {
        return anyLaunch || launches.contains(launchId);
    }

    /** True when no record can be valid. */
    public boolean isEmpty() {
        return !anyLaunch && launches.isEmpty();
    }

    @Override
    public String toString() {
        return anyLaunch ? "any launch (owner unknown)" + (launches.isEmpty() ? "" : " and " + launches)
                : launches.isEmpty() ? "none" : launches.toString();
    }
}
