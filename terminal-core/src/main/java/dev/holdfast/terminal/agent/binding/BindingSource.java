package dev.holdfast.terminal.agent.binding;

/** What ties a tab to a conversation, strongest first. */
public enum BindingSource {
    /** The agent process holds exactly one transcript open: that one. */
    OPEN_TRANSCRIPT("the agent holds this transcript open"),
    /** The agent was started to resume this conversation by id, and has not moved on since. */
    RESUME_ARGUMENT("the agent was started to resume it by id"),
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
