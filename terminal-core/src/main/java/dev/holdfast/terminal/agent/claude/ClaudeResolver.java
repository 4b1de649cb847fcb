package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.AgentCommandLine;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingLog;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 * The glue of one binding round for every tab running Claude Code: finds each one's configuration directory,
 * checks its {@code sessions/<pid>.json} against the process, checks its report's transcript, learns which sessions
 * other live Claude processes hold, describes each tab to {@link ClaudeBindingPolicy} and returns what it decided.
 * Blocking file reads: run it off the UI thread, from one thread.
 */
public final class ClaudeResolver {
    private static final Logger LOG = LoggerFactory.getLogger(ClaudeResolver.class);
    /** Configuration directories whose project listings are kept between rounds. */
    static final int CACHED_CONFIGS = 8;

    private final ClaudeBindingPolicy policy;
    private final ClaudeSettings settings;
    private final ClaudeEvidence evidence;
    private final ProcessInspector inspector;
    private final ObjectMapper json;
    private final TranscriptLimits limits;
    private final Path userHome;
    private final LinkedHashMap<ClaudeConfig, ClaudeProjects> projects = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ClaudeConfig, ClaudeProjects> eldest) {
            return size() > CACHED_CONFIGS;
        }
    };
    private final BindingLog bindingLog = new BindingLog("Claude", "session");

    public ClaudeResolver(ClaudeBindingPolicy policy, ClaudeSettings settings, ClaudeEvidence evidence,
            ProcessInspector inspector, ObjectMapper json, TranscriptLimits limits, Path userHome) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.evidence = Objects.requireNonNull(evidence, "evidence");
        this.inspector = Objects.requireNonNull(inspector, "inspector");
        this.json = Objects.requireNonNull(json, "json");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.userHome = Objects.requireNonNull(userHome, "userHome");
    }

    /** A tab closed or stopped running Claude: its binding goes at once. */
    public void forget(UUID panelId) {
        policy.forget(panelId);
        bindingLog.forget(panelId);
    }

    /** The configuration directory {@code process} uses. */
    public ClaudeConfig configOf(AgentProcess process, Map<String, String> tabEnvironment) {
        return ClaudeConfig.forEnvironment(process.environment(), tabEnvironment, userHome);
    }

    /** Resolves every tab in {@code tabs}, each against the others. */
    public Map<UUID, ClaudeResolution> resolve(List<ClaudeObservation> tabs) {
        Map<ClaudeConfig, List<ClaudeObservation>> byConfig = new LinkedHashMap<>();
        for (ClaudeObservation tab : tabs) {
            byConfig.computeIfAbsent(configOf(tab.process(), tab.tabEnvironment()), c -> new ArrayList<>()).add(tab);
        }
        Map<UUID, ClaudeResolution> results = new LinkedHashMap<>();
        for (Map.Entry<ClaudeConfig, List<ClaudeObservation>> entry : byConfig.entrySet()) {
            resolveConfig(entry.getKey(), entry.getValue(), results);
        }
        return results;
    }

    private ClaudeProjects projectsOf(ClaudeConfig config) {
        return projects.computeIfAbsent(config, c -> new ClaudeProjects(c, json, limits));
    }

    private void resolveConfig(ClaudeConfig config, List<ClaudeObservation> observations, Map<UUID, ClaudeResolution> results) {
        ClaudeProjects store = projectsOf(config);
        store.refresh();
        Map<Long, String> live = liveSessionFiles(config);
        Map<UUID, Optional<String>> refused = new HashMap<>();
        List<ClaudeTab> tabs = new ArrayList<>();
        Map<UUID, Set<String>> elsewhere = new HashMap<>();
        for (ClaudeObservation o : observations) {
            Optional<ClaudeTab.Reported> reported = Optional.empty();
            Optional<String> refusal = Optional.empty();
            Set<String> cwds = o.process().directoryNames();
            if (o.report().isPresent()) {
                ReportCheck check = check(o.report().get(), store, cwds);
                if (check instanceof ReportCheck.Mismatch mismatch) {
                    refusal = Optional.of(mismatch.why());
                    LOG.warn("Panel {}: Claude's report of session {} refused: {}", o.panelId(), o.report().get().sessionId(),
                            mismatch.why());
                } else {
                    reported = Optional.of(new ClaudeTab.Reported(o.report().get(),
                            check instanceof ReportCheck.Verified v ? Optional.of(v.transcript()) : Optional.empty()));
                }
            }
            refused.put(o.panelId(), refusal);
            tabs.add(describe(config, o, cwds, reported));
            Set<String> others = new HashSet<>();
            live.forEach((pid, session) -> {
                if (!o.process().has(pid)) {
                    others.add(session);
                }
            });
            elsewhere.put(o.panelId(), others);
        }
        Map<UUID, Binding> bindings = new LinkedHashMap<>();
        for (ClaudeTab tab : tabs) {
            bindings.put(tab.panelId(), resolveOne(config, store, tab, tabs, elsewhere.get(tab.panelId())));
        }
        // A tab resolved early may have been unsure of a session a tab resolved after it has just claimed: once more.
        for (ClaudeTab tab : tabs) {
            if (bindings.get(tab.panelId()) instanceof Binding.Unavailable u && u.reason() == UnavailableReason.NEWER_THREAD) {
                bindings.put(tab.panelId(), resolveOne(config, store, tab, tabs, elsewhere.get(tab.panelId())));
            }
        }
        for (ClaudeTab tab : tabs) {
            Binding binding = bindings.get(tab.panelId());
            bindingLog.resolved(tab.panelId(), binding);
            Optional<Path> transcript = Optional.empty();
            if (binding instanceof Binding.Bound bound) {
                transcript = tab.report().flatMap(ClaudeTab.Reported::transcript)
                        .filter(t -> t.sessionId().equals(bound.sessionId())).map(ClaudeTranscript::path)
                        .or(() -> store.byId(bound.sessionId()).map(ClaudeTranscript::path));
            }
            results.put(tab.panelId(), new ClaudeResolution(tab.panelId(), config, binding, transcript,
                    refused.get(tab.panelId())));
        }
    }

    private Binding resolveOne(ClaudeConfig config, ClaudeProjects store, ClaudeTab tab, List<ClaudeTab> tabs,
            Set<String> elsewhere) {
        if (!store.exists() && tab.report().isEmpty()) {
            return new Binding.Unavailable(UnavailableReason.NO_CONFIG_DIRECTORY, "no " + config.projects());
        }
        List<ClaudeTab> peers = tabs.stream().filter(t -> !t.panelId().equals(tab.panelId())).toList();
        return policy.resolve(tab, peers, elsewhere, store, evidence);
    }

    /** Whether a report's transcript is that session's, in this tab's directory. */
    public sealed interface ReportCheck {
        record Verified(ClaudeTranscript transcript) implements ReportCheck {
        }

        record Pending() implements ReportCheck {
        }

        record Mismatch(String why) implements ReportCheck {
        }
    }

    /** Checks a report's transcript (the report's origin is checked by the caller). */
    public ReportCheck check(AgentReport report, ClaudeConfig config, Set<String> cwds) {
        ClaudeProjects store = projectsOf(config);
        return check(report, store, cwds);
    }

    private ReportCheck check(AgentReport report, ClaudeProjects store, Set<String> cwds) {
        String id = report.sessionId();
        Optional<ClaudeTranscript> byId = store.byId(id);
        if (report.transcript().isPresent()) {
            Path path = report.transcript().get();
            if (!store.config().holdsTranscript(path) || !path.getFileName().toString().equalsIgnoreCase(id + ".jsonl")) {
                return new ReportCheck.Mismatch(path + " is not the transcript of session " + id + " in "
                        + store.config().projects());
            }
            if (byId.isPresent() && !byId.get().path().equals(path)) {
                return new ReportCheck.Mismatch("session " + id + " is written to " + byId.get().path() + ", not " + path);
            }
            if (byId.isEmpty()) {
                return new ReportCheck.Pending();
            }
        }
        if (byId.isEmpty()) {
            return new ReportCheck.Pending();
        }
        ClaudeTranscript t = byId.get();
        if (t.cwd().isPresent() && !cwds.contains(t.cwd().get())
                && !report.cwd().map(Path::toString).equals(t.cwd())) {
            return new ReportCheck.Mismatch("session " + id + " ran in " + t.cwd().get() + ", not in this tab's directory");
        }
        return new ReportCheck.Verified(t);
    }

    private ClaudeTab describe(ClaudeConfig config, ClaudeObservation o, Set<String> cwds,
            Optional<ClaudeTab.Reported> reported) {
        AgentProcess process = o.process();
        Optional<ClaudeTab.CommandLineSession> line = Optional.empty();
        Optional<String> resumed = process.resumedSession();
        if (resumed.isPresent()) {
            boolean pins = process.commandLines().stream().map(AgentCommandLine::arguments)
                    .anyMatch(args -> args.contains("--session-id") || args.stream().anyMatch(a -> a.startsWith("--session-id=")));
            line = Optional.of(new ClaudeTab.CommandLineSession(resumed.get(), pins));
        }
        return new ClaudeTab(o.panelId(), process.identity(), process.startTime(), cwds, process.headless(), line,
                sessionFile(config, process), reported, o.screen());
    }

    /** The tab's {@code sessions/<pid>.json}: of the innermost process that has one which is really its own. */
    private Optional<ClaudeSessionFile> sessionFile(ClaudeConfig config, AgentProcess process) {
        List<ProcessDetails> chain = new ArrayList<>(process.processes());
        java.util.Collections.reverse(chain);
        for (ProcessDetails p : chain) {
            ClaudeSessionFile.Read read = ClaudeSessionFile.read(config.sessionFile(p.pid()), p.pid(), json);
            if (read instanceof ClaudeSessionFile.Found found) {
                if (found.file().describes(p)) {
                    return Optional.of(found.file());
                }
                LOG.debug("{} is not pid {}'s: its procStart {} is not the process's start {}", config.sessionFile(p.pid()),
                        p.pid(), found.file().procStart().orElse("(none)"), p.startStamp().orElse("(unknown)"));
            } else if (read instanceof ClaudeSessionFile.Rejected rejected) {
                LOG.debug("Ignoring {}", rejected.why());
            }
        }
        return Optional.empty();
    }

    /**
     * The sessions other running Claude processes started in, by pid: their {@code sessions/<pid>.json}, each
     * only while its pid runs with the start stamp it names (a crashed process's file stays behind, its pid may be
     * reused). The newest {@link ClaudeSettings#maxSessionFiles()} files are read.
     */
    private Map<Long, String> liveSessionFiles(ClaudeConfig config) {
        Map<Long, String> live = new LinkedHashMap<>();
        for (ClaudeSessionFile file : ClaudeSessionFile.readNewest(config, json, settings.maxSessionFiles())) {
            Optional<ProcessDetails> running = inspector.process(file.pid());
            if (running.isPresent() && file.describes(running.get())) {
                live.put(file.pid(), file.sessionId());
            }
        }
        return live;
    }
}
