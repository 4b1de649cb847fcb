package dev.holdfast.terminal.agent.codex;

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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Which thread a Codex tab shows (reference: {@code agent-conversation-binding.txt}). Sources, strongest first;
 * the first that holds wins:
 * <ol>
 *   <li>a report from Codex itself (its session-start hook, from within the tab's Codex process), once its
 *       rollout exists; before that the tab is unavailable ("not written yet"), never on an older thread;</li>
 *   <li>the rollout its process holds open, when it holds exactly one;</li>
 *   <li>{@code codex resume <id>}: thread {@code <id>}, only while no newer interactive thread of the directory
 *       began since the process started (without a start time: since {@code <id>} began, i.e. while it is the
 *       directory's newest);</li>
 *   <li>a screen match: an answer (≥ 64 letters and digits) that the tab shows in its last 400 lines, of exactly
 *       one of the 32 newest interactive threads of the directory. It is kept while the same process runs (even
 *       after the answer scrolled away), replaced by a later match to another thread, dropped by a different
 *       process, and held only while no interactive thread of the directory began since the match.</li>
 * </ol>
 * Interactive means {@code source} {@code cli} or {@code vscode}: sub-agents and {@code exec} runs never count
 * as newer. A thread another Codex tab of the directory shows is that tab's and does not count either: when
 * this tab cannot tell otherwise, the other tabs are looked at on the spot (their screens read once, matched
 * against the unclaimed newer threads, this tab's own and their binding), at most once per 5 s for the same
 * question; a claim needs the thread's first message and its answer on that tab's screen.
 *
 * <p>No threads or files: the tabs, the store and the evidence come in; the clock is injected; the memory of
 * bindings is this object's state, used by one thread.
 */
public final class CodexBindingPolicy {
    private final BindingSettings settings;
    private final Clock clock;
    private final BindingMemory memory;
    private final ScreenMatcher matcher = new ScreenMatcher();
    /** When each tab last looked at the other tabs for a set of threads, and which tabs those were. */
    private final LinkedHashMap<ClaimQuestion, ClaimCheck> claimChecks = new LinkedHashMap<>();

    private record ClaimQuestion(UUID panelId, Set<String> threads) {
    }

    private record ClaimCheck(Set<UUID> peers, Instant at) {
    }

    public CodexBindingPolicy(BindingSettings settings, Clock clock, BindingMemory memory) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.memory = Objects.requireNonNull(memory, "memory");
    }

    /** A tab that closed, or no longer runs Codex: its binding goes at once. */
    public void forget(UUID panelId) {
        memory.forget(panelId);
        claimChecks.keySet().removeIf(q -> q.panelId().equals(panelId));
    }

    /**
     * Resolves {@code tab}.
     *
     * @param peers the other tabs running Codex with the same home (any directory)
     * @throws CodexStoreException when the store cannot be read
     */
    public Binding resolve(CodexTab tab, List<CodexTab> peers, CodexThreads threads, CodexEvidence evidence) {
        Instant now = clock.instant();
        Optional<Remembered> mine = memory.get(tab.panelId());
        if (mine.isPresent() && !mine.get().process().equals(tab.process())) {
            // A different process starts over.
            memory.forget(tab.panelId());
            mine = Optional.empty();
        }

        // 0. Codex's own report.
        if (tab.report().isPresent()) {
            CodexTab.Reported reported = tab.report().get();
            if (!reported.written()) {
                memory.forget(tab.panelId());
                return new Binding.Unavailable(UnavailableReason.NO_ROLLOUT_YET, "Codex reported thread "
                        + reported.threadId() + " (" + reported.source() + ") and has not written its rollout yet");
            }
            memory.put(tab.panelId(), new Remembered(tab.process(), reported.threadId(), BindingSource.AGENT_REPORT, now));
            return new Binding.Bound(reported.threadId(), BindingSource.AGENT_REPORT, "Codex reported thread "
                    + reported.threadId() + " (" + reported.source() + ") from this tab's process");
        }

        // 1. The rollout it holds open.
        Set<String> open = new LinkedHashSet<>(tab.openRolloutThreads());
        if (open.size() == 1) {
            String thread = open.iterator().next();
            memory.put(tab.panelId(), new Remembered(tab.process(), thread, BindingSource.OPEN_TRANSCRIPT, now));
            return new Binding.Bound(thread, BindingSource.OPEN_TRANSCRIPT, "Codex holds its rollout open");
        }

        List<CodexTab> others = peers.stream().filter(p -> !p.panelId().equals(tab.panelId())).toList();
        Set<String> theirs = boundElsewhere(others);

        // 2. codex resume <id>.
        Optional<CodexThread> resumed = tab.resumedThread().flatMap(threads::byId);
        Set<CodexThread> resumeNewer = Set.of();
        if (resumed.isPresent()) {
            Instant since = tab.processStart().map(s -> s.minus(settings.processStartTolerance()))
                    .orElse(resumed.get().createdAt());
            resumeNewer = newer(tab, threads, since, resumed.get().id(), theirs);
            if (resumeNewer.isEmpty()) {
                return bindResume(tab, resumed.get(), since);
            }
        }

        // 3. A screen match, fresh or kept.
        String screen = tab.screen().get().reducedSession(settings.sessionBanner(), settings.screenLines());
        Map<String, CodexThread> candidates = new LinkedHashMap<>();
        for (CodexThread t : threads.newestInteractive(tab.cwds(), settings.candidateThreads())) {
            candidates.put(t.id(), t);
        }
        resumed.ifPresent(t -> candidates.putIfAbsent(t.id(), t));
        mine.filter(m -> m.source() == BindingSource.SCREEN_MATCH).flatMap(m -> threads.byId(m.sessionId()))
                .ifPresent(t -> candidates.putIfAbsent(t.id(), t));
        ScreenMatch match = matcher.match(screen, evidenceOf(candidates.values(), evidence));
        if (match instanceof ScreenMatch.Unique unique) {
            memory.put(tab.panelId(), new Remembered(tab.process(), unique.sessionId(), BindingSource.SCREEN_MATCH, now));
            return new Binding.Bound(unique.sessionId(), BindingSource.SCREEN_MATCH, "an answer of it shows in this tab");
        }
        Optional<Remembered> kept = mine.filter(m -> m.source() == BindingSource.SCREEN_MATCH);
        Set<CodexThread> keptNewer = Set.of();
        if (kept.isPresent()) {
            keptNewer = newer(tab, threads, kept.get().since(), kept.get().sessionId(), theirs);
            if (keptNewer.isEmpty()) {
                return bindKept(kept.get());
            }
        }

        // Unsure because of newer threads: the other tabs of the directory may show them.
        Set<CodexThread> unsure = new LinkedHashSet<>(resumeNewer);
        unsure.addAll(keptNewer);
        if (!unsure.isEmpty()) {
            Set<String> own = new HashSet<>();
            resumed.ifPresent(t -> own.add(t.id()));
            kept.ifPresent(k -> own.add(k.sessionId()));
            Set<String> claimed = claim(tab, others, unsure, own, threads, evidence, now);
            if (resumed.isPresent() && ids(resumeNewer).stream().allMatch(claimed::contains)) {
                return bindResume(tab, resumed.get(), tab.processStart().map(s -> s.minus(settings.processStartTolerance()))
                        .orElse(resumed.get().createdAt()));
            }
            if (kept.isPresent() && ids(keptNewer).stream().allMatch(claimed::contains)) {
                return bindKept(kept.get());
            }
            Set<CodexThread> left = new LinkedHashSet<>(unsure);
            left.removeIf(t -> claimed.contains(t.id()));
            return new Binding.Unavailable(UnavailableReason.NEWER_THREAD, describeNewer(left));
        }
        if (match instanceof ScreenMatch.Ambiguous ambiguous) {
            return new Binding.Unavailable(UnavailableReason.AMBIGUOUS,
                    "answers of " + String.join(" and ", ambiguous.sessionIds()) + " show in this tab");
        }
        if (open.size() > 1) {
            return new Binding.Unavailable(UnavailableReason.AMBIGUOUS,
                    "Codex holds " + open.size() + " rollouts open: " + String.join(", ", open));
        }
        if (tab.resumedThread().isPresent() && resumed.isEmpty()) {
            return new Binding.Unavailable(UnavailableReason.RESUMED_THREAD_UNKNOWN, "thread " + tab.resumedThread().get());
        }
        if (tab.processStart().isPresent() && resumed.isEmpty()
                && newer(tab, threads, tab.processStart().get().minus(settings.processStartTolerance()), "", theirs).isEmpty()) {
            return new Binding.Unavailable(UnavailableReason.NO_ROLLOUT_YET, "no thread of this directory began since Codex started");
        }
        return new Binding.Unavailable(UnavailableReason.NO_MATCH, "no answer of its threads is in the last "
                + settings.screenLines() + " lines");
    }

    private Binding bindResume(CodexTab tab, CodexThread thread, Instant since) {
        memory.put(tab.panelId(), new Remembered(tab.process(), thread.id(), BindingSource.RESUME_ARGUMENT, since));
        return new Binding.Bound(thread.id(), BindingSource.RESUME_ARGUMENT, "started as codex resume " + thread.id()
                + ", and no newer thread began in this directory since");
    }

    private Binding bindKept(Remembered kept) {
        // A binding in use stays among the remembered ones (get() re-inserted it already).
        return new Binding.Bound(kept.sessionId(), BindingSource.SCREEN_MATCH, "an answer of it showed in this tab at "
                + kept.since() + ", in the same Codex process, and no newer thread began in this directory since");
    }

    /** The interactive threads of the tab's directory begun at or after {@code since}, except its own and others'. */
    private Set<CodexThread> newer(CodexTab tab, CodexThreads threads, Instant since, String except, Set<String> theirs) {
        Set<CodexThread> newer = new LinkedHashSet<>();
        for (CodexThread t : threads.begunSince(tab.cwds(), since)) {
            if (t.interactive() && !t.id().equals(except) && !theirs.contains(t.id())) {
                newer.add(t);
            }
        }
        return newer;
    }

    /** The threads other tabs (still running the process they were bound in) are bound to. */
    private Set<String> boundElsewhere(List<CodexTab> others) {
        Set<String> theirs = new HashSet<>();
        for (CodexTab other : others) {
            memory.peek(other.panelId()).filter(r -> r.process().equals(other.process()))
                    .ifPresent(r -> theirs.add(r.sessionId()));
        }
        return theirs;
    }

    /**
     * Which of {@code unsure} another Codex tab of the directory shows as its own: its screen shows the
     * thread's first message and an answer of it, uniquely among the unsure threads, this tab's own and that
     * tab's binding. A tab that shows one is bound to it.
     */
    private Set<String> claim(CodexTab tab, List<CodexTab> others, Set<CodexThread> unsure, Set<String> own,
            CodexThreads threads, CodexEvidence evidence, Instant now) {
        List<CodexTab> neighbours = others.stream().filter(tab::sharesDirectoryWith).toList();
        if (neighbours.isEmpty()) {
            return Set.of();
        }
        ClaimQuestion question = new ClaimQuestion(tab.panelId(), new TreeSet<>(ids(unsure)));
        Set<UUID> peerIds = neighbours.stream().map(CodexTab::panelId).collect(Collectors.toSet());
        ClaimCheck last = claimChecks.get(question);
        if (last != null && last.peers().equals(peerIds)
                && Duration.between(last.at(), now).compareTo(settings.claimInterval()) < 0) {
            return Set.of();
        }
        claimChecks.remove(question);
        claimChecks.put(question, new ClaimCheck(peerIds, now));
        while (claimChecks.size() > settings.memoryEntries()) {
            claimChecks.remove(claimChecks.keySet().iterator().next());
        }

        Map<String, ThreadEvidence> unsureEvidence = new HashMap<>();
        for (CodexThread t : unsure) {
            evidence.of(t).map(e -> withFirstMessage(e, t)).ifPresent(e -> unsureEvidence.put(t.id(), e));
        }
        List<ThreadEvidence> ownEvidence = new ArrayList<>();
        for (String id : own) {
            threads.byId(id).flatMap(evidence::of).ifPresent(ownEvidence::add);
        }
        Set<String> claimed = new HashSet<>();
        for (CodexTab other : neighbours) {
            List<ThreadEvidence> candidates = new ArrayList<>(unsureEvidence.values());
            candidates.addAll(ownEvidence);
            Optional<Remembered> theirBinding = memory.peek(other.panelId()).filter(r -> r.process().equals(other.process()));
            theirBinding.flatMap(r -> threads.byId(r.sessionId())).flatMap(evidence::of).ifPresent(candidates::add);
            String screen = other.screen().get().reducedSession(settings.sessionBanner(), settings.screenLines());
            if (matcher.match(screen, candidates) instanceof ScreenMatch.Unique unique
                    && unsureEvidence.containsKey(unique.sessionId()) && !claimed.contains(unique.sessionId())
                    && matcher.showsFirstMessage(screen, unsureEvidence.get(unique.sessionId()))) {
                claimed.add(unique.sessionId());
                memory.put(other.panelId(), new Remembered(other.process(), unique.sessionId(), BindingSource.SCREEN_MATCH, now));
            }
        }
        return claimed;
    }

    /** The store's first message wins over the one read from the rollout (which may not have been read whole). */
    private ThreadEvidence withFirstMessage(ThreadEvidence e, CodexThread thread) {
        if (thread.firstUserMessage().isEmpty()) {
            return e;
        }
        ThreadEvidence fromStore = ThreadEvidence.of(e.sessionId(), List.of(), thread.firstUserMessage(), settings);
        return new ThreadEvidence(e.sessionId(), e.reducedAnswers(), e.anchors(), fromStore.reducedFirstMessage());
    }

    private static List<ThreadEvidence> evidenceOf(Iterable<CodexThread> threads, CodexEvidence evidence) {
        List<ThreadEvidence> list = new ArrayList<>();
        for (CodexThread t : threads) {
            evidence.of(t).ifPresent(list::add);
        }
        return list;
    }

    private static Set<String> ids(Set<CodexThread> threads) {
        return threads.stream().map(CodexThread::id).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static String describeNewer(Set<CodexThread> newer) {
        return newer.stream()
                .map(t -> t.id() + " (begun " + t.createdAt() + t.firstUserMessage().map(m -> ": \"" + shorten(m) + "\"").orElse("") + ")")
                .collect(Collectors.joining(", "));
    }

    private static String shorten(String text) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= 60 ? line : line.substring(0, 57) + "…";
    }
}
