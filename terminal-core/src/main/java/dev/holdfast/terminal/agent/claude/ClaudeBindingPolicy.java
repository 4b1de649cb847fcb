package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingMemory;
import dev.holdfast.terminal.agent.binding.BindingMemory.Remembered;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.ScreenMatch;
import dev.holdfast.terminal.agent.binding.ScreenMatcher;
import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Which session a Claude Code tab shows (reference: {@code agent-formats.md} §2–3, {@code
 * agent-conversation-binding.txt}). Sources, strongest first; each is checked before it is used:
 * <ol>
 *   <li>a report from the agent itself (its session-start hook, from within the tab's Claude process), once its
 *       transcript exists and is that session's; a report whose transcript is not written yet leaves the tab
 *       unavailable ("not written yet"), never on an older session;</li>
 *   <li>{@code sessions/<pid>.json} of the tab's Claude process (pid and start stamp checked by the caller),
 *       while no newer session of the directory began since the process started: the file is not rewritten on
 *       {@code /clear}, so a newer session may be this process's;</li>
 *   <li>{@code --resume ID} / {@code -r ID} / {@code --session-id ID}, on the same condition (without a start time:
 *       since the named session began);</li>
 *   <li>a screen match: an answer (≥ 64 letters and digits) in the tab's last 400 lines of exactly one of the
 *       directory's 32 newest interactive sessions; kept while the same process runs and no newer session
 *       began since the match.</li>
 * </ol>
 * Once 2 or 3 is unsure, only a newer session's answer on screen binds (the named one's may be what was on screen
 * before a {@code /clear}). Newer means interactive (the terminal app's: a headless {@code claude -p} or another
 * client's session shares the directory but is never a tab's), not another Claude tab's binding, and not the
 * session another live Claude process's own file names. Never "the newest of the directory", never
 * {@code --continue}: two tabs in one directory are the normal case.
 *
 * <p>No threads or files: the tabs, the transcripts and the evidence come in; the clock is injected; the memory of
 * bindings is this object's state, used by one thread.
 */
public final class ClaudeBindingPolicy {
    private final ClaudeSettings settings;
    private final BindingSettings numbers;
    private final Clock clock;
    private final BindingMemory memory;
    private final ScreenMatcher matcher = new ScreenMatcher();

