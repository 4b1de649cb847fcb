package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.shell.CommandRun;
import dev.holdfast.terminal.shell.ShellStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * One tab's activity: its clocks, its card, and the fingerprint its screen is known by, moved forward look by
 * look. Pure (no threads, no I/O, time comes with each look) and owned by one thread, the watcher's.
 *
 * <p>The rules:
 * <ul>
 *   <li>A look whose fingerprint differs from the last look's is a real change ({@code lastActivityAt} moves),
 *       unless the tab is <em>settling</em>: after it starts (new, restored, relaunched), until its shell first
 *       sits at its prompt ({@link ActivitySettings#settleLimit()} at most), and for
 *       {@link ActivitySettings#resizeSettle()} after its screen changed size. A restored tab's text, separator
 *       and new prompt, its rc files' greeting, a redraw after a resize: none of that is the tab changing.</li>
 *   <li>Settling changes move no clock and keep the fingerprint the tab is known by (its <em>identity</em>): a
 *       restored tab keeps the stored fingerprint, so its row and its saved scrollback keep matching across any
 *       number of restarts while nothing happens in it. A real change makes the new fingerprint the identity.</li>
 *   <li>{@code stateSince} moves only when the state changes ({@link ClockRules}).</li>
 * </ul>
 */
public final class TabActivity {
    private final ActivitySettings settings;
    private final ClassifierMode mode;
    private final ScreenNormalizer normalizer = new ScreenNormalizer();
    private final StateClassifier classifier;
    private final Instant startedAt;

    private TabClocks clocks;
    private TabCard card;
    private ActivityLog log;
    private CommandRun lastCommand;
    private VisibleScreenFingerprint identity;
    private VisibleScreenFingerprint lastSeen;
    private ProgramKind lastProgram = ProgramKind.SHELL;
    private boolean settling = true;
    /** Where the settle limit counts from: the terminal's start, or its shell's when that came later. */
    private Instant settleFrom;
    private long lastGeneration = -1;
    private Instant lastOutputAt;
    private Instant lastChangeAt;
    private int lastColumns = -1;
    private int lastRows = -1;
    private Instant resizeSettlesAt;
    private long lastCommandSequence;

    /**
     * @param startedAt when the tab's terminal started (its settling runs from here)
     */
    public TabActivity(ActivitySeed seed, ActivitySettings settings, ClassifierMode mode, Instant startedAt) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.classifier = new StateClassifier(settings);
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
        this.settleFrom = startedAt;
        this.log = ActivityLog.EMPTY;
        if (seed instanceof ActivitySeed.Fresh fresh) {
            clocks = ClockRules.clamp(new TabClocks(fresh.createdAt(), null, fresh.createdAt()), startedAt);
        } else if (seed instanceof ActivitySeed.Restored restored) {
            clocks = ClockRules.clamp(new TabClocks(restored.lastActivityAt(), restored.state(), restored.stateSince()),
                    startedAt);
            identity = restored.fingerprint();
            TabCard stored = restored.card();
            if (stored != null && stored.version() == TabCard.CURRENT_VERSION) {
                card = stored;
                log = stored.log();
                lastCommand = stored.lastCommand();
                lastProgram = stored.programKind();
            }
        } else if (seed instanceof ActivitySeed.Fallback fallback) {
            clocks = ClockRules.clamp(new TabClocks(fallback.lastKnownAlive(), null, fallback.lastKnownAlive()),
                    startedAt);
        } else {
            throw new IllegalArgumentException("unknown seed " + seed);
        }
        lastChangeAt = clocks.lastActivityAt();
        lastOutputAt = startedAt;
    }

    public LookResult look(Look look) {
        Instant now = look.at();
        VisibleScreenFingerprint fingerprint = fingerprintOf(look.screen(), look.program());
        lastProgram = look.program();

        if (look.outputGeneration() != lastGeneration) {
            lastGeneration = look.outputGeneration();
            lastOutputAt = now;
        }
        int columns = look.screen().columns();
        int rows = look.screen().height();
        boolean resized = lastColumns >= 0 && (columns != lastColumns || rows != lastRows);
        lastColumns = columns;
        lastRows = rows;
        if (resized) {
            resizeSettlesAt = now.plus(settings.resizeSettle());
        }
        boolean resizeSettling = resizeSettlesAt != null && now.isBefore(resizeSettlesAt);

        boolean differs = lastSeen == null ? !fingerprint.equals(identity) : !fingerprint.equals(lastSeen);
        boolean stable = lastSeen != null && fingerprint.equals(lastSeen);
        boolean wasSettling = settling;
        boolean realChange = differs && !settling && !resizeSettling;
        lastSeen = fingerprint;
        if (realChange || identity == null) {
            identity = fingerprint;
        }
        if (realChange) {
            lastChangeAt = now;
        }

        Classification classification = classifier.classify(new StateClassifier.Input(look.screen(), look.program(),
                look.process(), look.shell(), look.exitStatus(), now, lastChangeAt, lastOutputAt));
        TabClocks before = clocks;
        clocks = ClockRules.afterLook(before, realChange, classification.state(), now);
        boolean stateChanged = before.state() != clocks.state();

        if (settling) {
            boolean atPrompt = look.shell().atPrompt()
                    || (!look.shell().integrated() && !look.process().runsCommand() && stable);
            if (atPrompt || look.exitStatus() != null || !now.isBefore(settleFrom.plus(settings.settleLimit()))) {
                settling = false;
            }
        }

        recordCommands(look.shell());
        if (stateChanged) {
            log = log.with(ActivityEntry.entered(clocks.stateSince(), clocks.state(), classification.question()),
                    settings.logEntries(), settings.logBytes());
        }
        TabCard previous = card;
        card = new TabCard(TabCard.CURRENT_VERSION, VolatilePatterns.cleanTitle(look.title()),
                directory(look.shell(), look.process(), look.localHost()), programName(look), look.program(),
                clocks.state(), clocks.stateSince(), clocks.lastActivityAt(), classification.question(), lastCommand,
                look.exitStatus(), log);

        Instant again = classification.recheckAt();
        if (wasSettling && settling) {
            again = earliest(again, now.plus(settings.lookInterval()));
        }
        if (resizeSettling) {
            again = earliest(again, resizeSettlesAt);
        }
        return new LookResult(clocks, card, classification, realChange, stateChanged, !card.equals(previous),
                settling, identity, again);
    }

    private void recordCommands(ShellStatus shell) {
        for (CommandRun run : shell.recentCommands()) {
            if (run.sequence() > lastCommandSequence) {
                lastCommandSequence = run.sequence();
                lastCommand = run;
                log = log.with(ActivityEntry.finished(run), settings.logEntries(), settings.logBytes());
            }
        }
    }

    private static String directory(ShellStatus shell, ProcessSnapshot process, String localHost) {
        if (shell.directory() != null) {
            String host = shell.directoryHost();
            boolean remote = host != null && !host.isEmpty() && !host.equalsIgnoreCase("localhost")
                    && (localHost == null || !host.equalsIgnoreCase(localHost));
            return remote ? host + ":" + shell.directory() : shell.directory();
        }
        return process.workingDirectory().map(Path::toString).orElse(null);
    }

    private static String programName(Look look) {
        return switch (look.program()) {
            case SHELL -> look.shellName();
            case CODEX, CLAUDE_CODE -> look.program().displayName();
            case OTHER -> look.process().foregroundCommand().orElse(look.program().displayName());
        };
    }

    private static Instant earliest(Instant a, Instant b) {
        return a == null || b.isBefore(a) ? b : a;
    }

    private VisibleScreenFingerprint fingerprintOf(VisibleScreen screen, ProgramKind program) {
        return VisibleScreenFingerprint.of(normalizer.normalize(screen, program), TabCard.CURRENT_VERSION, mode);
    }

    /**
     * The fingerprint to save with a scrollback captured from {@code captured} at {@code now} (a quit save or a
     * checkpoint): the tab's identity when the captured screen is the one last looked at, or one it only shows
     * while settling; else the captured screen's own (output came after the last look). Copy the screen in the
     * same lock as the scrollback, so both describe one moment.
     */
    public VisibleScreenFingerprint fingerprintOfCapture(VisibleScreen captured, Instant now) {
        VisibleScreenFingerprint fingerprint = fingerprintOf(captured, lastProgram);
        boolean resizeSettling = resizeSettlesAt != null && now.isBefore(resizeSettlesAt);
        if (identity != null && (settling || resizeSettling || lastSeen == null || fingerprint.equals(lastSeen))) {
            return identity;
        }
        return fingerprint;
    }

    public TabClocks clocks() {
        return clocks;
    }

    /** The card after the last look (or as restored); null before the first look of a tab with no stored card. */
    public TabCard card() {
        return card;
    }

    /** The fingerprint the tab's screen is known by; null before the first look of a tab with none stored. */
    public VisibleScreenFingerprint fingerprint() {
        return identity;
    }

    /**
     * The tab's shell started at {@code at}: a restored tab gets its shell only once its scrollback is replayed,
     * which under load or behind other tabs can be longer than the settle limit after the tab began, and its new
     * prompt is no change of the tab. Settling, if it still runs, counts its limit from here.
     */
    public void shellStarted(Instant at) {
        if (settling && at.isAfter(settleFrom)) {
            settleFrom = at;
        }
    }

    public boolean settling() {
        return settling;
    }
}
