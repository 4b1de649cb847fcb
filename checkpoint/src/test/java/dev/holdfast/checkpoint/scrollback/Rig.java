package dev.holdfast.checkpoint.scrollback;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A coordinator over fake terminals, a manual clock, hand-drained UI turns and checkpoint executor, and a real
 * store in a temporary directory. Captures cost no time unless a test says so.
 */
final class Rig implements TerminalRoster, ScrollbackSource, KeyboardActivity, CheckpointObserver {

    static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
    static final UUID LAUNCH = new UUID(0x1a0cL, 1);

    final ManualClock clock;
    final ManualExecutor ui = new ManualExecutor();
    final ManualExecutor disk = new ManualExecutor();
    final StateDirectory state;
    final ScrollbackStore store;
    final List<FakeTerminal> terminals = new ArrayList<>();
    final List<UUID> captured = new ArrayList<>();
    final List<CheckpointReport> finished = new ArrayList<>();
    final List<String> writeFailures = new ArrayList<>();
    int written;
    int takeovers;
    /** Captures the source was asked to continue from an earlier one (so it copied only what was new). */
    int incrementalCaptures;
    /** False: the source always copies everything, as a terminal without a continuable history does. */
    boolean incremental = true;
    final Map<UUID, Duration> captureCost = new HashMap<>();
    final Set<UUID> captureFails = new HashSet<>();
    /** How many more times each terminal's lock is found busy (the capture then copies nothing). */
    final Map<UUID, Integer> busyCaptures = new HashMap<>();
    final Set<UUID> formatFails = new HashSet<>();
    /** A copy the terminal's reader made earlier, returned (once) by the next capture of its terminal. */
    final Map<UUID, ReaderCopy> readerCopies = new HashMap<>();
    int formats;
    Instant lastKeystroke;
    long nanos;
    /** The UI thread's time spent working (what the capture budget counts); {@link #nanos} is wall time. */
    long uiNanos;
    /** Wall time a capture spends waiting (for a core, for the lock) on top of its cost. */
    final Map<UUID, Duration> captureWait = new HashMap<>();
    /** Runs between the coordinator's reading of a generation and the copy; the interleaving test's hook. */
    Runnable onGenerationRead = () -> { };
    /** Runs while the checkpoint executor formats a capture, before its write. */
    Runnable onFormat = () -> { };
    final CheckpointCoordinator coordinator;
    final UUID launchId;

    Rig(Path root) {
        this(root, CheckpointSettings.defaults());
    }

    Rig(Path root, CheckpointSettings settings) {
        this(openState(root), new ManualClock(START), LAUNCH, settings);
    }

    /** A launch on an existing state directory, as the relaunch tests need. */
    Rig(StateDirectory state, ManualClock clock, UUID launchId, CheckpointSettings settings) {
        this(state, clock, launchId, settings, new LastLinesTrimmer());
    }

    Rig(StateDirectory state, ManualClock clock, UUID launchId, CheckpointSettings settings, ScrollbackTrimmer trimmer) {
        this.state = state;
        this.clock = clock;
        this.launchId = launchId;
        store = new ScrollbackStore(state, clock, settings.maxRecordBytes());
        coordinator = new CheckpointCoordinator(settings, launchId, this, this, this, trimmer, store,
                new CheckpointRuntime(ui, disk, clock, () -> nanos, () -> uiNanos), this);
    }

