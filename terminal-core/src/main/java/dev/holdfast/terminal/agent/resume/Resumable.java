package dev.holdfast.terminal.agent.resume;

import dev.holdfast.terminal.agent.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/** Something a restored tab can go back into by typing one command at its prompt. */
public sealed interface Resumable permits Resumable.AgentConversation, Resumable.TmuxSession, Resumable.SshSession {

    /** The command, as typed at the prompt: every word quoted for a POSIX shell where it needs it. */
    String command();

    /** What it is, in words, for the line above the prompt ("Codex conversation ‘fix the flaky test’"). */
    String description();

    /**
     * {@code options} as option-value pairs of the {@code allowed} options only: a typed command never carries an
     * option that runs something ({@code ssh -oProxyCommand=…}), whatever a stored file says.
     */
    private static List<String> pairs(List<String> options, List<String> allowed) {
        List<String> copy = List.copyOf(options);
        if (copy.size() % 2 != 0) {
            throw new IllegalArgumentException("options come in pairs: " + copy);
        }
        for (int i = 0; i < copy.size(); i += 2) {
            if (!allowed.contains(copy.get(i)) || copy.get(i + 1).isEmpty() || copy.get(i + 1).startsWith("-")) {
                throw new IllegalArgumentException("not an option kept in the command: " + copy.get(i) + " " + copy.get(i + 1));
            }
        }
        return copy;
    }

    /**
     * An agent's conversation.
     *
     * @param sessionId the conversation's id (Codex: the thread id; Claude Code: the session id), a UUID
     * @param title its title or first message, when known
     */
    record AgentConversation(Agent agent, String sessionId, Optional<String> title) implements Resumable {
        private static final Pattern SESSION_ID =
                Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        /** A title is shown on one line, cut to this many characters. */
        static final int TITLE_CHARS = 60;

        public AgentConversation {
            Objects.requireNonNull(agent, "agent");
            sessionId = Objects.requireNonNull(sessionId, "sessionId").toLowerCase(Locale.ROOT);
            // Only an id of this shape ever reaches a prompt: nothing else can hide in the typed command.
            if (!SESSION_ID.matcher(sessionId).matches()) {
                throw new IllegalArgumentException("not a session id: " + sessionId);
            }
            title = Objects.requireNonNull(title, "title").map(AgentConversation::oneLine).filter(t -> !t.isEmpty());
        }

        @Override
        public String command() {
            return switch (agent) {
                case CODEX -> "codex resume " + sessionId;
                case CLAUDE_CODE -> "claude --resume " + sessionId;
            };
        }

        @Override
        public String description() {
            String name = agent.displayName() + " conversation ";
            return name + title.map(t -> "\u2018" + t + "\u2019").orElse(sessionId.substring(0, 8) + "\u2026");
        }

        private static String oneLine(String text) {
            String line = text.replaceAll("[\\p{Cc}\\p{Cf}\\s]+", " ").strip();
            return line.length() <= TITLE_CHARS ? line : line.substring(0, TITLE_CHARS - 1).strip() + "\u2026";
        }
    }

    /**
     * A tmux session the tab's client was attached to.
     *
     * @param name the session's name
     * @param serverOptions {@code -L socket} or {@code -S path} when the client used another server than the default
     */
    record TmuxSession(String name, List<String> serverOptions) implements Resumable {
        public TmuxSession {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a tmux session has a name");
            }
            serverOptions = pairs(serverOptions, List.of("-L", "-S"));
        }

        @Override
        public String command() {
            List<String> words = new ArrayList<>(List.of("tmux"));
            words.addAll(serverOptions);
            words.addAll(List.of("attach", "-t", name));
            return ShellWords.join(words);
        }

        /** The command that tells whether the session still exists (exit status 0), matching its name exactly. */
        public List<String> hasSessionCommand() {
            List<String> words = new ArrayList<>(List.of("tmux"));
            words.addAll(serverOptions);
            words.addAll(List.of("has-session", "-t", "=" + name));
            return List.copyOf(words);
        }

        @Override
        public String description() {
            return "tmux session \u2018" + name + "\u2019";
        }
    }

    /**
     * An interactive ssh session.
     *
     * @param destination {@code host}, {@code user@host} or an {@code ssh://} URL
     * @param options the options that say where it went ({@code -p PORT}, {@code -l USER}, {@code -J JUMP})
     */
    record SshSession(String destination, List<String> options) implements Resumable {
        public SshSession {
            Objects.requireNonNull(destination, "destination");
            if (destination.isEmpty() || destination.startsWith("-")) {
                throw new IllegalArgumentException("not an ssh destination: " + destination);
            }
            options = pairs(options, List.of("-p", "-l", "-J"));
        }

        @Override
        public String command() {
            List<String> words = new ArrayList<>(List.of("ssh"));
            words.addAll(options);
            words.add(destination);
            return ShellWords.join(words);
        }

        @Override
        public String description() {
            return "ssh session to " + destination;
        }
    }
}
