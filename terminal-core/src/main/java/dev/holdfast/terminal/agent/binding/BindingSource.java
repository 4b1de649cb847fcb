package dev.holdfast.terminal.agent.binding;

/** What ties a tab to a conversation, strongest first. */
public enum BindingSource {
    /**
     * The agent said so itself: its session-start hook ran {@code holdfast ctl agent-session} from within this
     * tab's agent process, and the conversation's transcript is that session's.
     */
    AGENT_REPORT("the agent reported it when the conversation started"),
    /** The agent process holds exactly one transcript open: that one. */
    OPEN_TRANSCRIPT("the agent holds this transcript open"),
    /**
     * Claude Code's {@code sessions/<pid>.json} for the tab's process (its pid and start time both match) names it,
     * and no newer conversation began in the directory since.
     */
    SESSION_FILE("Claude's own file for this process names it"),
    /**
     * The agent was started with this conversation's id (to resume it, or to pin a new one's), and has not moved on
     * since.
     */
    RESUME_ARGUMENT("the agent was started with its id"),
    /** An answer of this conversation, and of no other, was shown in this tab by the same agent process. */
    SCREEN_MATCH("one of its answers was shown in this tab"),
    /**
     * The tab had this conversation when Holdfast last saved it, and no agent has run in it since the restore:
     * shown until the tab's agent runs again (resumed, it is bound anew by its own evidence).
     */
    RESTORED("this tab had it before Holdfast restarted");

    private final String description;

    BindingSource(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
