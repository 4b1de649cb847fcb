package dev.holdfast.app.restore;

import dev.holdfast.app.autosave.ForegroundRecorder;
import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.resume.AgentNames;
import dev.holdfast.terminal.agent.resume.TabResume;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The app's {@link SessionRestorer.Offers}: {@link ResumePlanner} decides, and each decided tab is told to the
 * conversations (a bound agent tab shows its conversation at once, before anything runs in it) and to the
 * foreground recorder (a second crash before the user went back still offers the same).
 */
public final class AgentTabOffers implements SessionRestorer.Offers {
    private final ResumePlanner planner;
    private final LiveConversations conversations;
    private final ForegroundRecorder recorder;

    public AgentTabOffers(ResumePlanner planner, LiveConversations conversations, ForegroundRecorder recorder) {
        this.planner = Objects.requireNonNull(planner, "planner");
        this.conversations = Objects.requireNonNull(conversations, "conversations");
        this.recorder = Objects.requireNonNull(recorder, "recorder");
    }

    @Override
    public Map<UUID, TabResume> plan(List<PanelSnapshot> panels) {
        return planner.plan(panels);
    }

    @Override
    public void decided(PanelSnapshot panel, TabResume offer) {
        PanelForeground foreground = panel.foreground();
        if (foreground == null || offer instanceof TabResume.Nothing) {
            return;
        }
        recorder.carry(panel.panelId(), foreground);
        if (foreground instanceof PanelForeground.AgentRun run && run.bound()) {
            Optional<Agent> agent = AgentNames.of(run.agent());
            Optional<Path> home = Optional.ofNullable(run.agentHome()).map(Path::of).filter(Path::isAbsolute);
            agent.ifPresent(a -> conversations.restored(panel.panelId(),
                    new LiveConversations.RestoredConversation(a, run.conversationId().toLowerCase(), home)));
        }
    }
}
