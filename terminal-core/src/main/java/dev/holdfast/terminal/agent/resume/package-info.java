/**
 * What a restored tab offers to run again, decided without threads or UI: its agent's conversation
 * ({@code codex resume <id>}, {@code claude --resume <id>}), or the tmux session or ssh host its foreground was
 * in. Holds the rules that keep a resume from ever making two writers of one conversation
 * ({@link dev.holdfast.terminal.agent.resume.ConversationLiveness}), the one-tab-per-conversation rule and the
 * {@code resumeAgents} setting ({@link dev.holdfast.terminal.agent.resume.ResumeOffers}), and what a snapshot may
 * keep of a command line ({@link dev.holdfast.terminal.agent.resume.ArgvSanitizer}).
 */
package dev.holdfast.terminal.agent.resume;
