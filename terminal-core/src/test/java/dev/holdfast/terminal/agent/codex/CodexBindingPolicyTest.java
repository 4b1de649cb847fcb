package dev.holdfast.terminal.agent.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingMemory;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The binding rules as pure policy: threads, screens and the clock given, no files, no processes. */
class CodexBindingPolicyTest {
    private static final BindingSettings SETTINGS = BindingSettings.DEFAULTS;
    private static final String CWD = "/work/proj";
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private final MutableClock clock = new MutableClock(T0);
    private final BindingMemory memory = new BindingMemory(SETTINGS.memoryEntries());
    private final CodexBindingPolicy policy = new CodexBindingPolicy(SETTINGS, clock, memory);
    private final Threads threads = new Threads();
    private final Map<String, List<String>> answers = new HashMap<>();
    private final Map<String, String> firstMessages = new HashMap<>();
    private final AtomicInteger screenReads = new AtomicInteger();
    private final CodexEvidence evidence = t -> answers.containsKey(t.id())
            ? Optional.of(ThreadEvidence.of(t.id(), answers.get(t.id()), Optional.ofNullable(firstMessages.get(t.id())), SETTINGS))
            : Optional.empty();

    static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }
    }

    static final class Threads implements CodexThreads {
        final List<CodexThread> rows = new ArrayList<>();

        @Override
        public Optional<CodexThread> byId(String id) {
            return rows.stream().filter(r -> r.id().equals(id)).findFirst();
        }

        @Override
        public List<CodexThread> newestInteractive(Set<String> cwds, int limit) {
            return rows.stream().filter(r -> cwds.contains(r.cwd()) && r.interactive())
                    .sorted(Comparator.comparing(CodexThread::updatedAt).reversed()).limit(limit).toList();
        }

        @Override
        public List<CodexThread> begunSince(Set<String> cwds, Instant since) {
            return rows.stream().filter(r -> cwds.contains(r.cwd())
                    && r.createdAt().getEpochSecond() >= Math.floorDiv(since.toEpochMilli(), 1000)).toList();
        }
    }

    private String thread(String source, Instant created, String... threadAnswers) {
        return thread(source, created, Optional.empty(), threadAnswers);
    }

    private String thread(String source, Instant created, Optional<String> first, String... threadAnswers) {
        String id = UUID.randomUUID().toString();
        threads.rows.add(new CodexThread(id, Path.of("/h/sessions/rollout-x-" + id + ".jsonl"), created, created,
                Optional.ofNullable(source), CWD, "", first, Optional.empty()));
        answers.put(id, List.of(threadAnswers));
        first.ifPresent(f -> firstMessages.put(id, f));
        return id;
    }

    private static String answer(String topic) {
        return "The answer about " + topic + " is long enough to be evidence: it names the module, the fix and the test.";
    }

    private CodexTab tab(UUID panel, ProcessIdentity process, Optional<Instant> start, Optional<String> resumed,
            List<String> open, String... screen) {
        return new CodexTab(panel, process, start, Set.of(CWD), resumed, open, () -> {
            screenReads.incrementAndGet();
            return new ScreenText(List.of(screen));
        });
    }

    private static ProcessIdentity process(long pid) {
        return new ProcessIdentity(pid, Optional.of(T0.minusSeconds(60)));
    }

    private Binding resolve(CodexTab tab, CodexTab... peers) {
        List<CodexTab> all = new ArrayList<>(List.of(tab));
        all.addAll(List.of(peers));
        return policy.resolve(tab, all, threads, evidence);
    }

    private static Binding.Bound bound(Binding b) {
        return assertInstanceOf(Binding.Bound.class, b, () -> "expected bound: " + b);
    }

    private static Binding.Unavailable unavailable(Binding b) {
        return assertInstanceOf(Binding.Unavailable.class, b, () -> "expected unavailable: " + b);
    }

    @Test
    void withoutAStartTimeAResumeHoldsOnlyWhileTheResumedThreadIsTheDirectorysNewest() {
        String resumed = thread("cli", T0.minusSeconds(3600));
        UUID panel = UUID.randomUUID();
        ProcessIdentity p = new ProcessIdentity(7, Optional.empty());
        assertEquals(resumed, bound(resolve(tab(panel, p, Optional.empty(), Optional.of(resumed), List.of()))).sessionId());

        thread("cli", T0.minusSeconds(1800));
        assertEquals(UnavailableReason.NEWER_THREAD,
                unavailable(resolve(tab(panel, p, Optional.empty(), Optional.of(resumed), List.of()))).reason());
    }

    @Test
    void aResumeIgnoresThreadsBegunBeforeTheProcessStarted() {
        String resumed = thread("cli", T0.minusSeconds(3600));
        thread("cli", T0.minusSeconds(600));
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.of(resumed), List.of()));
        assertEquals(BindingSource.RESUME_ARGUMENT, bound(b).source());
    }

    @Test
    void aResumeCountsAThreadBegunWithinASecondBeforeTheComputedStart() {
        String resumed = thread("cli", T0.minusSeconds(3600));
        Instant start = T0.minusSeconds(60);
        thread("cli", start.minusMillis(900));
        assertEquals(UnavailableReason.NEWER_THREAD, unavailable(resolve(tab(UUID.randomUUID(), process(1), Optional.of(start),
                Optional.of(resumed), List.of()))).reason());
    }

    @Test
    void theRolloutHeldOpenWinsOverEverythingElse() {
        String shown = thread("cli", T0.minusSeconds(100), answer("shown"));
        String open = thread("cli", T0.minusSeconds(50));
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.of(shown),
                List.of(open), answer("shown")));
        assertEquals(open, bound(b).sessionId());
        assertEquals(BindingSource.OPEN_TRANSCRIPT, bound(b).source());
    }

    @Test
    void twoRolloutsHeldOpenProveNothing() {
        String a = thread("cli", T0.minusSeconds(100));
        String b = thread("cli", T0.minusSeconds(50));
        assertInstanceOf(Binding.Unavailable.class, resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)),
                Optional.empty(), List.of(a, b))));
    }

    @Test
    void anAnswerShownByTwoThreadsIsAmbiguous() {
        String text = answer("shared");
        thread("cli", T0.minusSeconds(100), text);
        thread("cli", T0.minusSeconds(90), "prefix. " + text);
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.empty(), List.of(), text));
        assertEquals(UnavailableReason.AMBIGUOUS, unavailable(b).reason());
    }

    @Test
    void anAnswerShorterThanSixtyFourLettersIsNoEvidence() {
        String shortAnswer = "Fixed quickly: bumped the JSON parser to version 2.";
        assertTrue(dev.holdfast.terminal.agent.binding.DisplayText.reduce(shortAnswer).length() < SETTINGS.minAnswerChars());
        thread("cli", T0.minusSeconds(100), shortAnswer);
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.empty(), List.of(),
                "• " + shortAnswer));
        assertInstanceOf(Binding.Unavailable.class, b);
    }

    @Test
    void onlyTheLastFourHundredLinesAreRead() {
        String text = answer("old");
        thread("cli", T0.minusSeconds(100), text);
        List<String> screen = new ArrayList<>(List.of(text));
        for (int i = 0; i < SETTINGS.screenLines(); i++) {
            screen.add("line " + i);
        }
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.empty(), List.of(),
                screen.toArray(String[]::new)));
        assertInstanceOf(Binding.Unavailable.class, b);
    }

    @Test
    void theCandidatesAreTheThirtyTwoNewestInteractiveThreadsSoExecBurstsCannotPushOneOut() {
        String text = answer("mine");
        String mine = thread("cli", T0.minusSeconds(1000), text);
        for (int i = 0; i < 40; i++) {
            thread("exec", T0.minusSeconds(500 - i));
        }
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(60)), Optional.empty(), List.of(), text));
        assertEquals(mine, bound(b).sessionId());
    }

    @Test
    void aLaterMatchToAnotherThreadReplacesTheKeptOne() {
        UUID panel = UUID.randomUUID();
        String a = thread("cli", T0.minusSeconds(100), answer("first"));
        String b = thread("cli", T0.minusSeconds(90), answer("second"));
        assertEquals(a, bound(resolve(tab(panel, process(1), Optional.empty(), Optional.empty(), List.of(), answer("first")))).sessionId());
        assertEquals(b, bound(resolve(tab(panel, process(1), Optional.empty(), Optional.empty(), List.of(), answer("second")))).sessionId());
        assertEquals(b, bound(resolve(tab(panel, process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"))).sessionId());
    }

    @Test
    void aScreenIsReadFromTheLastSessionBanner() {
        String text = answer("before restart");
        thread("cli", T0.minusSeconds(100), text);
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.empty(), Optional.empty(), List.of(), text,
                ">_ OpenAI Codex (v0.60.1)", "› new prompt"));
        assertInstanceOf(Binding.Unavailable.class, b);
    }

    /** Two tabs in one directory; the first matched its thread, then its answer scrolled away. */
    private record TwoTabs(UUID first, UUID second, String mine) {
    }

    private TwoTabs firstTabMatchedAndScrolledAway() {
        UUID first = UUID.randomUUID();
        String mine = thread("cli", T0.minusSeconds(100), Optional.of("fix the first bug"), answer("first tab"));
        bound(resolve(tab(first, process(1), Optional.empty(), Optional.empty(), List.of(), answer("first tab"))));
        clock.advance(Duration.ofSeconds(10));
        return new TwoTabs(first, UUID.randomUUID(), mine);
    }

    @Test
    void aThreadAnotherTabShowsWithItsFirstMessageIsClaimedThereAndDoesNotCountAsNewer() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        String theirs = thread("cli", clock.instant(), Optional.of("look at the second bug please"), answer("second tab"));
        CodexTab other = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of(),
                "› look at the second bug please", answer("second tab"));
        Binding b = resolve(tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"), other);
        assertEquals(t.mine(), bound(b).sessionId());
        assertEquals(theirs, memory.peek(t.second()).orElseThrow().sessionId());
    }

    @Test
    void aClaimNeedsTheFirstMessageOnThatTabsScreen() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        thread("cli", clock.instant(), Optional.of("look at the second bug please"), answer("second tab"));
        CodexTab other = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of(), answer("second tab"));
        Binding b = resolve(tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"), other);
        assertEquals(UnavailableReason.NEWER_THREAD, unavailable(b).reason());
    }

    @Test
    void aClaimMustBeUniqueAgainstThisTabsOwnThread() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        // The other tab quotes this tab's answer next to the new thread's: it claims nothing.
        thread("cli", clock.instant(), Optional.of("look at the second bug please"), answer("second tab"));
        CodexTab other = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of(),
                "› look at the second bug please", answer("second tab"), answer("first tab"));
        Binding b = resolve(tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"), other);
        assertEquals(UnavailableReason.NEWER_THREAD, unavailable(b).reason());
    }

    @Test
    void otherTabsAreLookedAtAtMostOncePerFiveSecondsForTheSameThreads() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        thread("cli", clock.instant(), Optional.of("look at the second bug please"), answer("second tab"));
        AtomicInteger otherReads = new AtomicInteger();
        java.util.function.Supplier<CodexTab> other = () -> new CodexTab(t.second(), process(2), Optional.empty(), Set.of(CWD),
                Optional.empty(), List.of(), () -> {
                    otherReads.incrementAndGet();
                    return new ScreenText(List.of("nothing of it yet"));
                });
        CodexTab me = tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output");
        resolve(me, other.get());
        resolve(me, other.get());
        assertEquals(1, otherReads.get());
        clock.advance(SETTINGS.claimInterval());
        resolve(me, other.get());
        assertEquals(2, otherReads.get());
    }

    @Test
    void aThreadBoundInAnotherTabDoesNotCountAsNewer() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        String theirs = thread("cli", clock.instant(), answer("second tab"));
        CodexTab other = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of(theirs));
        resolve(other);
        Binding b = resolve(tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"), other);
        assertEquals(t.mine(), bound(b).sessionId());
    }

    @Test
    void aClosedTabsBindingIsForgottenAtOnce() {
        TwoTabs t = firstTabMatchedAndScrolledAway();
        String theirs = thread("cli", clock.instant(), answer("second tab"));
        CodexTab other = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of(theirs));
        resolve(other);
        policy.forget(t.second());
        assertTrue(memory.peek(t.second()).isEmpty());
        // Even a tab that still looked the same would no longer own the thread: its binding is gone.
        CodexTab same = tab(t.second(), process(2), Optional.empty(), Optional.empty(), List.of());
        Binding b = resolve(tab(t.first(), process(1), Optional.empty(), Optional.empty(), List.of(), "tool output"), same);
        assertEquals(UnavailableReason.NEWER_THREAD, unavailable(b).reason());
    }

    @Test
    void aFreshTabWithNothingWrittenSaysNoRolloutYet() {
        thread("cli", T0.minusSeconds(3600), answer("old"));
        Binding b = resolve(tab(UUID.randomUUID(), process(1), Optional.of(T0.minusSeconds(5)), Optional.empty(), List.of(), "› "));
        assertEquals(UnavailableReason.NO_ROLLOUT_YET, unavailable(b).reason());
    }

    @Test
    void theBindingMemoryKeepsTheSixtyFourMostRecentlyUsedTabs() {
        BindingMemory lru = new BindingMemory(SETTINGS.memoryEntries());
        List<UUID> panels = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            UUID p = UUID.randomUUID();
            panels.add(p);
            lru.put(p, new BindingMemory.Remembered(process(i), "t" + i, BindingSource.SCREEN_MATCH, T0));
        }
        assertTrue(lru.get(panels.get(0)).isPresent());
        lru.put(UUID.randomUUID(), new BindingMemory.Remembered(process(99), "new", BindingSource.SCREEN_MATCH, T0));
        assertTrue(lru.peek(panels.get(0)).isPresent(), "the tab used last must stay");
        assertTrue(lru.peek(panels.get(1)).isEmpty(), "the least recently used goes");
        assertEquals(64, lru.size());
    }

    @Test
    void theScreenIsNotReadWhenTheOpenRolloutDecides() {
        String open = thread("cli", T0.minusSeconds(50));
        resolve(tab(UUID.randomUUID(), process(1), Optional.empty(), Optional.empty(), List.of(open)));
        assertEquals(0, screenReads.get());
    }
}
