package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The coordinator's counters since launch, for the {@code stats} control command.
 *
 * @param enabled          whether checkpoints run at all
 * @param heldBecause      why writes wait (no launch sentinel yet), or null when they run
 * @param checkpoints      checkpoints that ended other than abandoned
 * @param captures         captures taken
 * @param slowCaptures     captures that alone took more than the budget
 * @param readerCopies     captures whose copy a busy terminal's reader made under its lock, after a try found it busy
 * @param skipped          candidates left pending without a capture
 * @param failures         captures, formats and writes that failed, seeds included
 * @param seeded           restored scrollback written back as checkpoints
 * @param lastCheckpointAt when the last checkpoint started, or null
 * @param inProgress       a checkpoint is capturing or waiting for its writes
 * @param last             the last checkpoint that ended, or null
 * @param panels           every open terminal, in tab order
 */
public record CheckpointStats(
        boolean enabled,
        String heldBecause,
        long checkpoints,
        long captures,
        long slowCaptures,
        long readerCopies,
        long skipped,
        long failures,
        long seeded,
        Instant lastCheckpointAt,
        boolean inProgress,
        CheckpointReport last,
        List<Panel> panels) {

    public CheckpointStats {
        panels = List.copyOf(panels);
    }

    /**
     * One terminal's checkpoint state.
     *
     * @param processedGeneration output generations the emulator has parsed
     * @param capturedGeneration  the generation its last capture reflected, or -1 when it must be captured again
     *                            whatever its output (its file was deleted or its last write failed)
     * @param pending             eligible, with output its checkpoint lacks
     * @param eligible            its scrollback may reach the disk
     * @param capturedAt          when it was last captured, or null
     * @param backoffUntil        left out until then after a failed capture, or null
     */
    public record Panel(
            UUID panelId,
            long processedGeneration,
            long capturedGeneration,
            boolean pending,
            boolean eligible,
            Instant capturedAt,
            Instant backoffUntil) {

        public Panel {
            Objects.requireNonNull(panelId, "panelId");
        }
    }
}
