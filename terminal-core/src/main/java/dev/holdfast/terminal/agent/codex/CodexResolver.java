package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingLog;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.report.AgentReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The glue of one binding round for every tab running Codex: finds each one's Codex home, opens its state
 * database read-only for the round, describes each tab to {@link CodexBindingPolicy} and returns what it
 * decided. Blocking file and database reads: run it off the UI thread, from one thread.
 */
public final class CodexResolver {
    private static final Logger LOG = LoggerFactory.getLogger(CodexResolver.class);

    private final CodexBindingPolicy policy;
    private final CodexEvidence evidence;
    private final Path userHome;
    private final BindingLog bindingLog = new BindingLog("Codex", "thread");

    public CodexResolver(CodexBindingPolicy policy, CodexEvidence evidence, Path userHome) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.evidence = Objects.requireNonNull(evidence, "evidence");
        this.userHome = Objects.requireNonNull(userHome, "userHome");
    }

    /** A tab closed or stopped running Codex: its binding goes at once. */
    public void forget(UUID panelId) {
        policy.forget(panelId);
        bindingLog.forget(panelId);
    }

    /** Resolves every tab in {@code tabs}, each against the others. */
    public Map<UUID, CodexResolution> resolve(List<CodexObservation> tabs) {
        Map<CodexHome, List<CodexObservation>> byHome = new LinkedHashMap<>();
        for (CodexObservation tab : tabs) {
            CodexHome home = CodexHome.forEnvironment(tab.process().environment(), tab.tabEnvironment(), userHome);
            byHome.computeIfAbsent(home, h -> new ArrayList<>()).add(tab);
        }
        Map<UUID, CodexResolution> results = new LinkedHashMap<>();
        for (Map.Entry<CodexHome, List<CodexObservation>> entry : byHome.entrySet()) {
            resolveHome(entry.getKey(), entry.getValue(), results);
        }
        return results;
    }

    private void resolveHome(CodexHome home, List<CodexObservation> observations, Map<UUID, CodexResolution> results) {
        Optional<Path> database;
        try {
            database = home.stateDatabase();
        } catch (IOException e) {
            database = Optional.empty();
        }
        CodexThreadStore store = null;
        String storeProblem = null;
        if (database.isPresent()) {
            try {
                store = CodexThreadStore.open(database.get());
            } catch (CodexStoreException e) {
                storeProblem = e.getMessage();
            }
        }
        try {
            CodexThreads threads = store != null ? store : new NoThreads();
            Map<UUID, ReportCheck> checks = new LinkedHashMap<>();
            List<CodexTab> tabs = new ArrayList<>();
            for (CodexObservation o : observations) {
                Set<String> cwds = o.process().directoryNames();
                Optional<CodexTab.Reported> reported = Optional.empty();
                if (o.report().isPresent()) {
                    ReportCheck check = check(home, threads, o.report().get(), cwds);
                    checks.put(o.panelId(), check);
                    if (check instanceof ReportCheck.Mismatch mismatch) {
                        LOG.warn("Panel {}: Codex's report of thread {} refused: {}", o.panelId(),
                                o.report().get().sessionId(), mismatch.why());
                    } else {
                        reported = Optional.of(new CodexTab.Reported(o.report().get().sessionId(),
                                o.report().get().source().name(), check instanceof ReportCheck.Verified));
                    }
                }
                tabs.add(describe(home, o, cwds, reported));
            }
            for (CodexTab tab : tabs) {
                Binding binding;
                Optional<CodexThread> thread = Optional.empty();
                try {
                    binding = policy.resolve(tab, tabs, threads, evidence);
                    if (binding instanceof Binding.Bound bound) {
                        thread = threads.byId(bound.sessionId());
                    }
                } catch (CodexStoreException e) {
                    binding = new Binding.Unavailable(UnavailableReason.STATE_DATABASE_UNREADABLE, e.getMessage());
                }
                boolean ownWord = binding instanceof Binding.Bound b && (b.source() == BindingSource.OPEN_TRANSCRIPT
                        || b.source() == BindingSource.AGENT_REPORT);
                boolean pendingReport = tab.report().filter(r -> !r.written()).isPresent();
                if (store == null && !ownWord && !pendingReport) {
                    binding = storeProblem != null
                            ? new Binding.Unavailable(UnavailableReason.STATE_DATABASE_UNREADABLE, storeProblem)
                            : new Binding.Unavailable(UnavailableReason.NO_STATE_DATABASE, "no state_N.sqlite in " + home.stateDirectory());
                }
                bindingLog.resolved(tab.panelId(), binding);
                Optional<Path> rollout = Optional.empty();
                if (binding instanceof Binding.Bound b) {
                    Optional<Path> reportedFile = checks.get(tab.panelId()) instanceof ReportCheck.Verified v
                            && b.source() == BindingSource.AGENT_REPORT ? Optional.of(v.rollout()) : Optional.empty();
                    Optional<CodexThread> row = thread;
                    rollout = reportedFile.or(() -> row.map(CodexThread::rolloutPath)).or(() -> observations.stream()
                            .filter(o -> o.panelId().equals(tab.panelId()))
                            .flatMap(o -> o.process().openFiles().stream())
                            .filter(f -> home.holdsRollout(f) && CodexHome.threadIdOf(f).orElse("").equals(b.sessionId()))
                            .findFirst());
                }
                Optional<String> refused = checks.get(tab.panelId()) instanceof ReportCheck.Mismatch m
                        ? Optional.of(m.why()) : Optional.empty();
                results.put(tab.panelId(), new CodexResolution(tab.panelId(), home, binding, thread, rollout, refused));
            }
        } finally {
            if (store != null) {
                store.close();
            }
        }
    }

    /** Whether a report's rollout is that thread's, in this tab's directory. */
    private sealed interface ReportCheck {
        record Verified(Path rollout) implements ReportCheck {
        }

        record Pending() implements ReportCheck {
        }

        record Mismatch(String why) implements ReportCheck {
        }
    }

    private static ReportCheck check(CodexHome home, CodexThreads threads, AgentReport report, Set<String> cwds) {
        String id = report.sessionId();
        Optional<Path> named = report.transcript();
        if (named.isPresent() && (!home.holdsRollout(named.get())
                || !CodexHome.threadIdOf(named.get()).orElse("").equals(id))) {
            return new ReportCheck.Mismatch(named.get() + " is not a rollout of thread " + id + " in " + home.sessions());
        }
        Optional<CodexThread> found;
        try {
            found = threads.byId(id);
        } catch (CodexStoreException e) {
            found = Optional.empty();
        }
        Optional<CodexThread> row = found;
        if (row.isPresent() && !cwds.contains(row.get().cwd())
                && !report.cwd().map(Path::toString).equals(Optional.of(row.get().cwd()))) {
            return new ReportCheck.Mismatch("thread " + id + " runs in " + row.get().cwd() + ", not in this tab's directory");
        }
        Optional<Path> file = named.flatMap(CodexHome::rolloutFile)
                .or(() -> row.flatMap(r -> CodexHome.rolloutFile(r.rolloutPath())));
        return file.<ReportCheck>map(ReportCheck.Verified::new).orElseGet(ReportCheck.Pending::new);
    }

    private CodexTab describe(CodexHome home, CodexObservation o, Set<String> cwds, Optional<CodexTab.Reported> reported) {
        List<String> open = new ArrayList<>();
        for (Path file : o.process().openFiles()) {
            String name = file.getFileName() == null ? "" : file.getFileName().toString();
            if (name.endsWith(".jsonl") && home.holdsRollout(file)) {
                CodexHome.threadIdOf(file).filter(id -> !open.contains(id)).ifPresent(open::add);
            }
        }
        return new CodexTab(o.panelId(), o.process().identity(), o.process().startTime(), cwds,
                o.process().resumedSession(), open, o.screen(), reported);
    }

    /** A home without a state database: nothing is known of its threads. */
    private static final class NoThreads implements CodexThreads {
        @Override
        public Optional<CodexThread> byId(String id) {
            return Optional.empty();
        }

        @Override
        public List<CodexThread> newestInteractive(Set<String> cwds, int limit) {
            return List.of();
        }

        @Override
        public List<CodexThread> begunSince(Set<String> cwds, Instant since) {
            return List.of();
        }
    }
}
