package dev.holdfast.terminal.agent.binding;

import java.util.Set;

/** What a tab's screen says about which conversation it shows. */
public sealed interface ScreenMatch permits ScreenMatch.None, ScreenMatch.Unique, ScreenMatch.Ambiguous {

    /** No candidate's answer shows. */
    record None() implements ScreenMatch {
    }

    /** Answers of exactly one candidate show. */
    record Unique(String sessionId) implements ScreenMatch {
    }

    /** What shows belongs to several candidates. */
    record Ambiguous(Set<String> sessionIds) implements ScreenMatch {
        public Ambiguous {
            sessionIds = Set.copyOf(sessionIds);
        }
    }
}
