package dev.holdfast.terminal.agent.binding;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which candidate conversation a screen shows, by its answers: a candidate whose anchor appears in the reduced
 * screen shows — and so does every other candidate that said the same text (a fork shares its parent's
 * answers, a quote repeats one). The screen shows one conversation only when exactly one candidate is left.
 */
public final class ScreenMatcher {

    public ScreenMatch match(String reducedScreen, Collection<ThreadEvidence> candidates) {
        Map<String, ThreadEvidence> byId = new LinkedHashMap<>();
        candidates.forEach(c -> byId.putIfAbsent(c.sessionId(), c));
        Set<String> shown = new TreeSet<>();
        for (ThreadEvidence candidate : byId.values()) {
            for (String anchor : candidate.anchors()) {
                if (!reducedScreen.contains(anchor)) {
                    continue;
                }
                shown.add(candidate.sessionId());
                for (ThreadEvidence other : byId.values()) {
                    if (!other.sessionId().equals(candidate.sessionId()) && other.says(anchor)) {
                        shown.add(other.sessionId());
                    }
                }
            }
        }
        if (shown.isEmpty()) {
            return new ScreenMatch.None();
        }
        return shown.size() == 1 ? new ScreenMatch.Unique(shown.iterator().next()) : new ScreenMatch.Ambiguous(shown);
    }

    /** Whether the screen shows the conversation's first message (typed there, not only its answer pasted). */
    public boolean showsFirstMessage(String reducedScreen, ThreadEvidence candidate) {
        return candidate.reducedFirstMessage().map(reducedScreen::contains).orElse(false);
    }
}
