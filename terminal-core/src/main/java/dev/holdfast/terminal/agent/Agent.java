package dev.holdfast.terminal.agent;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A coding agent Holdfast recognises in a tab: how its program is named, the npm package it comes in, and
 * how its command line names a conversation to resume.
 */
public enum Agent {
    /** OpenAI's Codex CLI: {@code codex}, {@code codex resume <id>}, {@code npx @openai/codex}. */
    CODEX("Codex", Set.of("codex"), "@openai/codex") {
        @Override
        public Optional<String> resumedSession(List<String> arguments) {
            // `codex [options] resume [--all] <SESSION_ID>`: the id is the first UUID after the subcommand;
            // `resume --last` and the bare picker name none.
            int resume = arguments.indexOf("resume");
            if (resume < 0 || arguments.subList(resume + 1, arguments.size()).contains("--last")) {
                return Optional.empty();
            }
            return arguments.subList(resume + 1, arguments.size()).stream()
                    .filter(a -> SESSION_ID.matcher(a).matches())
                    .findFirst()
                    .map(String::toLowerCase);
        }

        @Override
        public boolean headless(List<String> arguments) {
            // `codex exec …` (alias `e`): the first word that is not an option (or an option's value) is the
            // subcommand. Options that take a value are given as `-c key=value` / `--model x`: skip the value.
            for (int i = 0; i < arguments.size(); i++) {
                String a = arguments.get(i);
                if (a.equals("--")) {
                    return false;
                }
                if (a.startsWith("-")) {
                    if (!a.contains("=") && CODEX_VALUE_OPTIONS.contains(a)) {
                        i++;
                    }
                    continue;
                }
                return a.equals("exec") || a.equals("e");
            }
            return false;
        }
    },
    /** Anthropic's Claude Code: {@code claude}, {@code claude --resume <id>}, {@code npx @anthropic-ai/claude-code}. */
    CLAUDE_CODE("Claude Code", Set.of("claude"), "@anthropic-ai/claude-code") {
        /**
         * {@code --resume ID}, {@code -r ID}, {@code --resume=ID}, and {@code --session-id ID} (which pins a new
         * session's id): the session the process runs at its start. With {@code --fork-session} a resume goes
         * into a new session of another id, so the one named is not it.
         */
        @Override
        public Optional<String> resumedSession(List<String> arguments) {
            Optional<String> named = Optional.empty();
            for (int i = 0; i < arguments.size(); i++) {
                String a = arguments.get(i);
                if (a.equals("--")) {
                    break;
                }
                if (a.equals("--fork-session")) {
                    return Optional.empty();
                }
                for (String option : List.of("--resume", "--session-id")) {
                    if (a.startsWith(option + "=")) {
                        named = named.or(() -> id(a.substring(option.length() + 1)));
                    }
                }
                if ((a.equals("--resume") || a.equals("-r") || a.equals("--session-id")) && i + 1 < arguments.size()) {
                    String value = arguments.get(i + 1);
                    named = named.or(() -> id(value));
                }
            }
            return named;
        }

        @Override
        public boolean headless(List<String> arguments) {
            for (String a : arguments) {
                if (a.equals("--")) {
                    return false;
                }
                if (a.equals("-p") || a.equals("--print") || a.startsWith("--print=")) {
                    return true;
                }
            }
            return false;
        }

        private Optional<String> id(String value) {
            return SESSION_ID.matcher(value).matches() ? Optional.of(value.toLowerCase()) : Optional.empty();
        }
    };

    /** Codex options whose value is the next word (so it is not taken for a subcommand). */
    static final Set<String> CODEX_VALUE_OPTIONS = Set.of("-c", "--config", "-m", "--model", "-p", "--profile", "-s",
            "--sandbox", "-a", "--ask-for-approval", "-C", "--cd", "-i", "--image", "--add-dir", "--enable", "--disable",
            "--local-provider");

    /** Both agents name sessions by UUID. */
    static final Pattern SESSION_ID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final String displayName;
    private final Set<String> programNames;
    private final String npmPackage;

    Agent(String displayName, Set<String> programNames, String npmPackage) {
        this.displayName = displayName;
        this.programNames = programNames;
        this.npmPackage = npmPackage;
    }

    public String displayName() {
        return displayName;
    }

    /** Program basenames (without {@code .js}/{@code .exe}) that are this agent. */
    Set<String> programNames() {
        return programNames;
    }

    /** The npm package a package runner starts it from. */
    String npmPackage() {
        return npmPackage;
    }

    /** The session id its arguments ask to resume, if they name one. */
    public abstract Optional<String> resumedSession(List<String> arguments);

    /**
     * Whether these arguments run it without its TUI, for one prompt ({@code claude -p}, {@code codex exec}): such a
     * run is never a tab's conversation, and a report from it never replaces one.
     */
    public abstract boolean headless(List<String> arguments);
}
