package dev.holdfast.app.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.live.TabConversation;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What the panel shows for a tab's state: a conversation only under the binding it was read for. */
class PanelContentTest {
    private static final UUID PANEL = UUID.randomUUID();
    private static final Binding.Bound BOUND_A = new Binding.Bound("thread-a", BindingSource.SCREEN_MATCH, "an answer shows");
    private static final Binding.Bound BOUND_B = new Binding.Bound("thread-b", BindingSource.SCREEN_MATCH, "an answer shows");
    private static final Conversation A = new Conversation(Optional.of("fix the build"),
            List.of(new UserTurn(0, Optional.empty(), "fix the build")), 3, 0);

    private static TabConversation state(Binding binding, Optional<Conversation> conversation, Optional<String> problem) {
        return new TabConversation(PANEL, Optional.of(Agent.CODEX), Optional.of(binding), conversation, problem);
    }

    private static PanelContent.Showing showingA() {
        return new PanelContent.Showing(Agent.CODEX, BOUND_A, A);
    }

    @Test
    void aBoundConversationIsShownUnderItsTitle() {
        PanelContent content = PanelContent.of(state(BOUND_A, Optional.of(A), Optional.empty()), Optional.empty());
        PanelContent.Showing showing = assertInstanceOf(PanelContent.Showing.class, content);
        assertSame(A, showing.conversation());
        assertEquals("fix the build", showing.heading());
        assertEquals("thread-a", showing.threadId());
    }

    @Test
    void anUnavailableBindingShowsWhyAndNeverTheConversationShownBefore() {
        Binding unavailable = new Binding.Unavailable(UnavailableReason.NEWER_THREAD, "thread-b began at 10:02");
        PanelContent content = PanelContent.of(state(unavailable, Optional.empty(), Optional.empty()),
                Optional.of(showingA()));
        PanelContent.Unavailable shown = assertInstanceOf(PanelContent.Unavailable.class, content);
        assertEquals("A newer conversation began in this directory, and it may be this tab's: thread-b began at 10:02.",
                shown.reason());
    }

    @Test
    void aStateWithoutACopyKeepsWhatIsShownOnlyForTheSameThread() {
        PanelContent same = PanelContent.of(state(BOUND_A, Optional.empty(), Optional.empty()), Optional.of(showingA()));
        assertSame(A, assertInstanceOf(PanelContent.Showing.class, same).conversation());

        PanelContent other = PanelContent.of(state(BOUND_B, Optional.empty(), Optional.empty()), Optional.of(showingA()));
        assertEquals(BOUND_B, assertInstanceOf(PanelContent.Reading.class, other).binding());
    }

    @Test
    void aRolloutThatCannotBeReadIsUnavailableWithItsProblem() {
        PanelContent content = PanelContent.of(state(BOUND_A, Optional.empty(),
                Optional.of("the rollout /x.jsonl could not be read: Permission denied")), Optional.of(showingA()));
        assertEquals("The rollout /x.jsonl could not be read: Permission denied.",
                assertInstanceOf(PanelContent.Unavailable.class, content).reason());
    }

    @Test
    void withoutAnAgentOrWithOneWhoseConversationsAreNotReadThePanelSaysSo() {
        assertInstanceOf(PanelContent.NoAgent.class, PanelContent.of(TabConversation.noAgent(PANEL), Optional.of(showingA())));
        PanelContent claude = PanelContent.of(new TabConversation(PANEL, Optional.of(Agent.CLAUDE_CODE), Optional.empty(),
                Optional.empty(), Optional.empty()), Optional.empty());
        assertEquals(Agent.CLAUDE_CODE, assertInstanceOf(PanelContent.Unsupported.class, claude).agent());
    }
}
