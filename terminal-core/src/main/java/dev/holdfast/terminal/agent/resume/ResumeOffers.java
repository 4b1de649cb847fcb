package dev.holdfast.terminal.agent.resume;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Decides, for every restored tab at once, what it offers. The rules:
 * <ul>
 *   <li>a bound agent tab offers {@code codex resume <id>} / {@code claude --resume <id>}, typed at its prompt
 *       ({@link ResumeAgents#ASK}), run ({@link ResumeAgents#ALWAYS}), or only named ({@link ResumeAgents#NEVER});
 *       it does not replay the agent's old frames;</li>
 *   <li>never two writers: a conversation still running somewhere ({@link ConversationLiveness}) is offered in
 *       no tab, which says "still running in pid N";</li>
 *   <li>a conversation bound to two tabs is offered in the first of them (in tab order) only;</li>
 *   <li>an unbound agent tab replays as any tab does, with a note that its conversation could not be
 *       identified;</li>
 *   <li>a tab attached to a tmux session that still exists offers {@code tmux attach -t NAME}; one in an ssh
 *       session offers {@code ssh HOST}: both typed, never run, whatever {@code resumeAgents} says.</li>
 * </ul>
 * Pure: liveness and tmux's answer come in as functions (the glue runs them off the UI thread).
 */
public final class ResumeOffers {

    /** A restored tab: its id and what it was doing. */
    public record Tab(UUID panelId, SavedWork work) {
        public Tab {
            Objects.requireNonNull(panelId, "panelId");
            Objects.requireNonNull(work, "work");
        }
    }

    private final ResumeAgents mode;
    private final Function<SavedConversation, Liveness> liveness;
    private final Predicate<Resumable.TmuxSession> tmuxSessionExists;

    public ResumeOffers(ResumeAgents mode, Function<SavedConversation, Liveness> liveness,
            Predicate<Resumable.TmuxSession> tmuxSessionExists) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.liveness = Objects.requireNonNull(liveness, "liveness");
        this.tmuxSessionExists = Objects.requireNonNull(tmuxSessionExists, "tmuxSessionExists");
    }

    /** Every tab's offer, in the order given (which is tab order: the first tab of a shared conversation wins). */
    public Map<UUID, TabResume> decide(List<Tab> tabs) {
        Map<UUID, TabResume> offers = new LinkedHashMap<>();
        // Conversation id → whether it was checked live (asked once, however many tabs share it) and who has it.
        Map<String, Liveness> checked = new HashMap<>();
        Map<String, UUID> offeredIn = new HashMap<>();
        for (Tab tab : tabs) {
            offers.put(tab.panelId(), offer(tab, checked, offeredIn));
        }
        return offers;
    }

    private TabResume offer(Tab tab, Map<String, Liveness> checked, Map<String, UUID> offeredIn) {
        SavedWork work = tab.work();
        if (work instanceof SavedWork.BoundAgent bound) {
            return agent(tab.panelId(), bound.saved(), checked, offeredIn);
        }
        if (work instanceof SavedWork.UnboundAgent unbound) {
            return new TabResume.Note(unbound.agent().displayName()
                    + " ran in this tab, but its conversation could not be identified"
                    + (unbound.reason().isBlank() ? "" : " (" + unbound.reason() + ")")
                    + ": its output is shown as it was", true, Optional.empty());
        }
        if (work instanceof SavedWork.Tmux tmux) {
            return tmuxSessionExists.test(tmux.session())
                    ? new TabResume.Offer(tmux.session(), tmux.session().description() + " \u2014 press Enter to attach",
                            false, true)
                    : new TabResume.Note(tmux.session().description() + " no longer exists", true, Optional.empty());
        }
        if (work instanceof SavedWork.Ssh ssh) {
            return new TabResume.Offer(ssh.session(), ssh.session().description() + " \u2014 press Enter to reconnect",
                    false, true);
        }
        return new TabResume.Nothing();
    }

    private TabResume agent(UUID panelId, SavedConversation saved, Map<String, Liveness> checked,
            Map<String, UUID> offeredIn) {
        Resumable.AgentConversation conversation = saved.conversation();
        String description = conversation.description();
        Liveness live = checked.computeIfAbsent(conversation.sessionId(), id -> liveness.apply(saved));
        if (live instanceof Liveness.Running running) {
            return new TabResume.Note(description + " is still running in pid " + running.pid()
                    + ": not offered here, so that it never has two writers", false, Optional.of(running.pid()));
        }
        UUID first = offeredIn.putIfAbsent(conversation.sessionId(), panelId);
        if (first != null) {
            return new TabResume.Note(description + " is offered in another tab", false, Optional.empty());
        }
        return switch (mode) {
            case ASK -> new TabResume.Offer(conversation, description + " \u2014 press Enter to resume", false, false);
            case ALWAYS -> new TabResume.Offer(conversation, description + " \u2014 resuming", true, false);
            case NEVER -> new TabResume.Note(description + " \u2014 to resume it: " + conversation.command(), false,
                    Optional.empty());
        };
    }
}
