package dev.holdfast.terminal.agent.live;

/**
 * Told when a watched tab's conversation state changes. Called on {@link LiveConversations}' thread: hand the
 * value to the UI thread, do not block.
 */
@FunctionalInterface
public interface ConversationListener {
    void changed(TabConversation state);
}
