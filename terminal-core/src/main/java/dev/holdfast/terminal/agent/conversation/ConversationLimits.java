package dev.holdfast.terminal.agent.conversation;

/**
 * How much of a conversation is kept in memory. A 50 MB rollout is mostly tool output; the panel needs every
 * item but only the recent outputs in full.
 *
 * @param maxMessageChars one user turn or answer is cut past this many characters
 * @param maxCommandChars a tool call's one-line command is cut past this
 * @param maxToolOutputChars one tool output is cut past this
 * @param maxKeptOutputChars all tool outputs together; past it the oldest are trimmed to
 *     {@code trimmedOutputChars}
 * @param trimmedOutputChars what is left of an old output once the budget is spent
 */
public record ConversationLimits(
        int maxMessageChars,
        int maxCommandChars,
        int maxToolOutputChars,
        long maxKeptOutputChars,
        int trimmedOutputChars) {

    public static final ConversationLimits DEFAULTS = new ConversationLimits(256 * 1024, 2_000, 16 * 1024, 4_000_000, 512);

    public ConversationLimits {
        if (maxMessageChars < 1 || maxCommandChars < 1 || maxToolOutputChars < 1 || trimmedOutputChars < 0
                || maxKeptOutputChars < maxToolOutputChars) {
            throw new IllegalArgumentException("conversation limits must be positive and the budget hold one output");
        }
    }

    /** {@code text} within {@code max} characters; a cut text ends with a marker saying how much was left out. */
    public static String cap(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int keep = max;
        if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return text.substring(0, keep) + "\n… [" + String.format("%,d", text.length() - keep) + " more characters not shown]";
    }
}