    public ClaudeBindingPolicy(BindingSettings numbers, ClaudeSettings settings, Clock clock, BindingMemory memory) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.numbers = Objects.requireNonNull(numbers, "numbers");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.memory = Objects.requireNonNull(memory, "memory");
    }

    /** A tab that closed, or no longer runs Claude: its binding goes at once. */
    public void forget(UUID panelId) {
        memory.forget(panelId);
    }

    /** The tab's remembered binding, if its process is still {@code tab}'s (for telling other tabs what is whose). */
    public Optional<String> boundSession(ClaudeTab tab) {
        return memory.peek(tab.panelId()).filter(r -> r.process().equals(tab.process())).map(Remembered::sessionId);
    }

    /**
     * Resolves {@code tab}.
     *
     * @param peers the other tabs running Claude with the same configuration directory
     * @param heldElsewhere sessions that other running Claude processes' own files name: theirs, not a /clear here
     */
    public Binding resolve(ClaudeTab tab, List<ClaudeTab> peers, Set<String> heldElsewhere, ClaudeTranscripts transcripts,
            ClaudeEvidence evidence) {
        Instant now = clock.instant();
        Optional<Remembered> mine = memory.get(tab.panelId());
        if (mine.isPresent() && !mine.get().process().equals(tab.process())) {
            memory.forget(tab.panelId());
            mine = Optional.empty();
        }
        if (tab.headless()) {
            memory.forget(tab.panelId());
            return new Binding.Unavailable(UnavailableReason.HEADLESS, "claude -p answers one prompt and exits");
        }

        // 1. The agent's own report.
        if (tab.report().isPresent()) {
            ClaudeTab.Reported reported = tab.report().get();
            String id = reported.report().sessionId();
            if (reported.transcript().isEmpty()) {
                memory.forget(tab.panelId());
                return new Binding.Unavailable(UnavailableReason.NO_ROLLOUT_YET, "Claude reported session " + id + " ("
                        + reported.report().source() + ") and has not written its transcript yet");
            }
            memory.put(tab.panelId(), new Remembered(tab.process(), id, BindingSource.AGENT_REPORT, now));
            return new Binding.Bound(id, BindingSource.AGENT_REPORT, "Claude reported session " + id + " ("
                    + reported.report().source() + ") from this tab's process");
        }

        Set<String> theirs = new HashSet<>(heldElsewhere);
        for (ClaudeTab other : peers) {
            if (!other.panelId().equals(tab.panelId())) {
                boundSession(other).ifPresent(theirs::add);
            }
        }
        Optional<Instant> startedSince = tab.processStart().map(s -> s.minus(numbers.processStartTolerance()));

        // 2. sessions/<pid>.json, 3. the command line: the session the process began in.
        Optional<Named> named = Optional.empty();
        if (tab.sessionFile().isPresent()) {
            String id = tab.sessionFile().get().sessionId();
            Optional<Instant> since = startedSince.or(() -> tab.sessionFile().get().startedAt()
                    .map(s -> s.minus(numbers.processStartTolerance())));
            named = Optional.of(new Named(id, BindingSource.SESSION_FILE, since,
                    "its sessions/" + tab.sessionFile().get().pid() + ".json names it"));
        } else if (tab.commandLine().isPresent()) {
            ClaudeTab.CommandLineSession line = tab.commandLine().get();
            Optional<ClaudeTranscript> transcript = transcripts.byId(line.sessionId());
            if (transcript.isEmpty() && !line.pinsNewSession()) {
                return new Binding.Unavailable(UnavailableReason.RESUMED_THREAD_UNKNOWN, "no transcript of session "
                        + line.sessionId() + " in Claude's projects");
            }
            Optional<Instant> since = startedSince.or(() -> transcript.map(ClaudeTranscript::begunAt));
            named = Optional.of(new Named(line.sessionId(), BindingSource.RESUME_ARGUMENT, since,
                    (line.pinsNewSession() ? "it was started as claude --session-id " : "it was started as claude --resume ")
                            + line.sessionId()));
        }
        if (named.isPresent()) {
            Named n = named.get();
            Set<ClaudeTranscript> newer = n.since().map(s -> newer(tab, transcripts, s, n.sessionId(), theirs))
                    .orElseGet(() -> newestOther(tab, transcripts, n.sessionId(), theirs));
            if (newer.isEmpty()) {
                memory.put(tab.panelId(), new Remembered(tab.process(), n.sessionId(), n.source(), now));
                return new Binding.Bound(n.sessionId(), n.source(), n.why() + ", and no newer session began in this "
                        + "directory since Claude started");
            }
            // Unsure: the process may have moved on (/clear, /resume). Only a newer session shown here binds.
            Optional<Remembered> kept = mine.filter(m -> m.source() == BindingSource.SCREEN_MATCH)
                    .filter(m -> !m.sessionId().equals(n.sessionId()));
            if (kept.isPresent() && newer(tab, transcripts, kept.get().since(), kept.get().sessionId(), theirs).isEmpty()
                    && newer.stream().anyMatch(t -> t.sessionId().equals(kept.get().sessionId()))) {
                return bindKept(kept.get());
            }
            Map<String, ClaudeTranscript> candidates = new LinkedHashMap<>();
            newer.forEach(t -> candidates.put(t.sessionId(), t));
            transcripts.byId(n.sessionId()).ifPresent(t -> candidates.putIfAbsent(t.sessionId(), t));
            ScreenMatch match = matcher.match(screen(tab), evidenceOf(candidates.values(), evidence));
            if (match instanceof ScreenMatch.Unique unique && !unique.sessionId().equals(n.sessionId())) {
                memory.put(tab.panelId(), new Remembered(tab.process(), unique.sessionId(), BindingSource.SCREEN_MATCH, now));
                return new Binding.Bound(unique.sessionId(), BindingSource.SCREEN_MATCH,
                        "an answer of it shows in this tab, and it began after " + n.sessionId()
                                + ", the session Claude started in");
            }
            return new Binding.Unavailable(UnavailableReason.NEWER_THREAD, describe(newer) + " began in this directory"
                    + " since Claude started in " + n.sessionId() + " (" + n.why() + "); it may be this tab's now");
        }

        // 4. A screen match, fresh or kept.
        Map<String, ClaudeTranscript> candidates = new LinkedHashMap<>();
        for (ClaudeTranscript t : transcripts.ofDirectory(tab.cwds())) {
            if (t.interactive() && candidates.size() < numbers.candidateThreads()) {
                candidates.put(t.sessionId(), t);
            }
        }
        mine.filter(m -> m.source() == BindingSource.SCREEN_MATCH).flatMap(m -> transcripts.byId(m.sessionId()))
                .ifPresent(t -> candidates.putIfAbsent(t.sessionId(), t));
        ScreenMatch match = matcher.match(screen(tab), evidenceOf(candidates.values(), evidence));
        if (match instanceof ScreenMatch.Unique unique) {
            memory.put(tab.panelId(), new Remembered(tab.process(), unique.sessionId(), BindingSource.SCREEN_MATCH, now));
            return new Binding.Bound(unique.sessionId(), BindingSource.SCREEN_MATCH, "an answer of it shows in this tab");
        }
        Optional<Remembered> kept = mine.filter(m -> m.source() == BindingSource.SCREEN_MATCH);
        if (kept.isPresent()) {
            Set<ClaudeTranscript> newer = newer(tab, transcripts, kept.get().since(), kept.get().sessionId(), theirs);
            if (newer.isEmpty()) {
                return bindKept(kept.get());
            }
            return new Binding.Unavailable(UnavailableReason.NEWER_THREAD, describe(newer) + " began since an answer of "
                    + kept.get().sessionId() + " showed here, and may be this tab's");
        }
        if (match instanceof ScreenMatch.Ambiguous ambiguous) {
            return new Binding.Unavailable(UnavailableReason.AMBIGUOUS,
                    "answers of " + String.join(" and ", ambiguous.sessionIds()) + " show in this tab");
        }
        if (startedSince.isPresent() && newer(tab, transcripts, startedSince.get(), "", Set.of()).isEmpty()) {
            return new Binding.Unavailable(UnavailableReason.NO_ROLLOUT_YET,
                    "no session of this directory began since Claude started");
        }
        return new Binding.Unavailable(UnavailableReason.NO_MATCH, "no answer of its sessions is in the last "
                + numbers.screenLines() + " lines");
    }

    /** The session a process began in, by what names it. */
    private record Named(String sessionId, BindingSource source, Optional<Instant> since, String why) {
    }

    private Binding bindKept(Remembered kept) {
        return new Binding.Bound(kept.sessionId(), BindingSource.SCREEN_MATCH, "an answer of it showed in this tab at "
                + kept.since() + ", in the same Claude process, and no newer session began in this directory since");
    }

    private String screen(ClaudeTab tab) {
        return tab.screen().get().reducedSession(settings.sessionBanner(), numbers.screenLines());
    }

    /** The interactive sessions of the tab's directory begun at or after {@code since}, except its own and others'. */
    private static Set<ClaudeTranscript> newer(ClaudeTab tab, ClaudeTranscripts transcripts, Instant since, String except,
            Set<String> theirs) {
        Set<ClaudeTranscript> newer = new LinkedHashSet<>();
        for (ClaudeTranscript t : transcripts.ofDirectory(tab.cwds())) {
            if (t.interactive() && !t.begunAt().isBefore(since) && !t.sessionId().equals(except)
                    && !theirs.contains(t.sessionId())) {
                newer.add(t);
            }
        }
        return newer;
    }

    /** Without a start time: every other interactive session of the directory begun after the named one. */
    private static Set<ClaudeTranscript> newestOther(ClaudeTab tab, ClaudeTranscripts transcripts, String named,
            Set<String> theirs) {
        Optional<Instant> begun = transcripts.byId(named).map(ClaudeTranscript::begunAt);
        if (begun.isEmpty()) {
            // Nothing says when the named session began: any other session of the directory may be newer.
            Set<ClaudeTranscript> all = new LinkedHashSet<>();
            for (ClaudeTranscript t : transcripts.ofDirectory(tab.cwds())) {
                if (t.interactive() && !t.sessionId().equals(named) && !theirs.contains(t.sessionId())) {
                    all.add(t);
                }
            }
            return all;
        }
        return newer(tab, transcripts, begun.get(), named, theirs);
    }

    private static List<ThreadEvidence> evidenceOf(Iterable<ClaudeTranscript> transcripts, ClaudeEvidence evidence) {
        List<ThreadEvidence> list = new ArrayList<>();
        for (ClaudeTranscript t : transcripts) {
            evidence.of(t).ifPresent(list::add);
        }
        return list;
    }

    private static String describe(Set<ClaudeTranscript> newer) {
        return newer.stream().map(t -> "session " + t.sessionId() + " (begun " + t.begunAt() + ")")
                .collect(Collectors.joining(", "));
    }
}
