package dev.holdfast.terminal.agent.binding;

/** Why a tab running an agent shows no conversation. Each says, in the user's words, what to expect. */
public enum UnavailableReason {
    /** The agent's state database is not where its home says. */
    NO_STATE_DATABASE("the agent's state database was not found"),
    /** The state database is there but could not be read (locked, corrupt, unknown layout). */
    STATE_DATABASE_UNREADABLE("the agent's state database could not be read"),
    /** This run of the agent has not written a conversation yet (nothing asked yet). */
    NO_ROLLOUT_YET("the agent has not written this conversation yet"),
    /** A newer conversation began in this directory since the binding was made; it may be this tab's. */
    NEWER_THREAD("a newer conversation began in this directory, and it may be this tab's"),
    /** What the tab shows fits more than one conversation. */
    AMBIGUOUS("more than one conversation fits what this tab shows"),
    /** The conversation its command line resumes is not in the agent's store. */
    RESUMED_THREAD_UNKNOWN("the conversation it resumes is not in the agent's store"),
    /** The agent's configuration directory (Claude Code's {@code ~/.claude}) is not there. */
    NO_CONFIG_DIRECTORY("the agent's configuration directory was not found"),
    /** The agent runs headless ({@code claude -p}, {@code codex exec}): a one-off run, not a conversation of the tab. */
    HEADLESS("the agent runs headless, for one prompt"),
    /** Nothing ties this tab to a conversation: none of their answers is on screen. */
    NO_MATCH("none of this directory's conversations shows in this tab");

    private final String explanation;

    UnavailableReason(String explanation) {
        this.explanation = explanation;
    }

    public String explanation() {
        return explanation;
    }
}