    static StateDirectory openState(Path root) {
        try {
            return new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    FakeTerminal open(int n) {
        return open(new FakeTerminal(n));
    }

    FakeTerminal open(FakeTerminal terminal) {
        terminals.add(terminal);
        return terminal;
    }

    /** Opens terminals 1 to {@code count}, each capture of which costs the UI thread {@code captureCost}. */
    List<FakeTerminal> openEach(int count, Duration captureCost) {
        List<FakeTerminal> opened = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            FakeTerminal terminal = open(n);
            this.captureCost.put(terminal.panelId(), captureCost);
            opened.add(terminal);
        }
        return opened;
    }

    /** Drains UI turns and executor tasks, in turn, until both are idle. */
    void settle() {
        while (ui.drain() + disk.drain() > 0) {
            // keep going: each side may have posted to the other
        }
    }

    /** Starts a forced checkpoint and runs it to the end. */
    CheckpointReport checkpointNow() {
        int before = finished.size();
        if (coordinator.runNow() != CheckpointStart.STARTED) {
            throw new AssertionError("the checkpoint did not start");
        }
        settle();
        if (finished.size() != before + 1) {
            throw new AssertionError("the checkpoint did not finish");
        }
        return finished.get(finished.size() - 1);
    }

    CheckpointStats.Panel stats(FakeTerminal terminal) {
        return coordinator.stats().panels().stream()
                .filter(panel -> panel.panelId().equals(terminal.panelId()))
                .findFirst().orElseThrow();
    }

    boolean pending(FakeTerminal terminal) {
        return stats(terminal).pending();
    }

    Path fileOf(FakeTerminal terminal) {
        return store.fileOf(terminal.panelId());
    }

    boolean hasFile(FakeTerminal terminal) {
        return Files.exists(fileOf(terminal));
    }

    /** The terminal's record as the next launch would read it: the record with its appends. */
    ScrollbackRecord recordOf(FakeTerminal terminal) {
        return store.read(terminal.panelId(), launchId).orElseThrow(
                () -> new AssertionError("no readable record of " + terminal.panelId()));
    }

    /** The first line of the file: the record as written whole. */
    JsonNode firstLineOf(FakeTerminal terminal) {
        try {
            String first = Files.readAllLines(fileOf(terminal), StandardCharsets.UTF_8).get(0);
            return StateJson.newMapper().readTree(first);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String scrollbackOf(FakeTerminal terminal) {
        return recordOf(terminal).scrollback();
    }

    /** Makes writes of this panel's file fail: a non-empty directory cannot be renamed over, even by root. */
    void blockWrites(FakeTerminal terminal) throws IOException {
        Files.createDirectories(fileOf(terminal).resolve("blocker"));
    }

    void unblockWrites(FakeTerminal terminal) throws IOException {
        Files.delete(fileOf(terminal).resolve("blocker"));
        Files.delete(fileOf(terminal));
    }

    @Override
    public List<FakeTerminal> terminals() {
        return terminals;
    }

    @Override
    public Capture capture(UUID panelId, Continuation since) {
        int busy = busyCaptures.getOrDefault(panelId, 0);
        if (busy > 0) {
            busyCaptures.put(panelId, busy - 1);
            return null;
        }
        captured.add(panelId);
        long cost = captureCost.getOrDefault(panelId, Duration.ZERO).toNanos();
        uiNanos += cost;
        nanos += cost + captureWait.getOrDefault(panelId, Duration.ZERO).toNanos();
        if (captureFails.contains(panelId)) {
            throw new IllegalStateException("the buffer could not be copied");
        }
        ReaderCopy made = readerCopies.remove(panelId);
        String model = made != null ? made.content()
                : terminals.stream().filter(t -> t.panelId().equals(panelId)).findFirst().orElseThrow().content();
        boolean appends = incremental && since instanceof Copied copied && copied.chars() <= model.length();
        if (appends) {
            incrementalCaptures++;
        }
        String copy = appends ? model.substring(((Copied) since).chars()) : model;
        boolean failFormat = formatFails.contains(panelId);
        Copied next = incremental ? new Copied(model.length()) : null;
        return new Capture() {
            @Override
            public boolean appends() {
                return appends;
            }

            @Override
            public Continuation continuation() {
                return next;
            }

            @Override
            public Optional<EarlierCopy> earlierCopy() {
                return made == null ? Optional.empty() : Optional.of(made.copy());
            }

            @Override
            public CaptureText format() {
                formats++;
                onFormat.run();
                if (failFormat) {
                    throw new IllegalStateException("the copy could not be formatted");
                }
                return new CaptureText(copy, "");
            }
        };
    }

    /** What a terminal's model held when its reader copied it, and that copy's generation and instant. */
    record ReaderCopy(String content, EarlierCopy copy) {
    }

    /** How much of a fake terminal's model a capture copied: everything of it is history. */
    record Copied(int chars) implements Continuation {
    }

    @Override
    public Instant lastKeystrokeAt() {
        return lastKeystroke;
    }

    @Override
    public void generationRead(UUID panelId, long generation) {
        onGenerationRead.run();
    }

    @Override
    public void written(UUID panelId) {
        written++;
    }

    @Override
    public void writeFailed(UUID panelId, String reason) {
        writeFailures.add(reason);
    }

    @Override
    public void tookOver() {
        takeovers++;
    }

    @Override
    public void finished(CheckpointReport report) {
        finished.add(report);
    }
}
